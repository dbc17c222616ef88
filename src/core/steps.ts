/**
 * Stepped work: generators that yield between bounded pieces of work, so a caller can spread
 * them over several tasks (the writers, the validator's load, the index's bulk filing).
 */

/** Runs stepped work to its end and returns its result. @example runSteps(v.loadSteps(doc)) */
export function runSteps<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * A step value that ends its slice in {@link runInSlices}: the next step runs in a new task
 * whatever the clock says. For a step that allocates tens of MB of typed arrays: V8 answers a jump
 * in external memory with a mark-compact in the task that made it, so that task should hold
 * nothing else (docs/perf.md, session 19). `runSteps` reads it as any other step.
 */
export const END_SLICE = -1;

/** What {@link runInSlices} needs from its thread: a clock, a way to a new task, a slice length. */
export interface SliceClock {
  /** Milliseconds (performance.now() or a test's clock). */
  now(): number;
  /** Resolves in a new task: the page paints and answers input in between. */
  pause(): Promise<void>;
  /** Longest stretch of steps between two pauses, in ms. */
  sliceMs: number;
}

/** How a sliced run ended: the steps' return value, and when its last slice started. */
export interface SlicesDone<R> {
  value: R;
  lastSliceAt: number;
}

/**
 * Runs stepped work in slices of at most `clock.sliceMs`, each in a task of its own: `next()`
 * gives the next step (its value: units done so far, handed to `onSlice` at the end of each slice
 * but the last; {@link END_SLICE} ends the slice at once) and `stop()` is asked after every pause. Resolves with the steps' return value
 * and when the last slice started, or null when `stop()` said to stop. The one home of this loop
 * (the store's commands through state/slices.ts, the page-side export in workers/exportPage.ts).
 *
 * @example const done = await runInSlices(() => steps.next(), clock, (n) => progress(n / total), () => signal.aborted)
 */
export async function runInSlices<R>(
  next: () => IteratorResult<unknown, R>,
  clock: SliceClock,
  onSlice: (done: number) => void,
  stop: () => boolean,
): Promise<SlicesDone<R> | null> {
  let sliceStart = clock.now();
  let done = 0;
  let step = next();
  for (; !step.done; step = next()) {
    const v = step.value;
    if (typeof v === 'number' && v !== END_SLICE) done = v;
    if (v !== END_SLICE && clock.now() - sliceStart < clock.sliceMs) continue;
    onSlice(done);
    await clock.pause();
    if (stop()) return null;
    sliceStart = clock.now();
  }
  return { value: step.value, lastSliceAt: sliceStart };
}
