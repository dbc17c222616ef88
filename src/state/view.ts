import type { Entry, SitemapDocument } from '../core/model.ts';
import { bucketMatcher } from '../core/stats.ts';
import { cellText } from './columns.ts';
import { idIndexOf } from './patch.ts';
import { buildSortIndex, type SortIndex, walkSortIndex } from './sortIndex.ts';
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
  if (!doc) return new Int32Array(0);
  const mask = filterMask(doc.entries, view, validator);
  if (!view.sort) return mask ? rowsOf(mask) : identity(doc.entries.length);
  const usable = index && index.entries === doc.entries && index.column === view.sort.column;
  const sorted = usable ? index : buildSortIndex(doc.entries, view.sort.column, validator);
  return walkSortIndex(sorted, view.sort.dir, mask, validator);
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
    !f.bucket
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
    view.filters.rule !== undefined || view.filters.severity !== undefined || view.sort?.column === 'issues'
  );
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Case-insensitive literal matcher; irregexp scans without allocating per row. */
export function searchMatcher(search: string): RegExp | null {
  return search === '' ? null : new RegExp(escapeRegExp(search), 'i');
}

/**
 * A search: the matcher plus which short fields could possibly contain the query (a date holds
 * only digits and `-:T+.Z`, a changefreq only letters, a priority only digits and `.`), so the
 * common URL search tests one field per row.
 */
interface SearchPlan {
  re: RegExp;
  lastmod: boolean;
  changefreq: boolean;
  priority: boolean;
}

function searchPlan(search: string): SearchPlan | null {
  const re = searchMatcher(search);
  if (!re) return null;
  return {
    re,
    lastmod: /^[0-9:tz+.-]+$/i.test(search),
    changefreq: /^[a-z]+$/i.test(search),
    priority: /^[0-9.]+$/.test(search),
  };
}

function matchesSearch(e: Entry, p: SearchPlan): boolean {
  return (
    p.re.test(e.loc) ||
    (p.lastmod && e.lastmod !== undefined && p.re.test(e.lastmod)) ||
    (p.changefreq && e.changefreq !== undefined && p.re.test(e.changefreq)) ||
    (p.priority && e.priority !== undefined && p.re.test(e.priority))
  );
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
  const { filters } = view;
  const re = searchPlan(view.search);
  const mask = filters.rule !== undefined ? ruleMask(entries, filters.rule, validator) : null;
  const minRank = filters.severity ? severityRank(filters.severity) : 0;
  const ids = filters.entryIds?.ids;
  const field = filters.field;
  const inBucket = filters.bucket
    ? bucketMatcher(filters.bucket.filter, {
        hasRule: (id, rule) => validator.issuesOf(id).some((i) => i.rule === rule),
      })
    : null;
  const n = entries.length;
  if (!re && !mask && minRank === 0 && !ids && !field && !inBucket) return null;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    if (mask && mask[i] === 0) continue;
    if (ids && !ids.has(e.id)) continue;
    if (minRank > 0 && severityRank(validator.worstSeverity(e.id)) < minRank) continue;
    if (field && cellText(e, field.column) !== field.value) continue;
    if (inBucket && !inBucket(e)) continue;
    if (re && !matchesSearch(e, re)) continue;
    out[i] = 1;
  }
  return out;
}
