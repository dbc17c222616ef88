import { useEffect } from 'react';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { type ColumnId, LIST_FIELDS, type ListKey } from '../state/columns.ts';
import type { AppState } from '../state/types.ts';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

const EXTENSION_COLUMNS = LIST_FIELDS;
const selSource = (s: AppState) => s.doc?.source ?? null;

/** Whether some entry read so far has an item in each extension column. */
export type UsedColumns = Record<ListKey, boolean>;

/** Entries {@link scanExtensionColumns} reads per task after an open (a few ms at 1,000,000 rows). */
export const SCAN_SLICE = 50_000;

const noneUsed = (): UsedColumns => ({ images: false, videos: false, news: false, alternates: false });
const allUsed = (u: UsedColumns) => u.images && u.videos && u.news && u.alternates;

/**
 * Reads at most `max` entries from `from` into `used` and returns where the next slice starts
 * (`entries.length` once done, or earlier when every column is already used). Each field is read
 * by name at its own site (`e.images`, not `e[c]` with `c` varying): a keyed read over four names
 * goes megamorphic and made the whole pass 160–240 ms at 1,000,000 rows, in one task after the
 * first render; named reads take 14–25 ms (session 6, Node, load 8). `UsedColumns` lists every
 * list field, so a new one fails the type check until it is read here.
 */
export function scanExtensionColumns(
  entries: readonly Entry[],
  used: UsedColumns,
  from: number,
  max: number,
): number {
  const end = Math.min(entries.length, from + max);
  for (let i = from; i < end; i++) {
    if (allUsed(used)) return entries.length;
    const e = entries[i];
    if (!used.images && e.images !== undefined && e.images.length > 0) used.images = true;
    if (!used.videos && e.videos !== undefined && e.videos.length > 0) used.videos = true;
    if (!used.news && e.news !== undefined && e.news.length > 0) used.news = true;
    if (!used.alternates && e.alternates !== undefined && e.alternates.length > 0) used.alternates = true;
  }
  return allUsed(used) ? entries.length : end;
}

const unused = (used: UsedColumns): ColumnId[] => EXTENSION_COLUMNS.filter((c) => !used[c]);

/** Extension columns no entry of the document uses. One pass over the entries. */
export function emptyExtensionColumns(doc: SitemapDocument): ColumnId[] {
  const used = noneUsed();
  scanExtensionColumns(doc.entries, used, 0, doc.entries.length);
  return unused(used);
}

/**
 * When a file is opened, hide the extension columns it does not use, so the URL column gets the
 * room. The user can show them again from the Columns menu; edits never re-hide them. The entries
 * are read {@link SCAN_SLICE} per task (up to 50,000 rows in the render's own task, as before;
 * more from the next task on), so a 1,000,000-row open never blocks the page here; another open
 * meanwhile drops the scan.
 */
export function useAutoHideColumns(): void {
  const source = useAppState(selSource);
  const getState = useGetState();
  const commands = useCommands();
  useEffect(() => {
    const doc = getState().doc;
    if (!source || !doc) return;
    const used = noneUsed();
    let at = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const step = () => {
      timer = null;
      at = scanExtensionColumns(doc.entries, used, at, SCAN_SLICE);
      if (at < doc.entries.length) {
        timer = setTimeout(step, 0);
        return;
      }
      const s = getState();
      if (s.doc?.source !== source) return;
      const keep = s.view.hiddenColumns.filter((c) => !(EXTENSION_COLUMNS as readonly string[]).includes(c));
      commands.setHiddenColumns([...keep, ...unused(used)]);
    };
    // Up to SCAN_SLICE rows the columns are hidden before the first paint, as before; a bigger
    // document is scanned from the next task on, out of the task of its first render.
    if (doc.entries.length <= SCAN_SLICE) step();
    else timer = setTimeout(step, 0);
    return () => {
      if (timer !== null) clearTimeout(timer);
    };
  }, [source, getState, commands]);
}
