/**
 * Where the CPU of one open goes, per thread: `npx tsx bench/browser/threads.ts [input] [runs]`
 * (needs a built BENCH_DIST, like profile.ts). Records a Chromium trace of `__probe.open` and
 * prints, for each thread (page main thread, sitemap worker, compositor, …), its busy time and the
 * self time of the largest trace events inside it (script by function name, GC, style, layout,
 * message (de)serialisation), plus the CPU time CDP reports for the step. `WORKSPACE=1` traces
 * `__wsProbe.open` (bench/browser/workspace.ts: the 20 × 50,000 workspace) instead; input is then ignored.
 * `CRAWL=1` opens the input untraced, waits until it settled, then traces the drop of the crawl CSV
 * (`/bench-in/internal_all.csv`, as bench:browser serves it) until it is joined, and prints each
 * thread's CPU per 500 ms from the drop too (which thread is busy while the page waits).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { ATTACH, QUIET } from './crawlInput.ts';
import { writeInputs } from './inputs.ts';
import { benchAddress, chromiumCpuMs, DIST, openApp, probePage, ROOT, servePreview } from './serve.ts';
import { eventsByThread, type TraceEvent, threadNames } from './trace.ts';
import { writeWorkspaceInputs } from './workspace.ts';

const { port: PORT, base: BASE } = benchAddress(4187);

const serve = (): Promise<ChildProcess> => servePreview(PORT);

function labelOf(e: TraceEvent): string {
  const fn = e.args?.data?.functionName;
  const type = e.args?.data?.type;
  const src = e.args?.src_func ? ` <${e.args.src_file?.split('/').pop()}:${e.args.src_func}>` : '';
  return `${e.name}${fn ? `:${fn}` : ''}${type ? `:${type}` : ''}${src}`;
}

/** CPU time of an event (thread duration), else its wall duration. */
const cpuOf = (e: TraceEvent): number => e.tdur ?? e.dur ?? 0;

/** Self time by label, per thread, from complete ('X') events nested by time. */
function selfTimes(events: TraceEvent[]): Map<string, { busy: number; self: Map<string, number> }> {
  const names = threadNames(events);
  const byThread = eventsByThread(events);
  const out = new Map<string, { busy: number; self: Map<string, number> }>();
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const self = new Map<string, number>();
    const stack: Array<{ e: TraceEvent; end: number; child: number }> = [];
    let busy = 0;
    const pop = () => {
      const top = stack.pop();
      if (!top) return;
      const label = labelOf(top.e);
      self.set(label, (self.get(label) ?? 0) + (cpuOf(top.e) - top.child) / 1000);
      if (stack.length > 0) stack[stack.length - 1].child += cpuOf(top.e);
    };
    for (const e of list) {
      while (stack.length > 0 && stack[stack.length - 1].end <= e.ts) pop();
      if (stack.length === 0) busy += cpuOf(e) / 1000;
      stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
    }
    while (stack.length > 0) pop();
    const name = `${names.get(key) ?? key}`;
    const prev = out.get(name);
    if (prev) {
      prev.busy += busy;
      for (const [k, v] of self) prev.self.set(k, (prev.self.get(k) ?? 0) + v);
    } else out.set(name, { busy, self });
  }
  return out;
}

/** Each busy thread's CPU per 500 ms from the crawl drop's mark (top-level events only). */
function timeline(events: TraceEvent[]): void {
  const mark = events.find(
    (e) => e.name === 'TimeStamp' && JSON.stringify(e.args ?? {}).includes('crawl-drop'),
  );
  if (!mark) return;
  const names = threadNames(events);
  const rows: Array<[string, number[]]> = [];
  for (const [key, list] of eventsByThread(events)) {
    list.sort((a, b) => a.ts - b.ts);
    const bins: number[] = [];
    const walls: number[] = [];
    let end = 0;
    for (const e of list) {
      if (e.ts < end || e.ts < mark.ts) continue;
      end = e.ts + (e.dur ?? 0);
      const bin = Math.floor((e.ts - mark.ts) / 500_000);
      bins[bin] = (bins[bin] ?? 0) + cpuOf(e) / 1000;
      walls[bin] = (walls[bin] ?? 0) + (e.dur ?? 0) / 1000;
    }
    if (bins.reduce((a, b) => a + (b ?? 0), 0) > 50) {
      rows.push([`${names.get(key) ?? key}`, bins]);
      rows.push([`  (wall in tasks)`, walls]);
    }
  }
  console.log('  CPU ms per 500 ms from the drop:');
  for (const [name, bins] of rows)
    console.log(
      `    ${name.slice(0, 24).padEnd(24)} ${Array.from(bins, (b) => String(Math.round(b ?? 0)).padStart(4)).join('')}`,
    );
}

async function cpuMs(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const ms = await chromiumCpuMs(cdp);
  await cdp.detach();
  return ms;
}

async function once(browser: Browser, input: string): Promise<void> {
  const page = await probePage(browser);
  await openApp(page, BASE);
  const ws = process.env.WORKSPACE === '1';
  if (ws) {
    await page.evaluate(readFileSync(resolve(ROOT, 'bench/browser/wsProbe.js'), 'utf8'));
    const urls = writeWorkspaceInputs(resolve(DIST, 'bench-in'), resolve(ROOT, 'bench/out/inputs'));
    await page.evaluate(`__wsProbe.load(${JSON.stringify(urls)})`);
  } else await page.evaluate(`__probe.load(${JSON.stringify(input)})`);
  const crawl = process.env.CRAWL === '1';
  if (crawl) {
    await page.evaluate(`__probe.open(${JSON.stringify(input)}, ${JSON.stringify(input.split('/').pop())})`);
    await page.evaluate(QUIET);
  }
  await page.waitForTimeout(500);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'toplevel'],
  });
  const c0 = await cpuMs(browser);
  const name = input.split('/').pop();
  const r = (await page.evaluate(
    crawl
      ? ATTACH('/bench-in/internal_all.csv')
      : ws
        ? '__wsProbe.open()'
        : `__probe.open(${JSON.stringify(input)}, ${JSON.stringify(name)})`,
  )) as Record<string, number>;
  const cpu = (await cpuMs(browser)) - c0;
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  console.log(`\n${input}: wall ${r.ms.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms, ${JSON.stringify(r)}`);
  const threads = [...selfTimes(trace.traceEvents)].sort((a, b) => b[1].busy - a[1].busy);
  for (const [name, t] of threads.slice(0, 6)) {
    if (t.busy < 5) continue;
    console.log(`  ${name}: CPU ${t.busy.toFixed(0)} ms (thread time of its events)`);
    const top = [...t.self].sort((a, b) => b[1] - a[1]).slice(0, 14);
    for (const [k, ms] of top) if (ms >= 1) console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${k}`);
  }
  if (crawl) timeline(trace.traceEvents);
  await page.context().close();
}

async function main(): Promise<void> {
  const input = process.argv[2] ?? '/bench-in/plain.xml.gz';
  const runs = Number(process.argv[3] ?? 1);
  // The inputs next to the build, as bench:browser puts them: without them the preview answers
  // /bench-in/… with index.html, the open is refused, and the probe used to wait for ever.
  mkdirSync(resolve(DIST, 'bench-in'), { recursive: true });
  writeInputs(resolve(DIST, 'bench-in'), resolve(ROOT, 'bench/out/inputs'));
  const server = await serve();
  const found = await findBrowser();
  const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
  try {
    for (let i = 0; i < runs; i++) await once(browser, input);
  } finally {
    await browser.close();
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

await main();
