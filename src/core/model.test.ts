import { describe, expect, it } from 'vitest';
import { makeIssue } from './model.ts';

describe('makeIssue', () => {
  it('keeps only the location fields that are given', () => {
    expect(makeIssue('LOC-001', 'error', 'bad', { entry: 3, field: 'loc' })).toEqual({
      rule: 'LOC-001',
      severity: 'error',
      message: 'bad',
      entry: 3,
      field: 'loc',
    });
    expect(Object.keys(makeIssue('XML-007', 'warning', 'empty'))).toEqual(['rule', 'severity', 'message']);
  });
});
