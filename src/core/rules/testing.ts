/** Test helper: run the entry-local rules on one entry. Not used by production code. */
import type { DocumentKind, Entry, Issue, ValidationSettings } from '../model.ts';
import { checkEntry } from './entry.ts';

/** Fixed "now" used by rule tests: 2026-11-21T00:00:00Z. */
export const NOW = Date.UTC(2026, 10, 21);

/** Issues of one entry checked alone. @example issuesOf({ loc: '/a' }) */
export function entryIssues(
  e: Partial<Entry> & { loc: string },
  kind: DocumentKind = 'urlset',
  settings?: Partial<ValidationSettings>,
): Issue[] {
  const out: Issue[] = [];
  checkEntry({ id: 1, ...e }, kind, { now: NOW, ...settings }, out);
  return out;
}

/** Rule ids of the issues, e.g. `['LOC-001@loc']`. */
export function rulesOf(issues: readonly Issue[]): string[] {
  return issues.map((i) => `${i.rule}@${i.field ?? ''}`);
}
