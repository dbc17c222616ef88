/**
 * Checks of the `<sitemap>` entries of an index against the workspace (IDX-003..007).
 */

import type { Entry, Severity } from '../model.ts';
import type { RuleId } from '../rules/registry.ts';
import { hasScheme } from '../urls.ts';
import { workspaceIssue } from './checks.ts';
import { lastmodMs } from './lastmod.ts';
import { NOT_OPEN } from './notOpen.ts';
import type { ChildRef, WorkspaceFile, WorkspaceIssue, WorkspaceSettings } from './types.ts';

function directoryOf(pathname: string): string {
  return pathname.slice(0, pathname.lastIndexOf('/') + 1);
}

/** The index's own URL object: its publish URL, else null. */
function parseUrl(url: string | undefined): URL | null {
  if (url === undefined) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * IDX-003 (stale lastmod), IDX-004 (host/scheme), IDX-005 (directory), IDX-006 (nested index, or
 * a child no file matches: `settings.missingChildren`),
 * IDX-007 (self-reference, duplicate child) for the children of one index. Without a publish
 * URL the index origin is the first absolute child's (SITEMAP-RULES section 1) and IDX-005 and
 * the self-reference check are skipped.
 */
export function indexIssues(
  files: readonly WorkspaceFile[],
  indexPos: number,
  refs: readonly ChildRef[],
  settings: WorkspaceSettings,
  newest: (file: number) => { ms: number; value: string } | null,
): WorkspaceIssue[] {
  const out: WorkspaceIssue[] = [];
  const index = files[indexPos];
  const own = parseUrl(index.publishUrl);
  let origin = own?.origin;
  const dir = own ? directoryOf(own.pathname) : undefined;
  const seen = new Map<string, ChildRef>();
  const perFile = settings.perFileRules !== false;
  for (const ref of refs) {
    const entry = index.document.entries[ref.entryIndex];
    if (ref.loc === '') continue;
    if (ref.file === null && ref.candidates === undefined && settings.missingChildren !== undefined)
      out.push(missingChild(indexPos, index.name, ref, entry, settings.missingChildren, settings.lookedIn));
    if (ref.file !== null && ref.file !== indexPos && files[ref.file].kind === 'sitemapindex') {
      const message = `Child ${ref.loc} is itself a sitemap index (${files[ref.file].name}); indexes cannot nest: list its children directly.`;
      out.push(workspaceIssue(indexPos, 'IDX-006', 'error', message, entry, 'loc'));
    }
    const stale = staleLastmod(files, ref, entry, newest);
    if (stale !== null) out.push(workspaceIssue(indexPos, 'IDX-003', 'warning', stale, entry, 'lastmod'));
    if (!perFile) continue;
    const key = ref.url ?? ref.loc;
    const first = seen.get(key);
    if (first !== undefined) {
      const where = first.entryIndex + 1;
      const message = `Child ${ref.loc} is listed twice in ${index.name} (also entry ${where}): remove one.`;
      out.push(workspaceIssue(indexPos, 'IDX-007', 'warning', message, entry, 'loc'));
    } else seen.set(key, ref);
    if (own !== null && ref.url === own.href) {
      const message = `Index ${index.name} lists itself (${ref.loc}), which makes a loop: remove the entry.`;
      out.push(workspaceIssue(indexPos, 'IDX-007', 'error', message, entry, 'loc'));
    }
    const child = hasScheme(ref.loc) ? parseUrl(ref.url) : null;
    if (child !== null) {
      origin ??= child.origin;
      const scope = scopeIssue(ref.loc, child, origin, dir, settings);
      if (scope !== null)
        out.push(workspaceIssue(indexPos, scope.rule, scope.severity, scope.message, entry, 'loc'));
    }
  }
  return out;
}

/**
 * IDX-006 for a child no file matches: the checks that need the child (is it an index itself,
 * IDX-006; its lastmod, IDX-003; its own rules) cannot run. Read from disk, it is not there: an
 * error. In the editor it was not dropped: a note.
 */
function missingChild(
  indexPos: number,
  indexName: string,
  ref: ChildRef,
  entry: Entry,
  how: 'not-found' | 'not-open',
  lookedIn = 'among the files',
): WorkspaceIssue {
  if (how === 'not-found') {
    const message = `Child ${ref.loc} was not found ${lookedIn}: generate it, or remove the entry from ${indexName}.`;
    return workspaceIssue(indexPos, 'IDX-006', 'error', message, entry, 'loc');
  }
  const message = `Child ${ref.loc} ${NOT_OPEN}, so it is not checked (nested index, lastmod, its own rules): drop it here to check it.`;
  return workspaceIssue(indexPos, 'IDX-006', 'info', message, entry, 'loc');
}

function staleLastmod(
  files: readonly WorkspaceFile[],
  ref: ChildRef,
  entry: Entry,
  newest: (file: number) => { ms: number; value: string } | null,
): string | null {
  if (ref.file === null || entry.lastmod === undefined || files[ref.file].kind === 'sitemapindex')
    return null;
  const own = lastmodMs(entry.lastmod, true);
  const inner = newest(ref.file);
  if (own === null || inner === null || inner.ms <= own) return null;
  return `Index lastmod ${entry.lastmod.trim()} of ${ref.loc} is older than the newest lastmod inside ${files[ref.file].name} (${inner.value}): update it to when the child file last changed.`;
}

/** IDX-004 (other site) or IDX-005 (outside the index directory) for one absolute child URL. */
function scopeIssue(
  loc: string,
  child: URL,
  origin: string,
  dir: string | undefined,
  settings: WorkspaceSettings,
): { rule: RuleId; severity: Severity; message: string } | null {
  if (child.origin !== origin) {
    const severity = settings.crossSubmission ? 'warning' : 'error';
    const message = `Child ${loc} is on ${child.origin}, not on the index's site ${origin}: move it, or allow cross-submission.`;
    return { rule: 'IDX-004', severity, message };
  }
  if (dir !== undefined && !child.pathname.startsWith(dir)) {
    const message = `Child ${loc} is outside the index's directory ${dir}; Google ignores it: move it under ${dir} or move the index.`;
    return { rule: 'IDX-005', severity: 'warning', message };
  }
  return null;
}
