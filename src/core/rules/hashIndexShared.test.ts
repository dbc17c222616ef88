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
