import { getFix } from '../core/fixes.ts';
import type { Issue, SitemapDocument, ValidationSettings } from '../core/model.ts';
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
  const label = getFix(issue.rule)?.label;
  return label ? `Fix: ${label}` : `Fix ${issue.rule}`;
}

/**
 * True when the rule's fix would change something for this very issue (some fixes only handle
 * some values, e.g. CF-001 fixes "Weekly" but not "sometimes").
 */
export function canFix(
  issue: Issue,
  document: SitemapDocument | null,
  settings: ValidationSettings,
): boolean {
  const fix = getFix(issue.rule);
  if (!fix || !document) return false;
  const r = fix.apply(issue, { document, settings });
  return r !== null && ((r.update?.length ?? 0) > 0 || (r.remove?.length ?? 0) > 0);
}
