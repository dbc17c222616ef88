/**
 * Reading a crawl file end to end (pure; the worker and the CLI call it): decode the bytes, find
 * the header, detect the export or take the caller's mapping, and build the compact table.
 */
import { type CrawlDetection, type CrawlMapping, decodeCsvBytes, detectCrawlCsv } from './detect.ts';
import { type CrawlProgress, type CrawlTable, csvHead, parseCrawlCsv } from './table.ts';

/** The header row of a crawl file and what detection made of it. */
export interface CrawlHead {
  headers: string[];
  /** Null when the columns were not recognised (the UI asks for a mapping). */
  detected: CrawlDetection | null;
  encoding: string;
}

/**
 * Look at the start of a file (e.g. its first 64 KB): is it crawl data?
 *
 * @example sniffCrawl(new TextEncoder().encode('Address,Status Code\n')).detected?.format === 'screaming-frog'
 */
export function sniffCrawl(bytes: Uint8Array): CrawlHead {
  const { text, encoding } = decodeCsvBytes(bytes);
  // A binary or XML file has no header row worth reading.
  if (/^\s*</.test(text.slice(0, 64)) || text.includes('\u0000'))
    return { headers: [], detected: null, encoding };
  const headers = csvHead(text).headers;
  return { headers, detected: detectCrawlCsv(headers), encoding };
}

/**
 * Decode and parse a whole crawl file. Without `mapping`, the detected one is used; null when the
 * columns are not recognised and no mapping was given.
 *
 * @example readCrawl(bytes, 'internal_all.csv')?.rows
 */
export function readCrawl(
  bytes: Uint8Array,
  fileName: string,
  mapping?: CrawlMapping,
  onProgress?: CrawlProgress,
): CrawlTable | null {
  const { text } = decodeCsvBytes(bytes);
  const detected = detectCrawlCsv(csvHead(text).headers);
  const use = mapping ?? detected?.mapping;
  if (!use || use.url === undefined) return null;
  return parseCrawlCsv(text, use, { fileName, format: detected?.format ?? 'generic', onProgress });
}
