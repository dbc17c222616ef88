import { describe, expect, it } from 'vitest';
import { contentScore, copyOf, FileMatcher, locSegments, nameSegments } from './match.ts';

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
  it('lists every file of a repeated name, copy names (`sitemap (2).xml`) among them', () => {
    const m = new FileMatcher();
    m.add(0, 'a/sitemap.xml', undefined);
    m.add(1, 'b/sitemap.xml', undefined);
    m.add(2, 'sitemap (2).xml', undefined);
    expect(m.candidates(['sitemap.xml'], undefined, -1)).toEqual({ files: [0, 1, 2], kind: 'name' });
    expect(m.candidates(['b', 'sitemap.xml'], undefined, -1)).toEqual({ files: [1], kind: 'name' });
    expect(m.isCopy(2)).toBe(true);
    expect(m.isCopy(0)).toBe(false);
    expect(copyOf('fr/sitemap (3).xml.gz')).toBe('fr/sitemap.xml.gz');
    expect(copyOf('sitemap (2)')).toBe('sitemap');
    expect(copyOf('sitemap(2).xml')).toBeNull();
  });

  it('does not match a longer child path against a file in another folder', () => {
    const m = new FileMatcher();
    m.add(0, 'en/sitemap.xml', undefined);
    expect(m.candidates(['fr', 'sitemap.xml'], undefined, -1)).toBeNull();
    expect(m.candidates(['site', 'en', 'sitemap.xml'], undefined, -1)).toEqual({ files: [0], kind: 'name' });
  });

  it('matches by publish URL first and never the excluded file by name', () => {
    const m = new FileMatcher();
    m.add(0, 'sitemap.xml', 'https://a.example/sitemap.xml');
    m.add(1, 'other.xml', 'https://a.example/sitemap-1.xml');
    expect(m.candidates(['sitemap-1.xml'], 'https://a.example/sitemap-1.xml', 0)).toEqual({
      files: [1],
      kind: 'url',
    });
    expect(m.candidates(['sitemap.xml'], undefined, 0)).toBeNull();
  });
});

describe('contentScore', () => {
  it('is the share of URLs under the child folder, on its host when both are known', () => {
    expect(contentScore('fr/sitemap.xml', ['/fr/', '/fr/a/', '/b/', 'https://x.example/fr/c'])).toBe(0.75);
    expect(contentScore('https://a.example/fr/sitemap.xml', ['https://b.example/fr/a', '/fr/b'])).toBe(0.5);
    expect(contentScore('https://a.example/sitemap.xml', ['https://a.example/a', 'https://b.example/'])).toBe(
      0.5,
    );
  });

  it('is 0 when nothing tells: a root child on an unknown host, or no URLs', () => {
    expect(contentScore('sitemap.xml', ['/a', '/b'])).toBe(0);
    expect(contentScore('fr/sitemap.xml', [])).toBe(0);
  });
});
