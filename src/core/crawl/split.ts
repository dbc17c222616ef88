/**
 * Reading one crawl file with two readers, each over about half of its bytes (the crawl worker
 * and a second one, on two cores): where the second half may start, and its reader. The split
 * is a guess (the first line break after the middle) that the first reader checks when it gets
 * there (`CrawlReader.atRecordStart`: no quoted field open, no record cut); when the guess was
 * inside a quoted field, the first reader reads on and the second part is dropped, so the table
 * is always the one reader's table.
 */
import type { CrawlMapping } from './detect.ts';
import { CrawlReader, crawlStart, utf8Head } from './reader.ts';

/** Files smaller than this are read by one reader (a second worker costs more than it saves). */
export const SPLIT_MIN_BYTES = 32 << 20;

/** Bytes read around the middle of a file to find a line break in. */
export const SPLIT_PROBE_BYTES = 64 * 1024;

/**
 * Where the second half of a file may start: the byte after the first LF of `around` (the
 * file's bytes from `aroundAt`, near its middle), or -1 when the file is UTF-16 (`start`: its
 * first bytes) or `around` has no LF.
 *
 * @example splitPoint(first, middle, size >> 1) // -1, or where the second reader starts
 */
export function splitPoint(start: Uint8Array, around: Uint8Array, aroundAt: number): number {
  if (!utf8Head(start)) return -1;
  const lf = around.indexOf(10);
  return lf < 0 ? -1 : aroundAt + lf + 1;
}

/**
 * The reader of a second part: the layout and columns read from the file's head (its first
 * `HEAD_BYTES` or all of it), no header rows, UTF-8. Null when the file is UTF-16 or has no URL
 * column. Push the part's bytes, then `part()`.
 */
export function partReader(head: Uint8Array, fileName: string, mapping?: CrawlMapping): CrawlReader | null {
  const text = utf8Head(head);
  const begun = text && crawlStart(text, { mapping });
  if (!begun) return null;
  return new CrawlReader({
    fileName,
    mapping: begun.mapping,
    layout: { ...begun.layout, headerRow: 0 },
    utf8: true,
  });
}
