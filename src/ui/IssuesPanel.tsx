import type { Issue, Severity } from '../core/model.ts';
import { groupTitle, ruleDisplay } from '../state/rules.ts';
import type { AppState } from '../state/types.ts';
import { severityRank } from '../state/validation.ts';
import { FileIssues } from './FileIssues.tsx';
import { FixAll } from './FixAll.tsx';
import { fmtInt, plural } from './format.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selValidation = (s: AppState) => s.validation;
const selRule = (s: AppState) => s.view.filters.rule;

/** The findings of `rule` on the rows (for a card whose title says what they are: IDX-006, a few rows). */
function issuesWithRule(v: AppState['validation']['validator'], rule: string): Issue[] {
  const out: Issue[] = [];
  for (const id of v.entriesWithRule(rule)) for (const i of v.issuesOf(id)) if (i.rule === rule) out.push(i);
  return out;
}

interface Group {
  rule: string;
  severity: Severity;
  count: number;
}

/**
 * The rules with findings on entries, by severity, then count, then rule id. Ids are ASCII, so
 * they are compared by code unit: `localeCompare`'s first call builds an ICU collator (~30 ms on
 * the page, in the render at the end of a 1M crawl join where two rules first tie).
 */
export function entryGroups(
  byRule: Map<string, { severity: Severity; count: number }>,
  docIssues: readonly Issue[],
): Group[] {
  const docCount = new Map<string, number>();
  for (const i of docIssues) docCount.set(i.rule, (docCount.get(i.rule) ?? 0) + 1);
  const out: Group[] = [];
  for (const [rule, g] of byRule) {
    const count = g.count - (docCount.get(rule) ?? 0);
    if (count > 0) out.push({ rule, severity: g.severity, count });
  }
  return out.sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) ||
      b.count - a.count ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
}

/** Issues grouped by rule with counts; file-level issues first; filter to a rule; fix all. */
export function IssuesPanel() {
  const validation = useAppState(selValidation);
  const activeRule = useAppState(selRule);
  const commands = useCommands();
  const v = validation.validator;
  const docIssues = v.documentIssues();
  const groups = entryGroups(v.counts().byRule, docIssues);
  if (docIssues.length === 0 && groups.length === 0) {
    return <p className="empty-note">No problems found. This sitemap follows every checked rule.</p>;
  }
  return (
    <div>
      <FileIssues issues={docIssues} />
      {groups.length ? (
        <section aria-label="Issues by rule">
          <h2 className="section-title">URLs · {plural(groups.length, 'rule')}</h2>
          {groups.map((g) => {
            const info = ruleDisplay(g.rule);
            const title = g.rule === 'IDX-006' ? groupTitle(g.rule, issuesWithRule(v, g.rule)) : info.title;
            const active = activeRule === g.rule;
            return (
              <div key={g.rule} className={active ? 'issue-group active' : 'issue-group'}>
                <div className="ig-top">
                  <span className={`sev ${g.severity}`} role="img" aria-label={g.severity} />
                  <h3>{title}</h3>
                  <span className="ig-count">{fmtInt(g.count)}</span>
                </div>
                <div className="ig-bottom">
                  <span className="rule-id">{g.rule}</span>
                  <span className="spacer" />
                  <button
                    type="button"
                    className="btn small ghost"
                    aria-pressed={active}
                    onClick={() => commands.setFilter({ rule: active ? undefined : g.rule })}
                  >
                    {active ? 'Show all rows' : `Show ${plural(g.count, 'row')}`}
                  </button>
                  {info.fixable ? <FixAll key={`${g.rule}`} rule={g.rule} count={g.count} /> : null}
                </div>
              </div>
            );
          })}
        </section>
      ) : null}
    </div>
  );
}
