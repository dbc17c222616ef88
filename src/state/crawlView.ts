/**
 * What the view reads of the crawl join: cell text and sort keys of the crawl columns, a row's
 * summary bucket, and the summary counts. All read the validator's join (no copy of the crawl).
 */
import { isSearchConsole } from '../core/crawl/format.ts';
import { type CrawlCategory, type CrawlJoin, indexabilityText, statusText } from '../core/crawl/join.ts';
import { readRows } from '../core/lazyEntries.ts';
import type { Entry } from '../core/model.ts';
import { runSteps } from '../core/steps.ts';
import type { CrawlColumnId } from './columns.ts';
import type { ValidatorLike } from './validation.ts';

/** Label of the store's task while crawl data is joined in slices (state/crawlCommands.ts). */
export const CRAWL_JOINING = 'Auditing with the crawl data';

const INDEXABILITY_RANK: Record<string, number> = {
  indexable: 1,
  canonicalised: 2,
  'non-indexable': 3,
  noindex: 4,
  'blocked by robots.txt': 5,
};

/** The crawl join, when this document's rows are audited (not a sitemap index's). */
function rowsJoin(v: ValidatorLike) {
  return v.crawlJoinsRows?.() === false ? null : (v.crawlJoin?.() ?? null);
}

/**
 * Text of a crawl cell: status (`200`, `301`, `no response`, `not crawled`, `not in the export`), indexability,
 * canonical URL (when it points elsewhere), redirect target. '' without crawl data.
 *
 * @example crawlCellText(v, entry, 'crawlStatus') // '404'
 */
export function crawlCellText(v: ValidatorLike, e: Entry, column: CrawlColumnId): string {
  const join = rowsJoin(v);
  if (join === null) return '';
  const row = v.crawlRowOf?.(e.id) ?? -1;
  // A Search Console export's missing row means no impressions, not that no crawler reached it.
  if (row < 0)
    return column === 'crawlStatus' && e.loc.trim() !== ''
      ? isSearchConsole(join.table.format)
        ? 'not in the export'
        : 'not crawled'
      : '';
  switch (column) {
    case 'crawlStatus':
      return statusText(join, row);
    case 'crawlIndexability':
      return indexabilityText(join, row);
    case 'crawlCanonical':
      return join.canonical(row);
    case 'crawlRedirect':
      return join.redirect(row);
  }
}

/** Numeric sort key of a crawl cell (NaN = empty, sorts last). */
export function crawlSortKey(v: ValidatorLike, e: Entry, column: CrawlColumnId): number {
  const join = v.crawlJoin?.() ?? null;
  const row = join === null ? -1 : (v.crawlRowOf?.(e.id) ?? -1);
  return join === null ? Number.NaN : sortKeyOfRow(join, row, column);
}

/**
 * `crawlSortKey` of every entry, by index, reading the join's rows in one pass (the first sort
 * by a crawl column at 1,000,000 rows).
 */
export function crawlSortKeys(
  v: ValidatorLike,
  entries: readonly Entry[],
  column: CrawlColumnId,
): Float64Array {
  return runSteps(crawlSortKeysSteps(v, entries, column, ALL_ROWS));
}

/** `crawlSortKeys` in steps of `chunk` rows (yields between them; see {@link VIEW_STEP_ROWS}). */
export function* crawlSortKeysSteps(
  v: ValidatorLike,
  entries: readonly Entry[],
  column: CrawlColumnId,
  chunk = VIEW_STEP_ROWS,
): Generator<void, Float64Array> {
  const keys = new Float64Array(entries.length).fill(Number.NaN);
  if ((v.crawlJoin?.() ?? null) === null) return keys;
  const rows = yield* crawlRowsSteps(v, entries, chunk);
  const join = v.crawlJoin?.() ?? null;
  if (join === null) return keys;
  for (let from = 0; from < rows.length; from += chunk) {
    if (chunk < rows.length) yield;
    const to = Math.min(rows.length, from + chunk);
    for (let i = from; i < to; i++) if (rows[i] >= 0) keys[i] = sortKeyOfRow(join, rows[i], column);
  }
  return keys;
}

/**
 * Rows per step of the view's passes over every row when they are spread over several tasks (a
 * crawl filter or a first crawl sort at 1,000,000 rows, state/kernel.ts `setView`): about a
 * millisecond of typed-array work per step on this machine at most.
 */
export const VIEW_STEP_ROWS = 65_536;

/** Rows per step for `n` rows: a pass in 16 steps or so, {@link VIEW_STEP_ROWS} at most. */
export function viewStepRows(n: number): number {
  return Math.min(VIEW_STEP_ROWS, Math.max(4_096, Math.ceil(n / 16)));
}

/** A chunk that takes every row in one step (the view worked out at once). */
export const ALL_ROWS = Number.MAX_SAFE_INTEGER;

/** Every entry's crawl row, by index (-1: none): one pass where the validator offers it. */
function crawlRows(v: ValidatorLike, entries: readonly Entry[]): Int32Array {
  if (v.crawlRowsOf) return v.crawlRowsOf(entries);
  const rows = new Int32Array(entries.length);
  const read = readRows(entries);
  for (let i = 0; i < entries.length; i++) rows[i] = v.crawlRowOf?.(read.id(i)) ?? -1;
  return rows;
}

/** `crawlRows` in steps of `chunk` entry ids where the validator offers it, else at once. */
function* crawlRowsSteps(
  v: ValidatorLike,
  entries: readonly Entry[],
  chunk: number,
): Generator<void, Int32Array> {
  if (chunk < entries.length && v.crawlRowsOfSteps) return yield* v.crawlRowsOfSteps(entries, chunk);
  return crawlRows(v, entries);
}

function sortKeyOfRow(join: CrawlJoin, row: number, column: CrawlColumnId): number {
  if (row < 0) return Number.NaN;
  switch (column) {
    case 'crawlStatus':
      return join.status(row) < 0 ? Number.NaN : join.status(row);
    case 'crawlIndexability':
      return INDEXABILITY_RANK[indexabilityText(join, row)] ?? Number.NaN;
    case 'crawlCanonical':
      return join.canonical(row) === '' ? Number.NaN : 1;
    case 'crawlRedirect':
      return join.redirect(row) === '' ? Number.NaN : 1;
  }
}

/** The summary bucket of an entry; null without crawl data or without a URL. */
export function crawlCategoryOf(v: ValidatorLike, e: Entry): CrawlCategory | null {
  const join = rowsJoin(v);
  if (join === null || e.loc.trim() === '') return null;
  return join.category(v.crawlRowOf?.(e.id) ?? -1);
}

/**
 * 1 for every entry whose `crawlCategoryOf` is `category` (by index): the summary's filter at
 * 1,000,000 rows in one pass over the join's rows (no per-entry lookup); null without crawl data.
 */
export function crawlCategoryMask(
  v: ValidatorLike,
  entries: readonly Entry[],
  category: CrawlCategory,
): Uint8Array | null {
  return runSteps(crawlCategoryMaskSteps(v, entries, category, ALL_ROWS));
}

/** `crawlCategoryMask` in steps of `chunk` rows (yields between them; see {@link VIEW_STEP_ROWS}). */
export function* crawlCategoryMaskSteps(
  v: ValidatorLike,
  entries: readonly Entry[],
  category: CrawlCategory,
  chunk = VIEW_STEP_ROWS,
): Generator<void, Uint8Array | null> {
  if (rowsJoin(v) === null) return null;
  const rows = yield* crawlRowsSteps(v, entries, chunk);
  const join = rowsJoin(v);
  if (join === null) return null;
  const mask = new Uint8Array(rows.length);
  const read = readRows(entries);
  for (let from = 0; from < rows.length; from += chunk) {
    if (chunk < rows.length) yield;
    const to = Math.min(rows.length, from + chunk);
    join.inCategory(rows, category, mask, from, to);
    // A row without a URL has no bucket (rare: only the matches are looked at).
    for (let i = from; i < to; i++) if (mask[i] === 1 && blank(read.loc(i))) mask[i] = 0;
  }
  return mask;
}

/** `loc.trim() === ''`, without trimming the common URL (a printable ASCII first character). */
function blank(loc: string): boolean {
  const c = loc.length === 0 ? 0 : loc.charCodeAt(0);
  return c <= 32 || c >= 127 ? loc.trim() === '' : false;
}

/** Listed URLs per bucket, and the indexable pages no entry lists. */
export interface CrawlSummary {
  listed: Record<CrawlCategory, number>;
  missing: number;
  /** Crawl rows repeating an earlier row's URL (not joined: the first row of each URL is). */
  duplicates: number;
}

/** Every bucket at 0. */
function noneListed(): Record<CrawlCategory, number> {
  return { ok: 0, redirect: 0, error: 0, noindex: 0, blocked: 0, canonicalised: 0, notCrawled: 0 };
}

/** Counts the buckets in one pass over the entries (memoise per validation version). */
export function crawlSummary(v: ValidatorLike, entries: readonly Entry[]): CrawlSummary | null {
  let last: CrawlSummary | null = null;
  for (const s of crawlSummarySteps(v, entries, entries.length + 1)) last = s;
  return last;
}

/**
 * `crawlSummary` in steps of `chunk` entries, for a caller that spreads a 1,000,000-row count
 * over several tasks: yields null after each step but the last, then the summary.
 */
export function* crawlSummarySteps(
  v: ValidatorLike,
  entries: readonly Entry[],
  chunk = 100_000,
): Generator<CrawlSummary | null, void> {
  const join = v.crawlJoin?.() ?? null;
  if (join === null) {
    yield null;
    return;
  }
  const listed = noneListed();
  // A sitemap index's rows are sitemaps, not pages: none is counted.
  const rows = v.crawlJoinsRows?.() === false ? [] : entries;
  for (let from = 0; from < rows.length; from += chunk) {
    const to = Math.min(rows.length, from + chunk);
    for (let i = from; i < to; i++) {
      const e = rows[i];
      if (e.loc.trim() === '') continue;
      listed[join.category(v.crawlRowOf?.(e.id) ?? -1)]++;
    }
    if (to < rows.length) yield null;
  }
  yield { listed, missing: join.missing, duplicates: join.table.duplicates ?? 0 };
}

/** One file of a workspace as the workspace's crawl summary reads it. */
export interface SummaryFile {
  validator: ValidatorLike;
  entries: readonly Entry[];
}

/**
 * The crawl summary of a whole workspace, whose files share one join: each crawl row counted
 * once however many entries (in one file or several) list it, each listed URL the crawl lacks
 * once (by its trimmed text), and the pages no file lists once. Summing the files' own summaries
 * counts a page listed by two files twice. In steps of `chunk` entries, as `crawlSummarySteps`;
 * null at the end when no file has crawl data.
 *
 * @example runSteps(workspaceCrawlSummarySteps(files, Infinity))?.listed.ok
 */
export function* workspaceCrawlSummarySteps(
  files: readonly SummaryFile[],
  chunk = 100_000,
): Generator<null, CrawlSummary | null> {
  const join = files.map((f) => f.validator.crawlJoin?.() ?? null).find((j) => j !== null) ?? null;
  if (join === null) return null;
  const listed = noneListed();
  const counted = new Uint8Array(join.table.rows);
  const notCrawled = new Set<string>();
  for (const { validator: v, entries } of files) {
    // Another crawl (a file not joined yet), or an index's rows (sitemaps, not pages): not counted.
    if (v.crawlJoin?.() !== join || v.crawlJoinsRows?.() === false) continue;
    for (let from = 0; from < entries.length; from += chunk) {
      const to = Math.min(entries.length, from + chunk);
      for (let i = from; i < to; i++) {
        const e = entries[i];
        const row = v.crawlRowOf?.(e.id) ?? -1;
        if (row >= 0) {
          if (counted[row] === 1) continue;
          counted[row] = 1;
          listed[join.category(row)]++;
        } else {
          const url = e.loc.trim();
          if (url !== '') notCrawled.add(url);
        }
      }
      if (to < entries.length) yield null;
    }
  }
  listed.notCrawled = notCrawled.size;
  return { listed, missing: join.missing, duplicates: join.table.duplicates ?? 0 };
}
