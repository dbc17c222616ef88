import { describe, expect, it } from 'vitest';
import type { Entry, Issue } from '../core/model.ts';
import { cellText } from './columns.ts';
import { makeDocument, makeEntry } from './testing.ts';
import type { ViewState } from './types.ts';
import { createParseIssuesValidator } from './validation.ts';
import { computeRowOrder } from './view.ts';

const base: ViewState = { sort: null, search: '', filters: {}, hiddenColumns: [] };
const noIssues = createParseIssuesValidator();

function order(entries: Entry[], view: Partial<ViewState>, issues: Issue[] = []) {
  const doc = { kind: 'urlset' as const, entries, nextId: entries.length };
  const v = createParseIssuesValidator();
  v.load(doc, issues);
  return Array.from(computeRowOrder(doc, { ...base, ...view }, v));
}

describe('computeRowOrder', () => {
  it('is the document order without sort or filters', () => {
    expect(order(makeDocument(5).entries, {})).toEqual([0, 1, 2, 3, 4]);
    expect(computeRowOrder(null, base, noIssues)).toHaveLength(0);
  });

  it('sorts strings by code unit, empties last in both directions, ties in document order', () => {
    const entries = [
      makeEntry(0, { lastmod: '2024-02-01' }),
      makeEntry(1),
      makeEntry(2, { lastmod: '2023-12-31' }),
      makeEntry(3, { lastmod: '2024-02-01' }),
    ];
    expect(order(entries, { sort: { column: 'lastmod', dir: 'asc' } })).toEqual([2, 0, 3, 1]);
    expect(order(entries, { sort: { column: 'lastmod', dir: 'desc' } })).toEqual([0, 3, 2, 1]);
  });

  it('sorts priority numerically and changefreq by frequency', () => {
    const entries = [
      makeEntry(0, { priority: '0.5', changefreq: 'yearly' }),
      makeEntry(1, { priority: '1.0', changefreq: 'always' }),
      makeEntry(2, { priority: '0.25', changefreq: 'daily' }),
      makeEntry(3, { priority: 'high' }),
    ];
    expect(order(entries, { sort: { column: 'priority', dir: 'asc' } })).toEqual([2, 0, 1, 3]);
    expect(order(entries, { sort: { column: 'priority', dir: 'desc' } })).toEqual([3, 1, 0, 2]);
    expect(order(entries, { sort: { column: 'changefreq', dir: 'asc' } })).toEqual([1, 2, 0, 3]);
  });

  it('matches a reference sort on built data', () => {
    const entries = makeDocument(5000).entries;
    const ref = entries
      .map((e, i) => ({ k: e.loc, i }))
      .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i))
      .map((x) => x.i);
    expect(order(entries, { sort: { column: 'loc', dir: 'asc' } })).toEqual(ref);
  });

  it('searches case-insensitively across the text columns', () => {
    const entries = [
      makeEntry(0, { loc: 'https://a.example/Blog/x' }),
      makeEntry(1, { loc: 'https://a.example/shop', changefreq: 'weekly' }),
      makeEntry(2, { loc: 'https://a.example/docs', lastmod: '2024-01-01' }),
    ];
    expect(order(entries, { search: 'blog' })).toEqual([0]);
    expect(order(entries, { search: 'WEEK' })).toEqual([1]);
    expect(order(entries, { search: '2024-01' })).toEqual([2]);
    expect(order(entries, { search: '(' })).toEqual([]);
  });

  it('searches like a case-insensitive regex: row boundaries, non-ASCII, other fields, edits', () => {
    const entries = [
      makeEntry(0, { loc: 'https://a.example/ab' }),
      makeEntry(1, { loc: 'https://a.example/cd', lastmod: '2024-03-01' }),
      makeEntry(2, { loc: 'https://a.example/straße/ÄB' }),
      makeEntry(3, { loc: 'https://a.example/x\ny', priority: '0.5' }),
      makeEntry(4, { loc: 'https://a.example/K-Ab.c' }),
    ];
    expect(order(entries, { search: 'AB' })).toEqual([0, 4]);
    expect(order(entries, { search: 'bh' })).toEqual([]);
    expect(order(entries, { search: 'äb' })).toEqual([2]);
    expect(order(entries, { search: 'x\ny' })).toEqual([3]);
    expect(order(entries, { search: 'b.C' })).toEqual([4]);
    expect(order(entries, { search: '03-0' })).toEqual([1]);
    expect(order(entries, { search: '0.5' })).toEqual([3]);
    const edited = entries.map((e) => (e.id === 1 ? { ...e, loc: 'https://a.example/AB-2' } : e));
    expect(order(edited, { search: 'ab' })).toEqual([0, 1, 4]);
    // A non-ASCII column (the Kelvin sign lower-cases to ASCII "k") is searched row by row.
    const kelvin = [...entries, makeEntry(5, { loc: 'https://a.example/\u212a' })];
    expect(order(kelvin, { search: 'k' })).toEqual([4]);
  });

  it('a severity filter with no issue that severe matches no row', () => {
    const entries = makeDocument(20).entries;
    const infos: Issue[] = [{ rule: 'CF-001', severity: 'info', message: 'x', entry: 3 }];
    expect(order(entries, { filters: { severity: 'warning' } }, infos)).toEqual([]);
    expect(order(entries, { filters: { severity: 'info' } }, infos)).toEqual([3]);
  });

  it('filters by field value, rule, severity and id set, combined with AND', () => {
    const entries = makeDocument(200).entries;
    const issues: Issue[] = [
      { rule: 'LOC-001', severity: 'error', message: 'x', entry: 5 },
      { rule: 'PRIO-001', severity: 'warning', message: 'x', entry: 6 },
      { rule: 'LOC-001', severity: 'error', message: 'x', entry: 7 },
    ];
    const daily = entries.filter((e) => e.changefreq === 'daily').map((e) => e.id);
    expect(order(entries, { filters: { field: { column: 'changefreq', value: 'daily' } } })).toEqual(daily);
    expect(order(entries, { filters: { rule: 'LOC-001' } }, issues)).toEqual([5, 7]);
    expect(order(entries, { filters: { severity: 'warning' } }, issues)).toEqual([5, 6, 7]);
    expect(order(entries, { filters: { severity: 'error' } }, issues)).toEqual([5, 7]);
    const ids = new Set([1, 5, 9]);
    expect(order(entries, { filters: { entryIds: { ids, label: 't' }, severity: 'error' } }, issues)).toEqual(
      [5],
    );
    const noLastmod = entries.filter((e) => cellText(e, 'lastmod') === '').map((e) => e.id);
    expect(
      order(entries, { filters: { bucket: { filter: { kind: 'lastmodMissing' }, label: 'none' } } }),
    ).toEqual(noLastmod);
  });
});
