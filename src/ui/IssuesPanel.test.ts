import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryGroups } from './IssuesPanel.tsx';

describe('entryGroups', () => {
  afterEach(() => vi.restoreAllMocks());

  it('orders tied groups by rule id without an ICU collation (localeCompare builds one on first use)', () => {
    const compare = vi.spyOn(String.prototype, 'localeCompare');
    const byRule = new Map([
      ['CRAWL-004', { severity: 'warning' as const, count: 7 }],
      ['CRAWL-003', { severity: 'warning' as const, count: 7 }],
      ['URL-002', { severity: 'error' as const, count: 1 }],
      ['CRAWL-001', { severity: 'error' as const, count: 7 }],
      ['CRAWL-002', { severity: 'warning' as const, count: 9 }],
    ]);
    const groups = entryGroups(byRule, []);
    expect(groups.map((g) => g.rule)).toEqual([
      'CRAWL-001',
      'URL-002',
      'CRAWL-002',
      'CRAWL-003',
      'CRAWL-004',
    ]);
    expect(compare).not.toHaveBeenCalled();
  });

  it("leaves out the findings that are the document's own", () => {
    const byRule = new Map([['URL-002', { severity: 'error' as const, count: 2 }]]);
    const doc = [{ rule: 'URL-002', severity: 'error' as const, message: '' }];
    expect(entryGroups(byRule, doc as never)).toEqual([{ rule: 'URL-002', severity: 'error', count: 1 }]);
  });
});
