import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { ParseResult } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { isGzip } from './gzip.ts';
import { SitemapStream } from './stream.ts';

/** A ParseResult as JSON without the source layout (the streamed reading does not make one). */
function findingsJson(r: ParseResult): string {
  const { layout: _layout, ...rest } = r;
  return JSON.stringify(rest);
}

/** Streams `bytes` in chunks of `chunk` bytes (gzip inflated first, as the CLI's zlib stream does). */
function streamed(bytes: Uint8Array, fileName: string, chunk: number, window: number): ParseResult | null {
  const gzip = isGzip(bytes);
  const data = gzip ? new Uint8Array(gunzipSync(bytes)) : bytes;
  const s = new SitemapStream({ fileName, fileBytes: bytes.length, gzip, window });
  for (let at = 0; at < data.length && !s.gaveUp; at += chunk) s.push(data.subarray(at, at + chunk));
  return s.end();
}

const NS =
  'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"';

/** A urlset whose entries exercise what a window cut may fall into. */
function doc(n: number, nl = '\n'): string {
  const rows: string[] = [`<?xml version="1.0" encoding="UTF-8"?>${nl}<urlset ${NS}>${nl}`];
  for (let i = 0; i < n; i++) {
    const k = i % 10;
    let body = `<loc>https://a.example/p/${i}</loc>`;
    if (k === 1) body = `<loc><![CDATA[https://a.example/c/${i}?x=</url>]]></loc>`; // CDATA holding an end tag
    if (k === 2) body = `<loc>https://a.example/é/中/😀/${i}</loc><lastmod>2024-01-0${(i % 9) + 1}</lastmod>`;
    if (k === 3) body = `<loc>https://a.example/q?a=1&amp;b=2&c=3&eacute;&#233;/${i}</loc>`;
    if (k === 4) body += `<!-- a comment with </url> inside -->`;
    if (k === 5)
      body += `<image:image><image:loc>https://a.example/i/${i}.jpg</image:loc><image:caption>Café «${i}»</image:caption></image:image>`;
    if (k === 6) body += `<x:extra xmlns:x="urn:unknown:${i % 3}">v</x:extra>`;
    if (k === 7) body += `<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/${i}"/>`;
    if (k === 8) body += `<priority>0.5</priority><changefreq>Weekly</changefreq>`;
    if (k === 9) body = `<LOC>https://a.example/p/${i}</LOC><lastmod>not a date</lastmod>`;
    rows.push(`<url>${body}</url>${nl}`);
  }
  rows.push(`</urlset>${nl}`);
  return rows.join('');
}

const enc = (s: string) => new TextEncoder().encode(s);

function utf16(s: string, le: boolean): Uint8Array {
  const out = new Uint8Array(2 + s.length * 2);
  out[0] = le ? 0xff : 0xfe;
  out[1] = le ? 0xfe : 0xff;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 + 2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 + 2 * i + (le ? 1 : 0)] = c >> 8;
  }
  return out;
}

interface Case {
  name: string;
  bytes: Uint8Array;
  file: string;
  /** Read in several windows (false: handed back to the whole-file parse unless in one window). */
  streams: boolean;
}

const base = doc(120);
const cases: Case[] = [
  {
    name: 'UTF-8 with multi-byte, CDATA, entities, comments',
    bytes: enc(base),
    file: 'a.xml',
    streams: true,
  },
  { name: 'UTF-8 BOM', bytes: enc(`\uFEFF${base}`), file: 'bom.xml', streams: true },
  { name: 'all on one line', bytes: enc(doc(80, '')), file: 'one.xml', streams: true },
  { name: 'CRLF line ends', bytes: enc(doc(60, '\r\n')), file: 'crlf.xml', streams: true },
  { name: 'CR-only line ends', bytes: enc(doc(60, '\r')), file: 'cr.xml', streams: true },
  { name: 'gzip', bytes: new Uint8Array(gzipSync(enc(base))), file: 'a.xml.gz', streams: true },
  { name: 'gzip without .gz name', bytes: new Uint8Array(gzipSync(enc(base))), file: 'a.xml', streams: true },
  { name: 'plain file named .gz', bytes: enc(base), file: 'plain.xml.gz', streams: true },
  { name: 'leading whitespace', bytes: enc(`\n  ${base}`), file: 'ws.xml', streams: true },
  {
    name: 'sitemap index with a stray <url>',
    bytes: enc(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from({ length: 30 }, (_, i) => `<sitemap><loc>https://a.example/s${i}.xml</loc></sitemap>`).join('\n')}<url><loc>https://a.example/u</loc></url></sitemapindex>`,
    ),
    file: 'idx.xml',
    streams: true,
  },
  { name: 'UTF-16LE', bytes: utf16(base.replace('UTF-8', 'UTF-16'), true), file: 'le.xml', streams: false },
  { name: 'UTF-16BE', bytes: utf16(base.replace('UTF-8', 'UTF-16'), false), file: 'be.xml', streams: false },
  {
    name: 'invalid UTF-8',
    bytes: new Uint8Array([...enc(base.slice(0, 2000)), 0xff, 0xfe, ...enc(base.slice(2000))]),
    file: 'bad.xml',
    streams: false,
  },
  {
    name: 'broken late (unclosed url)',
    bytes: enc(base.replace('</url>\n</urlset>', '\n</urlset>')),
    file: 'late.xml',
    streams: false,
  },
  {
    name: 'text sitemap',
    bytes: enc('https://a.example/1\nhttps://a.example/2\n'),
    file: 'a.txt',
    streams: false,
  },
];

describe('streamed parse equals the whole-file parse', () => {
  for (const c of cases) {
    it(c.name, () => {
      const whole = findingsJson(parseSitemap(c.bytes, { fileName: c.file }));
      let cutAndStreamed = false;
      for (const chunk of [1, 7, 4096]) {
        for (const window of [1, 40, 1 << 20]) {
          const r = streamed(c.bytes, c.file, chunk, window);
          if (r === null) continue;
          if (window < c.bytes.length) cutAndStreamed = true;
          expect(findingsJson(r), `chunk ${chunk}, window ${window}`).toBe(whole);
        }
      }
      expect(cutAndStreamed).toBe(c.streams);
    });
  }

  it('carries the findings budget across windows (560,000 findings, 500,000 kept)', () => {
    // Eight findings an entry that no per-name cap folds: four case-only names, four raw "&".
    const row = `<url><LOC>https://a.example/?a&b</LOC><LASTMOD>2024&</LASTMOD><CHANGEFREQ>d&</CHANGEFREQ><PRIORITY>0&</PRIORITY></url>\n`;
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${row.repeat(70_000)}</urlset>`;
    const bytes = enc(xml);
    const whole = parseSitemap(bytes, { fileName: 'many.xml' });
    expect(whole.issues.at(-1)?.message).toMatch(/^60,000 more parse findings/);
    const r = streamed(bytes, 'many.xml', 1 << 16, 1 << 18);
    expect(r).not.toBeNull();
    const got = (r as ParseResult).issues;
    expect(got.length).toBe(whole.issues.length);
    // Every 997th finding and the last ones (a full JSON comparison of 500,000 takes long).
    const sample = (list: typeof got) =>
      JSON.stringify(list.filter((_, i) => i % 997 === 0 || i > list.length - 5));
    expect(sample(got)).toBe(sample(whole.issues));
    expect((r as ParseResult).document.entries.length).toBe(70_000);
  });

  it('text without an entry end is not searched again on every chunk (a gzip of spaces took minutes)', () => {
    // 4 MB of blanks before the root, then one entry: pushed in 64 KB chunks past the 1 MB window.
    const text = `${' '.repeat(4 << 20)}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>\n`;
    const bytes = enc(text);
    let searched = 0;
    const count = <K extends 'lastIndexOf' | 'indexOf' | 'includes'>(name: K) => {
      const real = String.prototype[name] as (...a: unknown[]) => unknown;
      return vi.spyOn(String.prototype, name).mockImplementation(function (this: string, ...a: unknown[]) {
        searched += this.length;
        return real.apply(this, a);
      } as never);
    };
    const spies = [count('lastIndexOf'), count('indexOf'), count('includes')];
    let r: ParseResult | null;
    let whole: number;
    try {
      parseSitemap(bytes, { fileName: 'blank.xml' });
      whole = searched;
      searched = 0;
      const s = new SitemapStream({ fileName: 'blank.xml', fileBytes: bytes.length, gzip: false });
      for (let at = 0; at < bytes.length; at += 1 << 16) s.push(bytes.subarray(at, at + (1 << 16)));
      r = s.end();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // Linear: the text searched about as often as the whole-file parse does, not once per chunk
    // that follows it (on the old code 298,912,019 characters for 4 MB).
    expect(searched).toBeLessThan(3 * whole);
    expect(r && findingsJson(r)).toBe(findingsJson(parseSitemap(bytes, { fileName: 'blank.xml' })));
  });

  it('a gzip bomb stops at the cap with the whole-file finding', () => {
    const bytes = new Uint8Array(gzipSync(enc(base)));
    const s = new SitemapStream({ fileName: 'bomb.xml.gz', fileBytes: bytes.length, gzip: true });
    const r = s.overCap(1000);
    expect(findingsJson(r)).toBe(
      findingsJson(parseSitemap(bytes, { fileName: 'bomb.xml.gz', maxDecompressedBytes: 1000 })),
    );
  });
});
