/**
 * The crawl column's filter and sort at 1,000,000 rows in node (dev tool, issue #17 "never blocked
 * for more than 50 ms"): `npx tsx bench/crawlview-dev.ts [csv] [rounds]`. Reads the bench crawl
 * export, joins it with `plainDoc(1_000_000)` in a store, then times (CPU) the view's row order
 * filtered by a crawl category and the sort index of the crawl Status column. `PARTS=1` also times
 * the parts (`crawlRowsOf`, the bucket mask, the sort keys), `MASK=1` the bucket mask against a
 * per-row `category` loop. Process CPU counts GC threads too: run with `node --single-threaded-gc
 * --import tsx bench/crawlview-dev.ts` and read the minimum.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { CrawlReader } from '../src/core/crawl/reader.ts';
import { crawlSummary } from '../src/state/crawlView.ts';
import { buildSortIndex } from '../src/state/sortIndex.ts';
import { createAppStore } from '../src/state/store.ts';
import { fakeClient } from '../src/state/testing.ts';
import type { ViewState } from '../src/state/types.ts';
import { computeRowOrder } from '../src/state/view.ts';
import { plainDoc } from './generate.ts';

const file = process.argv[2] ?? 'bench/out/inputs/crawl-v1/internal_all.csv';
const rounds = Number(process.argv[3] ?? 5);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const fd = openSync(file, 'r');
const size = fstatSync(fd).size;
const reader = new CrawlReader({ fileName: 'internal_all.csv' });
for (let at = 0; at < size; at += 8 << 20) {
  const b = new Uint8Array(Math.min(8 << 20, size - at));
  readSync(fd, b, 0, b.length, at);
  reader.push(b);
}
closeSync(fd);
const table = reader.end()!;
const doc = plainDoc(1_000_000);
const store = createAppStore({
  worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
  now: () => 0,
});
await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
store.commands.attachCrawl(table);
const v = store.getState().validation.validator;
const d = store.getState().doc!;
const view = (crawl?: string): ViewState => ({
  sort: null,
  search: '',
  filters: crawl ? { crawl: { category: crawl as 'noindex', label: crawl } } : {},
  hiddenColumns: [],
});
for (let r = 0; r < rounds; r++) {
  let t = cpu();
  const rows = computeRowOrder(d, view('noindex'), v);
  const filter = cpu() - t;
  t = cpu();
  const index = buildSortIndex(d.entries, 'crawlStatus', v);
  const sort = cpu() - t;
  t = cpu();
  const summary = crawlSummary(v, d.entries);
  const sum = cpu() - t;
  console.log(
    `filter noindex ${filter.toFixed(1)} ms (${rows.length} rows) · sort index crawlStatus ${sort.toFixed(1)} ms (${index.filled} filled) · summary ${sum.toFixed(1)} ms (${summary?.listed.noindex})`,
  );
}
if (process.env.PARTS) {
  const { crawlCategoryMask, crawlSortKeys } = await import('../src/state/crawlView.ts');
  for (let r = 0; r < rounds; r++) {
    let t = cpu();
    const rows = v.crawlRowsOf!(d.entries);
    const a = cpu() - t;
    t = cpu();
    crawlCategoryMask(v, d.entries, 'noindex');
    const b = cpu() - t;
    t = cpu();
    crawlSortKeys(v, d.entries, 'crawlStatus');
    const c = cpu() - t;
    console.log(
      `rows ${a.toFixed(1)} · mask (with rows) ${b.toFixed(1)} · keys (with rows) ${c.toFixed(1)} ms ${rows.length}`,
    );
  }
}
if (process.env.MASK) {
  const join = v.crawlJoin!()!;
  const rows = v.crawlRowsOf!(d.entries);
  for (let r = 0; r < rounds; r++) {
    let t = cpu();
    const a = join.inCategory(rows, 'noindex');
    const x = cpu() - t;
    t = cpu();
    const b = new Uint8Array(rows.length);
    for (let i = 0; i < rows.length; i++) if (join.category(rows[i]) === 'noindex') b[i] = 1;
    const y = cpu() - t;
    t = cpu();
    const c = new Uint8Array(rows.length);
    const { status, flags } = join.table;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      if (row >= 0 && (flags[row] & 1) === 0) c[i] = status[row] === 200 ? 1 : 0;
    }
    const z = cpu() - t;
    t = cpu();
    const rr = v.crawlRowsOf!(d.entries);
    const w = cpu() - t;
    console.log(
      `inCategory ${x.toFixed(1)} · category loop ${y.toFixed(1)} · plain typed loop ${z.toFixed(1)} · rows ${w.toFixed(1)} ms ${a.length + b.length + c.length + rr.length}`,
    );
  }
}
