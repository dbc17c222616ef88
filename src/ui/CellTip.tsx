import {
  type CSSProperties,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
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

/** Where the tip and its link to the cell go (viewport px). */
interface TipPlace {
  top: number;
  left: number;
  /** The tip lies below the cell (under the next row), or above it. */
  side: 'below' | 'above';
  /** The cell: outlined while its tip is open. */
  cell: { top: number; left: number; width: number; height: number };
  /** The connector: x in the tip, and how far it reaches to the cell's edge. */
  arrowX: number;
  reach: number;
}

/**
 * The active cell's problems: message, rule id and a one-click fix, floating under the cell.
 * Rendered outside the grid element so the grid owns only rows. It leaves the row right below the
 * cell uncovered and is tied to its cell by an outline around the cell and a connector from the
 * tip's edge to it. Its rule ids and messages are text to select and copy; the rest of it (its
 * padding, the gaps between problems) lets clicks through to the cells it lies over, so a click
 * there always selects that cell. A press on its text keeps focus in the tip (not the page), so
 * Escape still closes it (the grid's Escape, or its own) and gives focus back to the cell.
 */
export function CellTip({ id, issues, scrollRef, hidden, onClose }: CellTipProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<TipPlace | null>(null);
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
    const side = below + height <= root.bottom ? 'below' : 'above';
    const top = Math.round(side === 'below' ? below : r.top - 4 - height);
    // Under the cell's left edge, kept inside the grid (not over the side panel) where it fits.
    const width = ref.current?.offsetWidth ?? 0;
    const left = Math.round(Math.max(Math.min(r.left, root.right - width - 4), root.left));
    // The connector runs in the cell's left padding (not over the text of the row it crosses).
    const arrowX = Math.round(Math.min(Math.max(r.left + Math.min(5, r.width / 2) - left, 3), width - 10));
    const reach = Math.round(side === 'below' ? top - r.bottom : r.top - (top + height));
    const cellBox = { top: r.top, left: r.left, width: r.width, height: r.height };
    const next: TipPlace | null = inView ? { top, left, side, cell: cellBox, arrowX, reach } : null;
    if (!samePlace(next, pos)) setPos(next);
  });

  if (hidden || issues.length === 0) return null;
  const focusCell = () => scrollRef.current?.querySelector<HTMLElement>('.cell.active')?.focus();
  const tipStyle = pos
    ? ({
        top: pos.top,
        left: pos.left,
        '--tip-arrow-x': `${pos.arrowX}px`,
        '--tip-reach': `${pos.reach}px`,
      } as CSSProperties)
    : { visibility: 'hidden' as const };
  return (
    <>
      {pos ? (
        <div
          className="cell-tip-anchor"
          aria-hidden="true"
          style={{ top: pos.cell.top, left: pos.cell.left, width: pos.cell.width, height: pos.cell.height }}
        />
      ) : null}
      <div
        ref={ref}
        id={id}
        role="tooltip"
        // `corner`: the connector leaves at the tip's corner, which is square then.
        className={`cell-tip ${pos?.side ?? 'below'}${pos && pos.arrowX < 12 ? ' corner' : ''}`}
        // Focusable by a press on its text: focus stays in the tip (Escape works), not on the page.
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          onClose();
          focusCell();
        }}
        style={tipStyle}
      >
        {issues.map((issue) => (
          <div key={`${issue.rule}|${issue.field}|${issue.message}`} className="cell-tip-issue">
            <span className="cell-tip-text">
              <span className={`sev ${issue.severity}`} /> <span className="rule-id">{issue.rule}</span>
            </span>
            <p className="cell-tip-text">{issue.message}</p>
            <IssueFix
              issue={issue}
              primary
              // The tip goes away with the issue: give focus back to the cell.
              onDone={focusCell}
            />
          </div>
        ))}
      </div>
    </>
  );
}

function samePlace(a: TipPlace | null, b: TipPlace | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.top === b.top &&
    a.left === b.left &&
    a.side === b.side &&
    a.arrowX === b.arrowX &&
    a.reach === b.reach &&
    a.cell.top === b.cell.top &&
    a.cell.left === b.cell.left &&
    a.cell.width === b.cell.width &&
    a.cell.height === b.cell.height
  );
}
