import { noneUsed, scanExtensionColumns, type UsedColumns } from '../core/extensionUse.ts';
import type { SitemapDocument } from '../core/model.ts';
import { type ColumnId, LIST_FIELDS } from './columns.ts';

export type { UsedColumns } from '../core/extensionUse.ts';
export { noneUsed, scanExtensionColumns } from '../core/extensionUse.ts';

/**
 * Entries read per task when the unused extension columns are looked for after an open (a few ms
 * at 1,000,000 rows) and the parse did not report them (`ParseResult.used`). A document up to this
 * size is read at once, in the state change that puts it in place ({@link hideUnusedExtensionColumns});
 * a bigger one from the next task on (ui/useAutoHideColumns.ts).
 */
export const SCAN_SLICE = 50_000;

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

/** Documents whose extension columns were decided with the document itself (see below). */
const decided = new WeakSet<SitemapDocument>();

/**
 * True when {@link hideUnusedExtensionColumns} decided `doc`'s extension columns as it was put in
 * place, so nothing is left to read after the first render.
 */
export function extensionColumnsDecided(doc: SitemapDocument): boolean {
  return decided.has(doc);
}

/**
 * The hidden columns for `doc` just read from a file (`doc.source` set): the extension columns it
 * does not use are hidden, so the URL column gets the room, in the same state change as the
 * document (one render of the grid, not two). `used` is what the parse reported (the worker
 * reads every entry anyway); without it the entries are read here when there are at most
 * {@link SCAN_SLICE} of them. Null when the document is bigger and `used` is unknown
 * (ui/useAutoHideColumns.ts reads it in slices after the first render) or not read from a file.
 *
 * @example hideUnusedExtensionColumns(['crawlStatus'], parsedDoc) // ['crawlStatus', 'videos', 'news']
 */
export function hideUnusedExtensionColumns(
  hidden: readonly ColumnId[],
  doc: SitemapDocument | null,
  used?: UsedColumns,
): ColumnId[] | null {
  if (!doc?.source) return null;
  if (!used) {
    if (doc.entries.length > SCAN_SLICE) return null;
    used = noneUsed();
    scanExtensionColumns(doc.entries, used, 0, doc.entries.length);
  }
  decided.add(doc);
  return withUnusedHidden(hidden, used);
}
