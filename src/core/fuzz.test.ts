// Property tests (fast-check) for the parser and the exporter. `npm test` runs a bounded number
// of cases; `npm run fuzz` runs many more (FUZZ_RUNS, default there 20,000).
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Entry, ParseResult, SitemapDocument } from './model.ts';
import { parseSitemap } from './parse.ts';
import { ruleInfo } from './rules/registry.ts';
import { serializeFiles, serializeSitemap } from './serialize.ts';
import { bytes, documentArb, gzipped, runs, wildUrl, xmlish } from './testing/arbitraries.ts';

const SEVERITIES = new Set(['error', 'warning', 'info']);

/** What "never throws" must mean, since parseSitemap catches internally: a sound result. */
function expectSound(r: ParseResult): void {
  expect(r.fatal?.message ?? '').not.toMatch(/Internal parser error/);
  const ids = r.document.entries.map((e) => e.id);
  expect(ids).toEqual(ids.map((_, i) => i));
  const other = r.document.otherEntries ?? [];
  expect(r.document.nextId).toBeGreaterThanOrEqual(ids.length + other.length);
  for (const e of r.document.entries) expect(typeof e.loc).toBe('string');
  for (const i of r.issues) {
    // IMP-* are importer behaviours (SITEMAP-RULES.md section 9), not registry rules.
    expect(ruleInfo(i.rule) !== undefined || /^IMP-\d{3}$/.test(i.rule), `unknown rule ${i.rule}`).toBe(true);
    expect(SEVERITIES.has(i.severity)).toBe(true);
    expect(i.message.length).toBeGreaterThan(0);
  }
  if (r.fatal) {
    expect(r.fatal.line).toBeGreaterThanOrEqual(1);
    expect(r.fatal.column).toBeGreaterThanOrEqual(1);
    expect((r.fatal.excerpt ?? '').length).toBeLessThanOrEqual(200);
  }
}

const enc = new TextEncoder();

describe('parse never throws and always returns a sound result', () => {
  it('on arbitrary bytes', () => {
    fc.assert(
      fc.property(bytes(), (b) => expectSound(parseSitemap(b))),
      { numRuns: runs(1000) },
    );
  });

  it('on arbitrary gzip-wrapped, truncated, flipped, padded and multi-member bytes', () => {
    fc.assert(
      fc.property(gzipped(fc.oneof(bytes(400), xmlish(30))), fc.boolean(), (gz, named) =>
        expectSound(parseSitemap(gz, named ? { fileName: 'x.xml.gz', maxDecompressedBytes: 50_000 } : {})),
      ),
      { numRuns: runs(500) },
    );
  });

  it('on XML-ish text built from sitemap tokens, as a string and as bytes', () => {
    fc.assert(
      fc.property(xmlish(), (s) => {
        expectSound(parseSitemap(s));
        expectSound(parseSitemap(enc.encode(s)));
      }),
      { numRuns: runs(1000) },
    );
  });
});

// --- expected values, computed independently of the exporter -------------------------------

/** Drop what XML 1.0 forbids (ENC-008): C0 controls but tab/LF/CR, U+FFFE/U+FFFF, lone surrogates. */
function dropForbidden(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    const bad =
      (c < 0x20 && c !== 9 && c !== 10 && c !== 13) ||
      c === 0xfffe ||
      c === 0xffff ||
      (c >= 0xd800 && c <= 0xdfff);
    if (!bad) out += ch;
  }
  return out;
}

const hasForbidden = (s: string) => dropForbidden(s) !== s;
const clean = (s: string) => dropForbidden(s).trim();
const decoded = (u: string) => decodeURIComponent(u);

interface Comparable {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  images: Array<{ loc: string; title?: string }>;
  alternates: Array<{ hreflang?: string; href?: string }>;
}

function comparable(
  e: Entry,
  url: (s: string) => string,
  text: (s: string) => string | undefined,
): Comparable {
  const c: Comparable = {
    loc: url(e.loc),
    images: (e.images ?? []).map((i) => {
      const title = i.title === undefined ? undefined : text(i.title);
      return title === undefined ? { loc: url(i.loc) } : { loc: url(i.loc), title };
    }),
    alternates: (e.alternates ?? [])
      .map((a) => ({ hreflang: a.hreflang, href: a.href === undefined ? undefined : url(a.href) }))
      .sort((a, b) => String(a.hreflang).localeCompare(String(b.hreflang))),
  };
  if (e.lastmod !== undefined) c.lastmod = e.lastmod;
  if (e.changefreq !== undefined) c.changefreq = e.changefreq;
  if (e.priority !== undefined) c.priority = e.priority;
  return c;
}

const expected = (e: Entry) =>
  comparable(e, clean, (t) => {
    const v = clean(t);
    return v === '' ? undefined : v;
  });
const actual = (e: Entry) => comparable(e, decoded, (t) => t);

function entriesWithForbidden(doc: SitemapDocument): number[] {
  return doc.entries
    .filter((e) =>
      [
        e.loc,
        ...(e.images ?? []).flatMap((i) => [i.loc, i.title ?? '']),
        ...(e.alternates ?? []).map((a) => a.href ?? ''),
      ].some(hasForbidden),
    )
    .map((e) => e.id);
}

describe('serialize → parse returns the same document', () => {
  it('for generated documents with arbitrary Unicode; forbidden characters removed and reported (ENC-008)', () => {
    fc.assert(
      fc.property(documentArb(), (doc) => {
        const out = serializeFiles(doc, { format: 'xml' });
        expect(out.files).toHaveLength(1);
        const r = parseSitemap(out.files[0].bytes);
        expect(r.fatal).toBeNull();
        expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
        expect(r.document.entries.map(actual)).toEqual(doc.entries.map(expected));
        const reported = new Set(out.issues.filter((i) => i.rule === 'ENC-008').map((i) => i.entry));
        expect([...reported].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(entriesWithForbidden(doc));
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('split + index + re-open returns the same URLs', () => {
  it('zip of split children (xml or xml.gz) listed by an index at the publish URL', () => {
    const publishUrl = 'https://pub.example/maps/sitemap.xml';
    fc.assert(
      fc.property(
        fc.array(wildUrl(), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('xml' as const, 'xml.gz' as const),
        (urls, maxUrls, childFormat) => {
          const doc: SitemapDocument = {
            kind: 'urlset',
            entries: urls.map((loc, id) => ({ id, loc })),
            nextId: urls.length,
          };
          const zip = serializeSitemap(doc, { format: 'zip', split: { maxUrls }, publishUrl, childFormat });
          const files = unzipSync(zip);
          const ext = childFormat === 'xml' ? '.xml' : '.xml.gz';
          const top = parseSitemap(files[`sitemap${ext}`], { fileName: `sitemap${ext}` });
          expect(top.fatal).toBeNull();
          // Split files plus an index, also when the URLs fit in one file.
          expect(top.kind).toBe('sitemapindex');
          const children = top.document.entries.map((e) => e.loc);
          expect(children).toHaveLength(Math.ceil(urls.length / maxUrls));
          expect(Object.keys(files)).toHaveLength(children.length + 1);
          const locs = children.flatMap((loc) => {
            expect(loc.startsWith('https://pub.example/maps/')).toBe(true);
            const name = loc.slice('https://pub.example/maps/'.length);
            expect(files[name], `${name} is in the zip`).toBeDefined();
            const child = parseSitemap(files[name], { fileName: name });
            expect(child.fatal).toBeNull();
            expect(child.document.entries.length).toBeLessThanOrEqual(maxUrls);
            return child.document.entries.map((e) => e.loc);
          });
          expect(locs.map(decoded)).toEqual(urls.map(clean));
        },
      ),
      { numRuns: runs(200) },
    );
  });
});
