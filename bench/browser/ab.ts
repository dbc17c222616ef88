/**
 * Side-by-side open of two bench builds in one browser, alternating, CPU medians:
 * `npx tsx bench/browser/ab.ts <distA> <distB> [input] [runs]` (each dist built with
 * `BENCH_DIST=… npx vite build -c bench/browser/vite.config.ts`, at any commit whose build exposes
 * `window.__sitemapWorkbench`). Each dist is served by a tiny static server (no vite preview, so
 * an old commit's harness does not matter); inputs come from bench/out/inputs/v1.
 * `PROFILE=1` adds, per build, a CDP CPU profile of the page main thread (bottom-up self time,
 * source-mapped) and `TRACE=1` a per-thread split (page, worker, GC, compile) of one open
 * (`TIMELINE=<ms>`: the page's and the worker's tasks over 2 ms in buckets of that size).
 * `PHASES=1` prints when the open's task label and the document changed (where the wall went);
 * `AB_NO_WARM=1` skips the warm-up opens. Inputs are served as stored: a `.xml.gz` reaches the page
 * compressed, unlike in `npm run bench:browser`, whose `vite preview` sends `.gz` files with
 * `Content-Encoding: gzip` so that the page's fetch inflates them (the app then opens XML). To
 * measure what bench:browser measures, point `AB_INPUTS` at a folder holding the inflated bytes
 * under the same names.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { chromiumCpuMs, probePage, ROOT, serveDir } from './serve.ts';
import {
  eventsByThread,
  labeler,
  type Profile,
  type ProfileNode,
  type TraceEvent,
  threadNames,
} from './trace.ts';

// AB_INPUTS: another folder of inputs (e.g. the .xml.gz files stored decompressed, as vite preview
// serves them to the bench page: Content-Encoding gzip, so the page's fetch inflates them).
const INPUTS = resolve(ROOT, process.env.AB_INPUTS ?? 'bench/out/inputs/v1');

/** Self time by function and by source file, ms. */
function bottomUp(profile: Profile, label: (f: ProfileNode['callFrame']) => string): void {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const key = label(node.callFrame);
    if (key === '(idle)') return;
    total += ms;
    self.set(key, (self.get(key) ?? 0) + ms);
    const file = key.includes(' ') ? key.slice(key.indexOf(' ') + 1).replace(/:\d+$/, '') : key;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  });
  console.log(`    page main thread busy (profile) ${total.toFixed(0)} ms; top self:`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 22))
    console.log(`      ${ms.toFixed(1).padStart(7)}  ${k}`);
  console.log('    by file:');
  for (const [k, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 16))
    console.log(`      ${ms.toFixed(1).padStart(7)}  ${k}`);
}

/** Per-thread CPU (top-level events' thread time) and its largest self-time event names. */
function threads(events: TraceEvent[], label?: (f: ProfileNode['callFrame']) => string): void {
  const names = threadNames(events);
  const by = eventsByThread(events);
  const rows: Array<[string, number, Map<string, number>]> = [];
  const timelines = new Map<string, Array<[number, number, string]>>();
  for (const [k, list] of by) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const self = new Map<string, number>();
    const stack: Array<{ e: TraceEvent; end: number; child: number }> = [];
    let busy = 0;
    const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;
    const pop = () => {
      const top = stack.pop();
      if (!top) return;
      self.set(top.e.name, (self.get(top.e.name) ?? 0) + (cpu(top.e) - top.child) / 1000);
      if (stack.length) stack[stack.length - 1].child += cpu(top.e);
    };
    for (const e of list) {
      while (stack.length && stack[stack.length - 1].end <= e.ts) pop();
      if (!stack.length) {
        busy += cpu(e) / 1000;
        const tl = timelines.get(names.get(k) ?? k) ?? [];
        timelines.set(names.get(k) ?? k, tl);
        if (cpu(e) > 2000) tl.push([e.ts, cpu(e), e.name.replace(/^(ThreadControllerImpl::)?RunTask$/, 'T')]);
      }
      stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
    }
    while (stack.length) pop();
    const name = names.get(k) ?? k;
    const prev = rows.find((r) => r[0] === name);
    if (prev) {
      prev[1] += busy;
      for (const [n, v] of self) prev[2].set(n, (prev[2].get(n) ?? 0) + v);
    } else rows.push([name, busy, self]);
  }
  const mark = events.find((e) => e.name === 'ab-open');
  const t0 = mark?.ts ?? Math.min(...events.filter((e) => e.ph === 'X').map((e) => e.ts));
  if (process.env.CRIT && label) critical(events, names, t0, label);
  if (process.env.SPLIT)
    spread(events, names, t0, Number(process.env.SPLIT) > 1 ? Number(process.env.SPLIT) : 50);
  for (const [name, busy, self] of rows.sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    if (busy < 5) continue;
    const top = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .filter(([, v]) => v >= 2)
      .map(([n, v]) => `${n} ${v.toFixed(0)}`);
    console.log(`    ${name}: ${busy.toFixed(0)} ms — ${top.join(', ')}`);
    if (process.env.TIMELINE && (name === 'CrRendererMain' || name.startsWith('DedicatedWorker'))) {
      // TIMELINE=<bucket ms> (default 50): tasks over 2 ms of the page and the worker, 61 buckets.
      const bucketUs = (Number(process.env.TIMELINE) > 1 ? Number(process.env.TIMELINE) : 50) * 1000;
      const tops = timelines.get(name) ?? [];
      const buckets: string[] = [];
      for (const [ts, dur, label] of tops) {
        const b = Math.floor((ts - t0) / bucketUs);
        if (b < 0 || b > 60) continue;
        buckets[b] = `${buckets[b] ?? ''}${label}:${(dur / 1000).toFixed(0)} `;
      }
      buckets.forEach((x, i) => {
        if (x) console.log(`      ${String((i * bucketUs) / 1000).padStart(5)} ms  ${x}`);
      });
    }
  }
}

/**
 * CRIT=1: the open's critical path by wall and CPU — the page's and the sitemap worker's tasks
 * over 1 ms from the open's mark to its end ('ab-end'), each with its start, wall and thread CPU
 * and its largest nested events, then the wall split: before the worker's first task, the
 * worker's tasks, the page after the worker's last one; and V8's helper threads' CPU in each.
 */
function critical(
  events: TraceEvent[],
  names: Map<string, string>,
  t0: number,
  label: (f: ProfileNode['callFrame']) => string,
): void {
  const end = events.find((e) => e.name === 'ab-end')?.ts ?? Number.POSITIVE_INFINITY;
  const ms = (us: number) => (us / 1000).toFixed(1);
  const tasks: Array<{ who: string; e: TraceEvent; kids: Map<string, number> }> = [];
  const helpers: Array<[number, number]> = [];
  let workerCpu = 0;
  let worker = '';
  for (const [k, list] of eventsByThread(events)) {
    const name = names.get(k) ?? k;
    if (!name.startsWith('DedicatedWorker')) continue;
    let cpu = 0;
    let last = -1;
    for (const e of [...list].sort((a, b) => a.ts - b.ts))
      if (e.ts >= t0 && e.ts < end && e.ts >= last) {
        cpu += e.tdur ?? 0;
        last = e.ts + (e.dur ?? 0);
      }
    if (cpu > workerCpu) [workerCpu, worker] = [cpu, k];
  }
  for (const [k, list] of eventsByThread(events)) {
    const name = names.get(k) ?? k;
    const who = name === 'CrRendererMain' ? 'page' : k === worker ? 'worker' : name;
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let top: (typeof tasks)[number] | null = null;
    let topEnd = -1;
    for (const e of list) {
      if (e.ts < t0 || e.ts > end) continue;
      if (e.ts >= topEnd) {
        topEnd = e.ts + (e.dur ?? 0);
        top = null;
        if (who.startsWith('ThreadPoolForegroundWorker')) helpers.push([e.ts, e.tdur ?? e.dur ?? 0]);
        else if ((who === 'page' || who === 'worker') && (e.dur ?? 0) > 1000) {
          top = { who, e, kids: new Map() };
          tasks.push(top);
        }
      } else if (top && e.name !== top.e.name && (e.dur ?? 0) > 500) {
        // A script call is named by its function (source-mapped), other events by their name.
        const d = e.args?.data as
          | { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number }
          | undefined;
        const kid =
          e.name === 'FunctionCall' && d?.url
            ? `fn ${label({ functionName: d.functionName ?? '', url: d.url, lineNumber: (d.lineNumber ?? 1) - 1, columnNumber: (d.columnNumber ?? 1) - 1 })}`
            : e.name;
        top.kids.set(kid, (top.kids.get(kid) ?? 0) + (e.tdur ?? e.dur ?? 0));
      }
    }
  }
  tasks.sort((a, b) => a.e.ts - b.e.ts);
  console.log('    critical path (ms from the open: start +wall [cpu] thread task — nested over 0.5 ms):');
  for (const { who, e, kids } of tasks) {
    const nested = [...kids]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([n, d]) => `${n} ${ms(d)}`)
      .join(', ');
    console.log(
      `      ${ms(e.ts - t0).padStart(7)} +${ms(e.dur ?? 0).padStart(6)} [${ms(e.tdur ?? 0).padStart(6)}] ${who.padEnd(6)} ${e.name}${nested ? ` — ${nested}` : ''}`,
    );
  }
  const w = tasks.filter((t) => t.who === 'worker');
  if (!w.length) return;
  const wStart = w[0].e.ts;
  const wEnd = Math.max(...w.map((t) => t.e.ts + (t.e.dur ?? 0)));
  const stop = Number.isFinite(end) ? end : Math.max(...tasks.map((t) => t.e.ts + (t.e.dur ?? 0)));
  const helperIn = (a: number, b: number) =>
    ms(helpers.filter(([ts]) => ts >= a && ts < b).reduce((s, [, d]) => s + d, 0));
  const pageIn = (a: number, b: number) =>
    ms(
      tasks
        .filter((t) => t.who === 'page' && t.e.ts >= a && t.e.ts < b)
        .reduce((s, t) => s + (t.e.tdur ?? 0), 0),
    );
  console.log(
    `    wall: to the worker's first task ${ms(wStart - t0)} (page ${pageIn(t0, wStart)}, helpers ${helperIn(t0, wStart)}) · worker's tasks ${ms(wEnd - wStart)} (worker CPU ${ms(workerCpu)}, page ${pageIn(wStart, wEnd)}, helpers ${helperIn(wStart, wEnd)}) · after the worker ${ms(stop - wEnd)} (page ${pageIn(wEnd, stop)}, helpers ${helperIn(wEnd, stop)}) · total ${ms(stop - t0)}`,
  );
}

/**
 * SPLIT=<bucket ms> (default 50): CPU of the page main thread, the sitemap worker and V8's
 * helper threads (compilers, GC, raster: `ThreadPoolForegroundWorker`) per bucket from the
 * open's mark: which thread is busy while which waits (top-level events, by start time).
 */
function spread(events: TraceEvent[], names: Map<string, string>, t0: number, bucketMs: number): void {
  const groups = ['CrRendererMain', 'DedicatedWorker', 'ThreadPoolForegroundWorker'] as const;
  const rows: number[][] = [];
  for (const [k, list] of eventsByThread(events)) {
    const name = names.get(k) ?? k;
    const g = groups.findIndex((x) => name.startsWith(x));
    if (g < 0) continue;
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let end = -1;
    for (const e of list) {
      if (e.ts < end) continue; // nested in a top-level event already counted
      end = e.ts + (e.dur ?? 0);
      const b = Math.floor((e.ts - t0) / (bucketMs * 1000));
      if (b < 0 || b > 200) continue;
      rows[b] ??= [0, 0, 0];
      rows[b][g] += (e.tdur ?? e.dur ?? 0) / 1000;
    }
  }
  console.log(`    CPU per ${bucketMs} ms from the open (page · worker · V8 helper threads):`);
  rows.forEach((r, i) => {
    if (r)
      console.log(
        `      ${String(i * bucketMs).padStart(5)}  ${r.map((x) => x.toFixed(0).padStart(4)).join(' · ')}`,
      );
  });
}

async function cpuMs(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const ms = await chromiumCpuMs(cdp);
  await cdp.detach();
  return ms;
}

async function once(
  browser: Browser,
  dist: string,
  base: string,
  input: string,
  mode: 'plain' | 'profile' | 'trace',
): Promise<{ cpu: number; ms: number; fxp: number; idle: number }> {
  const page = await probePage(browser);
  await page.goto(`${base}/`);
  await page.waitForFunction('window.__probe && window.__probe.ready()');
  // Chromium CPU from the page's ready to the open: the idle warm-up's cost (and the page's start).
  const ready = await cpuMs(browser);
  await page.evaluate(`__probe.load(${JSON.stringify(input)})`);
  await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 1500));
  const cdp = await page.context().newCDPSession(page);
  if (mode === 'profile') {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (mode === 'trace')
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'toplevel',
        'blink.user_timing',
        'blink.console',
        // TRACE_CATS=a,b adds categories (e.g. disabled-by-default-v8.compile: compile by tier).
        ...(process.env.TRACE_CATS?.split(',') ?? []),
      ],
    });
  const c0 = await cpuMs(browser);
  const idle = c0 - ready;
  await page.evaluate("performance.mark('ab-open'); console.timeStamp('ab-open')");
  const name = input.split('/').pop();
  const r = (await page.evaluate(`__probe.open(${JSON.stringify(input)}, ${JSON.stringify(name)})`)) as {
    ms: number;
    openedMs: number;
    phases?: string[];
  };
  await page.evaluate("performance.mark('ab-end')");
  if (process.env.PHASES)
    console.log(
      `    phases (ms): ${(r.phases ?? []).join(' · ')} · openFile resolved ${r.openedMs.toFixed(0)}`,
    );
  const cpu = (await cpuMs(browser)) - c0;
  let fxp = 0;
  if (process.env.FXP && mode === 'plain') {
    // issue #18's yardstick, as bench:browser takes it: fast-xml-parser's first parse of the same XML in this page
    const xml = input.replace(/\.gz$/, '');
    await page.evaluate('__probe.loadBaseline()');
    await page.evaluate(`__baseline.load(${JSON.stringify(xml)})`);
    await page.waitForTimeout(3000);
    fxp = (
      (await page.evaluate(`__baseline.time("fast-xml-parser", ${JSON.stringify(xml)})`)) as { ms: number }
    ).ms;
  }
  if (mode === 'profile') {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    bottomUp(profile, labeler(dist, base));
  }
  if (mode === 'trace') {
    const raw = (await browser.stopTracing()).toString();
    // TRACE_SAVE=<file prefix>: the raw trace too (<prefix>-<n>.json), for a closer look.
    if (process.env.TRACE_SAVE) writeFileSync(`${process.env.TRACE_SAVE}-${++saved}.json`, raw);
    const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
    threads(trace.traceEvents, labeler(dist, base));
  }
  await page.context().close();
  return { cpu, ms: r.ms, fxp, idle };
}

let saved = 0;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const [distA, distB] = [process.argv[2], process.argv[3]].map((d) => resolve(d));
  const input = process.argv[4] ?? '/bench-in/plain.xml.gz';
  const runs = Number(process.argv[5] ?? 5);
  const port = Number(process.env.BENCH_PORT ?? 4311);
  const portB = Number(process.env.BENCH_PORT_B ?? port + 1);
  const builds = [
    {
      dist: distA,
      base: `http://127.0.0.1:${port}`,
      cpu: [] as number[],
      ms: [] as number[],
      ratio: [] as number[],
    },
    {
      dist: distB,
      // BENCH_PORT_B: B's port (default BENCH_PORT + 1, which may be another helper's).
      base: `http://127.0.0.1:${portB}`,
      cpu: [] as number[],
      ms: [] as number[],
      ratio: [] as number[],
    },
  ];
  const servers = await Promise.all(builds.map((b, i) => serveDir(b.dist, i ? portB : port, INPUTS)));
  const found = await findBrowser();
  const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
  try {
    // warm disk cache (AB_NO_WARM=1 skips it, for a long single trace)
    if (!process.env.AB_NO_WARM) for (const b of builds) await once(browser, b.dist, b.base, input, 'plain');
    for (let i = 0; i < runs; i++)
      for (const b of i % 2 ? [...builds].reverse() : builds) {
        const r = await once(browser, b.dist, b.base, input, 'plain');
        b.cpu.push(r.cpu);
        b.ms.push(r.ms);
        if (r.fxp) b.ratio.push(r.fxp / r.ms);
        const vs = r.fxp ? `, fast-xml-parser ${r.fxp.toFixed(0)} ms → ${(r.fxp / r.ms).toFixed(2)}×` : '';
        console.log(
          `${b.dist}: CPU ${r.cpu.toFixed(0)} ms, wall ${r.ms.toFixed(0)} ms${vs} (CPU ready → open ${r.idle.toFixed(0)} ms; load ${loadavg()[0].toFixed(1)})`,
        );
      }
    for (const mode of ['trace', 'profile'] as const) {
      if (!process.env[mode.toUpperCase()]) continue;
      const repeat = mode === 'trace' ? Number(process.env.TRACE_RUNS ?? 1) : 1;
      for (let i = 0; i < repeat; i++)
        for (const b of i % 2 ? [...builds].reverse() : builds) {
          console.log(`${mode} ${b.dist}:`);
          await once(browser, b.dist, b.base, input, mode);
        }
    }
    for (const b of builds)
      if (b.cpu.length)
        console.log(
          `${b.dist} ${input}: CPU median ${median(b.cpu).toFixed(0)} ms [${b.cpu.map((x) => x.toFixed(0)).join(' ')}], wall median ${median(b.ms).toFixed(0)} ms${b.ratio.length ? `, open vs fast-xml-parser ${median(b.ratio).toFixed(2)}×` : ''}`,
        );
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
}

await main();
