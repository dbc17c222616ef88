/**
 * The crawl table as the crawl worker sends it to the page after the join's match: its typed
 * arrays (`CRAWL_ARRAYS`) in parts of at most a given size, each part one message (one task on the
 * page, which only files it), and the rest of the table (`head`) with the answer. The page joins
 * them back into the same table (`joinCrawlTable`); no array is cut or copied.
 */
import { CRAWL_ARRAYS, type CrawlTable } from '../core/crawl/table.ts';

/** The name of one of a crawl table's typed arrays. */
export type CrawlArrayName = (typeof CRAWL_ARRAYS)[number];
/** A crawl table's typed arrays. */
export type CrawlArrays = Pick<CrawlTable, CrawlArrayName>;
/** A crawl table without its typed arrays (file name, format, rows). */
export type CrawlTableHead = Omit<CrawlTable, CrawlArrayName>;

/**
 * The table's arrays in parts of at most `maxBytes` each (in `CRAWL_ARRAYS` order; an array longer
 * than `maxBytes` is a part of its own), and its head.
 *
 * @example const { head, parts } = crawlTableParts(table, 16 << 20); for (const p of parts) port.postMessage(p)
 */
export function crawlTableParts(
  table: CrawlTable,
  maxBytes = Number.POSITIVE_INFINITY,
): { head: CrawlTableHead; parts: Array<Partial<CrawlArrays>> } {
  const { bytes, starts, canonical, redirect, lastmod, status, flags, exact, norm, ...head } = table;
  const parts: Array<Partial<CrawlArrays>> = [];
  let part: Partial<CrawlArrays> = {};
  let size = 0;
  for (const name of CRAWL_ARRAYS) {
    const array = table[name];
    if (size > 0 && size + array.byteLength > maxBytes) {
      parts.push(part);
      part = {};
      size = 0;
    }
    (part as Record<CrawlArrayName, unknown>)[name] = array;
    size += array.byteLength;
  }
  parts.push(part);
  return { head, parts };
}

/**
 * The table again from its head and the arrays of every part (filed into `arrays` as they came).
 * Throws when one is missing.
 */
export function joinCrawlTable(head: CrawlTableHead, arrays: Partial<CrawlArrays>): CrawlTable {
  for (const name of CRAWL_ARRAYS)
    if (arrays[name] === undefined) throw new Error(`The crawl table came without its ${name}.`);
  return { ...head, ...(arrays as CrawlArrays) };
}
