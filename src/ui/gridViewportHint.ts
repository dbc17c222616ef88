import { type RefObject, useLayoutEffect } from 'react';

/** See {@link hintGridViewport}. */
let hint: number | null = null;

/**
 * The most the next grid's scroll element can measure (its `clientHeight`, px), taken while the
 * page is light (an open starting with nothing open, in the pane the grid will fill). The grid
 * mounted next draws its first rows for this height instead of reading its own, which would lay
 * out the freshly mounted page inside the task that renders it (17–35 ms of CPU at the first
 * render of a big open, session 8); the frame's layout then measures it, and a smaller real height
 * is adopted from the next task on (the rows drawn already cover it). Used once.
 *
 * @example hintGridViewport(pane.clientHeight)
 */
export function hintGridViewport(px: number): void {
  hint = px > 0 ? px : null;
}

/** The hint without using it: a grid rendered before it is in the page (ui/useGridWindow.ts). */
export function peekGridViewportHint(): number | null {
  return hint;
}

/** The hint, once: the next grid's, when it is in the page (ui/useGridWindow.ts). */
export function takeGridViewportHint(): number | null {
  const h = hint;
  hint = null;
  return h;
}

/**
 * Hints the grid's viewport from `pane` (the element the grid will fill, or one that holds it)
 * each time `when` turns true: the pane is measured in that commit, while the page is light.
 */
export function useGridViewportHint(pane: RefObject<HTMLElement | null>, when: boolean): void {
  useLayoutEffect(() => {
    if (when && pane.current) hintGridViewport(pane.current.clientHeight);
  }, [pane, when]);
}
