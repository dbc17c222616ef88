import { describe, expect, it } from 'vitest';
import {
  cellSelection,
  extendTo,
  isInSelection,
  movingCorner,
  navigate,
  rowSelectionMask,
} from './gridSelection.ts';

const size = { rows: 100, cols: 5, pageRows: 20 };

describe('navigate', () => {
  it('moves the active cell and collapses the range, clamped to the grid', () => {
    const s = navigate(cellSelection(0, 0), { type: 'move', dRow: -1, dCol: 1, extend: false }, size);
    expect(s).toEqual(cellSelection(0, 1));
  });

  it('jumps to the last row with a huge Ctrl+arrow delta', () => {
    const s = navigate(
      cellSelection(3, 2),
      { type: 'move', dRow: Number.MAX_SAFE_INTEGER, dCol: 0, extend: false },
      size,
    );
    expect(s?.active).toEqual({ row: 99, col: 2 });
  });

  it('extends a range with Shift and keeps the active cell', () => {
    let s = cellSelection(5, 1);
    s = navigate(s, { type: 'move', dRow: 1, dCol: 0, extend: true }, size)!;
    s = navigate(s, { type: 'move', dRow: 1, dCol: 1, extend: true }, size)!;
    expect(s.active).toEqual({ row: 5, col: 1 });
    expect(s.ranges).toEqual([{ r0: 5, r1: 7, c0: 1, c1: 2 }]);
    s = navigate(s, { type: 'move', dRow: -4, dCol: 0, extend: true }, size)!;
    expect(s.ranges).toEqual([{ r0: 3, r1: 5, c0: 1, c1: 2 }]);
  });

  it('pages by a screen less one row and goes to grid and row edges', () => {
    expect(navigate(cellSelection(0, 0), { type: 'page', dir: 1, extend: false }, size)?.active).toEqual({
      row: 19,
      col: 0,
    });
    expect(
      navigate(cellSelection(4, 2), { type: 'gridEdge', edge: 'end', extend: false }, size)?.active,
    ).toEqual({
      row: 99,
      col: 4,
    });
    expect(
      navigate(cellSelection(4, 2), { type: 'rowEdge', edge: 'start', extend: false }, size)?.active,
    ).toEqual({
      row: 4,
      col: 0,
    });
  });

  it('selects everything as one range', () => {
    const s = navigate(cellSelection(4, 2), { type: 'selectAll' }, size);
    expect(s?.ranges).toEqual([{ r0: 0, r1: 99, c0: 0, c1: 4 }]);
  });

  it('ignores non-navigation actions and empty grids', () => {
    expect(navigate(cellSelection(0, 0), { type: 'edit' }, size)).toBeNull();
    expect(
      navigate(cellSelection(0, 0), { type: 'selectAll' }, { rows: 0, cols: 5, pageRows: 1 }),
    ).toBeNull();
  });
});

describe('range helpers', () => {
  it('extends to a clicked cell and reports membership and the moving corner', () => {
    const s = extendTo(cellSelection(10, 3), { row: 2, col: 1 });
    expect(isInSelection(s, 5, 2)).toBe(true);
    expect(isInSelection(s, 11, 2)).toBe(false);
    expect(movingCorner(s)).toEqual({ row: 2, col: 1 });
  });

  it('gives one row its selected columns as bits, agreeing with isInSelection', () => {
    const s = {
      active: { row: 4, col: 1 },
      ranges: [
        { r0: 2, r1: 6, c0: 1, c1: 3 },
        { r0: 5, r1: 5, c0: 8, c1: 9 },
      ],
    };
    for (const row of [1, 2, 5, 6, 7]) {
      const mask = rowSelectionMask(s, row);
      for (let col = 0; col < 10; col++) expect((mask & (1 << col)) !== 0).toBe(isInSelection(s, row, col));
    }
    expect(rowSelectionMask(s, 5)).toBe(0b1100001110);
    expect(rowSelectionMask({ active: null, ranges: [] }, 0)).toBe(0);
  });
});
