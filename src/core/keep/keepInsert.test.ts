/** Where keep-format puts a core child the entry did not have (a changefreq or lastmod set on it). */
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';
import { keepFormat } from './keepFormat.ts';
import { keepSourceOf } from './source.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

/** `entry` (one `<url>`) in a urlset, with changefreq set to monthly; the written entry back. */
function setMonthly(entry: string): string {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  ${entry}\n</urlset>\n`;
  const r = parseSitemap(enc(text));
  const src = keepSourceOf(enc(text), r);
  if (!src) throw new Error('no source');
  const e = { ...r.document.entries[0], changefreq: 'monthly' as const };
  const out = dec(keepFormat({ ...r.document, entries: [e] }, src).body);
  expect(parseSitemap(enc(out)).document.entries[0].changefreq).toBe('monthly');
  const head = text.indexOf(entry);
  return out.slice(head, out.length - '\n</urlset>\n'.length);
}

describe('keep-format inserts a missing core child', () => {
  it('after the trailing comment of the child before it: the comment stays on the line it annotates', () => {
    expect(
      setMonthly(
        '<url>\n\t<loc>https://a.example/team/</loc>\n\t<lastmod>2026-03-01</lastmod>   <!-- updated by Anna -->\n  </url>',
      ),
    ).toBe(
      '<url>\n\t<loc>https://a.example/team/</loc>\n\t<lastmod>2026-03-01</lastmod>   <!-- updated by Anna -->\n\t<changefreq>monthly</changefreq>\n  </url>',
    );
  });

  it('keeps the previous line’s trailing spaces on that line', () => {
    expect(setMonthly('<url>\n    <loc>https://a.example/</loc>  \n  </url>')).toBe(
      '<url>\n    <loc>https://a.example/</loc>  \n    <changefreq>monthly</changefreq>\n  </url>',
    );
  });

  it('before a comment on its own line above the closing tag', () => {
    expect(setMonthly('<url>\n    <loc>https://a.example/</loc>\n    <!-- reviewed -->\n  </url>')).toBe(
      '<url>\n    <loc>https://a.example/</loc>\n    <changefreq>monthly</changefreq>\n    <!-- reviewed -->\n  </url>',
    );
  });

  it('in a <url> written on one line, on that line', () => {
    expect(setMonthly('<url><loc>https://a.example/</loc><lastmod>2026-02-01</lastmod></url>')).toBe(
      '<url><loc>https://a.example/</loc><lastmod>2026-02-01</lastmod><changefreq>monthly</changefreq></url>',
    );
    expect(
      setMonthly(
        '<url><loc>https://a.example/</loc><lastmod>2026-02-01</lastmod><!-- c --><priority>0.5</priority></url>',
      ),
    ).toBe(
      '<url><loc>https://a.example/</loc><lastmod>2026-02-01</lastmod><!-- c --><changefreq>monthly</changefreq><priority>0.5</priority></url>',
    );
  });
});
