import type { Issue } from '../core/model.ts';
import { profileFix, ruleDisplay } from '../state/rules.ts';
import { AddMissingPages } from './crawl/AddMissingPages.tsx';
import { FixAll } from './FixAll.tsx';
import { plural } from './format.ts';

function IssueCard({ issue }: { issue: Issue }) {
  // A profile note stands for many rows: its fix runs on all of them.
  const fix = profileFix(issue);
  return (
    <div className="issue-group">
      <div className="ig-top">
        <span className={`sev ${issue.severity}`} role="img" aria-label={issue.severity} />
        <h3>{ruleDisplay(issue.rule).title}</h3>
        <span className="rule-id">{issue.rule}</span>
      </div>
      <p className="doc-message">{issue.message}</p>
      {fix ? (
        <div className="ig-bottom">
          <span className="spacer" />
          <FixAll rule={issue.rule} label={fix.label} />
        </div>
      ) : issue.rule === 'CRAWL-006' ? (
        // The action the message names, on the card (core/rules/surface.ts words it).
        <div className="ig-bottom">
          <span className="spacer" />
          <AddMissingPages />
        </div>
      ) : null}
    </div>
  );
}

const key = (i: Issue) => `${i.rule}|${i.message}`;

/**
 * Issues about the whole file (size, count, namespaces), above the per-rule groups. Errors and
 * warnings are shown; informational notes are folded so they do not push real problems down.
 */
export function FileIssues({ issues }: { issues: readonly Issue[] }) {
  if (issues.length === 0) return null;
  const serious = issues.filter((i) => i.severity !== 'info');
  const notes = issues.filter((i) => i.severity === 'info');
  return (
    <section aria-label="File-level issues">
      <h2 className="section-title">Whole file</h2>
      {serious.map((i) => (
        <IssueCard key={key(i)} issue={i} />
      ))}
      {notes.length ? (
        <details className="file-notes">
          <summary>{plural(notes.length, 'note')} about the whole file</summary>
          {notes.map((i) => (
            <IssueCard key={key(i)} issue={i} />
          ))}
        </details>
      ) : null}
    </section>
  );
}
