/**
 * CRAWL-001…008 (SITEMAP-RULES.md 6.17): a listed URL against its crawl row. One small function
 * per rule; `crawlIssues` runs them for one entry, `missingIssue` is the document-level CRAWL-006.
 * Issue fields name the crawl columns of the grid (`crawlStatus`, `crawlIndexability`,
 * `crawlCanonical`, `crawlRedirect`), or `loc` for CRAWL-008.
 */

import type { CrawlFormat } from '../crawl/detect.ts';
import { type CrawlJoin, type CrawlMatch, statusText } from '../crawl/join.ts';
import { describeCrawlDifference } from '../crawl/normalise.ts';
import { FLAG } from '../crawl/table.ts';
import { fmtInt } from '../format.ts';
import type { Entry, Issue } from '../model.ts';
import { makeIssue } from '../model.ts';
import { show } from './common.ts';
import { addMissingHow, type Surface } from './surface.ts';

/** Grid columns of crawl data, in display order. */
export const CRAWL_FIELDS = ['crawlStatus', 'crawlIndexability', 'crawlCanonical', 'crawlRedirect'] as const;

function at(e: Entry, field: string): { entry: number; field: string; line?: number } {
  return e.line === undefined ? { entry: e.id, field } : { entry: e.id, field, line: e.line };
}

/** CRAWL-001: 4xx, 5xx or no response (and not blocked, which is CRAWL-005). */
export function crawlError(j: CrawlJoin, m: CrawlMatch, e: Entry, out: Issue[]): void {
  const s = j.status(m.row);
  if (j.has(m.row, FLAG.blocked) || !(s === 0 || s >= 400)) return;
  const what = s === 0 ? 'gave no response' : `answers ${s}`;
  out.push(
    makeIssue(
      'CRAWL-001',
      'error',
      `The crawl says this URL ${what}; remove it from the sitemap (or list the page it moved to).`,
      at(e, 'crawlStatus'),
    ),
  );
}

/** CRAWL-002: 3xx. */
export function crawlRedirect(j: CrawlJoin, m: CrawlMatch, e: Entry, out: Issue[]): void {
  const s = j.status(m.row);
  if (s < 300 || s >= 400) return;
  const to = j.redirect(m.row);
  const msg = to
    ? `Redirects (${s}) to ${show(to)}; list the final URL instead.`
    : `Redirects (${s}); list the final URL instead (the crawl does not say where to).`;
  out.push(makeIssue('CRAWL-002', 'warning', msg, at(e, 'crawlRedirect')));
}

/** CRAWL-003: noindex in meta robots, X-Robots-Tag or the indexability status. */
export function crawlNoindex(j: CrawlJoin, m: CrawlMatch, e: Entry, out: Issue[]): void {
  if (!j.has(m.row, FLAG.noindex)) return;
  out.push(
    makeIssue(
      'CRAWL-003',
      'error',
      'The page is noindex; a sitemap should list only pages meant for the index. Remove it.',
      at(e, 'crawlIndexability'),
    ),
  );
}

/** CRAWL-004: the canonical link points to another URL. */
export function crawlCanonicalised(j: CrawlJoin, m: CrawlMatch, e: Entry, out: Issue[]): void {
  if (!j.has(m.row, FLAG.canonicalElsewhere)) return;
  const c = j.canonical(m.row);
  out.push(
    makeIssue(
      'CRAWL-004',
      'warning',
      c === ''
        ? 'Search Console says another URL is the canonical of this page; list that URL instead.'
        : `The page names ${show(c)} as its canonical URL; list that URL instead.`,
      at(e, 'crawlCanonical'),
    ),
  );
}

/** CRAWL-005: blocked by robots.txt. */
export function crawlBlocked(j: CrawlJoin, m: CrawlMatch, e: Entry, out: Issue[]): void {
  if (!j.has(m.row, FLAG.blocked)) return;
  out.push(
    makeIssue(
      'CRAWL-005',
      'error',
      'robots.txt blocks this URL; remove it from the sitemap or allow it in robots.txt.',
      at(e, 'crawlStatus'),
    ),
  );
}

/**
 * What a listed URL missing from the data means depends on the data: a crawler that did not reach
 * it (no internal link, or a partial crawl), or a Search Console export with no row for it (no
 * impressions in its period, or a cut-short export): nothing about links or reachability.
 */
const NOT_FOUND: Readonly<Record<CrawlFormat, string | null>> = {
  'screaming-frog': 'The crawl did not find this URL: no internal link reaches it, or the crawl was partial.',
  generic: 'The crawl data does not have this URL: no internal link may reach it, or the export is partial.',
  'search-console':
    'This URL is not in the Search Console export: no impressions in its period, or the export was cut short (Search Console exports at most 1,000 rows). It says nothing about links.',
  // A page-indexing list holds the pages of one issue (or the indexed ones): not being in it is no finding.
  'search-console-indexing': null,
};

/** CRAWL-007: not in the crawl (or not in the Search Console export: `format`). */
export function crawlNotFound(e: Entry, out: Issue[], format: CrawlFormat = 'screaming-frog'): void {
  const text = NOT_FOUND[format];
  if (text !== null) out.push(makeIssue('CRAWL-007', 'info', text, at(e, 'crawlStatus')));
}

/** CRAWL-008: found only after normalisation. */
export function crawlNormalised(j: CrawlJoin, m: CrawlMatch, e: Entry, out: Issue[]): void {
  if (m.exact) return;
  const crawled = j.url(m.row);
  out.push(
    makeIssue(
      'CRAWL-008',
      'warning',
      `The crawl has this page as ${show(crawled)} (differs by ${describeCrawlDifference(e.loc, crawled)}); list the URL exactly as the site links it.`,
      at(e, 'loc'),
    ),
  );
}

/**
 * Every CRAWL issue of one entry, given its match (null = not crawled). Entries without a URL
 * get none (LOC rules cover them).
 *
 * @example crawlIssues(join, join.match(e.loc), e, out)
 */
export function crawlIssues(j: CrawlJoin, m: CrawlMatch | null, e: Entry, out: Issue[]): void {
  if (e.loc.trim() === '') return;
  if (m === null) {
    crawlNotFound(e, out, j.table.format);
    return;
  }
  crawlNormalised(j, m, e, out);
  crawlError(j, m, e, out);
  crawlRedirect(j, m, e, out);
  crawlNoindex(j, m, e, out);
  crawlCanonicalised(j, m, e, out);
  crawlBlocked(j, m, e, out);
}

/**
 * CRAWL-006 as one grouped document issue (null when nothing is missing), its "what to do"
 * worded for where it is read (the app's button, or the CLI's list of URLs). `n`: the pages that
 * go to this file when several files share the join (default: all the join misses).
 */
export function missingIssue(j: CrawlJoin, surface: Surface = 'app', n = j.missing): Issue | null {
  if (n === 0) return null;
  const what =
    j.table.format === 'search-console'
      ? `page${n === 1 ? '' : 's'} of the Search Console export (shown in Google Search)`
      : j.table.format === 'search-console-indexing'
        ? `page${n === 1 ? '' : 's'} Search Console reports as indexed`
        : `indexable page${n === 1 ? '' : 's'} of the crawl`;
  return makeIssue(
    'CRAWL-006',
    'warning',
    `${fmtInt(n)} ${what} ${n === 1 ? 'is' : 'are'} missing from the sitemap; ${addMissingHow(n, surface)}`,
  );
}

/** Status cell text of an entry (for the grid, sorting and filtering). */
export { statusText };
