/**
 * Selection helpers. A selection is a list of rectangles in view coordinates; these functions
 * turn it into rows or entry ids only when a command needs them.
 */
import { readRows } from '../core/lazyEntries.ts';
import type { Entry } from '../core/model.ts';
import { idIndexOf } from './patch.ts';
import type { AppState, CellRange, Selection } from './types.ts';

/** Disjoint, sorted [from, to] row spans covered by the selection, clamped to `rowCount`. */
function mergedSpans(selection: Selection, rowCount: number): Array<[number, number]> {
  const ranges: CellRange[] = selection.ranges.length
    ? [...selection.ranges]
    : selection.active
      ? [{ r0: selection.active.row, c0: 0, r1: selection.active.row, c1: 0 }]
      : [];
  const spans = ranges
    .map((r): [number, number] => [
      Math.max(0, Math.min(r.r0, r.r1)),
      Math.min(rowCount - 1, Math.max(r.r0, r.r1)),
    ])
    .filter(([a, b]) => a <= b)
    .sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of spans) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * Sorted, unique view rows covered by the selection (clamped to `rowCount`). When there are no
 * ranges, the active cell's row counts.
 *
 * @example selectedViewRows({ active: null, ranges: [{ r0: 2, c0: 0, r1: 4, c1: 1 }] }, 10) // [2, 3, 4]
 */
export function selectedViewRows(selection: Selection, rowCount: number): Int32Array {
  const spans = mergedSpans(selection, rowCount);
  const out = new Int32Array(spans.reduce((n, [a, b]) => n + b - a + 1, 0));
  let k = 0;
  for (const [a, b] of spans) for (let r = a; r <= b; r++) out[k++] = r;
  return out;
}

/** Document indexes of the selected rows, in view order. */
export function selectedDocIndexes(state: AppState): Int32Array {
  const order = state.rowOrder;
  const rows = selectedViewRows(state.selection, order.length);
  const out = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = order[rows[i]];
  return out;
}

/**
 * Entry ids of the selected rows, in view order: what `deleteRows`, `bulkSet` and
 * `duplicateRows` take.
 *
 * @example commands.deleteRows(selectedEntryIds(store.getState()))
 */
export function selectedEntryIds(state: AppState): number[] {
  // Ids from the rows: a received document's stay unmade (core/lazyEntries.ts).
  const read = readRows(state.doc?.entries ?? []);
  return Array.from(selectedDocIndexes(state), (i) => read.id(i));
}

/** Number of selected rows, without materializing them. */
export function selectedRowCount(selection: Selection, rowCount: number): number {
  return mergedSpans(selection, rowCount).reduce((n, [a, b]) => n + b - a + 1, 0);
}

/** Selection of every cell: one range (Ctrl+A). */
export function selectAll(rowCount: number, colCount: number): Selection {
  if (rowCount === 0 || colCount === 0) return { active: null, ranges: [] };
  return { active: { row: 0, col: 0 }, ranges: [{ r0: 0, c0: 0, r1: rowCount - 1, c1: colCount - 1 }] };
}

/**
 * Document index of entry `id` (-1: none) by the id index: no row is read (a received document's
 * rows stay unmade, core/lazyEntries.ts).
 *
 * @example const i = indexOfEntry(doc.entries, issue.entry); if (i >= 0) show(doc.entries[i]);
 */
export function indexOfEntry(entries: readonly Entry[], id: number): number {
  const at = idIndexOf(entries);
  return id >= 0 && id < at.length ? at[id] : -1;
}
