/**
 * The worker reports which extension columns a parse's entries use (`ParseResult.used`), so the
 * page does not read every entry for it in the task of the first render. The report must be
 * exactly what the page's own scan finds, on the real corpus and on big generated documents whose
 * entries travel in several messages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noneUsed, scanExtensionColumns } from '../core/extensionUse.ts';
import type { Entry } from '../core/model.ts';
import { createSitemapClient } from './client.ts';
import { PARSE_ENTRY_CHUNK } from './protocol.ts';

const corpusDir = path.resolve(import.meta.dirname, '../../../shared/fixtures/real');
const inThread = () => createSitemapClient({ createWorker: () => null });
const enc = (s: string) => new TextEncoder().encode(s);

/** What the page finds reading every entry itself. */
function pageScan(entries: readonly Entry[]) {
  const used = noneUsed();
  scanExtensionColumns(entries, used, 0, entries.length);
  return used;
}

const URLSET =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
const VIDEO =
  '<video:video><video:thumbnail_loc>https://a.example/t.jpg</video:thumbnail_loc><video:title>T</video:title><video:description>D</video:description><video:content_loc>https://a.example/v.mp4</video:content_loc></video:video>';
const NEWS =
  '<news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-01-01</news:publication_date><news:title>T</news:title></news:news>';
const ALT = (i: number) => `<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/${i}"/>`;

/** `n` URLs, with `extra(i)` inside URL i. */
function urlset(n: number, extra: (i: number) => string): string {
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n${URLSET}\n`];
  for (let i = 0; i < n; i++) parts.push(`<url><loc>https://a.example/${i}</loc>${extra(i)}</url>\n`);
  parts.push('</urlset>\n');
  return parts.join('');
}

describe('the parse reports the extension columns its entries use', () => {
  const files = readdirSync(corpusDir).filter((f) => f !== 'SOURCES.md');

  it('equal to the page scan on every corpus file', async () => {
    expect(files.length).toBeGreaterThan(50);
    const client = inThread();
    let withSome = 0;
    for (const f of files) {
      const result = await client.parse(new Uint8Array(readFileSync(path.join(corpusDir, f))), f);
      expect(result.used, f).toEqual(pageScan(result.document.entries));
      if (result.used && Object.values(result.used).some(Boolean)) withSome++;
    }
    // The corpus has image, video, news and hreflang sitemaps: the comparison is not all-false.
    expect(withSome).toBeGreaterThan(5);
  });

  it('sees every chunk of a big result: a video only in the last entry, news only in the first', async () => {
    const n = PARSE_ENTRY_CHUNK * 3 + 7;
    const xml = urlset(n, (i) => (i === 0 ? NEWS : i === n - 1 ? VIDEO : ''));
    const result = await inThread().parse(enc(xml), 'big.xml');
    expect(result.document.entries).toHaveLength(n);
    expect(result.used).toEqual({ images: false, videos: true, news: true, alternates: false });
    expect(result.used).toEqual(pageScan(result.document.entries));
  });

  it('counts an alternate anywhere, and nothing for a text sitemap', async () => {
    const xml = urlset(1000, (i) => (i === 500 ? ALT(i) : ''));
    const result = await inThread().parse(enc(xml), 'alt.xml');
    expect(result.used).toEqual({ images: false, videos: false, news: false, alternates: true });
    const text = await inThread().parse(enc('https://a.example/1\nhttps://a.example/2\n'), 'urls.txt');
    expect(text.used).toEqual(noneUsed());
  });
});
