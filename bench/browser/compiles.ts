/**
 * What V8 compiles and deoptimizes in the sitemap worker and the page during one open:
 * `npx tsx bench/browser/compiles.ts [input]` (BENCH_DIST and BENCH_PORT as threads.ts;
 * THINK=<ms> waits after the app is ready, default 2000 as the judged 50k row, so the idle
 * warm-up of state/warmOpen.ts has run). Chromium runs with V8's code log (`--log-code
 * --log-deopt`, one file per isolate); per isolate it prints the code V8 made per 500 ms (by
 * tier: interpreted, Sparkplug, Maglev, TurboFan) and, for the open (the last `wall` ms of the
 * log), the functions optimized and the deopts with their reasons, source-mapped to `src/`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { writeInputs } from './inputs.ts';
import { benchAddress, DIST, openApp, probePage, ROOT, serveDir, servePreview } from './serve.ts';
import { labeler } from './trace.ts';

const { port: PORT, base: BASE } = benchAddress(4187);
const input = process.argv[2] ?? '/bench-in/plain.xml.gz';
const TIERS: Record<string, string> = {
  '~': 'interpreted',
  '^': 'sparkplug',
  '+': 'maglev',
  '*': 'turbofan',
};
/** A code-creation marker (`~`, `^`, `+'`, `*'`, `o*` …: a leading `o` is on-stack replacement) as a tier name. */
const tierOf = (marker: string | undefined): string => {
  const m = (marker ?? '').replace(/'$/, '');
  const osr = m.startsWith('o');
  return `${TIERS[osr ? m.slice(1) : m] ?? m}${osr ? ' OSR' : ''}`;
};

const logs = mkdtempSync(join(tmpdir(), 'v8log-'));
// STATIC=1: the build served as stored by a plain static server (inputs from bench/out/inputs/v1,
// a .gz unopened), which starts at once on a loaded machine; else vite preview, as bench:browser.
let server: ChildProcess | Server;
if (process.env.STATIC) server = await serveDir(DIST, PORT, resolve(ROOT, 'bench/out/inputs/v1'));
else {
  mkdirSync(resolve(DIST, 'bench-in'), { recursive: true });
  writeInputs(resolve(DIST, 'bench-in'), resolve(ROOT, 'bench/out/inputs'));
  server = await servePreview(PORT);
}
const found = await findBrowser();
const browser = await chromium.launch({
  executablePath: found?.path,
  args: [...CHROMIUM_ARGS, `--js-flags=--log-code --log-deopt --logfile=${logs}/v8-%p.log`],
});
let wall = 0;
try {
  const page = await probePage(browser);
  await openApp(page, BASE);
  await page.evaluate(`__probe.load(${JSON.stringify(input)})`);
  await page.waitForTimeout(Number(process.env.THINK ?? 2000));
  const name = input.split('/').pop();
  const r = (await page.evaluate(`__probe.open(${JSON.stringify(input)}, ${JSON.stringify(name)})`)) as {
    ms: number;
  };
  wall = r.ms;
  console.log(`${input}: wall ${r.ms.toFixed(0)} ms`);
  await page.context().close();
} finally {
  await browser.close();
  try {
    if ('close' in server) server.close();
    else if (server.pid) process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const label = labeler(DIST, BASE);
/** `<url:line:col>` or `url:line:col` of the built file → its `src/` function and line. */
const where = (s: string): string => {
  const m = /(http[^ >]*):(\d+):(\d+)/.exec(s);
  if (!m) return s;
  return label({ functionName: '', url: m[1], lineNumber: Number(m[2]) - 1, columnNumber: Number(m[3]) - 1 });
};
for (const file of readdirSync(logs)) {
  const lines = readFileSync(join(logs, file), 'utf8').split('\n');
  const scripts = lines.filter((l) => l.startsWith('code-creation,Script'));
  const who = scripts.some((l) => l.includes('sitemap.worker'))
    ? 'sitemap worker'
    : scripts.some((l) => l.includes(`${BASE}/assets/`))
      ? 'page'
      : '';
  if (!who) continue;
  const code = lines.filter((l) => l.startsWith('code-creation,JS')).map((l) => l.split(','));
  const deopts = lines.filter((l) => l.startsWith('code-deopt')).map((l) => l.split(','));
  const end = Math.max(0, ...code.map((c) => Number(c[3])), ...deopts.map((d) => Number(d[1])));
  const from = end - wall * 1000;
  console.log(`\n${who} (${file}): code events by 500 ms (the open is the last ${wall.toFixed(0)} ms)`);
  const buckets = new Map<number, Map<string, number>>();
  for (const c of code) {
    const b = Math.floor(Number(c[3]) / 500_000);
    const m = buckets.get(b) ?? new Map<string, number>();
    const tier = tierOf(c.at(-1));
    m.set(tier, (m.get(tier) ?? 0) + 1);
    buckets.set(b, m);
  }
  for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0]))
    console.log(`  ${(b / 2).toFixed(1)} s  ${[...m].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const opt = new Map<string, number>();
  for (const c of code) {
    const tier = tierOf(c.at(-1));
    if (Number(c[3]) < from || !/maglev|turbofan/.test(tier)) continue;
    const k = `${tier} ${where(c.slice(6, -2).join(','))}`;
    opt.set(k, (opt.get(k) ?? 0) + 1);
  }
  console.log(`  optimized during the open: ${[...opt.values()].reduce((a, b) => a + b, 0)}`);
  for (const [k, n] of [...opt].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40)))
    console.log(`    ×${n} ${k}`);
  // LIST=<name,…>: every code creation (with its tier) and deopt of functions so named, with its time.
  const listed = process.env.LIST?.split(',');
  if (listed) {
    const rows: Array<[number, string]> = [];
    for (const c of code) {
      const w = where(c.slice(6, -2).join(','));
      if (listed.some((n) => w.startsWith(`${n} `))) rows.push([Number(c[3]), `${tierOf(c.at(-1))} ${w}`]);
    }
    for (const d of deopts) {
      const w = where(d[7]);
      if (listed.some((n) => w.startsWith(`${n} `)))
        rows.push([Number(d[1]), `DEOPT ${d[6]} ${w}: ${d.slice(8).join(',')}`]);
    }
    for (const [t, x] of rows.sort((a, b) => a[0] - b[0]))
      console.log(`    ${(t / 1000).toFixed(0).padStart(6)} ms${t >= from ? ' (open)' : ''}  ${x}`);
  }
  const during = deopts.filter((d) => Number(d[1]) >= from);
  console.log(`  deopts during the open: ${during.length}`);
  for (const d of during.slice(0, Number(process.env.DEOPTS ?? 40)))
    console.log(`    ${d[6]} ${where(d[7])}: ${d.slice(8).join(',')}`);
}
rmSync(logs, { recursive: true, force: true });
