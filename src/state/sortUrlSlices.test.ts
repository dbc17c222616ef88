import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { sortStrings, sortStringsSteps } from '../core/sort/stringSort.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';

// Sorting by URL is by character code (UTF-16 code unit, the byte order of an ASCII URL): case
// matters, as it does in a URL's path on the server (/About and /about are two pages), so "Z"
// sorts before "a". The column header's tooltip says so (ui/columnLabels.ts SORT_TITLE).

const N = 60_000;

/** A 60,000-row document (no sort order from the worker: fakeClient sends none), later tasks held. */
async function bigStore() {
  const locs = Array.from({ length: N }, (_, i) => {
    const j = (i * 7919) % N;
    // Mixed case, shared prefixes, a few longer than a 32-character window past the prefix.
    return `https://www.example.com/${j % 3 === 0 ? 'Shop' : 'shop'}/${j % 5 === 0 ? 'category-of-things-that-are-long/' : ''}item-${j}`;
  });
  const doc: SitemapDocument = { kind: 'urlset', entries: locs.map((loc, id) => ({ id, loc })), nextId: N };
  const queue: Array<() => void> = [];
  let held = false;
  let clock = 0;
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => (clock += 10),
    timers: {
      setTimeout: (fn) => (held ? queue.push(fn) : setTimeout(fn, 0)),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  for (let i = 0; i < 100 && store.getState().task !== null; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 50));
  held = true;
  const run = async () => {
    let tasks = 0;
    for (; tasks < 10_000; tasks++) {
      for (let i = 0; i < 20 && queue.length === 0; i++) await Promise.resolve();
      const fn = queue.shift();
      if (!fn) break;
      fn();
    }
    return tasks;
  };
  return { store, locs, run };
}

describe('sorting by URL', () => {
  it('is by character code: uppercase before lowercase, as a path is compared', () => {
    const keys = ['https://a.example/b', 'https://a.example/B', 'https://a.example/a', 'https://a.example/Z'];
    expect([...sortStrings(keys).asc].map((i) => keys[i])).toEqual([
      'https://a.example/B',
      'https://a.example/Z',
      'https://a.example/a',
      'https://a.example/b',
    ]);
  });

  it('in steps gives the same order as in one step', () => {
    const long = '/a-path-segment-longer-than-a-window-of-32-characters/';
    const sets = [
      // Shared prefix, mixed case, empties, segments longer than a 32-character window.
      (i: number) =>
        i % 11 === 0 ? '' : `https://a.example/${i % 3 ? 'X' : 'x'}/${(i * 31) % 997}${i % 7 ? '' : long}`,
      // Some keys without the sampled prefix; many equal keys; long shared tails.
      (i: number) =>
        i % 13 === 0 ? `http://b.example/${i % 5}` : `https://a.example${long}${long}${(i * 17) % 400}`,
    ];
    for (const make of sets) {
      const keys = Array.from({ length: 5_000 }, (_, i) => make(i));
      const one = sortStrings(keys);
      const steps = sortStringsSteps(keys, 256);
      let yields = 0;
      let r = steps.next();
      while (!r.done) {
        yields++;
        r = steps.next();
      }
      expect(yields).toBeGreaterThan(5_000 / 256);
      expect([...r.value.asc]).toEqual([...one.asc]);
      expect([...r.value.runEnd]).toEqual([...one.runEnd]);
      expect(r.value.filled).toBe(one.filled);
      // And the order is `<`'s, ties in row order.
      const native = keys
        .map((_, i) => i)
        .filter((i) => keys[i] !== '')
        .sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
      expect([...one.asc].slice(0, one.filled)).toEqual(native);
    }
  });

  it('the first sort of a big document without the worker’s order is worked out in slices', async () => {
    const { store, locs, run } = await bigStore();
    store.commands.setSort({ column: 'loc', dir: 'asc' });
    // The click's task sorts nothing: the old view stays, the work is named.
    expect(store.getState().view.sort).toBeNull();
    expect(store.getState().viewPending).toBe('Sorting');
    expect(await run()).toBeGreaterThan(16);
    const s = store.getState();
    expect(s.viewPending).toBeNull();
    expect(s.view.sort).toEqual({ column: 'loc', dir: 'asc' });
    const sorted = [...s.rowOrder].map((i) => locs[i]);
    expect(sorted).toEqual([...locs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(sorted[0].startsWith('https://www.example.com/Shop/')).toBe(true);
    // The index was kept: the other direction is one walk, set at once.
    store.commands.setSort({ column: 'loc', dir: 'desc' });
    expect(store.getState().viewPending).toBeNull();
    expect(locs[store.getState().rowOrder[0]].startsWith('https://www.example.com/shop/')).toBe(true);
  });
});
