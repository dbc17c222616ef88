/**
 * The crawl join's URL lookups done where the crawl table is built (the crawl worker), so the
 * page makes no strings, hashes no URL and probes no hash table for them. The page sends the
 * listed URLs once, as UTF-8 bytes made in steps (`listLocs`: the native encoder over each step's
 * URLs joined, two typed arrays, transferred); the worker answers each with the row whose URL is
 * exactly it (`exactRows`: hashed and compared as bytes there) and finds the CRAWL-006 candidates
 * (`crawlWanted`). `CrawlPreset` hands the answers to the validator: a row found is taken as it
 * is, and everything else (found only after normalisation, not crawled, an entry edited since it
 * was sent) goes through the join's own `matchRow`, so the result is the page join's.
 */
import { concatBytes, sameBytesAt, viewOf } from '../arrays.ts';
import { type EntrySource, type Slot as LazySlot, readRows, slotsOf } from '../lazyEntries.ts';
import type { Entry } from '../model.ts';
import { type CrawlJoin, crawlWanted } from './join.ts';
import { hashBytes } from './strings.ts';
import { type CrawlTable, FLAG, type SparseColumn, settleFlags } from './table.ts';

/** What the page sends the crawl worker to join: the listed URLs and the sitemap's scope. */
export interface ListedUrls {
  /**
   * The UTF-8 bytes of each listed URL, trimmed (as `CrawlJoin.matchRow` looks it up), one after
   * the other in these parts (one per step of `listLocs`: the page never copies them into one
   * buffer): joined, URL i is `bytes[starts[i], starts[i + 1])`.
   */
  parts: Uint8Array[];
  starts: Int32Array;
  /** `hashBytes` of each URL's bytes (what the crawl's exact-URL table is keyed by). */
  hashes: Uint32Array;
  /** `Validator.crawlScope()` when the URLs were taken. */
  scope: string;
}

/** The worker's answer: per sent URL the row crawled as exactly it (-1: none), and the CRAWL-006 candidates. */
export interface CrawlMatches {
  rows: Int32Array;
  wanted: Uint8Array;
  scope: string;
}

/** The listed URLs as bytes, and where each entry id is among them (kept on the page). */
export interface ListedLocs {
  parts: Uint8Array[];
  starts: Int32Array;
  hashes: Uint32Array;
  /** Position of each entry id in the entries listed (-1: not among them). */
  positions: Int32Array;
}

const ENC = new TextEncoder();

/**
 * The (trimmed) locs of `entries` as UTF-8 bytes, in steps of `step` entries (a caller spreads
 * the steps over tasks): yields the entries done, returns the bytes, where each URL starts and
 * their hashes and the entries' positions by id (`idLimit`: above every id, e.g. the document's
 * `nextId`). A step's URLs are joined and encoded in one native call (a step with a non-ASCII URL
 * is encoded URL by URL), then hashed as bytes: a third of the work of hashing them as strings.
 *
 * @example let s = listLocs(entries, doc.nextId), r = s.next(); while (!r.done) r = s.next(); post(r.value.bytes)
 */
export function* listLocs(
  entries: readonly Entry[],
  idLimit: number,
  step = 50_000,
): Generator<number, ListedLocs> {
  const n = entries.length;
  const parts: Uint8Array[] = [];
  const starts = new Int32Array(n + 1);
  const hashes = new Uint32Array(n);
  const positions = new Int32Array(idLimit).fill(-1);
  const urls: string[] = [];
  let at = 0;
  // Ids and locs of rows kept as columns are read from them: no entry made (core/lazyEntries.ts).
  const rows = readRows(entries);
  for (let from = 0; from < n; from += step) {
    const to = Math.min(n, from + step);
    urls.length = to - from;
    let chars = 0;
    for (let i = from; i < to; i++) {
      const url = rows.loc(i).trim();
      urls[i - from] = url;
      chars += url.length;
      const id = rows.id(i);
      if (id < idLimit) positions[id] = i;
    }
    // A step's bytes in a part of their own, sized for ASCII: all ASCII exactly when the text
    // fits (each character one byte); else encoded URL by URL into room for 3 bytes per unit.
    const text = urls.join('');
    let part = new Uint8Array(chars);
    const base = at;
    if (ENC.encodeInto(text, part).read === text.length) {
      for (let i = from; i < to; i++) starts[i + 1] = starts[i] + urls[i - from].length;
      at += chars;
    } else {
      const room = new Uint8Array(3 * chars);
      let w = 0;
      for (let i = from; i < to; i++) {
        const url = urls[i - from];
        if (url.length > 0) w += ENC.encodeInto(url, room.subarray(w)).written;
        starts[i + 1] = base + w;
      }
      part = room.slice(0, w);
      at += w;
    }
    parts.push(part);
    for (let i = from; i < to; i++) hashes[i] = hashBytes(part, starts[i] - base, starts[i + 1] - base);
    if (to < n) yield to;
  }
  urls.length = 0;
  return { parts, starts, hashes, positions };
}

/**
 * Per listed URL (`listLocs`' parts, starts and hashes), the row of `table` whose URL is exactly
 * it, or -1: `findExact` of each, done on bytes (its hash, then the rows with that hash in probe
 * order, compared byte for byte). `onProgress(done, total)` every 100,000. `urlHashes`: each row's URL
 * hash when the reader kept them (else they are computed).
 */
export function exactRows(
  table: Pick<CrawlTable, 'exact' | 'bytes' | 'starts' | 'rows'>,
  listed: Pick<ListedUrls, 'parts' | 'starts' | 'hashes'>,
  onProgress?: (done: number, total: number) => void,
  urlHashes?: Uint32Array,
): Int32Array {
  const { exact, bytes, starts } = table;
  let rowHash = urlHashes;
  if (rowHash?.length !== table.rows) {
    rowHash = new Uint32Array(table.rows);
    for (let r = 0; r < table.rows; r++) rowHash[r] = hashBytes(bytes, starts[r], starts[r + 1]);
  }
  const mask = exact.length - 1;
  const lb = concatBytes(listed.parts);
  const ls = listed.starts;
  const n = Math.max(0, ls.length - 1);
  const rowView = viewOf(bytes);
  const urlView = viewOf(lb);
  const rows = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = ls[i];
    const len = ls[i + 1] - s;
    let found = -1;
    if (len > 0) {
      const h = listed.hashes[i];
      for (let k = h & mask; exact[k] !== 0; k = (k + 1) & mask) {
        const r = exact[k] - 1;
        if (
          rowHash[r] === h &&
          starts[r + 1] - starts[r] === len &&
          sameBytesAt(rowView, starts[r], urlView, s, len)
        ) {
          found = r;
          break;
        }
      }
    }
    rows[i] = found;
    if (i % 100_000 === 99_999) onProgress?.(i + 1, n);
  }
  return rows;
}

/**
 * The rows one reader of a file split in two read (`CrawlReader.half`: views of what it keeps,
 * rows `0 … rows - 1`; `flags` before `settleFlags`).
 */
export interface CrawlHalf {
  rows: number;
  bytes: Uint8Array;
  starts: Int32Array;
  /** `hashBytes` of each row's URL. */
  hashes: Uint32Array;
  flags: Uint8Array;
  status: Int16Array;
  /** The canonical links that differ from the URL as written. */
  canonical: SparseColumn;
}

/**
 * The matches of the listed URLs against one half of a file read by two workers, as if that half
 * were the whole table: per URL the lowest row of the half crawled as exactly it (-1: none), and
 * the half's CRAWL-006 candidates. The half's own exact-URL table is built for it; its flags are
 * settled in place (`settleFlags`: each row's from its own cells, as `finishCrawlTable` does).
 * `mergeHalves` makes the answer of the two halves together from the two.
 */
export function matchHalf(half: CrawlHalf, listed: ListedUrls): CrawlMatches {
  const { rows, flags } = half;
  settleFlags(flags, half.status, half.canonical, half, 0, rows);
  return {
    rows: halfRows(half, listed),
    wanted: crawlWanted({ ...half, flags }, listed.scope),
    scope: listed.scope,
  };
}

/**
 * `exactRows` of the listed URLs against a half: the same answers (the lowest row crawled as
 * exactly each URL), from a table of the worker's own, thrown away after: each slot holds a row's
 * hash beside it (two Int32s; a quarter full), so a probe reads one place in memory and compares
 * bytes only for an equal hash. Half of the listed URLs or more are in the other half: their
 * probes end at an empty slot without touching the rows.
 */
function halfRows(half: CrawlHalf, listed: Pick<ListedUrls, 'parts' | 'starts' | 'hashes'>): Int32Array {
  const { rows: n, bytes, starts, hashes } = half;
  let size = 16;
  while (size < n * 4) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size * 2);
  for (let r = 0; r < n; r++) {
    const h = hashes[r] | 0;
    let k = h & mask;
    while (slots[2 * k + 1] !== 0) k = (k + 1) & mask;
    slots[2 * k] = h;
    slots[2 * k + 1] = r + 1;
  }
  const lb = concatBytes(listed.parts);
  const ls = listed.starts;
  const count = Math.max(0, ls.length - 1);
  const rowView = viewOf(bytes);
  const urlView = viewOf(lb);
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const s = ls[i];
    const len = ls[i + 1] - s;
    let found = -1;
    if (len > 0) {
      const h = listed.hashes[i] | 0;
      for (let k = h & mask; ; k = (k + 1) & mask) {
        const v = slots[2 * k + 1];
        if (v === 0) break;
        if (slots[2 * k] !== h) continue;
        const r = v - 1;
        if (starts[r + 1] - starts[r] === len && sameBytesAt(rowView, starts[r], urlView, s, len)) {
          found = r;
          break;
        }
      }
    }
    out[i] = found;
  }
  return out;
}

/**
 * The matches of a table made of two halves (`second`'s rows after `first`'s `firstRows`), from
 * each half's (`matchHalf`), equal to matching the joined table: a URL crawled in both halves is
 * answered with its first half's row (the exact-URL table meets equal URLs lowest row first), one
 * crawled only in the second with its row there plus `firstRows`; the candidates one after the
 * other. Reuses `first`'s rows array.
 */
export function mergeHalves(first: CrawlMatches, second: CrawlMatches, firstRows: number): CrawlMatches {
  const { rows } = first;
  const more = second.rows;
  for (let i = 0; i < rows.length; i++) if (rows[i] < 0 && more[i] >= 0) rows[i] = more[i] + firstRows;
  const wanted = new Uint8Array(first.wanted.length + second.wanted.length);
  wanted.set(first.wanted);
  wanted.set(second.wanted, first.wanted.length);
  return { rows, wanted, scope: first.scope };
}

/**
 * `m` without the rows `finishCrawlTable` found repeating an earlier row's URL among the
 * CRAWL-006 candidates: each half settled its candidates before the whole table was known.
 */
export function dropDuplicates(m: CrawlMatches, flags: Uint8Array): CrawlMatches {
  const { wanted } = m;
  for (let r = 0; r < wanted.length; r++)
    if (wanted[r] !== 0 && (flags[r] & FLAG.duplicate) !== 0) wanted[r] = 0;
  return m;
}

/**
 * The worker's candidate rows for the entries that were sent (`entries`, in the order sent),
 * looked up by entry: an entry object not among them (edited or added since) has none.
 */
export class CrawlPreset {
  /**
   * @param entries the entries sent, in the order sent
   * @param rows the worker's row per entry sent (`exactRows`)
   * @param pos position of each entry id in `entries` (`listLocs`' `positions`)
   */
  /** The slots of the entries sent (core/lazyEntries.ts): compared without making an entry. */
  private readonly slots: readonly LazySlot[];
  private readonly source: EntrySource | null;

  constructor(
    readonly table: CrawlTable,
    entries: readonly Entry[],
    private readonly rows: Int32Array,
    private readonly pos: Int32Array,
  ) {
    ({ slots: this.slots, source: this.source } = slotsOf(entries));
  }

  /**
   * The `CrawlJoin.matchRow` code of the entry with id `id` and loc `loc` (`e`: the entry, or its
   * row in `source` while not made): the worker's row when it found its URL as written, else the
   * join's own lookup (not found as written: after normalisation, or not crawled; or the entry was
   * not sent, or was edited since).
   */
  matchRow(join: CrawlJoin, e: LazySlot, id: number, loc: string, source: EntrySource | null = null): number {
    const row = this.sentRow(e, id, source);
    return row >= 0 ? row : join.matchRow(loc);
  }

  /**
   * The worker's row of the entry with id `id` when it was sent unedited and found as written,
   * else -1 (then its loc is looked up: `matchRow`). Reads no loc: a 1,000,000-entry join asks
   * this first, so the ~97% found as written make no loc string on the page.
   */
  sentRow(e: LazySlot, id: number, source: EntrySource | null = null): number {
    const p = id < this.pos.length ? this.pos[id] : -1;
    if (
      p >= 0 &&
      p < this.rows.length &&
      (typeof e !== 'number' || source === this.source) &&
      this.sent(p, e)
    )
      return this.rows[p];
    return -1;
  }

  /** True when position `p` of the sent entries holds `e` unedited (an entry or a source row). */
  private sent(p: number, e: LazySlot): boolean {
    const s = this.slots[p];
    if (s === e) return true;
    // One side made since: a made row is the source's kept entry (peek returns it).
    const src = this.source;
    if (src === null) return false;
    if (typeof s === 'number') return typeof e !== 'number' && src.peek(s) === e;
    return typeof e === 'number' && src.peek(e) === s;
  }
}
