import { useEffect } from 'react';
import {
  extensionColumnsDecided,
  noneUsed,
  SCAN_SLICE,
  scanExtensionColumns,
  withUnusedHidden,
} from '../state/extensionColumns.ts';
import type { AppState } from '../state/types.ts';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

const selSource = (s: AppState) => s.doc?.source ?? null;

/**
 * When a file of more than {@link SCAN_SLICE} rows is opened and its parse did not say which
 * extension columns it uses (the worker does say), hide the extension columns it does
 * not use, so the URL column gets the room. The user can show them again from the Columns menu;
 * edits never re-hide them. The entries are read SCAN_SLICE per task from the task after the
 * first render, so a 1,000,000-row open never blocks the page here; another open meanwhile drops
 * the scan. A smaller file had its columns hidden with the document itself (kernel
 * `replaceDocument`, state/extensionColumns.ts), before the grid's first render.
 */
export function useAutoHideColumns(): void {
  const source = useAppState(selSource);
  const getState = useGetState();
  const commands = useCommands();
  useEffect(() => {
    const doc = getState().doc;
    if (!source || !doc || doc.entries.length <= SCAN_SLICE || extensionColumnsDecided(doc)) return;
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
      commands.setHiddenColumns(withUnusedHidden(s.view.hiddenColumns, used));
    };
    timer = setTimeout(step, 0);
    return () => {
      if (timer !== null) clearTimeout(timer);
    };
  }, [source, getState, commands]);
}
