import { describe, expect, it } from 'vitest';
import { parseIssue } from './issues.ts';

describe('parseIssue', () => {
  it("takes the rule's default severity from the registry, and keeps the position", () => {
    expect(parseIssue('ENC-002', 'BOM removed', { line: 1, column: 1 })).toEqual({
      rule: 'ENC-002',
      severity: 'info',
      message: 'BOM removed',
      line: 1,
      column: 1,
    });
    expect(parseIssue('ENC-004', 'broken').severity).toBe('error');
  });

  it('lets the caller override the severity', () => {
    expect(parseIssue('GZ-003', 'padding ignored', {}, 'warning').severity).toBe('warning');
  });
});
