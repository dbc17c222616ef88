/**
 * "Compare with…" (issue #8): parse a second sitemap off the main thread (the worker client,
 * same as opening a file), compare it with the open document (core `compareSitemaps`, linear),
 * list the differences per category and export them as CSV (core `diffToCsv`).
 */
import {
  type ChangeKind,
  compareSitemaps,
  type DiffRow,
  diffToCsv,
  type SitemapDiff,
} from '../core/compare.ts';
import { fileStem } from '../core/fileStem.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { createSitemapClient, type SitemapClient } from '../workers/client.ts';

/** A category of the compare view: one kind of change, or every difference. */
export type CompareFilter = ChangeKind | 'all';

/** Categories in display order. */
export const COMPARE_FILTERS: readonly CompareFilter[] = [
  'all',
  'added',
  'removed',
  'changed',
  'trailingSlash',
  'case',
  'scheme',
];

/** Display names of the categories. */
export const CHANGE_LABEL: Record<CompareFilter, string> = {
  all: 'All differences',
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  trailingSlash: 'Trailing slash only',
  case: 'Case only',
  scheme: 'Scheme only',
};

/** One side of a comparison. */
export interface CompareSide {
  name: string;
  entries: readonly Entry[];
}

/** A finished comparison: side A ("before", the open document) against side B ("after"). */
export interface CompareSession {
  before: { name: string; count: number };
  after: { name: string; count: number };
  diff: SitemapDiff;
}

/**
 * Compare two sides. O(n + m).
 *
 * @example startCompare({ name: 'sitemap.xml', entries: doc.entries }, { name: 'live.xml', entries: other.entries })
 */
export function startCompare(before: CompareSide, after: CompareSide): CompareSession {
  return {
    before: { name: before.name, count: before.entries.length },
    after: { name: after.name, count: after.entries.length },
    diff: compareSitemaps(before.entries, after.entries),
  };
}

/** Number of differences in a category. */
export function countOf(diff: SitemapDiff, filter: CompareFilter): number {
  return filter === 'all' ? diff.rows.length : diff.counts[filter];
}

/**
 * The rows of one category, in the diff's order. O(rows); returns the diff's own array for 'all'.
 *
 * @example rowsOf(session.diff, 'added').length === session.diff.counts.added
 */
export function rowsOf(diff: SitemapDiff, filter: CompareFilter): readonly DiffRow[] {
  return filter === 'all' ? diff.rows : diff.rows.filter((r) => r.change === filter);
}

/**
 * The CSV download of a category: file name and text (RFC 4180, CRLF).
 *
 * @example compareCsv(session, 'all').name // 'differences-sitemap-vs-live.csv'
 */
export function compareCsv(session: CompareSession, filter: CompareFilter): { name: string; text: string } {
  const stem = (n: string) => fileStem(n).replace(/[^\w.-]+/g, '_') || 'sitemap';
  const suffix = filter === 'all' ? '' : `-${filter}`;
  return {
    name: `differences-${stem(session.before.name)}-vs-${stem(session.after.name)}${suffix}.csv`,
    text: diffToCsv(session.diff, filter === 'all' ? {} : { kinds: [filter] }),
  };
}

let sharedClient: SitemapClient | null = null;

/** One worker client for every comparison, created on first use. */
function defaultClient(): SitemapClient {
  if (!sharedClient) sharedClient = createSitemapClient();
  return sharedClient;
}

/**
 * Parse the file to compare with through the sitemap worker (in-thread fallback where workers
 * are unavailable), so a 1,000,000-URL file does not freeze the page. Rejects with a readable
 * message when the file is not a usable sitemap.
 *
 * @example const other = await parseCompareFile('live.xml', bytes);
 */
export async function parseCompareFile(
  name: string,
  bytes: Uint8Array,
  client: SitemapClient = defaultClient(),
  signal?: AbortSignal,
): Promise<SitemapDocument> {
  const result = await client.parse(bytes, name, undefined, signal);
  // Comparing the part before a fatal error would report everything after it as removed.
  if (result.fatal) {
    const where = result.fatal.line ? ` (line ${result.fatal.line})` : '';
    throw new Error(`${name} could not be read${where}: ${result.fatal.message}`);
  }
  return result.document;
}

/** The compared fields, in column order (ui/ reaches core through state/). */
export { DIFF_FIELDS, summarizeField } from '../core/compare.ts';
