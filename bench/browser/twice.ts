/**
 * The same input opened three times in one page (the first open cold, the next ones with the open
 * path's code compiled), per page: `npx tsx bench/browser/twice.ts <dist> [input] [pages]`, served
 * on BENCH_PORT (default 4423) with inputs as stored; THINK=<ms> waits before the first open.
 * Prints each open's wall time (to the rows painted, and to openFile resolving) and Chromium CPU.
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { chromiumCpuMs, probePage, ROOT, serveDir } from './serve.ts';

const dist = resolve(process.argv[2]);
const input = process.argv[3] ?? '/bench-in/plain.xml.gz';
const runs = Number(process.argv[4] ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4423);
const server = await serveDir(dist, port, resolve(ROOT, 'bench/out/inputs/v1'));
const found = await findBrowser();
const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
const cdp = await browser.newBrowserCDPSession();
try {
  for (let i = 0; i < runs; i++) {
    const page = await probePage(browser);
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction('window.__probe && window.__probe.ready()');
    await page.evaluate(`__probe.load(${JSON.stringify(input)})`);
    await page.waitForTimeout(Number(process.env.THINK ?? 0));
    const out: string[] = [];
    for (let k = 0; k < 3; k++) {
      const c0 = await chromiumCpuMs(cdp);
      const r = (await page.evaluate(`__probe.open(${JSON.stringify(input)}, "plain.xml.gz")`)) as {
        ms: number;
        openedMs: number;
      };
      const cpu = (await chromiumCpuMs(cdp)) - c0;
      out.push(
        `open ${k + 1}: wall ${r.ms.toFixed(0)} (resolved ${r.openedMs.toFixed(0)}) CPU ${cpu.toFixed(0)}`,
      );
      await page.waitForTimeout(2500);
    }
    console.log(out.join(' | '));
    await page.context().close();
  }
} finally {
  await browser.close();
  server.close();
}
