/**
 * Recognising a crawl file from its first bytes (the page sniffs a dropped file with it; reading
 * the whole file is reader.ts).
 */

import { type CrawlDetection, decodeCsvBytes, detectCrawlCsv } from './detect.ts';
import { csvHead } from './reader.ts';

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
