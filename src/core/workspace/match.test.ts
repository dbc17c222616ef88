import { describe, expect, it } from 'vitest';
import { FileMatcher, locSegments, nameSegments } from './match.ts';

describe('nameSegments / locSegments', () => {
  it('splits file names with either slash and drops dot segments', () => {
    expect(nameSegments('./public\\fr/sitemap.xml')).toEqual(['public', 'fr', 'sitemap.xml']);
  });

  it('takes the URL path of absolute locs and drops query and fragment', () => {
    expect(locSegments('https://a.example/maps/s.xml?x=1', 'https://a.example/maps/s.xml?x=1')).toEqual([
      'maps',
      's.xml',
    ]);
    expect(locSegments('fr/sitemap.xml#top', undefined)).toEqual(['fr', 'sitemap.xml']);
  });
});

describe('FileMatcher', () => {
  const none = new Set<number>();

  it('prefers files not yet taken by the same index when names repeat', () => {
    const m = new FileMatcher();
    m.add(0, 'a/sitemap.xml', undefined);
    m.add(1, 'b/sitemap.xml', undefined);
    expect(m.match(['sitemap.xml'], undefined, -1, none)).toEqual({ file: 0, kind: 'name' });
    expect(m.match(['sitemap.xml'], undefined, -1, new Set([0]))).toEqual({ file: 1, kind: 'name' });
    expect(m.match(['sitemap.xml'], undefined, -1, new Set([0, 1]))).toEqual({ file: 0, kind: 'name' });
  });

  it('does not match a longer child path against a file in another folder', () => {
    const m = new FileMatcher();
    m.add(0, 'en/sitemap.xml', undefined);
    expect(m.match(['fr', 'sitemap.xml'], undefined, -1, none)).toBeNull();
    expect(m.match(['site', 'en', 'sitemap.xml'], undefined, -1, none)).toEqual({ file: 0, kind: 'name' });
  });

  it('matches by publish URL first and never the excluded file by name', () => {
    const m = new FileMatcher();
    m.add(0, 'sitemap.xml', 'https://a.example/sitemap.xml');
    m.add(1, 'other.xml', 'https://a.example/sitemap-1.xml');
    expect(m.match(['sitemap-1.xml'], 'https://a.example/sitemap-1.xml', 0, none)).toEqual({
      file: 1,
      kind: 'url',
    });
    expect(m.match(['sitemap.xml'], undefined, 0, none)).toBeNull();
  });
});
