/**
 * Whole sitemap trees through the compiled CLI (issue #19): an index of 20 × 50,000 URLs
 * (1,000,000) and of 200 × 50,000 (10,000,000), a quarter of the children gzipped, URLs repeated
 * across neighbouring files and hreflang pairs across two files. The trees are generated into a
 * temp folder at bench time and removed afterwards; the CLI is built into it with
 * scripts/build-cli.mjs and run in a child process (`check INDEX --quiet`), which reports its own
 * peak RSS (VmHWM from /proc/self/status on Linux, else `process.resourceUsage().maxRSS`). Targets: 1M in ≤ 10 s and ≤ 300 MB, 10M in ≤ 1 GB;
 * each row says whether it was met, with the load before and after (others share the machine).
 * `BENCH_TREE=1m` runs only the 1M tree; `BENCH_TREE=0` skips the section.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTree } from '../src/cli/genTree.ts';
import type { BenchRow } from './types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface TreeRun {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  summary: string;
}

/** The load averages as `uptime` prints them (1, 5, 15 minutes). */
function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** Runs the compiled CLI on `index` in a child process; its peak RSS comes from inside it. */
function runTree(cli: string, index: string): TreeRun {
  const code = `
    const { runCli } = await import(${JSON.stringify(cli)});
    const { processIo } = await import(${JSON.stringify(cli)});
    const t0 = performance.now();
    let summary = '';
    const io = { ...processIo, progress: undefined, out: (t) => { summary = t.trim().split('\\n').at(-1) ?? ''; } };
    await runCli(['check', ${JSON.stringify(index)}, '--quiet'], io);
    const u = process.resourceUsage();
    // getrusage's maxRSS survives exec on Linux: a child of the big bench process would report
    // the parent's RSS at fork. VmHWM is this process's own peak.
    let hwmKb = u.maxRSS;
    try {
      const m = /VmHWM:\\s+(\\d+) kB/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'));
      if (m) hwmKb = Number(m[1]);
    } catch {}
    process.stderr.write('\\n' + JSON.stringify({ wallMs: performance.now() - t0, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssMb: hwmKb / 1024, summary }) + '\\n');
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    maxBuffer: 100_000_000,
  });
  const last = r.stderr.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as TreeRun;
  } catch {
    throw new Error(`tree run failed (${r.status}): ${r.stderr.slice(-2000)}`);
  }
}

/** Rows for the 1M and 10M trees (time, CPU, peak RSS, the CLI's summary line). */
export async function benchTree(): Promise<BenchRow[]> {
  const which = process.env.BENCH_TREE ?? 'all';
  if (which === '0') return [];
  const dir = mkdtempSync(path.join(tmpdir(), 'smw-bench-tree-'));
  const rows: BenchRow[] = [];
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-cli.mjs'), dir], { stdio: 'ignore' });
    const cli = path.join(dir, 'cli.mjs');
    const sizes: Array<[string, number, number]> = [['1M (20 × 50,000)', 20, 1_000_000]];
    if (which !== '1m') sizes.push(['10M (200 × 50,000)', 200, 10_000_000]);
    for (const [label, files, total] of sizes) {
      const treeDir = path.join(dir, `tree-${files}`);
      const t0 = performance.now();
      const tree = writeTree(treeDir, { files, urls: total / files, gzipEvery: 4, dupes: 10, hreflang: 100 });
      const genS = (performance.now() - t0) / 1000;
      const loadBefore = load();
      const run = runTree(cli, tree.index);
      const loadAfter = load();
      const small = files === 20;
      const target = small ? '≤ 10 s, ≤ 300 MB' : '≤ 1 GB';
      const met = small ? run.wallMs <= 10_000 && run.maxRssMb <= 300 : run.maxRssMb <= 1024;
      const verdict = `target ${target}: ${met ? 'met' : 'NOT met'}`;
      rows.push({
        group: 'cli tree',
        name: `check ${label}`,
        ms: run.wallMs,
        note: `wall; CPU ${(run.cpuMs / 1000).toFixed(1)} s; peak RSS ${run.maxRssMb.toFixed(0)} MB; ${verdict}; load (uptime 1/5/15 min) ${loadBefore} before, ${loadAfter} after; generated in ${genS.toFixed(0)} s; ${run.summary}`,
      });
      process.stderr.write(
        `  cli tree · ${label}: ${(run.wallMs / 1000).toFixed(1)} s wall, ${(run.cpuMs / 1000).toFixed(1)} s CPU, ${run.maxRssMb.toFixed(0)} MB peak RSS; ${verdict}; load ${loadBefore} → ${loadAfter}\n`,
      );
      rmSync(treeDir, { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
