import { describe, expect, it } from 'vitest';
import { makeIssue, type SitemapDocument } from '../core/model.ts';
import { canFix, fixLabel, ruleDisplay } from './rules.ts';

const doc: SitemapDocument = {
  kind: 'urlset',
  nextId: 2,
  entries: [
    { id: 0, loc: 'https://a.example/', changefreq: 'Weekly' },
    { id: 1, loc: 'https://a.example/b', changefreq: 'sometimes' },
  ],
};
const settings = { now: Date.UTC(2026, 0, 1) };

describe('canFix', () => {
  it('offers a fix only when it would change this very value', () => {
    const fixable = makeIssue('CF-001', 'error', 'not lowercase', { entry: 0, field: 'changefreq' });
    const unfixable = makeIssue('CF-001', 'error', 'not a keyword', { entry: 1, field: 'changefreq' });
    expect(canFix(fixable, doc, settings)).toBe(true);
    expect(canFix(unfixable, doc, settings)).toBe(false);
    expect(canFix(fixable, null, settings)).toBe(false);
  });
});

describe('rule display', () => {
  it('names known rules and falls back to the id for unknown ones', () => {
    expect(ruleDisplay('CF-001').title).not.toBe('CF-001');
    expect(ruleDisplay('NOPE-999')).toEqual({ title: 'NOPE-999', group: '', fixable: false });
    expect(fixLabel(makeIssue('CF-001', 'error', 'x'))).toMatch(/^Fix: /);
  });
});
