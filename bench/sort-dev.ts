/**
 * Dev benchmark of the 1,000,000-row view work (sort, search, filter) in Node, on the same
 * generated document as the browser bench's million input (bench/generate.ts `plainDoc`), cloned
 * once so its strings are flat like the ones a worker message delivers.
 * `npx tsx bench/sort-dev.ts [n] [--no-validator]`; prints process CPU time (the machine is shared)
 * and wall time per step.
 */
import { createAppStore } from '../src/state/store.ts';
import { fakeClient } from '../src/state/testing.ts';
import type { AppStore } from '../src/state/types.ts';
import { createParseIssuesValidator } from '../src/state/validation.ts';
import { plainDoc } from './generate.ts';

const n = Number(process.argv[2] ?? 1_000_000) || 1_000_000;
const doc = structuredClone(plainDoc(n));

function time(label: string, store: AppStore, run: () => void): void {
  const c = store.commands;
  c.setSort(null);
  c.setSearch('');
  c.clearFilters();
  void store.getState().rowOrder;
  const cpu = process.cpuUsage();
  const t = performance.now();
  run();
  const rows = store.getState().rowOrder.length;
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  console.log(
    `${label.padEnd(32)} cpu ${cpuMs.toFixed(0).padStart(6)} ms  wall ${wall.toFixed(0).padStart(6)} ms  ${rows} rows`,
  );
}

const store = createAppStore({
  worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
  now: () => Date.UTC(2026, 0, 1),
  ...(process.argv.includes('--no-validator') ? { createValidator: () => createParseIssuesValidator() } : {}),
});
const t0 = performance.now();
await store.commands.openFile('bench.xml', new Uint8Array());
console.log(`open ${(performance.now() - t0).toFixed(0)} ms`);
const c = store.commands;
for (let round = 0; round < 2; round++) {
  console.log(`-- round ${round + 1}`);
  time('sort loc (first)', store, () => c.setSort({ column: 'loc', dir: 'asc' }));
  time('sort loc desc', store, () => c.setSort({ column: 'loc', dir: 'desc' }));
  time('sort lastmod (first)', store, () => c.setSort({ column: 'lastmod', dir: 'asc' }));
  time('sort lastmod desc', store, () => c.setSort({ column: 'lastmod', dir: 'desc' }));
  time('sort priority desc (first)', store, () => c.setSort({ column: 'priority', dir: 'desc' }));
  time('sort changefreq (first)', store, () => c.setSort({ column: 'changefreq', dir: 'asc' }));
  time('search kitchen-garden', store, () => c.setSearch('kitchen-garden'));
  time('search GARDEN', store, () => c.setSearch('GARDEN'));
  time('search 2024-03', store, () => c.setSearch('2024-03'));
  time('search id=12345 (new query)', store, () => c.setSearch('id=12345'));
  time('type k…kitchen-garden (14)', store, () => {
    for (let i = 1; i <= 14; i++) {
      c.setSearch('kitchen-garden'.slice(0, i));
      void store.getState().rowOrder;
    }
  });
  time('filter warning', store, () => c.setFilter({ severity: 'warning' }));
  time('filter error', store, () => c.setFilter({ severity: 'error' }));
}
