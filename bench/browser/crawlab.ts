/**
 * The crawl audit's paths at 1,000,000 URLs, two bench builds side by side (issue #17, "the page
 * never blocked for more than 50 ms"): `npx tsx bench/browser/crawlab.ts <distA> <distB> [steps]
 * [runs]`. Each run opens the 1,000,000-URL sitemap in a fresh page, waits until it settled, then
 * takes the steps in order, each traced on its own: `attach` (the 1,000,000-row crawl CSV
 * dropped), `count` (the crawl card's counts, one action per task as the card takes them),
 * `noindex` ("Remove noindex URLs"), `undo`, `missing` ("Add missing indexable pages"),
 * `replace` (another CSV dropped on the attached one), `remove` (the crawl taken out), `filter` /
 * `unfilter` (the summary's Noindex count clicked), `sort` / `sortdesc` / `unsort` (the crawl Status
 * column), `redirects` / `canonicals` / `errors` (the other actions), `settle`. Default
 * steps: all of them, comma-separated to choose (`-attach,count`: attach untraced, then trace the
 * counts); `heap` prints the page heap after a GC and the crawl table's arrays (`heap,-attach,heap`);
 * builds alternate A B, B A, ….
 *
 * Per step it prints the page main thread's tasks from the step on (until SETTLE_MS after it, with
 * its autosave): the longest by thread CPU and by wall, how many passed 50 and 30 ms of CPU, and
 * the CPU of them all. Thread CPU is the code's share; wall on a shared machine is load too.
 * Inputs: bench/out/inputs (v1/million.xml, crawl-v1/internal_all.csv, as `npm run bench:browser`
 * writes them), served read-only. `PROFILE=1` adds the self time of the functions in each step's
 * longest tasks (a sampling profile taken with the trace); `INVALIDATIONS=1` records what made each
 * style recalc and layout (see TRACE_DIR).
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { ACTION, ATTACH, COMMANDS, COUNT, QUIET, REMOVE, SETTLED } from './crawlInput.ts';
import { probePage, ROOT, serveDir } from './serve.ts';
import { eventsByThread, labeler, type Profile, type TraceEvent, threadNames } from './trace.ts';

const CSV = '/bench-in/internal_all.csv';
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 4000);

/** The steps, as page scripts (each resolves when its work is done). */
const STEPS: Record<string, string> = {
  attach: ATTACH(CSV),
  count: COUNT,
  noindex: ACTION('remove-noindex'),
  undo: SETTLED(`${COMMANDS}.undo()`),
  missing: ACTION('add-missing'),
  replace: ATTACH(CSV, 'crawl-b.csv'),
  remove: REMOVE,
  // The summary's filter clicks and the crawl Status column's sort (and back).
  filter: SETTLED(`${COMMANDS}.setFilter({ crawl: { category: 'noindex', label: 'Crawl: Noindex' } })`),
  unfilter: SETTLED(`${COMMANDS}.setFilter({ crawl: undefined })`),
  sort: SETTLED(`${COMMANDS}.setSort({ column: 'crawlStatus', dir: 'asc' })`),
  sortdesc: SETTLED(`${COMMANDS}.setSort({ column: 'crawlStatus', dir: 'desc' })`),
  unsort: SETTLED(`${COMMANDS}.setSort(null)`),
  // The other actions ("Replace or remove redirecting / canonicalised URLs", "Remove error URLs").
  redirects: ACTION('replace-redirects'),
  canonicals: ACTION('replace-canonicals'),
  errors: ACTION('remove-errors'),
  // Until a sliced commit (or undo) started by the step before has ended.
  settle: SETTLED(''),
};

interface StepResult {
  cpuMax: number;
  wallMax: number;
  over50: number;
  over30: number;
  cpuTotal: number;
  top: string[];
  /** CPU of every thread of the renderer from the mark on (top-level events), by thread name. */
  threads: string;
}

/** The page main thread's tasks from the step's mark on, by thread CPU (see the header). */
function summarize(
  events: TraceEvent[],
  profile: (Profile & { startTime: number }) | undefined,
  label: ReturnType<typeof labeler>,
): StepResult {
  const mark = events.find(
    (e) => e.name === 'TimeStamp' && JSON.stringify(e.args ?? {}).includes('crawlab-step'),
  );
  if (!mark) throw new Error('no step mark in the trace');
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      e.pid === mark.pid &&
      e.tid === mark.tid &&
      e.ts + (e.dur ?? 0) >= mark.ts,
  );
  const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  // The three longest by CPU, and the longest by wall (on a busy machine often another task).
  const byCpu = [...tasks].sort((a, b) => cpu(b) - cpu(a)).slice(0, 3);
  const byWall = [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  const top = [...byCpu, ...(byWall && !byCpu.includes(byWall) ? [byWall] : [])].map((t) => {
    const end = t.ts + (t.dur ?? 0);
    const inner = events
      .filter(
        (e) =>
          e.pid === t.pid &&
          e.tid === t.tid &&
          e.ph === 'X' &&
          e !== t &&
          e.ts >= t.ts &&
          e.ts < end &&
          (e.tdur ?? 0) > 3_000,
      )
      .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
      .slice(0, 4)
      .map(
        (e) =>
          `${e.name}${e.args?.data?.functionName ? `:${e.args.data.functionName}` : ''} ${cpu(e).toFixed(0)}`,
      );
    const self = profile ? `\n          self: ${selfIn(profile, t.ts, end, label)}` : '';
    return `+${((t.ts - mark.ts) / 1e6).toFixed(2)} s ${cpu(t).toFixed(1)} ms CPU (${((t.dur ?? 0) / 1000).toFixed(0)} wall): ${inner.join(', ')}${self}`;
  });
  // Every renderer thread's CPU from the mark (top-level complete events only).
  const names = threadNames(events);
  const busy = new Map<string, number>();
  for (const [key, list] of eventsByThread(events)) {
    if (!key.startsWith(`${mark.pid}:`)) continue;
    let end = 0;
    let sum = 0;
    let first = -1;
    for (const e of list) {
      if (e.ts < mark.ts || e.ts < end) continue;
      if (first < 0 && (e.tdur ?? 0) > 1000) first = e.ts;
      end = e.ts + (e.dur ?? 0);
      sum += (e.tdur ?? e.dur ?? 0) / 1000;
    }
    const at = (t: number) => ((t - mark.ts) / 1e6).toFixed(2);
    const name = `${names.get(key) ?? key} ${key.split(':')[1]} [${at(first)}–${at(end)} s]`;
    busy.set(name, sum);
  }
  const threads = [...busy]
    .filter(([, ms]) => ms >= 20)
    .sort((a, b) => b[1] - a[1])
    .map(([k, ms]) => `${k}: ${ms.toFixed(0)}`)
    .join(' · ');
  // WPROFILE=1: each renderer thread's sampled self time (the trace's v8.cpu_profiler chunks).
  const profiles = process.env.WPROFILE ? threadProfiles(events, mark.pid, label) : '';
  return {
    threads: threads + profiles,
    cpuMax: Math.max(0, ...tasks.map(cpu)),
    wallMax: Math.max(0, ...tasks.map((t) => (t.dur ?? 0) / 1000)),
    over50: tasks.filter((t) => cpu(t) > 50).length,
    over30: tasks.filter((t) => cpu(t) > 30).length,
    cpuTotal: tasks.reduce((n, t) => n + cpu(t), 0),
    top,
  };
}

/** Per thread of `pid`, the top self-time functions of the trace's sampled CPU profile. */
function threadProfiles(events: TraceEvent[], pid: number, label: ReturnType<typeof labeler>): string {
  const nodes = new Map<string, Map<number, Profile['nodes'][number]>>();
  const self = new Map<string, Map<string, number>>();
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk') continue;
    const chunk = e as unknown as {
      id?: string;
      args?: {
        data?: { cpuProfile?: { nodes?: Profile['nodes']; samples?: number[] }; timeDeltas?: number[] };
      };
    };
    const key = `${e.tid}:${chunk.id}`;
    const data = chunk.args?.data?.cpuProfile;
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    const byId = nodes.get(key) ?? new Map<number, Profile['nodes'][number]>();
    nodes.set(key, byId);
    for (const n of data?.nodes ?? []) byId.set(n.id, n);
    const mine = self.get(String(e.tid)) ?? new Map<string, number>();
    self.set(String(e.tid), mine);
    (data?.samples ?? []).forEach((id, i) => {
      const n = byId.get(id);
      if (!n) return;
      const f = n.callFrame;
      let k: string;
      try {
        k = label({ ...f, lineNumber: f.lineNumber ?? -1, columnNumber: f.columnNumber ?? 0 });
      } catch {
        k = `${f.functionName || '(anon)'} ${String(f.url).split('/').pop()}:${f.lineNumber}`;
      }
      if (k === '(idle)' || k === '(root)' || k === '(program)') return;
      mine.set(k, (mine.get(k) ?? 0) + (deltas[i] ?? 0) / 1000);
    });
  }
  return [...self]
    .map(([tid, m]) => {
      const total = [...m.values()].reduce((a, b) => a + b, 0);
      if (total < 100) return '';
      const top = [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
        .join('; ');
      return `\n          tid ${tid} sampled ${total.toFixed(0)} ms: ${top}`;
    })
    .join('');
}

/** Self time per function of the samples between `from` and `to` (trace clock, µs). */
function selfIn(
  profile: Profile & { startTime: number },
  from: number,
  to: number,
  label: ReturnType<typeof labeler>,
): string {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (t < from || t > to || !node) return;
    const key = label(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join('; ');
}

async function traced(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  step: string,
  label: ReturnType<typeof labeler>,
): Promise<StepResult & { out: unknown }> {
  if (process.env.PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
    await page.waitForTimeout(500);
  }
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'toplevel',
      ...(process.env.WPROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
      // GC=1: V8's own GC events (why each GC and marking step ran; kept with TRACE_DIR).
      ...(process.env.GC ? ['v8', 'disabled-by-default-v8.gc'] : []),
      // INVALIDATIONS=1: what made each style recalc and layout (kept with TRACE_DIR).
      ...(process.env.INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
    ],
  });
  await page.evaluate("console.timeStamp('crawlab-step')");
  const out = await page.evaluate(STEPS[step]);
  await page.waitForTimeout(SETTLE_MS);
  const profile = process.env.PROFILE
    ? ((await cdp.send('Profiler.stop')) as { profile: Profile & { startTime: number } }).profile
    : undefined;
  const raw = await browser.stopTracing();
  // TRACE_DIR: keep each step's trace (Chrome trace JSON) for a closer look.
  if (process.env.TRACE_DIR) {
    mkdirSync(process.env.TRACE_DIR, { recursive: true });
    const at = Date.now();
    writeFileSync(resolve(process.env.TRACE_DIR, `${step}-${at}.json`), raw);
    if (profile)
      writeFileSync(resolve(process.env.TRACE_DIR, `${step}-${at}.cpuprofile`), JSON.stringify(profile));
  }
  const trace = JSON.parse(raw.toString()) as { traceEvents: TraceEvent[] };
  return { ...summarize(trace.traceEvents, profile, label), out };
}

async function run(
  browser: Browser,
  dist: string,
  base: string,
  steps: string[],
): Promise<Map<string, StepResult>> {
  const page = await probePage(browser);
  const results = new Map<string, StepResult>();
  try {
    await page.goto(`${base}/`);
    await page.waitForFunction('window.__probe && window.__probe.ready()');
    await page.evaluate(`__probe.load('/bench-in/million.xml')`);
    await page.evaluate(`__probe.open('/bench-in/million.xml', 'million.xml')`);
    const cdp = await page.context().newCDPSession(page);
    const label = labeler(dist, base);
    for (const step of steps) {
      await page.evaluate(QUIET);
      // `heap`: the page's JS heap after a GC, and the attached crawl table's arrays (issue #17:
      // memory for the crawl kept to the columns used), e.g. `heap,-attach,heap`.
      if (step === 'heap') {
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        const table = await page.evaluate(`(() => {
          const t = window.__sitemapWorkbench.getState().crawl;
          if (!t) return 'no crawl attached';
          const arrays = Object.entries(t).filter(([, v]) => ArrayBuffer.isView(v));
          const mb = (n) => (n / 2 ** 20).toFixed(1);
          return t.rows + ' rows; ' + arrays.map(([k, v]) => k + ' ' + mb(v.byteLength)).join(', ') +
            '; total ' + mb(arrays.reduce((n, [, v]) => n + v.byteLength, 0)) + ' MB';
        })()`);
        console.log(`  heap     ${(usedSize / 2 ** 20).toFixed(1)} MB after GC; crawl table: ${table}`);
        continue;
      }
      // A step named with a leading '-' (e.g. -attach) runs untraced, as the setup of the next.
      if (step.startsWith('-')) {
        await page.evaluate(STEPS[step.slice(1)]);
        continue;
      }
      const r = await traced(browser, page, cdp, step, label);
      results.set(step, r);
      const out =
        typeof r.out === 'object' && r.out !== null ? JSON.stringify(r.out).slice(0, 160) : String(r.out);
      console.log(
        `  ${step.padEnd(8)} longest ${r.cpuMax.toFixed(1)} ms CPU (${r.wallMax.toFixed(0)} wall); over 50 · 30 ms CPU: ${r.over50} · ${r.over30}; page CPU ${r.cpuTotal.toFixed(0)} ms → ${out}`,
      );
      console.log(`        threads (CPU ms from the step): ${r.threads}`);
      for (const t of r.top) console.log(`        ${t}`);
    }
  } finally {
    await page.context().close();
  }
  return results;
}

async function main(): Promise<void> {
  const dists = [process.argv[2], process.argv[3]].map((d) => resolve(d));
  const steps = (process.argv[4] ?? Object.keys(STEPS).join(',')).split(',');
  for (const s of steps)
    if (s !== 'heap' && !STEPS[s.replace(/^-/, '')])
      throw new Error(`unknown step ${s}: ${Object.keys(STEPS).join(', ')}`);
  const runs = Number(process.argv[5] ?? 1);
  const port = Number(process.env.BENCH_PORT ?? 4452);
  // The inputs as links in a folder of this script's own (the shared files are only read).
  const inputs = resolve(ROOT, 'bench/out/crawlab-in');
  mkdirSync(inputs, { recursive: true });
  for (const [name, from] of [
    ['million.xml', 'v1/million.xml'],
    ['internal_all.csv', 'crawl-v1/internal_all.csv'],
  ])
    try {
      symlinkSync(resolve(ROOT, 'bench/out/inputs', from), resolve(inputs, name));
    } catch {
      // already linked
    }
  const servers = await Promise.all(dists.map((d, i) => serveDir(d, port + 10 + i, inputs)));
  const found = await findBrowser();
  const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
  const all = dists.map(() => [] as Array<Map<string, StepResult>>);
  try {
    for (let i = 0; i < runs; i++)
      for (const b of i % 2 ? [1, 0] : [0, 1]) {
        const load = (await import('node:os'))
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ');
        console.log(`${dists[b]} (run ${i + 1}, load ${load}):`);
        all[b].push(await run(browser, dists[b], `http://127.0.0.1:${port + 10 + b}`, steps));
      }
    console.log(
      '\nlongest task by thread CPU, ms (max over runs) · tasks over 50 ms CPU (sum) · page CPU (median)',
    );
    for (const step of steps.filter((x) => !x.startsWith('-') && x !== 'heap'))
      console.log(
        `  ${step.padEnd(8)} ${dists
          .map((d, b) => {
            const rs = all[b].map((m) => m.get(step)).filter((r): r is StepResult => r !== undefined);
            const cpus = rs.map((r) => r.cpuTotal).sort((x, y) => x - y);
            return `${d.split('/').pop()}: ${Math.max(...rs.map((r) => r.cpuMax)).toFixed(1)} · ${rs.reduce((n, r) => n + r.over50, 0)} · ${(cpus[Math.floor(cpus.length / 2)] ?? 0).toFixed(0)}`;
          })
          .join('   ')}`,
      );
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
}

await main();
