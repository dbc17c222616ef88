/**
 * Autosave storage: a storage-agnostic `PersistenceAdapter` holding the whole open session (every
 * file of a workspace with its history, and which file was active). The IndexedDB implementation
 * lives in idbPersistence.ts; tests use `createMemoryPersistence`.
 */
import type { CrawlTable } from '../core/crawl/table.ts';
import type { Issue, SitemapDocument } from '../core/model.ts';
import type { Patch } from './patch.ts';
import type { Settings } from './types.ts';

/** Timer functions, injected so logic modules touch no globals. Returns a cancel function. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /**
   * Run `fn` in a new task as soon as possible. Optional: without it a zero timeout is used,
   * which browsers clamp to 4 ms once timeouts nest five deep (every slice of a long job would
   * then idle 4 ms: half a second over the 120 slices of validating 1,000,000 URLs).
   */
  yieldTask?(fn: () => void): void;
  /**
   * Run `fn` once the page is idle (at the latest after a few seconds). Optional: without it `fn`
   * runs at once. Autosave waits for it, so a save does not start inside a burst of work.
   */
  whenIdle?(fn: () => void): void;
  /**
   * Run `fn` in a task of its own once the next frame has been painted (a frame callback, then
   * a task), e.g. work an edit makes ready for the next one, off the edit's own task and frame.
   * Optional: without it `whenIdle` is used.
   */
  afterPaint?(fn: () => void): void;
}

/** One file as saved: document, settings, file name and recent undo history. */
export interface SavedFile {
  fileName: string | null;
  doc: SitemapDocument;
  settings: Settings;
  /** Most recent undo steps, oldest first (capped, see `HISTORY_KEPT_IN_STORAGE`). */
  undo: Patch[];
  redo: Patch[];
  /** Changed since opened or last exported. */
  dirty: boolean;
  /**
   * Where the document was as exported (or opened) in the saved history (`Kernel.cleanDepth`):
   * undo steps from the bottom of `undo`, or past its top into `redo`. Absent when no saved
   * step reaches it (and in sessions saved before session 14: `dirty` alone says).
   */
  clean?: number;
  /**
   * Names the document state saved (`Kernel.stateToken`), so an export made after this save
   * can mark it exported at once with a small record (`PersistenceAdapter.markClean`) instead
   * of saving the whole session again.
   */
  state?: string;
  /** Crawl data attached for the audit (kept so a reload keeps the audit). */
  crawl?: CrawlTable;
  /**
   * The bytes of the file the document was opened from (gzipped when it was), so that after a
   * reload an export can still keep the file's own formatting (see core/keep/source.ts).
   */
  source?: Uint8Array;
  /** In a workspace: the index `<loc>` the user said this file is (`WorkspaceSlot.chosenFor`). */
  chosenFor?: string;
  /**
   * The findings of reading the file that the document still has (`Kernel.parseFindings`: an
   * edit drops those of the field it changes), so a reload or a Recent reopen shows them again:
   * encoding, entities, namespaces, a partial read. Bounded like the parse itself (at most
   * `MAX_PARSE_FINDINGS` and one note counting the rest, core/parse/context.ts). Absent when
   * there are none, and in sessions saved before session 14 (those restore without them).
   */
  parse?: readonly Issue[];
}

/** Everything needed to resume work: every open file, and the active one (format 2). */
export interface SavedSession {
  format: 2;
  /** ms since epoch when it was saved. */
  savedAt: number;
  /** Position in `files` of the active file, or 'all' for the combined table. */
  active: number | 'all';
  files: SavedFile[];
}

/** The format-1 record (one document) saved before workspaces were autosaved. Still restored. */
export interface SavedWorkspaceV1 extends SavedFile {
  format: 1;
  savedAt: number;
}

/**
 * A stored record in any known format as a session; null for unknown formats.
 *
 * @example upgradeSaved({ format: 1, savedAt, fileName, doc, settings, undo, redo, dirty }).files.length // 1
 */
export function upgradeSaved(record: unknown): SavedSession | null {
  const r = record as Partial<SavedSession> & Partial<SavedWorkspaceV1>;
  if (r?.format === 2 && Array.isArray(r.files)) return r as SavedSession;
  if (r?.format === 1 && r.doc) {
    const { format: _f, savedAt, ...file } = r as SavedWorkspaceV1;
    return { format: 2, savedAt, active: 0, files: [file] };
  }
  return null;
}

/** Where the session goes. Every method may reject (quota, private mode): the store reports it. */
export interface PersistenceAdapter {
  /** The saved session, with the files `markClean` named since marked exported. */
  load(): Promise<SavedSession | null>;
  save(session: SavedSession): Promise<void>;
  clear(): Promise<void>;
  /**
   * Record that the files saved in these states (`SavedFile.state`) are exported, replacing the
   * previous record: a few bytes, written at once on export, so a reload right after it does
   * not bring the document back as edited before the next save lands.
   */
  markClean?(states: string[]): Promise<void>;
}

/**
 * `session` with the files whose saved state `marked` names as exported: not dirty, clean at
 * the top of their saved history.
 *
 * @example withCleanMarks(saved, ['k1:4']).files[0].dirty // false when files[0].state is 'k1:4'
 */
export function withCleanMarks(session: SavedSession, marked: readonly string[]): SavedSession {
  if (marked.length === 0 || !session.files.some((f) => f.state !== undefined && marked.includes(f.state)))
    return session;
  const files = session.files.map((f) =>
    f.state !== undefined && marked.includes(f.state) ? { ...f, dirty: false, clean: f.undo.length } : f,
  );
  return { ...session, files };
}

/** An adapter keeping the session in memory (tests, or when IndexedDB is unavailable). */
export function createMemoryPersistence(
  initial: SavedSession | SavedWorkspaceV1 | null = null,
): PersistenceAdapter & {
  saved: SavedSession | null;
  saves: number;
  marked: string[];
} {
  const mem = {
    saved: upgradeSaved(initial),
    saves: 0,
    marked: [] as string[],
    load: async () => (mem.saved ? withCleanMarks(mem.saved, mem.marked) : null),
    markClean: async (states: string[]) => {
      mem.marked = states;
    },
    save: async (s: SavedSession) => {
      mem.saves++;
      mem.saved = s;
    },
    clear: async () => {
      mem.saved = null;
      mem.marked = [];
    },
  };
  return mem;
}
