import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParseResult } from '../model.ts';
import { parseSitemap } from '../parse.ts';

/**
 * `<xhtml:link rel="alternate" hreflang="…" href="…"/>` spelled exactly so is read by a literal
 * path (`Scanner.alternateLiteral`, `readLink`'s one-object case). The same link with two spaces
 * before `hreflang` takes the general attribute scan; both must read the same alternates and
 * report the same findings, for any values (entities, non-ASCII, raw `<`, quotes).
 */
const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

function doc(links: Array<[string, string]>, spaces: string): string {
  const body = links
    .map(
      ([lang, href], k) =>
        `<url><loc>https://a.example/${k}</loc><xhtml:link rel="alternate"${spaces}hreflang="${lang}" href="${href}"/></url>`,
    )
    .join('\n');
  return `${HEAD}${body}\n</urlset>\n`;
}

/** What both readings must agree on (columns shift with the extra space, so issues by line). */
function summary(r: ParseResult) {
  return {
    kind: r.kind,
    fatal: r.fatal === null ? null : [r.fatal.line, r.fatal.message],
    entries: r.document.entries.map((e) => ({ keys: Object.keys(e), ...e, column: 0 })),
    alternateKeys: r.document.entries.map((e) => e.alternates?.map((a) => Object.keys(a))),
    issues: r.issues.map((i) => [i.rule, i.severity, i.entry, i.field, i.line, i.message]),
  };
}

function expectSame(links: Array<[string, string]>): ParseResult {
  const literal = doc(links, ' ');
  const general = doc(links, '  ');
  const enc = new TextEncoder();
  const a = parseSitemap(literal);
  expect(summary(a)).toEqual(summary(parseSitemap(general)));
  // As bytes (masked reading when the values hold non-ASCII) as well.
  expect(summary(parseSitemap(enc.encode(literal)))).toEqual(summary(parseSitemap(enc.encode(general))));
  return a;
}

const piece = fc.constantFrom(
  'de',
  'x-default',
  'https://a.example/p',
  '?q=1',
  'é',
  '日本',
  '&amp;',
  '&#38;',
  '&bogus;',
  '&',
  '<',
  '>',
  "'",
  '"',
  ' ',
  '\t',
  '\u0001',
  '/>',
);
const value = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));

describe('hreflang alternates read as literals', () => {
  it('reads the usual link as the general path does', () => {
    const r = expectSame([
      ['de', 'https://a.example/de/'],
      ['x-default', 'https://a.example/?a=1&amp;b=2'],
      ['fr', 'https://a.example/fr/caf\u00e9'],
    ]);
    expect(r.document.entries[1].alternates).toEqual([
      { rel: 'alternate', hreflang: 'x-default', href: 'https://a.example/?a=1&b=2' },
    ]);
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('agrees with the general path for any values', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 4 }), (links) => {
        expectSame(links);
      }),
      { numRuns: 400 },
    );
  });
});
