/**
 * The workspace's work after its open, two bench builds side by side: `npx tsx
 * bench/browser/wsettle.ts <distA> <distB> [runs]` (default 2, alternating A B, B A). Each run drops
 * the 20 × 50,000 workspace (bench/browser/workspace.ts) on a fresh page, untraced until the grid
 * has painted (`__wsProbe.open`), then traces `__wsProbe.settle` (until no file has a task left:
 * e.g. each child's host scope re-checked against the URL its index gives it) with V8's sampling
 * profile, and prints the page main thread's tasks from there by thread CPU (startab.ts `report`;
 * PROFILE=n: the sampled functions of the longest n). The open's own numbers are the bench's
 * `workspace` section. Served by a plain static server on BENCH_PORT (A) and BENCH_PORT+1 (B).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { benchAddress, probePage, ROOT, serveDir } from './serve.ts';
import { report } from './startab.ts';
import { labeler, type TraceEvent } from './trace.ts';
import { writeWorkspaceInputs } from './workspace.ts';

const [distA, distB] = process.argv.slice(2, 4).map((d) => resolve(ROOT, d));
const RUNS = Number(process.argv[4] ?? 2);
const { port } = benchAddress(4187);

async function run(browser: Browser, dist: string, base: string, tag: string): Promise<string> {
  const page = await probePage(browser);
  try {
    await page.goto(`${base}/`);
    await page.waitForFunction('window.__probe && window.__probe.ready()');
    await page.evaluate(readFileSync(resolve(ROOT, 'bench/browser/wsProbe.js'), 'utf8'));
    const urls = writeWorkspaceInputs(resolve(dist, 'bench-in'), resolve(ROOT, 'bench/out/inputs'));
    await page.evaluate(`__wsProbe.load(${JSON.stringify(urls)})`);
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    // FROM=open: report from the drop (the children's re-checks may end before the grid paints).
    const from = process.env.FROM === 'open' ? 'ws-open' : 'ws-settle';
    await page.evaluate("console.timeStamp('ws-open')");
    const open = (await page.evaluate('__wsProbe.open()')) as Record<string, number>;
    await page.evaluate("console.timeStamp('ws-settle')");
    const settle = (await page.evaluate('__wsProbe.settle()')) as Record<string, number>;
    await page.waitForTimeout(1000);
    const raw = await browser.stopTracing();
    const events = (JSON.parse(raw.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    console.log(
      `${tag}: open ${open.ms?.toFixed(0)} ms wall (${open.files} files, ${open.urls} URLs, ${open.busy} busy); settle ${settle.settleMs.toFixed(0)} ms wall, ${settle.settleCount} longtasks (max ${settle.settleMaxMs.toFixed(0)} ms)`,
    );
    const max = report(events, labeler(dist, base), `${tag} from ${from}`, from);
    return `${max.toFixed(1)} (settle ${settle.settleMs.toFixed(0)} ms wall)`;
  } finally {
    await page.context().close();
  }
}

// Each build's own bench-in (where writeWorkspaceInputs puts the workspace), not the input cache.
const servers = [
  await serveDir(distA, port, resolve(distA, 'bench-in')),
  await serveDir(distB, port + 1, resolve(distB, 'bench-in')),
];
const found = await findBrowser();
const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
const longest: Record<string, string[]> = { A: [], B: [] };
try {
  for (let i = 0; i < RUNS; i++) {
    for (const which of i % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
      const dist = which === 'A' ? distA : distB;
      const base = `http://127.0.0.1:${which === 'A' ? port : port + 1}`;
      process.stdout.write(`[run ${i + 1} load ${loadavg()[0].toFixed(1)}] `);
      longest[which].push(await run(browser, dist, base, which));
    }
  }
  for (const k of ['A', 'B'])
    console.log(`${k}: longest task by CPU after the paint: ${longest[k].join(', ')} ms`);
} finally {
  await browser.close();
  for (const s of servers) s.close();
}
