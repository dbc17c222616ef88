import { memo, type ReactNode } from 'react';
import type { Entry } from '../core/model.ts';
import { type ColumnId, cellText, type EditableField, isCrawlColumn } from '../state/columns.ts';
import { crawlCellText } from '../state/crawlView.ts';
import type { ValidationState } from '../state/types.ts';
import { CellEditor } from './CellEditor.tsx';
import { GridCell } from './GridCell.tsx';
import type { EditingCell } from './useGridEvents.ts';

export interface GridRowProps {
  /** 0-based view row. */
  index: number;
  entry: Entry;
  /** Top of the row below the body's top padding, px. */
  top: number;
  /** Not styled, laid out nor painted until the grid's veil is taken away (Grid's `veiled`). */
  later: boolean;
  columns: readonly ColumnId[];
  /** Changes identity whenever issues may have changed. */
  validation: ValidationState;
  /** Bit `c` set when visible column `c` of this row is selected. */
  selMask: number;
  /** Visible column of the active cell when it is in this row, else -1. */
  activeCol: number;
  /** The cell being edited when it is in this row, else null. */
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

/**
 * One `row` of the grid: its cells, or an editor in the cell being edited. Props are primitives
 * or stable references, so a scroll re-renders only the rows whose view row changed.
 */
export const GridRow = memo(function GridRow(p: GridRowProps) {
  const { entry, index, editing } = p;
  const issues = p.validation.validator.issuesOf(entry.id);
  const worst = issues.length ? p.validation.validator.worstSeverity(entry.id) : undefined;
  const cells: ReactNode[] = [];
  for (let col = 0; col < p.columns.length; col++) {
    const column = p.columns[col];
    if (editing && editing.col === col) {
      const field = column as EditableField;
      cells.push(
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: gridcell of a WAI-ARIA grid; focus is in its editor
        // biome-ignore lint/a11y/useFocusableInteractive: the editor inside takes focus
        <td key={column} role="gridcell" aria-colindex={col + 1} className="cell editing">
          <CellEditor
            field={field}
            value={cellText(entry, field)}
            typed={editing.typed}
            onCommit={(v, move) => p.onCommit(editing, field, v, move)}
            onCancel={p.onCancel}
          />
        </td>,
      );
      continue;
    }
    cells.push(
      <GridCell
        key={column}
        entry={entry}
        column={column}
        row={index}
        col={col}
        selected={(p.selMask & (1 << col)) !== 0}
        active={p.activeCol === col}
        issues={issues}
        worst={worst}
        describedBy={p.tipId}
        text={isCrawlColumn(column) ? crawlCellText(p.validation.validator, entry, column) : undefined}
      />,
    );
  }
  return (
    <tr
      aria-rowindex={index + 2}
      className={editing ? 'grid-row editing-row' : p.later ? 'grid-row later' : 'grid-row'}
      style={{ transform: `translateY(${p.top}px)` }}
    >
      {cells}
    </tr>
  );
});
