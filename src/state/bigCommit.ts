/**
 * A big patch committed in slices (issue #17: "Remove noindex URLs", "Add missing indexable
 * pages", *Fix all* and bulk edits at 1,000,000 URLs were one task of 120–450 ms). The same one
 * path as every change (command → patch → store → history, one undo step), only spread over
 * tasks: the new entries array is built a bounded number of rows per step, the validator (and a
 * running re-check's `onPatch`) follows the patch in parts of `PATCH_OPS` entries, and then the
 * kernel's `applyStep` puts the document in place with the rest of the derived views and the
 * history step, in one task, exactly as a synchronous commit would have. Meanwhile the status bar
 * shows the progress, undo and redo wait their turn and other edits are refused with a notice.
 *
 * Loaded on first use (storeCore.ts imports it dynamically): only documents of BIG_DOCUMENT
 * entries or more take this path.
 */

import type { SitemapDocument } from '../core/model.ts';
import { applyPatchSteps, patchParts } from '../core/patchSteps.ts';
import type { SlicesDone } from '../core/steps.ts';
import { type History, patchSize } from './history.ts';
import type { Fields, Kernel } from './kernel.ts';
import type { Patch } from './patch.ts';
import { inSlices, pauseWith } from './slices.ts';
import type { Task } from './types.ts';

/** Entries per part of the patch the validator follows (~1–3 ms of its work on an idle machine). */
export const PATCH_OPS = 500;

/** Rows of the new entries array built per step (~1 ms; under incremental marking, each pointer stored costs more). */
const PATCH_ROWS = 16_384;

/** Least time between two progress updates of the status bar, ms (each one is a render). */
const PROGRESS_MS = 200;

/**
 * Commits `patch` (with `history`, the history after it) in slices, under `verb` in the status
 * bar ("Applying", "Undoing", "Redoing"). `k.committing` must be set by the caller. A document
 * put in place meanwhile (an open, a restore) ends it without a change.
 */
export async function commitInSlices(k: Kernel, patch: Patch, history: History, verb: string): Promise<void> {
  const before = k.f.doc;
  const opened = k.openCount();
  const timers = k.deps.timers;
  const committing = k.committing;
  if (!before || !timers || !committing) {
    k.committing = null;
    if (before) k.applyStep(patch, history);
    return;
  }
  // The status bar's task, unless another one runs (a join, an open): then that one stays shown.
  let task: Task | null = null;
  if (!k.f.task) {
    task = { label: `${verb}: ${patch.label}`, progress: 0, cancellable: false };
    k.set({ task });
  }
  const total = before.entries.length + patch.added.length + patchSize(patch);
  let after: SitemapDocument | null = null;
  function* work(): Generator<number, void> {
    after = yield* applyPatchSteps(before as SitemapDocument, patch, PATCH_ROWS);
    let done = total - patchSize(patch);
    for (const part of patchParts(patch, PATCH_OPS)) {
      if (!k.validatorBehind) k.validator.apply(part);
      k.onPatch?.(part);
      done += patchSize(part);
      yield done;
    }
  }
  const steps = work();
  let shownAt = k.deps.now();
  const mine = () => task !== null && k.f.task?.label === task.label && k.f.task.cancellable === false;
  let ran: SlicesDone<void> | null;
  try {
    ran = await inSlices(
      { now: k.deps.now, timers },
      () => steps.next(),
      (done) => {
        const now = k.deps.now();
        if (!mine() || now - shownAt < PROGRESS_MS) return;
        shownAt = now;
        task = { ...(task as Task), progress: Math.min(1, done / total) };
        k.set({ task });
      },
      () => k.openCount() !== opened,
    );
  } catch (err) {
    // The document's array is built before the validator takes any part: a patch that does not
    // fit stops there, with nothing changed.
    k.committing = null;
    if (mine()) (k.f as Fields).task = null;
    k.notify(
      'error',
      `Could not apply "${patch.label}": ${err instanceof Error ? err.message : String(err)}. The sitemap is unchanged.`,
    );
    // A failure after the validator began to follow the patch left it holding part of a change
    // the document never took: it is checked afresh against the unchanged document.
    if (after !== null && k.openCount() === opened) {
      k.validatorBehind = true;
      k.recheck(true);
    }
    return;
  }
  // The document is put in place (with its derived views, the history step and the render) in a
  // task after the last slice: together they were one of the longest tasks of a big commit.
  if (ran !== null && k.openCount() === opened) await pauseWith(timers);
  const queued = committing.after;
  k.committing = null;
  if (mine()) (k.f as Fields).task = null;
  if (ran === null || k.openCount() !== opened || after === null) {
    // Another document was put in place meanwhile: it has its own validation; nothing to do.
    k.set({});
    return;
  }
  k.applyStep(patch, history, after, true);
  for (const next of queued) next();
}
