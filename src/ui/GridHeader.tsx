import { flexRender, type Header } from '@tanstack/react-table';
import { memo } from 'react';
import type { Entry } from '../core/model.ts';
import type { ColumnId } from '../state/columns.ts';
import type { AppState, SortState } from '../state/types.ts';
import { type GridTable, type gridFeatures, MAX_COL_W, MIN_COL_W } from './columnDefs.ts';
import { COLUMN_LABEL } from './columnLabels.ts';
import { cellSelection } from './gridSelection.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selSort = (s: AppState) => s.view.sort;

/** Width change of one Alt+←/→ on a header, px. */
const RESIZE_STEP = 16;

function nextSort(current: SortState | null, column: ColumnId): SortState | null {
  if (!current || current.column !== column) return { column, dir: 'asc' };
  if (current.dir === 'asc') return { column, dir: 'desc' };
  return null;
}

/** Alt+←/→ on a header button: the keyboard alternative to dragging the column's edge. */
export function resizeByKey(table: GridTable, id: string, key: string) {
  const column = table.getColumn(id);
  if (!column?.getCanResize()) return;
  const size = column.getSize() + (key === 'ArrowLeft' ? -RESIZE_STEP : RESIZE_STEP);
  table.setColumnSizing((old) => ({ ...old, [id]: Math.min(MAX_COL_W, Math.max(MIN_COL_W, size)) }));
}

type GridHeaderCell = Header<typeof gridFeatures, Entry, unknown>;

/**
 * A header's tooltip: what its click sorts by. URLs sort by character code (state/sortKeys.ts):
 * case matters, as in a path on the server (/About and /about are two pages), so the order is
 * predictable; the tooltip says so.
 *
 * @example sortTitle('priority') // 'Sort by priority'
 */
export function sortTitle(column: ColumnId): string {
  if (column === 'loc')
    return 'Sort by URL, character by character: case matters, uppercase before lowercase (/B, /Z, /a, /b), as servers compare paths';
  return `Sort by ${COLUMN_LABEL[column].toLowerCase()}`;
}

/**
 * The header row, from TanStack's header groups: one `columnheader` per visible column, its text
 * rendered by `flexRender`; click to sort (asc → desc → document order). Drag a header's right
 * edge (or Alt+←/→ on it) to resize its column; double-click the edge for the default width.
 * Memoized: `table` keeps its identity while the grid scrolls, so scrolling never re-renders it.
 */
export const GridHeader = memo(function GridHeader({ table }: { table: GridTable }) {
  const sort = useAppState(selSort);
  const commands = useCommands();
  // Keys on a header button stay in the header: ←/→ move between headers, ↓ returns to row 1.
  const onHeaderKey = (e: React.KeyboardEvent) => {
    const th = (e.target as HTMLElement).closest('th');
    if (!th) return;
    const col = Number(th.getAttribute('aria-colindex')) - 1;
    if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      resizeByKey(table, th.dataset.column ?? '', e.key);
    } else if (e.key === 'ArrowDown') commands.setSelection(cellSelection(0, col));
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const next = e.key === 'ArrowLeft' ? th.previousElementSibling : th.nextElementSibling;
      next?.querySelector<HTMLElement>('button')?.focus();
    } else if (e.key !== 'Enter' && e.key !== ' ') return;
    if (e.key !== 'Enter' && e.key !== ' ') e.preventDefault();
    e.stopPropagation();
  };
  const headerCell = (header: GridHeaderCell, i: number) => {
    const column = header.column.id as ColumnId;
    const dir = sort?.column === column ? sort.dir : null;
    const label = COLUMN_LABEL[column];
    const text = flexRender(header.column.columnDef.header, header.getContext());
    const resizing = table.state.resizing === column;
    return (
      <th
        key={header.id}
        scope="col"
        aria-colindex={i + 1}
        aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
        className="colhead"
        data-column={column}
      >
        {column === 'row' ? (
          <span className="visually-hidden">{text}</span>
        ) : (
          <button
            type="button"
            tabIndex={-1}
            aria-label={label}
            aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"
            onClick={() => commands.setSort(nextSort(sort, column))}
            title={sortTitle(column)}
          >
            <span aria-hidden="true">{text}</span>
            {dir ? (
              <span className="sort-mark" aria-hidden="true">
                {dir === 'asc' ? '▲' : '▼'}
              </span>
            ) : null}
          </button>
        )}
        {column === 'row' ? <span aria-hidden="true">#</span> : null}
        {header.column.getCanResize() ? (
          <span
            aria-hidden="true"
            className={resizing ? 'col-resizer resizing' : 'col-resizer'}
            title={`Drag to resize ${label} (or Alt+←/→ on its header)`}
            onMouseDown={header.getResizeHandler()}
            onTouchStart={header.getResizeHandler()}
            onDoubleClick={() => header.column.resetSize()}
          />
        ) : null}
      </th>
    );
  };
  return (
    <thead className="grid-head" onKeyDown={onHeaderKey}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} aria-rowindex={1} className="grid-row">
          {group.headers.map(headerCell)}
        </tr>
      ))}
    </thead>
  );
});
