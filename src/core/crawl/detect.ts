/**
 * Recognising crawl exports by their header row (never by file name): Screaming Frog "Internal: All"
 * and its response-code exports, a Search Console Performance "Pages" export, a Search Console
 * page-indexing list (`URL,Last crawled`, with its reason as an `Issue` column when the export's
 * Metadata.csv named it: zipCrawl.ts), and a generic CSV with a URL column plus at least one crawl
 * signal: status, indexability, canonical, redirect target, last crawled or coverage reason. A
 * URL with only sitemap fields (`loc,lastmod,changefreq,priority`, the app's own CSV export) is
 * not crawl data: a lastmod is what the sitemap says, not what a crawler saw.
 */

/** A crawl column the audit reads; every other column of an export is ignored (and not stored). */
export type CrawlField =
  | 'url'
  | 'status'
  | 'statusText'
  | 'indexability'
  | 'indexabilityStatus'
  | 'metaRobots'
  | 'xRobots'
  | 'canonical'
  | 'redirect'
  | 'lastmod'
  | 'contentType'
  /** When a crawler or Google last fetched the page: a crawl signal only (not stored). */
  | 'lastCrawled'
  /** A Search Console page-indexing reason ("Not found (404)", "Excluded by ‘noindex’ tag"…). */
  | 'coverage';

/** Which CSV column (0-based) feeds which crawl field. */
export type CrawlMapping = Partial<Record<CrawlField, number>>;

export { type CrawlFormat, isCsvName, isSearchConsole } from './format.ts';

import type { CrawlFormat } from './format.ts';

/** Result of {@link detectCrawlCsv}. */
export interface CrawlDetection {
  format: CrawlFormat;
  mapping: CrawlMapping;
}

/** Header names per field (lower case, `_`/`-`/spaces collapsed to one space), best first. */
export const CRAWL_HEADER_NAMES: Readonly<Record<CrawlField, readonly string[]>> = {
  url: ['address', 'url', 'top pages', 'page', 'pages', 'page url', 'loc', 'landing page', 'link'],
  status: ['status code', 'http status code', 'status', 'http status', 'response code', 'code'],
  statusText: ['status'],
  indexability: ['indexability', 'indexable'],
  indexabilityStatus: ['indexability status', 'indexing status', 'reason'],
  metaRobots: ['meta robots 1', 'meta robots', 'robots'],
  xRobots: ['x robots tag 1', 'x robots tag'],
  canonical: ['canonical link element 1', 'canonical url', 'canonical', 'canonical link'],
  redirect: ['redirect url', 'redirect target', 'redirects to', 'final url', 'location'],
  lastmod: ['last modified', 'last modified date', 'lastmod', 'date modified'],
  contentType: ['content type', 'content-type', 'mime type'],
  lastCrawled: ['last crawled', 'last crawl', 'last crawl date', 'crawl timestamp', 'crawl date'],
  coverage: ['coverage', 'coverage state', 'issue', 'page indexing', 'indexing state'],
};

/**
 * Crawl signals: fields that make a CSV with a URL column a crawl (any one of them). Not `lastmod`:
 * a URL list with sitemap fields is a sitemap as CSV (the Import CSV dialog's), not crawl data.
 */
const AUDIT_FIELDS: readonly CrawlField[] = [
  'status',
  'indexability',
  'indexabilityStatus',
  'canonical',
  'redirect',
  'lastCrawled',
  'coverage',
];

/** Normalise a header for matching. @example normaliseCrawlHeader(' Status_Code ') === 'status code' */
export function normaliseCrawlHeader(h: string): string {
  return h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_:-]+/g, ' ');
}

/** Map headers to fields by name. A column is used for one field only (`Status` is a code in a
 * generic CSV but the status text beside Screaming Frog's `Status Code`). */
export function guessCrawlMapping(headers: readonly string[]): CrawlMapping {
  const names = headers.map(normaliseCrawlHeader);
  const used = new Set<number>();
  const mapping: CrawlMapping = {};
  for (const field of Object.keys(CRAWL_HEADER_NAMES) as CrawlField[]) {
    for (const name of CRAWL_HEADER_NAMES[field]) {
      const at = names.indexOf(name);
      if (at >= 0 && !used.has(at)) {
        mapping[field] = at;
        used.add(at);
        break;
      }
    }
  }
  return mapping;
}

/**
 * Decide from the header row whether a CSV is crawl data, and how its columns map. Null when it
 * is not recognised (then the caller shows the column-mapping dialog or treats it as a URL list).
 *
 * @example detectCrawlCsv(['Address', 'Status Code', 'Indexability'])?.format === 'screaming-frog'
 */
export function detectCrawlCsv(headers: readonly string[]): CrawlDetection | null {
  const names = new Set(headers.map(normaliseCrawlHeader));
  const mapping = guessCrawlMapping(headers);
  if (mapping.url === undefined) return null;
  if (names.has('address') && (names.has('status code') || names.has('indexability')))
    return { format: 'screaming-frog', mapping };
  if ((names.has('top pages') || names.has('page')) && (names.has('impressions') || names.has('clicks')))
    return { format: 'search-console', mapping };
  // Search Console's page-indexing table: `URL, Last crawled` (with no status of its own).
  if (names.has('last crawled') && mapping.status === undefined && mapping.indexability === undefined)
    return { format: 'search-console-indexing', mapping };
  if (AUDIT_FIELDS.some((f) => mapping[f] !== undefined)) return { format: 'generic', mapping };
  return null;
}

/**
 * Decode CSV bytes: UTF-8 (a BOM is dropped) or UTF-16 LE/BE with a BOM, or without one when every
 * other byte of the start is NUL (Excel's "Unicode text" export).
 *
 * @example decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])).text === 'a'
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  if (bytes.length >= 4 && bytes[1] === 0 && bytes[3] === 0 && bytes[0] !== 0)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[2] === 0 && bytes[1] !== 0)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  const from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return { text: new TextDecoder('utf-8').decode(bytes.subarray(from)), encoding: 'utf-8' };
}
