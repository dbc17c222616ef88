/**
 * Google's page-indexing reasons as crawl facts (read by the crawl reader only: kept out of
 * table.ts, which the first chunk loads).
 */
import { FLAG } from './table.ts';

/**
 * What a Search Console page-indexing reason says about a page, as the crawl's status and row
 * flags (status -1: not known). One place for Google's wording: a reason it does not know says
 * nothing. Soft 404 and "crawled / discovered – currently not indexed" are non-indexable pages
 * whose server answered (or was not asked): no CRAWL rule, but never a missing indexable page.
 *
 * @example coverageFacts('Excluded by ‘noindex’ tag') // { status: 200, flags: FLAG.noindex }
 */
export function coverageFacts(reason: string): { status: number; flags: number } {
  const r = reason.toLowerCase();
  if (/soft 404/.test(r)) return { status: 200, flags: FLAG.nonIndexable };
  if (/not indexed/.test(r)) return { status: /discovered/.test(r) ? -1 : 200, flags: FLAG.nonIndexable };
  if (/robots\.txt/.test(r) && /block/.test(r)) return { status: -1, flags: FLAG.blocked };
  if (/noindex/.test(r)) return { status: 200, flags: FLAG.noindex };
  if (/\(404\)|not found/.test(r)) return { status: 404, flags: 0 };
  if (/\(401\)|unauthori[sz]ed/.test(r)) return { status: 401, flags: 0 };
  if (/\(403\)|forbidden/.test(r)) return { status: 403, flags: 0 };
  if (/4xx/.test(r)) return { status: 400, flags: 0 };
  if (/5xx|server error/.test(r)) return { status: 500, flags: 0 };
  if (/redirect/.test(r)) return { status: 301, flags: 0 };
  if (/canonical/.test(r)) return { status: 200, flags: FLAG.canonicalElsewhere };
  if (/indexed/.test(r)) return { status: 200, flags: 0 };
  return { status: -1, flags: 0 };
}
