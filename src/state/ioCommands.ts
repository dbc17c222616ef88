/**
 * Commands that replace the document or talk to the worker: open, new, export, settings,
 * cancel. None of them is undoable; opening a file resets history.
 */
import { type KeepSource, keepSourceOf } from '../core/keep/sourceOf.ts';
import {
  emptyDocument,
  type ParseResult,
  type SitemapDocument,
  type ValidationSettings,
} from '../core/model.ts';
import { runSteps } from '../core/steps.ts';
import type { ValidationSnapshot } from '../core/validate.ts';
import type { OrderFn } from '../workers/client.ts';
import type { Kernel } from './kernel.ts';
import { idIndexSteps, type Patch } from './patch.ts';
import { DEFAULT_PROFILE, PROFILE_NAMES } from './rules.ts';
import { inSlices, pauseWith } from './slices.ts';
import type { Commands, ExportResult, Settings, Task } from './types.ts';
import type { ValidatorLike } from './validation.ts';

type IoCommands = Pick<
  Commands,
  | 'openFile'
  | 'openText'
  | 'openPartial'
  | 'dismissLoadError'
  | 'newDocument'
  | 'closeDocument'
  | 'export'
  | 'markExported'
  | 'setSettings'
  | 'cancelTask'
  | 'runTask'
>;

/**
 * From this many entries on, opening validates in slices under a "Checking" task, and a settings
 * change or a restore re-checks in slices under a "Re-checking" / "Checking" task (see `recheck`).
 */
const BIG_DOCUMENT = 20_000;
/** Entries validated between two looks at the clock (well under a millisecond of work). */
const STEP_ENTRIES = 250;
/** A last slice of validation at least this long (ms) yields before the document is shown. */
const RENDER_APART_MS = 5;
/**
 * Where the page cannot say when it is idle: wait this long after showing a document validated
 * by the worker before building the page's indexes (after its first render and paint).
 */
const DEFERRED_BUILD_DELAY_MS = 200;
/** What a re-check loads when no document is open. */
const EMPTY_DOC: SitemapDocument = { kind: 'urlset', entries: [], nextId: 0 };
/** Shortest time between two progress updates of a task, in ms. */
const PROGRESS_MS = 150;

/** Same rules (every setting but the clock): issues found under `a` stand for `b`. */
function sameRules(a: ValidationSettings, b: ValidationSettings): boolean {
  return (
    a.publishUrl === b.publishUrl &&
    a.crossSubmission === b.crossSubmission &&
    a.profile === b.profile &&
    a.dateOrder === b.dateOrder
  );
}

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

/** True when two settings give the same findings (the date order only steers fixes). */
function sameFindings(a: Settings, b: Settings): boolean {
  return (
    a.publishUrl.trim() === b.publishUrl.trim() &&
    a.crossSubmission === b.crossSubmission &&
    (a.profile ?? DEFAULT_PROFILE) === (b.profile ?? DEFAULT_PROFILE)
  );
}

function isAbort(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** One sliced load of a re-check (see `createIoCommands`' `recheck`). */
interface RecheckRun {
  fresh: ValidatorLike;
  steps: Generator<number, void>;
  /** Patches applied since the fresh validator's input was taken (null before), in order. */
  patches: Patch[] | null;
  /** How many of `patches` the fresh validator has applied. */
  applied: number;
  /** Progress units (`loadSteps`: 3 × entries). */
  total: number;
}

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

/** Build the I/O commands over a kernel. */
export function createIoCommands(k: Kernel): IoCommands {
  let current: AbortController | null = null;
  let partial: { result: ParseResult; fileName: string } | null = null;

  const startTask = (label: string, cancellable = true) => {
    current?.abort();
    const ac = new AbortController();
    current = ac;
    k.set({ task: { label, progress: null, cancellable } });
    return ac;
  };
  const endTask = (ac: AbortController) => {
    if (current !== ac) return false;
    current = null;
    k.set({ task: null });
    return true;
  };
  // When the shown progress last changed: every change re-renders and repaints the page.
  let shownAt = 0;
  /** True when `progress` should replace the shown `task`'s (and marks it shown). */
  const showNow = (task: Task, progress: number) => {
    const now = k.deps.now();
    // At most one update per PROGRESS_MS and none under half a percent: progress events must not
    // flood subscribers (each one is a React render, a style/layout pass and a painted frame).
    if (
      task.progress === null ||
      progress === 1 ||
      (progress - task.progress >= 0.005 && now - shownAt >= PROGRESS_MS)
    ) {
      shownAt = now;
      return true;
    }
    return false;
  };
  const progressFor = (ac: AbortController) => (_phase: string, done: number, total: number) => {
    const task = k.f.task;
    if (current !== ac || !task || total <= 0) return;
    const progress = Math.min(1, done / total);
    if (showNow(task, progress)) k.set({ task: { ...task, progress } });
  };

  // A new task for the next slice of work (timers exist wherever it is called).
  const pause = () => pauseWith(k.deps.timers!);
  const sliced = (
    next: () => IteratorResult<unknown, unknown>,
    onSlice: (done: number) => void,
    stop: () => boolean,
  ) => inSlices({ now: k.deps.now, timers: k.deps.timers! }, next, onSlice, stop);

  // A big document is validated in slices of at most SLICE_MS into a fresh validator, with a
  // cancellable "Checking" task; the open document stays untouched until it is adopted.
  const validateInSlices = async (
    result: ParseResult,
    rules: ValidationSettings,
  ): Promise<'done' | 'cancelled' | 'superseded' | 'unsupported'> => {
    const timers = k.deps.timers;
    const fresh = k.deps.createValidator(rules);
    const steps = fresh.loadSteps?.(result.document, result.issues, STEP_ENTRIES);
    if (!timers || !steps || !k.validator.adopt) return 'unsupported';
    const n = result.document.entries.length;
    const ac = startTask(`Checking ${n.toLocaleString('en-US')} URLs`);
    const onProgress = progressFor(ac);
    await pause(); // let the UI paint the task first
    const sliceStart = await sliced(
      () => steps.next(),
      (done) => onProgress('validate', done, 3 * n), // loadSteps: entries counted, filed, checked
      () => ac.signal.aborted,
    );
    // The document's first render (a big one) gets a task of its own instead of following a
    // slice of validation work in the same task.
    if (sliceStart !== null && k.deps.now() - sliceStart >= RENDER_APART_MS) await pause();
    // A newer task took over (superseded: stay silent) or the user pressed Cancel.
    if (!endTask(ac)) return 'superseded';
    if (ac.signal.aborted) return 'cancelled';
    k.validator.adopt(fresh);
    return 'done';
  };

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
    const parse = v.parseFindings?.() ?? [];
    // Patches applied from here on are not in `doc`: the fresh validator catches up with them.
    run.patches = [];
    yield* run.fresh.loadSteps!(doc, parse, STEP_ENTRIES);
    while (catchUp(run, 1)) yield run.total;
  }
  /** Applies up to `max` of the patches the run's validator has not seen; false when none was left. */
  const catchUp = (run: RecheckRun, max: number) => {
    const patches = run.patches ?? [];
    if (run.applied >= patches.length) return false;
    for (let i = 0; i < max && run.applied < patches.length; i++) run.fresh.apply(patches[run.applied++]);
    return true;
  };
  const showRecheck = (r: Recheck, progress: number | null) => {
    // Another task (an export, an open, a crawl join) has the status bar: this one shows after it.
    if (current !== null) return;
    const task = k.f.task;
    const mine = task?.label === r.label;
    if (mine && progress !== null && !showNow(task, progress)) return;
    if (mine && progress === null && task.progress === null) return;
    if (progress !== null && !mine) shownAt = k.deps.now();
    k.set({ task: { label: r.label, progress, cancellable: r.previous !== null } });
  };
  const endRecheck = (r: Recheck) => {
    if (rechecking !== r) return false;
    rechecking = null;
    k.onPatch = null;
    if (current === null && k.f.task?.label === r.label) k.set({ task: null });
    return true;
  };
  // Cancel (or a newer document): the fresh validator is dropped; the store's validator never
  // stopped following the edits, so its findings stand, for the settings put back here.
  const cancelRecheck = (r: Recheck) => {
    if (!endRecheck(r)) return;
    r.run.steps.return();
    if (r.previous === null) return;
    const now = k.f.settings;
    k.set({ settings: revertedSettings(now, r.previous) });
    k.notify('info', cancelledRecheckMessage(now, r.previous));
  };
  const driveRecheck = async (r: Recheck) => {
    const live = () => rechecking === r && !r.ac.signal.aborted && k.openCount() === r.opened;
    await pause(); // let the UI paint the setting and the task first
    const finished =
      live() &&
      (await sliced(
        () => r.run.steps.next(),
        (done) => showRecheck(r, Math.min(1, done / r.run.total)),
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
    k.validator.adopt!(fresh);
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
    // One way for every size: the document as it is loaded into a fresh validator, then adopted.
    const fresh = v.adopt && v.parseFindings ? k.deps.createValidator(k.validationSettings()) : null;
    if (!fresh?.loadSteps || !k.deps.timers || n < BIG_DOCUMENT) {
      // Done at once, with the validator that followed every edit: a re-check under way is moot.
      if (rechecking) {
        rechecking.run.steps.return();
        endRecheck(rechecking);
      }
      if (fresh?.loadSteps) {
        runSteps(fresh.loadSteps(doc, v.parseFindings!()));
        v.adopt!(fresh);
      } else {
        // Test stand-ins without adopt: the crawl is joined anew below, not with the old join first.
        if (k.f.crawl && !behind) v.setCrawl?.(null);
        v.setSettings(k.validationSettings());
        if (behind) v.load(doc, []);
      }
      k.validatorBehind = false;
      if (k.f.crawl) k.rejoinCrawl();
      k.set({});
      return;
    }
    const run: RecheckRun = { fresh, steps: null as never, patches: null, applied: 0, total: 3 * n };
    run.steps = recheckSteps(run);
    if (r !== null) {
      // A newer change supersedes the re-check under way: one re-check, from the start.
      r.run.steps.return();
      r.run = run;
      r.behind = behind;
      if (behindNow) r.previous = null;
      showRecheck(r, null);
      return;
    }
    if (rechecking) endRecheck(rechecking);
    const count = n.toLocaleString('en-US');
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

  // The worker's issues are shown at once; the indexes an edit needs are built in idle slices
  // after the first paint (or at once by the first edit, see core Validator.loadFrom).
  const finishDeferred = () => {
    const timers = k.deps.timers;
    const steps = k.validator.finishSteps?.();
    if (!timers || !steps) return;
    const build = () =>
      sliced(
        () => steps.next(),
        () => undefined,
        () => false,
      );
    if (timers.whenIdle) timers.whenIdle(() => void build());
    else timers.setTimeout(() => void build(), DEFERRED_BUILD_DELAY_MS);
  };

  // And the document's id → row index (`idIndexOf`), which the first edit would otherwise build
  // in its own task (~5 ms at 1,000,000 rows on a quiet machine, 30-130 ms under load): in idle
  // slices, for as long as that document is open unedited (an edit's copy is indexed by it).
  const indexIdsWhenIdle = () => {
    const entries = k.f.doc?.entries;
    const whenIdle = k.deps.timers?.whenIdle;
    if (!entries || !whenIdle) return;
    whenIdle(() => {
      const steps = idIndexSteps(entries);
      void sliced(
        () => steps.next(),
        () => undefined,
        () => k.f.doc?.entries !== entries,
      );
    });
  };

  const open = async (
    result: ParseResult & { validation?: ValidationSnapshot },
    fileName: string,
    source: KeepSource | null = null,
    settings: ValidationSettings | null = null,
  ) => {
    partial = null;
    const n = result.document.entries.length;
    let validated = false;
    const { validation } = result;
    if (
      validation &&
      settings &&
      k.validator.loadFrom &&
      !k.f.crawl &&
      sameRules(settings, k.validationSettings())
    ) {
      k.validator.loadFrom(result.document, result.issues, settings, validation);
      k.set({ loadError: null });
      k.replaceDocument(result.document, result.issues, fileName, undefined, true, source, result.used);
      finishDeferred();
      indexIdsWhenIdle();
      return;
    }
    // The settings the document is checked under: a change made while it is checked is re-checked.
    const shown = k.f.settings;
    const rules = k.validationSettings();
    if (n >= BIG_DOCUMENT) {
      const outcome = await validateInSlices(result, rules);
      if (outcome === 'superseded') return;
      if (outcome === 'cancelled') {
        k.notify('info', `Opening ${fileName} was cancelled.`);
        return;
      }
      validated = outcome === 'done';
    }
    k.set({ loadError: null });
    k.replaceDocument(result.document, result.issues, fileName, undefined, validated, source, result.used);
    if (validated && !sameRules(rules, k.validationSettings())) recheck(false, shown);
    if (n >= BIG_DOCUMENT) indexIdsWhenIdle();
  };

  const openFile: Commands['openFile'] = async (name, bytes) => {
    const ac = startTask(`Opening ${name}`);
    // Sort orders the worker sends after the parse are kept while this open runs, and later only
    // for the document it loaded: a cancelled open must not keep its entries alive through them.
    let settled = false;
    const onOrder: OrderFn = (order, entries) => {
      if (!settled || k.f.doc?.entries === entries) k.offerSortOrder(entries, order);
    };
    try {
      // The worker validates too when no crawl is attached (crawl issues need the join, on the page).
      const settings = k.f.crawl ? null : k.validationSettings();
      const result = await k.deps.worker.parse(
        bytes,
        name,
        progressFor(ac),
        ac.signal,
        onOrder,
        settings ?? undefined,
      );
      if (!endTask(ac)) return;
      if (result.fatal) {
        partial = { result, fileName: name };
        k.set({
          loadError: { fileName: name, error: result.fatal, partialEntries: result.document.entries.length },
        });
        return;
      }
      await open(result, name, result.file ? keepSourceOf(result.file, result) : null, settings);
    } catch (e) {
      // A newer task superseded this one: its outcome no longer matters.
      if (!endTask(ac)) return;
      if (isAbort(e)) k.notify('info', `Opening ${name} was cancelled.`);
      else k.notify('error', `Could not open ${name}: ${errorText(e)}`);
    } finally {
      settled = true;
      k.dropStaleSortOrders();
    }
  };

  return {
    openFile,
    openText(text, name = 'pasted.xml') {
      return openFile(name, new TextEncoder().encode(text));
    },
    openPartial() {
      if (!partial) return;
      const { result, fileName } = partial;
      void open({ ...result, document: { ...result.document, partial: true } }, fileName);
      k.notify(
        'warning',
        `Opened the ${result.document.entries.length.toLocaleString('en-US')} entries read before the error.`,
      );
    },
    dismissLoadError() {
      partial = null;
      k.set({ loadError: null });
    },
    newDocument(kind = 'urlset') {
      partial = null;
      k.set({ loadError: null });
      k.replaceDocument(emptyDocument(kind), [], null);
    },
    closeDocument() {
      partial = null;
      k.set({ loadError: null });
      k.replaceDocument(null, [], null);
    },
    markExported() {
      if (k.f.dirty) k.set({ dirty: false });
    },
    async export(options, mode = 'download') {
      const doc = k.f.doc;
      if (!doc) throw new Error('Nothing to export: no document is open.');
      const version = k.f.docVersion;
      const ac = startTask('Exporting');
      const publishUrl = k.f.settings.publishUrl.trim() || undefined;
      const src = k.keepSource();
      try {
        // Format-preserving export and the export diff (parser, verifier, differ) load on first
        // export: they stay out of the app's first chunk (src/bundle.test.ts).
        const { KeepFormatUnavailable, exportKept, keepBlocker, normalizedDiff } = await import(
          './keepExport.ts'
        );
        let result: ExportResult | null = null;
        let keepNote: string | undefined;
        if (options.keepFormat) {
          keepNote = keepBlocker(src, options) ?? undefined;
          if (src && !keepNote) {
            try {
              result = await exportKept(doc, src, options, k.deps.worker, ac.signal);
            } catch (e) {
              if (!(e instanceof KeepFormatUnavailable)) throw e;
              keepNote = e.message;
            }
          }
        }
        if (!result) {
          const { keepFormat: _keep, ...serializeOptions } = options;
          result = await k.deps.worker.serialize(
            doc,
            { publishUrl, ...serializeOptions },
            progressFor(ac),
            ac.signal,
          );
          const diff = await normalizedDiff(doc, src, result, options, k.deps.worker, ac.signal);
          result = { ...result, ...(diff ? { diff } : {}), ...(keepNote ? { keepNote } : {}) };
        }
        endTask(ac);
        if (mode === 'download' && k.f.docVersion === version) k.set({ dirty: false });
        return result;
      } catch (e) {
        endTask(ac);
        if (!isAbort(e)) k.notify('error', `Export failed: ${errorText(e)}`);
        throw e;
      }
    },
    setSettings(partialSettings) {
      const previous = k.f.settings;
      const settings: Settings = { ...previous, ...partialSettings };
      const onlyOrder = Object.keys(partialSettings).every((key) => key === 'dateOrder');
      // The setting shows at once; the findings follow (in slices for a big document).
      k.set({ settings });
      // The day/month order only steers fixes and typed dates: no findings change; nor do settings
      // set to what they are.
      const r = rechecking;
      if (onlyOrder || sameFindings(settings, previous)) k.set({});
      else if (r?.previous && sameFindings(settings, r.previous)) {
        // Back to the settings the validator holds: the re-check under way is moot.
        r.run.steps.return();
        endRecheck(r);
        k.set({});
      } else recheck(false, r?.previous ?? previous);
    },
    cancelTask() {
      if (current) {
        if (k.f.task?.cancellable) current.abort();
        return;
      }
      if (rechecking?.previous) rechecking.ac.abort();
    },
    async runTask(label, work) {
      if (current) return work(() => undefined, new AbortController().signal);
      const ac = startTask(label);
      try {
        return await work(progressFor(ac), ac.signal);
      } finally {
        endTask(ac);
      }
    },
  };
}
