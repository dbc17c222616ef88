/**
 * CSV export of the combined workspace table, with the `file` column filled in.
 */
import { type CsvExportOptions, entriesToCsvChunks } from '../csv.ts';
import type { Entry } from '../model.ts';
import type { Workspace } from './types.ts';

/**
 * CSV chunks of combined-table rows (`rows` are row numbers of `ws.combined`, default all),
 * in the given order; the `file` column holds each row's file name.
 *
 * @example new Blob(workspaceCsvChunks(ws, { columns: ['file', 'loc', 'lastmod'] }), { type: 'text/csv' })
 */
export function workspaceCsvChunks(ws: Workspace, options: Omit<CsvExportOptions, 'fileOf'>): string[] {
  const { fileIndex, entryIndex, length } = ws.combined;
  const entries: Entry[] = [];
  const fileOfRow: number[] = [];
  const take = (r: number) => {
    if (r < 0 || r >= length) return;
    entries.push(ws.files[fileIndex[r]].document.entries[entryIndex[r]]);
    fileOfRow.push(fileIndex[r]);
  };
  if (options.rows === undefined) for (let r = 0; r < length; r++) take(r);
  else for (const r of options.rows) take(r);
  return entriesToCsvChunks(entries, {
    ...options,
    rows: undefined,
    fileOf: (i) => ws.files[fileOfRow[i]].name,
  });
}
