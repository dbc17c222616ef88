import { useEffect } from 'react';
import type { SitemapDocument } from '../core/model.ts';
import { type ColumnId, LIST_FIELDS } from '../state/columns.ts';
import type { AppState } from '../state/types.ts';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

const EXTENSION_COLUMNS = LIST_FIELDS;
const selSource = (s: AppState) => s.doc?.source ?? null;

/** Extension columns no entry of the document uses. One pass over the entries. */
export function emptyExtensionColumns(doc: SitemapDocument): ColumnId[] {
  const used = new Set<string>();
  for (const e of doc.entries) {
    for (const c of EXTENSION_COLUMNS) if (e[c]?.length) used.add(c);
    if (used.size === EXTENSION_COLUMNS.length) break;
  }
  return EXTENSION_COLUMNS.filter((c) => !used.has(c));
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
