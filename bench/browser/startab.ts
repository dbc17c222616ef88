/**
 * The app's cold start, two bench builds side by side: `npx tsx bench/browser/startab.ts <distA>
 * <distB> [runs]` (default 4 runs each, alternating A B, B A, …). Each run opens the app in a
 * fresh browser context (empty profile: nothing to restore, nothing cached) and traces from the
 * navigation until SETTLE_MS (default 3000) after the store is ready, with V8's sampling profiler
 * in the trace. Per run it prints the page main thread's tasks by thread CPU (the longest five
 * with their largest nested events), the CPU of all of them until the first paint and after, and
 * (`PROFILE=1`) the self time of the functions in the longest task, source-mapped to src/.
 * Builds: the bench flavour (`BENCH_ONLY=none npm run bench:browser` with BENCH_DIST), served
 * by a plain static server on BENCH_PORT (A) and BENCH_PORT+1 (B).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { benchAddress, probePage, ROOT, serveDir } from './serve.ts';
import { labeler, type ProfileNode, type TraceEvent, threadNames } from './trace.ts';

const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3000);
const [distA, distB] = process.argv.slice(2, 4).map((d) => resolve(ROOT, d));
const RUNS = Number(process.argv[4] ?? 4);
const { port } = benchAddress(4187);

interface Chunk {
  id?: string;
  args?: {
    data?: {
      cpuProfile?: { nodes?: Array<ProfileNode & { parent?: number }>; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** The sampled profile of one thread in the trace: samples with their time, nodes by id. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode & { parent?: number }>();
  const samples: Array<{ t: number; node: number }> = [];
  // The samples come on the sampler's thread, tied to the profiled thread's Profile event by id.
  const head = events.find((e) => e.pid === pid && e.tid === tid && e.name === 'Profile') as
    | (TraceEvent & { id?: string })
    | undefined;
  if (!head) return { nodes, samples };
  let t = (head.args as { data?: { startTime?: number } })?.data?.startTime ?? head.ts;
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk' || (e as { id?: string }).id !== head.id) continue;
    const data = (e as unknown as Chunk).args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0;
      samples.push({ t, node: id });
    });
  }
  return { nodes, samples };
}

function profileIn(
  prof: ReturnType<typeof samplesOf>,
  label: (f: ProfileNode['callFrame']) => string,
  from: number,
  to: number,
  n: number,
): { self: string; incl: string } {
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const name = (id: number) => {
    const f = prof.nodes.get(id)?.callFrame;
    if (!f) return '?';
    try {
      return label({ ...f, lineNumber: f.lineNumber ?? -1, columnNumber: f.columnNumber ?? 0 });
    } catch {
      return f.functionName || '(anon)';
    }
  };
  let prev = from;
  for (const s of prof.samples) {
    if (s.t < from || s.t > to) continue;
    const ms = (s.t - prev) / 1000;
    prev = s.t;
    const k = name(s.node);
    self.set(k, (self.get(k) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = s.node; id !== undefined; id = prof.nodes.get(id)?.parent) {
      const key = name(id);
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + ms);
    }
  }
  const fmt = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
      .join('; ');
  return { self: fmt(self), incl: fmt(incl) };
}

/**
 * The main thread's tasks of the page whose module evaluation comes first in `events` (a renderer
 * main thread's `v8.evaluateModule` over 5 ms): counts by thread CPU, CPU to first paint, the
 * longest five with their nested events and (PROFILE=n) the sampled functions of the longest n.
 * Returns the longest task's CPU, ms.
 */
export function report(
  events: TraceEvent[],
  label: (f: ProfileNode['callFrame']) => string,
  tag: string,
  mark?: string,
): number {
  const names = threadNames(events);
  // With `mark` (a `console.timeStamp` of the page): the tasks from it on, on its thread.
  const stamp = mark
    ? events.find((e) => e.name === 'TimeStamp' && JSON.stringify(e.args ?? {}).includes(mark))
    : undefined;
  const anchor =
    stamp ??
    events.find(
      (e) =>
        e.name === 'v8.evaluateModule' &&
        (e.dur ?? 0) > 5_000 &&
        names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
    );
  if (!anchor)
    throw new Error(
      mark ? `no ${mark} mark in the trace` : 'no module evaluation on a renderer main thread in the trace',
    );
  const onMain = (e: TraceEvent) => e.pid === anchor.pid && e.tid === anchor.tid;
  const tasks = events.filter(
    (e) => onMain(e) && e.ph === 'X' && e.name === 'RunTask' && (!stamp || e.ts + (e.dur ?? 0) >= stamp.ts),
  );
  const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  const fcp = events.find(
    (e) => e.pid === anchor.pid && e.name === 'firstContentfulPaint' && e.ts > anchor.ts,
  );
  const t0 = tasks.find((t) => t.ts + (t.dur ?? 0) >= anchor.ts)?.ts ?? anchor.ts;
  const before = tasks.filter((t) => t.ts >= t0 && fcp && t.ts < fcp.ts);
  const sum = (l: TraceEvent[]) => l.reduce((n, t) => n + cpu(t), 0);
  const over = (ms: number) => tasks.filter((t) => cpu(t) > ms).length;
  console.log(
    `${tag}: tasks over 50 · 30 · 20 ms CPU: ${over(50)} · ${over(30)} · ${over(20)}; CPU to first paint ${sum(before).toFixed(0)} ms (${before.length} tasks, fcp +${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : '?'} ms wall); all ${sum(tasks).toFixed(0)} ms`,
  );
  const prof = samplesOf(events, anchor.pid, anchor.tid);
  const longest = [...tasks].sort((a, b) => cpu(b) - cpu(a)).slice(0, Number(process.env.TOP ?? 5));
  longest.forEach((t, i) => {
    const end = t.ts + (t.dur ?? 0);
    const inner = events
      .filter(
        (e) =>
          onMain(e) &&
          e.ph === 'X' &&
          e !== t &&
          e.ts >= t.ts &&
          e.ts < end &&
          (e.tdur ?? e.dur ?? 0) > 2_000,
      )
      .sort((a, b) => (b.tdur ?? b.dur ?? 0) - (a.tdur ?? a.dur ?? 0))
      .slice(0, 5)
      .map(
        (e) =>
          `${e.name}${e.args?.data?.functionName ? `:${e.args.data.functionName}` : ''} ${((e.tdur ?? e.dur ?? 0) / 1000).toFixed(1)}`,
      );
    console.log(
      `  +${((t.ts - t0) / 1000).toFixed(0)} ms: ${cpu(t).toFixed(1)} ms CPU (${((t.dur ?? 0) / 1000).toFixed(0)} wall): ${inner.join(', ')}`,
    );
    if (i < Number(process.env.PROFILE ?? 0)) {
      const p = profileIn(prof, label, t.ts, end, Number(process.env.PROFILE_N ?? 15));
      console.log(`    self: ${p.self}`);
      console.log(`    incl: ${p.incl}`);
    }
  });
  // FN=regex: the sampled self time of the functions whose label matches, over the whole trace.
  if (process.env.FN) {
    const all = profileIn(prof, label, 0, Number.MAX_SAFE_INTEGER, 400).self.split('; ');
    const re = new RegExp(process.env.FN);
    console.log(`  ${process.env.FN}: ${all.filter((x) => re.test(x)).join('; ') || 'none sampled'}`);
  }
  return longest[0] ? cpu(longest[0]) : 0;
}

async function run(browser: Browser, dist: string, base: string, tag: string): Promise<number> {
  const page = await probePage(browser);
  try {
    await browser.startTracing(undefined, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        // TRACE_CATS=a,b: more categories (e.g. v8,disabled-by-default-v8.compile).
        ...(process.env.TRACE_CATS?.split(',') ?? []),
      ],
    });
    await page.goto(`${base}/`);
    await page.waitForFunction('window.__probe && window.__probe.ready()');
    await page.waitForTimeout(SETTLE_MS);
    const raw = await browser.stopTracing();
    // TRACE_OUT=file: keep the last run's raw trace.
    if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, raw);
    const events = (JSON.parse(raw.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    return report(events, labeler(dist, base), tag);
  } finally {
    await page.context().close();
  }
}

// `startab.ts --trace <file> <dist> <base>`: the same report of a saved trace (profile.ts's TRACE_OUT
// with TRACE_CPU=1, e.g. a fresh page's restore).
const isMain = process.argv[1]?.endsWith('startab.ts');
if (isMain && process.argv[2] === '--trace') {
  const events = (JSON.parse(readFileSync(process.argv[3], 'utf8')) as { traceEvents: TraceEvent[] })
    .traceEvents;
  report(events, labeler(resolve(ROOT, process.argv[4]), process.argv[5]), process.argv[3]);
  process.exit(0);
}
if (isMain) {
  const inputs = resolve(ROOT, 'bench/out/inputs');
  const servers = [await serveDir(distA, port, inputs), await serveDir(distB, port + 1, inputs)];
  const found = await findBrowser();
  const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
  const longest: Record<string, number[]> = { A: [], B: [] };
  try {
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
      for (const which of order) {
        const dist = which === 'A' ? distA : distB;
        const base = `http://127.0.0.1:${which === 'A' ? port : port + 1}`;
        const { stdout } = await import('node:process');
        const load = (await import('node:os')).loadavg()[0].toFixed(1);
        stdout.write(`[run ${i + 1} load ${load}] `);
        longest[which].push(
          await run(browser, dist, base, `${which} ${dist.split('/').slice(-3).join('/')}`),
        );
      }
    }
    for (const k of ['A', 'B'])
      console.log(`${k}: longest task by CPU per run: ${longest[k].map((x) => x.toFixed(1)).join(', ')} ms`);
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
}
