/**
 * State-layer benchmark at 1,000,000 URLs (`benchState()`, BenchRow rows for `npm run bench`):
 * view sort / search / filter and the edit path (cell edit, 40,000-row bulk edit, undo) with
 * the core Validator attached. Run alone: `npx tsx src/state/stateBench.ts`.
 */
import type { BenchRow } from '../../bench/types.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';
import type { AppStore } from './types.ts';
import { createParseIssuesValidator } from './validation.ts';

function time(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median of `runs` runs of `fn` after `setup`. */
function measure(setup: () => void, fn: () => unknown, runs = 3): number {
  const out: number[] = [];
  for (let r = 0; r < runs; r++) {
    setup();
    out.push(time(fn));
  }
  return median(out);
}

const rowOrder = (store: AppStore) => store.getState().rowOrder;

/** Run the state benchmark on `n` generated URLs. */
export async function benchState(n = 1_000_000, coreValidator = true): Promise<BenchRow[]> {
  const doc = makeDocument(n);
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => Date.UTC(2026, 0, 1),
    ...(coreValidator ? {} : { createValidator: () => createParseIssuesValidator() }),
  });
  const t0 = performance.now();
  await store.commands.openFile('bench.xml', new Uint8Array());
  const openMs = performance.now() - t0;
  const c = store.commands;
  const group = `state (${n.toLocaleString('en-US')} URLs${coreValidator ? '' : ', no validator'})`;
  const row = (name: string, ms: number, note?: string): BenchRow => ({
    group,
    name,
    ms,
    ...(note ? { note } : {}),
  });
  const rows: BenchRow[] = [row('open (store + full validation)', openMs)];
  rows.push(
    row(
      'row order, no sort/filter',
      measure(
        () => c.setSearch('x'),
        () => (c.setSearch(''), rowOrder(store)),
      ),
    ),
  );
  rows.push(
    row(
      'sort by loc (first, builds index)',
      measure(
        () => c.setSort(null),
        () => (c.setSort({ column: 'loc', dir: 'asc' }), rowOrder(store)),
        1,
      ),
    ),
  );
  rows.push(
    row(
      'sort by loc, toggle direction',
      measure(
        () => undefined,
        () => (c.setSort({ column: 'loc', dir: 'desc' }), rowOrder(store)),
      ),
    ),
  );
  rows.push(
    row(
      'sort by lastmod (first)',
      measure(
        () => undefined,
        () => (c.setSort({ column: 'lastmod', dir: 'asc' }), rowOrder(store)),
        1,
      ),
    ),
  );
  rows.push(
    row(
      'sort by priority (first)',
      measure(
        () => undefined,
        () => (c.setSort({ column: 'priority', dir: 'asc' }), rowOrder(store)),
        1,
      ),
    ),
  );
  c.setSort({ column: 'loc', dir: 'asc' });
  rowOrder(store);
  rows.push(
    row(
      'search "item-12" (sorted view)',
      measure(
        () => c.setSearch(''),
        () => (c.setSearch('item-12'), rowOrder(store)),
      ),
    ),
  );
  rows.push(
    row(
      'search "BLOG" (sorted view)',
      measure(
        () => c.setSearch(''),
        () => (c.setSearch('BLOG'), rowOrder(store)),
      ),
    ),
  );
  c.setSearch('');
  rows.push(
    row(
      'filter changefreq = daily',
      measure(
        () => c.clearFilters(),
        () => (c.setFilter({ field: { column: 'changefreq', value: 'daily' } }), rowOrder(store)),
      ),
    ),
  );
  c.clearFilters();
  rowOrder(store);
  let k = 0;
  rows.push(
    row(
      'edit one loc in loc-sorted view (+ row order)',
      measure(
        () => undefined,
        () => (c.setCell(k++, 'loc', `https://www.example.com/a-${k}`), rowOrder(store)),
      ),
    ),
  );
  const ids = store
    .getState()
    .doc!.entries.slice(0, 40_000)
    .map((e) => e.id);
  let p = 0;
  rows.push(
    row(
      'bulk set priority on 40,000 rows',
      measure(
        () => undefined,
        () => c.bulkSet('priority', `0.${(p++ % 9) + 1}5`, ids),
      ),
    ),
  );
  rows.push(
    row(
      'undo of the bulk edit',
      measure(
        () => c.bulkSet('priority', '0.33', ids),
        () => c.undo(),
      ),
    ),
  );
  rows.push(
    row(
      'find/replace preview "blog" → "news"',
      measure(
        () => undefined,
        () =>
          c.previewFindReplace({
            column: 'loc',
            find: 'blog',
            replace: 'news',
            regex: false,
            caseSensitive: false,
            scope: 'all',
          }),
      ),
    ),
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const core = !process.argv.includes('--no-validator');
  for (const r of await benchState(1_000_000, core))
    console.log(`${r.name.padEnd(48)} ${r.ms.toFixed(1).padStart(8)} ms`);
}
