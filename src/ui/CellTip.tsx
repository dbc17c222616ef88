import { type RefObject, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { Issue } from '../core/model.ts';
import { IssueFix } from './IssueFix.tsx';

export interface CellTipProps {
  id: string;
  /** Problems of the active cell (empty hides the tip). */
  issues: readonly Issue[];
  /** The grid's scroll element, where the active cell lives. */
  scrollRef: RefObject<HTMLDivElement | null>;
  hidden: boolean;
  /** Escape in the tip (on its fix): close it; focus goes back to the cell. */
  onClose(): void;
}

/**
 * The active cell's problems: message, rule id and a one-click fix, floating under the cell.
 * Rendered outside the grid element so the grid owns only rows. It leaves the row right below the
 * cell uncovered, and clicks on it (outside its controls) go through to the cells it lies over:
 * a click on a cell always selects that cell. Escape closes it (the grid's Escape, or its own).
 */
export function CellTip({ id, issues, scrollRef, hidden, onClose }: CellTipProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const shown = !hidden && issues.length > 0;
  // The grid re-renders only when its rows change, not per scrolled px: follow the cell here.
  const [, follow] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!shown || !el) return;
    el.addEventListener('scroll', follow, { passive: true });
    return () => el.removeEventListener('scroll', follow);
  }, [shown, scrollRef]);

  useLayoutEffect(() => {
    const cell = scrollRef.current?.querySelector<HTMLElement>('.cell.active');
    if (!cell || hidden || issues.length === 0) {
      if (pos) setPos(null);
      return;
    }
    const r = cell.getBoundingClientRect();
    const root = scrollRef.current!.getBoundingClientRect();
    const inView = r.bottom > root.top && r.top < root.bottom;
    const height = ref.current?.offsetHeight ?? 120;
    // Below the next row when it fits inside the grid (that row stays visible), else above the cell.
    const below = r.bottom + r.height + 4;
    const top = below + height <= root.bottom ? below : r.top - 4 - height;
    // Under the cell's left edge, kept inside the grid (not over the side panel) where it fits.
    const width = ref.current?.offsetWidth ?? 0;
    const left = Math.max(Math.min(r.left, root.right - width - 4), root.left);
    const next = inView ? { top: Math.round(top), left: Math.round(left) } : null;
    if (next?.top !== pos?.top || next?.left !== pos?.left) setPos(next);
  });

  if (hidden || issues.length === 0) return null;
  const focusCell = () => scrollRef.current?.querySelector<HTMLElement>('.cell.active')?.focus();
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className="cell-tip"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
        focusCell();
      }}
      style={pos ? { top: pos.top, left: pos.left } : { visibility: 'hidden' }}
    >
      {issues.map((issue) => (
        <div key={`${issue.rule}|${issue.field}|${issue.message}`}>
          <span className={`sev ${issue.severity}`} /> <span className="rule-id">{issue.rule}</span>
          <p>{issue.message}</p>
          <IssueFix
            issue={issue}
            primary
            // The tip goes away with the issue: give focus back to the cell.
            onDone={focusCell}
          />
        </div>
      ))}
    </div>
  );
}
