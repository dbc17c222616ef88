/**
 * fast-check generators for the fuzz tests (`src/core/fuzz.test.ts`, `npm run fuzz`): arbitrary
 * bytes, gzip-wrapped and damaged gzip bytes, XML-ish text built from sitemap tokens, and whole
 * documents whose values hold arbitrary Unicode (astral characters, the five XML specials,
 * controls, lone surrogates). Test-only: nothing in the app imports this module.
 */
import fc from 'fast-check';
import { gzipSync } from 'fflate';
import { CHANGEFREQS } from '../fields.ts';
import type { Alternate, Entry, ImageData, SitemapDocument } from '../model.ts';

/** Number of runs per property: `FUZZ_RUNS` from the environment, else `fallback`. @example runs(100) */
export function runs(fallback: number): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const n = Number(env?.FUZZ_RUNS);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

/** Any bytes up to `maxLength` (default 2,000). @example fc.sample(bytes(), 1) */
export function bytes(maxLength = 2000): fc.Arbitrary<Uint8Array> {
  return fc.uint8Array({ maxLength });
}

/**
 * gzip of arbitrary content, optionally damaged: truncated, a byte flipped, zero padding or junk
 * appended, or two members concatenated. @example fc.sample(gzipped(xmlish()), 1)
 */
export function gzipped(content: fc.Arbitrary<Uint8Array | string>): fc.Arbitrary<Uint8Array> {
  const enc = new TextEncoder();
  const gz = content.map((c) => gzipSync(typeof c === 'string' ? enc.encode(c) : c));
  return fc.oneof(
    gz,
    fc.tuple(gz, fc.nat()).map(([g, n]) => g.subarray(0, n % (g.length + 1))),
    fc.tuple(gz, fc.nat(), fc.integer({ min: 1, max: 255 })).map(([g, at, x]) => {
      const out = g.slice();
      out[at % out.length] ^= x;
      return out;
    }),
    fc.tuple(gz, fc.uint8Array({ maxLength: 16 })).map(([g, tail]) => concat(g, tail)),
    fc.tuple(gz, gz).map(([a, b]) => concat(a, b)),
  );
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

const TOKENS = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<?xml version="1.0" encoding="ISO-8859-1"?>',
  '<?xml-stylesheet type="text/xsl" href="s.xsl"?>',
  '<!DOCTYPE urlset [<!ENTITY a "&b;&b;"><!ENTITY b "x">]>',
  '<!DOCTYPE html>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
  '<urlset>',
  '</urlset>',
  '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '</sitemapindex>',
  '<sitemap>',
  '</sitemap>',
  '<url>',
  '</url>',
  '<loc>',
  '</loc>',
  '<lastmod>',
  '</lastmod>',
  '<changefreq>',
  '</changefreq>',
  '<priority>',
  '</priority>',
  '<image:image>',
  '</image:image>',
  '<image:loc>',
  '</image:loc>',
  '<image:title>',
  '</image:title>',
  '<video:video>',
  '</video:video>',
  '<video:title>',
  '</video:title>',
  '<news:news>',
  '</news:news>',
  '<news:publication><news:name>N</news:name><news:language>en</news:language></news:publication>',
  '<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/>',
  '<xhtml:link rel="alternate" hreflang=',
  '<x:unknown xmlns:x="urn:x">',
  '</x:unknown>',
  '<rss version="2.0"><channel><item><link>',
  '</link></item></channel></rss>',
  '<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="https://a.example/f"/>',
  '</entry></feed>',
  'Sitemap: https://a.example/sitemap.xml\n',
  'https://a.example/',
  'https://a.example/a?b=1&c=2',
  '2024-06-24T09:30:00+02:00',
  'daily',
  '0.5',
  '&amp;',
  '&lt;',
  '&nbsp;',
  '&#x1F600;',
  '&#0;',
  '&',
  '<',
  '>',
  '"',
  "'",
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  ' ',
  '\n',
  '\r\n',
  '\t',
  '\u0000',
  '\uFEFF',
  '\uD83D\uDE00',
  '\uD800',
];

/** Text assembled from sitemap tokens and random strings: mostly almost-valid sitemaps. @example fc.sample(xmlish(), 1) */
export function xmlish(maxTokens = 60): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...TOKENS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  );
  return fc.array(piece, { maxLength: maxTokens }).map((parts) => parts.join(''));
}

/** Arbitrary text values: full Unicode, lone surrogates, the XML specials and C0 controls. */
export function wildText(maxLength = 24): fc.Arbitrary<string> {
  const special = fc.constantFrom('&', '<', '>', '"', "'", '\t', '\n', '\r', '\u0000', '\u0008', '\u001F');
  const ch = fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: special },
    { weight: 1, arbitrary: fc.constantFrom('\uD800', '\uDFFF', '\uFFFE', '\uFFFF', '\u00A0', '\u2028') },
  );
  return fc.array(ch, { maxLength }).map((a) => a.join(''));
}

/** An absolute https URL whose path holds arbitrary Unicode (never `%`, so escapes stay unambiguous). */
export function wildUrl(): fc.Arbitrary<string> {
  const host = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}\.example$/);
  return fc.tuple(host, wildText(30)).map(([h, path]) => `https://${h}/${path.replaceAll('%', '')}`);
}

const HREFLANGS = ['de', 'en', 'en-GB', 'fr-CA', 'zh-Hant', 'x-default'];

const dateArb = fc
  .tuple(
    fc.integer({ min: 1995, max: 2030 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
    fc.option(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))),
  )
  .map(([y, m, d, t]) => {
    const p = (n: number) => String(n).padStart(2, '0');
    const day = `${y}-${p(m)}-${p(d)}`;
    return t ? `${day}T${p(t[0])}:${p(t[1])}:00Z` : day;
  });

const imageArb: fc.Arbitrary<ImageData> = fc
  .record({ loc: wildUrl(), title: fc.option(wildText(), { nil: undefined }) })
  .map(({ loc, title }) => (title === undefined ? { loc } : { loc, title }));

const alternatesArb: fc.Arbitrary<Alternate[]> = fc
  .array(fc.record({ hreflang: fc.constantFrom(...HREFLANGS), href: wildUrl() }), { maxLength: 3 })
  .map((links) => {
    const seen = new Set<string>();
    const out: Alternate[] = [];
    for (const l of links) {
      if (seen.has(l.hreflang)) continue;
      seen.add(l.hreflang);
      out.push({ rel: 'alternate', hreflang: l.hreflang, href: l.href });
    }
    return out;
  });

/** Entry bodies (no id) with canonical dates/changefreq/priority and wild URLs and texts. */
export function entryBody(): fc.Arbitrary<Omit<Entry, 'id'>> {
  return fc
    .record({
      loc: wildUrl(),
      lastmod: fc.option(dateArb, { nil: undefined }),
      changefreq: fc.option(fc.constantFrom(...CHANGEFREQS), { nil: undefined }),
      priority: fc.option(
        fc.integer({ min: 0, max: 10 }).map((n) => (n === 10 ? '1.0' : `0.${n}`)),
        { nil: undefined },
      ),
      images: fc.array(imageArb, { maxLength: 2 }),
      alternates: alternatesArb,
    })
    .map((r) => {
      const e: Omit<Entry, 'id'> = { loc: r.loc };
      if (r.lastmod !== undefined) e.lastmod = r.lastmod;
      if (r.changefreq !== undefined) e.changefreq = r.changefreq;
      if (r.priority !== undefined) e.priority = r.priority;
      if (r.images.length > 0) e.images = r.images;
      if (r.alternates.length > 0) e.alternates = r.alternates;
      return e;
    });
}

/** A urlset document of up to `maxEntries` generated entries with ids 0..n-1. @example fc.sample(documentArb(5), 1) */
export function documentArb(maxEntries = 8): fc.Arbitrary<SitemapDocument> {
  return fc.array(entryBody(), { minLength: 1, maxLength: maxEntries }).map((bodies) => ({
    kind: 'urlset',
    entries: bodies.map((b, id) => ({ id, ...b })),
    nextId: bodies.length,
  }));
}
