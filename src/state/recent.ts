/**
 * Recent: the last sessions the user worked on (documents or workspaces, with their edits), kept
 * so that even a confirmed Replace can be taken back. Bounded in count and in URLs; what does not
 * fit is evicted oldest first, and the session says so. Storage is a {@link RecentStore}
 * (IndexedDB in the browser, memory in tests); the plan is pure.
 */
import { entryCounts } from '../core/model.ts';
import { countSteps } from './history.ts';
import type { SavedSession } from './persist.ts';

/** Sessions kept at most. */
export const RECENT_MAX = 10;
/** URLs kept at most over all Recent sessions (a session alone over this is not kept). */
export const RECENT_MAX_URLS = 2_000_000;

/** One Recent session as listed. */
export interface RecentEntry {
  /** Unique, increasing. */
  id: number;
  /** Storage slot, 0..RECENT_MAX-1. */
  slot: number;
  /** When it was put aside (ms). */
  savedAt: number;
  files: string[];
  /** Page URLs (urlset entries). */
  urls: number;
  /** Index entries (absent in lists saved before they were told apart: counted in `urls` there). */
  sitemaps?: number;
  /**
   * Undo steps over all files that change entries (history.ts `countSteps`); in lists saved
   * before `settings` was counted apart (session 16), every undo step.
   */
  edits: number;
  /** Undo steps over all files that change settings only; absent in lists saved before session 16. */
  settings?: number;
}

/** Where Recent sessions live. Every method may reject (quota): the session reports it. */
export interface RecentStore {
  list(): Promise<RecentEntry[]>;
  /** Write the new list, and `session` into `slot` first (both null: only the list changes). */
  write(list: RecentEntry[], slot: number | null, session: SavedSession | null): Promise<void>;
  read(slot: number): Promise<SavedSession | null>;
  drop(slot: number): Promise<void>;
}

/** The listing of a saved session. */
export function recentEntryOf(s: SavedSession, id: number, slot: number): RecentEntry {
  let edits = 0;
  let settings = 0;
  for (const f of s.files) {
    const c = countSteps(f.undo);
    edits += c.edits;
    settings += c.settings;
  }
  const { urls, sitemaps } = entryCounts(s.files.map((f) => f.doc));
  return {
    id,
    slot,
    savedAt: s.savedAt,
    files: s.files.map((f) => f.fileName ?? 'Untitled sitemap'),
    urls,
    sitemaps,
    edits,
    settings,
  };
}

/** Entries a Recent session holds (what {@link RECENT_MAX_URLS} bounds: URLs and sitemaps alike). */
function held(e: RecentEntry): number {
  return e.urls + (e.sitemaps ?? 0);
}

/**
 * Whether a session holding `entries` entries (URLs and sitemaps) can be kept in Recent at all.
 *
 * @example fitsInRecent(1_000) === true
 */
export function fitsInRecent(entries: number): boolean {
  return entries <= RECENT_MAX_URLS;
}

/** What adding a session to Recent does. */
export interface RecentPlan {
  /** The new list, newest first; null when the session is too big to keep. */
  list: RecentEntry[] | null;
  /** The slot the session goes into. */
  slot: number;
  /** Entries removed to make room (oldest first). */
  evicted: RecentEntry[];
}

/**
 * Add `session` to `list`: newest first, at most {@link RECENT_MAX} entries and
 * {@link RECENT_MAX_URLS} URLs, evicting the oldest.
 *
 * @example planRecent([], session).list?.length // 1
 */
export function planRecent(list: readonly RecentEntry[], session: SavedSession): RecentPlan {
  const probe = recentEntryOf(session, 0, 0);
  if (!fitsInRecent(held(probe))) return { list: null, slot: -1, evicted: [] };
  const kept = [...list].sort((a, b) => b.savedAt - a.savedAt || b.id - a.id);
  const evicted: RecentEntry[] = [];
  let urls = kept.reduce((n, e) => n + held(e), 0);
  while (kept.length > 0 && (kept.length >= RECENT_MAX || urls + held(probe) > RECENT_MAX_URLS)) {
    const old = kept.pop()!;
    urls -= held(old);
    evicted.unshift(old);
  }
  // Not an evicted session's slot either: a replace that does not happen puts them back
  // (workspaceStore.ts `putAside`).
  const used = new Set(list.map((e) => e.slot));
  let slot = 0;
  while (used.has(slot)) slot++;
  const id = Math.max(0, ...list.map((e) => e.id)) + 1;
  return { list: [recentEntryOf(session, id, slot), ...kept], slot, evicted };
}

/** Recent in memory (tests, or when IndexedDB is unavailable). */
export function createMemoryRecent(): RecentStore & { slots: Map<number, SavedSession> } {
  let list: RecentEntry[] = [];
  const slots = new Map<number, SavedSession>();
  return {
    slots,
    list: async () => list,
    async write(next, slot, session) {
      if (slot !== null && session !== null) slots.set(slot, session);
      list = next;
    },
    read: async (slot) => slots.get(slot) ?? null,
    async drop(slot) {
      slots.delete(slot);
    },
  };
}
