import { useEffect, useState } from 'react';
import type { Severity } from '../core/model.ts';
import { visibleColumns } from '../state/columns.ts';
import { indexOfEntry, selectedEntryIds } from '../state/selection.ts';
import type { AppState } from '../state/types.ts';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { FilterChips } from './FilterChips.tsx';
import { cellSelection } from './gridSelection.ts';
import { preloadOn } from './lazyPart.tsx';
import { BulkEditDialogPart, FindReplaceDialogPart } from './lazyParts.ts';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

const selView = (s: AppState) => s.view;
const selHasSelection = (s: AppState) => s.selection.ranges.length > 0;
const selSortStale = (s: AppState) => s.sortStale;

export interface ToolbarProps {
  onBulkEdit(): void;
  onFindReplace(): void;
}

/** Search, filters, columns, row actions, bulk edit and find & replace. */
export function Toolbar({ onBulkEdit, onFindReplace }: ToolbarProps) {
  const view = useAppState(selView);
  const hasSelection = useAppState(selHasSelection);
  const sortStale = useAppState(selSortStale);
  const commands = useCommands();
  const getState = useGetState();
  const [search, setSearch] = useState(view.search);
  useEffect(() => setSearch(view.search), [view.search]);
  useEffect(() => {
    if (search === getState().view.search) return;
    const t = setTimeout(() => commands.setSearch(search), 150);
    return () => clearTimeout(t);
  }, [search, commands, getState]);

  const addRow = () => {
    // Below the active row (an insert), or at the end when nothing is selected.
    const active = getState().selection.active;
    const [id] = commands.insertRows(active ? active.row + 1 : Number.MAX_SAFE_INTEGER, 1);
    const s = getState();
    const at = indexOfEntry(s.doc?.entries ?? [], id);
    const row = at < 0 ? -1 : s.rowOrder.indexOf(at);
    const col = visibleColumns(s.view.hiddenColumns).indexOf('loc');
    if (row >= 0) commands.setSelection(cellSelection(row, col));
  };
  return (
    <div className="toolbar" role="toolbar" aria-label="Table tools">
      <input
        type="search"
        className="search"
        // Short enough for the box at its narrowest (120 px); the title says what it searches.
        placeholder="Search rows"
        title="Search URLs and values"
        aria-label="Search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <select
        className="select"
        aria-label="Show rows"
        value={view.filters.severity ?? ''}
        onChange={(e) =>
          commands.setFilter({ severity: (e.target.value || undefined) as Severity | undefined })
        }
      >
        <option value="">All rows</option>
        <option value="error">Rows with errors</option>
        <option value="warning">Errors + warnings</option>
        <option value="info">Errors, warnings + notes</option>
      </select>
      <FilterChips />
      {/* Edits keep a sorted view's rows in place: until it is sorted again, that order is not one to apply. */}
      {view.sort && sortStale ? (
        <span className="sort-stale">
          <span title="Edited rows stay where they are until you sort again">Out of order</span>
          <button type="button" className="btn small" onClick={() => commands.resort()}>
            Re-sort
          </button>
        </span>
      ) : view.sort ? (
        <button
          type="button"
          className="btn small"
          onClick={() => commands.applySort()}
          title="Write this order into the document"
          aria-label="Apply sort to document"
        >
          Apply sort
        </button>
      ) : null}
      <ColumnsMenu />
      <span className="spacer" />
      <button
        type="button"
        className="btn"
        onClick={addRow}
        title="Insert a row below the selected row (or at the end)"
      >
        Add row
      </button>
      <button
        type="button"
        className="btn"
        disabled={!hasSelection}
        onClick={() => commands.duplicateRows(selectedEntryIds(getState()))}
      >
        Duplicate
      </button>
      <button
        type="button"
        className="btn"
        disabled={!hasSelection}
        onClick={() => commands.deleteRows(selectedEntryIds(getState()))}
      >
        Delete rows
      </button>
      <span className="divider" />
      <button type="button" className="btn" onClick={onBulkEdit} {...preloadOn(BulkEditDialogPart)}>
        Bulk edit…
      </button>
      <button type="button" className="btn" onClick={onFindReplace} {...preloadOn(FindReplaceDialogPart)}>
        Find &amp; replace…
      </button>
    </div>
  );
}
