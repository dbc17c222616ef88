import { type RefObject, useLayoutEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import {
  positionForScroll,
  positionForVirtual,
  ROW_H,
  type ScrollGeometry,
  type ScrollPos,
  scrollGeometry,
  virtualTopToShow,
  visibleRows,
} from './gridScroll.ts';
import { peekGridViewportHint, takeGridViewportHint } from './gridViewportHint.ts';

export { ROW_H };

/** Rows rendered above and below the viewport. */
const OVERSCAN = 4;

/** The rows in the DOM: `start..end` (inclusive), each at `index × ROW_H − offset` in the body. */
export interface GridWindow {
  start: number;
  end: number;
  /** Virtual − physical px (non-zero only past MAX_BODY_PX). */
  offset: number;
  /** Row elements kept: row `i` is drawn by slot `i % slots`. */
  slots: number;
  /** Rows fully or partly in the viewport (without overscan). */
  first: number;
  last: number;
  /** A scroll event came within the last SETTLE_MS. */
  scrolling: boolean;
}

const EMPTY: GridWindow = { start: 0, end: -1, offset: 0, slots: 1, first: 0, last: -1, scrolling: false };

/** Quiet time after the last scroll event before the scroll counts as settled, ms. */
const SETTLE_MS = 150;

/**
 * Draws the rows on screen instead of rendering them, while a fast scroll runs (`GridCanvas`).
 * The DOM rows stay as they were, under the drawing, until the scroll settles.
 */
export interface ScrollPainter {
  /** Shows the drawing; false when it cannot draw (then the rows are rendered as usual). */
  start(): boolean;
  /** Draws the rows at `virtualTop` (rows' px: row i starts at i × ROW_H). */
  paint(virtualTop: number): void;
  /** Hides the drawing (the DOM rows are rendered again). */
  stop(): void;
}

/** Rows scrolled in by one scroll event from which the scroll is drawn rather than rendered. */
export const PAINT_MIN_ROWS = 8;

/**
 * True when a scroll event brings so many new rows onto the screen (`first` against the first row
 * the rendered window shows) that rendering them would miss the frame: from then on until the
 * scroll settles, the rows are drawn (`ScrollPainter`).
 */
export function shouldPaint(shownFirst: number, first: number): boolean {
  return Math.abs(first - shownFirst) >= PAINT_MIN_ROWS;
}

/**
 * Fixed-height windowing over the scroll element, without a per-row measurement cache and
 * without React state per scroll event: the window object changes only when the rows to draw
 * (or their offset) change, and `useSyncExternalStore` renders that change before the frame
 * paints.
 */
export class WindowStore {
  el: HTMLElement | null = null;
  g: ScrollGeometry = scrollGeometry(0, 0);
  pos: ScrollPos | null = null;
  /** The rows on screen now. */
  win: GridWindow = EMPTY;
  /** The window React renders: `win`, except while a scroll is painted (then as it started). */
  shown: GridWindow = EMPTY;
  painter: ScrollPainter | null = null;
  /** The scroll is drawn by `painter`; the rendered rows wait for it to settle. */
  painting = false;
  /** The grid viewport hint's height (gridViewportHint.ts), until the first ResizeObserver report. */
  hinted: number | null = null;
  /** The row to keep on screen when the viewport changes size (the active cell's), if any. */
  anchor: () => number | null = () => null;
  /** The window has no overscan (a primed first window) until the real viewport is measured. */
  private bare = false;
  private listeners = new Set<() => void>();
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  get = () => this.shown;

  /**
   * The first window of a hinted grid, while it renders (before it is in the page): its first
   * commit then holds its rows. A window first derived in `attach`/`resize` (layout effects)
   * reaches React only through the store's listeners, which `useSyncExternalStore` adds in a
   * passive effect; after a background render (useDeferredValue) React runs those in a later
   * task, and the browser may paint between: a frame of the grid with no rows (session 9).
   */
  prime(count: number): void {
    if (this.el !== null || this.pos !== null) return;
    const hint = peekGridViewportHint();
    if (hint === null) return;
    this.hinted = hint;
    this.g = scrollGeometry(count, Math.max(0, hint - ROW_H));
    // No overscan: the hint is the whole pane (the toolbar is not there yet), already a row or
    // two more than the grid shows; the first frame lays out only rows that can be on screen.
    this.update(positionForScroll(this.g, 0, null), false, 0);
  }

  attach(el: HTMLElement): () => void {
    this.el = el;
    this.hinted = takeGridViewportHint() ?? this.hinted;
    el.addEventListener('scroll', this.onScroll, { passive: true });
    // A press or a key ends a painted scroll first: clicks, selection, editing and keyboard
    // navigation work on the rendered rows.
    el.addEventListener('pointerdown', this.settleNow, true);
    el.addEventListener('keydown', this.settleNow, true);
    let later: ReturnType<typeof setTimeout> | undefined;
    const ro = new ResizeObserver(() => {
      // First report after a hinted first render: the frame is laid out, so clientHeight is free
      // here. A smaller viewport is already covered by the rows drawn: adopt it in a task of its
      // own, not in this frame (a second layout of the whole page). A bigger one at once.
      const hinted = this.hinted;
      this.hinted = null;
      const height = el.clientHeight;
      if (hinted !== null && height <= hinted) {
        // With the height read here and the last scroll position known: by then other commits
        // may have left the layout to redo, which reading either would do in that task.
        later = setTimeout(() => this.resize(this.g.count, height), 0);
        return;
      }
      this.resize(this.g.count);
    });
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', this.onScroll);
      el.removeEventListener('pointerdown', this.settleNow, true);
      el.removeEventListener('keydown', this.settleNow, true);
      ro.disconnect();
      clearTimeout(this.settleTimer);
      clearTimeout(later);
      this.el = null;
    };
  }

  /**
   * Row count or viewport changed: keep the scroll position, re-derive everything else. When
   * the viewport changes size (the window, the drawer) and the anchor row was on screen, it
   * stays on screen: the browser keeps `scrollTop`, which can leave the active row below a
   * smaller viewport, no longer drawn, and its cell's focus lost.
   */
  resize(count: number, measured?: number) {
    const known = measured !== undefined || this.hinted !== null;
    // Until the first ResizeObserver report, a hinted grid takes the hint (no layout read).
    const height = measured ?? this.hinted ?? this.el?.clientHeight ?? 0;
    const viewH = Math.max(0, height - ROW_H);
    const restore = measured !== undefined && this.bare;
    if (count === this.g.count && viewH === this.g.viewH && !restore) return;
    const row = viewH !== this.g.viewH && count === this.g.count ? this.anchor() : null;
    const keep = row !== null && row >= this.win.first && row <= this.win.last;
    const last = this.pos;
    this.g = scrollGeometry(count, viewH);
    this.pos = null;
    // A hinted grid is new (its scrollTop is 0), and a measured one was told its size after its
    // last scroll event: reading scrollTop would lay out the page here.
    if (known)
      this.update(positionForScroll(this.g, this.hinted !== null ? 0 : (last?.scrollTop ?? 0), null));
    else this.scrolled(false);
    if (keep) this.scrollToRow(row);
  }

  onScroll = () => this.scrolled(true);

  /** The scroll position changed: by the user (`user`), or the rows or viewport did. */
  private scrolled(user: boolean) {
    const el = this.el;
    if (!el) return;
    const reported = el.scrollTop;
    const pos = positionForScroll(this.g, reported, this.pos);
    // A page boundary crossed: the scrollbar moves back under unchanged rows.
    if (Math.abs(pos.scrollTop - reported) > 0.5) el.scrollTop = pos.scrollTop;
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(this.settle, SETTLE_MS);
    if (user && !this.painting && this.painter && this.g.count > 0) {
      const { first } = visibleRows(this.g, pos.virtualTop);
      if (shouldPaint(this.shown.first, first)) this.painting = this.painter.start();
    }
    this.update(pos, true);
    if (this.painting) this.painter?.paint(pos.virtualTop);
  }

  private settle = () => {
    if (this.painting) {
      // React renders the rows on screen; the drawing hides once they are committed.
      this.painting = false;
      this.emit({ ...this.win, scrolling: false });
    } else if (this.win.scrolling) this.emit({ ...this.win, scrolling: false });
  };

  /** Ends a painted scroll now (a press or a key in the grid). */
  settleNow = () => {
    if (!this.painting) return;
    clearTimeout(this.settleTimer);
    this.settle();
  };

  scrollToRow(row: number) {
    const el = this.el;
    if (!el || !this.pos) return;
    const target = virtualTopToShow(this.g, this.pos.virtualTop, row);
    if (target === null) return;
    const pos = positionForVirtual(this.g, target);
    el.scrollTop = pos.scrollTop;
    this.update(pos);
  }

  private update(pos: ScrollPos, scrolled = false, overscan = OVERSCAN) {
    this.pos = pos;
    const g = this.g;
    const { first, last } = visibleRows(g, pos.virtualTop);
    this.bare = overscan === 0;
    const start = Math.max(0, first - overscan);
    const end = Math.min(g.count - 1, last + overscan);
    const slots = Math.ceil(g.viewH / ROW_H) + 1 + 2 * OVERSCAN;
    const w = this.win;
    const scrolling = scrolled || w.scrolling;
    if (w.start === start && w.end === end && w.offset === pos.offset && w.slots === slots) {
      if (scrolling !== w.scrolling) this.emit({ ...w, scrolling });
      return;
    }
    this.emit({ start, end, offset: pos.offset, slots, first, last, scrolling });
  }

  private emit(win: GridWindow) {
    this.win = win;
    if (this.painting) return;
    this.shown = win;
    for (const l of this.listeners) l();
  }
}

/**
 * The rows on screen for `count` view rows in `scrollRef`'s element, and `scrollToRow` (the
 * least scrolling that shows a row whole). `anchorRow` (the active cell's row) stays on screen
 * when the viewport is resized, if it was on screen before. The store's `rowOrder` already holds sort, filter
 * and search; the grid reads entries straight from it.
 */
export function useGridWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  count: number,
  anchorRow: number | null = null,
  painter: ScrollPainter | null = null,
) {
  const [store] = useState(() => new WindowStore());
  const anchor = useRef(anchorRow);
  anchor.current = anchorRow;
  store.anchor = () => anchor.current;
  store.painter = painter;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    return el ? store.attach(el) : undefined;
  }, [store, scrollRef]);
  useLayoutEffect(() => store.resize(count), [store, count]);
  store.prime(count);
  const win = useSyncExternalStore(store.subscribe, store.get, store.get);
  // The window changed in this commit's layout effects (a grid that measured itself): render it
  // before the frame paints, whether or not the store's listener is subscribed yet (see prime).
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    if (store.get() !== win) rerender();
  });
  // The rows of a painted scroll are rendered (this commit): hide the drawing before it paints.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new rendered window
  useLayoutEffect(() => {
    if (!store.painting) painter?.stop();
  }, [store, painter, win]);
  return {
    win,
    bodyHeight: scrollGeometry(count, 0).bodyH,
    /** Whole rows in the viewport (PageUp/PageDown), from the last measured size: no layout read. */
    pageRows: Math.max(1, Math.floor(store.g.viewH / ROW_H)),
    scrollToRow: (row: number) => store.scrollToRow(row),
  };
}
