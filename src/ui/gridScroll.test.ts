import { describe, expect, it } from 'vitest';
import {
  MAX_BODY_PX,
  positionForScroll,
  positionForVirtual,
  ROW_H,
  type ScrollPos,
  scrollGeometry,
  virtualTopToShow,
  visibleRows,
} from './gridScroll.ts';

const VIEW = 868;

describe('scroll geometry up to MAX_BODY_PX', () => {
  const g = scrollGeometry(50_000, VIEW);

  it('lays out one ROW_H per row and scrolls 1:1', () => {
    expect(g.bodyH).toBe(50_000 * ROW_H);
    expect(g.pages).toBe(1);
    const pos = positionForScroll(g, 12_345, null);
    expect(pos).toEqual({ scrollTop: 12_345, offset: 0, virtualTop: 12_345 });
    expect(visibleRows(g, pos.virtualTop)).toEqual({ first: 385, last: 412 });
  });

  it('shows the last row at the bottom', () => {
    const pos = positionForScroll(g, g.physMax, null);
    expect(visibleRows(g, pos.virtualTop).last).toBe(49_999);
  });

  it('scrolls a row into view only when it is not', () => {
    expect(virtualTopToShow(g, 0, 3)).toBeNull();
    expect(virtualTopToShow(g, 0, 100)).toBe(101 * ROW_H - VIEW);
    expect(virtualTopToShow(g, 10_000, 2)).toBe(2 * ROW_H);
  });

  it('has no rows to show when empty', () => {
    const empty = scrollGeometry(0, VIEW);
    expect(empty.bodyH).toBe(0);
    expect(visibleRows(empty, 0)).toEqual({ first: 0, last: -1 });
  });
});

describe('scroll geometry past MAX_BODY_PX (1,000,000 rows)', () => {
  const count = 1_000_000;
  const g = scrollGeometry(count, VIEW);
  const lastRow = (pos: ScrollPos) => visibleRows(g, pos.virtualTop).last;

  it('caps the body height', () => {
    expect(g.bodyH).toBe(MAX_BODY_PX);
    expect(g.pages).toBeGreaterThan(1);
  });

  it('maps both ends of the scrollbar to the first and last rows', () => {
    expect(positionForScroll(g, 0, null).virtualTop).toBe(0);
    const bottom = positionForScroll(g, g.physMax, null);
    expect(lastRow(bottom)).toBe(count - 1);
    expect(bottom.virtualTop).toBe(count * ROW_H - VIEW);
  });

  it('moves the rows 1:1 with small steps, inside a page', () => {
    const a = positionForScroll(g, 1_000, null);
    const b = positionForScroll(g, 1_100, a);
    expect(b.virtualTop - a.virtualTop).toBe(100);
    expect(b.scrollTop).toBe(1_100);
  });

  it('reaches every row by stepping down, moving the scrollbar back at page boundaries', () => {
    let pos = positionForScroll(g, 0, null);
    let rebases = 0;
    let steps = 0;
    while (lastRow(pos) < count - 1) {
      const reported = Math.min(pos.scrollTop + 900, g.physMax);
      const next = positionForScroll(g, reported, pos);
      // Every step moves the rows by exactly what the scroller moved (no jumps of content).
      expect(next.virtualTop - pos.virtualTop).toBe(reported - pos.scrollTop);
      expect(next.scrollTop).toBeGreaterThanOrEqual(0);
      expect(next.scrollTop).toBeLessThanOrEqual(g.physMax);
      if (next.scrollTop !== reported) rebases++;
      pos = next;
      steps++;
    }
    expect(steps).toBe(Math.ceil(g.virtMax / 900));
    expect(rebases).toBe(g.pages - 1);
  });

  it('steps back up to row 0', () => {
    let pos = positionForScroll(g, g.physMax, null);
    while (pos.virtualTop > 0) {
      const next = positionForScroll(g, Math.max(pos.scrollTop - 700, 0), pos);
      expect(pos.virtualTop - next.virtualTop).toBe(Math.min(700, pos.scrollTop));
      pos = next;
    }
    expect(visibleRows(g, pos.virtualTop).first).toBe(0);
  });

  it('lands a scrollbar drag near its proportional row, inside the scroll range', () => {
    for (let f = 0; f <= 1; f += 0.05) {
      const s = Math.round(f * g.physMax);
      const pos = positionForScroll(g, s, positionForScroll(g, g.physMax - s, null));
      expect(pos.scrollTop).toBe(s);
      expect(Math.abs(pos.virtualTop / g.virtMax - f)).toBeLessThan(0.02);
    }
  });

  it('brings any row into view through positionForVirtual', () => {
    for (const row of [0, 1, 468_749, 500_000, 777_777, count - 1]) {
      const target = virtualTopToShow(g, 0, row) ?? 0;
      const pos = positionForVirtual(g, target);
      expect(pos.scrollTop).toBeGreaterThanOrEqual(0);
      expect(pos.scrollTop).toBeLessThanOrEqual(g.physMax);
      const { first, last } = visibleRows(g, pos.virtualTop);
      expect(row).toBeGreaterThanOrEqual(first);
      expect(row).toBeLessThanOrEqual(last);
      // The scroller, reporting that position back, keeps it.
      expect(positionForScroll(g, pos.scrollTop, pos)).toEqual(pos);
    }
  });

  it('handles 10,000,000 rows the same way', () => {
    const big = scrollGeometry(10_000_000, VIEW);
    expect(big.bodyH).toBe(MAX_BODY_PX);
    const bottom = positionForScroll(big, big.physMax, null);
    expect(visibleRows(big, bottom.virtualTop).last).toBe(9_999_999);
    expect(big.jump).toBeLessThan(big.pageV);
  });
});
