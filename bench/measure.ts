/**
 * Timing helper for `npm run bench`: median CPU time (user + system of this process) over
 * several runs, bounded by a wall-clock budget. CPU time is reported because the bench machine
 * is shared; wall time is kept for the note.
 */

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
/** A full GC between runs, so garbage of the previous operation is not billed to the next. */
const gc = runInNewContext('gc') as () => void;

/** Result of {@link measure}: medians in milliseconds and the number of timed runs. */
export interface Measured {
  cpuMs: number;
  wallMs: number;
  runs: number;
}

function medianOf(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Run `fn` up to `maxRuns` times (at least once) while the wall time spent stays under
 * `budgetMs`; one untimed warm-up first when a run is short (< 1 s).
 */
export async function measure(fn: () => unknown, maxRuns = 5, budgetMs = 2500): Promise<Measured> {
  const cpu: number[] = [];
  const wall: number[] = [];
  const started = performance.now();
  let warmed = false;
  while (cpu.length < maxRuns) {
    gc();
    // Let concurrent sweeper threads finish, so their CPU time is not billed to this run.
    await new Promise((resolve) => setTimeout(resolve, 40));
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    const w = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (!warmed && w < 1000 && maxRuns > 1) {
      warmed = true;
      continue;
    }
    warmed = true;
    cpu.push((c.user + c.system) / 1000);
    wall.push(w);
    if (performance.now() - started > budgetMs) break;
  }
  return { cpuMs: medianOf(cpu), wallMs: medianOf(wall), runs: cpu.length };
}

/** MB/s for `bytes` processed in `ms`. */
export function mbPerS(bytes: number, ms: number): number {
  return bytes / 1e6 / (ms / 1000);
}

/**
 * Median wall and CPU ms (CPU of all threads, so GC helpers count) of `runs` timed calls after one
 * warm-up; `gc: true` runs a full GC before each call. For the dev scripts that time one step.
 */
export function medianRuns(
  fn: () => unknown,
  runs: number,
  opts: { gc?: boolean } = {},
): { ms: number; cpu: number } {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (opts.gc) gc();
    const c = process.cpuUsage();
    const t = performance.now();
    fn();
    wall.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
  }
  return { ms: medianOf(wall), cpu: medianOf(cpu) };
}
