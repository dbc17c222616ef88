/**
 * LOC-008 / LOC-009: the message quotes the URL the fix writes, and where that clean URL is
 * already listed the fix removes the row (merged into the listed one) rather than making an
 * exact duplicate (review s16, b13/b14). LOC-006 names the real difference of a probable
 * duplicate (b13: `/bags/#top` was "an explicit default port").
 */
import { describe, expect, it } from 'vitest';
import { getFix, planFixAll } from '../fixes.ts';
import type { Entry, SitemapDocument } from '../model.ts';
import { validateDocument } from '../validate.ts';
import { describeDifference } from './duplicates.ts';

const NOW = Date.UTC(2026, 10, 21);
const doc = (locs: string[]): SitemapDocument => ({
  kind: 'urlset',
  entries: locs.map((loc, id): Entry => ({ id, loc, line: id + 3 })),
  nextId: locs.length,
});
const SLASH = [
  'https://www.example.com/shoes',
  'https://www.example.com/shoes/',
  'https://WWW.EXAMPLE.COM/shoes/',
  'https://example.com/shoes/',
  'https://www.example.com:443/bags/',
  'https://www.example.com/bags/',
  'https://www.example.com/bags/?utm_source=newsletter',
  'https://www.example.com/bags/#top',
];

describe('LOC-008 / LOC-009 clean URLs', () => {
  it('quote the cleaned URL, not the dirty one', () => {
    const issues = validateDocument(doc(SLASH), { now: NOW });
    const loc9 = issues.find((i) => i.rule === 'LOC-009')!;
    expect(loc9.message).toContain('“https://www.example.com/bags/”');
    expect(loc9.message).not.toContain('utm_source=newsletter”');
    const loc8 = issues.find((i) => i.rule === 'LOC-008')!;
    expect(loc8.message).toContain('“https://www.example.com/bags/”');
    expect(loc8.message).not.toContain('#top”');
  });

  it('remove the row whose clean URL is already listed (merged into it), and say so', () => {
    const d = doc(SLASH);
    const ctx = { document: d, settings: { now: NOW } };
    const issues = validateDocument(d, { now: NOW });
    for (const rule of ['LOC-009', 'LOC-008']) {
      const issue = issues.find((i) => i.rule === rule)!;
      const r = getFix(rule)!.apply(issue, ctx)!;
      expect(r.remove).toEqual([issue.entry]);
      expect(r.update ?? []).toEqual([]);
      const plan = planFixAll(rule, issues, ctx);
      expect(plan).toMatchObject({ rows: 1, removed: 1, cannot: 0 });
    }
  });

  it('Fix all: two rows cleaning to the same unlisted URL make one row, not two', () => {
    const d = doc(['https://www.example.com/a?utm_source=x', 'https://www.example.com/a?utm_source=y']);
    const ctx = { document: d, settings: { now: NOW } };
    const plan = planFixAll('LOC-009', validateDocument(d, { now: NOW }), ctx);
    expect(plan.result.update?.map((e) => e.loc)).toEqual(['https://www.example.com/a']);
    expect(plan.result.remove).toEqual([1]);
  });

  it('a clean URL not listed yet is still rewritten in place', () => {
    const d = doc(['https://www.example.com/a#x', 'https://www.example.com/b']);
    const issue = validateDocument(d, { now: NOW }).find((i) => i.rule === 'LOC-008')!;
    expect(getFix('LOC-008')!.apply(issue, { document: d, settings: { now: NOW } })).toEqual({
      update: [{ id: 0, loc: 'https://www.example.com/a', line: 3 }],
    });
  });
});

describe('LOC-006 names the real difference', () => {
  it('on slash.xml', () => {
    const issues = validateDocument(doc(SLASH), { now: NOW }).filter((i) => i.rule === 'LOC-006');
    const byLine = new Map(issues.map((i) => [i.line, i.message]));
    expect(byLine.get(4)).toContain('differs only by a trailing slash from the entry on line 3');
    expect(byLine.get(5)).toContain('differs only by the letter case of the host and a trailing slash');
    expect(byLine.get(8)).toContain(
      'differs only by an explicit default port (:443) from the entry on line 7',
    );
    expect(byLine.get(10)).toContain(
      'differs only by an explicit default port (:443) and the #fragment from the entry on line 7',
    );
  });

  it('every reason', () => {
    const d = describeDifference;
    expect(d('https://a.com/x#f', 'https://a.com/x')).toBe('the #fragment');
    expect(d('https://a.com/x/', 'https://a.com/x')).toBe('a trailing slash');
    expect(d('HTTPS://a.com/x', 'https://a.com/x')).toBe('the letter case of the scheme');
    expect(d('https://A.com/x', 'https://a.com/x')).toBe('the letter case of the host');
    expect(d('https://a.com:443/x', 'https://a.com/x')).toBe('an explicit default port (:443)');
    expect(d('http://a.com/x', 'http://a.com:80/x')).toBe('an explicit default port (:80)');
    expect(d('https://a.com', 'https://a.com/')).toBe('the / after the host');
    expect(d('https://u:p@a.com/x', 'https://a.com/x')).toBe('credentials (user:password@)');
    expect(d('HTTPS://A.com:443/x/#f', 'https://a.com/x')).toBe(
      'the letter case of the scheme, the letter case of the host, an explicit default port (:443), a trailing slash and the #fragment',
    );
  });
});
