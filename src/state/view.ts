import { readRows } from '../core/lazyEntries.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { bucketField, bucketMatcher } from '../core/stats.ts';
import { runSteps } from '../core/steps.ts';
import type { ColumnId } from './columns.ts';
import { cellText, isCrawlColumn, readsIssues } from './columns.ts';
import { ALL_ROWS, crawlCategoryMaskSteps, crawlCellText, viewStepRows } from './crawlView.ts';
import { idIndexOf } from './patch.ts';
import { type SearchField, searchRows } from './searchText.ts';
import { buildSortIndexSteps, type SortIndex, walkSortIndex } from './sortIndex.ts';
import type { ViewState } from './types.ts';
import { severityRank, type ValidatorLike } from './validation.ts';

/**
 * Row order of the view: entry indexes that pass filters and search, in sort order. One pass
 * builds a filter mask (no per-row objects); sorting walks a `SortIndex` (pass the cached one
 * to skip building it), so changing direction, filter or search never re-sorts.
 *
 * @example computeRowOrder(doc, { sort: { column: 'loc', dir: 'asc' }, search: '', filters: {}, hiddenColumns: [] }, v)
 */
export function computeRowOrder(
  doc: SitemapDocument | null,
  view: ViewState,
  validator: ValidatorLike,
  index: SortIndex | null = null,
): Int32Array {
  return runSteps(rowOrderSteps(doc, view, validator, index, ALL_ROWS)).order;
}

/**
 * `computeRowOrder` in steps of `chunk` rows (yields between them): its passes over every row
 * (a crawl filter's bucket mask, a numeric or crawl column's sort index) spread over several
 * tasks (state/kernel.ts `setView`). Returns the order and the sort index it walked (`index`
 * when that was for this sort, else the one built here; null unsorted). The document and the
 * validator must not change between the steps (the caller starts again when they did).
 */
export function* rowOrderSteps(
  doc: SitemapDocument | null,
  view: ViewState,
  validator: ValidatorLike,
  index: SortIndex | null,
  chunk = viewStepRows(doc?.entries.length ?? 0),
): Generator<void, { order: Int32Array; index: SortIndex | null }> {
  if (!doc) return { order: new Int32Array(0), index: null };
  const mask = yield* filterMaskSteps(doc.entries, view, validator, chunk);
  if (!view.sort) {
    if (mask && chunk < mask.length) yield;
    return { order: mask ? rowsOf(mask) : identity(doc.entries.length), index: null };
  }
  const usable = index && index.entries === doc.entries && index.column === view.sort.column;
  const sorted = usable ? index : yield* buildSortIndexSteps(doc.entries, view.sort.column, validator, chunk);
  if (chunk < doc.entries.length) yield;
  return { order: walkSortIndex(sorted, view.sort.dir, mask, validator), index: sorted };
}

/** True when the view keeps every row in document order (no sort, filter or search). */
export function isIdentityView(view: ViewState): boolean {
  const f = view.filters;
  return (
    !view.sort &&
    view.search === '' &&
    f.rule === undefined &&
    !f.severity &&
    !f.entryIds &&
    !f.field &&
    !f.bucket &&
    !f.crawl
  );
}

function identity(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

function rowsOf(mask: Uint8Array): Int32Array {
  let k = 0;
  for (let i = 0; i < mask.length; i++) k += mask[i];
  const out = new Int32Array(k);
  k = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) out[k++] = i;
  return out;
}

/** True when the view's result depends on issues (so it must be recomputed when they change). */
export function viewDependsOnIssues(view: ViewState): boolean {
  return (
    view.filters.rule !== undefined ||
    view.filters.severity !== undefined ||
    view.filters.crawl !== undefined ||
    (view.filters.field !== undefined && isCrawlColumn(view.filters.field.column)) ||
    (view.sort !== null && readsIssues(view.sort.column))
  );
}

/**
 * The fields a search looks in: only those that could possibly contain the query (a date holds
 * only digits and `-:T+.Z`, a changefreq only letters, a priority only digits and `.`), so the
 * common URL search looks at one field per row. A longer query never adds a field.
 */
function searchFields(search: string): SearchField[] | null {
  if (search === '') return null;
  const fields: SearchField[] = ['loc'];
  if (/^[0-9:tz+.-]+$/i.test(search)) fields.push('lastmod');
  if (/^[a-z]+$/i.test(search)) fields.push('changefreq');
  if (/^[0-9.]+$/.test(search)) fields.push('priority');
  return fields;
}

/** False when no entry can have an issue of severity `minRank` or worse (counts say none). */
function anyAtSeverity(validator: ValidatorLike, minRank: number): boolean {
  const c = validator.counts();
  return c.error + (minRank <= 2 ? c.warning : 0) + (minRank <= 1 ? c.info : 0) > 0;
}

function ruleMask(entries: readonly Entry[], rule: string, validator: ValidatorLike): Uint8Array {
  const at = idIndexOf(entries);
  const mask = new Uint8Array(entries.length);
  for (const id of validator.entriesWithRule(rule)) {
    const i = id < at.length ? at[id] : -1;
    if (i >= 0) mask[i] = 1;
  }
  return mask;
}

/** 1 for rows that pass filters and search; null when nothing is filtered. */
export function filterMask(
  entries: readonly Entry[],
  view: ViewState,
  validator: ValidatorLike,
): Uint8Array | null {
  return runSteps(filterMaskSteps(entries, view, validator, ALL_ROWS));
}

/** `filterMask` with the crawl bucket mask in steps of `chunk` rows (see `rowOrderSteps`). */
function* filterMaskSteps(
  entries: readonly Entry[],
  view: ViewState,
  validator: ValidatorLike,
  chunk: number,
): Generator<void, Uint8Array | null> {
  const { filters } = view;
  const plan = searchFields(view.search);
  const minRank = filters.severity ? severityRank(filters.severity) : 0;
  const ids = filters.entryIds?.ids;
  const field = filters.field;
  const n = entries.length;
  const category = filters.crawl?.category;
  if (!plan && filters.rule === undefined && minRank === 0 && !ids && !field && !filters.bucket && !category)
    return null;
  if (minRank > 0 && !anyAtSeverity(validator, minRank)) return new Uint8Array(n);
  const found = plan ? searchRows(entries, view.search, plan) : null;
  const mask = filters.rule !== undefined ? ruleMask(entries, filters.rule, validator) : null;
  const inBucket = filters.bucket
    ? bucketMatcher(filters.bucket.filter, {
        hasRule: (id, rule) => validator.issuesOf(id).some((i) => i.rule === rule),
      })
    : null;
  if (found && !mask && minRank === 0 && !ids && !field && !inBucket && !category) return found;
  const fieldText = (e: Entry, column: ColumnId) =>
    isCrawlColumn(column) ? crawlCellText(validator, e, column) : cellText(e, column);
  // The crawl bucket of every row in one pass over the join's rows (no lookup per row).
  const inCategory = category ? yield* crawlCategoryMaskSteps(validator, entries, category, chunk) : null;
  if (category && inCategory === null) return new Uint8Array(n);
  if (inCategory && !found && !mask && minRank === 0 && !ids && !field && !inBucket) return inCategory;
  const out = new Uint8Array(n);
  // Ids, locs and the scalar fields from the rows' columns; an entry (made and dropped when not
  // made yet) only for a field filter on a list or crawl column: a filter makes no entry of a
  // received document, and a chart bucket reads the one scalar its kind tests (core/stats
  // `bucketMatcher`: id, loc, lastmod, changefreq or priority) into one reused row.
  const rows = readRows(entries);
  const scalar = field !== undefined && isScalarColumn(field.column) ? field.column : null;
  const probe: Entry = { id: 0, loc: '' };
  const read = filters.bucket ? bucketField(filters.bucket.filter.kind) : null;
  for (let i = 0; i < n; i++) {
    // In steps of `chunk` rows: a field or chart filter of 1,000,000 rows was one long task.
    if (i > 0 && i % chunk === 0 && (field || inBucket)) yield;
    if (found && found[i] === 0) continue;
    if (mask && mask[i] === 0) continue;
    if (ids && !ids.has(rows.id(i))) continue;
    if (minRank > 0 && severityRank(validator.worstSeverity(rows.id(i))) < minRank) continue;
    if (field) {
      const text =
        scalar === null
          ? fieldText(rows.peek(i), field.column)
          : ((scalar === 'loc' ? rows.loc(i) : rows.field(i, scalar)) ?? '');
      if (text !== field.value) continue;
    }
    if (inCategory && inCategory[i] === 0) continue;
    if (inBucket) {
      if (read === 'id') probe.id = rows.id(i);
      else if (read === 'loc') probe.loc = rows.loc(i);
      else if (read !== null) probe[read] = rows.field(i, read);
      if (!inBucket(probe)) continue;
    }
    out[i] = 1;
  }
  return out;
}

/** A column holding one text per row, read from a received document's columns without its entry. */
function isScalarColumn(column: ColumnId): column is 'loc' | 'lastmod' | 'changefreq' | 'priority' {
  return column === 'loc' || column === 'lastmod' || column === 'changefreq' || column === 'priority';
}
