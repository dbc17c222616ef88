import type { Row } from '@tanstack/react-table';
import type { Entry } from '../core/model.ts';
import { type ColumnId, cellText, type EditableField } from '../state/columns.ts';
import type { Selection } from '../state/types.ts';
import type { ValidatorLike } from '../state/validation.ts';
import { CellEditor } from './CellEditor.tsx';
import type { gridFeatures } from './columnDefs.ts';
import { GridCell } from './GridCell.tsx';
import { isInSelection } from './gridSelection.ts';
import type { EditingCell } from './useGridEvents.ts';

export interface GridRowProps {
  row: Row<typeof gridFeatures, Entry>;
  /** 0-based view row. */
  index: number;
  /** Top of the row inside the body, px. */
  top: number;
  columns: readonly ColumnId[];
  selection: Selection;
  validator: ValidatorLike;
  editing: EditingCell | null;
  tipId: string;
  onCommit(
    cell: EditingCell,
    field: EditableField,
    value: string,
    move: { dRow: number; dCol: number } | null,
  ): void;
  onCancel(): void;
}

/** One `row` of the grid: its cells, or an editor in the cell being edited. */
export function GridRow(p: GridRowProps) {
  const entry = p.row.original;
  const issues = p.validator.issuesOf(entry.id);
  const worst = p.validator.worstSeverity(entry.id);
  const active = p.selection.active;
  return (
    <tr aria-rowindex={p.index + 2} className="grid-row" style={{ transform: `translateY(${p.top}px)` }}>
      {p.row.getVisibleCells().map((cell, col) => {
        const column = p.columns[col];
        const editing = p.editing;
        if (editing && editing.row === p.index && editing.col === col) {
          const field = column as EditableField;
          return (
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: gridcell of a WAI-ARIA grid; focus is in its editor
            // biome-ignore lint/a11y/useFocusableInteractive: the editor inside takes focus
            <td key={cell.id} role="gridcell" aria-colindex={col + 1} className="cell editing">
              <CellEditor
                field={field}
                value={cellText(entry, field)}
                typed={editing.typed}
                onCommit={(v, move) => p.onCommit(editing, field, v, move)}
                onCancel={p.onCancel}
              />
            </td>
          );
        }
        return (
          <GridCell
            key={cell.id}
            entry={entry}
            column={column}
            row={p.index}
            col={col}
            selected={isInSelection(p.selection, p.index, col)}
            active={active?.row === p.index && active.col === col}
            issues={issues}
            worst={worst}
            describedBy={p.tipId}
          />
        );
      })}
    </tr>
  );
}
