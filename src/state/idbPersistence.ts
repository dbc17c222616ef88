/**
 * IndexedDB persistence for autosave, using the `idb` wrapper. This module is the only one in
 * state/ that touches `indexedDB`.
 *
 * Every file of the session is stored in chunks of `CHUNK_SIZE` rows; file `k`'s chunk `c` has
 * the key `k * FILE_KEY_SPAN + c` (a format-1 record, one document, used keys 0..n-1, which is
 * file 0's range: it loads unchanged). Entries are immutable objects, so a chunk whose entries
 * are the very same objects as at the last save is skipped: after a cell edit in a
 * 1,000,000-row document one chunk is written instead of the whole document. A chunk is stored as
 * its rows' entry columns (workers/entryColumns.ts, see `rowsOf`); one saved as entry objects
 * (before session 15) still loads.
 *
 * Crawl data attached for the audit (issue 17) is stored once per session and table (every file
 * of a workspace shares one): `<key>#crawl-<i>` holds the table's scalars, and each of its typed
 * arrays (`CRAWL_ARRAYS`) lives in parts of `CRAWL_PART_BYTES` bytes under `<key>#crawl-<i>-<array>-<p>`
 * (one small copy per task, so saving a 1,000,000-row crawl never blocks the page in one piece);
 * a file's meta names its table by `crawl: i`. Tables are rewritten only when they change (they
 * can be tens of MB). A table stored in an older layout is dropped on load (the audit is gone,
 * the documents are not).
 *
 * The bytes of the file each document was opened from (kept so an export after a reload can keep
 * the file's formatting) are stored under `<key>#source-<k>` for file `k`, and likewise rewritten
 * only when they change, i.e. when another file is opened.
 *
 * The findings of reading each file (`SavedFile.parse`, at most half a million) are stored under
 * `<key>#parse-<k>-<p>` in parts of `PARSE_PART_ISSUES`, rewritten only when the list changes
 * (an edit of a field with a finding), not with every save's meta.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { CRAWL_ARRAYS, type CrawlTable } from '../core/crawl/table.ts';
import {
  type EntrySource,
  lazyEntries,
  type Slot,
  slotPeek,
  slotsOf,
  sourceOf,
} from '../core/lazyEntries.ts';
import type { Entry, Issue, SitemapDocument } from '../core/model.ts';
import type { EntryColumns } from '../workers/entryColumns.ts';
import { EntryRows, objectColumns } from '../workers/entryRows.ts';
import {
  type PersistenceAdapter,
  type SavedFile,
  type SavedSession,
  type SavedWorkspaceV1,
  upgradeSaved,
  withCleanMarks,
} from './persist.ts';
import type { RecentEntry, RecentStore } from './recent.ts';

/**
 * Rows per stored chunk: each chunk is one put, one structured clone in its own task. 10,000 rows
 * (before session 6) made autosave tasks of 20-40 ms that fell between the frames of a scroll of
 * a 1,000,000-row document; sessions saved with other chunk sizes still load (a chunk's rows are
 * counted, not assumed) and are rewritten by the next save.
 */
export const CHUNK_SIZE = 2_000;
/** Chunk keys per file (room for 10^10 rows per file). */
export const FILE_KEY_SPAN = 1_000_000;
/** Chunk keys per stored session (1,000 files): the current session uses 0.., Recent slot r `(r + 1) * SESSION_KEY_SPAN`.. */
export const SESSION_KEY_SPAN = 1_000 * FILE_KEY_SPAN;

type FileMeta = Omit<SavedFile, 'doc' | 'crawl' | 'source' | 'parse'> & {
  doc: Omit<SitemapDocument, 'entries'>;
  chunks: number;
  rows: number;
  /** Index of this file's crawl table (see `crawlKey`), when it has one. */
  crawl?: number;
  /**
   * The file's source bytes are stored: `true`, whole under `sourceKey(key, k)` (sessions saved
   * before session 6); a number, in that many parts of {@link SOURCE_PART_BYTES} under
   * `sourcePartKey(key, k, p)`.
   */
  source?: true | number;
  /** The file's parse findings are stored, in this many parts under `parsePartKey(key, k, p)`. */
  parse?: number;
};
type SessionMeta = Omit<SavedSession, 'files'> & {
  files: FileMeta[];
  /** How many crawl tables are stored for this session. */
  crawls?: number;
};
type CrawlArray = (typeof CRAWL_ARRAYS)[number];
/** A crawl table as stored: each typed array in `parts[array]` parts (`partKey`). */
type StoredCrawl = Pick<CrawlTable, 'fileName' | 'format' | 'rows' | 'duplicates' | 'warnings'> & {
  v: 2;
  parts: Record<CrawlArray, number>;
};
type RecentMeta = { format: 'recent'; list: RecentEntry[] };
type V1Meta = Omit<SavedWorkspaceV1, 'doc'> & {
  doc: Omit<SitemapDocument, 'entries'>;
  chunks: number;
  rows: number;
};

interface WorkbenchDb extends DBSchema {
  meta: {
    key: string;
    value:
      | SessionMeta
      | V1Meta
      | RecentMeta
      | StoredCrawl
      | ArrayBuffer
      | string
      | Uint8Array
      | Issue[]
      | string[];
  };
  /** A chunk's rows: their entry columns, or entry objects (saved before session 15); see `rowsOf`. */
  chunks: { key: number; value: Entry[] | EntryColumns };
}

/**
 * The rows of a stored chunk, as columns. Chunks are saved as entry columns (the worker's format,
 * workers/entryColumns.ts): one string and a few typed arrays to clone instead of 2,000 objects
 * and their strings. A restored document keeps them as they are and makes each entry when read,
 * as after an open (`restoredRows`; core/lazyEntries.ts). Chunks saved as entry objects still load.
 */
function columnsOf(stored: Entry[] | EntryColumns | undefined): EntryColumns | undefined {
  if (stored === undefined) return undefined;
  return Array.isArray(stored) ? objectColumns(stored) : stored;
}

/**
 * A restored file's entries from its stored chunks (in order), made when read, and each chunk's
 * slots (what the adapter holds as saved, `changedChunks`).
 */
function restoredRows(parts: readonly EntryColumns[]): { entries: Entry[]; chunks: Slot[][] } {
  const rows = new EntryRows();
  const slots: Slot[] = [];
  const chunks: Slot[][] = [];
  for (const c of parts) {
    const from = rows.n;
    rows.add(c);
    const chunk: Slot[] = [];
    for (let i = from; i < rows.n; i++) {
      slots.push(i);
      chunk.push(i);
    }
    chunks.push(chunk);
  }
  return { entries: lazyEntries(rows, slots), chunks };
}

const DB_NAME = 'sitemap-workbench';
const KEY = 'current';
/**
 * A crawl table's arrays are stored in parts of this many bytes, one copy per task: 4 MiB parts
 * (session 7) took 14-23 ms to copy plus 13-39 ms to clone per task beside a 1,000,000-row
 * document (session 8 trace, load 8).
 */
export const CRAWL_PART_BYTES = 2 ** 20;
const crawlPrefix = (key: string) => `${key}#crawl-`;
const crawlKey = (key: string, i: number) => `${crawlPrefix(key)}${i}`;
const partKey = (key: string, i: number, array: CrawlArray, part: number) =>
  `${crawlKey(key, i)}-${array}-${part}`;
const ARRAY_TYPES: Record<CrawlArray, { new (b: ArrayBuffer): CrawlTable[CrawlArray] }> = {
  bytes: Uint8Array,
  starts: Int32Array,
  canonical: Int32Array,
  redirect: Int32Array,
  lastmod: Int32Array,
  status: Int16Array,
  flags: Uint8Array,
  exact: Int32Array,
  norm: Int32Array,
};
/** Every crawl key of a session. */
const crawlRange = (key: string) => IDBKeyRange.bound(crawlPrefix(key), `${crawlPrefix(key)}\uffff`);
const sourcePrefix = (key: string) => `${key}#source-`;
const sourceKey = (key: string, k: number) => `${sourcePrefix(key)}${k}`;
/**
 * A file's source bytes are stored in parts of this many bytes, one put (one structured clone)
 * per task: putting a 25 MB file whole blocked the page for 300 ms of CPU (session 6, 1M open).
 */
export const SOURCE_PART_BYTES = 2 ** 20;
const sourcePartKey = (key: string, k: number, part: number) => `${sourceKey(key, k)}-${part}`;
/** Every source key of a session. */
const sourceRange = (key: string) => IDBKeyRange.bound(sourcePrefix(key), `${sourcePrefix(key)}\uffff`);

/** The states of the files exported since (`PersistenceAdapter.markClean`). */
const cleanKey = (key: string) => `${key}#clean`;
const parsePrefix = (key: string) => `${key}#parse-`;
const parsePartKey = (key: string, k: number, part: number) => `${parsePrefix(key)}${k}-${part}`;
/** Every parse-findings key of a session. */
const parseRange = (key: string) => IDBKeyRange.bound(parsePrefix(key), `${parsePrefix(key)}\uffff`);
/**
 * Parse findings per stored part, one put (one structured clone) per task: a hostile file's
 * half a million findings are 25 parts.
 */
export const PARSE_PART_ISSUES = 20_000;

/** File `k`'s stored parse findings (`parts` as in `FileMeta.parse`), or undefined when missing. */
async function loadParse(
  d: IDBPDatabase<WorkbenchDb>,
  key: string,
  k: number,
  parts: number | undefined,
): Promise<Issue[] | undefined> {
  if (parts === undefined) return undefined;
  const got = await Promise.all(
    Array.from({ length: parts }, (_, p) => d.get('meta', parsePartKey(key, k, p))),
  );
  if (!got.every(Array.isArray)) return undefined;
  return parts === 1 ? (got[0] as Issue[]) : (got as Issue[][]).flat();
}

/** Stored crawl table `i` with its arrays joined again, or undefined when incomplete or old. */
async function loadCrawl(
  d: IDBPDatabase<WorkbenchDb>,
  key: string,
  i: number,
): Promise<CrawlTable | undefined> {
  const stored = await d.get('meta', crawlKey(key, i));
  if (typeof stored !== 'object' || !('v' in stored) || stored.v !== 2) return undefined;
  const { parts, v: _v, ...rest } = stored;
  const arrays: Partial<Record<CrawlArray, CrawlTable[CrawlArray]>> = {};
  for (const name of CRAWL_ARRAYS) {
    const got = await Promise.all(
      Array.from({ length: parts[name] }, (_, p) => d.get('meta', partKey(key, i, name, p))),
    );
    if (got.some((g) => !(g instanceof ArrayBuffer))) return undefined;
    const buffers = got as ArrayBuffer[];
    const all = new Uint8Array(buffers.reduce((n, b) => n + b.byteLength, 0));
    let at = 0;
    for (const b of buffers) {
      all.set(new Uint8Array(b), at);
      at += b.byteLength;
    }
    arrays[name] = new ARRAY_TYPES[name](all.buffer);
  }
  return { ...rest, ...(arrays as Pick<CrawlTable, CrawlArray>) };
}

/** File `k`'s stored source bytes (`has` as in `FileMeta.source`), or undefined when missing. */
async function loadSource(
  d: IDBPDatabase<WorkbenchDb>,
  key: string,
  k: number,
  has: true | number | undefined,
): Promise<Uint8Array | undefined> {
  if (has === undefined) return undefined;
  if (has === true) {
    const whole = await d.get('meta', sourceKey(key, k));
    return whole instanceof Uint8Array ? whole : undefined;
  }
  const got = await Promise.all(
    Array.from({ length: has }, (_, p) => d.get('meta', sourcePartKey(key, k, p))),
  );
  if (!got.every((g) => g instanceof Uint8Array)) return undefined;
  const parts = got as Uint8Array[];
  if (parts.length === 1) return parts[0];
  const all = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
  let at = 0;
  let copied = 0;
  for (const b of parts) {
    all.set(b, at);
    at += b.length;
    // A 225 MB file in one task was 150-200 ms of CPU (1M restore trace, session 9): in steps.
    copied += b.length;
    if (copied >= SOURCE_BYTES_PER_TASK && at < all.length) {
      copied = 0;
      await nextTask();
    }
  }
  return all;
}

/** Bytes of a saved source file put together per task on load. */
const SOURCE_BYTES_PER_TASK = 8 * 2 ** 20;

/** The distinct crawl tables of a session, in file order. */
function crawlTables(session: SavedSession): CrawlTable[] {
  const tables: CrawlTable[] = [];
  for (const f of session.files) if (f.crawl && !tables.includes(f.crawl)) tables.push(f.crawl);
  return tables;
}

/**
 * True when rows `from`…`to` of `slots` (over `source`) are the stored chunk `a` (over `hadSource`):
 * the same entries, or the same unmade rows of one source (core/lazyEntries.ts). A row made since
 * it was stored is the entry its source keeps for it.
 */
function sameChunk(
  a: readonly Slot[] | undefined,
  hadSource: EntrySource | null,
  slots: readonly Slot[],
  source: EntrySource | null,
  from: number,
  to: number,
): boolean {
  if (!a || a.length !== to - from) return false;
  for (let i = from; i < to; i++) {
    const x = a[i - from];
    const y = slots[i];
    if (x === y && (typeof x !== 'number' || hadSource === source)) continue;
    if (typeof x === 'number' && typeof y !== 'number' && hadSource?.peek(x) === y) continue;
    if (typeof y === 'number' && typeof x !== 'number' && source?.peek(y) === x) continue;
    return false;
  }
  return true;
}

/**
 * Chunks compared per task when looking for the changed ones: 100 chunks are 200,000 entry
 * compares, a few ms. Comparing all of a 1,000,000-row document in one task took 16-32 ms of CPU
 * (86 ms with the join of a crawl running beside it; session 8 trace).
 */
export const COMPARED_CHUNKS_PER_TASK = 100;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Which chunks of `entries` differ from `had` (what the database holds): their indices, in order.
 * A document's entries array is never changed in place (a patch makes a new one), so the array
 * saved last means no chunk changed and nothing is read; otherwise the compare yields to the page
 * every {@link COMPARED_CHUNKS_PER_TASK} chunks. Runs before the save's transaction opens (a
 * transaction with no request pending commits at the end of the task).
 */
async function changedChunks(
  had: ReadonlyArray<readonly Slot[]>,
  entries: readonly Entry[],
  savedEntries: readonly Entry[] | undefined,
): Promise<number[]> {
  const count = Math.ceil(entries.length / CHUNK_SIZE);
  if (savedEntries === entries && had.length === count) return [];
  const { slots, source } = slotsOf(entries);
  const hadSource = savedEntries ? sourceOf(savedEntries) : null;
  const changed: number[] = [];
  for (let c = 0; c < count; c++) {
    if (c > 0 && c % COMPARED_CHUNKS_PER_TASK === 0) await nextTask();
    const from = c * CHUNK_SIZE;
    if (!sameChunk(had[c], hadSource, slots, source, from, Math.min(slots.length, from + CHUNK_SIZE)))
      changed.push(c);
  }
  return changed;
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
  let stored: Array<Array<readonly Slot[]>> | null = null;
  // The entries array each file had when `stored` was last written or read (see `changedChunks`).
  let storedEntries: Array<readonly Entry[]> = [];
  // The crawl tables the database holds now, in order; null = unknown (rewritten on first save).
  let storedCrawls: CrawlTable[] | null = null;
  // The source bytes the database holds now, per file; null = unknown (rewritten on first save).
  let storedSources: Array<Uint8Array | undefined> | null = null;
  // The parse findings the database holds now, per file; null = unknown (rewritten on first save).
  let storedParses: Array<readonly Issue[] | undefined> | null = null;
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
      if (
        !meta ||
        typeof meta === 'string' ||
        meta instanceof ArrayBuffer ||
        meta instanceof Uint8Array ||
        Array.isArray(meta) ||
        'parts' in meta ||
        meta.format === 'recent'
      )
        return null;
      const tx = d.transaction('chunks');
      const readFile = async (k: number, chunks: number) => {
        const parts = await Promise.all(
          // Each chunk decoded as it arrives (its own task), not all at the end.
          Array.from({ length: chunks }, (_, c) =>
            tx.store.get(base + k * FILE_KEY_SPAN + c).then(columnsOf),
          ),
        );
        return parts.some((p) => !p) ? null : restoredRows(parts as EntryColumns[]);
      };
      if (meta.format === 1) {
        const parts = await readFile(0, meta.chunks);
        if (!parts) return null;
        stored = [parts.chunks];
        storedCrawls = null;
        const { chunks: _c, rows: _r, doc, crawl: _k, ...rest } = meta;
        const saved = upgradeSaved({ ...rest, doc: { ...doc, entries: parts.entries } });
        storedEntries = saved ? saved.files.map((f) => f.doc.entries) : [];
        return saved;
      }
      const files: SavedFile[] = [];
      const all: Slot[][][] = [];
      const withSource: Array<true | number | undefined> = [];
      const withParse: Array<number | undefined> = [];
      for (let k = 0; k < meta.files.length; k++) {
        const {
          chunks,
          rows: _r,
          doc,
          crawl: _k,
          source: hasSource,
          parse: hasParse,
          ...rest
        } = meta.files[k];
        const parts = await readFile(k, chunks);
        if (!parts) return null;
        all.push(parts.chunks);
        files.push({ ...rest, doc: { ...doc, entries: parts.entries } });
        withSource.push(hasSource);
        withParse.push(hasParse);
      }
      stored = all;
      storedEntries = files.map((f) => f.doc.entries);
      // Read after the chunks: awaiting another request mid-loop would let `tx` commit. A
      // missing source only costs the kept formatting: the document loads without it.
      const sources = await Promise.all(withSource.map((has, k) => loadSource(d, KEY_, k, has)));
      const loaded = sources.map((b, k) => {
        if (!(b instanceof Uint8Array)) return undefined;
        files[k].source = b;
        return b;
      });
      // A source stored whole (an older save) is rewritten in parts by the next save.
      storedSources = withSource.includes(true) ? null : loaded;
      // Missing findings (parts lost) only cost the findings: the document loads without them.
      const parses = await Promise.all(withParse.map((n, k) => loadParse(d, KEY_, k, n)));
      storedParses = parses.map((list, k) => {
        if (list) files[k].parse = list;
        return list;
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
      const marked = await d.get('meta', cleanKey(KEY_));
      const session: SavedSession = { format: 2, savedAt: meta.savedAt, active: meta.active, files };
      return Array.isArray(marked) && marked.every((m) => typeof m === 'string')
        ? withCleanMarks(session, marked as string[])
        : session;
    },
    async markClean(states) {
      await (await open()).put('meta', states, cleanKey(KEY_));
    },
    async save(session) {
      const d = await open();
      const before = stored;
      // Which chunks changed, found before the transaction opens (the compare yields to the page).
      const changed: number[][] = [];
      for (let k = 0; k < session.files.length; k++) {
        const entries = session.files[k].doc.entries;
        changed.push(await changedChunks(before?.[k] ?? [], entries, before ? storedEntries[k] : undefined));
      }
      // Loaded before the transaction opens (a transaction with no request pending commits).
      const { encodeEntryColumns } = await import('../workers/entryColumnsEncode.ts');
      const tx = d.transaction(['meta', 'chunks'], 'readwrite');
      // Reported through the Promise.all below; this only marks the rejection as handled meanwhile.
      tx.done.catch(() => undefined);
      const chunkStore = tx.objectStore('chunks');
      const writes: Promise<unknown>[] = [];
      if (before === null) writes.push(chunkStore.delete(range()));
      const next: Array<Array<readonly Slot[]>> = [];
      const files: FileMeta[] = [];
      const tables = crawlTables(session);
      for (let k = 0; k < session.files.length; k++) {
        const { doc, crawl, source, parse, ...fileRest } = session.files[k];
        const { entries, ...docRest } = doc;
        const count = Math.ceil(entries.length / CHUNK_SIZE);
        const had = before?.[k] ?? [];
        const kept: Array<readonly Slot[]> = had.slice(0, count);
        // A received document's rows not read yet are read here and dropped: a save makes no
        // entry to keep (core/lazyEntries.ts).
        const { slots, source: rowSource } = slotsOf(entries);
        for (const c of changed[k]) {
          const from = c * CHUNK_SIZE;
          const chunk = slots.slice(from, Math.min(slots.length, from + CHUNK_SIZE));
          kept[c] = chunk;
          const rows = chunk.map((v) => slotPeek(v, rowSource));
          const put = chunkStore.put(encodeEntryColumns(rows, 0, rows.length), base + k * FILE_KEY_SPAN + c);
          writes.push(put);
          // One chunk's structured clone per task, so saving 1,000,000 rows never blocks the page in
          // one piece; awaiting the transaction's own requests keeps it open (all or nothing).
          await put.catch(() => undefined);
        }
        for (let c = count; c < had.length; c++) writes.push(chunkStore.delete(base + k * FILE_KEY_SPAN + c));
        next.push(kept);
        const file: FileMeta = { ...fileRest, doc: docRest, chunks: count, rows: entries.length };
        if (crawl) file.crawl = tables.indexOf(crawl);
        if (source) file.source = Math.max(1, Math.ceil(source.length / SOURCE_PART_BYTES));
        if (parse && parse.length > 0) file.parse = Math.ceil(parse.length / PARSE_PART_ISSUES);
        files.push(file);
      }
      const parses = session.files.map((f) => (f.parse && f.parse.length > 0 ? f.parse : undefined));
      const sameParses =
        storedParses !== null &&
        storedParses.length === parses.length &&
        storedParses.every((list, k) => list === parses[k]);
      if (!sameParses) {
        const metaStore = tx.objectStore('meta');
        writes.push(metaStore.delete(parseRange(KEY_)));
        for (let k = 0; k < parses.length; k++) {
          const list = parses[k];
          if (!list) continue;
          for (let p = 0; p * PARSE_PART_ISSUES < list.length; p++) {
            const put = metaStore.put(
              list.slice(p * PARSE_PART_ISSUES, (p + 1) * PARSE_PART_ISSUES),
              parsePartKey(KEY_, k, p),
            );
            writes.push(put);
            await put.catch(() => undefined);
          }
        }
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
          const parts = Math.max(1, Math.ceil(bytes.length / SOURCE_PART_BYTES));
          for (let p = 0; p < parts; p++) {
            const part = bytes.slice(p * SOURCE_PART_BYTES, (p + 1) * SOURCE_PART_BYTES);
            const put = metaStore.put(part, sourcePartKey(KEY_, k, p));
            writes.push(put);
            await put.catch(() => undefined);
          }
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
          const t = tables[i];
          const parts = {} as Record<CrawlArray, number>;
          for (const name of CRAWL_ARRAYS) {
            const a = t[name];
            const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
            parts[name] = Math.ceil(bytes.length / CRAWL_PART_BYTES);
            for (let p = 0; p < parts[name]; p++) {
              const put = metaStore.put(
                bytes.slice(p * CRAWL_PART_BYTES, (p + 1) * CRAWL_PART_BYTES).buffer,
                partKey(KEY_, i, name, p),
              );
              writes.push(put);
              await put.catch(() => undefined);
            }
          }
          const stored: StoredCrawl = { fileName: t.fileName, format: t.format, rows: t.rows, v: 2, parts };
          // What the reader noticed is said again after a reload (the crawl card shows it).
          if (t.duplicates !== undefined) stored.duplicates = t.duplicates;
          if (t.warnings !== undefined) stored.warnings = t.warnings;
          writes.push(metaStore.put(stored, crawlKey(KEY_, i)));
        }
      }
      const meta: SessionMeta = { format: 2, savedAt: session.savedAt, active: session.active, files };
      if (tables.length > 0) meta.crawls = tables.length;
      writes.push(tx.objectStore('meta').put(meta, KEY_));
      await Promise.all([...writes, tx.done]);
      stored = next;
      storedEntries = session.files.map((f) => f.doc.entries);
      storedCrawls = tables;
      storedSources = sources;
      storedParses = parses;
    },
    async clear() {
      const d = await open();
      const tx = d.transaction(['meta', 'chunks'], 'readwrite');
      await Promise.all([
        tx.objectStore('meta').delete(KEY_),
        tx.objectStore('meta').delete(crawlRange(KEY_)),
        tx.objectStore('meta').delete(sourceRange(KEY_)),
        tx.objectStore('meta').delete(parseRange(KEY_)),
        tx.objectStore('meta').delete(cleanKey(KEY_)),
        tx.objectStore('chunks').delete(range()),
        tx.done,
      ]);
      stored = [];
      storedEntries = [];
      storedCrawls = [];
      storedSources = [];
      storedParses = [];
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
      !(meta instanceof ArrayBuffer) &&
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
