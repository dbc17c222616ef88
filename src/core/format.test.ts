import { describe, expect, it } from 'vitest';
import { fmtInt, plural } from './format.ts';

const intl = new Intl.NumberFormat('en-US');

describe('fmtInt', () => {
  it('groups integers exactly as Intl en-US does', () => {
    const values = [0, -0, 1, 7, 12, 999, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 123_456];
    values.push(999_999, 1_000_000, 1_234_567, 50_000, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER);
    for (let x = 1; x < 1e15; x = x * 7 + 3) values.push(x);
    for (const v of values) {
      expect(fmtInt(v)).toBe(intl.format(v));
      expect(fmtInt(-v)).toBe(intl.format(-v));
    }
  });

  it('formats what is not a safe integer through Intl', () => {
    for (const v of [1.5, 1234.5678, -0.25, 2 ** 60, 1e21, Number.NaN, Infinity, -Infinity])
      expect(fmtInt(v)).toBe(intl.format(v));
  });

  it('plural counts with the grouping', () => {
    expect(plural(1, 'URL')).toBe('1 URL');
    expect(plural(12_345, 'URL')).toBe('12,345 URLs');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
});
