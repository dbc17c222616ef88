import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortByStrings, sortStrings } from './stringSort.ts';
import { packUtf8 } from './textBlob.ts';

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

describe('sortStrings', () => {
  it('marks runs of equal keys and counts the non-empty ones', () => {
    const keys = ['b', '', 'a', 'b', 'a\u0000', 'a'];
    const { asc, filled, runEnd } = sortStrings(keys);
    expect(Array.from(asc)).toEqual([2, 5, 4, 0, 3, 1]);
    expect(filled).toBe(5);
    expect(Array.from(runEnd.subarray(0, filled))).toEqual([0, 1, 1, 0, 1]);
  });

  it.each([
    ['UTF-8 packed', ['a', 'b', 'é', '/', '日', '\u{1F600}']],
    ['ASCII packed, with U+0000', ['a', 'b', '/', '\u0000']],
    ['UTF-16 fallback', ['a', 'é', '\u0000', '\uE000', '\u{1F600}', '\uD800']],
  ])('orders %s keys like a comparison sort and marks their ties (property)', (_, units) => {
    const unit = fc.constantFrom(...units);
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 6 }), { maxLength: 300, size: 'max' }), (keys) => {
        const { asc, filled, runEnd } = sortStrings(keys);
        expect(Array.from(asc)).toEqual(reference(keys, 'asc'));
        for (let i = 0; i < filled; i++) {
          const last = i === filled - 1 || keys[asc[i]] !== keys[asc[i + 1]];
          expect(runEnd[i]).toBe(last ? 1 : 0);
        }
      }),
    );
  });

  it('sorts large groups (two bytes per pass) with shared prefixes and duplicates', () => {
    const keys: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      const a = (i * 7919) % 97;
      const b = (i * 104_729) % 1009;
      keys.push(`https://www.example.com/${a % 3 ? 'shop' : 'straße'}/${a}/item-${b}${i % 11 ? '' : '?x'}`);
    }
    for (const dir of ['asc', 'desc'] as const) {
      expect(Array.from(sortByStrings(keys, all(keys.length), dir))).toEqual(reference(keys, dir));
    }
  });
});

describe('sortStrings on ASCII keys (character windows)', () => {
  it('orders keys that tie far past one window like a comparison sort (property)', () => {
    const long = fc.string({ unit: fc.constantFrom('a', 'b'), minLength: 30, maxLength: 90 });
    fc.assert(
      fc.property(fc.array(long, { maxLength: 200, size: 'max' }), (keys) => {
        const { asc, runEnd } = sortStrings(keys);
        expect(Array.from(asc)).toEqual(reference(keys, 'asc'));
        for (let i = 0; i + 1 < keys.length; i++) {
          expect(runEnd[i]).toBe(keys[asc[i]] === keys[asc[i + 1]] ? 0 : 1);
        }
      }),
    );
  });

  it('sorts large groups with long shared segments, prefixes of each other and duplicates', () => {
    const keys: string[] = [];
    const segment = 'x'.repeat(37);
    for (let i = 0; i < 40_000; i++) {
      const a = (i * 7919) % 13;
      const b = (i * 104_729) % 5003;
      keys.push(`https://www.example.com/${a}/${segment}/${b}${i % 7 ? '' : '/'}${i % 5 ? '' : segment}`);
      // One row off the prefix the sampled rows share.
      if (i === 12_345) keys.push('https://www.example.org/');
    }
    keys.push('https://www.example.com/', '', 'https://www.example.com/1');
    for (const dir of ['asc', 'desc'] as const) {
      expect(Array.from(sortByStrings(keys, all(keys.length), dir))).toEqual(reference(keys, dir));
    }
  });
});

describe('packUtf8', () => {
  it('packs ASCII (even with U+0000) and UTF-8 whose byte order is code-unit order', () => {
    expect(packUtf8(['ab', '', 'c\u0000'])?.off).toEqual(Int32Array.of(0, 3, 4, 7));
    const blob = packUtf8(['é', 'x']);
    expect(Array.from(blob?.bytes.subarray(0, 4) ?? [])).toEqual([0xc3, 0xa9, 0, 0x78]);
    expect(blob?.off).toEqual(Int32Array.of(0, 3, 5));
  });

  it('refuses keys whose UTF-8 bytes would not sort like UTF-16 code units', () => {
    expect(packUtf8(['a', '\uE000'])).toBeNull();
    expect(packUtf8(['a', 'x\uD800'])).toBeNull();
    expect(packUtf8(['é\u0000', 'a'])).toBeNull();
  });
});
