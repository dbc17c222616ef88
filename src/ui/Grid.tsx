import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Entry, Issue } from '../core/model.ts';
import { cellText, type EditableField, visibleColumns } from '../state/columns.ts';
import type { AppState } from '../state/types.ts';
import type { ValidatorLike } from '../state/validation.ts';
import { CellTip } from './CellTip.tsx';
import { gridColumns, gridFeatures, gridTemplate } from './columnDefs.ts';
import { issuesForColumn } from './GridCell.tsx';
import { GridEmpty } from './GridEmpty.tsx';
import { GridHeader } from './GridHeader.tsx';
import { GridRow } from './GridRow.tsx';
import { entryAtRow, type GridData } from './gridCommands.ts';
import { useAppState, useCommands } from './useAppState.ts';
import { type EditingCell, entryIdAt, useGridEvents } from './useGridEvents.ts';

/** Row height in px; must match `--row-h` in styles.css. */
export const ROW_H = 32;
const TIP_ID = 'grid-cell-tip';

const selDoc = (s: AppState) => s.doc;
const selOrder = (s: AppState) => s.rowOrder;
const selDocVersion = (s: AppState) => s.docVersion;
const selValidation = (s: AppState) => s.validation;
const selSelection = (s: AppState) => s.selection;
const selHidden = (s: AppState) => s.view.hiddenColumns;

/** The virtualized spreadsheet of entries (WAI-ARIA grid). Only visible rows are in the DOM. */
export function Grid() {
  const doc = useAppState(selDoc);
  const rowOrder = useAppState(selOrder);
  const docVersion = useAppState(selDocVersion);
  const validation = useAppState(selValidation);
  const selection = useAppState(selSelection);
  const hidden = useAppState(selHidden);
  const commands = useCommands();
  const columns = useMemo(() => visibleColumns(hidden), [hidden]);
  const entries = doc?.entries ?? EMPTY;
  const data: GridData = useMemo(() => ({ entries, rowOrder, columns }), [entries, rowOrder, columns]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const focusWanted = useRef(false);

  const virt = useVirtualizer({
    count: rowOrder.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 6,
    paddingStart: ROW_H,
    scrollPaddingStart: ROW_H,
  });
  const items = virt.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.length ? items[items.length - 1].index : -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: docVersion marks in-place edits of entries
  const windowRows = useMemo(() => {
    const out: Entry[] = [];
    for (let i = first; i <= last; i++) out.push(entries[rowOrder[i]]);
    return out;
  }, [first, last, entries, rowOrder, docVersion]);
  const columnVisibility = useMemo(() => Object.fromEntries(hidden.map((c) => [c, false])), [hidden]);
  const table = useTable({
    features: gridFeatures,
    columns: gridColumns,
    data: windowRows,
    getRowId: (e) => String(e.id),
    state: { columnVisibility },
  });

  const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 600) / ROW_H) - 1);
  const events = useGridEvents({
    data,
    selection,
    commands,
    pageRows,
    editing,
    startEdit: setEditing,
    requestFocus: () => {
      focusWanted.current = true;
    },
  });

  const active = selection.active;
  // A selection set elsewhere (Add row, Ctrl+End…) brings focus along, unless the user is typing
  // in a field outside the grid.
  const lastActive = useRef(active);
  if (active !== lastActive.current) {
    lastActive.current = active;
    if (active && !isTypingOutside(scrollRef.current)) focusWanted.current = true;
  }
  // Runs after every render: focus follows the active cell once it is rendered.
  useLayoutEffect(() => {
    if (!focusWanted.current || !active || editing) return;
    const root = scrollRef.current;
    const el = root?.querySelector<HTMLElement>(`[data-row="${active.row}"][data-col="${active.col}"]`);
    if (!el) {
      virt.scrollToIndex(active.row, { align: 'auto' });
      return;
    }
    focusWanted.current = false;
    el.focus({ preventScroll: true });
    scrollIntoViewWithin(root!, el);
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
    focusWanted.current = true;
  };

  const cancel = () => {
    setEditing(null);
    focusWanted.current = true;
  };
  const activeVisible = active !== null && active.row >= first && active.row <= last;
  const style = { '--grid-cols': gridTemplate(columns) } as CSSProperties;
  const rows = table.getRowModel().rows;
  const activeIssues = activeVisible ? cellIssues(data, validation.validator, active.row, active.col) : NONE;
  return (
    <>
      <div ref={scrollRef} className="grid-scroll">
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
          <GridHeader columns={columns} />
          <tbody className="grid-body" style={{ height: virt.getTotalSize() - ROW_H }}>
            {rows.map((row, i) => (
              <GridRow
                key={row.id}
                row={row}
                index={items[i].index}
                top={items[i].start - ROW_H}
                columns={columns}
                selection={selection}
                validator={validation.validator}
                editing={editing}
                tipId={TIP_ID}
                onCommit={commit}
                onCancel={cancel}
              />
            ))}
          </tbody>
        </table>
      </div>
      {rowOrder.length === 0 ? <GridEmpty hasEntries={entries.length > 0} /> : null}
      <CellTip id={TIP_ID} issues={activeIssues} scrollRef={scrollRef} hidden={editing !== null} />
    </>
  );
}

const EMPTY: Entry[] = [];

function isTypingOutside(root: HTMLElement | null): boolean {
  const el = document.activeElement;
  if (!el || el === document.body || root?.contains(el)) return false;
  return el.matches('input, textarea, select, [contenteditable="true"]') || el.closest('dialog') !== null;
}
const NONE: readonly Issue[] = [];

function cellIssues(data: GridData, validator: ValidatorLike, row: number, col: number): readonly Issue[] {
  const column = data.columns[col];
  const all = validator.issuesOf(entryAtRow(data, row).id);
  return column === 'row' || column === 'issues' ? all : issuesForColumn(all, column);
}

function scrollIntoViewWithin(root: HTMLElement, el: HTMLElement) {
  const left = el.offsetLeft;
  const right = left + el.offsetWidth;
  if (left < root.scrollLeft) root.scrollLeft = left;
  else if (right > root.scrollLeft + root.clientWidth) root.scrollLeft = right - root.clientWidth;
}
