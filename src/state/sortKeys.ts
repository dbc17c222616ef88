/**
 * Sort keys of the table columns and comparisons between rows, shared by the sorted index
 * (sortIndex.ts). Strings for loc and lastmod (code-unit order); numbers for the rest: priority
 * numerically, changefreq by frequency, list columns by count, issues by severity. An empty
 * cell has key '' or NaN and sorts last.
 */
import type { Entry } from '../core/model.ts';
import { changefreqIndex } from '../core/rules/changefreq.ts';
import { stringKey } from '../core/sort/columnOrder.ts';
import { type ColumnId, isCrawlColumn } from './columns.ts';
import { crawlSortKey } from './crawlView.ts';
import { severityRank, type ValidatorLike } from './validation.ts';

/** True for columns sorted as strings. */
export function isStringColumn(column: ColumnId): column is 'loc' | 'lastmod' {
  return column === 'loc' || column === 'lastmod';
}

// String key ('' = empty) for loc / lastmod: the one the worker's precomputed orders use.
export { stringKey };

/**
 * Numeric key, NaN for an empty cell. Unparseable priorities sort after every number; unknown
 * changefreq words after `never`.
 */
export function numericKey(e: Entry, index: number, column: ColumnId, v: ValidatorLike): number {
  switch (column) {
    case 'row':
      return index;
    case 'priority': {
      const raw = e.priority;
      if (raw === undefined || raw.trim() === '') return Number.NaN;
      const p = Number(raw);
      return Number.isNaN(p) ? Number.MAX_VALUE : p;
    }
    case 'changefreq':
      if (e.changefreq === undefined || e.changefreq === '') return Number.NaN;
      return changefreqIndex(e.changefreq.trim().toLowerCase()) + 1 || 8;
    case 'images':
    case 'videos':
    case 'news':
    case 'alternates':
      return e[column]?.length ?? 0;
    case 'issues':
      return severityRank(v.worstSeverity(e.id));
    default:
      return isCrawlColumn(column) ? crawlSortKey(v, e, column) : Number.NaN;
  }
}

/** True when the row's cell is empty for `column`. */
export function isEmptyKey(e: Entry, i: number, column: ColumnId, v: ValidatorLike): boolean {
  return isStringColumn(column) ? stringKey(e, column) === '' : Number.isNaN(numericKey(e, i, column, v));
}

/** True when two rows have equal keys. */
export function sameKey(
  entries: readonly Entry[],
  a: number,
  b: number,
  column: ColumnId,
  v: ValidatorLike,
): boolean {
  if (isStringColumn(column)) return stringKey(entries[a], column) === stringKey(entries[b], column);
  return numericKey(entries[a], a, column, v) === numericKey(entries[b], b, column, v);
}

/** Compare two rows by key for `column` (empties last, ties by index): the index's order. */
export function compareRows(
  entries: readonly Entry[],
  a: number,
  b: number,
  column: ColumnId,
  v: ValidatorLike,
): number {
  if (isStringColumn(column)) {
    const ka = stringKey(entries[a], column);
    const kb = stringKey(entries[b], column);
    if (ka === kb) return a - b;
    if (ka === '') return 1;
    if (kb === '') return -1;
    return ka < kb ? -1 : 1;
  }
  const ka = numericKey(entries[a], a, column, v);
  const kb = numericKey(entries[b], b, column, v);
  if (ka === kb || (Number.isNaN(ka) && Number.isNaN(kb))) return a - b;
  if (Number.isNaN(ka)) return 1;
  if (Number.isNaN(kb)) return -1;
  return ka - kb;
}

/** True when two versions of an entry have the same key for `column`. */
export function sameEntryKey(a: Entry, b: Entry, column: ColumnId): boolean {
  switch (column) {
    case 'loc':
    case 'lastmod':
    case 'priority':
    case 'changefreq':
      return a[column] === b[column];
    case 'images':
    case 'videos':
    case 'news':
    case 'alternates':
      return (a[column]?.length ?? 0) === (b[column]?.length ?? 0);
    default:
      // A crawl cell follows the URL (the join is by loc).
      return isCrawlColumn(column) ? a.loc === b.loc : true;
  }
}
