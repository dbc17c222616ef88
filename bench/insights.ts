/**
 * Benchmarks for the insights core (URL tree, chart stats, compare) at 1,000,000 entries.
 * Run alone: npx tsx -e "import('./bench/insights.ts').then(async m => console.table(await m.benchInsights()))"
 */
import { compareSitemaps, diffToCsv } from '../src/core/compare.ts';
import type { Entry } from '../src/core/model.ts';
import { entryPatch } from '../src/core/patch.ts';
import {
  changefreqDistribution,
  lastmodHistogram,
  priorityDistribution,
  urlsPerFolder,
} from '../src/core/stats.ts';
import { buildUrlTree, planPrefixRename, ROOT } from '../src/core/tree.ts';
import { prng } from './generate.ts';
import type { BenchRow } from './types.ts';

const N = 1_000_000;

const FREQS = ['daily', 'weekly', 'monthly', 'yearly', 'Weekly'];
const PRIOS = ['0.1', '0.3', '0.5', '0.8', '1.0', '.5'];

/** n entries over 2 hosts, 30 folders, 200 subfolders each, unique leaves; 5% with alternates. */
export function makeEntries(n: number, seed = 1): Entry[] {
  const rnd = prng(seed);
  const out: Entry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const host = rnd() < 0.9 ? 'https://www.example.com' : 'https://shop.example.com';
    const loc = `${host}/f${Math.floor(rnd() * 30)}/s${Math.floor(rnd() * 200)}/page-${i}`;
    const day = Math.floor(rnd() * 1000);
    const e: Entry = {
      id: i,
      loc,
      lastmod: `${2022 + Math.floor(day / 365)}-${String((Math.floor(day / 31) % 12) + 1).padStart(2, '0')}-${String((day % 28) + 1).padStart(2, '0')}`,
      changefreq: FREQS[Math.floor(rnd() * FREQS.length)],
      priority: PRIOS[Math.floor(rnd() * PRIOS.length)],
    };
    if (rnd() < 0.05) e.alternates = [{ rel: 'alternate', hreflang: 'fr', href: loc.replace('/f', '/fr/f') }];
    out[i] = e;
  }
  return out;
}

/** Side B for compare (pass freshly generated entries so no string is shared with side A): 2% field edits, 1% removed, 1% added, 1% trailing slash, 1% http. */
function mutate(entries: readonly Entry[], seed = 2): Entry[] {
  const rnd = prng(seed);
  const out: Entry[] = [];
  for (const e of entries) {
    const r = rnd();
    if (r < 0.01) continue;
    if (r < 0.03) out.push({ ...e, priority: '0.9' });
    else if (r < 0.04) out.push({ ...e, loc: `${e.loc}/` });
    else if (r < 0.05) out.push({ ...e, loc: e.loc.replace('https:', 'http:') });
    else out.push(e);
    if (r > 0.99) out.push({ id: e.id + 10_000_000, loc: `${e.loc}-new` });
  }
  return out;
}

/** CPU ms (user + system) of the median-wall run of the last `time()` call; robust on a busy box. */
let lastCpu = 0;
const cpu = () => `cpu ${lastCpu} ms`;

/** Run `fn` `runs` times; the last value and the median wall time in ms (0.1 ms precision). */
function time<T>(fn: () => T, runs = 3): [T, number] {
  const runsMs: Array<[wall: number, cpu: number]> = [];
  let value: T | undefined;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    value = fn();
    const c = process.cpuUsage(c0);
    runsMs.push([performance.now() - t0, (c.user + c.system) / 1000]);
  }
  runsMs.sort((a, b) => a[0] - b[0]);
  const [wall, cpuMs] = runsMs[Math.floor(runs / 2)];
  lastCpu = Math.round(cpuMs);
  return [value as T, Math.round(wall * 10) / 10];
}

const MB = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** Fresh entries (and strings) allocated in URL order, as a parser reading a sorted sitemap would. */
function inSortedOrder(entries: readonly Entry[]): Entry[] {
  const locs = entries.map((e) => e.loc).sort();
  return locs.map((loc, id) => ({ id, loc: ` ${loc}`.slice(1) }));
}

/** Heap kept by one tree (needs `node --expose-gc`; otherwise says so). */
function retainedHeap(entries: Entry[]): string {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return 'heap: run with --expose-gc';
  gc();
  const before = process.memoryUsage().heapUsed;
  const tree = buildUrlTree(entries, () => undefined);
  gc();
  const kept = process.memoryUsage().heapUsed - before;
  return tree.size > 0 ? `tree heap ${MB(kept)}` : '';
}

function benchTree(entries: Entry[], rows: BenchRow[]): void {
  const [tree, build] = time(() => buildUrlTree(entries, (id) => (id % 97 === 0 ? 'error' : undefined)));
  rows.push({
    group: 'insights',
    name: 'tree build 1M (random order)',
    ms: build,
    note: `${cpu()}, ${retainedHeap(entries)}`,
  });
  const sorted = inSortedOrder(entries);
  const [, sortedBuild] = time(() => buildUrlTree(sorted, () => undefined));
  rows.push({
    group: 'insights',
    name: 'tree build 1M (URL order)',
    ms: sortedBuild,
    note: `${cpu()}, neighbours share paths`,
  });
  const K = 1000;
  const [, upd] = time(() => {
    for (let k = 0; k < K; k++) {
      const before = entries[k * 997];
      const after = { ...before, loc: before.loc.replace('/f', '/moved/f') };
      tree.applyChange(entryPatch({ updated: [[before, after]] }), () => 'warning');
      tree.applyChange(entryPatch({ updated: [[after, before]] }), () => undefined);
    }
  });
  rows.push({
    group: 'insights',
    name: 'tree incremental update (1 loc edit)',
    ms: upd / (2 * K),
    note: `mean of ${2 * K}`,
  });
  const host = tree.childrenOf(ROOT)[1];
  const [, vis] = time(() => tree.visibleRows(new Set([host, ...tree.childrenOf(host)])));
  rows.push({ group: 'insights', name: 'tree visibleRows (host + 30 folders open)', ms: vis });
  const [ids, under] = time(() => tree.entryIdsUnder(host));
  rows.push({
    group: 'insights',
    name: 'tree entryIdsUnder(largest host)',
    ms: under,
    note: `${cpu()}, ${ids.length} ids`,
  });
  const [plan, ren] = time(() =>
    planPrefixRename(entries, 'https://www.example.com/f7', 'https://www.example.com/g7'),
  );
  rows.push({
    group: 'insights',
    name: 'planPrefixRename over 1M',
    ms: ren,
    note: `${cpu()}, ${plan.length} changes`,
  });
  const [, refresh] = time(() => tree.refreshSeverities((id) => (id % 89 === 0 ? 'warning' : undefined)));
  rows.push({ group: 'insights', name: 'tree refreshSeverities 1M', ms: refresh });
}

function benchStats(entries: Entry[], rows: BenchRow[]): void {
  const [hist, h] = time(() => lastmodHistogram(entries));
  rows.push({
    group: 'insights',
    name: 'stats lastmod histogram 1M',
    ms: h,
    note: `${cpu()}, ${hist.scale}, ${hist.buckets.length} bars`,
  });
  const [, c] = time(() => changefreqDistribution(entries));
  rows.push({ group: 'insights', name: 'stats changefreq 1M', ms: c });
  const [, p] = time(() => priorityDistribution(entries));
  rows.push({ group: 'insights', name: 'stats priority 1M', ms: p });
  const [, f] = time(() => urlsPerFolder(entries));
  rows.push({ group: 'insights', name: 'stats URLs per folder 1M', ms: f, note: cpu() });
}

function benchCompare(entries: Entry[], rows: BenchRow[]): void {
  const other = mutate(makeEntries(N));
  const [diff, ms] = time(() => compareSitemaps(entries, other));
  const c = diff.counts;
  const note = `${cpu()}, +${c.added} -${c.removed} ~${c.changed} slash ${c.trailingSlash} scheme ${c.scheme}`;
  rows.push({ group: 'insights', name: `compare 1M vs ${(other.length / 1e6).toFixed(2)}M`, ms, note });
  const [csv, csvMs] = time(() => diffToCsv(diff));
  rows.push({
    group: 'insights',
    name: 'diffToCsv',
    ms: csvMs,
    note: `${cpu()}, ${diff.rows.length} rows, ${MB(csv.length)}`,
  });
}

/** Every insights measurement at 1,000,000 generated entries. */
export async function benchInsights(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const [entries, gen] = time(() => makeEntries(N), 1);
  rows.push({ group: 'insights', name: 'generate 1M entries (setup)', ms: gen });
  benchTree(entries, rows);
  benchStats(entries, rows);
  benchCompare(entries, rows);
  return rows;
}
