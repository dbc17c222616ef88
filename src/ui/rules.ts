import type { Issue } from '../core/model.ts';
import { ruleInfo } from '../core/rules/registry.ts';

/** Display facts about a rule for the UI: a title and whether it has a one-click fix. */
export interface RuleDisplay {
  title: string;
  group: string;
  fixable: boolean;
}

/** Title and fixability of a rule id; unknown rules fall back to the id and "not fixable". */
export function ruleDisplay(id: string): RuleDisplay {
  const info = ruleInfo(id);
  return { title: info?.title ?? id, group: info?.group ?? '', fixable: info?.fixable ?? false };
}

/** Accessible, specific label for the one-click fix of an issue. */
export function fixLabel(issue: Issue): string {
  return `Fix ${issue.rule}`;
}
