import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CRAWLED_SITEMAP_URLS } from '../core/__fixtures__/crawl/sitemapUrls.ts';
import { CrawlJoin } from '../core/crawl/join.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import type { SitemapDocument } from '../core/model.ts';
import { SlotTable } from '../core/validate/slots.ts';
import { crawlCategoryOf, crawlSortKey } from './crawlView.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';

const crawl = () =>
  readCrawl(
    new Uint8Array(readFileSync(new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url))),
    'internal_all.csv',
  )!;

const LOCS: string[] = [...CRAWLED_SITEMAP_URLS];
const N = 60_000;

function docOf(locs: string[]): SitemapDocument {
  return { kind: 'urlset', entries: locs.map((loc, id) => ({ id, loc })), nextId: locs.length };
}

/**
 * A 60,000-row document with the crawl joined, whose later tasks are held and run one by one by
 * `run` (the clock takes 10 ms a reading: every step of sliced work ends its slice). `run` also
 * returns the most rows of a crawl pass (`crawlRowsIn`, `inCategory`) done in one task.
 */
async function bigStore() {
  const locs = Array.from({ length: N }, (_, i) => LOCS[i % LOCS.length].replace('.com/', `.com/${i}/`));
  locs.splice(0, LOCS.length, ...LOCS);
  const queue: Array<() => void> = [];
  let held = false;
  let clock = 0;
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: docOf(locs), issues: [], fatal: null })),
    now: () => (clock += 10),
    timers: {
      setTimeout: (fn) => (held ? queue.push(fn) : setTimeout(fn, 0)),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  store.commands.attachCrawl(crawl());
  for (let i = 0; i < 100 && store.getState().task !== null; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 50));
  expect(store.getState().task).toBeNull();
  held = true;
  // Rows of the crawl passes done in the current task.
  let rows = 0;
  const realIn = SlotTable.prototype.crawlRowsIn;
  const realCategory = CrawlJoin.prototype.inCategory;
  const spies = [
    vi.spyOn(SlotTable.prototype, 'crawlRowsIn').mockImplementation(function (this: SlotTable, ...a) {
      const [at, , , , from = 0, to = Number.MAX_SAFE_INTEGER] = a;
      rows += Math.min(to, at.length) - from;
      return realIn.apply(this, a);
    }),
    vi.spyOn(CrawlJoin.prototype, 'inCategory').mockImplementation(function (this: CrawlJoin, ...a) {
      const [list, , , from = 0, to = list.length] = a;
      rows += Math.min(to, list.length) - from;
      return realCategory.apply(this, a);
    }),
  ];
  /** Runs the held tasks; returns how many ran and the most crawl rows one of them passed over. */
  const run = async (limit = 10_000) => {
    let tasks = 0;
    let most = 0;
    for (; tasks < limit; tasks++) {
      for (let i = 0; i < 20 && queue.length === 0; i++) await Promise.resolve();
      const fn = queue.shift();
      if (!fn) break;
      rows = 0;
      fn();
      most = Math.max(most, rows);
    }
    return { tasks, most };
  };
  /** Crawl rows passed over since the last `run` or `clicked` (the click's own task). */
  const clicked = () => {
    const r = rows;
    rows = 0;
    return r;
  };
  clicked();
  const restore = () => {
    for (const s of spies) s.mockRestore();
  };
  return { store, run, clicked, restore };
}

describe('a big view worked out in slices (issue #17, "never blocked for more than 50 ms")', () => {
  it('a crawl filter at 60,000 rows sets the view in slices: the click passes over no row', async () => {
    const { store, run, clicked, restore } = await bigStore();
    const before = store.getState().view;
    const v = store.getState().validation.validator;
    store.commands.setFilter({ crawl: { category: 'notCrawled', label: 'Crawl: Not crawled' } });
    // The click's task: the old view stays (and its rows), the work is named, no row is read.
    expect(store.getState().view).toBe(before);
    expect(store.getState().rowOrder).toHaveLength(N);
    expect(store.getState().viewPending).toBe('Filtering');
    expect(clicked()).toBe(0);
    const { tasks, most } = await run();
    restore();
    // In many tasks, each over a sixteenth of the rows at most per pass.
    expect(tasks).toBeGreaterThan(16);
    expect(most).toBeLessThanOrEqual(4_096);
    const s = store.getState();
    expect(s.viewPending).toBeNull();
    expect(s.view.filters.crawl?.category).toBe('notCrawled');
    const entries = s.doc!.entries;
    const expected = entries.flatMap((e, i) => (crawlCategoryOf(v, e) === 'notCrawled' ? [i] : []));
    expect(expected.length).toBeGreaterThan(N / 2);
    expect([...s.rowOrder]).toEqual(expected);
  });

  it('the first sort by a crawl column at 60,000 rows sets the view in slices, sorted', async () => {
    const { store, run, clicked, restore } = await bigStore();
    const v = store.getState().validation.validator;
    store.commands.setSort({ column: 'crawlStatus', dir: 'asc' });
    expect(store.getState().view.sort).toBeNull();
    expect(store.getState().viewPending).toBe('Sorting');
    expect(clicked()).toBe(0);
    const { tasks, most } = await run();
    restore();
    expect(tasks).toBeGreaterThan(16 * 3);
    expect(most).toBeLessThanOrEqual(4_096);
    const s = store.getState();
    expect(s.view.sort).toEqual({ column: 'crawlStatus', dir: 'asc' });
    const entries = s.doc!.entries;
    const status = (i: number) => {
      const key = crawlSortKey(v, entries[i], 'crawlStatus');
      return Number.isNaN(key) ? Number.POSITIVE_INFINITY : key;
    };
    const order = [...s.rowOrder];
    expect(order).toHaveLength(N);
    expect(order.map(status)).toEqual([...order.map(status)].sort((a, b) => a - b));
    // The index was kept: the other direction is one walk, set at once.
    store.commands.setSort({ column: 'crawlStatus', dir: 'desc' });
    expect(store.getState().view.sort?.dir).toBe('desc');
    expect(store.getState().viewPending).toBeNull();
  });

  it('a view command meanwhile builds on the pending view; a later one supersedes it', async () => {
    const { store, run, restore } = await bigStore();
    const c = store.commands;
    c.setSort({ column: 'crawlStatus', dir: 'asc' });
    c.setFilter({ crawl: { category: 'notCrawled', label: 'Crawl: Not crawled' } });
    c.setHiddenColumns(['priority']);
    await run();
    let s = store.getState();
    expect(s.view.sort?.column).toBe('crawlStatus');
    expect(s.view.filters.crawl?.category).toBe('notCrawled');
    expect(s.view.hiddenColumns).toEqual(['priority']);
    expect(s.viewPending).toBeNull();
    const filtered = s.rowOrder.length;
    expect(filtered).toBeLessThan(N);

    // Unsorted again before the sort by another crawl column is done: the later command wins.
    c.setSort({ column: 'crawlIndexability', dir: 'asc' });
    expect(store.getState().viewPending).toBe('Sorting');
    c.setSort(null);
    // Still filtered by the crawl: worked out in slices too, the older run dropped.
    s = store.getState();
    expect(s.view.sort?.column).toBe('crawlStatus');
    expect(s.viewPending).toBe('Sorting');
    await run();
    restore();
    s = store.getState();
    expect(s.view.sort).toBeNull();
    expect(s.view.filters.crawl?.category).toBe('notCrawled');
    expect(s.viewPending).toBeNull();
    expect(s.rowOrder).toHaveLength(filtered);
  });

  it('an edit meanwhile: the view is worked out again for the edited document', async () => {
    const { store, run, restore } = await bigStore();
    store.commands.setFilter({ crawl: { category: 'notCrawled', label: 'Crawl: Not crawled' } });
    // Some tasks into the work, the first row gets a URL no crawl row lists.
    expect((await run(8)).tasks).toBe(8);
    const doc = store.getState().doc!;
    store.commands.setCells([{ id: doc.entries[0].id, field: 'loc', value: 'https://elsewhere.example/x' }]);
    expect(store.getState().doc).not.toBe(doc);
    expect(store.getState().viewPending).toBe('Filtering');
    await run();
    restore();
    const s = store.getState();
    const v = s.validation.validator;
    const expected = s.doc!.entries.flatMap((e, i) => (crawlCategoryOf(v, e) === 'notCrawled' ? [i] : []));
    expect(expected[0]).toBe(0);
    expect([...s.rowOrder]).toEqual(expected);
    expect(s.viewPending).toBeNull();
  });

  it('Re-sort after an edit under a crawl sort sorts again in slices, the rows shown staying meanwhile', async () => {
    const { store, run, clicked, restore } = await bigStore();
    store.commands.setSort({ column: 'crawlStatus', dir: 'asc' });
    await run();
    const doc = store.getState().doc!;
    // The first row (crawled, 200) gets a URL the crawl lacks: in place, it stays where it is.
    const first = store.getState().rowOrder[0];
    store.commands.setCells([
      { id: doc.entries[first].id, field: 'loc', value: 'https://elsewhere.example/x' },
    ]);
    await run();
    expect(store.getState().sortStale).toBe(true);
    const shown = store.getState().rowOrder;
    expect(shown[0]).toBe(first);
    // The grid reads the rows on every change, as a render does.
    const unsubscribe = store.subscribe(() => void store.getState().rowOrder);
    clicked();
    store.commands.resort();
    // The click's task: no crawl row read, the rows shown stay, the work is named.
    expect(clicked()).toBe(0);
    expect(store.getState().rowOrder).toBe(shown);
    expect(store.getState().viewPending).toBe('Sorting');
    const { tasks, most } = await run();
    unsubscribe();
    restore();
    expect(tasks).toBeGreaterThan(16);
    expect(most).toBeLessThanOrEqual(4_096);
    const s = store.getState();
    expect(s.viewPending).toBeNull();
    expect(s.sortStale).toBe(false);
    const v = s.validation.validator;
    const entries = s.doc!.entries;
    const status = (i: number) => {
      const key = crawlSortKey(v, entries[i], 'crawlStatus');
      return Number.isNaN(key) ? Number.POSITIVE_INFINITY : key;
    };
    const order = [...s.rowOrder];
    expect(new Set(order).size).toBe(N);
    expect(order.map(status)).toEqual([...order.map(status)].sort((a, b) => a - b));
    expect(s.rowOrder).not.toBe(shown);
  });

  it('an edit under a crawl filter: the rows stay, then are worked out again in slices', async () => {
    const { store, run, clicked, restore } = await bigStore();
    store.commands.setFilter({ crawl: { category: 'notCrawled', label: 'Crawl: Not crawled' } });
    await run();
    const shown = store.getState().rowOrder;
    const doc = store.getState().doc!;
    // A crawled row (not in the view) gets a URL the crawl lacks: it belongs in the view now.
    const v0 = store.getState().validation.validator;
    const crawled = doc.entries.findIndex((e) => crawlCategoryOf(v0, e) !== 'notCrawled');
    expect(shown).not.toContain(crawled);
    // The grid reads the rows on every change, as a render does.
    const unsubscribe = store.subscribe(() => void store.getState().rowOrder);
    clicked();
    store.commands.setCells([
      { id: doc.entries[crawled].id, field: 'loc', value: 'https://elsewhere.example/x' },
    ]);
    // The edit's task (and its render's read of the rows) passes over no crawl row.
    expect(clicked()).toBe(0);
    expect(store.getState().rowOrder).toBe(shown);
    const { most } = await run();
    unsubscribe();
    restore();
    expect(most).toBeLessThanOrEqual(4_096);
    const s = store.getState();
    expect(s.viewPending).toBeNull();
    const v = s.validation.validator;
    const expected = s.doc!.entries.flatMap((e, i) => (crawlCategoryOf(v, e) === 'notCrawled' ? [i] : []));
    expect(expected).toContain(crawled);
    expect([...s.rowOrder]).toEqual(expected);
  });

  it('a replace under a crawl sort: the rows are worked out again in slices, not in a render', async () => {
    const { store, run, restore } = await bigStore();
    store.commands.setSort({ column: 'crawlStatus', dir: 'asc' });
    await run();
    expect(store.getState().view.sort?.column).toBe('crawlStatus');
    const view = store.getState().view;
    // Another crawl, whose 200 pages are now 404s: the sort order changes with it.
    const text = readFileSync(
      new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url),
      'utf8',
    ).replaceAll('"200","OK"', '"404","Not Found"');
    const next = readCrawl(new TextEncoder().encode(text), 'crawl-b.csv')!;
    // The grid reads the rows on every change, as a render does.
    const unsubscribe = store.subscribe(() => void store.getState().rowOrder);
    store.commands.attachCrawl(next);
    const { most } = await run();
    unsubscribe();
    restore();
    // No task passed over every row (the join's versions re-sorted 60,000 rows in a render).
    expect(most).toBeLessThanOrEqual(4_096);
    const s = store.getState();
    expect(s.crawl).toBe(next);
    expect(s.task).toBeNull();
    expect(s.viewPending).toBeNull();
    expect(s.view).toBe(view);
    const v = s.validation.validator;
    const entries = s.doc!.entries;
    const status = (i: number) => {
      const key = crawlSortKey(v, entries[i], 'crawlStatus');
      return Number.isNaN(key) ? Number.POSITIVE_INFINITY : key;
    };
    const order = [...s.rowOrder];
    expect(order).toHaveLength(N);
    expect(new Set(order).size).toBe(N);
    expect(order.map(status)).toEqual([...order.map(status)].sort((a, b) => a - b));
    expect(order.map(status)).toContain(404);
  });

  it('a replace under a crawl filter: the filtered rows are worked out again in slices', async () => {
    const { store, run, restore } = await bigStore();
    store.commands.setFilter({ crawl: { category: 'error', label: 'Crawl: Error' } });
    await run();
    const before = store.getState().rowOrder.length;
    const text = readFileSync(
      new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url),
      'utf8',
    ).replaceAll('"200","OK"', '"404","Not Found"');
    const next = readCrawl(new TextEncoder().encode(text), 'crawl-b.csv')!;
    const unsubscribe = store.subscribe(() => void store.getState().rowOrder);
    store.commands.attachCrawl(next);
    const { most } = await run();
    unsubscribe();
    restore();
    expect(most).toBeLessThanOrEqual(4_096);
    const s = store.getState();
    expect(s.viewPending).toBeNull();
    const v = s.validation.validator;
    const expected = s.doc!.entries.flatMap((e, i) => (crawlCategoryOf(v, e) === 'error' ? [i] : []));
    expect(expected.length).toBeGreaterThan(before);
    expect([...s.rowOrder]).toEqual(expected);
  });
});
