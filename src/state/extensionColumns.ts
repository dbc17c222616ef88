import type { Entry, SitemapDocument } from '../core/model.ts';
import { type ColumnId, LIST_FIELDS, type ListKey } from './columns.ts';

/** Whether some entry read so far has an item in each extension column. */
export type UsedColumns = Record<ListKey, boolean>;

/**
 * Entries read per task when the unused extension columns are looked for after an open (a few ms
 * at 1,000,000 rows). A document up to this size is read at once, in the state change that puts
 * it in place ({@link hideUnusedExtensionColumns}); a bigger one from the next task on.
 */
export const SCAN_SLICE = 50_000;

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
 * @example const used = noneUsed(); scanExtensionColumns(doc.entries, used, 0, SCAN_SLICE) // 50000 or entries.length
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
  for (let i = from; i < end && !all; i++) {
    const e = entries[i];
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

/**
 * `hidden` with the extension columns set to exactly the ones `used` says are unused (other
 * hidden columns kept, in order).
 *
 * @example withUnusedHidden(['crawlStatus', 'images'], { images: true, videos: false, news: true, alternates: true }) // ['crawlStatus', 'videos']
 */
export function withUnusedHidden(hidden: readonly ColumnId[], used: UsedColumns): ColumnId[] {
  const keep = hidden.filter((c) => !(LIST_FIELDS as readonly string[]).includes(c));
  return [...keep, ...LIST_FIELDS.filter((c) => !used[c])];
}

/** Extension columns no entry of the document uses. One pass over the entries. */
export function emptyExtensionColumns(doc: SitemapDocument): ColumnId[] {
  const used = noneUsed();
  scanExtensionColumns(doc.entries, used, 0, doc.entries.length);
  return LIST_FIELDS.filter((c) => !used[c]);
}

/**
 * The hidden columns for `doc` just read from a file (`doc.source` set), when it has at most
 * {@link SCAN_SLICE} entries: the extension columns it does not use are hidden, so the URL column
 * gets the room, in the same state change as the document (one render of the grid, not two).
 * Null when the document is bigger (ui/useAutoHideColumns.ts reads it in slices after the first
 * render) or not read from a file.
 *
 * @example hideUnusedExtensionColumns(['crawlStatus'], parsedDoc) // ['crawlStatus', 'videos', 'news']
 */
export function hideUnusedExtensionColumns(
  hidden: readonly ColumnId[],
  doc: SitemapDocument | null,
): ColumnId[] | null {
  if (!doc?.source || doc.entries.length > SCAN_SLICE) return null;
  const used = noneUsed();
  scanExtensionColumns(doc.entries, used, 0, doc.entries.length);
  return withUnusedHidden(hidden, used);
}
