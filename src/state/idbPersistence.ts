/**
 * IndexedDB persistence for autosave, using the `idb` wrapper. This module is the only one in
 * state/ that touches `indexedDB`.
 *
 * Every file of the session is stored in chunks of `CHUNK_SIZE` rows; file `k`'s chunk `c` has
 * the key `k * FILE_KEY_SPAN + c` (a format-1 record, one document, used keys 0..n-1, which is
 * file 0's range: it loads unchanged). Entries are immutable objects, so a chunk whose entries
 * are the very same objects as at the last save is skipped: after a cell edit in a
 * 1,000,000-row document one chunk is written instead of the whole document.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Entry, SitemapDocument } from '../core/model.ts';
import {
  type PersistenceAdapter,
  type SavedFile,
  type SavedSession,
  type SavedWorkspaceV1,
  upgradeSaved,
} from './persist.ts';

/** Rows per stored chunk. */
export const CHUNK_SIZE = 10_000;
/** Chunk keys per file (room for 10^10 rows per file). */
export const FILE_KEY_SPAN = 1_000_000;

type FileMeta = Omit<SavedFile, 'doc'> & {
  doc: Omit<SitemapDocument, 'entries'>;
  chunks: number;
  rows: number;
};
type SessionMeta = Omit<SavedSession, 'files'> & { files: FileMeta[] };
type V1Meta = Omit<SavedWorkspaceV1, 'doc'> & {
  doc: Omit<SitemapDocument, 'entries'>;
  chunks: number;
  rows: number;
};

interface WorkbenchDb extends DBSchema {
  meta: { key: string; value: SessionMeta | V1Meta };
  chunks: { key: number; value: Entry[] };
}

const DB_NAME = 'sitemap-workbench';
const KEY = 'current';

function sameChunk(
  a: readonly Entry[] | undefined,
  entries: readonly Entry[],
  from: number,
  to: number,
): boolean {
  if (!a || a.length !== to - from) return false;
  for (let i = from; i < to; i++) if (a[i - from] !== entries[i]) return false;
  return true;
}

/**
 * An adapter over IndexedDB, or null when the browser has none (some private modes). Opening
 * is lazy; every method rejects on storage errors (quota, blocked), which the store turns into
 * a notice. Meta and changed chunks are written in one transaction, so a save is all or nothing.
 *
 * @example const storage = createIdbPersistence(); if (storage) await storage.save(session);
 */
export function createIdbPersistence(dbName = DB_NAME): PersistenceAdapter | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: Promise<IDBPDatabase<WorkbenchDb>> | null = null;
  // What the database holds now, per file and chunk: used to skip unchanged chunks. null =
  // unknown (nothing loaded or saved by this adapter yet): the first save rewrites every chunk.
  let stored: Array<Array<readonly Entry[]>> | null = null;
  const open = () => {
    db ??= openDB<WorkbenchDb>(dbName, 1, {
      upgrade(d) {
        d.createObjectStore('meta');
        d.createObjectStore('chunks');
      },
    }).catch((e: unknown) => {
      db = null;
      throw e;
    });
    return db;
  };
  return {
    async load() {
      const d = await open();
      const meta = await d.get('meta', KEY);
      if (!meta) return null;
      const tx = d.transaction('chunks');
      const readFile = async (k: number, chunks: number) => {
        const parts = await Promise.all(
          Array.from({ length: chunks }, (_, c) => tx.store.get(k * FILE_KEY_SPAN + c)),
        );
        return parts.some((p) => !p) ? null : (parts as Entry[][]);
      };
      if (meta.format === 1) {
        const parts = await readFile(0, meta.chunks);
        if (!parts) return null;
        stored = [parts];
        const { chunks: _c, rows: _r, doc, ...rest } = meta;
        return upgradeSaved({ ...rest, doc: { ...doc, entries: parts.flat() } });
      }
      const files: SavedFile[] = [];
      const all: Entry[][][] = [];
      for (let k = 0; k < meta.files.length; k++) {
        const { chunks, rows: _r, doc, ...rest } = meta.files[k];
        const parts = await readFile(k, chunks);
        if (!parts) return null;
        all.push(parts);
        files.push({ ...rest, doc: { ...doc, entries: parts.flat() } });
      }
      stored = all;
      return { format: 2, savedAt: meta.savedAt, active: meta.active, files };
    },
    async save(session) {
      const d = await open();
      const tx = d.transaction(['meta', 'chunks'], 'readwrite');
      // Reported through the Promise.all below; this only marks the rejection as handled meanwhile.
      tx.done.catch(() => undefined);
      const chunkStore = tx.objectStore('chunks');
      const writes: Promise<unknown>[] = [];
      const before = stored;
      if (before === null) writes.push(chunkStore.clear());
      const next: Array<Array<readonly Entry[]>> = [];
      const files: FileMeta[] = [];
      for (let k = 0; k < session.files.length; k++) {
        const { doc, ...fileRest } = session.files[k];
        const { entries, ...docRest } = doc;
        const count = Math.ceil(entries.length / CHUNK_SIZE);
        const had = before?.[k] ?? [];
        const kept: Array<readonly Entry[]> = [];
        for (let c = 0; c < count; c++) {
          const from = c * CHUNK_SIZE;
          const to = Math.min(entries.length, from + CHUNK_SIZE);
          if (sameChunk(had[c], entries, from, to)) kept.push(had[c]);
          else {
            const chunk = entries.slice(from, to);
            kept.push(chunk);
            const put = chunkStore.put(chunk, k * FILE_KEY_SPAN + c);
            writes.push(put);
            // One chunk's structured clone per task, so saving 1,000,000 rows never blocks the page in
            // one piece; awaiting the transaction's own requests keeps it open (all or nothing).
            await put.catch(() => undefined);
          }
        }
        for (let c = count; c < had.length; c++) writes.push(chunkStore.delete(k * FILE_KEY_SPAN + c));
        next.push(kept);
        files.push({ ...fileRest, doc: docRest, chunks: count, rows: entries.length });
      }
      for (let k = session.files.length; k < (before?.length ?? 0); k++)
        for (let c = 0; c < before![k].length; c++) writes.push(chunkStore.delete(k * FILE_KEY_SPAN + c));
      const meta: SessionMeta = { format: 2, savedAt: session.savedAt, active: session.active, files };
      writes.push(tx.objectStore('meta').put(meta, KEY));
      await Promise.all([...writes, tx.done]);
      stored = next;
    },
    async clear() {
      const d = await open();
      const tx = d.transaction(['meta', 'chunks'], 'readwrite');
      await Promise.all([tx.objectStore('meta').clear(), tx.objectStore('chunks').clear(), tx.done]);
      stored = [];
    },
  };
}
