/**
 * The crawl audit's fixes and actions (CRAWL-001…006, 008), pure: entries and the join in, a
 * `FixResult` out. Replacements only go to targets the crawl has as 200 and indexable and that no
 * entry lists yet (nor an earlier replacement of the same run), with the target's Last-Modified
 * from the crawl as `lastmod` when it has one; a redirecting or canonicalised URL whose such
 * target is already listed is removed instead.
 */
import type { Entry } from '../model.ts';
import { runSteps } from '../steps.ts';
import type { CrawlJoin } from './join.ts';

/** Rules whose fix removes the entry. */
export const CRAWL_REMOVE_RULES: ReadonlySet<string> = new Set(['CRAWL-001', 'CRAWL-003', 'CRAWL-005']);

/** Fix labels per rule (CRAWL-006 is the "add" action; CRAWL-007 has none). */
export const CRAWL_FIX_LABELS: Readonly<Record<string, string>> = {
  'CRAWL-001': 'Remove the URL',
  'CRAWL-002': 'Replace with the redirect target (remove if listed)',
  'CRAWL-003': 'Remove the URL',
  'CRAWL-004': 'Replace with the canonical URL (remove if listed)',
  'CRAWL-005': 'Remove the URL',
  'CRAWL-008': 'Use the crawled form',
};

/** Replacement entries and removed ids (the same shape as core `FixResult`). */
export interface CrawlFixResult {
  update?: Entry[];
  remove?: number[];
}

/**
 * The fix of `rule` over `entries` (the entries having that rule's issue), as one result.
 * `rowOf` gives an entry's crawl row (-1: none).
 *
 * @example crawlFix('CRAWL-003', noindexEntries, join, rowOf).remove // their ids
 */
export function crawlFix(
  rule: string,
  entries: Iterable<Entry>,
  join: CrawlJoin,
  rowOf: (e: Entry) => number,
): CrawlFixResult {
  return runSteps(crawlFixSteps(rule, entries, join, rowOf, Number.MAX_SAFE_INTEGER));
}

/**
 * `crawlFix` in steps of `chunk` entries (yielding the entries done), for a caller that spreads
 * thousands of replacements (each a lookup of its target in the crawl) over several tasks.
 *
 * @example runSteps(crawlFixSteps('CRAWL-004', entries, join, rowOf, 500))
 */
export function* crawlFixSteps(
  rule: string,
  entries: Iterable<Entry>,
  join: CrawlJoin,
  rowOf: (e: Entry) => number,
  chunk: number,
): Generator<number, CrawlFixResult> {
  const update: Entry[] = [];
  const remove: number[] = [];
  const claimed = new Set<number>();
  let done = 0;
  for (const e of entries) {
    if (++done % chunk === 0) yield done;
    const row = rowOf(e);
    if (row < 0) continue;
    if (CRAWL_REMOVE_RULES.has(rule)) {
      remove.push(e.id);
      continue;
    }
    if (rule === 'CRAWL-008') {
      update.push({ ...e, loc: join.url(row) });
      continue;
    }
    const target =
      rule === 'CRAWL-002' ? join.redirect(row) : rule === 'CRAWL-004' ? join.canonical(row) : '';
    if (target === '') continue;
    const m = join.match(target);
    if (m === null || !m.exact || !join.indexable(m.row)) continue;
    if (join.listedCount(m.row) > 0 || claimed.has(m.row)) {
      // Spec (CRAWL-004): a URL whose target is already listed is simply removed; a redirect
      // (CRAWL-002) to a listed 200 indexable page likewise, or it would stay flagged unfixable.
      remove.push(e.id);
      continue;
    }
    claimed.add(m.row);
    // The entry now describes the target page: its lastmod is the crawl's when it has one (as
    // "Add missing" gives), else the old one stays.
    const lastmod = join.lastmod(m.row);
    update.push(lastmod === '' ? { ...e, loc: target } : { ...e, loc: target, lastmod });
  }
  const out: CrawlFixResult = {};
  if (update.length > 0) out.update = update;
  if (remove.length > 0) out.remove = remove;
  return out;
}

/**
 * New entry bodies for the indexable pages no entry lists (CRAWL-006), in crawl order, with the
 * crawl's Last-Modified as `lastmod` (converted to W3C format by `finishCrawlTable` when that
 * needs no guessed zone, else kept as written so LASTMOD rules flag it).
 */
export function missingPages(
  join: CrawlJoin,
  rows: readonly number[] = join.missingRows(),
): Array<Omit<Entry, 'id'>> {
  const out: Array<Omit<Entry, 'id'>> = [];
  for (const r of rows) {
    const body: Omit<Entry, 'id'> = { loc: join.url(r) };
    const lastmod = join.lastmod(r);
    if (lastmod !== '') body.lastmod = lastmod;
    out.push(body);
  }
  return out;
}
