import { describe, expect, it } from 'vitest';
import { HashIndex } from './hashIndex.ts';

describe('HashIndex.forEachSharedSteps', () => {
  it('yields in bounded steps and visits the same slots as forEachShared', () => {
    const count = 30_000;
    const ix = new HashIndex(count);
    // Every third slot shares its hash with the slot before it; the rest are unique.
    for (let k = 0; k < count; k++) ix.add(k % 3 === 2 ? k - 1 : k, k);
    const once: number[] = [];
    ix.forEachShared((q) => once.push(q));
    const stepped: number[] = [];
    let yields = 0;
    for (const _ of ix.forEachSharedSteps((q) => stepped.push(q), 1_000)) yields++;
    expect(once).toHaveLength((count / 3) * 2);
    expect(stepped).toEqual(once);
    // A step is at most 1,000 cells or calls: the table (≥ 2 cells per hash) takes many.
    expect(yields).toBeGreaterThan(count / 1_000);
  });
});

describe('HashIndex.addAllSteps at a million pairs', () => {
  it('yields inside its linear passes too, to the same index as one call', () => {
    const count = 600_000;
    const hashes = Int32Array.from({ length: count }, (_, k) => ((k * 2_654_435_761) % 200_003) | 0);
    const slots = Int32Array.from({ length: count }, (_, k) => k);
    const one = new HashIndex(count);
    one.addAll(hashes, slots, count);
    const stepped = new HashIndex(count);
    // Probe steps as big as the load: every yield is one of the passes before the probes.
    let yields = 0;
    for (const _ of stepped.addAllSteps(hashes, slots, count, count)) yields++;
    expect(yields).toBe(4 * 2); // four passes of 600,000 pairs, a yield every 262,144
    expect(stepped.size).toBe(one.size);
    expect(stepped.sharedHashes).toBe(one.sharedHashes);
    for (const h of [hashes[0], hashes[1], hashes[count - 1]]) expect(stepped.slots(h)).toEqual(one.slots(h));
  });
});
