/**
 * Stepped work run on the page in slices: a few ms of steps, then a new task, so the page keeps
 * answering (issues #17, #18: no task over 50 ms): the store's slice length and its way to a new
 * task, for a sliced open, a settings re-check, a restore's keep source. The loop itself is core
 * `runInSlices` (core/steps.ts), shared with the page-side export.
 */
import { runInSlices, type SlicesDone } from '../core/steps.ts';
import type { Timers } from './persist.ts';

/**
 * Longest stretch of stepped work between two yields to the page, in ms. Well under the 50 ms of
 * a long task: on a loaded machine a task's wall time is a multiple of its CPU time, and a
 * scavenge may land in any slice.
 */
export const SLICE_MS = 8;

/**
 * From this many entries on, a document is validated in slices under a task: an open ("Checking"),
 * a settings change ("Re-checking") or a restore ("Checking", after its rows show).
 */
export const BIG_DOCUMENT = 20_000;

/** Entries validated between two looks at the clock (well under a millisecond of work). */
export const STEP_ENTRIES = 250;

/** Runs `fn` in a new task: the next slice of work (a zero timeout without `yieldTask`). */
export function inNextTask(timers: Timers, fn: () => void): void {
  if (timers.yieldTask) timers.yieldTask(fn);
  else timers.setTimeout(fn, 0);
}

/** A new task for the next slice of work, as a promise (see {@link inNextTask}). */
export function pauseWith(timers: Timers): Promise<void> {
  return new Promise<void>((resolve) => inNextTask(timers, resolve));
}

/**
 * Runs stepped work in slices of at most {@link SLICE_MS}, each in a task of its own (core
 * `runInSlices` on the store's clock and timers): `next()` gives the next step (its value: units
 * done so far, handed to `onSlice` at the end of each slice) and `stop()` is asked after every
 * yield to the page. Resolves with the steps' return value and when the last slice started, or
 * null when `stop()` said to stop.
 *
 * @example await inSlices(deps, () => steps.next(), (done) => progress(done / total), () => signal.aborted)
 */
export function inSlices<R>(
  deps: { now: () => number; timers: Timers },
  next: () => IteratorResult<unknown, R>,
  onSlice: (done: number) => void,
  stop: () => boolean,
): Promise<SlicesDone<R> | null> {
  const clock = { now: deps.now, pause: () => pauseWith(deps.timers), sliceMs: SLICE_MS };
  return runInSlices(next, clock, onSlice, stop);
}
