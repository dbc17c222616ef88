import { describe, expect, it } from 'vitest';
import { prng } from '../../bench/generate.ts';
import type { Entry, SitemapDocument } from './model.ts';
import { entryPatch, type Patch } from './patch.ts';
import { issueLine } from './testing/issues.ts';
import { Validator, validateDocument } from './validate.ts';

const NOW = Date.UTC(2026, 10, 21);
const key = issueLine;

const LOCS = [
  'https://www.example.com/a',
  'https://www.example.com/a/',
  'http://www.example.com/a',
  'https://example.com/a',
  'https://www.example.com/A',
  'https://shop.example.com/b',
  '/rel',
  'https://www.example.com/en/',
  'https://www.example.com/de/',
  'https://www.example.com/fr/',
];
const DATES = ['2024-06-24', '2023-02-29', '2024-06-24T09:30', undefined, '2031-01-01'];
const LANG = [
  ['en', 'https://www.example.com/en/'],
  ['de', 'https://www.example.com/de/'],
  ['fr', 'https://www.example.com/fr/'],
  ['x-default', 'https://www.example.com/en/'],
] as const;

function randomEntry(rnd: () => number, id: number): Entry {
  const pick = <T>(l: readonly T[]) => l[Math.floor(rnd() * l.length)];
  const e: Entry = { id, loc: pick(LOCS), line: id + 2 };
  const lastmod = pick(DATES);
  if (lastmod !== undefined) e.lastmod = lastmod;
  if (rnd() < 0.2)
    e.images = [{ loc: pick(['https://cdn.example.net/a.jpg', 'https://www.example.com/a.jpg', 'x.jpg']) }];
  if (rnd() < 0.3) e.priority = pick(['0.5', '0.8', '1,0']);
  if (rnd() < 0.4)
    e.alternates = LANG.filter(() => rnd() < 0.6).map(([hreflang, href]) => ({
      rel: 'alternate',
      hreflang,
      href,
    }));
  return e;
}

describe('Validator incremental updates equal a full validation', () => {
  it.each(Array.from({ length: Number(process.env.SEEDS ?? 3) }, (_, i) => i + 1))(
    'random edit sequence (seed %i)',
    (seed) => {
      const rnd = prng(seed);
      const S = { now: NOW, publishUrl: seed % 2 === 0 ? 'https://www.example.com/sitemap.xml' : undefined };
      const kind: SitemapDocument['kind'] = seed % 3 === 0 ? 'sitemapindex' : 'urlset';
      let nextId = 0;
      let entries: Entry[] = Array.from({ length: 25 }, () => randomEntry(rnd, nextId++));
      const v = new Validator(S);
      v.load({ kind, entries, nextId });
      for (let step = 0; step < 120; step++) {
        const r = rnd();
        let change: Patch;
        if (r < 0.2 || entries.length < 3) {
          const added = randomEntry(rnd, nextId++);
          entries = [...entries, added];
          change = entryPatch({ added: [added] });
        } else if (r < 0.35) {
          const removed = entries[Math.floor(rnd() * entries.length)];
          entries = entries.filter((e) => e !== removed);
          change = entryPatch({ removed: [removed] });
        } else {
          const before = entries[Math.floor(rnd() * entries.length)];
          const after = { ...randomEntry(rnd, before.id), line: before.line };
          entries = entries.map((e) => (e === before ? after : e));
          change = entryPatch({ updated: [[before, after]] });
        }
        v.apply(change);
        const doc: SitemapDocument = { kind, entries, nextId };
        expect(v.all().map(key).sort(), `step ${step}`).toEqual(validateDocument(doc, S).map(key).sort());
      }
      const c = v.counts();
      expect(c.error + c.warning + c.info).toBe(v.all().length);
    },
  );
});
