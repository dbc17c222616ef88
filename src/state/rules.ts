import { type Fix, type FixNeed, getFix } from '../core/fixes.ts';
import type { Issue, SitemapDocument, ValidationSettings } from '../core/model.ts';
import { fieldChange } from '../core/rules/fieldPath.ts';
import { ruleInfo } from '../core/rules/registry.ts';
import { isNotOpenChild } from '../core/workspace/notOpen.ts';
import { idIndexOf } from './patch.ts';

/** A merge fix's example in words, for Fix all's preview (core/rules/mergeSample.ts). */
export { mergeSample } from '../core/rules/mergeSample.ts';
/** A date as the W3C form it converts to, for a fix's preview in the UI (core/w3cDate.ts). */
export { convertToW3c } from '../core/w3cDate.ts';

/** Display facts about a rule for the UI: a title and whether it has a one-click fix. */
export interface RuleDisplay {
  title: string;
  group: string;
  fixable: boolean;
}

/** Title and fixability of a rule id; unknown rules fall back to the id and "not fixable". */
export function ruleDisplay(id: string): RuleDisplay {
  const info = ruleInfo(id);
  // Titles are spec markdown (`<url>`); the UI shows them as plain text.
  const title = info?.title.replace(/`/g, '') ?? id;
  return { title, group: info?.group ?? '', fixable: info?.fixable ?? false };
}

/**
 * The title of a card of `rule`'s findings, by what `issues` (its findings) are: IDX-006 also
 * carries the editor's note of a child that is not open, which is no nested index.
 *
 * @example groupTitle('IDX-006', notOpenNotes) // 'Children not open'
 */
export function groupTitle(rule: string, issues: readonly Issue[]): string {
  const title = ruleDisplay(rule).title;
  if (rule !== 'IDX-006' || issues.length === 0) return title;
  const notOpen = issues.filter(isNotOpenChild).length;
  if (notOpen === 0) return title;
  return notOpen === issues.length ? 'Children not open' : `${title}; children not open`;
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

/** What the fix of this issue waits for from the user (publish URL, day/month order), or null. */
export function fixNeed(
  issue: Issue,
  document: SitemapDocument | null,
  settings: ValidationSettings,
): FixNeed | null {
  const fix = getFix(issue.rule);
  return fix && document ? fix.needs(issue, { document, settings }) : null;
}

/**
 * The value before and after the fix, shown before it runs: `“1.5” → “1.0”`, or `remove this row
 * (its clean URL is already listed)`; null when the fix does not rewrite this one value into
 * another (merges, removals its label names, several fields).
 */
export function fixPreview(
  issue: Issue,
  document: SitemapDocument | null,
  settings: ValidationSettings,
): string | null {
  const fix = getFix(issue.rule);
  if (!fix || !document || issue.entry === undefined) return null;
  const r = fix.apply(issue, { document, settings });
  // A fix that removes the row for a reason its label does not give (LOC-008/009) says so.
  if (fix.removes && r?.remove?.includes(issue.entry)) return `remove this row (${fix.removes.one})`;
  const after = r?.update?.length === 1 && !r.remove?.length ? r.update[0] : undefined;
  const at = idIndexOf(document.entries);
  const before =
    issue.entry < at.length && at[issue.entry] >= 0 ? document.entries[at[issue.entry]] : undefined;
  if (!after || !before || after.id !== before.id) return null;
  return fieldChange(before, after, issue.field);
}

/**
 * The fix of a file-level profile note (a Strict (XSD) rule shown as one note under Search
 * engines): it runs on every row the note stands for. Undefined for other issues.
 */
export function profileFix(issue: Issue): Fix | undefined {
  return issue.entry === undefined && ruleInfo(issue.rule)?.profile === 'strict'
    ? getFix(issue.rule)
    : undefined;
}
