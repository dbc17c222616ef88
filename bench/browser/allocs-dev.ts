/**
 * What the page allocates while a file opens, by function: `npx tsx bench/browser/allocs-dev.ts
 * <dist> <file>` (the file from AB_INPUTS, default bench/out/inputs/v1, dropped on the input as in
 * longab.ts). V8's sampling heap profiler (every SAMPLE_BYTES, default 16384) runs from the drop
 * to the rows, counting objects later collected too, so the bytes are what was allocated, not
 * what is left; printed are the top functions by bytes (source-mapped), with the total. Port
 * BENCH_PORT.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { probePage, ROOT, serveDir } from './serve.ts';

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: Node[];
}

const dist = resolve(process.argv[2]);
const file = process.argv[3] ?? 'million.xml';
const INPUTS = resolve(ROOT, process.env.AB_INPUTS ?? 'bench/out/inputs/v1');
const port = Number(process.env.BENCH_PORT ?? 4311);
const base = `http://127.0.0.1:${port}`;

const maps = new Map<string, TraceMap | null>();
function label(f: Node['callFrame']): string {
  if (!maps.has(f.url)) {
    try {
      const path = `${f.url.replace(base, dist).split('?')[0]}.map`;
      maps.set(f.url, new TraceMap(readFileSync(path, 'utf8')));
    } catch {
      maps.set(f.url, null);
    }
  }
  const map = maps.get(f.url) ?? null;
  if (!map || f.lineNumber < 0) return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}`;
  const pos = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
  return `${pos.name ?? f.functionName} ${(pos.source ?? '?').replace(/^.*?(src|node_modules)\//, '$1/')}:${pos.line}`;
}

const server = await serveDir(dist, port, INPUTS);
const found = await findBrowser();
const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
try {
  const page = await probePage(browser);
  await page.goto(`${base}/`);
  await page.waitForFunction('window.__probe && window.__probe.ready()');
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: Number(process.env.SAMPLE_BYTES ?? 16384),
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await page.getByLabel('Open sitemap file').setInputFiles(resolve(INPUTS, file));
  await page.waitForFunction(
    () => {
      const w = window as unknown as {
        __sitemapWorkbench: { getState(): { doc: { entries: unknown[] } | null } };
      };
      const doc = w.__sitemapWorkbench.getState().doc;
      const rows = Number(document.querySelector('[role=grid]')?.getAttribute('aria-rowcount') ?? 0);
      return doc !== null && rows === doc.entries.length + 1;
    },
    undefined,
    { timeout: 600_000, polling: 100 },
  );
  const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: Node } };
  const bySelf = new Map<string, number>();
  let total = 0;
  const walk = (n: Node) => {
    if (n.selfSize > 0) {
      const key = label(n.callFrame);
      bySelf.set(key, (bySelf.get(key) ?? 0) + n.selfSize);
      total += n.selfSize;
    }
    for (const c of n.children) walk(c);
  };
  walk(profile.head);
  console.log(`${file}: ${(total / 1e6).toFixed(0)} MB allocated on the page from the drop to the rows`);
  for (const [k, b] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 20)))
    console.log(`  ${(b / 1e6).toFixed(1).padStart(7)} MB  ${k}`);
} finally {
  await browser.close();
  server.close();
}
