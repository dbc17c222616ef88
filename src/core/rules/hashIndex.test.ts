import { describe, expect, it } from 'vitest';
import { END_SLICE } from '../steps.ts';
import { scanUrl } from '../urls.ts';
import { familyHash, familyOf } from './duplicates.ts';
import { HashIndex, hashString, RESERVE_APART, reserveSteps } from './hashIndex.ts';

describe('HashIndex', () => {
  it('files slots under hashes, counts shared hashes as slots come and go, and survives regrowth', () => {
    const ix = new HashIndex();
    for (let s = 0; s < 5000; s++) ix.add(hashString(`k${s % 2500}`), s);
    expect(ix.size).toBe(5000);
    expect(ix.sharedHashes).toBe(2500);
    expect(ix.slots(hashString('k7')).sort((a, b) => a - b)).toEqual([7, 2507]);
    ix.remove(hashString('k7'), 7);
    expect(ix.count(hashString('k7'))).toBe(1);
    expect(ix.sharedHashes).toBe(2499);
    ix.remove(hashString('k7'), 2507);
    expect(ix.count(hashString('k7'))).toBe(0);
    ix.add(hashString('k7'), 7);
    expect(ix.slots(hashString('k7'))).toEqual([7]);
    expect(ix.size).toBe(4999);
  });

  it('files one slot under several hashes and removes one pair at a time', () => {
    const ix = new HashIndex();
    ix.add(hashString('a'), 1);
    ix.add(hashString('b'), 1);
    ix.add(hashString('a'), 1);
    expect(ix.slots(hashString('a'))).toEqual([1, 1]);
    ix.remove(hashString('a'), 1);
    expect(ix.slots(hashString('a'))).toEqual([1]);
    expect(ix.slots(hashString('b'))).toEqual([1]);
    expect(ix.size).toBe(2);
  });

  it('keeps filing order under one hash held 20,000 times, across removals, reuse and a grown slot range', () => {
    const ix = new HashIndex();
    const h = hashString('same');
    for (let s = 0; s < 20_000; s++) expect(ix.add(h, s)).toBe(s);
    expect(ix.count(h)).toBe(20_000);
    expect(ix.sharedHashes).toBe(1);
    for (let s = 0; s < 20_000; s += 2) ix.remove(h, s);
    ix.remove(h, 0);
    ix.remove(hashString('other'), 1);
    expect(ix.count(h)).toBe(10_000);
    ix.add(h, 50_000);
    ix.add(hashString('other'), 1);
    const expected = Array.from({ length: 10_000 }, (_, i) => 2 * i + 1);
    expect(ix.slots(h)).toEqual([...expected, 50_000]);
    expect(ix.slots(hashString('other'))).toEqual([1]);
    expect(ix.size).toBe(10_002);
    for (const s of [...expected, 50_000]) ix.remove(h, s);
    expect(ix.count(h)).toBe(0);
    expect(ix.sharedHashes).toBe(0);
    expect(ix.size).toBe(1);
  });

  it('reserve sizes an empty index for its pairs and an eighth more, a big one in a step of its own', () => {
    const n = RESERVE_APART + 5;
    const late = new HashIndex();
    const steps = [...reserveSteps(late, n)];
    // The arrays are made between two ends of slice: alone in a task.
    expect(steps).toEqual([END_SLICE, END_SLICE]);
    const arrays = (ix: HashIndex) => Object.values(ix).filter((v) => v instanceof Int32Array);
    const made = arrays(late);
    const hashes = Int32Array.from({ length: n }, (_, k) => hashString(`u${k % 1000}`));
    const slots = Int32Array.from({ length: n }, (_, k) => k);
    late.addAll(hashes, slots, n);
    // Edits after the load: new pairs under new slots, within the eighth more.
    for (let k = 0; k < n >> 3; k++) late.add(hashString(`u${k % 1000}`), n + k);
    // No array was regrown: the very same arrays, and the answers of an index built by `add`.
    const now = arrays(late);
    expect(now.length).toBe(made.length);
    expect(now.every((a, i) => a === made[i])).toBe(true);
    expect(late.size).toBe(n + (n >> 3));
    const plain = new HashIndex();
    for (let k = 0; k < n; k++) plain.add(hashes[k], k);
    for (let k = 0; k < n >> 3; k++) plain.add(hashString(`u${k % 1000}`), n + k);
    expect(late.slots(hashString('u7'))).toEqual(plain.slots(hashString('u7')));
    // Small: no step of its own. Once filed, reserve leaves the index as it is.
    const small = new HashIndex();
    expect([...reserveSteps(small, 10)]).toEqual([]);
    small.add(hashString('a'), 0);
    const before = arrays(small);
    small.reserve(n);
    expect(arrays(small).every((a, i) => a === before[i])).toBe(true);
    expect(small.slots(hashString('a'))).toEqual([0]);
  });

  it('finds nothing under a hash never filed', () => {
    const ix = new HashIndex(10_000);
    ix.add(hashString('a'), 3);
    expect(ix.count(hashString('b'))).toBe(0);
    expect(ix.slots(hashString('b'))).toEqual([]);
  });
});

describe('familyHash', () => {
  it('equals the hash of the family key (31 bits) for every kind of URL, with and without the lowercase hint', () => {
    const urls = [
      'https://www.example.com/a/b/?q=1',
      'https://www.example.com/a/b/',
      'https://example.com/a/b#frag',
      'https://WWW.Example.COM/A/?X=Y#f',
      'http://user:pw@example.com/x',
      'https://example.com:8080/x/',
      'https://example.com',
      'https://straße.de/café/',
      // Non-ASCII outside the hashed range only; a long URL; a doubled slash before a query.
      'https://www.example.com/a/#café',
      `https://www.example.com/${'Ab/'.repeat(1500)}?Q=1`,
      'https://Example.com//?a',
      'mailto:someone@example.com',
      'ftp://files.example.com/pub/',
      '/relative/path',
      '',
    ];
    for (const u of urls) {
      const p = scanUrl(u);
      expect(familyHash(u, p)).toBe(hashString(familyOf(u, p)) >> 1);
      if (u === u.toLowerCase() && /^[\x20-\x7e]*$/.test(u))
        expect(familyHash(u, p, true)).toBe(hashString(familyOf(u, p)) >> 1);
    }
    const a = 'https://www.example.com/x/';
    const b = 'https://EXAMPLE.com/x';
    expect(familyHash(a, scanUrl(a))).toBe(familyHash(b, scanUrl(b)));
  });
});
