import type { ListKey } from './fields.ts';
import { readRows } from './lazyEntries.ts';
import type { Entry } from './model.ts';

/**
 * Whether some entry read so far has an item in each extension column (images, videos, news,
 * alternates). The worker reports it with a parse result (`ParseResult.used`: it has every entry
 * in hand), so the page never reads 50,000–1,000,000 entries for it in the task of the first
 * render; the page reads the entries itself only when a result does not carry it.
 */
export type UsedColumns = Record<ListKey, boolean>;

/** Nothing used yet. @example noneUsed().images // false */
export const noneUsed = (): UsedColumns => ({ images: false, videos: false, news: false, alternates: false });

/**
 * Reads at most `max` entries from `from` into `used` and returns where the next slice starts
 * (`entries.length` once done, or earlier when every column is already used). Each field is read
 * by name at its own site (`e.images`, not `e[c]` with `c` varying): a keyed read over four names
 * goes megamorphic and made the whole pass 160–240 ms at 1,000,000 rows, in one task after the
 * first render; named reads take 14–25 ms (session 6, Node, load 8). `UsedColumns` lists every
 * list field, so a new one fails the type check until it is read here.
 *
 * @example const used = noneUsed(); scanExtensionColumns(doc.entries, used, 0, 50_000) // 50000 or entries.length
 */
export function scanExtensionColumns(
  entries: readonly Entry[],
  used: UsedColumns,
  from: number,
  max: number,
): number {
  const end = Math.min(entries.length, from + max);
  // Flags in locals, and the all-used test only when one turns true: this runs once per open, on
  // cold code, in the task that puts the document in place, where a call per entry (the all-used
  // test) cost as much as the reads (CPU profile of the 50k hreflang open: 8 ms self each).
  let images = used.images;
  let videos = used.videos;
  let news = used.news;
  let alternates = used.alternates;
  let all = images && videos && news && alternates;
  // Rows read and dropped: a received document's stay unmade (core/lazyEntries.ts).
  const rows = readRows(entries);
  for (let i = from; i < end && !all; i++) {
    const e = rows.peek(i);
    let found = false;
    if (!images && e.images !== undefined && e.images.length > 0) found = images = true;
    if (!videos && e.videos !== undefined && e.videos.length > 0) found = videos = true;
    if (!news && e.news !== undefined && e.news.length > 0) found = news = true;
    if (!alternates && e.alternates !== undefined && e.alternates.length > 0) found = alternates = true;
    if (found) all = images && videos && news && alternates;
  }
  used.images = images;
  used.videos = videos;
  used.news = news;
  used.alternates = alternates;
  return all ? entries.length : end;
}
