import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { entryBytes } from '../core/rules/size.ts';
import { bucketMatcher } from '../core/stats.ts';
import { Validator } from '../core/validate.ts';
import { buildCharts, chartEntries, DocumentSize, ruleCounts, sameBucket } from './insightsCharts.ts';
import { DEFAULT_VIEW } from './kernel.ts';
import { applyPatch, type Patch } from './patch.ts';
import type { ViewState } from './types.ts';

const e = (id: number, loc: string, more: Partial<Entry> = {}): Entry => ({ id, loc, ...more });
const doc: SitemapDocument = {
  kind: 'urlset',
  entries: [
    e(0, 'https://a.com/blog/x', { lastmod: '2024-01-05', priority: '0.5', changefreq: 'daily' }),
    e(1, 'https://a.com/blog/y', { lastmod: '2024-03-01', priority: '0.8' }),
    e(2, 'https://a.com/shop/z', { lastmod: 'yesterday' }),
    e(3, 'ftp//broken'),
    e(4, 'https://a.com/blog/x'),
  ],
  nextId: 5,
};

function validator() {
  const v = new Validator({ now: Date.UTC(2025, 0, 1) });
  v.load(doc);
  return v;
}

describe('chartEntries', () => {
  it('keeps the view filters and search but not the chart bucket itself', () => {
    const v = validator();
    const view: ViewState = {
      ...DEFAULT_VIEW,
      search: 'a.com',
      filters: { bucket: { filter: { kind: 'priority', value: '0.5' }, label: 'Priority: 0.5' } },
    };
    expect(chartEntries(doc, view, v).map((x) => x.id)).toEqual([0, 1, 2, 4]);
    expect(chartEntries(doc, DEFAULT_VIEW, v)).toBe(doc.entries);
  });
});

describe('buildCharts', () => {
  it('describes the filtered entries, and the whole file against the limits', () => {
    const v = validator();
    const view: ViewState = { ...DEFAULT_VIEW, search: '/blog/' };
    const charts = buildCharts(doc, view, v, 'sitemap.xml');
    expect(charts.entries).toBe(3);
    const folders = charts.folders.buckets.map((b) => [b.label, b.value]);
    expect(folders).toEqual([['/blog', 3]]);
    expect(charts.priority.buckets.map((b) => [b.label, b.value])).toEqual([
      ['0.5', 1],
      ['0.8', 1],
      ['No priority', 1],
    ]);
    expect(charts.files.buckets).toHaveLength(1);
    expect(charts.files.buckets[0].urls).toBe(5);
    // Every bar's filter selects exactly as many of the charted entries as the bar counts.
    const entries = chartEntries(doc, view, v);
    for (const chart of [charts.lastmod, charts.changefreq, charts.priority, charts.folders]) {
      for (const b of chart.buckets) {
        const match = bucketMatcher(b.filter!);
        expect(entries.filter(match).length, `${chart.title} ${b.label}`).toBe(b.value);
      }
    }
  });

  it('counts issues by rule on the charted URLs only', () => {
    const v = validator();
    const all = ruleCounts(doc.entries, v);
    const byRule = new Map<string, number>();
    for (const x of doc.entries)
      for (const i of v.issuesOf(x.id)) byRule.set(i.rule, (byRule.get(i.rule) ?? 0) + 1);
    expect([...all].map(([r, c]) => [r, c.count])).toEqual([...byRule]);
    const shop = ruleCounts([doc.entries[2]], v);
    expect([...shop.values()].reduce((n, c) => n + c.count, 0)).toBe(v.issuesOf(2).length);
  });
});

describe('DocumentSize', () => {
  it('follows patches by re-measuring the changed entries: the change equals the per-entry difference', () => {
    const big: SitemapDocument = {
      kind: 'urlset',
      entries: Array.from({ length: 50 }, (_, i) => e(i, `https://a.com/p/${i}`)),
      nextId: 50,
    };
    const sum = (list: readonly Entry[]) => list.reduce((n, x) => n + entryBytes(x, 'urlset'), 0);
    const size = new DocumentSize();
    const before = size.of(big);
    const edited = {
      ...big.entries[4],
      loc: 'https://a.com/a-much-longer-path/than-before',
      lastmod: '2024-01-01',
    };
    const patch: Patch = {
      label: 'edit',
      removed: [{ entry: big.entries[0], index: 0 }],
      updated: [[big.entries[4], edited]],
      added: [{ entry: e(60, 'https://a.com/new'), index: 49 }],
    };
    const next = applyPatch(big, patch);
    size.follow({ patch, before: big, after: next });
    const after = size.of(next);
    expect(after - before).toBe(sum(next.entries) - sum(big.entries));
    expect(after).toBe(new DocumentSize().of(next));
  });

  it('counts the same rules by rule whether filtered or not', () => {
    const v = validator();
    const unfiltered = buildCharts(doc, DEFAULT_VIEW, v, null).rules.buckets.map((b) => [b.label, b.value]);
    const perEntry = [...ruleCounts(doc.entries, v)].map(([r, c]) => [r, c.count]);
    expect(new Map(unfiltered as [string, number][])).toEqual(new Map(perEntry as [string, number][]));
  });

  it('grows with every entry and is at least the URLs themselves', () => {
    const one = { ...doc, entries: doc.entries.slice(0, 1) };
    const size = new DocumentSize();
    expect(size.of(doc)).toBeGreaterThan(size.of(one));
    expect(size.of(one)).toBeGreaterThan(doc.entries[0].loc.length);
  });
});

describe('sameBucket', () => {
  it('compares filters by value', () => {
    expect(sameBucket({ kind: 'priority', value: '0.5' }, { kind: 'priority', value: '0.5' })).toBe(true);
    expect(sameBucket({ kind: 'priority', value: '0.5' }, { kind: 'priority', value: null })).toBe(false);
    expect(sameBucket(null, { kind: 'lastmodMissing' })).toBe(false);
  });
});
