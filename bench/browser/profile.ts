/**
 * CPU profile of one scenario in the bench build (run `npm run bench:browser` once first, it
 * builds bench/out/dist and the inputs): `npx tsx bench/browser/profile.ts <scenario> [input]`
 * with scenario open | scroll | edit | sort | crawl (the crawl CSV dropped on the open input) |
 * crawl-settings (with the crawl attached, a settings change joins it again on the page) |
 * settings (a settings change on the open input) | restore (a reload that restores the input
 * from the autosave) | restore-fresh (the app opened in a new page of the same profile, the old
 * page closed first: the bench's restore row since session 14; no CPU profile, the trace only) |
 * crawl-restore (the same as restore with the crawl attached first) | sort-restored (the first
 * sort by URL after a reload restored the input: no sort order from the worker at hand). Prints the top self-time functions (source-mapped to
 * src/ paths) from CDP Profiler, the main thread and the worker separately when available.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { type CDPSession, chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';

import { ATTACH, QUIET, REJOIN } from './crawlInput.ts';
import { benchAddress, DIST, openApp, probePage, reopenApp, servePreview } from './serve.ts';

const { port: PORT, base: BASE } = benchAddress(4187);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const path = url.replace(BASE, DIST).split('?')[0];
    try {
      maps.set(url, new TraceMap(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url) ?? null;
}

function label(f: ProfileNode['callFrame']): string {
  const map = f.url ? mapOf(f.url) : null;
  // Frames without a line (native code after a reload) have none to map.
  if (!map || f.lineNumber < 0)
    return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
  const pos = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
  const src = (pos.source ?? '?').replace(/^.*?(src|node_modules)\//, '$1/');
  return `${pos.name ?? f.functionName ?? '(anon)'} ${src}:${pos.line}`;
}

/** Self time per function label, ms, top `n`. */
export function topSelf(profile: Profile, n = 25): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const key = label(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n);
}

/**
 * The longest run of non-idle samples (a long task, roughly) and the functions on its stacks by
 * inclusive time: what blocked the page longest.
 */
export function longestStretch(profile: Profile, n = 20): { ms: number; top: Array<[string, number]> } {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes as Array<ProfileNode & { children?: number[] }>)
    for (const c of node.children ?? []) parent.set(c, node.id);
  let best = { from: 0, to: 0, ms: 0 };
  let from = 0;
  let ms = 0;
  profile.samples.forEach((id, i) => {
    const name = byId.get(id)?.callFrame.functionName;
    if (name === '(idle)') {
      if (ms > best.ms) best = { from, to: i, ms };
      from = i + 1;
      ms = 0;
    } else ms += (profile.timeDeltas[i] ?? 0) / 1000;
  });
  if (ms > best.ms) best = { from, to: profile.samples.length, ms };
  const incl = new Map<string, number>();
  for (let i = best.from; i < best.to; i++) {
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (!node) break;
      const key = label(node.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
  }
  return { ms: best.ms, top: [...incl].sort((a, b) => b[1] - a[1]).slice(0, n) };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) duration, µs. */
  tdur?: number;
  pid?: number;
  tid: number;
  args?: { data?: { functionName?: string; url?: string; type?: string }; [k: string]: unknown };
}

/** Self time per function label of the samples taken between `from` and `to` (µs, trace clock). */
function selfIn(profile: Profile & { startTime: number }, from: number, to: number, n = 6): string {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) return;
    const node = byId.get(id);
    if (!node) return;
    const key = label(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join('; ');
}

/** Inclusive time per function label of the samples taken between `from` and `to` (µs, trace clock). */
function inclIn(profile: Profile & { startTime: number }, from: number, to: number, n: number): string {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes as Array<ProfileNode & { children?: number[] }>)
    for (const c of node.children ?? []) parent.set(c, node.id);
  const incl = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) return;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      const key = label(node.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
  });
  return [...incl]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join('; ');
}

/**
 * Main-thread tasks over 40 ms (LONG_MS) with their largest nested events (what the long task was), and,
 * given the CPU profile recorded at the same time, the functions with the most self time in it.
 */
function printLongTasks(events: TraceEvent[], profile?: Profile & { startTime: number }): void {
  // LONG_MS: list tasks from this wall duration on (default 40 ms).
  const from = Number(process.env.LONG_MS ?? 40) * 1000;
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > from);
  const mainTid = events.find((e) => e.name === 'FireAnimationFrame')?.tid;
  // LONG_CPU_MS: only the tasks from this thread CPU on (under load most tasks are long by wall).
  const cpuFrom = Number(process.env.LONG_CPU_MS ?? 0) * 1000;
  const mine = tasks.filter((x) => x.tid === mainTid && (x.tdur ?? 0) >= cpuFrom);
  const over = (us: number | undefined) => (us ?? 0) > 50_000;
  const cpuMax = Math.max(0, ...mine.map((t) => t.tdur ?? 0)) / 1000;
  console.log(
    `main-thread tasks > 50 ms: ${mine.filter((t) => over(t.dur)).length} by wall, ${mine.filter((t) => over(t.tdur)).length} by thread CPU (longest ${cpuMax.toFixed(0)} ms CPU)`,
  );
  for (const t of mine) {
    const end = t.ts + (t.dur ?? 0);
    const inner = events
      .filter(
        (e) =>
          e.tid === t.tid && e.ph === 'X' && e !== t && e.ts >= t.ts && e.ts < end && (e.dur ?? 0) > 5_000,
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 6)
      .map(
        (e) =>
          `${e.name}${e.args?.data?.functionName ? `:${e.args.data.functionName}` : ''}${e.args?.data?.type ? `:${e.args.data.type}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`,
      );
    const cpu = t.tdur === undefined ? '' : ` (thread CPU ${(t.tdur / 1000).toFixed(0)} ms)`;
    console.log(`long task ${((t.dur ?? 0) / 1000).toFixed(0)} ms${cpu}: ${inner.join(', ')}`);
    if (profile) console.log(`    self: ${selfIn(profile, t.ts, end)}`);
    // INCL=n: the n functions with the most inclusive time in the task (what called what).
    if (profile && process.env.INCL)
      console.log(`    incl: ${inclIn(profile, t.ts, end, Number(process.env.INCL))}`);
    // Why a full GC ran inside the task (V8's reason, when the trace carries it).
    for (const e of events)
      if (e.tid === t.tid && e.name === 'MajorGC' && e.ts >= t.ts && e.ts < end && e.args)
        console.log(
          `    MajorGC ${((e.dur ?? 0) / 1000).toFixed(0)} ms: ${JSON.stringify(e.args).slice(0, 200)}`,
        );
  }
}

/**
 * The main thread's tasks by thread CPU from the bench's `crawl-drop` mark on (the whole trace
 * without it): how many passed 50, 40 and 30 ms of CPU, the longest five and what ran in them,
 * and the CPU of all of them. Under load a task's wall time says little; its CPU is the code's.
 */
function printByCpu(events: TraceEvent[]): void {
  const anchor = events.find((e) => e.name === 'FireAnimationFrame');
  if (!anchor) return;
  const onMain = (e: TraceEvent) => e.tid === anchor.tid && e.pid === anchor.pid;
  const mark = events.find(
    (e) => e.name === 'TimeStamp' && JSON.stringify(e.args ?? {}).includes('crawl-drop'),
  );
  const from = mark?.ts ?? 0;
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && onMain(e) && e.ts + (e.dur ?? 0) >= from,
  );
  const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  const over = (ms: number) => tasks.filter((t) => cpu(t) > ms).length;
  const total = tasks.reduce((n, t) => n + cpu(t), 0);
  console.log(
    `${mark ? 'from the drop' : 'whole trace'}: tasks over 50 · 40 · 30 ms thread CPU: ${over(50)} · ${over(40)} · ${over(30)}; main-thread CPU in tasks ${total.toFixed(0)} ms; longest by CPU:`,
  );
  for (const t of [...tasks].sort((a, b) => cpu(b) - cpu(a)).slice(0, 5)) {
    const end = t.ts + (t.dur ?? 0);
    const inner = events
      .filter(
        (e) => onMain(e) && e.ph === 'X' && e !== t && e.ts >= t.ts && e.ts < end && (e.tdur ?? 0) > 3_000,
      )
      .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
      .slice(0, 4)
      .map((e) => `${e.name} ${cpu(e).toFixed(0)}`);
    console.log(
      `  +${((t.ts - from) / 1e6).toFixed(2)} s: ${cpu(t).toFixed(1)} ms CPU (${((t.dur ?? 0) / 1000).toFixed(0)} wall): ${inner.join(', ')}`,
    );
  }
}

const serve = (): Promise<ChildProcess> => servePreview(PORT);

async function profiled(cdp: CDPSession, run: () => Promise<unknown>): Promise<Profile> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await run();
  return ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile;
}

async function main(): Promise<void> {
  const scenario = process.argv[2] ?? 'open';
  const input = process.argv[3] ?? '/bench-in/million.xml.gz';
  const server = await serve();
  const found = await findBrowser();
  const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
  try {
    const page = await probePage(browser);
    const context = page.context();
    const workers: CDPSession[] = [];
    page.on('worker', (w) => {
      void context
        .newCDPSession(w as never)
        .then((s) => workers.push(s))
        .catch(() => undefined);
    });
    await openApp(page, BASE);
    await page.evaluate(`__probe.load(${JSON.stringify(input)})`);
    const cdp = await context.newCDPSession(page);
    const name = input.split('/').pop();
    if (scenario === 'open') await page.evaluate(`__probe.prepare(${JSON.stringify(input)})`);
    const open = () => page.evaluate(`__probe.open(${JSON.stringify(input)}, ${JSON.stringify(name)})`);
    if (scenario !== 'open') await open();
    if (scenario === 'desc') await page.evaluate('__probe.view("sort loc")');
    // The crawl is dropped once the open settled (its autosave done), as the bench's crawl row does.
    if (scenario.startsWith('crawl') || scenario === 'settings' || scenario.startsWith('restore'))
      await page.evaluate(QUIET);
    // PUBLISH_URL with a restore: the publish URL set first (not traced), as the bench's restore
    // row follows its settings changes (in /shop/: 1,000,000 HOST-004 findings to re-check).
    if (scenario.startsWith('restore') && process.env.PUBLISH_URL) {
      console.log(
        await page.evaluate(
          `__probe.settingsChange(${JSON.stringify({ publishUrl: process.env.PUBLISH_URL })})`,
        ),
      );
      await page.evaluate(QUIET);
    }
    // sort-restored: the document restored by a reload first (not traced), so the worker's sort
    // order of the open is not at hand: the step is the first sort by URL, worked out on the page.
    if (scenario === 'sort-restored') {
      await page.evaluate(QUIET);
      await page.reload();
      await page.waitForFunction('window.__probe && window.__probe.ready()');
      console.log(await page.evaluate(`__probe.restored(${Number(process.env.ENTRIES ?? 1_000_000)})`));
      await page.evaluate(QUIET);
    }
    // crawl-settings: the crawl is attached first (not traced); the step is a settings change,
    // which joins the document with it again on the page (no worker lookups).
    if (scenario === 'crawl-settings' || scenario === 'crawl-restore') {
      console.log(await page.evaluate(ATTACH('/bench-in/internal_all.csv')));
      await page.evaluate(QUIET);
    }
    // A reload restores the autosaved document; resolves once its rows are shown and checked.
    const restore = async () => {
      await page.reload();
      await page.waitForFunction('window.__probe && window.__probe.ready()');
      const entries = Number(process.env.ENTRIES ?? 1_000_000);
      console.log(await page.evaluate(`__probe.restored(${entries})`));
    };
    // The app opened again in a new page of the same profile (the old one closed first).
    const restoreFresh = async () => {
      await page.close();
      const fresh = await reopenApp(page, BASE);
      const entries = Number(process.env.ENTRIES ?? 1_000_000);
      console.log(await fresh.evaluate(`__probe.restored(${entries})`));
    };
    const actions: Record<string, () => Promise<unknown>> = {
      open,
      scroll: () => page.evaluate(`__probe.scroll(${Number(process.env.FRAMES ?? 60)})`),
      edit: () => page.evaluate('__probe.edits(10)'),
      sort: () => page.evaluate('__probe.view("sort loc")'),
      'sort-restored': () => page.evaluate('__probe.view("sort loc")'),
      desc: () => page.evaluate('__probe.view("sort loc desc")'),
      search: () => page.evaluate('__probe.view("search")'),
      crawl: () => page.evaluate(ATTACH('/bench-in/internal_all.csv')).then((r) => console.log(r)),
      'crawl-settings': () => page.evaluate(REJOIN).then((r) => console.log(r)),
      // PUBLISH_URL: the publish URL set (default: the site root, as the crawl's REJOIN sets it).
      settings: () =>
        page
          .evaluate(
            `__probe.settingsChange(${JSON.stringify({ publishUrl: process.env.PUBLISH_URL ?? 'https://www.example.com/sitemap.xml' })})`,
          )
          .then((r) => console.log(r)),
      restore: () => restore(),
      'restore-fresh': () => restoreFresh(),
      'crawl-restore': () => restore(),
    };
    if (process.env.TRACE) {
      // TRACE=long: a CPU profile at the same time names the functions inside each long task. It
      // starts first: starting the profiler logs every compiled function in one task of its own
      // (60-100 ms), which must not count as a task of the step.
      // The fresh page's profile would need a session opened after its navigation: trace only.
      const cpuProfile = process.env.TRACE === 'long' && scenario !== 'restore-fresh';
      if (cpuProfile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
        await cdp.send('Profiler.start');
        await page.waitForTimeout(500);
      }
      // restore-fresh closes `page` mid-trace: a trace of the browser, not of that page.
      await browser.startTracing(scenario === 'restore-fresh' ? undefined : page, {
        // TRACE_CPU=1: V8's sampling profile in the trace too (every thread, a fresh page's
        // included; `startab.ts --trace` reads it from TRACE_OUT).
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          ...(process.env.TRACE_CPU ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ],
      });
      // SETTLE_MS: keep recording that long after the step (autosave, idle work).
      const out = await actions[scenario]();
      const frames = (out as { frames?: number[] } | undefined)?.frames;
      if (frames && frames.length > 0) {
        // The scroll's frame intervals: the number the bench judges (p95 ≤ 16.7 ms).
        const d = frames.slice().sort((a, b) => a - b);
        const at = (q: number) => d[Math.min(d.length - 1, Math.floor(q * d.length))].toFixed(1);
        console.log(
          `frame intervals: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${d.length} frames)`,
        );
      }
      if (process.env.SETTLE_MS) await new Promise((ok) => setTimeout(ok, Number(process.env.SETTLE_MS))); // the page may be closed (restore-fresh)
      const profile = cpuProfile
        ? ((await cdp.send('Profiler.stop')) as { profile: Profile & { startTime: number } }).profile
        : undefined;
      const raw = (await browser.stopTracing()).toString();
      // TRACE_OUT=file: keep the raw trace (chrome://tracing, or a script reading its events).
      if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, raw);
      const trace = JSON.parse(raw) as {
        traceEvents: Array<{ name: string; ph: string; dur?: number; tid: number }>;
      };
      const main = new Map<string, number>();
      for (const e of trace.traceEvents)
        if (e.ph === 'X' && e.dur) main.set(e.name, (main.get(e.name) ?? 0) + e.dur / 1000);
      if (process.env.TRACE === 'long') printLongTasks(trace.traceEvents as TraceEvent[], profile);
      printByCpu(trace.traceEvents as TraceEvent[]);
      const top = [...main].sort((a, b) => b[1] - a[1]).slice(0, 20);
      console.log(`${scenario} trace, total duration by event (all threads, nested events overlap):`);
      for (const [k, ms] of top) console.log(`${ms.toFixed(1).padStart(9)} ms  ${k}`);
      return;
    }
    const t0 = Date.now();
    const profile = await profiled(cdp, actions[scenario]);
    console.log(`${scenario} ${input}: ${Date.now() - t0} ms wall; main thread self time:`);
    for (const [k, ms] of topSelf(profile)) console.log(`${ms.toFixed(1).padStart(9)} ms  ${k}`);
    const stretch = longestStretch(profile);
    console.log(`longest busy stretch ${stretch.ms.toFixed(0)} ms, inclusive time:`);
    for (const [k, ms] of stretch.top) console.log(`${ms.toFixed(1).padStart(9)} ms  ${k}`);
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

if (process.argv[1]?.endsWith('profile.ts')) await main();
