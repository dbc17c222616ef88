/**
 * The crawl join's URL lookups done where the crawl table is built (the crawl worker), so the
 * page makes no strings and probes no hash table for them. The page sends the listed URLs' hashes
 * once, made in steps (`hashLocs`: one typed array, nothing for the garbage collector); the
 * worker answers each with the one row it could be (`candidateRows`) and finds the CRAWL-006
 * candidates (`crawlWanted`). `CrawlPreset` hands the answers to the validator: a candidate is
 * taken after one byte compare, and everything else (found only after normalisation, not
 * crawled, an entry edited since it was sent) goes through the join's own `matchRow`, so the
 * result is the page join's.
 */
import type { Entry } from '../model.ts';
import type { CrawlJoin } from './join.ts';
import { hashBytes, hashString } from './strings.ts';
import type { CrawlTable } from './table.ts';

/** What the page sends the crawl worker to join: the listed URLs' hashes and the sitemap's scope. */
export interface ListedUrls {
  /** `hashString` of each listed URL, trimmed (as `CrawlJoin.matchRow` looks it up). */
  hashes: Uint32Array;
  /** `Validator.crawlScope()` when the URLs were taken. */
  scope: string;
}

/** The worker's answer: per sent hash the candidate row (-1: none), and the CRAWL-006 candidates. */
export interface CrawlMatches {
  rows: Int32Array;
  wanted: Uint8Array;
  scope: string;
}

/**
 * Hash the (trimmed) locs of `entries` in steps of `step` entries (a caller spreads the steps
 * over tasks): yields the entries done, returns the hashes. Makes no strings for ASCII URLs.
 *
 * @example let s = hashLocs(entries), r = s.next(); while (!r.done) r = s.next(); post(r.value)
 */
export function* hashLocs(entries: readonly Entry[], step = 50_000): Generator<number, Uint32Array> {
  const hashes = new Uint32Array(entries.length);
  for (let from = 0; from < entries.length; from += step) {
    const to = Math.min(entries.length, from + step);
    for (let i = from; i < to; i++) hashes[i] = hashString(entries[i].loc.trim());
    if (to < entries.length) yield to;
  }
  return hashes;
}

/**
 * Per hash, the first row of `table`'s exact-URL hash table (in its probe order) whose URL has
 * that hash, or -1: the only row `findExact` could return for a URL with that hash. The page
 * confirms it with one byte compare (`CrawlJoin.isRow`); `onProgress(done, total)` every 100,000.
 */
export function candidateRows(
  table: CrawlTable,
  hashes: Uint32Array,
  onProgress?: (done: number, total: number) => void,
): Int32Array {
  const { exact, bytes, starts } = table;
  const rowHash = new Uint32Array(table.rows);
  for (let r = 0; r < table.rows; r++) rowHash[r] = hashBytes(bytes, starts[r], starts[r + 1]);
  const mask = exact.length - 1;
  const rows = new Int32Array(hashes.length);
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes[i];
    let found = -1;
    for (let k = h & mask; exact[k] !== 0; k = (k + 1) & mask) {
      if (rowHash[exact[k] - 1] === h) {
        found = exact[k] - 1;
        break;
      }
    }
    rows[i] = found;
    if (i % 100_000 === 99_999) onProgress?.(i + 1, hashes.length);
  }
  return rows;
}

/**
 * The worker's candidate rows for the entries that were sent (`entries`, in the order sent),
 * looked up by entry: an entry object not among them (edited or added since) has none.
 */
export class CrawlPreset {
  /** Position of each entry id in `entries` (-1: not sent). */
  private readonly pos: Int32Array;

  constructor(
    readonly table: CrawlTable,
    private readonly entries: readonly Entry[],
    private readonly rows: Int32Array,
  ) {
    let max = -1;
    for (const e of entries) if (e.id > max) max = e.id;
    this.pos = new Int32Array(max + 1).fill(-1);
    if (rows.length !== entries.length) return;
    for (let i = 0; i < entries.length; i++) this.pos[entries[i].id] = i;
  }

  /**
   * The `CrawlJoin.matchRow` code of `e`: the candidate row when its URL is that row's as written
   * (one compare), else the join's own lookup (not found as written: after normalisation, or not
   * crawled; or `e` was not sent).
   */
  matchRow(join: CrawlJoin, e: Entry): number {
    const p = e.id < this.pos.length ? this.pos[e.id] : -1;
    if (p >= 0 && this.entries[p] === e) {
      const row = this.rows[p];
      if (row >= 0 && join.isRow(row, e.loc)) return row;
    }
    return join.matchRow(e.loc);
  }
}
