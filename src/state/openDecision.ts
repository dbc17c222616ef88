/**
 * The one decision every way of opening content takes (drop, file input, Paste, New sitemap,
 * Try a sample, a Recent entry): open it alone, add it to the open workspace, replace what is
 * open, or ask first. Pure: the session (workspaceStore.ts) gathers the situation and acts.
 */
import type { StepCounts } from './history.ts';

/**
 * What the user asked for. `open`: the ordinary way in (decide, ask when work would be lost);
 * `add`: add to the open files (the prompt's *Add to workspace*); `replace`: replace what is
 * open (the prompt's *Replace*, already confirmed).
 */
export type OpenIntent = 'open' | 'add' | 'replace';

/**
 * A file with edits that were not exported, and the steps made since its export (or open), by
 * what they change (`Commands.unexportedSteps`; history.ts `stepsText` says them).
 */
export interface EditedFile extends StepCounts {
  name: string;
}

/** What is open when something new comes in. */
export interface OpenSituation {
  /** Files open now (0 = nothing; 1 = one document; more = a workspace). */
  files: number;
  /** Open files with unexported edits. */
  edited: readonly EditedFile[];
  /** Every incoming file is named by an open index and not open yet (a missing child). */
  childrenOfOpenIndex: boolean;
  /** What comes in is a new blank document (nothing to add it to a workspace for). */
  blank: boolean;
}

/** What the session does. */
export type OpenDecision =
  | { action: 'replace' }
  | { action: 'add' }
  | { action: 'ask'; canAdd: boolean; lost: readonly EditedFile[] };

/**
 * Decide. Nothing open: open. `replace` and `add` were chosen by the user. Otherwise a missing
 * child of an open index joins it; one unedited document is replaced (nothing is lost); anything
 * else (edits, or a whole workspace) asks, offering *Add to workspace* except for a blank document.
 *
 * @example decideOpen({ files: 1, edited: [{ name: 'a.xml', edits: 3, settings: 0 }], childrenOfOpenIndex: false, blank: false }, 'open')
 * // { action: 'ask', canAdd: true, lost: [{ name: 'a.xml', edits: 3, settings: 0 }] }
 */
export function decideOpen(s: OpenSituation, intent: OpenIntent): OpenDecision {
  if (s.files === 0 || intent === 'replace') return { action: 'replace' };
  if (intent === 'add') return { action: 'add' };
  if (s.childrenOfOpenIndex && !s.blank) return { action: 'add' };
  if (s.files === 1 && s.edited.length === 0) return { action: 'replace' };
  return { action: 'ask', canAdd: !s.blank, lost: s.edited };
}

/**
 * Where a crawl export (a CSV whose header row is recognised, issue 17) goes: with a document or
 * a workspace open it is `attach`ed for the audit (the Crawl dialog; nothing open is replaced or
 * asked about); with nothing open there is nothing to audit, so it is read as a `csv` like any
 * other (the import dialog makes a sitemap of its URLs).
 *
 * @example decideCrawl(0) // 'csv'
 * @example decideCrawl(3) // 'attach'
 */
export function decideCrawl(files: number): 'attach' | 'csv' {
  return files > 0 ? 'attach' : 'csv';
}
