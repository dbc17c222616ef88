import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import { type SearchField, searchRows } from './searchText.ts';
import { makeEntry } from './testing.ts';

/** Rows a fresh search finds: each value tested on its own, as a reader would. */
function expected(entries: readonly Entry[], query: string, fields: readonly SearchField[]): number[] {
  const q = query.toLowerCase();
  return entries.flatMap((e, i) => (fields.some((f) => (e[f] ?? '').toLowerCase().includes(q)) ? [i] : []));
}

function rows(mask: Uint8Array): number[] {
  return [...mask.keys()].filter((i) => mask[i] === 1);
}

const entries = [
  makeEntry(0, { loc: 'https://a.example/Kitchen-Garden', lastmod: '2024-03-01' }),
  makeEntry(1, { loc: 'https://a.example/kitchen/tools', lastmod: '2024-03-02' }),
  makeEntry(2, { loc: 'https://a.example/garden-kitchen', lastmod: '2023-01-01' }),
  makeEntry(3, { loc: 'https://a.example/KITCHEN-GARDEN?x=2024-03' }),
  makeEntry(4, { loc: 'https://a.example/other', lastmod: '2024-03-05' }),
  // Enough rows that match none of the queries for the previous matches to be re-tested alone.
  ...Array.from({ length: 60 }, (_, i) => makeEntry(5 + i, { loc: `https://a.example/p/${i}` })),
];

describe('searchRows', () => {
  it('finds the same rows while typing on as a fresh search of each prefix', () => {
    const typed = 'kitchen-garden';
    for (let len = 1; len <= typed.length; len++) {
      const q = typed.slice(0, len);
      expect(rows(searchRows(entries, q, ['loc'])), q).toEqual(expected(entries, q, ['loc']));
    }
    expect(rows(searchRows(entries, typed, ['loc']))).toEqual([0, 3]);
  });

  it('searches all rows again when the query is shortened, changed or looks in a new field', () => {
    expect(rows(searchRows(entries, 'garden', ['loc']))).toEqual([0, 2, 3]);
    expect(rows(searchRows(entries, 'tools', ['loc']))).toEqual([1]);
    expect(rows(searchRows(entries, 'too', ['loc']))).toEqual([1]);
    expect(rows(searchRows(entries, '2024', ['loc']))).toEqual([3]);
    // Same query text, one more field: rows matching only in lastmod must appear.
    expect(rows(searchRows(entries, '2024-03', ['loc', 'lastmod']))).toEqual([0, 1, 3, 4]);
    expect(rows(searchRows(entries, '2024-03-0', ['lastmod']))).toEqual([0, 1, 4]);
  });

  it('starts over on a new entries array (an edit) and ignores case beyond ASCII like a regex /i', () => {
    expect(rows(searchRows(entries, 'kitchen', ['loc']))).toEqual([0, 1, 2, 3]);
    const edited = entries.map((e) => (e.id === 4 ? { ...e, loc: 'https://a.example/KITCHENETTE' } : e));
    expect(rows(searchRows(entries, 'kitchene', ['loc']))).toEqual([]);
    expect(rows(searchRows(edited, 'kitchene', ['loc']))).toEqual([4]);
    const intl = [
      makeEntry(0, { loc: 'https://a.example/ÄBC' }),
      makeEntry(1, { loc: 'https://a.example/\u212a' }),
    ];
    expect(rows(searchRows(intl, 'äb', ['loc']))).toEqual([0]);
    expect(rows(searchRows(intl, 'k', ['loc']))).toEqual([]);
    expect(rows(searchRows(intl, '', ['loc']))).toEqual([]);
  });
});
