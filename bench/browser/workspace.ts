/**
 * The `workspace` section of `npm run bench:browser`: issue #6's "workspace of 1,000,000 URLs
 * (20 files × 50,000, with lastmod, changefreq, priority, some images and alternates) opens in one
 * tab with the JS heap under 1 GB … under 5 s". A sitemap index plus 20 gzipped urlsets are
 * dropped together (`__sitemapWorkspace.commands.open`, the path the app takes when several
 * files are dropped), timed until every file is parsed and validated, the workspace model is
 * built and the active file's grid has painted; then the page heap after a forced GC.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { plainDoc } from '../generate.ts';
import { compactEntry, HEAD } from './inputs.ts';
import { median, type Row } from './report.ts';

/** Files and URLs per file of the workspace. */
export const WS_FILES = 20;
export const WS_URLS_PER_FILE = 50_000;

/** Bump when the generated content changes, so stale caches are rebuilt. */
const VERSION = 'ws-v1';
const ORIGIN = 'https://www.example.com';

const childName = (k: number) => `sitemap-${String(k + 1).padStart(2, '0')}.xml.gz`;

/**
 * Write (or reuse from `cacheDir`) the index and its 20 children into `servedDir/ws/`; returns the
 * served paths, index first.
 */
export function writeWorkspaceInputs(servedDir: string, cacheDir: string): string[] {
  const dir = resolve(cacheDir, VERSION);
  const names = ['sitemap_index.xml', ...Array.from({ length: WS_FILES }, (_, k) => childName(k))];
  mkdirSync(dir, { recursive: true });
  if (!names.every((n) => existsSync(resolve(dir, n)))) {
    const doc = plainDoc(WS_FILES * WS_URLS_PER_FILE);
    for (let k = 0; k < WS_FILES; k++) {
      const part: string[] = [HEAD];
      for (let i = k * WS_URLS_PER_FILE; i < (k + 1) * WS_URLS_PER_FILE; i++)
        part.push(compactEntry(doc.entries[i], i));
      part.push('</urlset>\n');
      writeFileSync(resolve(dir, childName(k)), gzipSync(Buffer.from(part.join('')), { level: 6 }));
    }
    const items = Array.from(
      { length: WS_FILES },
      (_, k) =>
        `<sitemap><loc>${ORIGIN}/sitemaps/${childName(k)}</loc><lastmod>2024-06-01</lastmod></sitemap>`,
    );
    writeFileSync(
      resolve(dir, names[0]),
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`,
    );
  }
  mkdirSync(resolve(servedDir, 'ws'), { recursive: true });
  for (const n of names) writeFileSync(resolve(servedDir, 'ws', n), readFileSync(resolve(dir, n)));
  return names.map((n) => `/bench-in/ws/${n}`);
}

type Probe = Record<string, number | string>;

/** What the section needs from the bench: a fresh app page and the Chromium CPU clock. */
export interface WorkspaceBenchDeps {
  browser: Browser;
  appPage(browser: Browser): Promise<Page>;
  cpuMs(): Promise<number>;
  /** Served folder of the inputs (`<dist>/bench-in`) and the input cache folder. */
  servedDir: string;
  cacheDir: string;
  runs?: number;
}

const PROBE = readFileSync(resolve(import.meta.dirname, 'wsProbe.js'), 'utf8');

async function heapMb(page: Page): Promise<{ used: number; metric: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.send('Performance.enable');
  const metrics = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>;
  };
  const metric = metrics.metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  await cdp.detach();
  return { used: heap.usedSize / 2 ** 20, metric: metric / 2 ** 20 };
}

/**
 * Open the 20 × 50,000 workspace `runs` times (fresh page each), median CPU and wall, long tasks
 * and the heap after the last run.
 *
 * @example rows.push(...(await workspaceRows({ browser, appPage, cpuMs, servedDir, cacheDir })));
 */
export async function workspaceRows(deps: WorkspaceBenchDeps): Promise<Row[]> {
  const urls = writeWorkspaceInputs(deps.servedDir, deps.cacheDir);
  const results: Probe[] = [];
  let heap = { used: 0, metric: 0 };
  for (let i = 0; i < (deps.runs ?? 1); i++) {
    const page = await deps.appPage(deps.browser);
    await page.evaluate(PROBE);
    await page.waitForFunction('Boolean(window.__sitemapWorkspace)');
    await page.evaluate(`__wsProbe.load(${JSON.stringify(urls)})`);
    const c0 = await deps.cpuMs();
    const r = (await page.evaluate('__wsProbe.open()')) as Probe;
    const c1 = await deps.cpuMs();
    const settled = (await page.evaluate('__wsProbe.settle()')) as Probe;
    results.push({ ...r, ...settled, cpuMs: c1 - c0, settleCpuMs: (await deps.cpuMs()) - c1 });
    heap = await heapMb(page);
    await page.context().close();
  }
  const num = (k: string) => median(results.map((r) => Number(r[k])));
  const cpu = num('cpuMs');
  const first = results[0];
  const name = `${WS_FILES} × ${WS_URLS_PER_FILE.toLocaleString('en-US')} URLs workspace (index + ${WS_FILES} .xml.gz dropped together)`;
  return [
    {
      group: 'open',
      name: `${name} open`,
      value: `CPU ${cpu.toFixed(0)} ms · wall ${num('ms').toFixed(0)} ms`,
      target: '≤ 5000 ms',
      met: cpu <= 5000,
      note: `${results.length} run(s); open resolved at ${num('openedMs').toFixed(0)} ms; ${first.files} files (${first.mode}), ${first.urls} URLs, ${first.busy} still busy; then until no file has a task: CPU ${num('settleCpuMs').toFixed(0)} ms, wall ${num('settleMs').toFixed(0)} ms, ${num('settleCount').toFixed(0)} long tasks (max ${num('settleMaxMs').toFixed(0)} ms)`,
    },
    {
      group: 'main thread',
      name: `${name}: long tasks`,
      value: `max ${num('maxMs').toFixed(0)} ms`,
      target: '≤ 50 ms',
      met: num('maxMs') <= 50,
      note: `median ${num('count')} long tasks`,
    },
    {
      group: 'memory',
      name: `${name}: JS heap (page, after GC)`,
      value: `${heap.used.toFixed(0)} MB`,
      target: '< 1024 MB',
      met: heap.used < 1024,
      note: `Performance.getMetrics JSHeapUsedSize ${heap.metric.toFixed(0)} MB`,
    },
  ];
}
