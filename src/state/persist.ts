/**
 * Autosave: a storage-agnostic `PersistenceAdapter` interface and the debounced saver the store
 * uses. The IndexedDB implementation lives in idbPersistence.ts; tests use `createMemoryPersistence`.
 */
import type { CrawlTable } from '../core/crawl/table.ts';
import type { SitemapDocument } from '../core/model.ts';
import type { Patch } from './patch.ts';
import type { Settings } from './types.ts';

/** Timer functions, injected so logic modules touch no globals. Returns a cancel function. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Everything needed to resume work: document, settings, file name and recent undo history. */
export interface SavedWorkspace {
  /** Format version of this record. */
  format: 1;
  /** ms since epoch when it was saved (deps.now()). */
  savedAt: number;
  fileName: string | null;
  doc: SitemapDocument;
  settings: Settings;
  /** Most recent undo steps, oldest first (capped, see `HISTORY_KEPT_IN_STORAGE`). */
  undo: Patch[];
  redo: Patch[];
  dirty: boolean;
  /** Crawl data attached for the audit (kept so a reload keeps the audit). */
  crawl?: CrawlTable;
}

/** Where the workspace goes. Every method may reject (quota, private mode): the store reports it. */
export interface PersistenceAdapter {
  load(): Promise<SavedWorkspace | null>;
  save(workspace: SavedWorkspace): Promise<void>;
  clear(): Promise<void>;
}

/** An adapter keeping the workspace in memory (tests, or when IndexedDB is unavailable). */
export function createMemoryPersistence(initial: SavedWorkspace | null = null): PersistenceAdapter & {
  saved: SavedWorkspace | null;
  saves: number;
} {
  const mem = {
    saved: initial,
    saves: 0,
    load: async () => mem.saved,
    save: async (w: SavedWorkspace) => {
      mem.saves++;
      mem.saved = w;
    },
    clear: async () => {
      mem.saved = null;
    },
  };
  return mem;
}
