/**
 * Reading a crawl file end to end (pure; the worker and the CLI call it): decode the bytes, find
 * the header, detect the export or take the caller's mapping, and build the compact table.
 */

import { shapeCsv, sniffDelimiter } from '../csv.ts';
import { type CrawlDetection, type CrawlMapping, decodeCsvBytes, detectCrawlCsv } from './detect.ts';
import { scanCsv } from './scan.ts';
import { type CrawlProgress, type CrawlTable, parseCrawlCsv } from './table.ts';

/** Columns of the first records read to find the header (names past it are not looked at). */
const HEAD_COLUMNS = Array.from({ length: 1024 }, (_, i) => i);

/** Where the header row is and which delimiter the file uses (looked at in its first 64 KB). */
export function csvHead(text: string): { headers: string[]; headerRow: number; delimiter: string } {
  const cut = text.length > 65536 ? text.slice(0, text.lastIndexOf('\n', 65536) + 1 || 65536) : text;
  const delimiter = sniffDelimiter(cut);
  const records: string[][] = [];
  scanCsv(cut, delimiter, HEAD_COLUMNS, 0, (cells) => {
    if (records.length >= 64) return;
    let end = cells.length;
    while (end > 0 && cells[end - 1] === undefined) end--;
    records.push(cells.slice(0, end).map((c) => c ?? ''));
  });
  const p = shapeCsv({ records, delimiter, errors: [] });
  return { headers: p.headers, headerRow: p.headerRow, delimiter };
}

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
  const head = csvHead(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const detected = detectCrawlCsv(head.headers);
  const use = mapping ?? detected?.mapping;
  if (!use || use.url === undefined) return null;
  const format = detected?.format ?? 'generic';
  return parseCrawlCsv(text, use, {
    fileName,
    format,
    headerRow: head.headerRow,
    delimiter: head.delimiter,
    onProgress,
  });
}
