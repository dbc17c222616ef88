import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry, Issue, SitemapDocument } from '../model.ts';
import { serializeSitemap } from '../serialize.ts';
import { makeContext } from './chunks.ts';
import { writeUrl } from './entries.ts';

const doc: SitemapDocument = { kind: 'urlset', entries: [], nextId: 0 };

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const entry = fc.record({
  loc: fc.constantFrom('https://a.example/', 'https://a.example/caf\u00e9?a=1&b=2', ' https://a.example/x '),
  lastmod: optional(
    fc.constantFrom('', '2024-01-02', '2024-01-02T10:00:00+00:00', ' 2024-01-02 ', '2024-01-02T10:00+02:00'),
  ),
  changefreq: optional(
    fc.constantFrom('', 'weekly', 'daily', 'never', 'Weekly', ' daily', 'sometimes', 'x\u0008', 'm\u00f6'),
  ),
  priority: optional(fc.constantFrom('', '0.5', '1.0', '0.0', '1.9', '0.55', ' 0.3', '1', 'abc', '0,5')),
  image: fc.boolean(),
});

const layouts = fc.record({ pretty: fc.boolean(), lean: fc.boolean() });

function toEntry(r: typeof entry extends fc.Arbitrary<infer T> ? T : never, id: number): Entry {
  const e: Entry = { id, loc: r.loc };
  if (r.lastmod !== undefined) e.lastmod = r.lastmod;
  if (r.changefreq !== undefined) e.changefreq = r.changefreq;
  if (r.priority !== undefined) e.priority = r.priority;
  if (r.image) e.images = [{ loc: 'https://a.example/i.png' }];
  return e;
}

/** Writes each entry with the tails cache full, so that every entry takes the general path. */
function general(entries: Entry[], pretty: boolean, lean: boolean): { text: string[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const ctx = makeContext(doc, { pretty, lean, stripDeprecated: false }, issues);
  for (let k = 0; ctx.tags.tails.size < 64; k++) ctx.tags.tails.set(`\u0000${k}`, []);
  return { text: entries.map((e) => writeUrl(ctx, e)), issues };
}

function cached(entries: Entry[], pretty: boolean, lean: boolean): { text: string[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const ctx = makeContext(doc, { pretty, lean, stripDeprecated: false }, issues);
  return { text: entries.map((e) => writeUrl(ctx, e)), issues };
}

describe('cached <url> tails (changefreq + priority + end tag as one string)', () => {
  it('write what the general path writes, with the same reports, for any mix of values', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), layouts, (rs, { pretty, lean }) => {
        const entries = rs.map((r, i) => toEntry(r, i));
        expect(cached(entries, pretty, lean)).toEqual(general(entries, pretty, lean));
      }),
      { numRuns: 800 },
    );
  });

  it('still writes entries right once more changefreq spellings than the cache keeps are met', () => {
    const letter = (k: number) => String.fromCharCode(97 + (k % 26));
    const entries = Array.from(
      { length: 160 },
      (_, i): Entry => ({
        id: i,
        loc: `https://a.example/${i}`,
        changefreq: `w${letter(i % 80)}${letter(Math.floor((i % 80) / 26))}`,
        priority: `0.${i % 10}`,
      }),
    );
    expect(cached(entries, true, false)).toEqual(general(entries, true, false));
  });

  it('gives the canonical layout for a simple entry', () => {
    const text = serializeSitemap({
      kind: 'urlset',
      entries: [
        { id: 0, loc: 'https://a.example/', lastmod: '2024-01-02', changefreq: 'weekly', priority: '0.5' },
        { id: 1, loc: 'https://a.example/b', priority: '1.0' },
        { id: 2, loc: 'https://a.example/c', changefreq: 'daily' },
      ],
      nextId: 3,
    });
    expect(text).toContain(
      '  <url>\n    <loc>https://a.example/</loc>\n    <lastmod>2024-01-02</lastmod>\n    <changefreq>weekly</changefreq>\n    <priority>0.5</priority>\n  </url>\n' +
        '  <url>\n    <loc>https://a.example/b</loc>\n    <priority>1.0</priority>\n  </url>\n' +
        '  <url>\n    <loc>https://a.example/c</loc>\n    <changefreq>daily</changefreq>\n  </url>\n',
    );
  });
});
