import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROW_H } from './gridScroll.ts';
import { type ScrollPainter, WindowStore } from './useGridWindow.ts';

/** A scroll element: scrollTop, a client height, listeners that tests fire by hand. */
function scroller(clientHeight: number) {
  const listeners = new Map<string, Array<() => void>>();
  const el = {
    scrollTop: 0,
    clientHeight,
    addEventListener: (type: string, l: () => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), l]),
    removeEventListener: (type: string, l: () => void) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((x) => x !== l),
      ),
  };
  const fire = (type: string) => {
    for (const l of listeners.get(type) ?? []) l();
  };
  const scrollTo = (top: number) => {
    el.scrollTop = top;
    fire('scroll');
  };
  return { el, fire, scrollTo };
}

function painter(canStart = true) {
  const calls: string[] = [];
  const p: ScrollPainter = {
    start: () => {
      calls.push('start');
      return canStart;
    },
    paint: (top) => calls.push(`paint ${top}`),
    stop: () => calls.push('stop'),
  };
  return { p, calls };
}

describe('WindowStore: drawn or rendered scrolls', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A store over 100,000 rows in a viewport of 20 rows (+ the header row). */
  function setup(canStart = true) {
    const s = scroller(21 * ROW_H);
    const store = new WindowStore();
    const { p, calls } = painter(canStart);
    store.painter = p;
    store.attach(s.el as unknown as HTMLElement);
    store.resize(100_000);
    const renders: number[] = [];
    store.subscribe(() => renders.push(store.get().first));
    return { s, store, calls, renders };
  }

  it('renders a scroll of a few rows and draws nothing', () => {
    const { s, store, calls, renders } = setup();
    s.scrollTo(3 * ROW_H);
    expect(calls).toEqual([]);
    expect(renders).toEqual([3]);
    expect(store.get().scrolling).toBe(true);
  });

  it('draws a scroll that brings many rows at once; React keeps the rows it has until it settles', () => {
    const { s, store, calls, renders } = setup();
    s.scrollTo(900);
    s.scrollTo(1800);
    expect(calls).toEqual(['start', 'paint 900', 'paint 1800']);
    expect(renders).toEqual([]);
    expect(store.get().first).toBe(0);
    expect(store.win.first).toBe(Math.floor(1800 / ROW_H));
    // Quiet for the settle delay: React renders the rows on screen, scrolling over.
    vi.advanceTimersByTime(200);
    expect(renders).toEqual([Math.floor(1800 / ROW_H)]);
    expect(store.get().scrolling).toBe(false);
    expect(store.painting).toBe(false);
    // The next small scroll is rendered again.
    s.scrollTo(1800 + 2 * ROW_H);
    expect(calls).toEqual(['start', 'paint 900', 'paint 1800']);
  });

  it('a press or a key ends a drawn scroll at once', () => {
    for (const type of ['pointerdown', 'keydown']) {
      const { s, store, renders } = setup();
      s.scrollTo(50_000);
      expect(store.painting).toBe(true);
      s.fire(type);
      expect(store.painting).toBe(false);
      expect(renders).toEqual([Math.floor(50_000 / ROW_H)]);
      expect(store.get().scrolling).toBe(false);
    }
  });

  it('renders when the painter cannot draw', () => {
    const { s, store, calls, renders } = setup(false);
    s.scrollTo(50_000);
    expect(calls).toEqual(['start']);
    expect(store.painting).toBe(false);
    expect(renders).toEqual([Math.floor(50_000 / ROW_H)]);
  });

  it('a change of row count or viewport is rendered, not drawn', () => {
    const { s, store, calls } = setup();
    s.el.scrollTop = 40_000;
    store.resize(90_000);
    expect(calls).toEqual([]);
    expect(store.get().first).toBe(Math.floor(40_000 / ROW_H));
  });
});
