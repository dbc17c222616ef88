/**
 * Recognising a crawl file from its first bytes (the page sniffs a dropped file with it; reading
 * the whole file is reader.ts).
 */

import { fmtInt } from '../format.ts';
import { gunzipHead, isGzip } from '../parse/gzip.ts';
import { type CrawlDetection, decodeCsvBytes, detectCrawlCsv } from './detect.ts';
import { csvHead } from './reader.ts';

/**
 * At most this many bytes are inflated from a gzipped crawl export (a gzip bomb stops here): well
 * above the 375 MB of a 1,000,000-row Screaming Frog export.
 */
export const MAX_CRAWL_INFLATED = 1_000_000_000;

/** Why a gzipped crawl export was refused: it inflates past `max` bytes. */
export function crawlInflateRefusal(name: string, max = MAX_CRAWL_INFLATED): string {
  return `${name} inflates past the ${fmtInt(max)}-byte limit for crawl data; unpack it and attach the CSV`;
}

/** The header row of a crawl file and what detection made of it. */
export interface CrawlHead {
  headers: string[];
  /** Null when the columns were not recognised (the UI asks for a mapping). */
  detected: CrawlDetection | null;
  encoding: string;
}

/**
 * Look at the start of a file (e.g. its first 64 KB; gzipped or not): is it crawl data?
 *
 * @example sniffCrawl(new TextEncoder().encode('Address,Status Code\n')).detected?.format === 'screaming-frog'
 */
export function sniffCrawl(bytes: Uint8Array): CrawlHead {
  // A gzipped export (`internal_all.csv.gz`) is recognised by the CSV it holds.
  return sniffPlain(isGzip(bytes) ? gunzipHead(bytes, Math.max(bytes.length, 64 * 1024)) : bytes);
}

/** {@link sniffCrawl} of bytes as they are (a gzip inside the gzip is binary, not a CSV). */
function sniffPlain(bytes: Uint8Array): CrawlHead {
  const { text, encoding } = decodeCsvBytes(bytes);
  // A binary or XML file has no header row worth reading.
  if (/^\s*</.test(text.slice(0, 64)) || text.includes('\u0000'))
    return { headers: [], detected: null, encoding };
  const headers = csvHead(text).headers;
  return { headers, detected: detectCrawlCsv(headers), encoding };
}
