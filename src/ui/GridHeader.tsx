import { memo } from 'react';
import type { ColumnId } from '../state/columns.ts';
import type { AppState, SortState } from '../state/types.ts';
import { COLUMN_LABEL } from './columnDefs.ts';
import { cellSelection } from './gridSelection.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selSort = (s: AppState) => s.view.sort;

function nextSort(current: SortState | null, column: ColumnId): SortState | null {
  if (!current || current.column !== column) return { column, dir: 'asc' };
  if (current.dir === 'asc') return { column, dir: 'desc' };
  return null;
}

/**
 * The header row: one `columnheader` per visible column; click to sort (asc → desc → document
 * order). Memoized: scrolling re-renders the grid's rows, not its header.
 */
export const GridHeader = memo(function GridHeader({ columns }: { columns: readonly ColumnId[] }) {
  const sort = useAppState(selSort);
  const commands = useCommands();
  // Keys on a header button stay in the header: ←/→ move between headers, ↓ returns to row 1.
  const onHeaderKey = (e: React.KeyboardEvent) => {
    const th = (e.target as HTMLElement).closest('th');
    if (!th) return;
    const col = Number(th.getAttribute('aria-colindex')) - 1;
    if (e.key === 'ArrowDown') commands.setSelection(cellSelection(0, col));
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const next = e.key === 'ArrowLeft' ? th.previousElementSibling : th.nextElementSibling;
      next?.querySelector<HTMLElement>('button')?.focus();
    } else if (e.key !== 'Enter' && e.key !== ' ') return;
    if (e.key !== 'Enter' && e.key !== ' ') e.preventDefault();
    e.stopPropagation();
  };
  return (
    <thead className="grid-head" onKeyDown={onHeaderKey}>
      <tr aria-rowindex={1} className="grid-row">
        {columns.map((column, i) => {
          const dir = sort?.column === column ? sort.dir : null;
          const label = COLUMN_LABEL[column];
          return (
            <th
              key={column}
              scope="col"
              aria-colindex={i + 1}
              aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
              className="colhead"
            >
              {column === 'row' ? (
                <span className="visually-hidden">{label}</span>
              ) : (
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={label}
                  onClick={() => commands.setSort(nextSort(sort, column))}
                  title={`Sort by ${label.toLowerCase()}`}
                >
                  <span aria-hidden="true">{label}</span>
                  {dir ? (
                    <span className="sort-mark" aria-hidden="true">
                      {dir === 'asc' ? '▲' : '▼'}
                    </span>
                  ) : null}
                </button>
              )}
              {column === 'row' ? <span aria-hidden="true">#</span> : null}
            </th>
          );
        })}
      </tr>
    </thead>
  );
});
