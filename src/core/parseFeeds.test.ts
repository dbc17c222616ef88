import { describe, expect, it } from 'vitest';
import { feedDateToW3c } from './parse/dates.ts';
import { parseSitemap } from './parse.ts';

describe('feeds (IMP-025)', () => {
  it('RSS 2.0: link, pubDate converted, items without link skipped, guid permalink accepted', () => {
    const xml = `<rss version="2.0"><channel><title>t</title><link>https://e.example/</link>
<item><link>https://e.example/1</link><pubDate>Sun, 06 Sep 2009 16:20:00 +0000</pubDate></item>
<item><guid isPermaLink="false">abc</guid></item>
<item><guid>https://e.example/2</guid><pubDate>Tue, 10 Jun 2003 04:00:00 EST</pubDate></item>
<item><link>https://e.example/3?a=1&amp;b=2</link><pubDate>05 Jan 17 13:34:55</pubDate></item>
</channel></rss>`;
    const r = parseSitemap(xml);
    expect(r.kind).toBe('feed');
    expect(r.document.entries).toEqual([
      { id: 0, loc: 'https://e.example/1', lastmod: '2009-09-06T16:20:00Z', line: 2, column: 1 },
      { id: 1, loc: 'https://e.example/2', lastmod: '2003-06-10T04:00:00-05:00', line: 4, column: 1 },
      { id: 2, loc: 'https://e.example/3?a=1&b=2', lastmod: '05 Jan 17 13:34:55', line: 5, column: 1 },
    ]);
    expect(r.issues.map((i) => [i.rule, i.line])).toEqual([
      ['IMP-025', 3],
      ['IMP-025', 5],
      ['IMP-025', 1],
    ]);
    expect(r.issues[1]).toMatchObject({ entry: 2, field: 'lastmod' });
  });

  it('RSS 1.0 (RDF): link or rdf:about, dc:date', () => {
    const xml = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://e.example/"><title>t</title></channel>
<item rdf:about="https://e.example/a"><title>a</title><dc:date>2024-06-24T09:30:00+02:00</dc:date></item>
<item><link>https://e.example/b</link></item>
</rdf:RDF>`;
    const r = parseSitemap(xml);
    expect(r.kind).toBe('feed');
    expect(r.document.entries.map((e) => [e.loc, e.lastmod])).toEqual([
      ['https://e.example/a', '2024-06-24T09:30:00+02:00'],
      ['https://e.example/b', undefined],
    ]);
  });

  it('Atom 1.0: alternate or rel-less link, updated', () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://e.example/feed" rel="self"/>
<entry><link rel="edit" href="https://e.example/edit"/><link rel="alternate" href="https://e.example/a"/><updated>2003-12-13T18:30:02Z</updated></entry>
<entry><link href="https://e.example/b"/><published>2003-12-13T18:30:02+01:00</published></entry>
</feed>`;
    const r = parseSitemap(xml);
    expect(r.document.entries.map((e) => [e.loc, e.lastmod])).toEqual([
      ['https://e.example/a', '2003-12-13T18:30:02Z'],
      ['https://e.example/b', '2003-12-13T18:30:02+01:00'],
    ]);
  });

  it('Atom 0.3: modified', () => {
    const xml = `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><link rel="alternate" type="text/html" href="https://e.example/a"/><modified>2003-12-13T18:30:02Z</modified></entry></feed>`;
    const r = parseSitemap(xml);
    expect(r.document.entries).toMatchObject([
      { loc: 'https://e.example/a', lastmod: '2003-12-13T18:30:02Z' },
    ]);
  });
});

describe('feedDateToW3c', () => {
  it.each([
    ['Sun, 06 Nov 1994 08:49:37 GMT', '1994-11-06T08:49:37Z'],
    ['Thu, 05 Jan 17 13:34:52 +0100', '2017-01-05T13:34:52+01:00'],
    ['05 Jan 2017 13:34:53 +0100', '2017-01-05T13:34:53+01:00'],
    ['Mon, 06 Sep 2010 00:01:00 +0000 ', '2010-09-06T00:01:00Z'],
    ['Tue, 10 Jun 2003 04:00 PDT', '2003-06-10T04:00:00-07:00'],
    ['2024-06-24T09:30:00.5Z', '2024-06-24T09:30:00.5Z'],
  ])('%s → %s', (raw, w3c) => {
    expect(feedDateToW3c(raw)).toBe(w3c);
  });

  it.each(['05 Jan 17 13:34:55', '31 Feb 2024 10:00:00 GMT', 'yesterday', '2024-06-24 09:30:00'])(
    'refuses to guess %s',
    (raw) => {
      expect(feedDateToW3c(raw)).toBeNull();
    },
  );
});

describe('robots.txt (IMP-027)', () => {
  it('extracts Sitemap: lines anywhere, strips comments, dedupes, warns on relative ones', () => {
    const txt = [
      'User-agent: *',
      'Disallow: /private',
      'Sitemap: https://e.example/sitemap.xml # main',
      'sitemap :https://e.example/news.xml',
      'Site-map: /relative.xml',
      'SITEMAP: https://e.example/sitemap.xml',
    ].join('\n');
    const r = parseSitemap(txt, { fileName: 'robots.txt' });
    expect(r.kind).toBe('robots');
    expect(r.document.entries).toEqual([
      { id: 0, loc: 'https://e.example/sitemap.xml', line: 3, column: 1 },
      { id: 1, loc: 'https://e.example/news.xml', line: 4, column: 1 },
    ]);
    expect(r.issues.map((i) => [i.rule, i.line])).toEqual([
      ['IMP-027', 5],
      ['IMP-027', 6],
    ]);
  });
});
