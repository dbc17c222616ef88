import { describe, expect, it } from 'vitest';
import { makeIssue, type SitemapDocument } from '../core/model.ts';
import { canFix, fixLabel, fixNeed, fixPreview, ruleDisplay } from './rules.ts';

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

describe('fixPreview and fixNeed (issue 15)', () => {
  const d: SitemapDocument = {
    kind: 'urlset',
    nextId: 2,
    entries: [
      { id: 0, loc: 'https://a.example/', priority: '1.5' },
      { id: 1, loc: '/about/' },
    ],
  };
  it('shows the value before and after a fix that rewrites it', () => {
    const issue = makeIssue('PRIO-001', 'error', 'x', { entry: 0, field: 'priority' });
    expect(fixPreview(issue, d, settings)).toBe('“1.5” → “1.0”');
  });
  it('names what a fix waits for instead of offering it', () => {
    const issue = makeIssue('LOC-001', 'error', 'x', { entry: 1, field: 'loc' });
    expect(canFix(issue, d, settings)).toBe(false);
    expect(fixNeed(issue, d, settings)).toBe('publishUrl');
    expect(fixNeed(issue, d, { ...settings, publishUrl: 'https://a.example/sitemap.xml' })).toBeNull();
  });
  it('shows rule titles as plain text', () => {
    expect(ruleDisplay('XML-006').title).toBe('Child order inside <url>');
  });
});
