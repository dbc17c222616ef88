import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { decodeEntries, encodeEntries } from './entryColumns.ts';
import { PROTOCOL_VERSION, transferablesOf } from './protocol.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url><loc>https://a.example/1</loc><lastmod>2024-01-02</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>
  <url><loc>https://a.example/2</loc><image:image><image:loc>https://a.example/i.jpg</image:loc></image:image></url>
  <url><loc>https://a.example/3</loc><priority></priority></url>
  <url><loc>https://a.example/de/</loc><xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/"/></url>
  <url><loc></loc></url>
</urlset>`;

describe('entryColumns (compact worker wire form)', () => {
  it('round-trips parsed entries exactly, with the same fields present', () => {
    const entries = parseSitemap(new TextEncoder().encode(XML)).document.entries;
    expect(entries.length).toBe(5);
    const back = decodeEntries(structuredClone(encodeEntries(entries)));
    expect(back).toEqual(entries);
    expect(back.map((e) => Object.keys(e).sort())).toEqual(entries.map((e) => Object.keys(e).sort()));
  });

  it('keeps entries built in memory (no line or column, empty strings) as they are', () => {
    const entries: Entry[] = [
      { id: 7, loc: '' },
      { id: 3, loc: 'https://a.example/x', lastmod: '', priority: '1.0' },
      { id: 9, loc: 'https://a.example/y', news: [] },
    ];
    const back = decodeEntries(encodeEntries(entries));
    expect(back).toEqual(entries);
    expect(back.map((e) => Object.keys(e).sort())).toEqual(entries.map((e) => Object.keys(e).sort()));
    expect(back[2]).toBe(entries[2]);
  });

  it('moves the numeric columns of an entries message instead of copying them', () => {
    const columns = encodeEntries([{ id: 1, loc: 'https://a.example/' }]);
    const list = transferablesOf({ version: PROTOCOL_VERSION, requestId: 1, type: 'entries', columns });
    expect(list).toHaveLength(4);
    expect(list).toContain(columns.ids.buffer);
  });
});
