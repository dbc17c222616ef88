import type { Issue, Severity } from '../model.ts';

/**
 * Severity the parser uses for each rule it emits: SITEMAP-RULES.md section 10, matching the rule
 * registry (src/core/rules/registry.ts). IMP-013/025/027 have no rule of their own in section 6.
 */
const SEVERITY: Record<string, Severity> = {
  'ENC-001': 'error',
  'ENC-002': 'info',
  'ENC-003': 'error',
  'ENC-004': 'error',
  'ENC-005': 'error',
  'ENC-006': 'error',
  'ENC-009': 'error',
  'ENC-010': 'error',
  'ENC-011': 'info',
  'XML-001': 'error',
  'XML-002': 'error',
  'XML-003': 'info',
  'XML-004': 'error',
  'XML-005': 'error',
  'XML-006': 'warning',
  'XML-008': 'warning',
  'XML-009': 'error',
  'XML-010': 'warning',
  'XML-011': 'error',
  'XML-012': 'info',
  'XML-013': 'info',
  'XML-014': 'info',
  'IDX-001': 'error',
  'IDX-002': 'warning',
  'GZ-001': 'error',
  'GZ-002': 'warning',
  'GZ-003': 'error',
  'GZ-004': 'info',
  'GZ-005': 'error',
  'GZ-006': 'error',
  'TXT-005': 'warning',
  'IMG-001': 'error',
  'IMG-008': 'warning',
  'VID-001': 'error',
  'NEWS-001': 'error',
  'HREF-001': 'error',
  'EXT-001': 'info',
  'EXT-002': 'info',
  'EXT-003': 'error',
  'IMP-013': 'warning',
  'IMP-025': 'info',
  'IMP-027': 'warning',
};

/** Where an issue points: entry id, field path and 1-based source position. */
export interface Where {
  entry?: number;
  field?: string;
  line?: number;
  column?: number;
}

/**
 * Build a parse-stage issue with the parser's severity for `rule` (`severity` overrides it).
 *
 * @example parseIssue('ENC-002', 'UTF-8 byte order mark removed', { line: 1, column: 1 })
 */
export function parseIssue(rule: string, message: string, where: Where = {}, severity?: Severity): Issue {
  const issue: Issue = { rule, severity: severity ?? SEVERITY[rule] ?? 'error', message };
  if (where.entry !== undefined) issue.entry = where.entry;
  if (where.field !== undefined) issue.field = where.field;
  if (where.line !== undefined) issue.line = where.line;
  if (where.column !== undefined) issue.column = where.column;
  return issue;
}
