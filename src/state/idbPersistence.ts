/**
 * IndexedDB persistence for autosave, using the `idb` wrapper. This module is the only one in
 * state/ that touches `indexedDB`.
 *
 * Every file of the session is stored in chunks of `CHUNK_SIZE` rows; file `k`'s chunk `c` has
 * the key `k * FILE_KEY_SPAN + c` (a format-1 record, one document, used keys 0..n-1, which is
 * file 0's range: it loads unchanged). Entries are immutable objects, so a chunk whose entries
 * are the very same objects as at the last save is skipped: after a cell edit in a
 * 1,000,000-row document one chunk is written instead of the whole document.
 *
 * Crawl data attached for the audit (issue 17) is stored once per session and table (every file
 * of a workspace shares one): `<key>#crawl-<i>` holds the table without its string table, which
 * lives in parts of `TEXT_PART` characters under `<key>#crawl-<i>-text-<p>` (one structured clone
 * per task); a file's meta names its table by `crawl: i`. Tables are rewritten only when they
 * change (they can be tens of MB).
 *
 * The bytes of the file each document was opened from (kept so an export after a reload can keep
 * the file's formatting) are stored under `<key>#source-<k>` for file `k`, and likewise rewritten
 * only when they change, i.e. when another file is opened.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CrawlTable } from '../core/crawl/table.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import {
  type PersistenceAdapter,
  type SavedFile,
  type SavedSession,
  type SavedWorkspaceV1,
  upgradeSaved,
} from './persist.ts';
import type { RecentEntry, RecentStore } from './recent.ts';

/** Rows per stored chunk. */
export const CHUNK_SIZE = 10_000;
/** Chunk keys per file (room for 10^10 rows per file). */
export const FILE_KEY_SPAN = 1_000_000;
/** Chunk keys per stored session (1,000 files): the current session uses 0.., Recent slot r `(r + 1) * SESSION_KEY_SPAN`.. */
export const SESSION_KEY_SPAN = 1_000 * FILE_KEY_SPAN;

type FileMeta = Omit<SavedFile, 'doc' | 'crawl' | 'source'> & {
  doc: Omit<SitemapDocument, 'entries'>;
  chunks: number;
  rows: number;
  /** Index of this file's crawl table (see `crawlKey`), when it has one. */
  crawl?: number;
  /** The file's source bytes are stored under `sourceKey(key, k)`. */
  source?: true;
};
type SessionMeta = Omit<SavedSession, 'files'> & {
  files: FileMeta[];
  /** How many crawl tables are stored for this session. */
  crawls?: number;
};
/** A crawl table as stored: its string table lives in `parts` parts (`textKey`). */
type StoredCrawl = Omit<CrawlTable, 'text'> & { parts: number };
type RecentMeta = { format: 'recent'; list: RecentEntry[] };
type V1Meta = Omit<SavedWorkspaceV1, 'doc'> & {
  doc: Omit<SitemapDocument, 'entries'>;
  chunks: number;
  rows: number;
};

interface WorkbenchDb extends DBSchema {
  meta: { key: string; value: SessionMeta | V1Meta | RecentMeta | StoredCrawl | string | Uint8Array };
  chunks: { key: number; value: Entry[] };
}

const DB_NAME = 'sitemap-workbench';
const KEY = 'current';
/** The crawl's string table is stored in parts of this many characters, one clone per task. */
const TEXT_PART = 4 * 2 ** 20;
const crawlPrefix = (key: string) => `${key}#crawl-`;
const crawlKey = (key: string, i: number) => `${crawlPrefix(key)}${i}`;
const textKey = (key: string, i: number, part: number) => `${crawlKey(key, i)}-text-${part}`;
/** Every crawl key of a session. */
const crawlRange = (key: string) => IDBKeyRange.bound(crawlPrefix(key), `${crawlPrefix(key)}\uffff`);
const sourcePrefix = (key: string) => `${key}#source-`;
const sourceKey = (key: string, k: number) => `${sourcePrefix(key)}${k}`;
/** Every source key of a session. */
const sourceRange = (key: string) => IDBKeyRange.bound(sourcePrefix(key), `${sourcePrefix(key)}\uffff`);

/** Stored crawl table `i` with its string parts joined again, or undefined when incomplete. */
async function loadCrawl(
  d: IDBPDatabase<WorkbenchDb>,
  key: string,
  i: number,
): Promise<CrawlTable | undefined> {
  const stored = await d.get('meta', crawlKey(key, i));
  if (typeof stored !== 'object' || !('parts' in stored)) return undefined;
  const { parts, ...rest } = stored;
  const texts = await Promise.all(Array.from({ length: parts }, (_, p) => d.get('meta', textKey(key, i, p))));
  if (texts.some((t) => typeof t !== 'string')) return undefined;
  return { ...rest, text: texts.join('') };
}

/** The distinct crawl tables of a session, in file order. */
function crawlTables(session: SavedSession): CrawlTable[] {
  const tables: CrawlTable[] = [];
  for (const f of session.files) if (f.crawl && !tables.includes(f.crawl)) tables.push(f.crawl);
  return tables;
}

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

function openDb(dbName: string): Promise<IDBPDatabase<WorkbenchDb>> {
  return openDB<WorkbenchDb>(dbName, 1, {
    upgrade(d) {
      d.createObjectStore('meta');
      d.createObjectStore('chunks');
    },
  });
}

/**
 * An adapter over IndexedDB, or null when the browser has none (some private modes). Opening
 * is lazy; every method rejects on storage errors (quota, blocked), which the store turns into
 * a notice. Meta and changed chunks are written in one transaction, so a save is all or nothing.
 * `key` and `base` place the session: the current one at 'current' and chunk keys from 0; Recent
 * entries elsewhere (see {@link createIdbRecent}).
 *
 * @example const storage = createIdbPersistence(); if (storage) await storage.save(session);
 */
export function createIdbPersistence(dbName = DB_NAME, key = KEY, base = 0): PersistenceAdapter | null {
  if (typeof indexedDB === 'undefined') return null;
  const KEY_ = key;
  const range = () => IDBKeyRange.bound(base, base + SESSION_KEY_SPAN - 1);
  let db: Promise<IDBPDatabase<WorkbenchDb>> | null = null;
  // What the database holds now, per file and chunk: used to skip unchanged chunks. null =
  // unknown (nothing loaded or saved by this adapter yet): the first save rewrites every chunk.
  let stored: Array<Array<readonly Entry[]>> | null = null;
  // The crawl tables the database holds now, in order; null = unknown (rewritten on first save).
  let storedCrawls: CrawlTable[] | null = null;
  // The source bytes the database holds now, per file; null = unknown (rewritten on first save).
  let storedSources: Array<Uint8Array | undefined> | null = null;
  const open = () => {
    db ??= openDb(dbName).catch((e: unknown) => {
      db = null;
      throw e;
    });
    return db;
  };
  return {
    async load() {
      const d = await open();
      const meta = await d.get('meta', KEY_);
      if (!meta || typeof meta === 'string' || meta instanceof Uint8Array || 'parts' in meta) return null;
      if (meta.format === 'recent') return null;
      const tx = d.transaction('chunks');
      const readFile = async (k: number, chunks: number) => {
        const parts = await Promise.all(
          Array.from({ length: chunks }, (_, c) => tx.store.get(base + k * FILE_KEY_SPAN + c)),
        );
        return parts.some((p) => !p) ? null : (parts as Entry[][]);
      };
      if (meta.format === 1) {
        const parts = await readFile(0, meta.chunks);
        if (!parts) return null;
        stored = [parts];
        storedCrawls = null;
        const { chunks: _c, rows: _r, doc, crawl: _k, ...rest } = meta;
        return upgradeSaved({ ...rest, doc: { ...doc, entries: parts.flat() } });
      }
      const files: SavedFile[] = [];
      const all: Entry[][][] = [];
      const withSource: boolean[] = [];
      for (let k = 0; k < meta.files.length; k++) {
        const { chunks, rows: _r, doc, crawl: _k, source: hasSource, ...rest } = meta.files[k];
        const parts = await readFile(k, chunks);
        if (!parts) return null;
        all.push(parts);
        files.push({ ...rest, doc: { ...doc, entries: parts.flat() } });
        withSource.push(hasSource === true);
      }
      stored = all;
      // Read after the chunks: awaiting another request mid-loop would let `tx` commit. A
      // missing source only costs the kept formatting: the document loads without it.
      const sources = await Promise.all(
        withSource.map((has, k) => (has ? d.get('meta', sourceKey(KEY_, k)) : undefined)),
      );
      storedSources = sources.map((b, k) => {
        if (!(b instanceof Uint8Array)) return undefined;
        files[k].source = b;
        return b;
      });
      // An incomplete crawl table is dropped (the audit is gone, the documents are not).
      const tables = await Promise.all(
        Array.from({ length: meta.crawls ?? 0 }, (_, i) => loadCrawl(d, KEY_, i)),
      );
      meta.files.forEach((f, k) => {
        const table = f.crawl === undefined ? undefined : tables[f.crawl];
        if (table) files[k].crawl = table;
      });
      storedCrawls = tables.every((t) => t !== undefined) ? (tables as CrawlTable[]) : null;
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
      if (before === null) writes.push(chunkStore.delete(range()));
      const next: Array<Array<readonly Entry[]>> = [];
      const files: FileMeta[] = [];
      const tables = crawlTables(session);
      for (let k = 0; k < session.files.length; k++) {
        const { doc, crawl, source, ...fileRest } = session.files[k];
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
            const put = chunkStore.put(chunk, base + k * FILE_KEY_SPAN + c);
            writes.push(put);
            // One chunk's structured clone per task, so saving 1,000,000 rows never blocks the page in
            // one piece; awaiting the transaction's own requests keeps it open (all or nothing).
            await put.catch(() => undefined);
          }
        }
        for (let c = count; c < had.length; c++) writes.push(chunkStore.delete(base + k * FILE_KEY_SPAN + c));
        next.push(kept);
        const file: FileMeta = { ...fileRest, doc: docRest, chunks: count, rows: entries.length };
        if (crawl) file.crawl = tables.indexOf(crawl);
        if (source) file.source = true;
        files.push(file);
      }
      const sources = session.files.map((f) => f.source);
      const sameSources =
        storedSources !== null &&
        storedSources.length === sources.length &&
        storedSources.every((b, k) => b === sources[k]);
      if (!sameSources) {
        const metaStore = tx.objectStore('meta');
        writes.push(metaStore.delete(sourceRange(KEY_)));
        for (let k = 0; k < sources.length; k++) {
          const bytes = sources[k];
          if (!bytes) continue;
          const put = metaStore.put(bytes, sourceKey(KEY_, k));
          writes.push(put);
          await put.catch(() => undefined);
        }
      }
      for (let k = session.files.length; k < (before?.length ?? 0); k++)
        for (let c = 0; c < before![k].length; c++)
          writes.push(chunkStore.delete(base + k * FILE_KEY_SPAN + c));
      const sameCrawls =
        storedCrawls !== null &&
        storedCrawls.length === tables.length &&
        storedCrawls.every((t, i) => t === tables[i]);
      if (!sameCrawls) {
        const metaStore = tx.objectStore('meta');
        writes.push(metaStore.delete(crawlRange(KEY_)));
        for (let i = 0; i < tables.length; i++) {
          const { text, ...rest } = tables[i];
          const parts = Math.ceil(text.length / TEXT_PART);
          for (let p = 0; p < parts; p++) {
            const put = metaStore.put(text.slice(p * TEXT_PART, (p + 1) * TEXT_PART), textKey(KEY_, i, p));
            writes.push(put);
            await put.catch(() => undefined);
          }
          writes.push(metaStore.put({ ...rest, parts }, crawlKey(KEY_, i)));
        }
      }
      const meta: SessionMeta = { format: 2, savedAt: session.savedAt, active: session.active, files };
      if (tables.length > 0) meta.crawls = tables.length;
      writes.push(tx.objectStore('meta').put(meta, KEY_));
      await Promise.all([...writes, tx.done]);
      stored = next;
      storedCrawls = tables;
      storedSources = sources;
    },
    async clear() {
      const d = await open();
      const tx = d.transaction(['meta', 'chunks'], 'readwrite');
      await Promise.all([
        tx.objectStore('meta').delete(KEY_),
        tx.objectStore('meta').delete(crawlRange(KEY_)),
        tx.objectStore('meta').delete(sourceRange(KEY_)),
        tx.objectStore('chunks').delete(range()),
        tx.done,
      ]);
      stored = [];
      storedCrawls = [];
      storedSources = [];
    },
  };
}

const RECENT_KEY = 'recent';

/**
 * Recent sessions in IndexedDB: the list in meta 'recent', each session stored like the current
 * one under `recent:<slot>` with its own chunk key range. Null without IndexedDB.
 *
 * @example const recent = createIdbRecent(); await recent?.list();
 */
export function createIdbRecent(dbName = DB_NAME): RecentStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const slotStore = (slot: number) =>
    createIdbPersistence(dbName, `recent:${slot}`, (slot + 1) * SESSION_KEY_SPAN)!;
  const readList = async (): Promise<RecentEntry[]> => {
    const meta = await (await openDb(dbName)).get('meta', RECENT_KEY);
    return typeof meta === 'object' &&
      !(meta instanceof Uint8Array) &&
      'format' in meta &&
      meta.format === 'recent'
      ? meta.list
      : [];
  };
  const writeList = async (list: RecentEntry[]) => {
    await (await openDb(dbName)).put('meta', { format: 'recent', list }, RECENT_KEY);
  };
  return {
    list: readList,
    async write(list, slot, session) {
      if (slot !== null && session !== null) await slotStore(slot).save(session);
      await writeList(list);
    },
    async read(slot) {
      return slotStore(slot).load();
    },
    async drop(slot) {
      await slotStore(slot).clear();
    },
  };
}
