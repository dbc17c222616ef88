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
