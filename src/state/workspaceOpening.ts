/**
 * Long workspace work without freezing the page: files opened a few at a time, each opening
 * store's task mirrored as an {@link OpeningItem} (label, progress, Cancel) for the workspace
 * panel, and the workspace model built in time slices from core `buildWorkspaceSteps`.
 */
import type { Timers } from './persist.ts';
import type { AppStore } from './types.ts';

/** A file being opened into the workspace, or the cross-file build (name ''). */
export interface OpeningItem {
  /** Stable key for the UI. */
  key: number;
  /** The file's name; '' for the cross-file checks. */
  name: string;
  /** What is happening, e.g. "Opening posts.xml" or "Checking 50,000 URLs". */
  label: string;
  /** 0..1, or null when unknown. */
  progress: number | null;
  /** Stops this file's opening: the file is then left out of the workspace. Absent: not cancellable. */
  cancel?(): void;
}

/** Longest stretch of model-building work between two yields to the page, in ms. */
export const BUILD_SLICE_MS = 20;
/** Steps per slice when no clock is given (a step is a few thousand entries). */
const STEPS_WITHOUT_CLOCK = 4;

/**
 * Run `task` over `items` with at most `limit` running at once; resolves when all are done.
 * Opening 20 files two at a time keeps fewer parsed documents and validators alive at once
 * than opening all together, while the worker parses the next file as the page validates one.
 *
 * @example await eachLimited(files, 2, (f, k) => open(stores[k], f));
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const k = next++;
      await task(items[k], k);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * Mirror `store`'s task into `update` (label and progress) until the returned function is called.
 * The store's own progress updates are already throttled, so this adds no extra renders.
 */
export function followTask(
  store: AppStore,
  update: (label: string | null, progress: number | null) => void,
): () => void {
  let last = store.getState().task;
  update(last?.label ?? null, last?.progress ?? null);
  return store.subscribe(() => {
    const task = store.getState().task;
    if (task === last) return;
    last = task;
    update(task?.label ?? null, task?.progress ?? null);
  });
}

/** Clock and timers of {@link runSliced}. */
export interface SliceClock {
  timers: Timers;
  now?: () => number;
}

/**
 * Drive a generator to its return value in slices of at most {@link BUILD_SLICE_MS} (or a few
 * steps without a clock), yielding to the page between slices. Resolves null as soon as
 * `stale()` is true after a pause (a newer build took over); `onProgress` gets each yielded value.
 *
 * @example const model = await runSliced(buildWorkspaceSteps(inputs), clock, () => token !== current);
 */
export async function runSliced<P, T>(
  steps: Generator<P, T, void>,
  clock: SliceClock,
  stale: () => boolean,
  onProgress?: (value: P) => void,
): Promise<T | null> {
  const pause = () => new Promise<void>((resolve) => clock.timers.setTimeout(resolve, 0));
  let step = steps.next();
  while (!step.done) {
    onProgress?.(step.value);
    await pause();
    if (stale()) return null;
    const start = clock.now?.() ?? 0;
    let n = 0;
    do {
      step = steps.next();
      n++;
    } while (!step.done && (clock.now ? clock.now() - start < BUILD_SLICE_MS : n < STEPS_WITHOUT_CLOCK));
  }
  return stale() ? null : step.value;
}
