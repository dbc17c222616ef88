/**
 * `npm run bench:hostile` (issue 20): time and peak memory of each hostile input, in the CLI
 * (`sitemap-workbench check`, wall time and max RSS from /usr/bin/time) and in the app (Chromium:
 * the file dropped on the page until the grid shows its rows or the page shows its refusal; peak
 * = summed RSS of Chromium's process tree, sampled every 50 ms). Inputs are generated into
 * bench/out/hostile. Numbers depend on machine load: print `uptime` next to them.
 *
 * Options (env): HOSTILE_ONLY=cli|app, HOSTILE_FILTER=<substrings of input names, `|` between>,
 * BENCH_NO_BUILD=1.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../scripts/find-browser.mjs';
import { benchAddress, DIST, openApp, probePage, ROOT, servePreview } from './browser/serve.ts';
import { toXml, worstDoc } from './generate.ts';
import { HOSTILE_INPUTS, IMG, MiB, urlset } from './hostileInputs.ts';

const OUT = resolve(ROOT, 'bench/out/hostile');
/** Issue #20 case 10 (long tasks): 50,000 URLs with an image and four hreflang alternates each (~27 MB). */
const HREFLANG_IMAGES_50K = {
  name: 'hreflang-images-50k.xml',
  bytes: () =>
    Buffer.from(
      urlset(
        Array.from({ length: 50_000 }, (_, i) => {
          const alt = ['de', 'en', 'fr', 'x-default']
            .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="https://a.example/${l}/p/${i}"/>`)
            .join('');
          return `<url><loc>https://a.example/en/p/${i}</loc><lastmod>2024-05-01</lastmod><changefreq>weekly</changefreq><priority>0.5</priority><image:image><image:loc>https://a.example/img/${i}.jpg</image:loc></image:image>${alt}</url>\n`;
        }).join(''),
        ` xmlns:image="${IMG}" xmlns:xhtml="http://www.w3.org/1999/xhtml"`,
      ),
    ),
  expect: { entries: 50_000 },
};

/**
 * Issue #20 case 10 (long tasks): the 50 MB worst case of `bench:browser` (50,000 rich entries),
 * read from its inputs (bench/out/inputs, written by `bench:browser` only).
 */
const WORST_50MB = {
  name: 'worst.xml',
  path: resolve(ROOT, 'bench/out/inputs/v1/worst.xml'),
  bytes: () => Buffer.from(toXml(worstDoc())),
  expect: { entries: 50_000 },
};

/** Where an input is read from. */
const pathOf = (i: { name: string; path?: string }): string => i.path ?? resolve(OUT, i.name);

const INPUTS = [...HOSTILE_INPUTS, HREFLANG_IMAGES_50K, WORST_50MB];

// Alternatives separated by `|` (e.g. 'text-1M|hreflang|worst'): every input whose name holds one.
const filter = process.env.HOSTILE_FILTER;
const inputs = INPUTS.filter((i) => !filter || filter.split('|').some((f) => i.name.includes(f)));

function prepare(): void {
  mkdirSync(OUT, { recursive: true });
  for (const i of inputs) {
    const p = pathOf(i);
    if (!existsSync(p)) {
      if ('path' in i) throw new Error(`${p} is missing: run \`npm run bench:browser\` once first.`);
      writeFileSync(p, i.bytes());
    }
  }
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(0)} MB`;
const kb = (p: string) => `${(readFileSync(p).length / 1024).toFixed(0)} KB`;

function cli(): void {
  console.log('\nCLI: sitemap-workbench check <file>   (wall time, max RSS)');
  for (const i of inputs) {
    const p = pathOf(i);
    const r = spawnSync('/usr/bin/time', ['-f', '%e %M', 'node', 'bin/sitemap-workbench.mjs', 'check', p], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 512 * MiB,
    });
    const last = r.stderr.trim().split('\n').pop() ?? '';
    const [secs, rssKb] = last.split(' ').map(Number);
    console.log(
      `  ${i.name.padEnd(28)} ${kb(p).padStart(9)}  ${`${secs.toFixed(2)} s`.padStart(9)}  ${mb(rssKb * 1024).padStart(8)}  exit ${r.status}`,
    );
  }
}

/** Summed RSS (bytes) of `pid` and all its descendants, from /proc. */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(d));
      children.set(ppid, list);
    } catch {
      // gone
    }
  }
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop()!;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // gone
    }
    for (const c of children.get(p) ?? []) stack.push(c);
  }
  return total;
}

async function app(): Promise<void> {
  if (!(process.env.BENCH_NO_BUILD && existsSync(DIST))) {
    execSync('npx vite build -c bench/browser/vite.config.ts', {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, BENCH_DIST: DIST },
    });
  }
  const { port, base } = benchAddress(4390);
  const server = await servePreview(port);
  const found = await findBrowser();
  const bs = await chromium.launchServer({ executablePath: found?.path, args: CHROMIUM_ARGS });
  const pid = bs.process().pid ?? 0;
  const browser = await chromium.connect(bs.wsEndpoint());
  console.log(
    '\nApp (Chromium): file dropped → rows shown or refusal shown   (wall time, peak RSS of all Chromium processes)',
  );
  try {
    for (const i of inputs) {
      const page = await probePage(browser);
      await openApp(page, base);
      const before = treeRss(pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, treeRss(pid));
      }, 50);
      await page.evaluate('__probe.markOpen()');
      const t0 = Date.now();
      let outcome = 'ok';
      try {
        await page.getByLabel('Open sitemap file').setInputFiles(pathOf(i));
        if ('entries' in i.expect) {
          const n = i.expect.entries;
          await page.waitForFunction(
            (rows) =>
              Number(document.querySelector('[role=grid]')?.getAttribute('aria-rowcount') ?? 0) === rows &&
              // not under the open's progress view (its first frame, App.tsx)
              !document.querySelector('.loading.veil'),
            n + 1,
            { timeout: 300_000, polling: 100 },
          );
        } else await page.getByText(i.expect.text).first().waitFor({ timeout: 300_000 });
      } catch (e) {
        outcome = page.isClosed()
          ? 'tab crashed'
          : `not reached (${e instanceof Error ? e.message.split('\n')[0] : e})`;
      }
      const ms = Date.now() - t0;
      clearInterval(sampler);
      peak = Math.max(peak, treeRss(pid));
      // Issue #20 case 10 / #18: the page must never be blocked > 50 ms (longtask observer).
      const long = page.isClosed()
        ? null
        : ((await page.evaluate('__probe.longSinceOpen()').catch(() => null)) as {
            count: number;
            maxMs: number;
          } | null);
      const longText = long ? `longest task ${long.maxMs.toFixed(0)} ms (${long.count} > 50 ms)` : '';
      console.log(
        `  ${i.name.padEnd(28)} ${kb(pathOf(i)).padStart(9)}  ${`${(ms / 1000).toFixed(2)} s`.padStart(9)}  ${mb(peak).padStart(8)}  (+${mb(peak - before)})  ${outcome}  ${longText}`,
      );
      await page.context().close();
    }
  } finally {
    await browser.close();
    await bs.close();
    if (server.pid) process.kill(-server.pid);
  }
}

console.log(`bench:hostile — ${execSync('uptime').toString().trim()}`);
prepare();
if (process.env.HOSTILE_ONLY !== 'app') cli();
if (process.env.HOSTILE_ONLY !== 'cli') await app();
