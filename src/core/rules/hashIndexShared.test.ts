import { describe, expect, it } from 'vitest';
import { HashIndex, PASS_STEP } from './hashIndex.ts';

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
    // Four passes of 600,000 pairs, a yield every PASS_STEP (32,768) pairs of each.
    expect(yields).toBe(4 * Math.floor((count - 1) / PASS_STEP));
    expect(stepped.size).toBe(one.size);
    expect(stepped.sharedHashes).toBe(one.sharedHashes);
    for (const h of [hashes[0], hashes[1], hashes[count - 1]]) expect(stepped.slots(h)).toEqual(one.slots(h));
  });
});

describe('HashIndex.addAllSteps step size', () => {
  it('handles at most two linear steps of pairs between two yields', () => {
    // Every pass reads hashes[k] or slots[k] once per pair: the reads between two yields count the
    // pairs a step handled. The linear passes also write the node arrays and the sort order, tens
    // of MB at a million pairs touched for the first time (page faults): 262,144 pairs per step
    // were 10-60 ms of CPU on a loaded machine, the first step of the duplicate index build.
    const count = 200_000;
    const plainHashes = Int32Array.from({ length: count }, (_, k) => ((k * 2_654_435_761) % 90_001) | 0);
    const plainSlots = Int32Array.from({ length: count }, (_, k) => k);
    let reads = 0;
    const counted = (a: Int32Array) =>
      new Proxy(a, {
        get(target, key) {
          if (typeof key === 'string' && key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57) reads++;
          return Reflect.get(target, key, target);
        },
      });
    const probes = 1_000;
    const ix = new HashIndex(count);
    let most = 0;
    for (const _ of ix.addAllSteps(counted(plainHashes), counted(plainSlots), count, probes)) {
      most = Math.max(most, reads);
      reads = 0;
    }
    most = Math.max(most, reads);
    // A step's pairs: the end of one pass and the start of the next (pass 2 reads both arrays).
    expect(most).toBeLessThanOrEqual(4 * PASS_STEP);
    expect(most).toBeGreaterThan(0);
    const one = new HashIndex(count);
    for (let k = 0; k < count; k++) one.add(plainHashes[k], k);
    expect(ix.size).toBe(one.size);
    expect(ix.sharedHashes).toBe(one.sharedHashes);
    for (const h of [plainHashes[0], plainHashes[7], plainHashes[count - 1]])
      expect(ix.slots(h)).toEqual(one.slots(h));
  });
});
