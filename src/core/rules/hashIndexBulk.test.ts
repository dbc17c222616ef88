import { describe, expect, it } from 'vitest';
import type { Entry, Issue } from '../model.ts';
import { entryPatch, invertPatch } from '../patch.ts';
import { Validator, validateDocument } from '../validate.ts';
import { HashIndex } from './hashIndex.ts';

/** Deterministic pseudo-random integers in [0, n). */
function prng(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) | 0;
    return (((x >>> 8) % n) + n) % n;
  };
}

/** Everything an index answers about `hashes`: per hash its slots in chain order, and the totals. */
function answers(ix: HashIndex, hashes: Iterable<number>): string {
  const per = [...new Set(hashes)]
    .sort((a, b) => a - b)
    .map((h) => `${h}:${ix.slots(h).join(',')}/${ix.count(h)}`);
  const shared: number[] = [];
  ix.forEachShared((q) => shared.push(q));
  return `${ix.size} ${ix.sharedHashes} [${shared.sort((a, b) => a - b).join(',')}] ${per.join(' ')}`;
}

describe('HashIndex.addAllSteps', () => {
  it('files in bounded steps, to the same index as add one by one', () => {
    const rnd = prng(7);
    const count = 20_000;
    const hashes = Int32Array.from({ length: count }, () => rnd(3_000));
    const slots = Int32Array.from({ length: count }, (_, k) => k);
    const one = new HashIndex(count);
    for (let k = 0; k < count; k++) one.add(hashes[k], slots[k]);
    const stepped = new HashIndex(count);
    let yields = 0;
    for (const _ of stepped.addAllSteps(hashes, slots, count, 1_000)) yields++;
    // After each of the two passes, then every 1,000 probes after the first.
    expect(yields).toBe(2 + count / 1_000 - 1);
    expect(answers(stepped, hashes)).toBe(answers(one, hashes));
  });
});

describe('HashIndex.addAll', () => {
  it('files pairs exactly as add one by one, then edits the same way', () => {
    for (const [seed, space, count] of [
      [1, 50, 3_000],
      [2, 100_000, 5_000],
      [3, 1 << 30, 20_000],
    ] as const) {
      const rnd = prng(seed);
      // Hashes from a small space collide and share chains; some are negative, as real ones are.
      const hashes = Int32Array.from({ length: count }, () => rnd(space) - (rnd(4) === 0 ? space : 0));
      const slots = Int32Array.from({ length: count }, (_, k) => (rnd(10) === 0 ? rnd(k + 1) : k));
      const one = new HashIndex(count);
      const bulk = new HashIndex(count);
      // Pairs filed before the bulk call, and one removed, on both sides.
      for (let k = 0; k < 50; k++) {
        one.add(hashes[k], slots[k]);
        bulk.add(hashes[k], slots[k]);
      }
      one.remove(hashes[3], slots[3]);
      bulk.remove(hashes[3], slots[3]);
      for (let k = 50; k < count; k++) one.add(hashes[k], slots[k]);
      bulk.addAll(hashes.subarray(50), slots.subarray(50), count - 50);
      expect(answers(bulk, hashes)).toBe(answers(one, hashes));
      // Later edits (remove, re-add, a new slot range) keep both the same.
      for (let e = 0; e < 500; e++) {
        const k = rnd(count);
        one.remove(hashes[k], slots[k]);
        bulk.remove(hashes[k], slots[k]);
        const h = rnd(space);
        one.add(h, count + e);
        bulk.add(h, count + e);
      }
      expect(
        answers(bulk, [...hashes, ...Array.from({ length: space < 200_000 ? space : 0 }, (_, i) => i)]),
      ).toBe(answers(one, [...hashes, ...Array.from({ length: space < 200_000 ? space : 0 }, (_, i) => i)]));
    }
  });

  it('grows a small index for a bulk load larger than it was sized for', () => {
    const ix = new HashIndex(0);
    const n = 10_000;
    ix.addAll(
      Int32Array.from({ length: n }, (_, k) => k % 3000),
      Int32Array.from({ length: n }, (_, k) => k),
      n,
    );
    expect(ix.size).toBe(n);
    expect(ix.sharedHashes).toBe(3000);
    expect(ix.slots(7)).toEqual([7, 3007, 6007, 9007]);
  });
});

describe('duplicate groups filed in bulk at load', () => {
  const SETTINGS = { now: Date.UTC(2026, 10, 21) };
  const show = (issues: readonly Issue[]) => issues.map((i) => `${i.entry} ${i.rule} ${i.message}`);

  it('give the issues of a fresh load after edits and their undo', () => {
    const rnd = prng(9);
    const forms = (p: number) => [
      `https://www.example.com/p/${p}`,
      `https://www.example.com/p/${p}/`,
      `http://example.com/p/${p}`,
      `https://www.example.com/P/${p}`,
    ];
    let entries: Entry[] = Array.from({ length: 2000 }, (_, i) => ({
      id: i,
      loc: forms(rnd(350))[rnd(4)],
      line: i + 2,
    }));
    const v = new Validator(SETTINGS);
    v.load({ kind: 'urlset', entries, nextId: entries.length });
    expect(show(v.all())).toEqual(
      show(validateDocument({ kind: 'urlset', entries, nextId: entries.length }, SETTINGS)),
    );
    for (let e = 0; e < 24; e++) {
      const k = rnd(entries.length);
      const before = entries[k];
      const after = { ...before, loc: forms(rnd(350))[rnd(4)] };
      const patch = entryPatch({ updated: [[before, after]] });
      v.apply(patch);
      entries = entries.map((x) => (x === before ? after : x));
      if (e % 5 === 0) {
        v.apply(invertPatch(patch));
        entries = entries.map((x) => (x === after ? before : x));
      }
      if (e % 4 !== 3) continue;
      const full = validateDocument({ kind: 'urlset', entries, nextId: entries.length }, SETTINGS);
      expect(show(v.all())).toEqual(show(full));
    }
  });

  it('hreflang clusters filed in bulk give the issues of a fresh load after edits and their undo', () => {
    const rnd = prng(5);
    const page = (lang: string, p: number) => `https://www.example.com/${lang}/p/${p}`;
    const langs = ['en', 'de', 'fr'];
    const alternatesOf = (p: number) =>
      langs
        .filter(() => rnd(5) !== 0)
        .map((l) => ({
          rel: 'alternate',
          hreflang: l,
          href: page(rnd(9) === 0 ? 'en' : l, rnd(9) === 0 ? p + 1 : p),
        }));
    let entries: Entry[] = Array.from({ length: 1500 }, (_, i) => {
      const p = rnd(400);
      return { id: i, loc: page(langs[rnd(3)], p), line: i + 2, alternates: alternatesOf(p) };
    });
    const v = new Validator(SETTINGS);
    v.load({ kind: 'urlset', entries, nextId: entries.length });
    const fresh = () => show(validateDocument({ kind: 'urlset', entries, nextId: entries.length }, SETTINGS));
    expect(show(v.all())).toEqual(fresh());
    expect(v.all().some((i) => i.rule.startsWith('HREF'))).toBe(true);
    for (let e = 0; e < 16; e++) {
      const k = rnd(entries.length);
      const before = entries[k];
      const p = rnd(400);
      const after =
        e % 2 ? { ...before, alternates: alternatesOf(p) } : { ...before, loc: page(langs[rnd(3)], p) };
      const patch = entryPatch({ updated: [[before, after]] });
      v.apply(patch);
      entries = entries.map((x) => (x === before ? after : x));
      if (e % 5 === 0) {
        v.apply(invertPatch(patch));
        entries = entries.map((x) => (x === after ? before : x));
      }
      if (e % 4 === 3) expect(show(v.all())).toEqual(fresh());
    }
  });
});
