/**
 * IndexedDB persistence for autosave, using the `idb` wrapper. This module is the only one in
 * state/ that touches `indexedDB`.
 *
 * Entries are stored in chunks of `CHUNK_SIZE` rows. Entries are immutable objects, so a chunk
 * whose entries are the very same objects as at the last save is skipped: after a cell edit in a
 * 1,000,000-row document one chunk is written instead of the whole document, which keeps the
 * structured-clone cost of a save small.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CrawlTable } from '../core/crawl/table.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import type { PersistenceAdapter, SavedWorkspace } from './persist.ts';

/** Rows per stored chunk. */
export const CHUNK_SIZE = 10_000;

type Meta = Omit<SavedWorkspace, 'doc' | 'crawl'> & {
  doc: Omit<SitemapDocument, 'entries'>;
  chunks: number;
  rows: number;
  /** True when crawl data is stored under `CRAWL_KEY`. */
  crawl?: boolean;
};

interface WorkbenchDb extends DBSchema {
  meta: { key: string; value: Meta | StoredCrawl | string };
  chunks: { key: number; value: Entry[] };
}

const DB_NAME = 'sitemap-workbench';
const KEY = 'current';
/** The attached crawl data, written only when it changes (it can be tens of MB). */
const CRAWL_KEY = 'crawl';
/** The crawl's string table is stored in parts of this many characters, one clone per task. */
const TEXT_PART = 4 * 2 ** 20;
const textKey = (part: number) => `crawl-text-${part}`;

/** A crawl table as stored: its string table lives under `textKey(0..parts-1)`. */
type StoredCrawl = Omit<CrawlTable, 'text'> & { parts: number };

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

/** The stored crawl table with its string parts joined again, or undefined when incomplete. */
async function loadCrawl(d: IDBPDatabase<WorkbenchDb>): Promise<CrawlTable | undefined> {
  const stored = (await d.get('meta', CRAWL_KEY)) as StoredCrawl | undefined;
  if (!stored) return undefined;
  const { parts, ...rest } = stored;
  const texts = await Promise.all(Array.from({ length: parts }, (_, p) => d.get('meta', textKey(p))));
  if (texts.some((t) => typeof t !== 'string')) return undefined;
  return { ...rest, text: texts.join('') };
}

/**
 * An adapter over IndexedDB, or null when the browser has none (some private modes). Opening
 * is lazy; every method rejects on storage errors (quota, blocked), which the store turns into
 * a notice. Meta and changed chunks are written in one transaction, so a save is all or nothing.
 *
 * @example const storage = createIdbPersistence(); if (storage) await storage.save(workspace);
 */
export function createIdbPersistence(dbName = DB_NAME): PersistenceAdapter | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: Promise<IDBPDatabase<WorkbenchDb>> | null = null;
  // What the database holds now, by chunk: used to skip unchanged chunks.
  let stored: Array<readonly Entry[]> = [];
  let storedCrawl: CrawlTable | undefined;
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
      const meta = (await d.get('meta', KEY)) as Meta | undefined;
      if (!meta) return null;
      const crawl = meta.crawl ? await loadCrawl(d) : undefined;
      storedCrawl = crawl;
      const tx = d.transaction('chunks');
      const parts = await Promise.all(Array.from({ length: meta.chunks }, (_, i) => tx.store.get(i)));
      if (parts.some((p) => !p)) return null;
      stored = parts as Entry[][];
      const { chunks: _c, rows: _r, doc, crawl: _k, ...rest } = meta;
      const w: SavedWorkspace = { ...rest, doc: { ...doc, entries: stored.flat() } };
      if (crawl) w.crawl = crawl;
      return w;
    },
    async save(workspace) {
      const d = await open();
      const { entries, ...docRest } = workspace.doc;
      const count = Math.ceil(entries.length / CHUNK_SIZE);
      const tx = d.transaction(['meta', 'chunks'], 'readwrite');
      // Reported through the Promise.all below; this only marks the rejection as handled meanwhile.
      tx.done.catch(() => undefined);
      const next: Array<readonly Entry[]> = [];
      const writes: Promise<unknown>[] = [];
      for (let c = 0; c < count; c++) {
        const from = c * CHUNK_SIZE;
        const to = Math.min(entries.length, from + CHUNK_SIZE);
        if (sameChunk(stored[c], entries, from, to)) next.push(stored[c]);
        else {
          const chunk = entries.slice(from, to);
          next.push(chunk);
          const put = tx.objectStore('chunks').put(chunk, c);
          writes.push(put);
          // One chunk's structured clone per task, so saving 1,000,000 rows never blocks the page in
          // one piece; awaiting the transaction's own requests keeps it open (all or nothing).
          await put.catch(() => undefined);
        }
      }
      for (let c = count; c < stored.length; c++) writes.push(tx.objectStore('chunks').delete(c));
      const { crawl, ...plain } = workspace;
      const meta: Meta = {
        ...plain,
        doc: docRest,
        chunks: count,
        rows: entries.length,
        crawl: crawl !== undefined,
      };
      if (crawl !== storedCrawl) {
        if (crawl) {
          const { text, ...rest } = crawl;
          const parts = Math.ceil(text.length / TEXT_PART);
          for (let p = 0; p < parts; p++) {
            const put = tx
              .objectStore('meta')
              .put(text.slice(p * TEXT_PART, (p + 1) * TEXT_PART), textKey(p));
            writes.push(put);
            await put.catch(() => undefined);
          }
          writes.push(tx.objectStore('meta').put({ ...rest, parts }, CRAWL_KEY));
        } else writes.push(tx.objectStore('meta').delete(CRAWL_KEY));
      }
      writes.push(tx.objectStore('meta').put(meta, KEY));
      await Promise.all([...writes, tx.done]);
      stored = next;
      storedCrawl = crawl;
    },
    async clear() {
      const d = await open();
      const tx = d.transaction(['meta', 'chunks'], 'readwrite');
      await Promise.all([tx.objectStore('meta').clear(), tx.objectStore('chunks').clear(), tx.done]);
      stored = [];
      storedCrawl = undefined;
    },
  };
}
