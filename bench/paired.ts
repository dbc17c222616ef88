/**
 * Side-by-side timing for `npm run bench`: the contenders of one comparison run interleaved,
 * round after round (A B, then B A, …), each run after a full GC and a short settle, so a load
 * swing on the shared machine hits both sides of a pair alike. A ratio is taken per round (the
 * two runs of one round are seconds apart) and reported as the median with its spread; a
 * ratio of two medians from separate runs (the old method) moved by ±40% at load 3–6.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** One side of a comparison: `rounds` caps how many rounds it joins (a slow reference). */
export interface Contender {
  name: string;
  fn: () => unknown;
  rounds?: number;
  /** false: no untimed warm-up run (a slow reference already warmed by an earlier input). */
  warmup?: boolean;
}

/** CPU ms (user + system, all threads of the process) and wall ms of each timed run, by round. */
export interface Series {
  cpu: number[];
  wall: number[];
}

/** Median and spread of per-round ratios. */
export interface PairStats {
  median: number;
  min: number;
  max: number;
  n: number;
  /** The per-round ratios, in round order. */
  ratios: number[];
}

export function medianOf(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A full GC, then wait until the process is quiet: the GC's concurrent sweeping (of the previous
 * run's garbage, large after fast-xml-parser's object trees) runs on helper threads after gc()
 * returns, and `process.cpuUsage` counts every thread. A fixed 40 ms wait was enough on a quiet
 * machine; at load 10–17 the helpers had not run yet, and their CPU landed in the next timed run
 * (tens of ms: doubling a 60–100 ms run of ours, noise for a 2 s run of the baseline).
 */
async function settle(): Promise<void> {
  gc();
  await sleep(20);
  for (let k = 0; k < 100; k++) {
    const c0 = process.cpuUsage();
    await sleep(20);
    const c = process.cpuUsage(c0);
    if (c.user + c.system < 1000) return;
  }
}

async function timed(fn: () => unknown): Promise<{ cpu: number; wall: number }> {
  if (process.env.BENCH_SETTLE === 'fixed') {
    gc();
    await sleep(40);
  } else await settle();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall };
}

/**
 * One untimed warm-up run of every contender, then `rounds` rounds; the order inside a round
 * alternates (A B, B A, …) so neither side always runs first after the GC.
 */
export async function interleaved(
  contenders: readonly Contender[],
  rounds: number,
): Promise<Map<string, Series>> {
  const out = new Map<string, Series>();
  for (const c of contenders) {
    if (c.warmup !== false) await timed(c.fn);
    out.set(c.name, { cpu: [], wall: [] });
  }
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? contenders : [...contenders].reverse();
    for (const c of order) {
      if (c.rounds !== undefined && r >= c.rounds) continue;
      const t = await timed(c.fn);
      const s = out.get(c.name) as Series;
      s.cpu.push(t.cpu);
      s.wall.push(t.wall);
    }
  }
  return out;
}

/** Per-round ratios `num[i] / den[i]` (rounds both joined), as median and spread. */
export function pairRatio(num: Series, den: Series): PairStats {
  const n = Math.min(num.cpu.length, den.cpu.length);
  const rs: number[] = [];
  for (let i = 0; i < n; i++) rs.push(num.cpu[i] / den.cpu[i]);
  return { median: medianOf(rs), min: Math.min(...rs), max: Math.max(...rs), n, ratios: rs };
}

/** How many of the per-round ratios reach `min` (a target met on the median may be missed by single rounds). */
export function roundsAtLeast(p: PairStats, min: number): number {
  return p.ratios.filter((r) => r >= min).length;
}

/** `4.56× (4.1–5.0, 7 pairs)`-style text of a ratio. */
export function formatRatio(p: PairStats, unit = '×'): string {
  return `${p.median.toFixed(2)}${unit} (${p.min.toFixed(2)}–${p.max.toFixed(2)}, ${p.n} pairs)`;
}
