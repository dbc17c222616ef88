import type { ListKey } from '../../state/columns.ts';
import { useCommands } from '../useAppState.ts';

export interface RowActionsProps {
  /** e.g. "image 2": used in the buttons' accessible names. */
  what: string;
  index: number;
  count: number;
  onMove(to: number): void;
  onRemove(): void;
}

/** Move up / move down / remove buttons of one sub-table row. */
export function RowActions({ what, index, count, onMove, onRemove }: RowActionsProps) {
  return (
    <span className="dt-actions">
      <button
        type="button"
        className="btn small ghost icon"
        aria-label={`Move ${what} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn small ghost icon"
        aria-label={`Move ${what} down`}
        title="Move down"
        disabled={index >= count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="btn small ghost icon danger-text"
        aria-label={`Remove ${what}`}
        title="Remove"
        onClick={onRemove}
      >
        ×
      </button>
    </span>
  );
}

/** Header cell of a sub-table's actions column (named for screen readers only). */
export function ActionsHeader() {
  return (
    <th className="dt-act">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}

/** {@link RowActions} for item `index` of an entry's list field: move and remove as list edits. */
export function ListRowActions({
  entryId,
  list,
  ...row
}: Omit<RowActionsProps, 'onMove' | 'onRemove'> & { entryId: number; list: ListKey }) {
  const commands = useCommands();
  const index = row.index;
  return (
    <RowActions
      {...row}
      onMove={(to) => commands.editList(entryId, list, { op: 'move', index, to })}
      onRemove={() => commands.editList(entryId, list, { op: 'remove', index })}
    />
  );
}

/** The "+ Add …" button under a sub-table or list of cards. */
export function AddItemButton({ onClick, children }: { onClick(): void; children: string }) {
  return (
    <div className="dt-add">
      <button type="button" className="btn small" onClick={onClick}>
        + {children}
      </button>
    </div>
  );
}
