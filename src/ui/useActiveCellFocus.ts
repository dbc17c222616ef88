import { type RefObject, useLayoutEffect, useRef } from 'react';

type Active = { row: number; col: number } | null;

function isTypingOutside(root: HTMLElement | null): boolean {
  const el = document.activeElement;
  if (!el || el === document.body || root?.contains(el)) return false;
  return el.matches('input, textarea, select, [contenteditable="true"]') || el.closest('dialog') !== null;
}

/** True when cell element `el` draws the cell at `at` (its row's aria-rowindex is row + 2). */
function isCellAt(el: HTMLElement, at: { row: number; col: number }): boolean {
  return (
    el.dataset.col === String(at.col) &&
    el.parentElement?.getAttribute('aria-rowindex') === String(at.row + 2)
  );
}

function scrollIntoViewWithin(root: HTMLElement, el: HTMLElement) {
  const left = el.offsetLeft;
  const right = left + el.offsetWidth;
  if (left < root.scrollLeft) root.scrollLeft = left;
  else if (right > root.scrollLeft + root.clientWidth) root.scrollLeft = right - root.clientWidth;
}

/**
 * Roving focus: keyboard focus follows the active cell. A move asks for focus; the row is
 * scrolled into the virtual window first, then the cell is focused once it is rendered. A
 * selection set from outside the grid (Add row, Ctrl+End) brings focus too, unless the user is
 * typing in a field elsewhere. Returns `requestFocus`.
 */
export function useActiveCellFocus(
  scrollRef: RefObject<HTMLDivElement | null>,
  active: Active,
  editing: boolean,
  scrollToRow: (row: number) => void,
): () => void {
  const wanted = useRef(false);
  /** The cell element focus was last put on. */
  const lastCell = useRef<HTMLElement | null>(null);
  const last = useRef(active);
  if (active !== last.current) {
    last.current = active;
    if (active && !isTypingOutside(scrollRef.current)) wanted.current = true;
  }
  useLayoutEffect(() => {
    if (!active || editing) return;
    const root = scrollRef.current;
    const cell = () =>
      root?.querySelector<HTMLElement>(`tr[aria-rowindex="${active.row + 2}"] > [data-col="${active.col}"]`);
    if (!wanted.current) {
      // Row i is drawn by slot i % slots: when the table is resized (the drawer opening, the
      // window) the slots change, and the focused cell element may now show another row or be
      // gone. Focus stays with the active cell, unless the user put it somewhere else. (Checked
      // on every render, scrolling included: no lookup unless focus is on a cell or was lost.)
      const focused = document.activeElement;
      const lost = (focused === null || focused === document.body) && lastCell.current?.isConnected === false;
      const onCell =
        focused instanceof HTMLElement && root?.contains(focused) && focused.matches('[data-col]');
      if (!lost && !onCell) return;
      if (onCell && isCellAt(focused as HTMLElement, active)) return;
      const el = cell();
      if (el && el !== focused) {
        el.focus({ preventScroll: true });
        lastCell.current = el;
      }
      return;
    }
    const el = cell();
    if (!root || !el) {
      scrollToRow(active.row);
      return;
    }
    wanted.current = false;
    // Rendered is not always on screen (overscan rows, under the sticky header): scroll it whole.
    scrollToRow(active.row);
    el.focus({ preventScroll: true });
    lastCell.current = el;
    scrollIntoViewWithin(root, el);
  });
  return () => {
    wanted.current = true;
  };
}
