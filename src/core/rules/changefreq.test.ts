import { describe, expect, it } from 'vitest';
import { entryIssues } from './testing.ts';

const cf = (changefreq: string) => entryIssues({ loc: 'https://www.example.com/', changefreq });

describe('CF-001', () => {
  it('accepts the seven lowercase keywords', () => {
    for (const k of ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'])
      expect(cf(k)).toEqual([]);
  });
  it('rejects case variants and unknown words', () => {
    expect(cf('Daily')[0]).toMatchObject({ rule: 'CF-001', severity: 'error', field: 'changefreq' });
    expect(cf('Daily')[0].message).toContain('“daily”');
    expect(cf('biweekly')[0]).toMatchObject({ rule: 'CF-001', severity: 'error' });
  });
});
