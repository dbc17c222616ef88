import { useEffect, useState } from 'react';
import type { Severity } from '../core/model.ts';
import { selectedEntryIds } from '../state/selection.ts';
import type { AppState } from '../state/types.ts';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

const selView = (s: AppState) => s.view;
const selHasSelection = (s: AppState) => s.selection.ranges.length > 0;

export interface ToolbarProps {
  onBulkEdit(): void;
  onFindReplace(): void;
}

/** Search, filters, columns, row actions, bulk edit and find & replace. */
export function Toolbar({ onBulkEdit, onFindReplace }: ToolbarProps) {
  const view = useAppState(selView);
  const hasSelection = useAppState(selHasSelection);
  const commands = useCommands();
  const getState = useGetState();
  const [search, setSearch] = useState(view.search);
  useEffect(() => setSearch(view.search), [view.search]);
  useEffect(() => {
    if (search === getState().view.search) return;
    const t = setTimeout(() => commands.setSearch(search), 150);
    return () => clearTimeout(t);
  }, [search, commands, getState]);

  const rule = view.filters.rule;
  return (
    <div className="toolbar" role="toolbar" aria-label="Table tools">
      <input
        type="search"
        className="search"
        placeholder="Search URLs and values"
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
        <option value="warning">Rows with errors or warnings</option>
        <option value="info">Rows with any issue</option>
      </select>
      {rule ? (
        <span className="chip">
          Rule {rule}
          <button
            type="button"
            className="btn ghost small"
            aria-label={`Clear rule filter ${rule}`}
            onClick={() => commands.setFilter({ rule: undefined })}
          >
            ✕
          </button>
        </span>
      ) : null}
      {view.sort ? (
        <button
          type="button"
          className="btn small"
          onClick={() => commands.applySort()}
          title="Write this order into the document"
        >
          Apply sort to document
        </button>
      ) : null}
      <ColumnsMenu />
      <span className="spacer" />
      <button type="button" className="btn" onClick={() => commands.insertRows(Number.MAX_SAFE_INTEGER, 1)}>
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
      <button type="button" className="btn" onClick={onBulkEdit}>
        Bulk edit…
      </button>
      <button type="button" className="btn" onClick={onFindReplace}>
        Find &amp; replace…
      </button>
    </div>
  );
}
