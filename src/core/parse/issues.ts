import { type Issue, makeIssue, type Severity } from '../model.ts';
import { defaultSeverity, type RuleId } from '../rules/registry.ts';

/** Where an issue points: entry id, field path and 1-based source position. */
export interface Where {
  entry?: number;
  field?: string;
  line?: number;
  column?: number;
}

/**
 * Build a parse-stage issue with the registry's severity for `rule` (`severity` overrides it).
 *
 * @example parseIssue('ENC-002', 'UTF-8 byte order mark removed', { line: 1, column: 1 })
 */
export function parseIssue(rule: RuleId, message: string, where: Where = {}, severity?: Severity): Issue {
  return makeIssue(rule, severity ?? defaultSeverity(rule), message, where);
}

/**
 * What the two exports do with what the reader skipped (a DOCTYPE, a byte order mark): the
 * default keep-format export writes the file's own bytes back, Normalize never writes them
 * (OUT-001). Said in the finding so it holds whichever export the user picks.
 */
export const EXPORTS_SKIPPED = "Normalize leaves it out; keeping the file's formatting writes it back";
