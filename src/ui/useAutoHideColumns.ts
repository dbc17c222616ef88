import { useEffect } from 'react';
import type { SitemapDocument } from '../core/model.ts';
import { type ColumnId, LIST_FIELDS, type ListKey } from '../state/columns.ts';
import type { AppState } from '../state/types.ts';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

const EXTENSION_COLUMNS = LIST_FIELDS;
const selSource = (s: AppState) => s.doc?.source ?? null;

/** Whether some entry of `entries` has an item in each extension column, read field by field. */
type Used = Record<ListKey, boolean>;

/**
 * Extension columns no entry of the document uses. One pass over the entries, stopping once every
 * column is used. Each field is read by name at its own site (`e.images`, not `e[c]` with `c`
 * varying): a keyed read over four names goes megamorphic and made this pass 160–240 ms at
 * 1,000,000 rows, one task after the first render; named reads take 14–25 ms (session 6, Node,
 * load 8). `Used` lists every list field, so a new one fails the type check until it is read here.
 */
export function emptyExtensionColumns(doc: SitemapDocument): ColumnId[] {
  const used: Used = { images: false, videos: false, news: false, alternates: false };
  const entries = doc.entries;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (!used.images && e.images !== undefined && e.images.length > 0) used.images = true;
    if (!used.videos && e.videos !== undefined && e.videos.length > 0) used.videos = true;
    if (!used.news && e.news !== undefined && e.news.length > 0) used.news = true;
    if (!used.alternates && e.alternates !== undefined && e.alternates.length > 0) used.alternates = true;
    if (used.images && used.videos && used.news && used.alternates) break;
  }
  return EXTENSION_COLUMNS.filter((c) => !used[c]);
}

/**
 * When a file is opened, hide the extension columns it does not use, so the URL column gets the
 * room. The user can show them again from the Columns menu; edits never re-hide them.
 */
export function useAutoHideColumns(): void {
  const source = useAppState(selSource);
  const getState = useGetState();
  const commands = useCommands();
  useEffect(() => {
    const s = getState();
    if (!source || !s.doc) return;
    const keep = s.view.hiddenColumns.filter((c) => !(EXTENSION_COLUMNS as readonly string[]).includes(c));
    commands.setHiddenColumns([...keep, ...emptyExtensionColumns(s.doc)]);
  }, [source, getState, commands]);
}
