/**
 * Fast workspace refresh after the most common edits (lastmod, changefreq, priority, extensions,
 * fixes that keep URLs): when no non-index file changed a `<loc>` or its number of entries, the
 * child matching, the combined rows and the cross-file duplicates (LOC-006) cannot have changed,
 * so only the documents are swapped and the index checks re-run (IDX-003 staleness reads the
 * children's lastmod). Everything else goes through a full `buildWorkspace`.
 */
import type { SitemapDocument } from '../core/model.ts';
import type { CrossFileUrls } from '../core/workspace/crossFile.ts';
import { indexIssues } from '../core/workspace/indexChecks.ts';
import { newestLastmod } from '../core/workspace/lastmod.ts';
import type { Workspace, WorkspaceFile, WorkspaceIssue, WorkspaceSettings } from '../core/workspace.ts';
import { type LocPairs, locChanges, updateDuplicates } from './workspaceUrls.ts';

/**
 * True when `after` has the same entries (ids) in the same order with the same `<loc>` values as
 * `before`. One pointer comparison per unchanged entry: edits replace entry objects, so only the
 * edited ones are compared field by field.
 *
 * @example sameLocs(doc, { ...doc, entries: doc.entries.map((e) => ({ ...e, priority: '0.5' })) }) // true
 */
export function sameLocs(before: SitemapDocument, after: SitemapDocument): boolean {
  if (before === after) return true;
  const a = before.entries;
  const b = after.entries;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && (x.id !== y.id || x.loc !== y.loc)) return false;
  }
  return true;
}

/** True when an entry's alternates differ between two snapshots with the same entries (edits replace arrays). */
function alternatesChanged(before: SitemapDocument, after: SitemapDocument): boolean {
  const a = before.entries;
  const b = after.entries;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && a[i].alternates !== b[i]?.alternates) return true;
  return false;
}

/**
 * The workspace `model` with `docs` (one per file, same positions) swapped in, or null when a
 * full `buildWorkspace` is needed: a different number of files, an index document or a file's
 * kind changed, or entries were added, removed or moved. URL edits need `urls`, the
 * `CrossFileUrls` of `model` (it is updated in place to match `docs`); without it they also
 * return null. The result equals what `buildWorkspace` returns for the same inputs (with
 * `issues: []` inputs, as the workspace store passes them).
 *
 * @example refreshWorkspace(ws, docsAfterPriorityEdit, settings)?.issues // IDX-003 re-checked
 */
export function refreshWorkspace(
  model: Workspace,
  docs: readonly SitemapDocument[],
  settings: WorkspaceSettings,
  urls?: () => CrossFileUrls,
): Workspace | null {
  if (docs.length !== model.files.length) return null;
  let changed = false;
  const edits = new Map<number, LocPairs>();
  for (let f = 0; f < docs.length; f++) {
    const file = model.files[f];
    if (file.document === docs[f]) continue;
    if (file.kind === 'sitemapindex' || docs[f].kind !== file.kind) return null;
    const pairs = locChanges(file.document, docs[f]);
    if (pairs === null) return null;
    // HREF-006 across files reads every loc and every hreflang link: such edits rebuild.
    if (pairs.length > 0 && (model.hreflangLinks ?? 0) > 0) return null;
    if (alternatesChanged(file.document, docs[f])) return null;
    if (pairs.length > 0) edits.set(f, pairs);
    changed = true;
  }
  if (!changed) return model;
  if (edits.size > 0 && urls === undefined) return null;
  const files: WorkspaceFile[] = model.files.map((file, f) => ({
    ...file,
    document: docs[f],
    summary: { ...file.summary, issues: { error: 0, warning: 0, info: 0 } },
  }));
  const newest = (f: number) => newestLastmod(files[f].document);
  const issues: WorkspaceIssue[] = [];
  for (const i of model.indexes) {
    const refs = model.children.filter((ref) => ref.index === i);
    for (const issue of indexIssues(files, i, refs, settings, newest)) issues.push(issue);
  }
  const isDup = (i: WorkspaceIssue) => i.rule === 'LOC-006' && i.relatedFiles !== undefined;
  for (const issue of model.issues) if (!issue.rule.startsWith('IDX-') && !isDup(issue)) issues.push(issue);
  const oldDups = model.issues.filter(isDup);
  const dups =
    edits.size > 0 && urls !== undefined
      ? updateDuplicates(oldDups, model.files, files, urls(), edits)
      : oldDups;
  for (const issue of dups) issues.push(issue);
  for (const issue of issues) files[issue.file].summary.issues[issue.severity]++;
  return { ...model, files, issues };
}
