/**
 * Scroll geometry of the grid body: which rows a scroll position shows, without a per-row
 * measurement cache (every row is ROW_H tall, so row ↔ px is one multiplication).
 *
 * Browsers cap an element's height (Chromium ~33.5 M px, Firefox ~17.9 M px), so past
 * MAX_BODY_PX the body is shorter than its rows and the rows are split into pages: inside a page
 * the rows scroll 1:1 with the scrollbar; crossing a page boundary moves the scrollbar back by
 * `jump` px under unchanged rows; a scrollbar drag lands on the page under its proportional
 * position. Both ends map exactly (scrollTop 0 = row 0, bottom = last row), so every row stays
 * reachable. The same scheme as SlickGrid's virtual pages.
 */

/** Row height in px; must match `--row-h` in styles.css. */
export const ROW_H = 32;

/** Tallest body element we lay out, px. */
export const MAX_BODY_PX = 15_000_000;

const MIN_PAGES = 100;

/** Derived sizes for a row count and a viewport; see `scrollGeometry`. */
export interface ScrollGeometry {
  count: number;
  /** Rows' viewport: the scroller's client height minus the sticky header, px. */
  viewH: number;
  /** Height of the body element, px (≤ MAX_BODY_PX). */
  bodyH: number;
  /** Largest virtual top (rows' px: row i starts at i × ROW_H). */
  virtMax: number;
  /** Largest physical scrollTop of the body. */
  physMax: number;
  /** 1 when the body is as tall as its rows. */
  pages: number;
  /** Virtual px per page. */
  pageV: number;
  /** Physical px the scrollbar moves back per page. */
  jump: number;
}

/** Where the scroll is: rows' virtual top and the virtual − physical offset of its page. */
export interface ScrollPos {
  scrollTop: number;
  offset: number;
  virtualTop: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** Geometry of `count` rows in a viewport of `viewH` px. */
export function scrollGeometry(count: number, viewH: number, maxBody = MAX_BODY_PX): ScrollGeometry {
  const total = count * ROW_H;
  const bodyH = Math.min(total, maxBody);
  const virtMax = Math.max(0, total - viewH);
  const physMax = Math.max(0, bodyH - viewH);
  if (total <= maxBody || physMax === 0) {
    return { count, viewH, bodyH, virtMax, physMax, pages: 1, pageV: Number.POSITIVE_INFINITY, jump: 0 };
  }
  // pages ≥ virtMax / physMax keeps every page's physical range inside 0..physMax (jump < pageV).
  const pages = Math.max(MIN_PAGES, Math.ceil(virtMax / physMax) + 1);
  const jump = (virtMax - physMax) / (pages - 1);
  return { count, viewH, bodyH, virtMax, physMax, pages, pageV: virtMax / pages, jump };
}

function pageOf(g: ScrollGeometry, virtualTop: number): number {
  return g.pages === 1 ? 0 : Math.min(g.pages - 1, Math.floor(virtualTop / g.pageV));
}

function offsetOf(g: ScrollGeometry, page: number): number {
  return page === g.pages - 1 ? g.virtMax - g.physMax : Math.round(page * g.jump);
}

/**
 * The position for a virtual top (keyboard moves, scroll-to-row). Set the scroller's scrollTop
 * to the result's `scrollTop`.
 */
export function positionForVirtual(g: ScrollGeometry, virtualTop: number): ScrollPos {
  const v = clamp(virtualTop, 0, g.virtMax);
  const offset = offsetOf(g, pageOf(g, v));
  return { scrollTop: v - offset, offset, virtualTop: v };
}

/**
 * The position after the scroller reports `scrollTop`. A step of up to two viewports (wheel,
 * arrows, Page keys) moves the rows 1:1 from `prev`; a longer one (scrollbar drag) lands
 * proportionally.
 * When the result's scrollTop differs from the reported one, write it back to the scroller.
 */
export function positionForScroll(g: ScrollGeometry, scrollTop: number, prev: ScrollPos | null): ScrollPos {
  const s = clamp(scrollTop, 0, g.physMax);
  if (g.pages === 1) return { scrollTop: s, offset: 0, virtualTop: s };
  if (prev && Math.abs(s - prev.scrollTop) <= 2 * g.viewH) {
    return positionForVirtual(g, s + prev.offset);
  }
  // Pages' physical ranges [p·(pageV − jump), p·(pageV − jump) + pageV] overlap and cover
  // 0..physMax: take the page of the proportional position among those holding s.
  const step = g.pageV - g.jump;
  const lo = Math.max(0, Math.ceil((s - g.pageV) / step));
  const hi = Math.min(g.pages - 1, Math.floor(s / step));
  const page = clamp(pageOf(g, (s * g.virtMax) / g.physMax), lo, hi);
  const offset = offsetOf(g, page);
  return { scrollTop: s, offset, virtualTop: clamp(s + offset, 0, g.virtMax) };
}

/** First and last row (inclusive) at least partly inside the viewport at `virtualTop`. */
export function visibleRows(g: ScrollGeometry, virtualTop: number): { first: number; last: number } {
  if (g.count === 0) return { first: 0, last: -1 };
  const first = Math.min(g.count - 1, Math.floor(virtualTop / ROW_H));
  const last = Math.min(g.count - 1, Math.max(first, Math.ceil((virtualTop + g.viewH) / ROW_H) - 1));
  return { first, last };
}

/**
 * The virtual top that brings `row` fully into view with the least scrolling, or null when it
 * already is.
 */
export function virtualTopToShow(g: ScrollGeometry, virtualTop: number, row: number): number | null {
  const top = row * ROW_H;
  if (top < virtualTop) return top;
  if (top + ROW_H > virtualTop + g.viewH) return Math.max(0, top + ROW_H - g.viewH);
  return null;
}
