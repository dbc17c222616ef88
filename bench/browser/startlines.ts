/**
 * Where the app's first chunk spends its module evaluation, by source module:
 * `npx tsx bench/browser/startlines.ts <dist> [runs]` with `<dist>` an UNMINIFIED bench build
 * (`BENCH_DIST=<dist> npx vite build -c bench/browser/vite.config.ts --minify false`: one statement
 * a line, so V8's line ticks map to modules). A CDP sampling profile (100 µs) of a cold start in a
 * fresh context, from the navigation until the store is ready; the line ticks of the module's top
 * level (the bundle's outermost function) and of every function are summed per source file,
 * separately for the evaluation task (samples before the first task boundary after
 * `v8.evaluateModule`, approximated as the top-level function's own ticks) and the rest.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { benchAddress, probePage, ROOT, serveDir } from './serve.ts';

const dist = resolve(ROOT, process.argv[2]);
const runs = Number(process.argv[3] ?? 3);
const { port, base } = benchAddress(4187);
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
  positionTicks?: Array<{ line: number; ticks: number }>;
}
const maps = new Map<string, TraceMap>();
const mapOf = (url: string) => {
  const path = url.replace(base, dist).split('?')[0];
  if (!maps.has(path)) maps.set(path, new TraceMap(readFileSync(`${path}.map`, 'utf8')));
  return maps.get(path)!;
};
const fileOf = (url: string, line: number): string => {
  try {
    const pos = originalPositionFor(mapOf(url), { line, column: 0 });
    if (!pos.source) {
      // The line may start with whitespace: try a few columns in.
      for (const c of [2, 4, 6, 8, 10, 20]) {
        const p = originalPositionFor(mapOf(url), { line, column: c });
        if (p.source) return p.source.replace(/^.*?(src|node_modules)\//, '$1/');
      }
      return '?';
    }
    return pos.source.replace(/^.*?(src|node_modules)\//, '$1/');
  } catch {
    return url.split('/').pop() ?? '?';
  }
};

const server = await serveDir(dist, port, resolve(ROOT, 'bench/out/inputs'));
const found = await findBrowser();
const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
const topLevel = new Map<string, number>();
const inFns = new Map<string, number>();
try {
  for (let r = 0; r < runs; r++) {
    const page = await probePage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}/`);
    await page.waitForFunction('window.__probe && window.__probe.ready()');
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Node[] } };
    let tick = 0;
    for (const n of profile.nodes) {
      if (!n.callFrame.url.includes('/assets/main-')) continue;
      // The bundle's outermost function: the module body.
      const outer = n.callFrame.lineNumber === 0 && n.callFrame.columnNumber === 0;
      for (const pt of n.positionTicks ?? []) {
        const f = fileOf(n.callFrame.url, pt.line);
        const m = outer ? topLevel : inFns;
        m.set(f, (m.get(f) ?? 0) + pt.ticks);
        tick += pt.ticks;
      }
    }
    // Every sample's self frame by kind: the bundle, other scripts, V8's own ((program): compile,
    // (garbage collector)), idle.
    const full = profile as unknown as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
    const byId = new Map(full.nodes.map((n) => [n.id, n]));
    const kinds = new Map<string, number>();
    full.samples.forEach((id, i) => {
      const f = byId.get(id)?.callFrame;
      const k = !f
        ? '?'
        : f.url.includes('/assets/main-')
          ? 'main-*.js'
          : f.url
            ? (f.url.split('/').pop() ?? f.url)
            : f.functionName || '(native)';
      kinds.set(k, (kinds.get(k) ?? 0) + (full.timeDeltas[i] ?? 0) / 1000);
    });
    const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log(
      `run ${r + 1}: ${tick} ticks in main-*.js; self ms by frame: ${top.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`,
    );
    await page.context().close();
  }
  const show = (m: Map<string, number>, title: string) => {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    console.log(`${title}: ${total} ticks (100 µs each, ${runs} runs)`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${String(v).padStart(7)}  ${k}`);
  };
  show(topLevel, 'module top level, by source file');
  show(inFns, 'inside functions of main-*.js (evaluation and first render), by source file of the line');
} finally {
  await browser.close();
  server.close();
}
