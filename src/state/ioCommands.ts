/**
 * Commands that replace the document or talk to the worker: open, new, export, cancel (none of
 * them undoable; opening a file resets history), and settings: each change one undo step
 * (settingsStep.ts), re-checked here (recheck.ts) whether committed, undone or redone.
 */

import { fmtInt } from '../core/format.ts';
import { type KeepSource, keepSourceOf } from '../core/keep/sourceOf.ts';
import { emptyDocument, type ParseResult, type ValidationSettings } from '../core/model.ts';
import { refusal } from '../core/refusal.ts';
import type { ValidationSnapshot } from '../core/validate.ts';
import type { CheckedFn, OrderFn } from '../workers/client.ts';
import { viewWithoutCrawl } from './columns.ts';
import { heldSlices } from './e2eHold.ts';
import { countSteps } from './history.ts';
import type { Kernel } from './kernel.ts';
import { createRecheck } from './recheck.ts';
import { DEFAULT_SETTINGS, settingsNotice, settingsStep } from './settingsStep.ts';
import { BIG_DOCUMENT, inSlices, pauseWith, STEP_ENTRIES } from './slices.ts';
import type { Commands, ExportResult, Task } from './types.ts';
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
  | 'unexportedSteps'
  | 'setCrossFileNotes'
  | 'setCrossFileIssues'
  | 'setIndexPublishUrl'
  | 'setSettings'
  | 'cancelTask'
  | 'runTask'
>;

/** A last slice of validation at least this long (ms) yields before the document is shown. */
const RENDER_APART_MS = 5;
/**
 * Where the page cannot say when it is idle: wait this long after showing a document validated
 * by the worker before building the page's indexes (after its first render and paint).
 */
const DEFERRED_BUILD_DELAY_MS = 200;
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

function isAbort(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
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

  const setSettings: Commands['setSettings'] = (partial, announce) => {
    const step = settingsStep(k.f.settings, partial);
    // Settings set to what they are change nothing (the listeners are still told: a re-render).
    if (step === null) return k.set({});
    // Without a document there is no history to record it in: the settings the next one is checked under.
    if (!k.f.doc) {
      const previous = k.f.settings;
      k.set({ settings: { ...previous, ...step.settings!.after } });
      return k.settingsChanged(previous, k.f.settings);
    }
    if (k.commit(step) && announce) k.notifyStep(step, settingsNotice(step));
  };

  // A big document is validated in slices of at most SLICE_MS into a fresh validator, with a
  // cancellable "Checking" task; the open document stays untouched until it is adopted.
  const rechecks = createRecheck(k, {
    busy: () => current !== null,
    showNow,
    // The e2e build only: a spec can hold the re-check between slices (e2eHold.ts).
    sliced: import.meta.env?.VITE_SW_E2E === '1' ? heldSlices(sliced) : sliced,
    pause,
    setSettings: (partial) => setSettings(partial),
  });
  k.settingsChanged = rechecks.settingsChanged;

  // `checked`: a fresh validator that filed every entry from the worker's per-entry pass as the
  // entries arrived (see openFile); only the checks across entries are left to run.
  const validateInSlices = async (
    result: ParseResult,
    rules: ValidationSettings,
    checked: ValidatorLike | null = null,
  ): Promise<'done' | 'cancelled' | 'superseded' | 'unsupported'> => {
    const timers = k.deps.timers;
    const fresh = checked ?? k.deps.createValidator(rules);
    const steps = checked
      ? checked.finishCheckedSteps?.(result.document, result.issues, STEP_ENTRIES)
      : fresh.loadSteps?.(result.document, result.issues, STEP_ENTRIES);
    if (!timers || !steps || !k.validator.adopt) return 'unsupported';
    const n = result.document.entries.length;
    const ac = startTask(`Checking ${fmtInt(n)} URLs`);
    const onProgress = progressFor(ac);
    await pause(); // let the UI paint the task first
    const done = await sliced(
      () => steps.next(),
      // loadSteps: entries counted, filed, checked; finishCheckedSteps: from filed on
      (done) => onProgress('validate', done, (checked ? 2 : 3) * n),
      () => ac.signal.aborted,
    );
    // The document's first render (a big one) gets a task of its own instead of following a
    // slice of validation work in the same task.
    if (done !== null && k.deps.now() - done.lastSliceAt >= RENDER_APART_MS) await pause();
    // A newer task took over (superseded: stay silent) or the user pressed Cancel.
    if (!endTask(ac)) return 'superseded';
    if (ac.signal.aborted) return 'cancelled';
    k.validator.adopt(fresh);
    return 'done';
  };

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

  const open = async (
    result: ParseResult & { validation?: ValidationSnapshot },
    fileName: string,
    source: KeepSource | null = null,
    settings: ValidationSettings | null = null,
    checked: ValidatorLike | null = null,
  ) => {
    partial = null;
    // In place of an open document: a publish URL or crawl of another site is cleared first, so
    // the new document is checked (once) under its own site's settings (state/siteChange.ts).
    let cleared = '';
    const kept = { settings: k.f.settings, crawl: k.f.crawl, view: k.f.view };
    if (k.f.doc && (k.f.crawl || k.f.settings.publishUrl.trim() !== '')) {
      const { clearForSite } = await import('./siteChange.ts');
      cleared = clearForSite(k, result.document);
    }
    // A cancelled (or superseded) check of a big one keeps the open document with what it had.
    const unclear = () => {
      if (!cleared) return;
      k.set(kept);
      if (kept.crawl) k.rejoinCrawl();
    };
    const said = () => {
      if (cleared) k.notify('info', cleared);
    };
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
      said();
      finishDeferred();
      return;
    }
    // The settings the document is checked under: a change made while it is checked is re-checked.
    const shown = k.f.settings;
    const rules = k.validationSettings();
    if (n >= BIG_DOCUMENT) {
      const split = checked && settings && !k.f.crawl && sameRules(settings, rules) ? checked : null;
      const outcome = await validateInSlices(result, split ? settings! : rules, split);
      if (outcome === 'superseded') return unclear();
      if (outcome === 'cancelled') {
        unclear();
        k.notify('info', `Opening ${fileName} was cancelled.`);
        return;
      }
      validated = outcome === 'done';
    }
    k.set({ loadError: null });
    k.replaceDocument(result.document, result.issues, fileName, undefined, validated, source, result.used);
    said();
    if (validated && !sameRules(rules, k.validationSettings())) rechecks.recheck(false, shown);
  };

  const openFile: Commands['openFile'] = async (name, bytes, options) => {
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
      // Above VALIDATE_IN_WORKER_MAX it sends its per-entry pass with the entry chunks instead:
      // a fresh validator files each chunk as it arrives, in slices, while the worker checks the
      // next (the page runs the pass of some chunks itself).
      let checked = null as ValidatorLike | null;
      let filing: Promise<unknown> = Promise.resolve();
      const onChecked: CheckedFn = (entries, from, c) => {
        // The worker dropped the chunks so far (it reads the file again): so is their filing.
        if (c === null) {
          checked = null;
          return;
        }
        if (from === 0 && settings && k.deps.timers) checked = k.deps.createValidator(settings);
        const into = checked;
        const steps = into?.addCheckedSteps?.(entries, from, c, STEP_ENTRIES);
        // Each chunk's filing starts in a task of its own: started in the microtask after the
        // previous one ended, it would get a fresh SLICE_MS in the same task, and a backlog of
        // chunks was filed in one task (31-50 ms of CPU at 1M; docs/perf.md, session 11).
        if (steps)
          filing = filing.then(async (): Promise<unknown> => {
            const dropped = () => ac.signal.aborted || checked !== into;
            if (dropped()) return;
            await pause();
            if (dropped()) return;
            return sliced(
              () => steps.next(),
              () => undefined,
              dropped,
            );
          });
      };
      const result = await k.deps.worker.parse(
        bytes,
        // Pasted text has no file name: its made-up one is not checked (TXT-004) or kept.
        options?.pasted ? '' : name,
        progressFor(ac),
        ac.signal,
        onOrder,
        settings ?? undefined,
        onChecked,
      );
      await filing;
      // Every entry filed, in order (else the page checks them itself).
      if (checked?.checkedEntries !== result.document.entries.length) checked = null;
      if (!endTask(ac)) return;
      if (result.fatal) {
        partial = { result, fileName: name };
        k.set({
          loadError: {
            fileName: name,
            error: result.fatal,
            partialEntries: result.document.entries.length,
            ...(refusal(result) ? { refused: true } : {}),
          },
        });
        return;
      }
      await open(result, name, result.file ? keepSourceOf(result.file, result) : null, settings, checked);
    } catch (e) {
      // A newer task superseded this one: its outcome no longer matters.
      if (!endTask(ac)) return;
      if (isAbort(e)) k.notify('info', `Opening ${name} was cancelled.`);
      else k.notify('error', `Could not open ${name}: ${errorText(e)}`);
    } finally {
      settled = true;
      k.dropStaleSortOrders();
      // The worker sorts the entries for the first sort by URL or date now, not while this open
      // still checked them on the page (docs/perf.md, session 18).
      k.deps.worker.releaseOrders?.();
    }
  };

  return {
    openFile,
    openText(text, name = 'pasted.xml') {
      return openFile(name, new TextEncoder().encode(text), { pasted: true });
    },
    openPartial() {
      if (!partial) return;
      const { result, fileName } = partial;
      // Said once the recovered entries are the document (a replace drops older notices).
      void open({ ...result, document: { ...result.document, partial: true } }, fileName).then(() => {
        if (k.f.doc?.partial)
          k.notify(
            'warning',
            `Opened the ${fmtInt(result.document.entries.length)} entries read before the error.`,
          );
      });
    },
    dismissLoadError() {
      partial = null;
      k.set({ loadError: null });
    },
    newDocument(kind = 'urlset') {
      partial = null;
      k.set({ loadError: null });
      // A new document is of no site yet: the open one's settings and crawl are not its own (the
      // workspace store put them in Recent with it). Chosen with nothing open, they are for it.
      if (k.f.doc) {
        k.set({ settings: DEFAULT_SETTINGS });
        if (k.f.crawl) {
          k.set({ crawl: null, view: viewWithoutCrawl(k.f.view) });
          k.rejoinCrawl();
        }
      }
      k.replaceDocument(emptyDocument(kind), [], null);
    },
    closeDocument() {
      partial = null;
      k.set({ loadError: null });
      k.replaceDocument(null, [], null);
    },
    setCrossFileNotes(notes) {
      const v = k.validator;
      const before = v.version;
      v.setCrossFileNotes?.(notes);
      if (v.version !== before) k.set({});
    },
    setCrossFileIssues(issues) {
      const v = k.validator;
      const before = v.version;
      v.setCrossFileIssues?.(issues);
      if (v.version !== before) k.set({});
    },
    setIndexPublishUrl(url) {
      const previous = k.f.indexPublishUrl;
      if (url === previous) return;
      k.set({ indexPublishUrl: url });
      rechecks.indexUrlChanged(previous);
    },
    markExported(result) {
      // A text file that left values out is not the user's work: leaving still warns.
      if (!result?.dropped) k.markClean();
    },
    unexportedSteps() {
      const { undo } = k.f.history;
      const depth = k.cleanDepth();
      return countSteps(depth === null ? undo : undo.slice(Math.min(depth, undo.length)));
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
        const { KeepFormatUnavailable, exportKept, keepBlocker, normalizedDiff, textDrops } = await import(
          './keepExport.ts'
        );
        let result: ExportResult | null = null;
        let keepNote: string | undefined;
        if (options.keepFormat) {
          keepNote = keepBlocker(src, options) ?? undefined;
          if (src && !keepNote) {
            try {
              result = await exportKept(doc, src, options, k.deps.worker, ac.signal, k.f.fileName);
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
        // Text holds URLs only (a text file kept as .txt.gz too): say what it leaves out.
        if (options.format?.startsWith('txt') || result.files.some((f) => /\.txt(\.gz)?$/i.test(f.name))) {
          const dropped = textDrops(doc.entries);
          if (dropped.rows > 0) result = { ...result, dropped };
        }
        endTask(ac);
        if (mode === 'download' && k.f.docVersion === version && !result.dropped) k.markClean();
        return result;
      } catch (e) {
        endTask(ac);
        if (!isAbort(e)) k.notify('error', `Export failed: ${errorText(e)}`);
        throw e;
      }
    },
    setSettings,
    cancelTask() {
      if (current) {
        if (k.f.task?.cancellable) current.abort();
        return;
      }
      rechecks.cancel();
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
