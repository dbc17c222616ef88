import type { Issue } from '../../core/model.ts';
import { canFix, fixLabel } from '../../state/rules.ts';
import type { AppState } from '../../state/types.ts';
import { IssueFix } from '../IssueFix.tsx';
import { useAppState, useCommands } from '../useAppState.ts';

const selDoc = (s: AppState) => s.doc;
const selSettings = (s: AppState) => s.settings;
/** Above this size, probing a fix (which indexes the document) on every render costs too much. */
const PROBE_LIMIT = 10_000;

export interface IssueListProps {
  issues: readonly Issue[];
  /** id for aria-describedby of the field these issues belong to. */
  id?: string;
  compact?: boolean;
}

/** Inline problems of one field or block: severity, message, rule id and a one-click fix. */
export function IssueList({ issues, id, compact }: IssueListProps) {
  const doc = useAppState(selDoc);
  const settings = useAppState(selSettings);
  const commands = useCommands();
  if (issues.length === 0) return null;
  const fixable = (issue: Issue) =>
    doc !== null &&
    (doc.entries.length > PROBE_LIMIT
      ? fixLabel(issue).startsWith('Fix:')
      : canFix(issue, doc, { ...settings, now: Date.now() }));
  return (
    <ul className={compact ? 'dt-issues compact' : 'dt-issues'} id={id}>
      {issues.map((issue) => (
        <li key={`${issue.rule}|${issue.field}|${issue.message}`} className={issue.severity}>
          <span className={`sev ${issue.severity}`} role="img" aria-label={issue.severity} />
          <span className="dt-msg">{issue.message}</span>
          <span className="rule-id">{issue.rule}</span>
          {doc !== null && doc.entries.length <= PROBE_LIMIT ? (
            <IssueFix issue={issue} />
          ) : fixable(issue) ? (
            <button type="button" className="btn small" onClick={() => commands.applyFix(issue)}>
              {fixLabel(issue)}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
