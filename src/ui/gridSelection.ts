import type { CellRange, Selection } from '../state/types.ts';
import type { GridAction } from './keyboard.ts';

/** Grid dimensions a selection move needs. */
export interface GridSize {
  rows: number;
  cols: number;
  /** Rows that fit on one screen, for PageUp / PageDown. */
  pageRows: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** A single-cell selection. */
export function cellSelection(row: number, col: number): Selection {
  return { active: { row, col }, ranges: [{ r0: row, c0: col, r1: row, c1: col }] };
}

/** The rectangle spanned by two corners, normalized so r0 ≤ r1 and c0 ≤ c1. */
export function spanRange(a: { row: number; col: number }, b: { row: number; col: number }): CellRange {
  return {
    r0: Math.min(a.row, b.row),
    r1: Math.max(a.row, b.row),
    c0: Math.min(a.col, b.col),
    c1: Math.max(a.col, b.col),
  };
}

/** The selection's main range (the last one), or the active cell, or null. */
export function mainRange(sel: Selection): CellRange | null {
  const last = sel.ranges[sel.ranges.length - 1];
  if (last) return last;
  if (sel.active) return spanRange(sel.active, sel.active);
  return null;
}

/** The corner of the main range opposite the active cell: the one Shift+arrows move. */
export function movingCorner(sel: Selection): { row: number; col: number } | null {
  const r = mainRange(sel);
  if (!r || !sel.active) return null;
  return { row: sel.active.row === r.r0 ? r.r1 : r.r0, col: sel.active.col === r.c0 ? r.c1 : r.c0 };
}

/** Extend the selection from its active cell to `to` (Shift+click, Shift+arrows). */
export function extendTo(sel: Selection, to: { row: number; col: number }): Selection {
  const active = sel.active ?? to;
  return { active, ranges: [spanRange(active, to)] };
}

/** True when (row, col) lies inside any selected range. */
export function isInSelection(sel: Selection, row: number, col: number): boolean {
  for (const r of sel.ranges) {
    if (row >= r.r0 && row <= r.r1 && col >= r.c0 && col <= r.c1) return true;
  }
  return false;
}

/** Bit `c` set for every column `c` (< 31) of `row` inside a selected range: one row's cells at once. */
export function rowSelectionMask(sel: Selection, row: number): number {
  let mask = 0;
  for (const r of sel.ranges) {
    if (row < r.r0 || row > r.r1) continue;
    const hi = Math.min(r.c1, 30);
    for (let c = Math.max(r.c0, 0); c <= hi; c++) mask |= 1 << c;
  }
  return mask;
}

function target(
  from: { row: number; col: number },
  action: GridAction,
  size: GridSize,
): { row: number; col: number } | null {
  switch (action.type) {
    case 'move':
      return {
        row: from.row + clampDelta(action.dRow, size.rows),
        col: from.col + clampDelta(action.dCol, size.cols),
      };
    case 'page':
      return { row: from.row + action.dir * Math.max(1, size.pageRows - 1), col: from.col };
    case 'rowEdge':
      return { row: from.row, col: action.edge === 'start' ? 0 : size.cols - 1 };
    case 'gridEdge':
      return action.edge === 'start' ? { row: 0, col: 0 } : { row: size.rows - 1, col: size.cols - 1 };
    default:
      return null;
  }
}

// Ctrl+arrow sends a huge delta; keep the arithmetic inside safe integers.
function clampDelta(d: number, n: number): number {
  return clamp(d, -n, n);
}

/**
 * Apply a navigation action. Without `extend` the active cell moves and the range collapses;
 * with `extend` the active cell stays and the moving corner goes. Returns null for other actions.
 */
export function navigate(sel: Selection, action: GridAction, size: GridSize): Selection | null {
  if (size.rows === 0 || size.cols === 0) return null;
  if (action.type === 'selectAll') {
    const active = sel.active ?? { row: 0, col: 0 };
    return { active, ranges: [{ r0: 0, c0: 0, r1: size.rows - 1, c1: size.cols - 1 }] };
  }
  const extend = 'extend' in action && action.extend;
  const from = extend ? (movingCorner(sel) ?? { row: 0, col: 0 }) : (sel.active ?? { row: 0, col: 0 });
  const to = target(from, action, size);
  if (!to) return null;
  const next = { row: clamp(to.row, 0, size.rows - 1), col: clamp(to.col, 0, size.cols - 1) };
  return extend ? extendTo(sel, next) : cellSelection(next.row, next.col);
}
