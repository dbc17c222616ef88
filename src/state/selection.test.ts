import { describe, expect, it } from 'vitest';
import { selectAll, selectedRowCount, selectedViewRows } from './selection.ts';

describe('selection', () => {
  it('merges overlapping ranges into sorted unique rows, clamped', () => {
    const sel = {
      active: null,
      ranges: [
        { r0: 5, c0: 0, r1: 3, c1: 0 },
        { r0: 4, c0: 1, r1: 7, c1: 2 },
        { r0: 20, c0: 0, r1: 30, c1: 0 },
      ],
    };
    expect(Array.from(selectedViewRows(sel, 10))).toEqual([3, 4, 5, 6, 7]);
    expect(selectedRowCount(sel, 10)).toBe(5);
  });

  it('uses the active row when there is no range', () => {
    expect(Array.from(selectedViewRows({ active: { row: 2, col: 3 }, ranges: [] }, 10))).toEqual([2]);
  });

  it('select all is one range, however many rows', () => {
    const sel = selectAll(1_000_000, 5);
    expect(sel.ranges).toEqual([{ r0: 0, c0: 0, r1: 999_999, c1: 4 }]);
    expect(selectedRowCount(sel, 1_000_000)).toBe(1_000_000);
  });
});
