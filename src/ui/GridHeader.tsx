import type { ColumnId } from '../state/columns.ts';
import type { AppState, SortState } from '../state/types.ts';
import { COLUMN_LABEL } from './columnDefs.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selSort = (s: AppState) => s.view.sort;

function nextSort(current: SortState | null, column: ColumnId): SortState | null {
  if (!current || current.column !== column) return { column, dir: 'asc' };
  if (current.dir === 'asc') return { column, dir: 'desc' };
  return null;
}

/** The header row: one `columnheader` per visible column; click to sort (asc → desc → document order). */
export function GridHeader({ columns }: { columns: readonly ColumnId[] }) {
  const sort = useAppState(selSort);
  const commands = useCommands();
  return (
    <thead className="grid-head">
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
}
