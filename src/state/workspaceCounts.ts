/**
 * What a workspace lists, for the panel, the All files table and its status bar: page URLs and
 * index entries (sitemaps) told apart by core's one count (model.ts `entryCounts`), and what the
 * combined table's rows are.
 */
import { combinedNoun, type EntryCounts, entryCounts } from '../core/model.ts';
import type { Workspace } from '../core/workspace.ts';

export interface WorkspaceCounts extends EntryCounts {
  /** Rows of the combined table. */
  rows: number;
  /** What those rows are: page URLs, or index entries when every file is an index. */
  rowNoun: 'URL' | 'sitemap';
}

export function workspaceCounts(model: Workspace | null): WorkspaceCounts {
  if (model === null) return { urls: 0, sitemaps: 0, rows: 0, rowNoun: 'URL' };
  return {
    ...entryCounts(model.files.map((f) => f.document)),
    rows: model.combined.length,
    rowNoun: combinedNoun(model.files),
  };
}
