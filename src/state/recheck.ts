/**
 * The re-check: brings the validator to the settings shown for the open document, after a
 * settings change or a restore (issues #17, #18: no task over 50 ms at 1,000,000 URLs). The
 * document as it is, with the parse findings the validator still holds, is loaded into a fresh
 * validator — at once for a small document, in slices under a status-bar task for a big one —
 * and adopted. Meanwhile the store's validator keeps its findings and follows every edit, and the
 * patches applied are kept (`Kernel.onPatch`) and replayed into the fresh one before it is
 * adopted, so the result is that of checking the document afresh. A big document's change of
 * the publish URL or cross-submission alone re-checks only the host scope, in the store's
 * validator (`rescopeSteps`: no second validator of 1,000,000 entries, whose making was most of
 * the time and of the garbage collection). Cancel puts the previous settings back and says so; a
 * newer change takes over the re-check under way.
 *
 * Settings changes are history steps (settingsStep.ts): the re-check follows the one that was
 * committed, undone or redone (`settingsChanged`), and Cancel goes back through the history too:
 * it undoes the settings step on top of the undo stack (or redoes the one on top of redo, for a
 * re-check an Undo started) when that step is what it takes back, else it records the way back
 * as a settings step of its own (edits were made meanwhile).
 */

import { fmtInt } from '../core/format.ts';
import type { SitemapDocument } from '../core/model.ts';
import { runSteps, type SlicesDone } from '../core/steps.ts';
import { effectivePublishUrl, type Kernel } from './kernel.ts';
import { changesEntries, type Patch } from './patch.ts';
import { DEFAULT_PROFILE, PROFILE_NAMES } from './profiles.ts';
import { BIG_DOCUMENT, STEP_ENTRIES } from './slices.ts';
import type { Settings, Task } from './types.ts';
import type { ValidatorLike } from './validation.ts';

/** What the re-check borrows from the I/O commands (ioCommands.ts): the status bar and the slices. */
export interface RecheckHost {
  /** True while another task (an open, an export, a crawl join) holds the status bar. */
  busy(): boolean;
  /** True when `progress` should replace the shown `task`'s (the tasks' shared pacing); marks it shown. */
  showNow(task: Task, progress: number): boolean;
  /** Runs stepped work in slices (state/slices.ts `inSlices`); null when `stop()` stopped it. */
  sliced(
    next: () => IteratorResult<unknown, unknown>,
    onSlice: (done: number) => void,
    stop: () => boolean,
  ): Promise<SlicesDone<unknown> | null>;
  /** A new task before the first slice (the setting and the task get painted first). */
  pause(): Promise<void>;
  /** Change settings as one undo step (`Commands.setSettings`): Cancel's way back when no undo or redo is it. */
  setSettings(partial: Partial<Settings>): void;
}

/** The re-check's commands (see the module comment). */
export interface Rechecker {
  /**
   * Re-check under the current settings. `behind`: the validator holds nothing yet (a restore);
   * `previous`: the settings it holds, put back by Cancel (null: no Cancel).
   */
  recheck(behind: boolean, previous: Settings | null): void;
  /** The settings changed from `previous` to `settings` (already shown): re-check if findings may change. */
  settingsChanged(previous: Settings, settings: Settings): void;
  /**
   * The URL the workspace's index gives the file (`Kernel` field `indexPublishUrl`) changed from
   * `previous` (already shown): re-check when the URL the host rules use changed. No Cancel:
   * it is no choice of the user's to put back.
   */
  indexUrlChanged(previous: string | null): void;
  /** Cancel the re-check under way when it can be cancelled (the status bar's Cancel). */
  cancel(): void;
}

/** What a re-check loads when no document is open. */
const EMPTY_DOC: SitemapDocument = { kind: 'urlset', entries: [], nextId: 0 };

/** The settings a re-check's Cancel puts back (the ones that change findings; the date order stays). */
function revertedSettings(now: Settings, previous: Settings): Settings {
  return {
    ...now,
    publishUrl: previous.publishUrl,
    crossSubmission: previous.crossSubmission,
    profile: previous.profile,
  };
}

/**
 * What a cancelled re-check says it put back.
 *
 * @example cancelledRecheckMessage(now, previous) // 'Re-check cancelled: the publish URL is back to …'
 */
export function cancelledRecheckMessage(now: Settings, previous: Settings): string {
  const back: string[] = [];
  if (now.publishUrl !== previous.publishUrl)
    back.push(
      previous.publishUrl
        ? `the publish URL is back to “${previous.publishUrl}”`
        : 'the publish URL is empty again',
    );
  if (now.crossSubmission !== previous.crossSubmission)
    back.push(`cross-submission is ${previous.crossSubmission ? 'on' : 'off'} again`);
  if ((now.profile ?? DEFAULT_PROFILE) !== (previous.profile ?? DEFAULT_PROFILE))
    back.push(`the severity profile is back to ${PROFILE_NAMES[previous.profile ?? DEFAULT_PROFILE]}`);
  const what = back.length > 0 ? back.join(', ') : 'the settings are as they were';
  return `Re-check cancelled: ${what}. The findings are those of ${back.length > 1 ? 'these settings' : 'that setting'}, as before.`;
}

/**
 * True when two settings give the same findings (the date order only steers fixes), with the
 * URL the workspace's index gives the file (`indexUrl`) the same for both.
 */
function sameFindings(a: Settings, b: Settings, indexUrl: string | null): boolean {
  return (
    effectivePublishUrl(a, indexUrl) === effectivePublishUrl(b, indexUrl) &&
    a.crossSubmission === b.crossSubmission &&
    (a.profile ?? DEFAULT_PROFILE) === (b.profile ?? DEFAULT_PROFILE)
  );
}

/** True when `step` is a settings step whose `side` takes `now` to `target`. */
function leadsTo(
  step: Patch | undefined,
  side: 'before' | 'after',
  now: Settings,
  target: Settings,
  indexUrl: string | null,
): boolean {
  if (!step?.settings || changesEntries(step)) return false;
  const s: Settings = { ...now, ...step.settings[side] };
  return sameFindings(s, target, indexUrl) && s.dateOrder === target.dateOrder;
}

/** One sliced load of a re-check. */
interface RecheckRun {
  /** The validator loaded afresh and adopted; null: the store's own re-checks its scope (`rescopeSteps`). */
  fresh: ValidatorLike | null;
  steps: Generator<number, void>;
  /** Patches applied since the fresh validator's input was taken (null before), in order. */
  patches: Patch[] | null;
  /** How many of `patches` the fresh validator has applied. */
  applied: number;
  /** Progress units (`loadSteps`: 3 × entries; `rescopeSteps`: its `total`). */
  total: number;
  /** Units done so far. */
  done: number;
}

/**
 * True once a scope re-check puts its findings in place (its second half): from there it runs to
 * the end (no Cancel: the store's validator is no longer the one of the previous settings).
 */
const locked = (run: RecheckRun) => run.fresh === null && run.done > run.total / 2;

/** A re-check under way: its task, and what Cancel puts back. */
interface Recheck {
  ac: AbortController;
  run: RecheckRun;
  label: string;
  /** The settings the store's validator holds (Cancel puts them back); null: no Cancel. */
  previous: Settings | null;
  /** The store's validator does not hold the document (a restore): the run starts from `doc`. */
  behind: boolean;
  /** `Kernel.openCount()` when it started: another document ends it. */
  opened: number;
}

/**
 * Create the re-check over a kernel (and install `Kernel.recheck`, a restore's way in).
 *
 * @example const rechecks = createRecheck(k, host); rechecks.settingsChanged(before, after);
 */
export function createRecheck(k: Kernel, host: RecheckHost): Rechecker {
  /**
   * The sliced re-check under way, if any (see `recheck`). `run` is replaced whole when a newer
   * settings change supersedes it (the same task goes on, its progress from 0).
   */
  let rechecking: Recheck | null = null;

  // The re-check's steps: what a `loadFrom` deferred (usually built already), then the document as
  // it is now, with the parse findings the store's validator still holds, loaded into the fresh
  // validator; then every patch applied meanwhile, in order.
  function* recheckSteps(run: RecheckRun): Generator<number, void> {
    const v = k.validator;
    if (v.finishSteps) for (const _ of v.finishSteps()) yield 0;
    const doc = k.f.doc ?? EMPTY_DOC;
    // (Those the kernel keeps: a restored document's validator holds none yet.)
    const parse = k.parseFindings();
    // Patches applied from here on are not in `doc`: the fresh validator catches up with them.
    run.patches = [];
    yield* run.fresh!.loadSteps!(doc, parse, STEP_ENTRIES);
    while (catchUp(run, 1)) yield run.total;
  }
  /** Applies up to `max` of the patches the run's validator has not seen; false when none was left. */
  const catchUp = (run: RecheckRun, max: number) => {
    const patches = run.patches ?? [];
    if (run.applied >= patches.length) return false;
    for (let i = 0; i < max && run.applied < patches.length; i++) run.fresh!.apply(patches[run.applied++]);
    return true;
  };
  const showRecheck = (r: Recheck, progress: number | null) => {
    // Another task (an export, an open, a crawl join) has the status bar: this one shows after it.
    if (host.busy()) return;
    const shown = k.f.task?.label === r.label ? k.f.task : null;
    const task: Task = { label: r.label, progress, cancellable: r.previous !== null && !locked(r.run) };
    if (
      progress === null
        ? shown?.progress === null
        : shown?.cancellable === task.cancellable &&
          !host.showNow(shown ?? { ...task, progress: null }, progress)
    )
      return;
    k.set({ task });
  };
  const endRecheck = (r: Recheck) => {
    if (rechecking !== r) return false;
    rechecking = null;
    k.onPatch = null;
    if (!host.busy() && k.f.task?.label === r.label) k.set({ task: null });
    return true;
  };
  // Cancel: the fresh validator is dropped; the store's validator never stopped following the
  // edits, so its findings stand, for the settings put back here through the history (see the
  // module comment). Their step reaches `settingsChanged` as a change back to the settings the
  // validator holds, which ends the re-check.
  const cancelRecheck = (r: Recheck) => {
    if (rechecking !== r) return;
    if (r.previous !== null) {
      const now = k.f.settings;
      const back = revertedSettings(now, r.previous);
      const { undo, redo } = k.f.history;
      const indexUrl = k.f.indexPublishUrl;
      if (leadsTo(undo.at(-1), 'before', now, back, indexUrl)) k.undo();
      else if (leadsTo(redo.at(-1), 'after', now, back, indexUrl)) k.redo();
      else host.setSettings(back);
      k.notify('info', cancelledRecheckMessage(now, r.previous));
    }
    if (endRecheck(r)) r.run.steps.return();
  };
  const driveRecheck = async (r: Recheck) => {
    const live = () => rechecking === r && !r.ac.signal.aborted && k.openCount() === r.opened;
    await host.pause(); // let the UI paint the setting and the task first
    const finished =
      live() &&
      (await host.sliced(
        () => r.run.steps.next(),
        (done) => {
          r.run.done = done;
          showRecheck(r, Math.min(1, done / r.run.total));
        },
        () => !live(),
      )) !== null;
    if (!finished || !live()) {
      // Replaced by another document: that one was validated under the current settings.
      if (rechecking === r && !r.ac.signal.aborted) endRecheck(r);
      return;
    }
    const { fresh } = r.run;
    while (catchUp(r.run, Number.MAX_SAFE_INTEGER));
    endRecheck(r);
    if (fresh !== null) k.validator.adopt!(fresh);
    k.validatorBehind = false;
    if (k.f.crawl) k.rejoinCrawl();
    k.set({});
  };
  /**
   * Brings the validator to the current settings for the open document: at once for a small one,
   * else in slices (see `Kernel.recheck`). `previous`: the settings the validator holds now, put
   * back by Cancel (null for a restore: there is nothing to go back to, and no Cancel).
   */
  const recheck = (behindNow: boolean, previous: Settings | null) => {
    const v = k.validator;
    const doc = k.f.doc ?? EMPTY_DOC;
    const n = doc.entries.length;
    const r = rechecking !== null && rechecking.opened === k.openCount() ? rechecking : null;
    const behind = behindNow || (r?.behind ?? false);
    // A change of the scope alone, for a big document: the store's validator re-checks its scope.
    const scoped =
      !behind && k.deps.timers && n >= BIG_DOCUMENT
        ? (v.rescopeSteps?.(k.validationSettings(), STEP_ENTRIES) ?? null)
        : null;
    if (scoped !== null) {
      const { steps, total } = scoped;
      start(
        r,
        { fresh: null, steps, patches: null, applied: 0, total, done: 0 },
        behind,
        behindNow,
        previous,
        n,
      );
      return;
    }
    // One way for every size: the document as it is loaded into a fresh validator, then adopted.
    const fresh = v.adopt && v.parseFindings ? k.deps.createValidator(k.validationSettings()) : null;
    if (!fresh?.loadSteps || !k.deps.timers || n < BIG_DOCUMENT) {
      // Done at once, with the validator that followed every edit: a re-check under way is moot.
      if (rechecking) {
        rechecking.run.steps.return();
        endRecheck(rechecking);
      }
      if (fresh?.loadSteps) {
        runSteps(fresh.loadSteps(doc, k.parseFindings()));
        v.adopt!(fresh);
      } else {
        // Test stand-ins without adopt: the crawl is joined anew below, not with the old join first.
        if (k.f.crawl && !behind) v.setCrawl?.(null);
        v.setSettings(k.validationSettings());
        if (behind) v.load(doc, k.parseFindings());
      }
      k.validatorBehind = false;
      if (k.f.crawl) k.rejoinCrawl();
      k.set({});
      return;
    }
    const run: RecheckRun = { fresh, steps: null as never, patches: null, applied: 0, total: 3 * n, done: 0 };
    run.steps = recheckSteps(run);
    start(r, run, behind, behindNow, previous, n);
  };
  /** Runs `run` in slices: in the re-check under way `r` (which it supersedes), else as a new one. */
  const start = (
    r: Recheck | null,
    run: RecheckRun,
    behind: boolean,
    behindNow: boolean,
    previous: Settings | null,
    n: number,
  ) => {
    if (r !== null) {
      // A newer change supersedes the re-check under way: one re-check, from the start. Once a
      // scope re-check put findings in place, the store's validator no longer holds the previous
      // settings' findings: no Cancel back to them.
      if (locked(r.run)) r.previous = null;
      r.run.steps.return();
      r.run = run;
      r.behind = behind;
      if (behindNow) r.previous = null;
      showRecheck(r, null);
      return;
    }
    if (rechecking) endRecheck(rechecking);
    const count = fmtInt(n);
    const next: Recheck = {
      ac: new AbortController(),
      run,
      label: behind ? `Checking ${count} URLs` : `Re-checking ${count} URLs`,
      previous: behind ? null : previous,
      behind,
      opened: k.openCount(),
    };
    rechecking = next;
    next.ac.signal.addEventListener('abort', () => cancelRecheck(next));
    k.onPatch = (patch) => rechecking?.run.patches?.push(patch);
    showRecheck(next, null);
    void driveRecheck(next);
  };

  k.recheck = (restored = false) => recheck(restored, null);

  return {
    recheck,
    settingsChanged(previous, settings) {
      const r = rechecking;
      const indexUrl = k.f.indexPublishUrl;
      // Settings set to what they are change no finding.
      if (sameFindings(settings, previous, indexUrl)) k.set({});
      else if (r?.previous && sameFindings(settings, r.previous, indexUrl) && !locked(r.run)) {
        // Back to the settings the validator holds: the re-check under way is moot.
        r.run.steps.return();
        endRecheck(r);
        k.set({});
      } else recheck(false, r?.previous ?? previous);
    },
    indexUrlChanged(previous) {
      // The store's validator no longer holds the findings of any settings Cancel could put
      // back (they were of the old URL): a re-check under way goes on without Cancel.
      if (rechecking) rechecking.previous = null;
      const settings = k.f.settings;
      if (effectivePublishUrl(settings, previous) === effectivePublishUrl(settings, k.f.indexPublishUrl))
        k.set({});
      else recheck(false, null);
    },
    cancel() {
      // (While a big change is applied in slices, its step comes first: Cancel waits for it.)
      if (rechecking?.previous && !locked(rechecking.run) && !k.committing) rechecking.ac.abort();
    },
  };
}
