/**
 * Chart data for the insights panel (issue #8): lastmod over time, changefreq and priority
 * distributions, issues by rule, URLs per top-level folder, file sizes against the limits.
 *
 * Every function returns plain data that both a chart and its accessible table render: an
 * ordered list of buckets `{ label, value, filter }`. `filter` names the entries the bar stands
 * for, so clicking it can filter the table through {@link bucketMatcher}. Callers pass the
 * entries that pass the current table filter, so the charts follow it. All passes are O(n).
 */

import { CHANGEFREQS, FIELDS } from './fields.ts';
import { fmtInt } from './format.ts';
import { readRows } from './lazyEntries.ts';
import { type Entry, type Severity, severityRank } from './model.ts';
import { changefreqIndex } from './rules/changefreq.ts';
import { createUrlScan, scanUrl } from './urlParts.ts';
import { dayKeyOfMs, dayOfKey, daysFromCivil, daysInMonth } from './w3cDate.ts';

/** Which entries a bucket stands for. */
export type BucketFilter =
  /** `lastmod` date (as written, time zone ignored) in `[from, to)`; `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  | { kind: 'lastmod'; from: string; to: string }
  | { kind: 'lastmodMissing' }
  /** A lastmod present but not a parseable W3C date. */
  | { kind: 'lastmodInvalid' }
  /** `changefreq` exactly as written; `null` = absent. */
  | { kind: 'changefreq'; value: string | null }
  /** `priority` exactly as written; `null` = absent. */
  | { kind: 'priority'; value: string | null }
  /** Entries with an issue of this rule (needs `hasRule` in the match context). */
  | { kind: 'rule'; rule: string }
  /** First path segment as written; `''` = pages at the root, `null` = loc not an absolute URL. */
  | { kind: 'folder'; segment: string | null }
  /** Every first segment except these (the "other" bar). */
  | { kind: 'folderOther'; exclude: (string | null)[] };

/** One bar / table row. */
export interface Bucket {
  label: string;
  value: number;
  /** The entries behind the bar; `null` when it is not an entry set (e.g. a file). */
  filter: BucketFilter | null;
  /** Secondary text for the table, e.g. a rule's severity. */
  detail?: string;
}

/** A chart: title, unit of `value`, buckets in display order. */
export interface Chart<B extends Bucket = Bucket> {
  title: string;
  unit: string;
  buckets: B[];
}

/** Time scale of the lastmod histogram. */
export type DateScale = 'day' | 'month' | 'year';

/** The lastmod histogram, plus the entries it could not place. */
export interface LastmodChart extends Chart {
  scale: DateScale;
  /** "No lastmod" and "Invalid date" buckets (only those with a non-zero value). */
  extra: Bucket[];
}

/**
 * Parse the date part of a W3C Datetime by slicing: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` with an
 * optional `T…` tail (not checked). Returns `YYYYMMDD` as an integer (missing month/day count as
 * 01), or -1 when it is not a real calendar date. Surrounding whitespace is ignored.
 *
 * @example parseDateKey('2024-06-24T09:30:00+02:00') // 20240624
 */
export function parseDateKey(value: string): number {
  const v = value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32 ? value.trim() : value;
  const y = digits(v, 0, 4);
  if (y < 0) return -1;
  if (v.length === 4) return y * 10000 + 101;
  const m = v.charCodeAt(4) === 45 ? digits(v, 5, 2) : -1;
  if (m < 1 || m > 12) return -1;
  if (v.length === 7) return y * 10000 + m * 100 + 1;
  const d = v.charCodeAt(7) === 45 ? digits(v, 8, 2) : -1;
  if (d < 1 || d > daysInMonth(y, m)) return -1;
  if (v.length !== 10 && v.charCodeAt(10) !== 84) return -1;
  return y * 10000 + m * 100 + d;
}

function digits(v: string, at: number, len: number): number {
  if (v.length < at + len) return -1;
  let n = 0;
  for (let i = at; i < at + len; i++) {
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/** Days since 1970-01-01 of a `YYYYMMDD` key (proleptic Gregorian, any year ≥ 0; no Date quirks). */
function dayNumber(k: number): number {
  return daysFromCivil(Math.floor(k / 10000), Math.floor(k / 100) % 100, k % 100);
}

/** Inverse of {@link dayNumber}: `YYYY-MM-DD`. */
function dayLabel(z: number): string {
  return dayOfKey(dayKeyOfMs(z * 86_400_000));
}
const monthNumber = (k: number) => Math.floor(k / 10000) * 12 + (Math.floor(k / 100) % 100) - 1;

/** Pick the scale: days up to 92 days of span, months up to 48 months, years beyond. */
export function chooseDateScale(minKey: number, maxKey: number): DateScale {
  if (dayNumber(maxKey) - dayNumber(minKey) <= 92) return 'day';
  return monthNumber(maxKey) - monthNumber(minKey) <= 48 ? 'month' : 'year';
}

/** Bucket index helpers per scale: index of a key, and label/[from,to) of an index. */
function scaleOps(scale: DateScale) {
  if (scale === 'day') {
    return { index: dayNumber, label: dayLabel, next: (i: number) => dayLabel(i + 1) };
  }
  if (scale === 'month') {
    const label = (i: number) => `${pad(Math.floor(i / 12), 4)}-${pad((i % 12) + 1, 2)}`;
    return { index: monthNumber, label, next: (i: number) => label(i + 1) };
  }
  const label = (i: number) => pad(i, 4);
  return { index: (k: number) => Math.floor(k / 10000), label, next: (i: number) => label(i + 1) };
}

/**
 * Histogram of `lastmod` dates with consecutive (also empty) buckets from the earliest to the
 * latest date, on the scale {@link chooseDateScale} picks (or `options.scale`).
 *
 * @example lastmodHistogram(entries).buckets[0] // { label: '2024-06', value: 12, filter: { kind: 'lastmod', from: '2024-06', to: '2024-07' } }
 */
export function lastmodHistogram(
  entries: readonly Entry[],
  options: { scale?: DateScale } = {},
): LastmodChart {
  const keys = new Int32Array(entries.length);
  let min = 99999999;
  let max = -1;
  let missing = 0;
  let invalid = 0;
  // Values read from rows kept as columns make no entry (core/lazyEntries.ts).
  const rows = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    const v = rows.field(i, 'lastmod');
    const k = v === undefined ? -2 : parseDateKey(v);
    keys[i] = k;
    if (k === -2) missing++;
    else if (k === -1) invalid++;
    else {
      if (k < min) min = k;
      if (k > max) max = k;
    }
  }
  const scale = options.scale ?? (max < 0 ? 'month' : chooseDateScale(min, max));
  const extra: Bucket[] = [];
  if (missing > 0) extra.push({ label: 'No lastmod', value: missing, filter: { kind: 'lastmodMissing' } });
  if (invalid > 0) extra.push({ label: 'Invalid date', value: invalid, filter: { kind: 'lastmodInvalid' } });
  const chart: LastmodChart = { title: FIELDS.lastmod.label, unit: 'URLs', scale, buckets: [], extra };
  if (max < 0) return chart;
  let ops = scaleOps(scale);
  while (chart.scale !== 'year' && ops.index(max) - ops.index(min) >= MAX_BUCKETS) {
    chart.scale = chart.scale === 'day' ? 'month' : 'year';
    ops = scaleOps(chart.scale);
  }
  const first = ops.index(min);
  const counts = new Float64Array(ops.index(max) - first + 1);
  for (let i = 0; i < keys.length; i++) if (keys[i] >= 0) counts[ops.index(keys[i]) - first]++;
  for (let b = 0; b < counts.length; b++) {
    const from = ops.label(first + b);
    chart.buckets.push({
      label: from,
      value: counts[b],
      filter: { kind: 'lastmod', from, to: ops.next(first + b) },
    });
  }
  return chart;
}

/** A forced scale that would need more bars than this falls back to a coarser one. */
const MAX_BUCKETS = 5000;

function countBy(entries: readonly Entry[], field: 'changefreq' | 'priority'): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  const rows = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    const v = rows.field(i, field) ?? null;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return counts;
}

/**
 * Changefreq values as written: the seven valid values in their natural order, then any other
 * spelling (most frequent first), then "No changefreq". Zero buckets are left out.
 *
 * @example changefreqDistribution(entries).buckets.map((b) => b.label) // ['daily', 'Weekly', 'No changefreq']
 */
export function changefreqDistribution(entries: readonly Entry[]): Chart {
  const counts = countBy(entries, 'changefreq');
  const rank = (v: string) => {
    const i = changefreqIndex(v);
    return i < 0 ? CHANGEFREQS.length : i;
  };
  const values = [...counts.keys()].filter((v): v is string => v !== null);
  values.sort((a, b) => rank(a) - rank(b) || counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1));
  return distribution(FIELDS.changefreq.label, 'changefreq', values, counts);
}

/**
 * Priority values as written (`'0.5'` and `'.5'` are separate bars: the table shows what the
 * file says), numeric ascending, non-numbers after, then "No priority".
 *
 * @example priorityDistribution(entries).buckets[0].filter // { kind: 'priority', value: '0.1' }
 */
export function priorityDistribution(entries: readonly Entry[]): Chart {
  const counts = countBy(entries, 'priority');
  const num = (v: string) => {
    const n = Number(v.trim());
    return v.trim() === '' || Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
  };
  const values = [...counts.keys()].filter((v): v is string => v !== null);
  values.sort((a, b) => num(a) - num(b) || (a < b ? -1 : a > b ? 1 : 0));
  return distribution(FIELDS.priority.label, 'priority', values, counts);
}

function distribution(
  title: string,
  kind: 'changefreq' | 'priority',
  values: string[],
  counts: Map<string | null, number>,
): Chart {
  const buckets: Bucket[] = values.map((value) => ({
    label: value,
    value: counts.get(value)!,
    filter: { kind, value },
  }));
  const none = counts.get(null);
  if (none) buckets.push({ label: `No ${kind}`, value: none, filter: { kind, value: null } });
  return { title, unit: 'URLs', buckets };
}

/**
 * Issues per rule from `Validator.counts().byRule`: errors first, then warnings, then info, each
 * by count descending.
 *
 * @example issuesByRule(validator.counts().byRule).buckets[0] // { label: 'LOC-001', value: 3, detail: 'error', … }
 */
export function issuesByRule(byRule: ReadonlyMap<string, { severity: Severity; count: number }>): Chart {
  const rows = [...byRule].filter(([, v]) => v.count > 0);
  rows.sort(
    ([ra, a], [rb, b]) =>
      severityRank(b.severity) - severityRank(a.severity) || b.count - a.count || (ra < rb ? -1 : 1),
  );
  const buckets = rows.map(([rule, v]) => ({
    label: rule,
    value: v.count,
    detail: v.severity,
    filter: { kind: 'rule', rule } as BucketFilter,
  }));
  return { title: 'Issues by rule', unit: 'issues', buckets };
}

/** First path segment of a loc: `''` for root pages, `null` when not an absolute URL. */
export function firstSegment(loc: string, s = createUrlScan()): string | null {
  if (!scanUrl(loc, s)) return null;
  let i = s.pathStart;
  while (i < s.pathEnd && loc.charCodeAt(i) === 47) i++;
  const start = i;
  while (i < s.pathEnd && loc.charCodeAt(i) !== 47) i++;
  return loc.slice(start, i);
}

const folderLabel = (seg: string | null) => (seg === null ? '(not a URL)' : `/${seg}`);

/**
 * URLs per top-level folder (first path segment, all hosts together): the `top` largest, then
 * one "Other (k folders)" bar.
 *
 * @example urlsPerFolder(entries, 2).buckets.map((b) => b.label) // ['/blog', '/shop', 'Other (3 folders)']
 */
export function urlsPerFolder(entries: readonly Entry[], top = 10): Chart {
  const counts = new Map<string | null, number>();
  const s = createUrlScan();
  const read = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    const seg = firstSegment(read.loc(i), s);
    counts.set(seg, (counts.get(seg) ?? 0) + 1);
  }
  const rows = [...counts];
  rows.sort(([a, x], [b, y]) => y - x || folderLabel(a).localeCompare(folderLabel(b)));
  const shown = rows.slice(0, top);
  const buckets: Bucket[] = shown.map(([segment, value]) => ({
    label: folderLabel(segment),
    value,
    filter: { kind: 'folder', segment },
  }));
  const rest = rows.slice(top);
  if (rest.length > 0) {
    const value = rest.reduce((sum, [, n]) => sum + n, 0);
    const exclude = shown.map(([seg]) => seg);
    buckets.push({
      label: `Other (${rest.length} folders)`,
      value,
      filter: { kind: 'folderOther', exclude },
    });
  }
  return { title: 'URLs per top-level folder', unit: 'URLs', buckets };
}

/** Sitemap limits (SIZE-001/002): 50,000 URLs and 52,428,800 uncompressed bytes per file. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 } as const;

/** A file-size row: bytes as `value`, plus its share of each limit (1 = at the limit). */
export interface FileSizeBucket extends Bucket {
  urls: number;
  bytesShare: number;
  urlsShare: number;
  /** True when a limit is exceeded. */
  over: boolean;
}

/**
 * Output (or input) files against the limits, in the given order.
 *
 * @example fileSizes([{ name: 'sitemap.xml', bytes: 26_214_400, urls: 60_000 }]).buckets[0] // bytesShare 0.5, urlsShare 1.2, over true
 */
export function fileSizes(
  files: readonly { name: string; bytes: number; urls: number }[],
  limits: { urls: number; bytes: number } = SITEMAP_LIMITS,
): Chart<FileSizeBucket> {
  const buckets = files.map((f) => ({
    label: f.name,
    value: f.bytes,
    filter: null,
    urls: f.urls,
    bytesShare: f.bytes / limits.bytes,
    urlsShare: f.urls / limits.urls,
    over: f.bytes > limits.bytes || f.urls > limits.urls,
    detail: `${fmtInt(f.urls)} URLs`,
  }));
  return { title: 'File sizes against the limits', unit: 'bytes', buckets };
}

/** Extra facts a filter needs that entries do not carry. */
export interface MatchContext {
  /** For `rule` filters: does the entry have an issue of this rule? (e.g. from `Validator.issuesOf`) */
  hasRule?: (entryId: number, rule: string) => boolean;
}

/**
 * Compile a bucket filter into an entry predicate (parse the filter once, then O(1)-ish per
 * entry). A `rule` filter without `ctx.hasRule` matches nothing.
 *
 * @example entries.filter(bucketMatcher({ kind: 'priority', value: '0.5' }))
 */
export function bucketMatcher(filter: BucketFilter, ctx: MatchContext = {}): (entry: Entry) => boolean {
  switch (filter.kind) {
    case 'lastmod': {
      const from = parseDateKey(filter.from);
      const to = parseDateKey(filter.to);
      return (e) => {
        const k = e.lastmod === undefined ? -1 : parseDateKey(e.lastmod);
        return k >= from && k < to;
      };
    }
    case 'lastmodMissing':
      return (e) => e.lastmod === undefined;
    case 'lastmodInvalid':
      return (e) => e.lastmod !== undefined && parseDateKey(e.lastmod) < 0;
    case 'changefreq':
      return (e) => (e.changefreq ?? null) === filter.value;
    case 'priority':
      return (e) => (e.priority ?? null) === filter.value;
    case 'rule': {
      const has = ctx.hasRule;
      return has ? (e) => has(e.id, filter.rule) : () => false;
    }
    case 'folder': {
      const s = createUrlScan();
      return (e) => firstSegment(e.loc, s) === filter.segment;
    }
    case 'folderOther': {
      const s = createUrlScan();
      const exclude = new Set(filter.exclude);
      return (e) => !exclude.has(firstSegment(e.loc, s));
    }
  }
}

/**
 * The one field of an entry that {@link bucketMatcher}'s predicate for `kind` reads: a caller
 * holding rows as columns fills only that field of one reused entry (state/view.ts filters).
 *
 * @example bucketField('folder') // 'loc'
 */
export function bucketField(
  kind: BucketFilter['kind'],
): 'id' | 'loc' | 'lastmod' | 'changefreq' | 'priority' {
  switch (kind) {
    case 'rule':
      return 'id';
    case 'folder':
    case 'folderOther':
      return 'loc';
    case 'lastmod':
    case 'lastmodMissing':
    case 'lastmodInvalid':
      return 'lastmod';
    case 'changefreq':
      return 'changefreq';
    case 'priority':
      return 'priority';
  }
}

/**
 * Does one entry belong to a bucket? Convenience over {@link bucketMatcher}; compile once with
 * `bucketMatcher` when filtering many entries.
 *
 * @example matchesBucket(entry, { kind: 'lastmod', from: '2024-06', to: '2024-07' })
 */
export function matchesBucket(entry: Entry, filter: BucketFilter, ctx?: MatchContext): boolean {
  return bucketMatcher(filter, ctx)(entry);
}
