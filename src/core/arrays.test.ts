import { describe, expect, it } from 'vitest';
import { joinArrays } from './arrays.ts';

describe('joinArrays', () => {
  it('equals flat() for parts of any length, empty ones and nested arrays included', () => {
    const parts: number[][][] = [[], [[1]], [[2], [3, 4]], [], [[5]]];
    expect(joinArrays(parts)).toEqual(parts.flat());
    expect(joinArrays([])).toEqual([]);
  });

  it('joins more parts than one batch of arguments, in order', () => {
    const parts = Array.from({ length: 10_000 }, (_, p) =>
      Array.from({ length: p % 3 }, (_, i) => p * 3 + i),
    );
    const joined = joinArrays(parts);
    expect(joined).toEqual(parts.flat());
    expect(joined.length).toBe(9_999); // 3,333 parts each of 0, 1 and 2 elements
  });
});
