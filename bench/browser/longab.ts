/**
 * Long tasks of an open, two bench builds side by side, alternating:
 * `npx tsx bench/browser/longab.ts <distA> <distB> <file> [runs]` (each dist built with
 * `BENCH_DIST=… npx vite build -c bench/browser/vite.config.ts`). `<file>` is dropped on the
 * app's file input (the user's path), from `AB_INPUTS` (default bench/out/inputs/v1; e.g.
 * bench/out/hostile). Per run: the longtask observer's tasks over 50 ms from the drop to the
 * rows shown and to the rows shown + `SETTLE_MS` (default 6000: autosave, idle work), and from a
 * trace of the same open the page main thread's scavenges and mark-compacts (count, longest and
 * total thread CPU) and its longest task by thread CPU. Ports BENCH_PORT and BENCH_PORT + 1.
 * The load average (`uptime`) is printed before every run: walls mean little without it.
 * `FRAMES=1` lists every task that styled or laid out ≥ 100 elements (the first-rows frame),
 * with its thread CPU by rendering step. `HEAP=1` also prints the page's JS heap after a forced
 * GC at the end of the settle (what `bench:browser`'s 1M row reports). `WALL_MS=50` lists every
 * task from that wall time on with its thread CPU and its longest events (wall/CPU).
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { probePage, ROOT, serveDir } from './serve.ts';
import type { TraceEvent } from './trace.ts';

const INPUTS = resolve(ROOT, process.env.AB_INPUTS ?? 'bench/out/inputs/v1');
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 6000);

interface Long {
  count: number;
  maxMs: number;
}
interface Run {
  rows: Long;
  settled: Long;
  rowsMs: number;
  gc: string;
  cpuMax: number;
  /** JS heap after a forced GC, MB (HEAP=1; else NaN). */
  heapMb: number;
}

function gcOf(events: TraceEvent[]): { gc: string; cpuMax: number } {
  const anchor = events.find((e) => e.name === 'FireAnimationFrame');
  if (!anchor) return { gc: 'no trace', cpuMax: 0 };
  const main = events.filter((e) => e.ph === 'X' && e.pid === anchor.pid && e.tid === anchor.tid);
  const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  const sum = (name: string) => {
    const list = main.filter((e) => e.name === name);
    const max = Math.max(0, ...list.map(cpu));
    const wall = Math.max(0, ...list.map((e) => (e.dur ?? 0) / 1000));
    const total = list.reduce((n, e) => n + cpu(e), 0);
    return `${list.length}× max ${max.toFixed(0)} (wall ${wall.toFixed(0)}) Σ ${total.toFixed(0)}`;
  };
  const tasks = main.filter((e) => e.name === 'RunTask');
  const t0 = Math.min(...main.map((e) => e.ts));
  const at = (e: TraceEvent) => `${((e.ts - t0) / 1e6).toFixed(2)} s`;
  // GCs V8 started because external memory (array buffers) grew: which ones, and their CPU.
  const external = main
    .filter(
      (e) =>
        /GC$/.test(e.name) &&
        String((e.args as { type?: string } | undefined)?.type ?? '').includes('external'),
    )
    .map((e) => `${e.name} ${cpu(e).toFixed(0)} at ${at(e)}`);
  const posts = main.filter((e) => e.name === 'HandlePostMessage');
  // DETAIL_MS: every main-thread task from this thread CPU on, with what ran in it.
  if (process.env.DETAIL_MS) {
    const from = Number(process.env.DETAIL_MS);
    for (const t of tasks.filter((x) => cpu(x) >= from)) {
      const end = t.ts + (t.dur ?? 0);
      const inner = main
        .filter((e) => e !== t && e.ts >= t.ts && e.ts < end && (e.tdur ?? e.dur ?? 0) >= 3000)
        .sort((a, b) => (b.tdur ?? b.dur ?? 0) - (a.tdur ?? a.dur ?? 0))
        .slice(0, 6)
        .map((e) => {
          const d = e.args?.data;
          const type = (e.args as { type?: string } | undefined)?.type;
          const ms = ((e.tdur ?? e.dur ?? 0) / 1000).toFixed(0);
          return `${e.name}${d?.functionName ? `:${d.functionName}` : ''}${d?.type ? `:${d.type}` : ''}${type ? `:${type}` : ''} ${ms}${e.tdur === undefined ? ' (wall)' : ''}`;
        });
      console.log(
        `    task at ${at(t)}: ${cpu(t).toFixed(0)} ms CPU (wall ${((t.dur ?? 0) / 1000).toFixed(0)}): ${inner.join(', ')}`,
      );
    }
  }
  // WALL_MS: every main-thread task from this wall time on (what the longtask observer counts),
  // with its thread CPU and the longest events in it by wall (their CPU beside).
  if (process.env.WALL_MS) {
    const from = Number(process.env.WALL_MS);
    for (const t of tasks.filter((x) => (x.dur ?? 0) / 1000 >= from)) {
      const end = t.ts + (t.dur ?? 0);
      const inner = main
        .filter((e) => e !== t && e.ts >= t.ts && e.ts < end && (e.dur ?? 0) >= 3000)
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 5)
        .map((e) => {
          const d = e.args?.data;
          const type = (e.args as { type?: string } | undefined)?.type;
          return `${e.name}${d?.functionName ? `:${d.functionName}` : ''}${d?.type ? `:${d.type}` : ''}${type ? `:${type}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}/${cpu(e).toFixed(0)}`;
        });
      console.log(
        `    wall task at ${at(t)}: wall ${((t.dur ?? 0) / 1000).toFixed(0)} ms, CPU ${cpu(t).toFixed(0)}: ${inner.join(', ')}`,
      );
    }
  }
  // FRAMES=1: every task that styled or laid out ≥ 100 elements (the first-rows frame and any
  // frame that reveals a part of the editor), with its thread CPU split by rendering step.
  if (process.env.FRAMES) {
    const num = (e: TraceEvent, k: string) => {
      const a = e.args as Record<string, Record<string, number> | number | undefined> | undefined;
      const b = a?.beginData;
      return Number((typeof b === 'object' ? b?.[k] : undefined) ?? a?.[k] ?? 0);
    };
    for (const t of tasks) {
      const end = t.ts + (t.dur ?? 0);
      const inner = main.filter((e) => e !== t && e.ts >= t.ts && e.ts < end);
      const layouts = inner.filter((e) => e.name === 'Layout');
      const styles = inner.filter((e) => e.name === 'UpdateLayoutTree');
      const objects = Math.max(0, ...layouts.map((e) => num(e, 'dirtyObjects')));
      const elements = Math.max(0, ...styles.map((e) => num(e, 'elementCount')));
      if (objects < 100 && elements < 100) continue;
      const by = new Map<string, string[]>();
      for (const e of inner) {
        if (
          !/^(Layout|UpdateLayoutTree|PrePaint|Paint|Layerize|Commit|FunctionCall|FireAnimationFrame|RunMicrotasks|MinorGC|MajorGC|ParseAuthorStyleSheet|HitTest|IntersectionObserverController::computeIntersections)$/.test(
            e.name,
          )
        )
          continue;
        // Paint events nest (document > html > each composited layer's root): the outermost.
        if (
          e.name === 'Paint' &&
          inner.some(
            (o) =>
              o !== e && o.name === 'Paint' && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0),
          )
        )
          continue;
        const list = by.get(e.name) ?? [];
        const wall = (e.dur ?? 0) / 1000;
        list.push(`${cpu(e).toFixed(1)}${wall > cpu(e) + 2 ? ` (wall ${wall.toFixed(0)})` : ''}`);
        by.set(e.name, list);
      }
      const parts = [...by].map(([n, l]) => `${n} ${l.join('+')}`).join(', ');
      console.log(
        `    frame at ${at(t)}: ${cpu(t).toFixed(1)} ms CPU (wall ${((t.dur ?? 0) / 1000).toFixed(0)}), ${objects} layout objects, ${elements} elements styled: ${parts}`,
      );
    }
  }
  return {
    gc: `main CPU in tasks ${tasks.reduce((n, t) => n + cpu(t), 0).toFixed(0)} ms, tasks ≥ 10 · 15 · 30 ms CPU ${[10, 15, 30].map((c) => tasks.filter((t) => cpu(t) >= c).length).join(' · ')}; scavenges ${sum('MinorGC')}; mark-compacts ${sum('MajorGC')}; for external memory: ${external.join(', ') || 'none'}; messages ${posts.length ? `${at(posts[0])} to ${at(posts[posts.length - 1])}` : 'none'}`,
    cpuMax: Math.max(0, ...tasks.map(cpu)),
  };
}

let traced = 0;

async function once(browser: Browser, base: string, file: string): Promise<Run> {
  const page = await probePage(browser);
  await page.goto(`${base}/`);
  await page.waitForFunction('window.__probe && window.__probe.ready()');
  await page.waitForTimeout(1000);
  await browser.startTracing(page, {
    // TRACE_GC=1: V8's GC phases too (incremental marking steps run as tasks of their own); at
    // 1,000,000 URLs the trace may then lose its early events (a run prints "no trace").
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      ...(process.env.TRACE_GC ? ['disabled-by-default-v8.gc'] : []),
      // TRACE_CATS: more categories, comma-separated (e.g. v8.execute: every callback V8 runs).
      ...(process.env.TRACE_CATS ? process.env.TRACE_CATS.split(',') : []),
    ],
  });
  await page.evaluate('__probe.markOpen()');
  const t0 = Date.now();
  await page.getByLabel('Open sitemap file').setInputFiles(resolve(INPUTS, file));
  await page.waitForFunction(
    () => {
      const doc = (
        window as unknown as {
          __sitemapWorkbench: { getState(): { doc: { entries: unknown[] } | null } };
        }
      ).__sitemapWorkbench.getState().doc;
      const rows = Number(document.querySelector('[role=grid]')?.getAttribute('aria-rowcount') ?? 0);
      // Rows shown: not under the open's progress view (the editor's first frame, App.tsx).
      const veiled = document.querySelector('.loading.veil') !== null;
      return doc !== null && rows === doc.entries.length + 1 && !veiled;
    },
    undefined,
    { timeout: 600_000, polling: 100 },
  );
  const rowsMs = Date.now() - t0;
  const rows = (await page.evaluate('__probe.longSinceOpen()')) as Long;
  await page.waitForTimeout(SETTLE_MS);
  const settled = (await page.evaluate('__probe.longSinceOpen()')) as Long;
  const raw = (await browser.stopTracing()).toString();
  let heapMb = Number.NaN;
  if (process.env.HEAP) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    heapMb = heap.usedSize / 2 ** 20;
  }
  // TRACE_OUT=prefix: keep each run's raw trace as prefix-<n>.json.
  if (process.env.TRACE_OUT) writeFileSync(`${process.env.TRACE_OUT}-${++traced}.json`, raw);
  const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
  await page.context().close();
  return { rows, settled, rowsMs, heapMb, ...gcOf(trace.traceEvents) };
}

async function main(): Promise<void> {
  const dists = [process.argv[2], process.argv[3]].map((d) => resolve(d));
  const file = process.argv[4] ?? 'million.xml';
  const runs = Number(process.argv[5] ?? 3);
  const port = Number(process.env.BENCH_PORT ?? 4311);
  const servers = await Promise.all(dists.map((d, i) => serveDir(d, port + i, INPUTS)));
  const found = await findBrowser();
  // CHROMIUM_EXTRA: more browser switches, space-separated (e.g. --js-flags=--trace-pretenuring;
  // DEBUG=pw:browser shows what the renderer prints).
  const extra = process.env.CHROMIUM_EXTRA ? process.env.CHROMIUM_EXTRA.split(' ') : [];
  const browser = await chromium.launch({ executablePath: found?.path, args: [...CHROMIUM_ARGS, ...extra] });
  const results = dists.map(() => [] as Run[]);
  try {
    for (let i = 0; i < runs; i++)
      for (const k of i % 2 ? [1, 0] : [0, 1]) {
        const load = execSync('uptime')
          .toString()
          .trim()
          .replace(/^.*average: /, '');
        const r = await once(browser, `http://127.0.0.1:${port + k}`, file);
        results[k].push(r);
        console.log(
          `${'AB'[k]} ${file} (load ${load}): rows ${r.rowsMs} ms, long ${r.rows.count} (max ${r.rows.maxMs.toFixed(0)}); +${SETTLE_MS / 1000} s: ${r.settled.count} (max ${r.settled.maxMs.toFixed(0)}); longest task ${r.cpuMax.toFixed(0)} ms CPU;${Number.isNaN(r.heapMb) ? '' : ` heap after GC ${r.heapMb.toFixed(0)} MB;`} ${r.gc}`,
        );
      }
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
  for (const [k, list] of results.entries()) {
    const maxes = list.map((r) => r.settled.maxMs.toFixed(0)).join(' ');
    const counts = list.map((r) => r.settled.count).join(' ');
    console.log(`${'AB'[k]} ${dists[k]}: longest (settled) ${maxes}; over 50 ms ${counts}`);
  }
}

await main();
