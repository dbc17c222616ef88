/**
 * One `vite preview` of the bench build (bench/browser/vite.config.ts, BENCH_DIST) for
 * browser.bench.ts, profile.ts and threads.ts. Refuses a port that already answers: an old
 * preview left running would otherwise be measured instead of the build just made.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, resolve } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');
/** The bench build folder (BENCH_DIST, default bench/out/dist). */
export const DIST = resolve(ROOT, process.env.BENCH_DIST ?? 'bench/out/dist');

/** Port (BENCH_PORT, else `fallback`) and base URL of the preview a bench script serves. */
export function benchAddress(fallback: number): { port: number; base: string } {
  const port = Number(process.env.BENCH_PORT ?? fallback);
  return { port, base: `http://127.0.0.1:${port}` };
}

const answers = async (base: string): Promise<boolean> => {
  try {
    return (await fetch(base)).ok;
  } catch {
    return false;
  }
};

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/**
 * A plain static server of a build folder on 127.0.0.1:`port`, with `/bench-in/` served from
 * `inputs` as stored (no Content-Encoding): the side-by-side scripts (ab.ts, scrollab.ts) run one
 * per build.
 */
export function serveDir(dir: string, port: number, inputs: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const file = path.startsWith('/bench-in/')
      ? resolve(inputs, path.slice('/bench-in/'.length))
      : resolve(dir, `.${path === '/' ? '/index.html' : path}`);
    try {
      if (!statSync(file).isFile()) throw new Error('dir');
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

/** Start the preview on 127.0.0.1:`port` and resolve once it serves the page. */
export async function servePreview(port: number): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  if (await answers(base)) {
    throw new Error(
      `${base} already answers: stop the old server (or set BENCH_PORT) so this build is measured.`,
    );
  }
  const args = ['vite', 'preview', '-c', 'bench/browser/vite.config.ts', '--host', '127.0.0.1'];
  const child = spawn('npx', [...args, '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 100; i++) {
    if (await answers(base)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not start on ${base}`);
}

/**
 * A page in a fresh context as every bench script measures it (no service worker, CSP bypassed
 * for the injected probe, 1400 × 900) with `probe.js` injected; not navigated yet.
 */
export async function probePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    bypassCSP: true,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await page.addInitScript({ path: resolve(ROOT, 'bench/browser/probe.js') });
  return page;
}

/**
 * A new page of `page`'s browser context (the same profile: its IndexedDB, so a saved session is
 * restored) with the probe, at the app at `base`: opening the app again in a new tab. Close the
 * old page first when it holds the saved work (an open tab owns it).
 */
export async function reopenApp(page: Page, base: string): Promise<Page> {
  const next = await page.context().newPage();
  await next.addInitScript({ path: resolve(ROOT, 'bench/browser/probe.js') });
  await openApp(next, base);
  return next;
}

/** Navigate a {@link probePage} to the app at `base` and wait until the probe sees the store. */
export async function openApp(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.waitForFunction('window.__probe && window.__probe.ready()');
}

/**
 * CPU ms of every Chromium process but the browser process (renderers with their workers, GPU),
 * read through a browser CDP session (10 ms resolution).
 */
export async function chromiumCpuMs(cdp: CDPSession): Promise<number> {
  const info = (await cdp.send('SystemInfo.getProcessInfo' as never)) as {
    processInfo: Array<{ type: string; cpuTime: number }>;
  };
  return info.processInfo.filter((p) => p.type !== 'browser').reduce((sum, p) => sum + p.cpuTime * 1000, 0);
}
