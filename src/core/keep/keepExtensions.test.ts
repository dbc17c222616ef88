/** Keep-format export of entries whose images, videos, news or alternates changed (review item 2). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixAll } from '../fixes.ts';
import type { Entry, SitemapDocument } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { validateDocument } from '../validate.ts';
import { diffOfOps } from './diff.ts';
import { keepFormat } from './keepFormat.ts';
import { keepSourceOf } from './source.ts';

const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const settings = { now: Date.parse('2026-01-01T00:00:00Z') };

function openReal(name: string) {
  const bytes = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/real', name));
  const r = parseSitemap(bytes);
  const src = keepSourceOf(bytes, r);
  if (!src) throw new Error('no source');
  return { doc: r.document, src, text: dec(bytes) };
}

/** `doc` with each rule's Fix all applied in turn. */
function fixed(doc: SitemapDocument, rules: string[]): SitemapDocument {
  let d = doc;
  for (const rule of rules) {
    const r = fixAll(rule, validateDocument(d, settings), { document: d, settings });
    const byId = new Map((r.update ?? []).map((e) => [e.id, e]));
    expect(byId.size).toBeGreaterThan(0);
    d = { ...d, entries: d.entries.map((e): Entry => byId.get(e.id) ?? e) };
  }
  return d;
}

/** Lines removed (−) and added (+) between two texts of the same line count. */
function changedLines(a: string, b: string): Array<[string, string]> {
  const x = a.split('\n');
  const y = b.split('\n');
  expect(y.length).toBe(x.length);
  return x.flatMap((l, i) => (l === y[i] ? [] : [[l, y[i]] as [string, string]]));
}

describe('keepFormat: changed extension values', () => {
  it('re-writes only the values a fix changed, untouched ones keep their escaping', () => {
    const { doc, src, text } = openReal('sitemapjs-alltags-extensions-escaped.xml');
    const out = keepFormat(fixed(doc, ['LOC-003', 'VID-013']), src);
    expect(out.whole).toBe(0);
    const changes = changedLines(text, dec(out.body));
    expect(changes.length).toBeGreaterThan(0);
    for (const [before, after] of changes) {
      // Each changed line is one element of a URL or yes/no value: the fix's, nothing else.
      expect(before).toMatch(
        /<(loc|video:\w+_loc|video:requires_subscription|video:family_friendly|video:live|video:id|image:loc)[ >]/,
      );
      expect(after.replace(/>[^<]*</, '><')).toBe(before.replace(/>[^<]*</, '><'));
    }
    // Titles, descriptions and tags come back as they were written.
    expect(dec(out.body)).toContain('<video:title>2018:E6 - GoldenEye: Source&amp;&gt;&lt;\'"</video:title>');
    expect(dec(out.body)).not.toContain('&apos;');
  });

  it('trims one location without reflowing the uploader (LOC-005)', () => {
    const { doc, src, text } = openReal('sitemapjs-video-whitespace-in-locs.xml');
    const out = keepFormat(fixed(doc, ['LOC-005']), src);
    const diff = diffOfOps(out.source, out.ops, out.edited, dec);
    expect(out.whole).toBe(0);
    expect(diff.entries).toBe(1);
    const after = dec(out.body);
    expect(after).toContain(
      '<video:content_loc>http://streamserver.example.com/video123.mp4</video:content_loc>',
    );
    expect(after).toContain(
      '<video:uploader\n         info="http://www.example.com/users/grillymcgrillerson">GrillyMcGrillerson\n       </video:uploader>',
    );
    expect(after.length).toBeLessThan(text.length);
  });

  it('changes one hreflang attribute in place and one image caption', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://a.example/</loc>
    <xhtml:link rel='alternate' hreflang='EN' href='https://a.example/?a=1&amp;b=2'/>
    <image:image><image:loc>https://a.example/i.jpg</image:loc><image:caption>It's "one"</image:caption></image:image>
  </url>
</urlset>
`;
    const bytes = new TextEncoder().encode(xml);
    const r = parseSitemap(bytes);
    const src = keepSourceOf(bytes, r);
    if (!src) throw new Error('no source');
    const e = r.document.entries[0];
    const next: Entry = {
      ...e,
      alternates: [{ ...(e.alternates?.[0] ?? {}), hreflang: 'en' }],
      images: [{ ...(e.images?.[0] ?? { loc: '' }), loc: 'https://a.example/j.jpg' }],
    };
    const out = keepFormat({ ...r.document, entries: [next] }, src);
    expect(out.whole).toBe(0);
    expect(dec(out.body)).toBe(
      xml
        .replace("hreflang='EN'", "hreflang='en'")
        .replace('<image:loc>https://a.example/i.jpg', '<image:loc>https://a.example/j.jpg'),
    );
  });
});
