import { describe, expect, it } from 'vitest';
import {
  createUrlScan,
  lowerAscii,
  originKey,
  pathSegments,
  preparePrefix,
  rewritePrefix,
  scanUrl,
  splitUrl,
} from './urlParts.ts';

describe('splitUrl', () => {
  it('splits scheme, host, port, path, query and fragment as written', () => {
    expect(splitUrl('https://user:pw@Www.Example.com:8080/a/b.html?x=1&y=/z#top')).toEqual({
      scheme: 'https',
      host: 'Www.Example.com',
      port: '8080',
      path: '/a/b.html',
      query: '?x=1&y=/z',
      fragment: '#top',
      segments: ['a', 'b.html'],
    });
  });

  it('handles a bare origin, a trailing slash, empty segments and surrounding whitespace', () => {
    expect(splitUrl('https://example.com')).toMatchObject({ host: 'example.com', path: '', segments: [] });
    expect(splitUrl('  https://example.com/a//b/ \n')).toMatchObject({
      path: '/a//b/',
      segments: ['a', 'b'],
    });
    expect(splitUrl('http://example.com?q')).toMatchObject({ path: '', query: '?q', fragment: '' });
    expect(splitUrl('http://example.com#f')).toMatchObject({ path: '', query: '', fragment: '#f' });
  });

  it('keeps IPv6 hosts whole and finds their port', () => {
    expect(splitUrl('http://[::1]/x')).toMatchObject({ host: '[::1]', port: '' });
    expect(splitUrl('http://[::1]:81/x')).toMatchObject({ host: '[::1]', port: '81' });
  });

  it('returns null when there is no scheme://', () => {
    expect(splitUrl('/relative/path')).toBeNull();
    expect(splitUrl('www.example.com/a')).toBeNull();
    expect(splitUrl('mailto:someone@example.com')).toBeNull();
    expect(splitUrl('')).toBeNull();
    expect(splitUrl('1http://x.com/')).toBeNull();
  });
});

describe('scanUrl / originKey', () => {
  it('reuses one scan record and lower-cases only scheme and host in the origin key', () => {
    const s = createUrlScan();
    expect(scanUrl('HTTPS://WWW.Example.COM:443/Path/A', s)).toBe(true);
    expect(originKey('HTTPS://WWW.Example.COM:443/Path/A', s)).toBe('https://www.example.com:443');
    expect(scanUrl('http://a.com/x?y', s)).toBe(true);
    expect(originKey('http://a.com/x?y', s)).toBe('http://a.com');
    expect([s.pathStart, s.pathEnd, s.queryStart, s.hashStart]).toEqual([12, 14, 14, -1]);
  });
});

describe('pathSegments / lowerAscii', () => {
  it('drops empty segments and respects the range', () => {
    expect(pathSegments('/a//b/')).toEqual(['a', 'b']);
    expect(pathSegments('xx/a/b', 2, 4)).toEqual(['a']);
    expect(pathSegments('')).toEqual([]);
  });

  it('lower-cases ASCII and returns the same string when already lower case', () => {
    const s = 'already-lower';
    expect(lowerAscii(s)).toBe(s);
    expect(lowerAscii('MiXeD')).toBe('mixed');
  });
});

describe('preparePrefix / rewritePrefix', () => {
  const s = createUrlScan();
  it('rewrites only at a segment boundary, folding scheme/host case and keeping whitespace', () => {
    const from = preparePrefix('HTTPS://A.com/blog/');
    expect(from).toEqual({ origin: 'https://a.com', path: '/blog' });
    expect(rewritePrefix(' https://a.COM/blog#x ', from, 'https://a.com/news/', s)).toBe(
      ' https://a.com/news#x ',
    );
    expect(rewritePrefix('https://a.com/blog?x', from, 'https://a.com/news', s)).toBe('https://a.com/news?x');
    expect(rewritePrefix('https://a.com/blogs', from, 'https://a.com/news', s)).toBeNull();
    expect(rewritePrefix('http://a.com/blog/x', from, 'https://a.com/news', s)).toBeNull();
  });

  it('renames a whole origin and plain non-URL prefixes', () => {
    const origin = preparePrefix('https://old.com');
    expect(rewritePrefix('https://old.com/', origin, 'https://new.com', s)).toBe('https://new.com/');
    expect(rewritePrefix('https://old.com.evil/', origin, 'https://new.com', s)).toBeNull();
    expect(rewritePrefix('/docs/a', preparePrefix('/docs/'), '/help', s)).toBe('/help/a');
  });
});
