import { type CSSProperties, type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Entry, Issue } from '../core/model.ts';
import { type ColumnId, cellText, type DayMonthOrder, type EditableField } from '../state/columns.ts';
import type { AppState } from '../state/types.ts';
import type { ValidatorLike } from '../state/validation.ts';
import { CellTip } from './CellTip.tsx';
import { type GridTable, useGridTable } from './columnDefs.ts';
import { DateOrderDialog } from './DateOrderChoice.tsx';
import { CanvasPainter, GridCanvas } from './GridCanvas.tsx';
import { issuesForColumn } from './GridCell.tsx';
import { GridEmpty } from './GridEmpty.tsx';
import { GridHeader } from './GridHeader.tsx';
import { GridRow } from './GridRow.tsx';
import { entryAtRow, type GridData } from './gridCommands.ts';
import { rowSelectionMask } from './gridSelection.ts';
import { useActiveCellFocus } from './useActiveCellFocus.ts';
import { useAppState, useCommands } from './useAppState.ts';
import { type EditingCell, entryIdAt, useGridEvents } from './useGridEvents.ts';
import { ROW_H, useGridWindow } from './useGridWindow.ts';

const TIP_ID = 'grid-cell-tip';

const selDoc = (s: AppState) => s.doc;
const selOrder = (s: AppState) => s.rowOrder;
const selValidation = (s: AppState) => s.validation;
const selSelection = (s: AppState) => s.selection;
const selHidden = (s: AppState) => s.view.hiddenColumns;
const selDateOrder = (s: AppState) => s.settings.dateOrder;

export interface GridProps {
  /**
   * Under the open's progress view (App's veil), the grid's first frame: only the first half of
   * the rows drawn is styled, laid out and painted in it, the others (`content-visibility:
   * hidden`) in the frame that takes the veil away.
   */
  veiled?: boolean;
}

/**
 * The virtualized spreadsheet of entries (WAI-ARIA grid). Only visible rows are in the DOM.
 * TanStack Table holds the column model (visibility from the store, widths, header groups); it
 * lives here, above the scrolled view, so a scroll never re-runs `useTable`. Rows are drawn from
 * the store's rowOrder + entries, never from a TanStack row model.
 */
export function Grid({ veiled = false }: GridProps) {
  const hidden = useAppState(selHidden);
  const { table, columns, template } = useGridTable(hidden);
  return <GridView table={table} columns={columns} template={template} veiled={veiled} />;
}

interface GridViewProps {
  veiled: boolean;
  table: GridTable;
  /** Visible column ids, in order (the index space of selections). */
  columns: readonly ColumnId[];
  /** CSS grid template of the visible columns. */
  template: string;
}

/** The grid for a column model: re-renders when the drawn rows change (scrolling), not `Grid`. */
function GridView({ table, columns, template, veiled }: GridViewProps) {
  const doc = useAppState(selDoc);
  const rowOrder = useAppState(selOrder);
  const validation = useAppState(selValidation);
  const selection = useAppState(selSelection);
  const commands = useCommands();
  const entries = doc?.entries ?? EMPTY;
  const data: GridData = useMemo(() => ({ entries, rowOrder, columns }), [entries, rowOrder, columns]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const dateOrder = useAppState(selDateOrder);
  // A paste waiting for the day/month order of its dates.
  const [pasteAsk, setPasteAsk] = useState<{ sample: string; then(o: DayMonthOrder): void } | null>(null);
  // Fast scrolls are drawn on a canvas until they settle (GridCanvas, issue #18).
  const [painter] = useState(() => new CanvasPainter());
  useLayoutEffect(() => {
    painter.editing = editing !== null;
    painter.setData({ entries, rowOrder, columns, validation, selection });
  });

  const { win, bodyHeight, pageRows, scrollToRow } = useGridWindow(
    scrollRef,
    rowOrder.length,
    selection.active?.row ?? null,
    painter,
  );
  // The active cell whose tip Escape closed: it shows again once a click or key makes a new one.
  const [tipClosed, setTipClosed] = useState<AppState['selection']['active']>(null);
  const requestFocus = useActiveCellFocus(scrollRef, selection.active, editing !== null, scrollToRow);

  const active = selection.active;
  const end = Math.min(win.end, rowOrder.length - 1);
  const activeVisible = active !== null && active.row >= win.start && active.row <= end;
  const activeIssues = activeVisible ? cellIssues(data, validation.validator, active.row, active.col) : NONE;
  const tipShown = editing === null && activeIssues.length > 0 && tipClosed !== active;

  const events = useGridEvents({
    data,
    selection,
    commands,
    pageRows,
    editing,
    startEdit: setEditing,
    requestFocus,
    closeTip: () => {
      if (!tipShown) return false;
      setTipClosed(active);
      return true;
    },
    dateOrder,
    askDateOrder: (sample, then) => setPasteAsk({ sample, then }),
  });

  const commit = (
    cell: EditingCell,
    field: EditableField,
    value: string,
    move: { dRow: number; dCol: number } | null,
  ) => {
    setEditing(null);
    const id = entryIdAt(data, cell.row);
    if (cellText(data.entries[data.rowOrder[cell.row]], field) !== value) commands.setCell(id, field, value);
    if (move) {
      const row = Math.min(Math.max(cell.row + move.dRow, 0), rowOrder.length - 1);
      const col = Math.min(Math.max(cell.col + move.dCol, 0), columns.length - 1);
      commands.setSelection({ active: { row, col }, ranges: [{ r0: row, r1: row, c0: col, c1: col }] });
    }
    requestFocus();
  };
  const cancel = () => {
    setEditing(null);
    requestFocus();
  };
  // Rows are memoized: hand them callbacks that keep their identity and call the latest closures.
  const latest = useRef({ commit, cancel });
  latest.current = { commit, cancel };
  const [stable] = useState(() => ({
    commit: ((...a) => latest.current.commit(...a)) as typeof commit,
    cancel: () => latest.current.cancel(),
  }));

  const style = { '--grid-cols': template } as CSSProperties;
  // Row i is drawn by slot i % slots. While scrolling, the slots keep their DOM order: a scroll
  // rewrites the text of the rows that came into view instead of creating, moving and styling
  // row elements (rows carry aria-rowindex). Once the scroll settles, the rows go back to view
  // order in the DOM, for screen readers reading the table in order (one move per gesture).
  // Rows sit at `(i − base) × ROW_H` below the body's padding, so their inline transforms take
  // fewer than 2 × slots distinct values: Chromium's style recalc slows down with every new
  // inline value it has seen (traced: 1.5 → 11 ms per frame after 40 frames of fresh offsets).
  const base = Math.floor(win.start / win.slots) * win.slots;
  // No reordering under an open editor: a moved input could lose focus and commit.
  const slotOrder = useRef(false);
  if (!editing) slotOrder.current = win.scrolling;
  const bySlot = slotOrder.current;
  const rows: ReactNode[] = bySlot ? new Array(win.slots).fill(null) : [];
  // Under the veil, rows from here on wait for the next frame.
  const later = veiled ? win.start + Math.ceil((end - win.start + 1) / 2) : Number.POSITIVE_INFINITY;
  for (let i = win.start; i <= end; i++) {
    rows[bySlot ? i % win.slots : i - win.start] = (
      <GridRow
        key={i % win.slots}
        index={i}
        entry={entries[rowOrder[i]]}
        top={(i - base) * ROW_H}
        later={i >= later}
        columns={columns}
        validation={validation}
        selMask={rowSelectionMask(selection, i)}
        activeCol={active?.row === i ? active.col : -1}
        editing={editing?.row === i ? editing : null}
        tipId={TIP_ID}
        onCommit={stable.commit}
        onCancel={stable.cancel}
      />
    );
  }
  return (
    <>
      <div ref={scrollRef} className="grid-scroll">
        <GridCanvas painter={painter} />
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: <table role=grid> is the WAI-ARIA data grid pattern
          role="grid"
          aria-label="Sitemap entries"
          aria-rowcount={rowOrder.length + 1}
          aria-colcount={columns.length}
          aria-multiselectable="true"
          className="grid"
          style={style}
          tabIndex={activeVisible ? -1 : 0}
          {...events}
        >
          <GridHeader table={table} />
          <tbody className="grid-body" style={{ height: bodyHeight, paddingTop: base * ROW_H - win.offset }}>
            {rows}
          </tbody>
        </table>
      </div>
      {rowOrder.length === 0 ? <GridEmpty hasEntries={entries.length > 0} /> : null}
      <CellTip
        id={TIP_ID}
        issues={activeIssues}
        scrollRef={scrollRef}
        hidden={!tipShown}
        onClose={() => setTipClosed(active)}
      />
      {pasteAsk ? (
        <DateOrderDialog
          sample={pasteAsk.sample}
          onPick={(o) => {
            setPasteAsk(null);
            pasteAsk.then(o);
            requestFocus();
          }}
          onClose={() => {
            setPasteAsk(null);
            requestFocus();
          }}
        />
      ) : null}
    </>
  );
}

const EMPTY: Entry[] = [];

const NONE: readonly Issue[] = [];

function cellIssues(data: GridData, validator: ValidatorLike, row: number, col: number): readonly Issue[] {
  const column = data.columns[col];
  const all = validator.issuesOf(entryAtRow(data, row).id);
  return column === 'row' || column === 'issues' ? all : issuesForColumn(all, column);
}
