/**
 * The 1M scroll of two bench builds side by side:
 * `npx tsx bench/browser/scrollab.ts <distA> <distB> [rounds] [frames]` (each dist built with
 * `BENCH_DIST=… npx vite build -c bench/browser/vite.config.ts`). One page per build in one
 * browser, each opens the 1,000,000-URL input once (`INPUT` overrides it, `INPUT_B` for B only; `QUERY_A`/`QUERY_B` are appended to each page's URL); then `rounds` rounds
 * of `__probe.scroll(frames)` alternate between the two pages (the bench's scroll: +900 px per
 * frame, a far jump every 10th). Prints each round's frame-interval p50/p95 (rAF timestamps; the
 * callback-time deltas beside them) and, with `TRACE=n`, n traced rounds per build more: frames
 * presented and dropped (the compositor's PipelineReporter), and the renderer main thread's time
 * per frame in style, layout, pre-paint, paint, script and in all its tasks (thread CPU). `EDITS=n`:
 * n traced rounds of the bench's 40 cell edits per build (work per edit, thread CPU). `OPENS=n` traces n opens per build
 * instead (fresh page each, alternating) and prints the page main thread's tasks over 50 ms.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { probePage, ROOT, serveDir } from './serve.ts';
import { eventsByThread, type TraceEvent, threadNames } from './trace.ts';

/** Served as /bench-in/ (INPUTS_DIR overrides it). */
const INPUTS = resolve(ROOT, process.env.INPUTS_DIR ?? 'bench/out/inputs/v1');

const quantile = (xs: number[], q: number) => {
  const d = xs.slice().sort((a, b) => a - b);
  return d[Math.min(d.length - 1, Math.floor(q * d.length))];
};

async function openPage(browser: Browser, base: string, input: string, query = ''): Promise<Page> {
  const page = await probePage(browser);
  await page.goto(`${base}/${query}`);
  await page.waitForFunction('window.__probe && window.__probe.ready()', null, { timeout: 60_000 });
  await page.evaluate(`__probe.load(${JSON.stringify(input)})`);
  const name = input.split('/').pop();
  const r = await page.evaluate(`__probe.open(${JSON.stringify(input)}, ${JSON.stringify(name)})`);
  // Let autosave and idle work finish so the scroll measures the grid alone.
  await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 8000));
  await page.evaluate('__probe.saved()');
  console.log(`${base} opened: ${JSON.stringify(r)}`);
  return page;
}

/** `__probe.scroll`'s result (probe.js): intervals of the vsyncs that showed a new frame, rAF timestamp and callback-time deltas, frames whose work ended past the next vsync. */
type Scrolled = { frames: number[]; stamps: number[]; callbacks: number[]; late: number };

/**
 * The compositor's account of the round's frames (cc's PipelineReporter, one per vsync of the
 * page's frame sequence): how many were presented and how many dropped. A rAF interval says when
 * the main thread began a frame; this says whether the frame reached the screen.
 */
function presented(events: readonly TraceEvent[], main: string): string {
  const pid = main.split(':')[0];
  const states = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'PipelineReporter' || e.ph !== 'b' || String(e.pid) !== pid) continue;
    const r = (e.args as { frame_reporter?: { state?: string; frame_type?: string } } | undefined)
      ?.frame_reporter;
    if (!r?.state || r.frame_type === 'FORKED') continue;
    const state = r.state.replace('STATE_', '').toLowerCase();
    states.set(state, (states.get(state) ?? 0) + 1);
  }
  return `frames ${[...states].map(([k, n]) => `${k} ${n}`).join(', ')}`;
}

/** Thread CPU of each main-thread task that ran a frame's lifecycle (has a PrePaint), ms. */
function frameCpu(events: readonly TraceEvent[]): number[] {
  const byTs = events.slice().sort((a, b) => a.ts - b.ts);
  const frames = byTs.filter((e) => e.name === 'PrePaint');
  const out: number[] = [];
  let f = 0;
  for (const t of byTs) {
    if (t.name !== 'RunTask') continue;
    while (f < frames.length && frames[f].ts < t.ts) f++;
    if (f < frames.length && frames[f].ts < t.ts + (t.dur ?? 0)) out.push((t.tdur ?? 0) / 1000);
  }
  return out;
}

const SLICES = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'FunctionCall'];

/** Main-thread ms per frame of one traced scroll round. */
async function tracedRound(browser: Browser, page: Page, frames: number): Promise<string> {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
    ],
  });
  const { frames: deltas, late } = (await page.evaluate(`__probe.scroll(${frames})`)) as Scrolled;
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const names = threadNames(trace.traceEvents);
  const fired = trace.traceEvents.filter((e) => e.name === 'FireAnimationFrame');
  const byThread = eventsByThread(trace.traceEvents);
  // The page's main thread: the renderer main thread with the most animation frames fired.
  const counts = new Map<string, number>();
  for (const e of fired) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const events = byThread.get(main) ?? [];
  const sum = (name: string, cpu = false) =>
    events.filter((e) => e.name === name).reduce((s, e) => s + ((cpu ? e.tdur : e.dur) ?? 0), 0) /
    1000 /
    frames;
  const layouts = events.filter((e) => e.name === 'Layout');
  const begin = (e: TraceEvent, k: string) =>
    Number((e.args as { beginData?: Record<string, number> } | undefined)?.beginData?.[k] ?? 0);
  const dirty = layouts.reduce((s, e) => s + begin(e, 'dirtyObjects'), 0) / frames;
  const total = layouts.reduce((s, e) => s + begin(e, 'totalObjects'), 0) / Math.max(1, layouts.length);
  const styled = events
    .filter((e) => e.name === 'UpdateLayoutTree')
    .reduce((s, e) => s + Number((e.args as { elementCount?: number } | undefined)?.elementCount ?? 0), 0);
  const counts2 = `layouts/frame ${(layouts.length / frames).toFixed(1)}, dirty objects/frame ${dirty.toFixed(0)} of ${total.toFixed(0)}, styled elements/frame ${(styled / frames).toFixed(0)}`;
  // Thread CPU per frame of every thread's top-level tasks (raster, compositor, GPU included).
  const perThread = new Map<string, number>();
  for (const [key, list] of byThread) {
    const name = (names.get(key) ?? key).replace(/\d+$/, '');
    let cpu = 0;
    let end = -1;
    for (const e of list) {
      if (e.ts < end || e.tdur === undefined) continue;
      if (!/RunTask|ThreadPool_RunTask|TaskGraphRunner/.test(e.name)) continue;
      cpu += e.tdur;
      end = e.ts + (e.dur ?? 0);
    }
    if (cpu > 0) perThread.set(name, (perThread.get(name) ?? 0) + cpu / 1000 / frames);
  }
  const threads = [...perThread]
    .filter(([, ms]) => ms >= 0.3)
    .sort((a, b) => b[1] - a[1])
    .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
    .join(', ');
  const parts = SLICES.map((n) => `${n} ${sum(n, true).toFixed(2)}`).join(', ');
  const cpus = frameCpu(events);
  const vsyncs = deltas.reduce((n, d) => n + Math.round(d / (1000 / 60)), 0);
  return `traced (${names.get(main)}): p95 ${quantile(deltas, 0.95).toFixed(1)} ms, probe: ${late} late, ${deltas.length + 1} frames shown over ${vsyncs} vsyncs; ${presented(trace.traceEvents, main)}; frame task CPU p50 ${quantile(cpus, 0.5)?.toFixed(1)} p95 ${quantile(cpus, 0.95)?.toFixed(1)} ms (${cpus.length} tasks); thread CPU per frame: ${parts}; tasks CPU ${sum('RunTask', true).toFixed(2)} wall ${sum('RunTask').toFixed(2)} ms; ${counts2}\n    CPU per frame by thread: ${threads}`;
}

/**
 * The bench's 40 cell edits, traced: the probe's work per edit (setCell until the next task:
 * revalidated and committed) and, from the trace, the thread CPU of the page main thread's tasks
 * of 1 ms and more (an edit's task; frames cost less) and of all its tasks per edit.
 */
let traced = 0;
async function tracedEdits(browser: Browser, page: Page): Promise<string> {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'disabled-by-default-v8.gc',
    ],
  });
  const { work } = (await page.evaluate('__probe.edits(40)')) as { work: number[] };
  const raw = (await browser.stopTracing()).toString();
  // TRACE_OUT=prefix: each round's trace written to prefix-<n>.json.
  if (process.env.TRACE_OUT) writeFileSync(`${process.env.TRACE_OUT}-${++traced}.json`, raw);
  const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
  const names = threadNames(trace.traceEvents);
  const main = [...eventsByThread(trace.traceEvents)]
    .filter(([k]) => names.get(k) === 'CrRendererMain')
    .map(([, list]) => list.filter((e) => e.name === 'RunTask').map((e) => (e.tdur ?? 0) / 1000))
    .sort((a, b) => b.reduce((x, y) => x + y, 0) - a.reduce((x, y) => x + y, 0))[0];
  const big = (main ?? []).filter((ms) => ms >= 1);
  const all = (main ?? []).reduce((x, y) => x + y, 0) / work.length;
  return `${editWindows(trace.traceEvents, names)}\n    work p50 ${quantile(work, 0.5).toFixed(1)} p95 ${quantile(work, 0.95).toFixed(1)} max ${quantile(work, 1).toFixed(1)} first ${work[0].toFixed(1)} ms; tasks ≥ 1 ms CPU: ${big.length}, p50 ${quantile(big, 0.5)?.toFixed(1)} p95 ${quantile(big, 0.95)?.toFixed(1)} max ${quantile(big, 1)?.toFixed(1)} ms; main-thread CPU per edit ${all.toFixed(1)} ms`;
}

/**
 * Each edit's window (the probe's `sw-edit-start` … `sw-edit-end` time stamps: setCell until the
 * next task ran, the bench's "work") on the page main thread: the thread CPU of the tasks in it,
 * and the GC inside it (MinorGC, MajorGC and V8's incremental-marking and finalization events),
 * each as p50 · p95 · max over the round's edits.
 */
function editWindows(events: readonly TraceEvent[], names: Map<string, string>): string {
  const stamps = events
    .filter((e) => e.name === 'TimeStamp')
    .map((e) => ({
      ts: e.ts,
      key: `${e.pid}:${e.tid}`,
      msg: (e.args as { data?: { message?: string } })?.data?.message,
    }))
    .sort((a, b) => a.ts - b.ts);
  const windows: Array<{ key: string; from: number; to: number }> = [];
  for (const s of stamps)
    if (s.msg === 'sw-edit-start') windows.push({ key: s.key, from: s.ts, to: Number.POSITIVE_INFINITY });
    else if (s.msg === 'sw-edit-end' && windows.length) windows[windows.length - 1].to = s.ts;
  if (windows.length === 0) return 'no edit windows in the trace';
  const by = eventsByThread(events);
  const key = windows[0].key;
  const list = by.get(key) ?? [];
  const GC = /^(MinorGC|MajorGC|V8\.GC_MC_INCREMENTAL|V8\.GC_MC_COMPLETE_SWEEPING|BlinkGC\.AtomicPhase)$/;
  const cpu: number[] = [];
  const gc: number[] = [];
  const kinds = new Map<string, number>();
  for (const w of windows) {
    let c = 0;
    let g = 0;
    for (const e of list) {
      const end = e.ts + (e.dur ?? 0);
      if (end <= w.from || e.ts >= w.to) continue;
      const share = (Math.min(end, w.to) - Math.max(e.ts, w.from)) / (e.dur || 1);
      if (e.name === 'RunTask') c += ((e.tdur ?? 0) / 1000) * share;
      if (GC.test(e.name)) {
        const ms = ((e.tdur ?? e.dur ?? 0) / 1000) * share;
        g += ms;
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + ms);
      }
    }
    cpu.push(c);
    gc.push(g);
  }
  const q = (xs: number[]) =>
    `${quantile(xs, 0.5).toFixed(1)} · ${quantile(xs, 0.95).toFixed(1)} · ${quantile(xs, 1).toFixed(1)}`;
  const gcs = [...kinds].map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ') || 'none';
  return `edit windows (${windows.length}, ${names.get(key)}): thread CPU p50 · p95 · max ${q(cpu)} ms; GC in them ${q(gc)} ms, ${gc.filter((x) => x > 0.5).length} with GC over 0.5 ms (total by event: ${gcs})`;
}

/**
 * One open of `input` in a fresh page, traced: the page main thread's tasks over 50 ms by thread
 * CPU, and the longest (the first render of the grid is the open's last long task).
 */
async function tracedOpen(browser: Browser, base: string, input: string): Promise<string> {
  const page = await probePage(browser);
  try {
    await page.goto(`${base}/`);
    await page.waitForFunction('window.__probe && window.__probe.ready()', null, { timeout: 60_000 });
    await page.evaluate(`__probe.load(${JSON.stringify(input)})`);
    await page.evaluate(`__probe.prepare(${JSON.stringify(input)})`);
    await page.waitForTimeout(1500);
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    const name = input.split('/').pop();
    await page.evaluate(`__probe.open(${JSON.stringify(input)}, ${JSON.stringify(name)})`);
    await page.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const names = threadNames(trace.traceEvents);
    const byThread = eventsByThread(trace.traceEvents);
    // The page's main thread: the renderer main thread with the most work.
    const main = [...byThread]
      .filter(([k]) => names.get(k) === 'CrRendererMain')
      .map(
        ([k, list]) => [k, list.reduce((s, e) => s + (e.name === 'RunTask' ? (e.tdur ?? 0) : 0), 0)] as const,
      )
      .sort((a, b) => b[1] - a[1])[0]?.[0];
    const events = byThread.get(main ?? '') ?? [];
    const tasks = events.filter((e) => e.name === 'RunTask');
    const top = tasks.slice().sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))[0];
    const inside = new Map<string, number>();
    for (const e of events)
      if (top && e !== top && e.ts >= top.ts && e.ts < top.ts + (top.dur ?? 0) && e.tdur !== undefined)
        inside.set(e.name, (inside.get(e.name) ?? 0) + e.tdur / 1000);
    const what = [...inside]
      .filter(([n, ms]) => ms >= 2 && /Layout|Style|Paint|FunctionCall|GC|Recalc|Parse|Compile/.test(n))
      .map(([n, ms]) => `${n} ${ms.toFixed(0)}`)
      .join(', ');
    const cpu = tasks.map((t) => (t.tdur ?? 0) / 1000).sort((a, b) => b - a);
    const over = cpu.filter((ms) => ms > 50).length;
    return `tasks > 50 ms CPU: ${over}; longest ${cpu
      .slice(0, 3)
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms CPU (longest: ${what})`;
  } finally {
    await page.context().close();
  }
}

async function main(): Promise<void> {
  const [distA, distB] = [process.argv[2], process.argv[3]].map((d) => resolve(ROOT, d));
  const rounds = Number(process.argv[4] ?? 4);
  const frames = Number(process.argv[5] ?? 240);
  const input = process.env.INPUT ?? '/bench-in/million.xml.gz';
  const portA = Number(process.env.BENCH_PORT ?? 4290);
  const servers = [await serveDir(distA, portA, INPUTS), await serveDir(distB, portA + 1, INPUTS)];
  const found = await findBrowser();
  const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
  try {
    // OPENS=n: n traced opens per build, alternating, instead of the scroll.
    for (let r = 0; r < Number(process.env.OPENS ?? 0); r++)
      for (const i of r % 2 ? [1, 0] : [0, 1])
        console.log(
          `open ${r + 1} ${i ? 'B' : 'A'}: ${await tracedOpen(browser, `http://127.0.0.1:${portA + i}`, input)}`,
        );
    if (process.env.OPENS) return;
    const pages = [
      await openPage(browser, `http://127.0.0.1:${portA}`, input, process.env.QUERY_A),
      await openPage(
        browser,
        `http://127.0.0.1:${portA + 1}`,
        process.env.INPUT_B ?? input,
        process.env.QUERY_B,
      ),
    ];
    const label = ['A', 'B'];
    const p95s: number[][] = [[], []];
    for (let r = 0; r < rounds; r++) {
      for (const i of r % 2 ? [1, 0] : [0, 1]) {
        await pages[i].bringToFront();
        const {
          frames: deltas,
          stamps,
          callbacks,
          late,
        } = (await pages[i].evaluate(`__probe.scroll(${frames})`)) as Scrolled;
        p95s[i].push(quantile(deltas, 0.95));
        const q = (xs: number[]) =>
          `p50 ${quantile(xs, 0.5).toFixed(1)} p95 ${quantile(xs, 0.95).toFixed(1)} max ${quantile(xs, 1).toFixed(1)}`;
        console.log(
          `round ${r + 1} ${label[i]}: shown ${q(deltas)} ms, ${deltas.filter((d) => d > 25).length} over a vsync, ${late} late (rAF timestamps ${q(stamps)}; callback time ${q(callbacks)})`,
        );
      }
    }
    for (const i of [0, 1]) console.log(`${label[i]} p95 median ${quantile(p95s[i], 0.5)?.toFixed(1)} ms`);
    // EDITS=n: n traced rounds of the bench's 40 edits per build, alternating (after the scroll).
    for (let r = 0; r < Number(process.env.EDITS ?? 0); r++)
      for (const i of r % 2 ? [1, 0] : [0, 1]) {
        await pages[i].bringToFront();
        console.log(`edits ${r + 1} ${label[i]}: ${await tracedEdits(browser, pages[i])}`);
      }
    // TRACE=n: n traced rounds per build, alternating.
    for (let r = 0; r < Number(process.env.TRACE ?? 0); r++)
      for (const i of r % 2 ? [1, 0] : [0, 1]) {
        await pages[i].bringToFront();
        console.log(`${label[i]} ${await tracedRound(browser, pages[i], frames)}`);
      }
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
}

await main();
