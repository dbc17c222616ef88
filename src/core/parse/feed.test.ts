import { describe, expect, it } from 'vitest';
import { parseXml } from './xml.ts';

describe('RSS and Atom feeds (IMP-025)', () => {
  it('reads RSS items: link as loc, pubDate converted to W3C', () => {
    const out = parseXml(
      '<rss version="2.0"><channel><item><link>https://a.example/1</link><pubDate>Sun, 06 Nov 1994 08:49:37 GMT</pubDate></item></channel></rss>',
      0,
    );
    expect(out.kind).toBe('feed');
    expect(out.entries).toMatchObject([{ loc: 'https://a.example/1', lastmod: '1994-11-06T08:49:37Z' }]);
    expect(out.issues.map((i) => [i.rule, i.severity])).toEqual([['IMP-025', 'info']]);
  });

  it('reads Atom entries: link href as loc, updated as lastmod', () => {
    const out = parseXml(
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="https://a.example/2"/><updated>2024-06-01T10:00:00Z</updated></entry></feed>',
      0,
    );
    expect(out.kind).toBe('feed');
    expect(out.entries).toMatchObject([{ loc: 'https://a.example/2', lastmod: '2024-06-01T10:00:00Z' }]);
  });
});
