/**
 * Autosave ("never lose work"). Each file's store can describe itself as a `SavedFile` and load
 * one back (`persistable` / `restoreFile`); the session (workspaceStore.ts) saves every open file
 * together through {@link createSessionSaver}: debounced, off the typing path, errors reported
 * once as a notice while the app keeps working in memory.
 */
import { keepSourceOf, sharingEntriesSteps } from '../core/keep/sourceOf.ts';
import { runSteps } from '../core/steps.ts';
import { isCrawlColumn } from './columns.ts';
import type { History } from './history.ts';
import type { Kernel } from './kernel.ts';
import type { Patch } from './patch.ts';
import type { PersistenceAdapter, SavedFile, SavedSession, Timers } from './persist.ts';
import { inSlices } from './slices.ts';
import type { Commands, Settings } from './types.ts';

/** Debounce delay: a save starts this long after the last change. */
export const AUTOSAVE_DELAY_MS = 700;

/** At most this many undo steps are written to storage. */
export const HISTORY_KEPT_IN_STORAGE = 50;

/** At most this many entries (summed over kept patches) are written, so a save stays small. */
export const HISTORY_ENTRIES_KEPT_IN_STORAGE = 200_000;

/** Entry objects a patch writes to storage (updates store both versions). */
function storedSize(p: Patch): number {
  return (
    p.added.length + p.updated.length * 2 + p.removed.length + (p.reorder ? p.reorder.after.length / 4 : 0)
  );
}

/**
 * The newest steps of `stack` (oldest first) within the count and size budget.
 *
 * @example trimHistory(h.undo).length <= HISTORY_KEPT_IN_STORAGE
 */
export function trimHistory(stack: readonly Patch[]): Patch[] {
  const out: Patch[] = [];
  let size = 0;
  for (let i = stack.length - 1; i >= 0 && out.length < HISTORY_KEPT_IN_STORAGE; i--) {
    size += storedSize(stack[i]);
    if (size > HISTORY_ENTRIES_KEPT_IN_STORAGE) break;
    out.push(stack[i]);
  }
  return out.reverse();
}

/**
 * Re-read the saved bytes of the file a restored document came from (in the worker) and give
 * the document its keep source back, so "Keep the file's formatting" is offered again. The saved
 * document is not touched: entries keep their ids (parse order), and an entry equal to its parsed
 * form is written as the original bytes. Silently nothing when the bytes no longer parse the same
 * way or the document was replaced meanwhile; the export then normalizes, as it says.
 *
 * The page prints its entries and the worker answers with the layout and only the parsed entries
 * that differ from them (core/keep/restore.ts): at 1,000,000 rows the page no longer receives a
 * million parsed entries only to drop them (issue #18, docs/perf.md "Session 11").
 */
async function restoreKeepSource(k: Kernel, bytes: Uint8Array, fileName: string): Promise<void> {
  const opened = k.openCount();
  const timers = k.deps.timers;
  // Stepped work, in slices where the page has timers (a restore's own work must not block it).
  const run = async <T>(steps: Generator<number, T>): Promise<T | null> => {
    if (!timers) return runSteps(steps);
    const stopped = () => k.openCount() !== opened;
    const done = await inSlices(
      { now: k.deps.now, timers },
      () => steps.next(),
      () => undefined,
      stopped,
    );
    return done === null || stopped() ? null : done.value;
  };
  try {
    const doc = k.f.doc;
    if (!doc) return;
    // The worker takes (detaches) the buffer it is given: it gets a copy, the record keeps its own
    // (copied in steps: at 225 MB one copy is a long task).
    const copy = await run(copySteps(bytes));
    if (!copy) return;
    const worker = k.deps.worker;
    if (!worker.keepParts) {
      const r = await worker.parse(copy, fileName);
      const src = keepSourceOf(bytes, r);
      if (!src || !k.f.doc) return;
      // The restored entries are equal copies of the parsed ones: share them, not both.
      const shared = await run(sharingEntriesSteps(src, k.f.doc.entries));
      if (shared) k.adoptKeepSource(shared, opened);
      return;
    }
    const { entryPrintSteps, joinKeepSteps } = await import('../core/keep/restore.ts');
    // The worker parses while the page prints its entries (in slices, beside the re-check).
    const prints = run(entryPrintSteps(doc.entries, doc.nextId));
    const parts = await worker.keepParts(copy, fileName, prints);
    if (!parts || k.openCount() !== opened) return;
    // The worker's copy came back: the keep source holds the record's own bytes (one copy kept).
    const src = await run(joinKeepSteps({ ...parts, file: bytes }, doc.entries));
    if (src) k.adoptKeepSource(src, opened);
  } catch {
    // The export falls back to a normalized file and says why; the restored work is intact.
  }
}

/** Bytes copied per step of {@link copySteps}. */
const COPY_STEP = 8 * 2 ** 20;

/** A copy of `bytes`, made {@link COPY_STEP} bytes per step. */
function* copySteps(bytes: Uint8Array): Generator<number, Uint8Array> {
  const out = new Uint8Array(bytes.length);
  for (let at = 0; at < bytes.length; at += COPY_STEP) {
    out.set(bytes.subarray(at, at + COPY_STEP), at);
    yield at;
  }
  return out;
}

/** A store's own save/restore commands: what the session writes for this file, and loading it back. */
export function createPersistCommands(
  k: Kernel,
): Pick<Commands, 'persistable' | 'restoreFile' | 'savedState'> {
  // The saved source of a restored document while its keep source is being rebuilt (at 1M rows,
  // seconds): a save meanwhile still writes it, so a second reload keeps the formatting too.
  let pending: { bytes: Uint8Array; opened: number } | null = null;
  return {
    savedState: () => (k.f.doc ? k.stateToken() : null),
    persistable() {
      const { doc, history, fileName, settings, dirty, crawl } = k.f;
      if (!doc) return null;
      const undo = trimHistory(history.undo);
      // Redo steps only make sense on top of the full undo stack, which is always kept when small.
      const redo = undo.length === history.undo.length ? trimHistory(history.redo) : [];
      const file: SavedFile = { fileName, doc, settings, undo, redo, dirty, state: k.stateToken() };
      // The clean point, counted from the bottom of the steps saved (trimmed off: not saved).
      const depth = k.cleanDepth();
      const clean = depth === null ? -1 : depth - (history.undo.length - undo.length);
      if (clean >= 0 && clean <= undo.length + redo.length) file.clean = clean;
      // The crawl audit is kept with the file (issue 17), so a reload keeps it.
      if (crawl) file.crawl = crawl;
      // And what reading the file found (its bytes are not always kept: a partial read, a paste).
      const parse = k.parseFindings();
      if (parse.length > 0) file.parse = parse;
      // And the file's own bytes, so an export after a reload can still keep its formatting.
      const source = k.keepSource();
      if (source) file.source = source.file;
      else if (pending && pending.opened === k.openCount()) file.source = pending.bytes;
      return file;
    },
    restoreFile(w: SavedFile) {
      const history: History = { undo: w.undo, redo: w.redo };
      // Saves made before session 16 kept the URL a workspace's index gives the file among the
      // settings: it is derived (the workspace store gives it again), not the user's.
      const { indexPublishUrl: _derived, ...settings } = w.settings as Settings & {
        indexPublishUrl?: string;
      };
      k.set({ settings, loadError: null });
      // The crawl comes back with its columns shown; the re-check joins it with the document.
      const hiddenColumns = k.f.view.hiddenColumns.filter((c) => !isCrawlColumn(c));
      if (w.crawl) k.set({ crawl: w.crawl, view: { ...k.f.view, hiddenColumns } });
      // The rows show first; the document is checked after (in slices when it is big).
      k.replaceDocument(w.doc, w.parse ?? [], w.fileName, history, 'later');
      k.recheck(true);
      // Sessions saved before the clean point was: not dirty means the state saved is clean.
      k.setCleanDepth(w.clean ?? (w.dirty ? null : w.undo.length));
      if (!w.source) return;
      const mine = { bytes: w.source, opened: k.openCount() };
      pending = mine;
      void restoreKeepSource(k, w.source, w.fileName ?? 'sitemap').finally(() => {
        if (pending === mine) pending = null;
      });
    },
  };
}

/** What the session saver needs. */
export interface SessionSaverDeps {
  storage: PersistenceAdapter;
  timers: Timers;
  /** The session as it should be saved now; null when nothing is open (nothing is written). */
  snapshot(): SavedSession | null;
  /** Show a warning (once per failure streak). */
  report(message: string): void;
}

/** Debounced saves of the whole session. */
export interface SessionSaver {
  /** Something changed: save within {@link AUTOSAVE_DELAY_MS} of the last change. */
  schedule(): void;
  /** Save now (pending change), e.g. before the page hides. */
  flush(): Promise<void>;
  /** Stop saving (another tab owns the saved work) until `resume()`. */
  pause(): void;
  resume(): void;
  /** Drop the saved session (and any pending save). */
  clear(): Promise<void>;
  /** Report a storage failure (`what` failed because of `e`), once until a save succeeds again. */
  failed(what: string, e: unknown): void;
  /**
   * Make it durable at once that the files in these states (`SavedFile.state`) are exported: a
   * small record, not a save of the session (the debounced save follows as usual). Nothing
   * while paused.
   */
  markClean(states: string[]): void;
}

/**
 * Create the session saver. Nothing is written while paused or before `resume()` is first
 * called (the saved session must be read before it can be overwritten).
 *
 * @example const saver = createSessionSaver({ storage, timers, snapshot, report }); saver.resume();
 */
export function createSessionSaver(deps: SessionSaverDeps): SessionSaver {
  let timer: unknown = null;
  let paused = true;
  let held = false;
  let failed = false;
  let chain: Promise<void> = Promise.resolve();
  const fail = (what: string, e: unknown) => {
    if (failed) return;
    failed = true;
    const why = e instanceof Error ? e.message : String(e);
    deps.report(`${what} (${why}). Your work stays in this tab only; export to keep it.`);
  };
  // The debounce timer stays set while a fired save waits for an idle period (`whenIdle`), so
  // flush, pause and clear see it pending; `idle` tells which wait is still current.
  let idle = 0;
  const fire = () => {
    const whenIdle = deps.timers.whenIdle;
    if (!whenIdle) return void save();
    const mine = ++idle;
    whenIdle(() => {
      if (mine === idle && timer !== null && !paused) void save();
    });
  };
  const save = () => {
    timer = null;
    held = false;
    const s = deps.snapshot();
    if (!s) return chain;
    // Saves run one after another: a slow one never lands after a newer one.
    chain = chain.then(async () => {
      try {
        await deps.storage.save(s);
        failed = false;
      } catch (e) {
        fail('Autosave failed', e);
      }
    });
    return chain;
  };
  return {
    schedule() {
      if (paused) {
        held = true;
        return;
      }
      if (timer !== null) deps.timers.clearTimeout(timer);
      timer = deps.timers.setTimeout(fire, AUTOSAVE_DELAY_MS);
    },
    flush() {
      if (timer === null || paused) return chain;
      deps.timers.clearTimeout(timer);
      return save();
    },
    pause() {
      paused = true;
      if (timer !== null) {
        deps.timers.clearTimeout(timer);
        timer = null;
        held = true;
      }
    },
    resume() {
      paused = false;
      if (held) this.schedule();
    },
    async clear() {
      if (timer !== null) deps.timers.clearTimeout(timer);
      timer = null;
      held = false;
      await chain;
      try {
        await deps.storage.clear();
      } catch (e) {
        fail('Saved work could not be deleted', e);
      }
    },
    failed: fail,
    markClean(states) {
      if (paused || !deps.storage.markClean) return;
      deps.storage.markClean(states).catch((e: unknown) => fail('Autosave failed', e));
    },
  };
}
