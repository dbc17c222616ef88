import { type ColumnId, cellText, isCrawlColumn, isEditableField, visibleColumns } from '../state/columns.ts';
import { crawlCellText } from '../state/crawlView.ts';
import type { AppState } from '../state/types.ts';
import { COLUMN_LABEL } from './columnLabels.ts';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

const selFilters = (s: AppState) => s.view.filters;
const selActiveColumn = (s: AppState): ColumnId | null => {
  const a = s.selection.active;
  return a ? (visibleColumns(s.view.hiddenColumns)[a.col] ?? null) : null;
};

function Chip({ label, onClear }: { label: string; onClear(): void }) {
  return (
    <span className="chip" title={label}>
      <span className="chip-label">{label}</span>
      <button
        type="button"
        className="btn ghost small"
        aria-label={`Remove filter: ${label}`}
        onClick={onClear}
      >
        ✕
      </button>
    </span>
  );
}

/** Active filters as removable chips, and "Filter to this value" for the active cell. */
export function FilterChips() {
  const filters = useAppState(selFilters);
  const activeColumn = useAppState(selActiveColumn);
  const commands = useCommands();
  const getState = useGetState();
  const filterToValue = () => {
    const s = getState();
    const a = s.selection.active;
    if (!a || !s.doc || !activeColumn) return;
    const entry = s.doc.entries[s.rowOrder[a.row]];
    const value = isCrawlColumn(activeColumn)
      ? crawlCellText(s.validation.validator, entry, activeColumn)
      : cellText(entry, activeColumn);
    commands.setFilter({ field: { column: activeColumn, value } });
  };
  return (
    <>
      {filters.rule ? (
        <Chip label={`Rule ${filters.rule}`} onClear={() => commands.setFilter({ rule: undefined })} />
      ) : null}
      {filters.field ? (
        <Chip
          label={`${COLUMN_LABEL[filters.field.column]} = ${filters.field.value || '(empty)'}`}
          onClear={() => commands.setFilter({ field: undefined })}
        />
      ) : null}
      {filters.entryIds ? (
        <Chip label={filters.entryIds.label} onClear={() => commands.setFilter({ entryIds: undefined })} />
      ) : null}
      {filters.bucket ? (
        <Chip label={filters.bucket.label} onClear={() => commands.setFilter({ bucket: undefined })} />
      ) : null}
      {filters.crawl ? (
        <Chip label={filters.crawl.label} onClear={() => commands.setFilter({ crawl: undefined })} />
      ) : null}
      {!filters.field && activeColumn && (isEditableField(activeColumn) || isCrawlColumn(activeColumn)) ? (
        <button
          type="button"
          className="btn ghost"
          onClick={filterToValue}
          title="Show only rows with the active cell's value"
        >
          Filter to value
        </button>
      ) : null}
    </>
  );
}
