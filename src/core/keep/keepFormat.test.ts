import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { diffOfOps } from './diff.ts';
import { KeepFormatUnavailable, keepFormat } from './keepFormat.ts';
import { type KeepSource, keepSourceOf } from './source.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

function open(text: string): { doc: SitemapDocument; src: KeepSource } {
  const bytes = enc(text);
  const r = parseSitemap(bytes);
  const src = keepSourceOf(bytes, r);
  if (!src) throw new Error('no source');
  return { doc: r.document, src };
}

const withEntries = (doc: SitemapDocument, entries: Entry[]) => ({ ...doc, entries });
const plain = (e: Entry) =>
  JSON.parse(JSON.stringify({ ...e, id: 0 }, (k, v) => (k === 'line' || k === 'column' ? undefined : v)));

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://a.example/</loc>
  </url>
  <url>
    <loc>https://a.example/b</loc>
    <lastmod>2024-01-01</lastmod>
  </url>
</urlset>
`;

describe('keepFormat', () => {
  it('adds the namespace declaration a new image needs, and changes nothing else outside the entry', () => {
    const { doc, src } = open(XML);
    const e = { ...doc.entries[0], images: [{ loc: 'https://a.example/i.jpg' }] };
    const out = keepFormat(withEntries(doc, [e, doc.entries[1]]), src);
    expect(dec(out.body)).toBe(
      XML.replace('0.9">', '0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">').replace(
        '<loc>https://a.example/</loc>\n',
        '<loc>https://a.example/</loc>\n    <image:image>\n      <image:loc>https://a.example/i.jpg</image:loc>\n    </image:image>\n',
      ),
    );
    const again = parseSitemap(out.body);
    expect(again.document.entries.map(plain)).toEqual([e, doc.entries[1]].map(plain));
    const d = diffOfOps(out.source, out.ops, out.edited, dec);
    expect(d).toMatchObject({ entries: 1, removedLines: 1, addedLines: 4 });
  });

  it('a deleted entry takes its own lines; a new one copies the style before it', () => {
    const { doc, src } = open(XML);
    const added: Entry = { id: 10, loc: 'https://a.example/new', lastmod: '2025-01-01' };
    const out = keepFormat(withEntries(doc, [doc.entries[1], added]), src);
    expect(dec(out.body)).toBe(
      XML.replace('  <url>\n    <loc>https://a.example/</loc>\n  </url>\n', '').replace(
        '</url>\n</urlset>',
        '</url>\n  <url>\n    <loc>https://a.example/new</loc>\n    <lastmod>2025-01-01</lastmod>\n  </url>\n</urlset>',
      ),
    );
    expect(out).toMatchObject({ edited: 0, added: 1, removed: 1 });
  });

  it('keeps a text sitemap’s CRLF line ends and missing final newline (not its BOM: prolog.test.ts)', () => {
    const text = '\uFEFFhttps://a.example/1\r\nhttps://a.example/2\r\nhttps://a.example/3';
    const { doc, src } = open(text);
    const [a, b, c] = doc.entries;
    const out = keepFormat(
      withEntries(doc, [a, { ...c, loc: 'https://a.example/three' }, { id: 9, loc: 'https://a.example/4' }]),
      src,
    );
    expect(b).toBeDefined();
    expect(dec(out.body)).toBe('https://a.example/1\r\nhttps://a.example/three\r\nhttps://a.example/4');
  });

  it('refuses, with a reason, what it cannot write in place', () => {
    const { doc, src } = open(XML);
    const e = { ...doc.entries[0], loc: 'https://a.example/\nx' };
    const text = open('https://a.example/1\n');
    expect(() =>
      keepFormat(withEntries(text.doc, [{ ...text.doc.entries[0], loc: 'a\nb' }]), text.src),
    ).toThrow(KeepFormatUnavailable);
    // XML values may hold line breaks: they are written as they are.
    const out = keepFormat(withEntries(doc, [e, doc.entries[1]]), src);
    expect(parseSitemap(out.body).document.entries[0].loc).toBe(e.loc);
  });
});
