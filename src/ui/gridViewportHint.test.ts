/**
 * A grid mounted by an open with nothing open draws its first rows for the viewport measured
 * before the document arrived (gridViewportHint.ts), without reading its own layout in that task,
 * and adopts the real height once the browser has laid it out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROW_H } from './gridScroll.ts';
import { hintGridViewport, takeGridViewportHint } from './gridViewportHint.ts';
import { WindowStore } from './useGridWindow.ts';

/** A scroll element whose layout reads are counted; `height` is what the browser would lay out. */
function scroller(height: number) {
  const reads = { clientHeight: 0, scrollTop: 0 };
  const el = {
    height,
    top: 0,
    get clientHeight() {
      reads.clientHeight++;
      return this.height;
    },
    get scrollTop() {
      reads.scrollTop++;
      return this.top;
    },
    set scrollTop(v: number) {
      this.top = v;
    },
    addEventListener() {},
    removeEventListener() {},
  };
  return { el, reads };
}

describe('the first render of a hinted grid', () => {
  let observed: Array<() => void> = [];
  beforeEach(() => {
    vi.useFakeTimers();
    observed = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: () => void) {
          observed.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    takeGridViewportHint();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The browser laid the grid out: the ResizeObserver reports (after the frame's layout). */
  const laidOut = () => {
    for (const cb of observed) cb();
  };

  it('draws rows for the hinted height without reading layout, then takes a smaller one a task later', () => {
    const { el, reads } = scroller(15 * ROW_H);
    hintGridViewport(21 * ROW_H);
    const store = new WindowStore();
    store.attach(el as unknown as HTMLElement);
    store.resize(50_000);
    expect(reads).toEqual({ clientHeight: 0, scrollTop: 0 });
    // 20 rows of the hinted viewport (21 rows less the header), plus overscan below.
    expect(store.get().first).toBe(0);
    expect(store.get().last).toBe(19);
    expect(store.get().end).toBe(23);
    // Used once: the next grid measures itself.
    expect(takeGridViewportHint()).toBeNull();

    laidOut();
    expect(reads.scrollTop).toBe(0);
    // Still the rows drawn for the bigger viewport: they cover the smaller one.
    expect(store.get().last).toBe(19);
    vi.advanceTimersByTime(1);
    expect(store.get().last).toBe(13);
    expect(store.get().end).toBe(17);
    // That task read neither the height (taken in the observer) nor the scroll position.
    expect(reads).toEqual({ clientHeight: 1, scrollTop: 0 });
  });

  it('keeps the scroll position a user reached before the real height is taken', () => {
    const { el } = scroller(15 * ROW_H);
    hintGridViewport(21 * ROW_H);
    const store = new WindowStore();
    store.attach(el as unknown as HTMLElement);
    store.resize(50_000);
    laidOut();
    el.scrollTop = 100 * ROW_H;
    store.onScroll();
    vi.advanceTimersByTime(1);
    expect(store.get().first).toBe(100);
    expect(store.get().last).toBe(113);
  });

  it('takes a bigger real height at once (the rows drawn would not cover it)', () => {
    const { el } = scroller(30 * ROW_H);
    hintGridViewport(21 * ROW_H);
    const store = new WindowStore();
    store.attach(el as unknown as HTMLElement);
    store.resize(50_000);
    expect(store.get().last).toBe(19);
    laidOut();
    expect(store.get().last).toBe(28);
  });

  it('has its rows while it renders, before it is in the page; attaching it changes nothing', () => {
    // A background render commits in a task of its own: the rows must be in that commit, not
    // derived in its layout effects (the store's listener may not be subscribed before a paint).
    const { el, reads } = scroller(15 * ROW_H);
    hintGridViewport(21 * ROW_H);
    const store = new WindowStore();
    store.prime(50_000);
    const first = store.get();
    expect(first.first).toBe(0);
    expect(first.last).toBe(19);
    // No overscan in the first frame: every row drawn can be on screen.
    expect(first.end).toBe(19);
    // A render redone before the commit finds the same window (the hint is not used up).
    store.prime(50_000);
    expect(store.get()).toBe(first);
    const renders: number[] = [];
    store.subscribe(() => renders.push(store.get().last));
    store.attach(el as unknown as HTMLElement);
    store.resize(50_000);
    expect(store.get()).toBe(first);
    expect(renders).toEqual([]);
    expect(reads).toEqual({ clientHeight: 0, scrollTop: 0 });
    expect(takeGridViewportHint()).toBeNull();
    laidOut();
    vi.advanceTimersByTime(1);
    expect(store.get().last).toBe(13);
  });

  it('gets its overscan rows back when the real height equals the hint', () => {
    const { el } = scroller(21 * ROW_H);
    hintGridViewport(21 * ROW_H);
    const store = new WindowStore();
    store.prime(50_000);
    store.attach(el as unknown as HTMLElement);
    store.resize(50_000);
    expect(store.get().end).toBe(19);
    laidOut();
    vi.advanceTimersByTime(1);
    expect(store.get().last).toBe(19);
    expect(store.get().end).toBe(23);
  });

  it('without a hint, measures itself as before', () => {
    const { el, reads } = scroller(15 * ROW_H);
    const store = new WindowStore();
    store.prime(50_000);
    expect(store.get().end).toBe(-1);
    store.attach(el as unknown as HTMLElement);
    store.resize(50_000);
    expect(reads.clientHeight).toBe(1);
    expect(store.get().last).toBe(13);
  });
});
