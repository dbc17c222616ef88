/**
 * The crawl audit across a workspace: where each indexable page no file lists (CRAWL-006) goes
 * when added. A page goes to the file whose folder it belongs to (core `fileForUrl`: the longest
 * folder prefix shared with the file's URLs), else to the active file; a sitemap index never
 * receives pages. The UI shows the plan ("12 to blog.xml, 8 to pages.xml") before it runs.
 */
import { fileForUrl, folderIndex } from '../core/crawl/folders.ts';
import type { CrawlJoin } from '../core/crawl/join.ts';
import { fmtInt } from '../core/format.ts';
import type { AppStore } from './types.ts';

/** One file of the workspace as the plan needs it. */
export interface PlanFile {
  id: number;
  name: string;
  store: AppStore;
}

/** Missing pages grouped by the file they go to (files in workspace order, empty groups left out). */
export interface MissingPagesPlan {
  /** Pages in the plan. */
  total: number;
  groups: Array<{ id: number; name: string; rows: number[] }>;
}

const joinOf = (store: AppStore): CrawlJoin | null =>
  store.getState().validation.validator.crawlJoin?.() ?? null;

/** Files that can receive URL entries (not an index, not a feed or robots.txt). */
const takesUrls = (store: AppStore): boolean => {
  const kind = store.getState().doc?.kind;
  return kind === 'urlset' || kind === 'text';
};

/**
 * Plan where the missing pages go. `into` (a file id) sends them all to that file instead of
 * by folder. Null when no file has crawl data or none can take URLs.
 *
 * @example planMissingPages(files, activeId)?.groups.map((g) => `${g.rows.length} to ${g.name}`)
 */
export function planMissingPages(
  files: readonly PlanFile[],
  activeId: number | 'all',
  into?: number,
): MissingPagesPlan | null {
  const holder = files.find((f) => joinOf(f.store) !== null);
  const join = holder ? joinOf(holder.store) : null;
  if (!join) return null;
  const open = files.filter((f) => takesUrls(f.store));
  if (open.length === 0) return null;
  const fallback = open.find((f) => f.id === (into ?? activeId)) ?? open[0];
  const rows = join.missingRows();
  const byFile = new Map<number, number[]>(open.map((f) => [f.id, []]));
  if (into !== undefined || open.length === 1) byFile.set(fallback.id, rows);
  else {
    const index = folderIndex(open.map((f) => urlsOf(f.store)));
    for (const r of rows) {
      const at = fileForUrl(index, join.url(r));
      byFile.get(at < 0 ? fallback.id : open[at].id)?.push(r);
    }
  }
  const groups = open
    .map((f) => ({ id: f.id, name: f.name, rows: byFile.get(f.id) ?? [] }))
    .filter((g) => g.rows.length > 0);
  return { total: rows.length, groups };
}

function* urlsOf(store: AppStore): Generator<string> {
  for (const e of store.getState().doc?.entries ?? []) yield e.loc;
}

/** "12 to blog.xml and 8 to pages.xml" (counts in en-US digits). */
export function describePlan(plan: MissingPagesPlan): string {
  const parts = plan.groups.map((g) => `${fmtInt(g.rows.length)} to ${g.name}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
