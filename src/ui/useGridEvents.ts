import type React from 'react';
import { useRef } from 'react';
import { type DayMonthOrder, isEditableField } from '../state/columns.ts';
import type { Commands, Selection } from '../state/types.ts';
import { plural } from './format.ts';
import {
  clearChanges,
  entryAtRow,
  fillDownChanges,
  type GridData,
  type PastePlan,
  pasteLabel,
  planPaste,
  rangeToTsv,
  readPaste,
} from './gridCommands.ts';
import { cellSelection, extendTo, mainRange, navigate } from './gridSelection.ts';
import { type GridAction, gridKeyAction } from './keyboard.ts';

/** A cell being edited; `typed` is the key that started editing (null for Enter / F2 / double-click). */
export interface EditingCell {
  row: number;
  col: number;
  typed: string | null;
}

interface Options {
  data: GridData;
  selection: Selection;
  commands: Commands;
  pageRows: number;
  editing: EditingCell | null;
  startEdit(cell: EditingCell): void;
  /** Ask the grid to move keyboard focus to the active cell after the next render. */
  requestFocus(): void;
  /** Close the active cell's problem tip; false when none is open. */
  closeTip(): boolean;
  /** The day/month order of the settings, for reading pasted dates. */
  dateOrder: DayMonthOrder | undefined;
  /** Ask the day/month order of a pasted date (`sample`) once; `then` runs with the answer. */
  askDateOrder(sample: string, then: (order: DayMonthOrder) => void): void;
}

// A body cell carries its column (data-col); its row is its tr's aria-rowindex (header = 1, so
// view row = aria-rowindex − 2). No per-cell row attribute to rewrite when a row slot scrolls.
function cellFromEvent(e: React.SyntheticEvent): { row: number; col: number } | null {
  const el = (e.target as HTMLElement).closest<HTMLElement>('[data-col]');
  const tr = el?.parentElement;
  if (!el || !tr?.hasAttribute('aria-rowindex')) return null;
  return { row: Number(tr.getAttribute('aria-rowindex')) - 2, col: Number(el.dataset.col) };
}

/** Mouse, keyboard and clipboard handlers for the grid, delegated from its root element. */
export function useGridEvents(o: Options) {
  // Where the button went down, while a drag may be selecting a range; null when not dragging.
  const dragging = useRef<{ x: number; y: number } | null>(null);
  const size = { rows: o.data.rowOrder.length, cols: o.data.columns.length, pageRows: o.pageRows };

  const editable = (row: number, col: number) => {
    const column = o.data.columns[col];
    return row < size.rows && column !== undefined && isEditableField(column);
  };

  function run(action: GridAction): boolean {
    const { commands, selection, data } = o;
    const range = mainRange(selection);
    const active = selection.active;
    switch (action.type) {
      case 'undo':
        commands.undo();
        return true;
      case 'redo':
        commands.redo();
        return true;
      case 'edit':
      case 'type':
        if (!active || !editable(active.row, active.col)) return action.type === 'edit';
        o.startEdit({ ...active, typed: action.type === 'type' ? action.text : null });
        return true;
      case 'clear': {
        if (!range) return true;
        const changes = clearChanges(data, range);
        if (changes.length) commands.setCells(changes, `Clear ${plural(changes.length, 'cell')}`);
        return true;
      }
      case 'fillDown': {
        if (!range) return true;
        const changes = fillDownChanges(data, range);
        if (changes.length) commands.setCells(changes, `Fill down ${plural(changes.length, 'cell')}`);
        return true;
      }
      case 'escape':
        // An open problem tip takes the first Escape, and only closes itself.
        if (o.closeTip()) return true;
        if (active) commands.setSelection(cellSelection(active.row, active.col));
        return true;
      default: {
        const next = navigate(selection, action, size);
        if (!next) return false;
        commands.setSelection(next);
        o.requestFocus();
        return true;
      }
    }
  }

  return {
    onKeyDown(e: React.KeyboardEvent) {
      if (o.editing || e.defaultPrevented) return;
      const action = gridKeyAction(e);
      if (!action) return;
      // ArrowUp on the first row goes to the column header (sort with Enter, back with ArrowDown).
      const active = o.selection.active;
      if (action.type === 'move' && action.dRow === -1 && !action.extend && active?.row === 0) {
        const header = (e.currentTarget as HTMLElement).querySelector<HTMLElement>(
          `th[aria-colindex="${active.col + 1}"] button`,
        );
        if (header) {
          e.preventDefault();
          header.focus();
          return;
        }
      }
      if (run(action)) e.preventDefault();
    },
    onMouseDown(e: React.MouseEvent) {
      const cell = cellFromEvent(e);
      if (!cell || e.button !== 0) return;
      dragging.current = { x: e.clientX, y: e.clientY };
      const sel = e.shiftKey ? extendTo(o.selection, cell) : cellSelection(cell.row, cell.col);
      o.commands.setSelection(sel);
      o.requestFocus();
      if (e.shiftKey) e.preventDefault();
    },
    onMouseOver(e: React.MouseEvent) {
      const start = dragging.current;
      if (!start || e.buttons !== 1) {
        dragging.current = null;
        return;
      }
      // A pointer that has not moved since the press only sees another cell because the grid
      // scrolled under it (bringing the clicked cell whole into view): that is not a drag.
      if (e.clientX === start.x && e.clientY === start.y) return;
      const cell = cellFromEvent(e);
      if (cell) o.commands.setSelection(extendTo(o.selection, cell));
    },
    onMouseUp() {
      dragging.current = null;
    },
    onDoubleClick(e: React.MouseEvent) {
      const cell = cellFromEvent(e);
      if (cell && editable(cell.row, cell.col)) o.startEdit({ ...cell, typed: null });
    },
    onCopy(e: React.ClipboardEvent) {
      const range = mainRange(o.selection);
      if (o.editing || !range || size.rows === 0) return;
      e.clipboardData.setData('text/plain', rangeToTsv(o.data, range));
      e.preventDefault();
    },
    onPaste(e: React.ClipboardEvent) {
      if (o.editing) return;
      // With nothing selected (e.g. a new, empty sitemap) a paste lands in the URL column.
      const range = mainRange(o.selection) ?? {
        r0: size.rows,
        c0: Math.max(0, o.data.columns.indexOf('loc')),
      };
      e.preventDefault();
      const plan = planPaste(o.data, e.clipboardData.getData('text/plain'), range.r0, range.c0);
      // One paste is one undo step, including rows it adds past the end.
      if (!plan.changes.length && !plan.newRows.length) return;
      const read = readPaste(plan, o.dateOrder);
      if ('needs' in read) {
        const { commands } = o;
        o.askDateOrder(read.sample, (order) => {
          const again = readPaste(plan, order);
          if ('plan' in again) commitPaste(commands, again.plan);
        });
      } else commitPaste(o.commands, read.plan);
    },
  };
}

function commitPaste(commands: Commands, plan: PastePlan) {
  commands.setCells(plan.changes, pasteLabel(plan), plan.newRows);
}

/** The entry id under a view row, for committing an edit. */
export function entryIdAt(data: GridData, row: number): number {
  return entryAtRow(data, row).id;
}
