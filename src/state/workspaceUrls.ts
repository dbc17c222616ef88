/**
 * Incremental cross-file duplicates (LOC-006) for URL edits in a workspace: the core
 * `CrossFileUrls` index is updated from the edited pairs, and only the entries listing a touched
 * URL are re-checked. Linear in the entries of the files that list a touched URL, never a
 * rebuild of the whole URL index.
 */
import type { SitemapDocument } from '../core/model.ts';
import { entryPatch, idIndexOf, type Patch } from '../core/patch.ts';
import { crossFileIssue } from '../core/workspace/checks.ts';
import type { CrossFileUrls } from '../core/workspace/crossFile.ts';
import type { WorkspaceFile, WorkspaceIssue } from '../core/workspace.ts';

/** Edited entries of one file (`Patch.updated` pairs): same positions and ids, different `<loc>`. */
export type LocPairs = Patch['updated'];

/**
 * The entries whose `<loc>` changed between two snapshots of a document with the same entries
 * (ids) in the same order, or null when entries were added, removed or moved.
 *
 * @example locChanges(doc, withPriorityEdit) // []
 */
export function locChanges(before: SitemapDocument, after: SitemapDocument): LocPairs | null {
  const a = before.entries;
  const b = after.entries;
  if (a.length !== b.length) return null;
  const out: LocPairs = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x.id !== y.id) return null;
    if (x.loc !== y.loc) out.push([x, y]);
  }
  return out;
}

/** Position of entry `id` in `doc` (-1: none). */
function positionOf(doc: SitemapDocument, id: number): number {
  // By the id index: no row read (a received document's stay unmade: core/lazyEntries.ts).
  const at = idIndexOf(doc.entries);
  return id >= 0 && id < at.length ? at[id] : -1;
}

/**
 * LOC-006 issues after URL edits. `old` = the previous LOC-006 issues over `oldFiles`; `urls`
 * is updated in place with `edits` (file position → edited pairs). Returns every LOC-006 issue
 * over `files`, in file order then entry order (as `buildWorkspace` reports them).
 */
export function updateDuplicates(
  old: readonly WorkspaceIssue[],
  oldFiles: readonly WorkspaceFile[],
  files: readonly WorkspaceFile[],
  urls: CrossFileUrls,
  edits: ReadonlyMap<number, LocPairs>,
): WorkspaceIssue[] {
  const touched = new Set<string>();
  for (const [f, pairs] of edits)
    for (const u of urls.apply(f, entryPatch({ updated: pairs }))) touched.add(u);
  const hits: Array<{ file: number; pos: number; issue: WorkspaceIssue }> = [];
  for (const issue of old) {
    const doc = oldFiles[issue.file].document;
    const pos = issue.entry === undefined ? -1 : positionOf(doc, issue.entry);
    if (pos < 0 || touched.has(doc.entries[pos].loc.trim())) continue;
    hits.push({ file: issue.file, pos, issue });
  }
  const involved = new Map<string, number[]>();
  const scan = new Set<number>();
  for (const url of touched) {
    const all = urls.otherFiles(url, -1);
    if (all.length < 2) continue;
    involved.set(url, all);
    for (const f of all) scan.add(f);
  }
  for (const f of scan) {
    const entries = files[f].document.entries;
    for (let pos = 0; pos < entries.length; pos++) {
      const all = involved.get(entries[pos].loc.trim());
      if (all === undefined) continue;
      const others = all.filter((o) => o !== f);
      hits.push({ file: f, pos, issue: crossFileIssue(files, f, entries[pos], others) });
    }
  }
  hits.sort((x, y) => x.file - y.file || x.pos - y.pos);
  return hits.map((h) => h.issue);
}
