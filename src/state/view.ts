import type { Entry, SitemapDocument } from '../core/model.ts';
import { bucketMatcher } from '../core/stats.ts';
import { cellText } from './columns.ts';
import { idIndexOf } from './patch.ts';
import { sortByStrings } from './stringSort.ts';
import type { SortState, ViewState } from './types.ts';
import { severityRank, type ValidatorLike } from './validation.ts';

/**
 * Row order of the view: entry indexes that pass filters and search, in sort order.
 * One pass to filter (no per-row objects), then a sort of an Int32Array of indexes over
 * precomputed keys (numbers or strings), ties broken by document order so sorting is stable.
 *
 * @example computeRowOrder(doc, { sort: { column: 'loc', dir: 'asc' }, search: '', filters: {}, hiddenColumns: [] }, v)
 */
export function computeRowOrder(
  doc: SitemapDocument | null,
  view: ViewState,
  validator: ValidatorLike,
): Int32Array {
  if (!doc) return new Int32Array(0);
  const rows = filterRows(doc.entries, view, validator);
  return view.sort ? sortRows(doc.entries, rows, view.sort, validator) : rows;
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

function matchesSearch(e: Entry, re: RegExp): boolean {
  return (
    re.test(e.loc) ||
    (e.lastmod !== undefined && re.test(e.lastmod)) ||
    (e.changefreq !== undefined && re.test(e.changefreq)) ||
    (e.priority !== undefined && re.test(e.priority))
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

function filterRows(entries: readonly Entry[], view: ViewState, validator: ValidatorLike): Int32Array {
  const { filters } = view;
  const re = searchMatcher(view.search);
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
  if (!re && !mask && minRank === 0 && !ids && !field && !inBucket) {
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    return all;
  }
  const out = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    if (mask && mask[i] === 0) continue;
    if (ids && !ids.has(e.id)) continue;
    if (minRank > 0 && severityRank(validator.worstSeverity(e.id)) < minRank) continue;
    if (field && cellText(e, field.column) !== field.value) continue;
    if (inBucket && !inBucket(e)) continue;
    if (re && !matchesSearch(e, re)) continue;
    out[k++] = i;
  }
  return out.slice(0, k);
}

const CHANGEFREQ_RANK: Record<string, number> = {
  always: 1,
  hourly: 2,
  daily: 3,
  weekly: 4,
  monthly: 5,
  yearly: 6,
  never: 7,
};

/**
 * Numeric sort key of an entry for a column, or NaN when the cell is empty (empties sort last
 * in both directions). Returns undefined for string-keyed columns.
 */
function numericKey(
  e: Entry,
  index: number,
  column: SortState['column'],
  v: ValidatorLike,
): number | undefined {
  switch (column) {
    case 'row':
      return index;
    case 'priority': {
      if (e.priority === undefined || e.priority.trim() === '') return Number.NaN;
      const p = Number(e.priority);
      // Unparseable priorities sort after every number but before empties.
      return Number.isNaN(p) ? Number.MAX_VALUE : p;
    }
    case 'changefreq':
      if (e.changefreq === undefined || e.changefreq === '') return Number.NaN;
      return CHANGEFREQ_RANK[e.changefreq.trim().toLowerCase()] ?? 8;
    case 'images':
    case 'videos':
    case 'news':
    case 'alternates':
      return e[column]?.length ?? 0;
    case 'issues':
      return severityRank(v.worstSeverity(e.id));
    default:
      return undefined;
  }
}

function sortRows(
  entries: readonly Entry[],
  rows: Int32Array,
  sort: SortState,
  v: ValidatorLike,
): Int32Array {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const n = rows.length;
  const probe = numericKey({ id: -1, loc: '' }, 0, sort.column, v);
  const out = rows.slice();
  if (probe !== undefined) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = numericKey(entries[rows[i]], rows[i], sort.column, v) as number;
    const pos = new Int32Array(n);
    for (let i = 0; i < n; i++) pos[i] = i;
    pos.sort((a, b) => {
      const ka = keys[a];
      const kb = keys[b];
      if (ka !== kb) {
        if (Number.isNaN(ka)) return Number.isNaN(kb) ? a - b : 1;
        if (Number.isNaN(kb)) return -1;
        return ka < kb ? -sign : sign;
      }
      return a - b;
    });
    for (let i = 0; i < n; i++) out[i] = rows[pos[i]];
    return out;
  }
  const keys: string[] = new Array(n);
  for (let i = 0; i < n; i++) keys[i] = cellText(entries[rows[i]], sort.column);
  const local = new Int32Array(n);
  for (let i = 0; i < n; i++) local[i] = i;
  const pos = sortByStrings(keys, local, sort.dir);
  for (let i = 0; i < n; i++) out[i] = rows[pos[i]];
  return out;
}
