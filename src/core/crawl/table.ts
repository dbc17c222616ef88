/**
 * Crawl data kept compact: only the columns the audit reads, as typed arrays (columns) over one
 * UTF-8 string table (strings.ts) in which each row's URL is string `row` and every other string
 * (targets the crawl lacks, lastmods) is stored once, plus two open-addressing hash tables (exact
 * URL, normalised URL) built once in the worker. A 1,000,000-row export with 70 columns becomes
 * ~45 MB of URL bytes and ~40 MB of arrays, all transferred (worker → page) rather than cloned,
 * and written to IndexedDB in parts.
 */
import { convertToW3c } from '../w3cDate.ts';
import type { CrawlFormat, CrawlMapping } from './detect.ts';
import { isNormalCrawlUrl, normaliseCrawlUrl } from './normalise.ts';
import { type ByteStrings, equalsAt, hashString, type StringsBuilder, stringAt } from './strings.ts';

/** Row flags (`CrawlTable.flags`). */
export const FLAG = {
  /** `noindex` in meta robots / X-Robots-Tag, or the indexability status says so. */
  noindex: 1,
  /** Blocked by robots.txt. */
  blocked: 2,
  /** The export says Non-Indexable (for whatever reason). */
  nonIndexable: 4,
  /** Not HTML by its content type (images, PDFs, CSS…). */
  notHtml: 8,
  /** Set by `finishCrawlTable`: the canonical link names another URL (after normalisation). */
  canonicalElsewhere: 16,
  /** Set by `finishCrawlTable`: 200, HTML, not noindex / blocked / non-indexable, self-canonical. */
  indexable: 32,
  /**
   * Set by `finishCrawlTable`: an earlier row has the same URL as written. The spec (6.17) does
   * not say which of several rows counts: the first does; this one joins nothing, is never a
   * missing page (CRAWL-006), and is only counted (`CrawlTable.duplicates`) for the summary.
   */
  duplicate: 64,
} as const;

/** Crawl data attached to a document. Plain data: transferable, storable in IndexedDB. */
export interface CrawlTable extends ByteStrings {
  fileName: string;
  format: CrawlFormat;
  rows: number;
  /**
   * (ByteStrings) Strings 0 … rows-1 are the rows' URLs; after them, each other string once: a
   * canonical or redirect target the crawl does not have as a row, a lastmod.
   */
  /** Per row: string of the canonical link when it differs from the URL as written (-1 = none). */
  canonical: Int32Array;
  /** Per row: string of the redirect target (-1 = none); a crawled target is its row. */
  redirect: Int32Array;
  /** Per row: string of the Last-Modified as W3C (as written when it does not convert), -1 = none. */
  lastmod: Int32Array;
  /** HTTP status; 0 = no response; -1 = not in the export. */
  status: Int16Array;
  flags: Uint8Array;
  /** Exact-URL hash table: row + 1 per slot, 0 = empty; length a power of two. */
  exact: Int32Array;
  /** Normalised-URL hash table, same layout. */
  norm: Int32Array;
  /** Rows whose URL an earlier row has (`FLAG.duplicate`); absent in a table stored before. */
  duplicates?: number;
  /** What the reader noticed in the file, where (an unclosed quote); absent when nothing. */
  warnings?: CrawlWarning[];
}

/** A problem the crawl reader noticed in the file, at a line and column (1-based, characters). */
export interface CrawlWarning {
  line: number;
  column: number;
  message: string;
}

/** The typed arrays of a table (what the worker transfers and storage writes in parts). */
export const CRAWL_ARRAYS = [
  'bytes',
  'starts',
  'canonical',
  'redirect',
  'lastmod',
  'status',
  'flags',
  'exact',
  'norm',
] as const;

function tableSize(rows: number): number {
  let n = 16;
  while (n < rows * 2) n *= 2;
  return n;
}

/**
 * `put` into the exact-URL table unless an earlier row has the same URL (compared by hash, then
 * bytes): false then, nothing put.
 */
function putFirst(table: Int32Array, hashes: Uint32Array, strings: ByteStrings, row: number): boolean {
  const mask = table.length - 1;
  const hash = hashes[row];
  let i = hash & mask;
  for (; table[i] !== 0; i = (i + 1) & mask) {
    const r = table[i] - 1;
    if (hashes[r] === hash && sameString(strings, r, row)) return false;
  }
  table[i] = row + 1;
  return true;
}

/** Are strings `a` and `b` the same bytes? */
function sameString(t: ByteStrings, a: number, b: number): boolean {
  const { bytes, starts } = t;
  const n = starts[a + 1] - starts[a];
  if (starts[b + 1] - starts[b] !== n) return false;
  for (let k = 0; k < n; k++) if (bytes[starts[a] + k] !== bytes[starts[b] + k]) return false;
  return true;
}

const NOT_INDEXABLE = FLAG.noindex | FLAG.blocked | FLAG.nonIndexable | FLAG.notHtml;

/**
 * Sets the derived flags `canonicalElsewhere` and `indexable` of rows `[from, to)` (each from its
 * own cells only: a row's flags do not depend on other rows, so the two halves of a file read by
 * two workers can each settle theirs). Idempotent.
 *
 * @param canonical the canonical links that differ from the URL as written
 * @param urls the rows' URLs as strings `from … to - 1`
 */
export function settleFlags(
  flags: Uint8Array,
  status: Int16Array,
  canonical: SparseColumn,
  urls: ByteStrings,
  from: number,
  to: number,
): void {
  const { rows, values } = canonical;
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k];
    // The canonical link names another page when the two differ after normalisation.
    if (
      r >= from &&
      r < to &&
      (flags[r] & FLAG.duplicate) === 0 &&
      normaliseCrawlUrl(values[k]) !== normaliseCrawlUrl(stringAt(urls, r))
    )
      flags[r] |= FLAG.canonicalElsewhere;
  }
  for (let r = from; r < to; r++)
    if (status[r] === 200 && (flags[r] & (NOT_INDEXABLE | FLAG.canonicalElsewhere | FLAG.duplicate)) === 0)
      flags[r] |= FLAG.indexable;
}

/**
 * A column most rows of which have no value (a canonical link other than the URL, a redirect
 * target): the rows that have one, ascending, and their values. The reader keeps no slot for the
 * others (a 1,000,000-row crawl made two arrays of a million mostly `undefined`s).
 */
export interface SparseColumn {
  rows: ArrayLike<number>;
  values: ArrayLike<string>;
}

/**
 * The rows of a table being built by the crawl reader: the URLs already added as strings
 * 0 … rows-1, their hashes, and the other columns.
 */
export interface CrawlColumns {
  fileName: string;
  format: CrawlFormat;
  rows: number;
  strings: StringsBuilder;
  /** `hashString` of each row's URL. */
  hashes: Uint32Array;
  /** `hashString` of each row's normalised URL. */
  normHashes: Uint32Array;
  /** Canonical links that differ from the URL as written. */
  canonical: SparseColumn;
  redirect: SparseColumn;
  /** Per row: its Last-Modified cell as an index into `dates` (-1: none). */
  lastmods: Int32Array;
  /** The distinct Last-Modified cells as read (an entry may repeat another's text, or be undefined). */
  dates: ArrayLike<string | undefined>;
  status: Int16Array;
  flags: Uint8Array;
  /** The reader's warnings (see `CrawlTable.warnings`). */
  warnings?: CrawlWarning[];
}

/**
 * Builds the compact table from the reader's rows: the two hash tables, the derived flags
 * `canonicalElsewhere` and `indexable`, targets as rows when crawled (else one string each) and
 * lastmods converted once per distinct value, in this order so that equal inputs make equal
 * tables. O(rows).
 */
export function finishCrawlTable(p: CrawlColumns): CrawlTable {
  const { rows, strings, flags, status } = p;
  // Several rows for one URL: the first is joined, the others only counted (`FLAG.duplicate`).
  const exact = new Int32Array(tableSize(rows));
  const urls = strings.view();
  let duplicates = 0;
  for (let r = 0; r < rows; r++) {
    if (putFirst(exact, p.hashes, urls, r)) continue;
    // A half's `settleFlags` (a split read) may have run before: its derived flags are undone.
    flags[r] = (flags[r] | FLAG.duplicate) & ~(FLAG.indexable | FLAG.canonicalElsewhere);
    duplicates++;
  }
  // A repeated URL's row is left out of the normalised table too: it joins nothing.
  const norm = new Int32Array(tableSize(rows));
  const mask = norm.length - 1;
  for (let r = 0; r < rows; r++) {
    if ((flags[r] & FLAG.duplicate) !== 0) continue;
    let i = p.normHashes[r] & mask;
    while (norm[i] !== 0) i = (i + 1) & mask;
    norm[i] = r + 1;
  }
  settleFlags(flags, status, p.canonical, urls, 0, rows);
  const interned = new Map<string, number>();
  const intern = (v: string) => {
    let i = interned.get(v);
    if (i === undefined) {
      i = strings.add(v);
      interned.set(v, i);
    }
    return i;
  };
  const target = (v: string) => {
    const mask = exact.length - 1;
    for (let i = hashString(v) & mask; exact[i] !== 0; i = (i + 1) & mask)
      if (equalsAt(strings.view(), exact[i] - 1, v)) return exact[i] - 1;
    return intern(v);
  };
  const canonical = new Int32Array(rows);
  const redirect = new Int32Array(rows);
  const lastmod = new Int32Array(rows);
  const dates = new Map<string, number>();
  // The string of each date id, found (and interned) at its first row: -2 until then.
  const dateString = new Int32Array(p.dates.length).fill(-2);
  const { lastmods } = p;
  // Row by row, as before the columns were sparse: the same strings in the same order.
  const cr = p.canonical.rows;
  const rr = p.redirect.rows;
  let ci = 0;
  let ri = 0;
  for (let r = 0; r < rows; r++) {
    canonical[r] = ci < cr.length && cr[ci] === r ? target(p.canonical.values[ci++]) : -1;
    redirect[r] = ri < rr.length && rr[ri] === r ? target(p.redirect.values[ri++]) : -1;
    const id = lastmods[r];
    if (id < 0) {
      lastmod[r] = -1;
      continue;
    }
    let w3c = dateString[id];
    if (w3c === -2) {
      const raw = p.dates[id];
      if (raw === undefined) w3c = -1;
      else {
        // Two ids may hold the same text (a part read by another reader): one string for both.
        const known = dates.get(raw);
        if (known !== undefined) w3c = known;
        else {
          const d = convertToW3c(raw);
          w3c = intern(d && !d.assumedZone ? d.value : raw);
          dates.set(raw, w3c);
        }
      }
      dateString[id] = w3c;
    }
    lastmod[r] = w3c;
  }
  return {
    fileName: p.fileName,
    format: p.format,
    rows,
    ...strings.finish(),
    canonical,
    redirect,
    lastmod,
    status: status.length === rows ? status : status.slice(0, rows),
    flags: flags.length === rows ? flags : flags.slice(0, rows),
    exact,
    norm,
    duplicates,
    ...(p.warnings && p.warnings.length > 0 ? { warnings: p.warnings } : {}),
  };
}

/** Progress callback: bytes (or characters) read of the total. */
export type CrawlProgress = (done: number, total: number) => void;

const BLOCKED = /blocked by robots/i;
const NOINDEX = /noindex/i;

/**
 * The row flags one cell sets (pure: the crawl reader works them out once per distinct value).
 * `status` is the code's column: a "Blocked by robots.txt" there sets `blocked`.
 */
export function cellFlags(field: keyof CrawlMapping, v: string): number {
  switch (field) {
    case 'metaRobots':
    case 'xRobots':
      return NOINDEX.test(v) ? FLAG.noindex : 0;
    case 'indexabilityStatus':
      return (NOINDEX.test(v) ? FLAG.noindex : 0) | (BLOCKED.test(v) ? FLAG.blocked : 0);
    case 'statusText':
    case 'status':
      return BLOCKED.test(v) ? FLAG.blocked : 0;
    case 'indexability':
      return /^\s*(non[- ]?indexable|no|false)\s*$/i.test(v) ? FLAG.nonIndexable : 0;
    case 'contentType':
      return /html/i.test(v) ? 0 : FLAG.notHtml;
    default:
      return 0;
  }
}

/** The HTTP status of a status cell (undefined: empty): 0 = no response, -1 = unknown. */
export function statusOf(code: string | undefined, format: CrawlFormat): number {
  let status = code === undefined ? -1 : Number.parseInt(code, 10);
  if (Number.isNaN(status)) status = code !== undefined && /no response|timeout|error/i.test(code) ? 0 : -1;
  if (status === -1 && format === 'search-console') status = 200;
  return status;
}

/** The cells that set row flags (see `cellFlags`). */
export const FLAG_FIELDS = [
  'status',
  'statusText',
  'indexability',
  'indexabilityStatus',
  'metaRobots',
  'xRobots',
  'contentType',
] as const satisfies ReadonlyArray<keyof CrawlMapping>;

/** Row facts from the mapped cells (pure; exported for tests). */
export function rowFacts(
  cell: (field: keyof CrawlMapping) => string | undefined,
  format: CrawlFormat,
): { status: number; flags: number } {
  let flags = 0;
  for (const f of FLAG_FIELDS) {
    const v = cell(f);
    if (v !== undefined) flags |= cellFlags(f, v);
  }
  return { status: statusOf(cell('status'), format), flags };
}

/** The row whose URL is exactly `url`, or -1. */
export function findExact(t: CrawlTable, url: string): number {
  const mask = t.exact.length - 1;
  let i = hashString(url) & mask;
  for (;;) {
    const v = t.exact[i];
    if (v === 0) return -1;
    if (equalsAt(t, v - 1, url)) return v - 1;
    i = (i + 1) & mask;
  }
}

/** The first row whose normalised URL equals `norm` (a `normaliseCrawlUrl` result), or -1. */
export function findNormalised(t: CrawlTable, norm: string): number {
  const mask = t.norm.length - 1;
  let i = hashString(norm) & mask;
  let best = -1;
  for (;;) {
    const v = t.norm[i];
    if (v === 0) return best;
    const r = v - 1;
    // A row already in normal form is compared as bytes: no string, no regular expression.
    if (
      (best < 0 || r < best) &&
      (isNormalCrawlUrl(t.bytes, t.starts[r], t.starts[r + 1])
        ? equalsAt(t, r, norm)
        : normaliseCrawlUrl(stringAt(t, r)) === norm)
    )
      best = r;
    i = (i + 1) & mask;
  }
}
