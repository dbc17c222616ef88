/**
 * Autosave wiring ("never lose work"): debounced save after each document or settings change,
 * restore at start-up, discard. Storage failures become one notice; the app keeps working in
 * memory.
 */
import { isCrawlColumn } from './columns.ts';
import type { History } from './history.ts';
import type { Kernel } from './kernel.ts';
import type { Patch } from './patch.ts';
import type { PersistenceAdapter, SavedWorkspace, Timers } from './persist.ts';
import type { Commands, SavedOffer } from './types.ts';

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

function offerOf(w: SavedWorkspace): SavedOffer {
  return {
    savedAt: w.savedAt,
    fileName: w.fileName,
    entries: w.doc.entries.length,
    undoSteps: w.undo.length,
  };
}

/**
 * Attach autosave to the kernel and return the restore/discard commands. With no storage or
 * no timers it does nothing and the commands are no-ops.
 */
export function attachAutosave(k: Kernel): Pick<Commands, 'restoreSaved' | 'discardSaved'> {
  const storage: PersistenceAdapter | undefined = k.deps.storage;
  const timers: Timers | undefined = k.deps.timers;
  let saved: SavedWorkspace | null = null;
  let timer: unknown = null;
  let failed = false;

  const report = (what: string, e: unknown) => {
    if (failed) return;
    failed = true;
    const why = e instanceof Error ? e.message : String(e);
    k.notify('warning', `${what} (${why}). Your work stays in this tab only; export to keep it.`);
  };

  const snapshot = (): SavedWorkspace | null => {
    const { doc, history, fileName, settings, dirty, crawl } = k.f;
    if (!doc) return null;
    const undo = trimHistory(history.undo);
    // Redo steps only make sense on top of the full undo stack, which is always kept when small.
    const redo = undo.length === history.undo.length ? trimHistory(history.redo) : [];
    const w: SavedWorkspace = {
      format: 1,
      savedAt: k.deps.now(),
      fileName,
      doc,
      settings,
      undo,
      redo,
      dirty,
    };
    if (crawl) w.crawl = crawl;
    return w;
  };

  const save = async () => {
    timer = null;
    const w = snapshot();
    if (!storage || !w) return;
    try {
      await storage.save(w);
      failed = false;
    } catch (e) {
      report('Autosave failed', e);
    }
  };

  if (storage && timers) {
    // Until the saved workspace has been read, writing could overwrite it: hold saves back.
    let loading = true;
    let held = false;
    const schedule = () => {
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    };
    k.onPersistable = () => {
      if (loading) held = true;
      // While a saved workspace waits for a decision, do not overwrite it.
      else if (!k.f.savedOffer) schedule();
    };
    const loaded = () => {
      loading = false;
      if (held && !k.f.savedOffer) schedule();
    };
    storage.load().then(
      (w) => {
        if (w?.format === 1) {
          saved = w;
          if (k.f.doc === null) restore();
          else k.set({ savedOffer: offerOf(w) });
        }
        loaded();
      },
      (e) => {
        report('Saved work could not be read', e);
        loaded();
      },
    );
  }

  function restore() {
    if (!saved) return;
    const w = saved;
    saved = null;
    const history: History = { undo: w.undo, redo: w.redo };
    k.set({ settings: w.settings, savedOffer: null, loadError: null });
    k.validator.setSettings(k.validationSettings());
    // The crawl comes back with its columns shown; replaceDocument joins it with the document.
    if (w.crawl) {
      const hiddenColumns = k.f.view.hiddenColumns.filter((c) => !isCrawlColumn(c));
      k.set({ crawl: w.crawl, view: { ...k.f.view, hiddenColumns } });
    }
    k.replaceDocument(w.doc, [], w.fileName, history);
    k.set({ dirty: w.dirty, restored: offerOf(w) });
  }

  return {
    restoreSaved: restore,
    async discardSaved() {
      const wasRestored = k.f.restored !== null;
      saved = null;
      k.set({ savedOffer: null, restored: null });
      if (wasRestored) k.replaceDocument(null, [], null);
      if (timer !== null) timers?.clearTimeout(timer);
      timer = null;
      try {
        await storage?.clear();
      } catch (e) {
        report('Saved work could not be deleted', e);
      }
      // Work done while the offer was pending was held back: save it now.
      if (k.f.doc) k.onPersistable?.();
    },
  };
}
