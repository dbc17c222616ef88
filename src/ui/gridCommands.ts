import type { Entry } from '../core/model.ts';
import {
  type ColumnId,
  cellText,
  type DayMonthOrder,
  type EditableField,
  isEditableField,
  readTypedCells,
} from '../state/columns.ts';
import type { CellChange, CellRange } from '../state/types.ts';
import { formatTsv, parseTsv } from './clipboard.ts';
import { plural } from './format.ts';

/** What the grid shows: the document's entries in view order, and the visible columns. */
export interface GridData {
  entries: readonly Entry[];
  /** Entry indexes in view order (the store's `rowOrder`). */
  rowOrder: Int32Array;
  columns: readonly ColumnId[];
}

/** The entry shown on view row `row`. */
export function entryAtRow(data: GridData, row: number): Entry {
  return data.entries[data.rowOrder[row]];
}

/** Text of one cell as copied to the clipboard (row numbers are 1-based view positions). */
export function copyText(data: GridData, row: number, col: number): string {
  const column = data.columns[col];
  if (column === 'row') return String(row + 1);
  return cellText(entryAtRow(data, row), column);
}

/** The range as TSV for Google Sheets / Excel. */
export function rangeToTsv(data: GridData, range: CellRange): string {
  const rows: string[][] = [];
  for (let r = range.r0; r <= range.r1; r++) {
    const cells: string[] = [];
    for (let c = range.c0; c <= range.c1; c++) cells.push(copyText(data, r, c));
    rows.push(cells);
  }
  return formatTsv(rows);
}

/** Edits a paste turns into: changes to existing rows plus new rows past the end. */
export interface PastePlan {
  changes: CellChange[];
  newRows: Array<Omit<Entry, 'id'>>;
}

/**
 * Plan a TSV paste with its top-left at (row, col). Cells falling on non-editable columns are
 * skipped; rows past the end of the view become new entries (a pasted URL list adds rows).
 */
export function planPaste(data: GridData, text: string, row: number, col: number): PastePlan {
  const grid = parseTsv(text);
  const plan: PastePlan = { changes: [], newRows: [] };
  const total = data.rowOrder.length;
  for (let i = 0; i < grid.length; i++) {
    const fresh: Partial<Record<EditableField, string>> = {};
    grid[i].forEach((value, j) => {
      const column = data.columns[col + j];
      if (!column || !isEditableField(column)) return;
      if (row + i < total) plan.changes.push({ id: entryAtRow(data, row + i).id, field: column, value });
      else if (value !== '') fresh[column] = value;
    });
    if (row + i >= total && Object.keys(fresh).length > 0) plan.newRows.push({ loc: '', ...fresh });
  }
  return plan;
}

/**
 * The paste's values read as typed into the cell editor (state `readTypedCells`: `15/01/2024` →
 * `2024-01-15`, `Weekly` → `weekly`, `0,8` → `0.8`), or the date whose day/month order must be
 * asked first (once for the whole paste).
 */
export function readPaste(
  plan: PastePlan,
  order?: DayMonthOrder,
): { plan: PastePlan } | { needs: 'dateOrder'; sample: string } {
  const changes = readTypedCells(plan.changes, order);
  if ('needs' in changes) return changes;
  const fresh = plan.newRows.flatMap((r, row) =>
    (Object.keys(r) as EditableField[]).map((field) => ({ row, field, value: r[field] ?? '' })),
  );
  const read = readTypedCells(fresh, order);
  if ('needs' in read) return read;
  const newRows = plan.newRows.map((): Omit<Entry, 'id'> => ({ loc: '' }));
  for (const c of read.cells) newRows[c.row][c.field] = c.value;
  return { plan: { changes: changes.cells, newRows } };
}

/**
 * The undo label of a paste: the cells it changes, or, when it adds rows, the rows it touches
 * (changed ones counted once, however many of their cells change, plus the new ones).
 *
 * @example pasteLabel({ changes: [{ id: 1, field: 'loc', value: 'x' }], newRows: [] }) === 'Paste 1 cell'
 */
export function pasteLabel(plan: PastePlan): string {
  if (plan.newRows.length === 0) return `Paste ${plural(plan.changes.length, 'cell')}`;
  const rows = new Set(plan.changes.map((c) => c.id)).size + plan.newRows.length;
  return `Paste ${plural(rows, 'row')}`;
}

function editableColumns(data: GridData, range: CellRange): EditableField[] {
  const out: EditableField[] = [];
  for (let c = range.c0; c <= range.c1; c++) {
    const column = data.columns[c];
    if (column && isEditableField(column)) out.push(column);
  }
  return out;
}

/** Delete: every editable cell of the range becomes empty. */
export function clearChanges(data: GridData, range: CellRange): CellChange[] {
  const fields = editableColumns(data, range);
  const out: CellChange[] = [];
  for (let r = range.r0; r <= range.r1; r++) {
    const id = entryAtRow(data, r).id;
    for (const field of fields) out.push({ id, field, value: '' });
  }
  return out;
}

/**
 * Ctrl+D: the range's top row is copied into the rows below it; a one-row range copies the row
 * above it (as spreadsheets do).
 */
export function fillDownChanges(data: GridData, range: CellRange): CellChange[] {
  const source = range.r0 === range.r1 ? range.r0 - 1 : range.r0;
  if (source < 0) return [];
  const from = entryAtRow(data, source);
  const fields = editableColumns(data, range);
  const out: CellChange[] = [];
  for (let r = source + 1; r <= range.r1; r++) {
    const id = entryAtRow(data, r).id;
    for (const field of fields)
      out.push({ id, field, value: field === 'loc' ? from.loc : (from[field] ?? '') });
  }
  return out;
}
