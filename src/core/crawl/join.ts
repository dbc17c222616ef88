/**
 * The join of sitemap entries with crawl rows. The crawl table is fixed; what changes with edits is
 * how many entries list each row (`listed`), kept up to date by the validator as entries come and
 * go (the same change path as every other derived index), so the count of indexable pages the
 * sitemap misses (CRAWL-006) is known at every step without re-joining. One join can be shared by
 * the validators of every file of a workspace: a page is missing only when no file lists it.
 */

import { sameBytesAt, viewOf } from '../arrays.ts';
import { runSteps } from '../steps.ts';
import { normaliseCrawlUrl } from './normalise.ts';
import { equalsAt, startsWithFolded, stringAt, utf8 } from './strings.ts';
import { type CrawlTable, FLAG, findExact, findNormalised } from './table.ts';

/** Where a listed URL stands in the crawl (the summary's buckets, worst first). */
export type CrawlCategory =
  | 'blocked'
  | 'error'
  | 'redirect'
  | 'noindex'
  | 'canonicalised'
  | 'ok'
  | 'notCrawled';

/** Buckets in display order. */
export const CRAWL_CATEGORIES: readonly CrawlCategory[] = [
  'ok',
  'redirect',
  'error',
  'noindex',
  'blocked',
  'canonicalised',
  'notCrawled',
];

/** The bucket of a crawl row (-1 = not crawled), from the table's status and flags. */
function categoryAt(status: Int16Array, flags: Uint8Array, row: number): CrawlCategory {
  if (row < 0) return 'notCrawled';
  const s = status[row];
  const f = flags[row];
  if ((f & FLAG.blocked) !== 0) return 'blocked';
  if (s === 0 || s >= 400) return 'error';
  if (s >= 300 && s < 400) return 'redirect';
  if ((f & FLAG.noindex) !== 0) return 'noindex';
  if ((f & FLAG.canonicalElsewhere) !== 0) return 'canonicalised';
  return 'ok';
}

/** A listed URL's crawl row; `exact` false when found only after normalisation (CRAWL-008). */
export interface CrawlMatch {
  row: number;
  exact: boolean;
}

/** The crawl join (see the module comment). */
export class CrawlJoin {
  readonly table: CrawlTable;
  /** Entries listing each row. */
  private readonly listed: Int32Array;
  /** 1 when the row is an indexable page in the sitemap's scope (a CRAWL-006 candidate). */
  private readonly wanted: Uint8Array;
  /** Wanted rows no entry lists. */
  missing = 0;
  /** +1 whenever `listed` changes. */
  version = 0;

  /** Rows looked at by `prepare` so far. */
  prepared = 0;
  private readonly scope: Uint8Array;

  /** True when `wanted` came ready (`crawlWanted`, in the worker): `prepare` only counts. */
  private readonly found: boolean;

  /**
   * @param scope URL prefix (lower-case scheme and host) of the pages the sitemap should hold,
   *   e.g. `https://www.example.com/` or `https://www.example.com/blog/`; '' = every crawled page.
   * @param lazy leave the CRAWL-006 candidates to `prepare` (in slices) instead of finding them now.
   * @param wanted the candidates already found for this table and scope (`crawlWanted`, e.g. by
   *   the crawl worker); `prepare` then only counts the missing ones.
   */
  constructor(table: CrawlTable, scope = '', lazy = false, wanted?: Uint8Array) {
    this.table = table;
    this.listed = new Int32Array(table.rows);
    this.found = wanted !== undefined && wanted.length === table.rows;
    this.wanted = this.found && wanted ? wanted : new Uint8Array(table.rows);
    this.scope = utf8(scope.toLowerCase());
    if (!lazy) this.prepare(table.rows);
  }

  /**
   * Find the CRAWL-006 candidates (indexable, in scope) among the next `count` rows; returns
   * true when every row is done. `missing` is final only then.
   */
  prepare(count: number): boolean {
    const { rows } = this.table;
    // Only counting when the candidates came ready: bigger steps.
    const to = Math.min(rows, this.prepared + (this.found ? count * 16 : count));
    if (!this.found) markWanted(this.table, this.scope, this.wanted, this.prepared, to);
    const { wanted, listed } = this;
    for (let r = this.prepared; r < to; r++) if (wanted[r] === 1 && listed[r] === 0) this.missing++;
    this.prepared = to;
    return to === rows;
  }

  /** The row of a listed URL: exact first, then after normalisation; null when not crawled. */
  match(loc: string): CrawlMatch | null {
    const r = this.matchRow(loc);
    return r === -1 ? null : r >= 0 ? { row: r, exact: true } : { row: -2 - r, exact: false };
  }

  /**
   * `match` without an object (the join runs it once per entry): the row when found as written,
   * `-2 - row` when found only after normalisation, -1 when not crawled.
   */
  matchRow(loc: string): number {
    const url = loc.trim();
    if (url === '') return -1;
    const exact = findExact(this.table, url);
    if (exact >= 0) return exact;
    const row = findNormalised(this.table, normaliseCrawlUrl(url));
    return row >= 0 ? -2 - row : -1;
  }

  /** Is `loc` (trimmed) the URL of `row` exactly as written? */
  isRow(row: number, loc: string): boolean {
    return equalsAt(this.table, row, loc.trim());
  }

  /** One more (`+1`) or one fewer (`-1`) entry lists `row`. */
  list(row: number, sign: 1 | -1): void {
    const before = this.listed[row];
    this.listed[row] = before + sign;
    // Rows `prepare` has not reached yet are counted there (with their listings by then).
    if (this.wanted[row] === 1 && row < this.prepared) {
      if (before === 0 && sign > 0) this.missing--;
      else if (before === 1 && sign < 0) this.missing++;
    }
    this.version++;
  }

  /** How many entries list `row`. */
  listedCount(row: number): number {
    return this.listed[row];
  }

  /** Forget every listing (a validator reloading its document). */
  clearListed(): void {
    this.listed.fill(0);
    let m = 0;
    for (let r = 0; r < this.prepared; r++) m += this.wanted[r];
    this.missing = m;
    this.version++;
  }

  /** The crawled URL of a row. */
  url(row: number): string {
    return stringAt(this.table, row);
  }

  /** A row's canonical URL when it points elsewhere ('' otherwise). */
  canonical(row: number): string {
    return this.has(row, FLAG.canonicalElsewhere) ? stringAt(this.table, this.table.canonical[row]) : '';
  }

  redirect(row: number): string {
    return stringAt(this.table, this.table.redirect[row]);
  }

  lastmod(row: number): string {
    return stringAt(this.table, this.table.lastmod[row]);
  }

  status(row: number): number {
    return this.table.status[row];
  }

  has(row: number, flag: number): boolean {
    return (this.table.flags[row] & flag) !== 0;
  }

  /** A row found as written has no CRAWL finding: a status below 300, no noindex, block or canonical elsewhere. */
  clean(row: number): boolean {
    const s = this.table.status[row];
    return (
      s > 0 &&
      s < 300 &&
      (this.table.flags[row] & (FLAG.noindex | FLAG.blocked | FLAG.canonicalElsewhere)) === 0
    );
  }

  /** 200, HTML, not noindex / blocked / non-indexable, and canonical to itself. */
  indexable(row: number): boolean {
    return this.has(row, FLAG.indexable);
  }

  /** The summary bucket of a listed URL's row (-1 = not crawled). */
  category(row: number): CrawlCategory {
    return categoryAt(this.table.status, this.table.flags, row);
  }

  /**
   * 1 for each of `rows` (crawl rows by index, -1 = not crawled) whose `category` is `category`:
   * one pass over the table's typed arrays (the summary's filter at 1,000,000 rows). `out` and
   * `[from, to)`: one part of the pass, for a caller that spreads it over several tasks.
   *
   * @example join.inCategory(new Int32Array([3, -1]), 'notCrawled') // Uint8Array [0, 1]
   */
  inCategory(
    rows: Int32Array,
    category: CrawlCategory,
    out = new Uint8Array(rows.length),
    from = 0,
    to = rows.length,
  ): Uint8Array {
    const { status, flags } = this.table;
    const end = Math.min(to, rows.length);
    for (let i = from; i < end; i++) if (categoryAt(status, flags, rows[i]) === category) out[i] = 1;
    return out;
  }

  /** Indexable in-scope rows no entry lists, in crawl order (O(rows): for the action, not per edit). */
  missingRows(): number[] {
    return runSteps(this.missingRowsSteps(Number.MAX_SAFE_INTEGER));
  }

  /** `missingRows` in steps of `chunk` rows (yields the rows looked at so far). */
  *missingRowsSteps(chunk: number): Generator<number, number[]> {
    const out: number[] = [];
    const { wanted, listed } = this;
    const rows = this.table.rows;
    for (let from = 0; from < rows; from += chunk) {
      const to = Math.min(rows, from + chunk);
      for (let r = from; r < to; r++) if (wanted[r] === 1 && listed[r] === 0) out.push(r);
      if (to < rows) yield to;
    }
    return out;
  }
}

/** What the CRAWL-006 candidates are found from: the rows' URLs and settled flags. */
type WantedRows = Pick<CrawlTable, 'rows' | 'bytes' | 'starts' | 'flags'>;

/**
 * Sets `wanted[r]` for the indexable rows in `from … to` whose URL is in `scope` (UTF-8, any case)
 * and has no `#fragment`: a fragment names a place in a page, not a page a sitemap may list
 * (LOC-008), and the join matches URLs as written, so the page itself is a candidate only through
 * its own row (Search Console's `#:~:text=` rows, a crawler keeping `#` links).
 */
function markWanted(t: WantedRows, scope: Uint8Array, wanted: Uint8Array, from: number, to: number): void {
  const { flags, starts } = t;
  // The rows' URLs are contiguous: one native search for each '#' of the range.
  const bytes = t.bytes.subarray(0, starts[to]);
  let hash = bytes.indexOf(35, starts[from]);
  // The scope as written in the rows mostly (lower case): four bytes at a time, folded only when that differs.
  const rowView = viewOf(t.bytes);
  const scopeView = viewOf(scope);
  const n = scope.length;
  for (let r = from; r < to; r++) {
    let fragment = false;
    if (hash >= 0 && hash < starts[r + 1]) {
      fragment = true;
      hash = bytes.indexOf(35, starts[r + 1]);
    }
    if ((flags[r] & FLAG.indexable) === 0) continue;
    if (fragment) continue;
    if (
      n > 0 &&
      !(starts[r + 1] - starts[r] >= n && sameBytesAt(rowView, starts[r], scopeView, 0, n)) &&
      !startsWithFolded(t, r, scope)
    )
      continue;
    wanted[r] = 1;
  }
}

/**
 * The CRAWL-006 candidates of a table for a sitemap scope (see `CrawlJoin`): 1 per indexable row
 * in scope. The crawl worker finds them once, so the page's join only counts.
 *
 * @example new CrawlJoin(table, scope, true, crawlWanted(table, scope))
 */
export function crawlWanted(table: WantedRows, scope: string): Uint8Array {
  const wanted = new Uint8Array(table.rows);
  markWanted(table, utf8(scope.toLowerCase()), wanted, 0, table.rows);
  return wanted;
}

/**
 * Human text of a status cell: `301`, `no response`, '' when unknown; `in the export` for a Search
 * Console row (it has no status: its pages are taken as 200 because Google showed them).
 */
export function statusText(join: CrawlJoin, row: number): string {
  const s = join.status(row);
  if (join.has(row, FLAG.blocked)) return s > 0 ? `${s} blocked` : 'blocked';
  if (s === 200 && join.table.format === 'search-console') return 'in the export';
  // A page-indexing list without its reason: Google crawled the page, the list does not say how it went.
  if (s < 0 && join.table.format === 'search-console-indexing' && join.table.flags[row] === 0)
    return 'crawled, status unknown';
  return s === 0 ? 'no response' : s < 0 ? '' : String(s);
}

/** Human text of an indexability cell. */
export function indexabilityText(join: CrawlJoin, row: number): string {
  if (join.has(row, FLAG.blocked)) return 'blocked by robots.txt';
  if (join.has(row, FLAG.noindex)) return 'noindex';
  if (join.indexable(row)) return 'indexable';
  if (join.has(row, FLAG.canonicalElsewhere)) return 'canonicalised';
  const s = join.status(row);
  if (s === -1 && !join.has(row, FLAG.nonIndexable)) return '';
  return 'non-indexable';
}
