import { describe, expect, it } from 'vitest';
import { joinArrays, sameBytes, sameBytesAt, viewOf } from './arrays.ts';

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

describe('sameBytes', () => {
  it('compares a run of bytes with the bytes of another from an offset, aligned or not', () => {
    const whole = new Uint8Array(64).map((_, i) => i);
    expect(sameBytes(whole.subarray(8, 40), whole, 8)).toBe(true);
    expect(sameBytes(whole.subarray(9, 41), whole, 9)).toBe(true);
    expect(sameBytes(whole.subarray(8, 40), whole, 9)).toBe(false);
    expect(sameBytes(whole, whole.slice())).toBe(true);
    const changed = whole.slice();
    changed[37] = 0;
    expect(sameBytes(changed, whole)).toBe(false);
    // Past the end of `whole`: never equal (and never out of range).
    expect(sameBytes(whole.subarray(0, 8), whole, 60)).toBe(false);
  });
});

describe('sameBytesAt', () => {
  it('compares runs at any offsets of two buffers, four bytes at a time and the tail', () => {
    const x = new Uint8Array(40).map((_, i) => i);
    const y = new Uint8Array(50);
    y.set(x.subarray(3, 33), 7);
    const [vx, vy] = [viewOf(x.subarray(1)), viewOf(y)];
    // x.subarray(1): offset 1 into x's buffer, and the views keep their arrays' offsets.
    expect(sameBytesAt(vx, 2, vy, 7, 30)).toBe(true);
    expect(sameBytesAt(vx, 2, vy, 7, 31)).toBe(false);
    expect(sameBytesAt(vx, 3, vy, 7, 30)).toBe(false);
    y[35] ^= 1;
    expect(sameBytesAt(vx, 2, vy, 7, 28)).toBe(true);
    expect(sameBytesAt(vx, 2, vy, 7, 29)).toBe(false);
  });
});
