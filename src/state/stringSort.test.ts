import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortByStrings } from './stringSort.ts';

function reference(keys: string[], dir: 'asc' | 'desc'): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return keys
    .map((k, i) => ({ k, i }))
    .sort((a, b) => {
      if (a.k === b.k) return a.i - b.i;
      if (a.k === '') return 1;
      if (b.k === '') return -1;
      return a.k < b.k ? -sign : sign;
    })
    .map((x) => x.i);
}

const all = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

describe('sortByStrings', () => {
  it('orders by code unit with empties last and ties stable', () => {
    const keys = ['b', '', 'a', 'ab', 'a', 'B'];
    expect(Array.from(sortByStrings(keys, all(keys.length), 'asc'))).toEqual([5, 2, 4, 3, 0, 1]);
    expect(Array.from(sortByStrings(keys, all(keys.length), 'desc'))).toEqual([0, 3, 2, 4, 5, 1]);
  });

  it('matches a comparison sort on long shared prefixes, prefixes of each other and non-ASCII', () => {
    const keys: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const tail = (i * 7919) % 1000;
      keys.push(`https://www.example.com/${i % 3 ? 'blog' : 'bløg'}/item-${tail}${i % 5 ? '' : '/x'}`);
    }
    keys.push(
      'https://www.example.com/blog',
      'https://www.example.com/',
      'https://www.example.com/blog/item-1',
    );
    for (const dir of ['asc', 'desc'] as const) {
      expect(Array.from(sortByStrings(keys, all(keys.length), dir))).toEqual(reference(keys, dir));
    }
  });

  it('matches a comparison sort on random strings (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'é', '/', '\u{1F600}') }), { maxLength: 400 }),
        (keys) => {
          for (const dir of ['asc', 'desc'] as const) {
            expect(Array.from(sortByStrings(keys, all(keys.length), dir))).toEqual(reference(keys, dir));
          }
        },
      ),
    );
  });
});
