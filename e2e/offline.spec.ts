import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test as plain } from '@playwright/test';
import { test } from './pages/workbench.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SAMPLE = path.join(ROOT, 'public/samples/sample-sitemap.xml');

/** Wait until a service worker controls the page, reloading once if the first load was not controlled. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('after a first visit the app opens and works with no network', async ({ wb, page, context }) => {
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sitemap Workbench' })).toBeVisible();
    // Parsing runs in the (precached) worker.
    await wb.openFile(SAMPLE);
    await wb.expectUrlCount(201);
    await wb.clickCell(0, 'Priority');
    await page.keyboard.type('0.3');
    await page.keyboard.press('Enter');
    expect(await wb.cellText(0, 'Priority')).toBe('0.3');
    // Lazily loaded chunks come from the precache too.
    const charts = page.getByRole('tab', { name: /^Charts/ });
    if ((await charts.count()) > 0) {
      await charts.click();
      await expect(page.locator('.chart-card').first()).toBeVisible();
    }
    // The bundled sample is precached: start over with it.
    await page.getByRole('banner').getByRole('button', { name: 'Try a sample' }).click();
    await wb.expectUrlCount(201);
  } finally {
    await context.setOffline(false);
  }
});

/** A static file server with the build mounted under `mount` (like a sub-folder on any host). */
function serveStatic(dir: string, mount: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.json': 'application/json',
    '.webmanifest': 'application/manifest+json',
    '.xml': 'application/xml',
    '.txt': 'text/plain',
    '.wasm': 'application/wasm',
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let rel = url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) : null;
    if (rel === '') rel = 'index.html';
    const file = rel === null ? null : path.join(dir, decodeURIComponent(rel));
    if (!file?.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

plain.describe('a build for another base path', () => {
  const base = '/tools/sitemap/';
  let outDir = '';
  let server: Server | null = null;

  plain.beforeAll(async () => {
    plain.setTimeout(240_000);
    outDir = mkdtempSync(path.join(tmpdir(), 'sitemap-base-'));
    const vite = path.join(ROOT, 'node_modules/.bin/vite');
    const built = spawnSync(vite, ['build', '--base', base, '--outDir', outDir, '--logLevel', 'error'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    server = await serveStatic(outDir, base);
  });

  plain.afterAll(() => {
    server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  plain('works from a sub-folder of a static host, online and offline', async ({ page, context }) => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toContain(`src="${base}assets/`);
    expect(html).toContain(`href="${base}manifest.webmanifest"`);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    const { port } = server!.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}${base}`);
    await expect(page.getByRole('heading', { name: 'Sitemap Workbench' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Try a sample' }).click();
    const status = page.getByRole('status', { name: 'Document status' });
    await expect(status).toContainText('201 URLs');

    await waitForServiceWorker(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`http://127.0.0.1:${port}${base}`);
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'Try a sample' }).click();
      await expect(status).toContainText('201 URLs');
    } finally {
      await context.setOffline(false);
    }
    expect(errors).toEqual([]);
  });
});
