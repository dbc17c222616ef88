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
 * What the exports do with what the reader skipped (a DOCTYPE, a byte order mark): the spec
 * forbids both in an export (OUT-001), so neither writes them, the one that keeps the file's
 * formatting included (core/keep/prolog.ts). Said in the finding, whichever export is picked.
 */
export const EXPORTS_SKIPPED = "The export leaves it out, also when it keeps the file's formatting";
