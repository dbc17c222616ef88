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
}

/**
 * The active cell's problems: message, rule id and a one-click fix, floating under the cell.
 * Rendered outside the grid element so the grid owns only rows.
 */
export function CellTip({ id, issues, scrollRef, hidden }: CellTipProps) {
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
    // Below the cell when it fits inside the grid, else above it.
    const top = r.bottom + 4 + height <= root.bottom ? r.bottom + 4 : r.top - 4 - height;
    const next = inView ? { top: Math.round(top), left: Math.round(Math.max(r.left, root.left)) } : null;
    if (next?.top !== pos?.top || next?.left !== pos?.left) setPos(next);
  });

  if (hidden || issues.length === 0) return null;
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className="cell-tip"
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
            onDone={() => scrollRef.current?.querySelector<HTMLElement>('.cell.active')?.focus()}
          />
        </div>
      ))}
    </div>
  );
}
