import type { Workspace, WorkspaceIssue } from '../../core/workspace.ts';
import { groupTitle } from '../../state/rules.ts';
import { indexOfEntry } from '../../state/selection.ts';
import { severityRank } from '../../state/validation.ts';
import type { WorkspaceSlot } from '../../state/workspaceStore.ts';
import { plural } from '../format.ts';
import { useWorkspaceStore } from './workspaceContext.ts';

/** Shown at most; the rest are counted. */
const LIMIT = 200;

function byRank(a: WorkspaceIssue, b: WorkspaceIssue): number {
  return severityRank(b.severity) - severityRank(a.severity);
}

/** A child's location without its host: /fr/sitemap.xml. */
function fileOf(loc: string): string {
  try {
    return new URL(loc).pathname;
  } catch {
    return loc;
  }
}

const sharedCounts = new WeakMap<readonly WorkspaceIssue[], number>();

/**
 * Distinct URLs listed in more than one file: a LOC-006 issue is one row, so a URL in 3 files is
 * 3 issues and 1 URL (the summary said "5 URLs" for 2).
 */
function sharedUrlCount(model: Workspace): number {
  const hit = sharedCounts.get(model.issues);
  if (hit !== undefined) return hit;
  const locs = new Set<string>();
  for (const i of model.issues) {
    if (i.rule !== 'LOC-006' || i.entry === undefined) continue;
    const entries = model.files[i.file]?.document.entries;
    const at = entries ? indexOfEntry(entries, i.entry) : -1;
    locs.add(at >= 0 && entries ? entries[at].loc.trim() : `${i.file}:${i.entry}`);
  }
  sharedCounts.set(model.issues, locs.size);
  return locs.size;
}

/**
 * What is true of the workspace as a whole, in one or two sentences: no index, missing and extra
 * files, cross-file duplicates, or that everything matches.
 */
export function workspaceSummary(model: Workspace): string {
  const parts: string[] = [];
  const dups = sharedUrlCount(model);
  if (model.indexes.length === 0)
    parts.push(`No index: ${plural(model.files.length, 'file')} open side by side, none names the others.`);
  else {
    const missing = [...new Set(model.missing.filter((m) => !m.candidates).map((m) => fileOf(m.loc)))];
    const undecided = model.missing.filter((m) => m.candidates).map((m) => fileOf(m.loc));
    if (undecided.length > 0)
      parts.push(
        `Several open files have the name of ${undecided.slice(0, 5).join(', ')}${undecided.length > 5 ? ', …' : ''}: choose which file ${undecided.length === 1 ? 'it is' : 'each is'} in the list.`,
      );
    if (missing.length > 0)
      parts.push(
        `${plural(missing.length, 'child', 'children')} named by the index ${missing.length === 1 ? 'is' : 'are'} not open: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}.`,
      );
    if (model.extra.length > 0)
      parts.push(
        `${plural(model.extra.length, 'file')} no index names: ${model.extra
          .map((f) => model.files[f].name)
          .slice(0, 5)
          .join(', ')}.`,
      );
    if (model.missing.length === 0 && model.extra.length === 0) parts.push('The index matches its children.');
  }
  parts.push(
    dups === 0 ? 'No duplicate URLs across files.' : `${plural(dups, 'URL')} listed in more than one file.`,
  );
  return parts.join(' ');
}

/** Issues only the workspace can see (cross-file duplicates, index children, limits), with rule ids. */
export function CrossFileIssues({ model, files }: { model: Workspace; files: readonly WorkspaceSlot[] }) {
  const ws = useWorkspaceStore();
  const issues = model.issues.length > LIMIT ? model.issues.slice(0, LIMIT) : [...model.issues];
  issues.sort(byRank);
  const reveal = (issue: WorkspaceIssue) => {
    const slot = files[issue.file];
    if (!slot) return;
    if (issue.entry === undefined) return ws.commands.setActive(slot.id);
    const at = indexOfEntry(model.files[issue.file].document.entries, issue.entry);
    ws.commands.reveal(slot.id, Math.max(0, at));
  };
  return (
    <section className="ws-issues" aria-label="Cross-file issues">
      <h3 className="ws-sub">
        Cross-file issues <span className="count">{model.issues.length}</span>
      </h3>
      <p className="ws-note ws-summary">{workspaceSummary(model)}</p>
      {issues.length === 0 ? null : (
        <ul className="ws-issue-list">
          {issues.map((issue) => (
            <li key={`${issue.rule}-${issue.file}-${issue.entry ?? 'f'}-${issue.message}`}>
              <button type="button" className="ws-issue" onClick={() => reveal(issue)}>
                <span className="ws-issue-top">
                  <span className={`sev ${issue.severity}`} role="img" aria-label={issue.severity} />
                  <span className="rule-id">{issue.rule}</span>
                  <span className="ws-issue-title">{groupTitle(issue.rule, [issue])}</span>
                </span>
                <span className="ws-issue-msg" title={issue.message}>
                  {issue.message}
                </span>
                <span className="ws-issue-file">in {files[issue.file]?.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {model.issues.length > LIMIT ? (
        <p className="ws-note">and {plural(model.issues.length - LIMIT, 'more issue')}</p>
      ) : null}
    </section>
  );
}
