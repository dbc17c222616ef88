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

/** The listed URLs' hashes, and where each entry id is among them (kept on the page). */
export interface HashedLocs {
  hashes: Uint32Array;
  /** Position of each entry id in the entries hashed (-1: not among them). */
  positions: Int32Array;
}

/**
 * Hash the (trimmed) locs of `entries` in steps of `step` entries (a caller spreads the steps
 * over tasks): yields the entries done, returns the hashes and the entries' positions by id
 * (`idLimit`: above every id, e.g. the document's `nextId`). Makes no strings for ASCII URLs.
 *
 * @example let s = hashLocs(entries, doc.nextId), r = s.next(); while (!r.done) r = s.next(); post(r.value.hashes)
 */
export function* hashLocs(
  entries: readonly Entry[],
  idLimit: number,
  step = 50_000,
): Generator<number, HashedLocs> {
  const hashes = new Uint32Array(entries.length);
  const positions = new Int32Array(idLimit).fill(-1);
  for (let from = 0; from < entries.length; from += step) {
    const to = Math.min(entries.length, from + step);
    for (let i = from; i < to; i++) {
      const e = entries[i];
      hashes[i] = hashString(e.loc.trim());
      if (e.id < idLimit) positions[e.id] = i;
    }
    if (to < entries.length) yield to;
  }
  return { hashes, positions };
}

/**
 * Per hash, the first row of `table`'s exact-URL hash table (in its probe order) whose URL has
 * that hash, or -1: the only row `findExact` could return for a URL with that hash. The page
 * confirms it with one byte compare (`CrawlJoin.isRow`); `onProgress(done, total)` every 100,000.
 * `urlHashes`: each row's URL hash when the reader kept them (else they are computed).
 */
export function candidateRows(
  table: CrawlTable,
  hashes: Uint32Array,
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
  /**
   * @param entries the entries sent, in the order sent
   * @param rows the worker's candidate row per entry sent
   * @param pos position of each entry id in `entries` (`hashLocs`' `positions`)
   */
  constructor(
    readonly table: CrawlTable,
    private readonly entries: readonly Entry[],
    private readonly rows: Int32Array,
    private readonly pos: Int32Array,
  ) {}

  /**
   * The `CrawlJoin.matchRow` code of `e`: the candidate row when its URL is that row's as written
   * (one compare), else the join's own lookup (not found as written: after normalisation, or not
   * crawled; or `e` was not sent).
   */
  matchRow(join: CrawlJoin, e: Entry): number {
    const p = e.id < this.pos.length ? this.pos[e.id] : -1;
    if (p >= 0 && p < this.rows.length && this.entries[p] === e) {
      const row = this.rows[p];
      if (row >= 0 && join.isRow(row, e.loc)) return row;
    }
    return join.matchRow(e.loc);
  }
}
