import { describe, expect, it } from 'vitest';
import type { Entry } from './model.ts';
import {
  bucketMatcher,
  changefreqDistribution,
  chooseDateScale,
  fileSizes,
  issuesByRule,
  lastmodHistogram,
  matchesBucket,
  parseDateKey,
  priorityDistribution,
  urlsPerFolder,
} from './stats.ts';

const e = (id: number, extra: Partial<Entry> = {}): Entry => ({ id, loc: `https://a.com/p${id}`, ...extra });
const dated = (...dates: (string | undefined)[]) => dates.map((lastmod, id) => e(id, { lastmod }));

describe('parseDateKey', () => {
  it('reads the date part of W3C values and rejects non-dates', () => {
    expect(parseDateKey('2024-06-24T09:30:00+02:00')).toBe(20240624);
    expect(parseDateKey(' 2024-06-24 ')).toBe(20240624);
    expect(parseDateKey('2024-06')).toBe(20240601);
    expect(parseDateKey('2024')).toBe(20240101);
    expect(parseDateKey('2024-02-29')).toBe(20240229);
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '24/06/2024',
      '2024-06-24 09:30',
      '2024-6-1',
      '',
      'soon',
    ]) {
      expect(parseDateKey(bad)).toBe(-1);
    }
  });
});

describe('lastmodHistogram', () => {
  it('picks days for a short span and fills empty days', () => {
    const chart = lastmodHistogram(
      dated('2024-06-30', '2024-07-02T10:00:00Z', '2024-06-30', undefined, 'bad'),
    );
    expect(chart.scale).toBe('day');
    expect(chart.buckets).toEqual([
      { label: '2024-06-30', value: 2, filter: { kind: 'lastmod', from: '2024-06-30', to: '2024-07-01' } },
      { label: '2024-07-01', value: 0, filter: { kind: 'lastmod', from: '2024-07-01', to: '2024-07-02' } },
      { label: '2024-07-02', value: 1, filter: { kind: 'lastmod', from: '2024-07-02', to: '2024-07-03' } },
    ]);
    expect(chart.extra).toEqual([
      { label: 'No lastmod', value: 1, filter: { kind: 'lastmodMissing' } },
      { label: 'Invalid date', value: 1, filter: { kind: 'lastmodInvalid' } },
    ]);
  });

  it('picks months for a span of a year and years for a decade', () => {
    const months = lastmodHistogram(dated('2023-11-15', '2024-02-01', '2024-02-20'));
    expect(months.scale).toBe('month');
    expect(months.buckets.map((b) => [b.label, b.value])).toEqual([
      ['2023-11', 1],
      ['2023-12', 0],
      ['2024-01', 0],
      ['2024-02', 2],
    ]);
    expect(months.buckets[1].filter).toEqual({ kind: 'lastmod', from: '2023-12', to: '2024-01' });
    const years = lastmodHistogram(dated('2015-01-01', '2024-12-31'));
    expect(years.scale).toBe('year');
    expect(years.buckets).toHaveLength(10);
    expect(years.buckets[9]).toEqual({
      label: '2024',
      value: 1,
      filter: { kind: 'lastmod', from: '2024', to: '2025' },
    });
  });

  it('chooses the scale at the documented thresholds', () => {
    expect(chooseDateScale(20240101, 20240402)).toBe('day');
    expect(chooseDateScale(20240101, 20240403)).toBe('month');
    expect(chooseDateScale(20200101, 20240131)).toBe('month');
    expect(chooseDateScale(20200101, 20240201)).toBe('year');
  });

  it('honours a forced scale but falls back to a coarser one past 5000 bars', () => {
    expect(lastmodHistogram(dated('2024-01-01', '2024-12-31'), { scale: 'day' }).buckets).toHaveLength(366);
    const wide = lastmodHistogram(dated('1990-01-01', '2024-12-31'), { scale: 'day' });
    expect([wide.scale, wide.buckets.length]).toEqual(['month', 420]);
  });

  it('returns no bars when no date parses', () => {
    expect(lastmodHistogram(dated(undefined, 'x')).buckets).toEqual([]);
  });
});

describe('changefreq and priority distributions', () => {
  const entries = [
    e(0, { changefreq: 'weekly', priority: '0.5' }),
    e(1, { changefreq: 'daily', priority: '1.0' }),
    e(2, { changefreq: 'Weekly', priority: '.5' }),
    e(3, { changefreq: 'weekly', priority: 'high' }),
    e(4, {}),
    e(5, { changefreq: 'daily', priority: '0.5' }),
  ];

  it('orders changefreq naturally, then other spellings, then absent', () => {
    expect(changefreqDistribution(entries).buckets).toEqual([
      { label: 'daily', value: 2, filter: { kind: 'changefreq', value: 'daily' } },
      { label: 'weekly', value: 2, filter: { kind: 'changefreq', value: 'weekly' } },
      { label: 'Weekly', value: 1, filter: { kind: 'changefreq', value: 'Weekly' } },
      { label: 'No changefreq', value: 1, filter: { kind: 'changefreq', value: null } },
    ]);
  });

  it('buckets priority by value as written, numeric ascending', () => {
    expect(priorityDistribution(entries).buckets.map((b) => [b.label, b.value])).toEqual([
      ['.5', 1],
      ['0.5', 2],
      ['1.0', 1],
      ['high', 1],
      ['No priority', 1],
    ]);
  });
});

describe('issuesByRule', () => {
  it('sorts errors before warnings, then by count', () => {
    const byRule = new Map([
      ['PRI-001', { severity: 'warning' as const, count: 9 }],
      ['LOC-001', { severity: 'error' as const, count: 2 }],
      ['LOC-002', { severity: 'error' as const, count: 5 }],
      ['X-1', { severity: 'info' as const, count: 0 }],
    ]);
    expect(issuesByRule(byRule).buckets).toEqual([
      { label: 'LOC-002', value: 5, detail: 'error', filter: { kind: 'rule', rule: 'LOC-002' } },
      { label: 'LOC-001', value: 2, detail: 'error', filter: { kind: 'rule', rule: 'LOC-001' } },
      { label: 'PRI-001', value: 9, detail: 'warning', filter: { kind: 'rule', rule: 'PRI-001' } },
    ]);
  });
});

describe('urlsPerFolder', () => {
  const locs = [
    'https://a.com/blog/1',
    'https://b.com/blog/2',
    'https://a.com/blog',
    'https://a.com/shop/x',
    'https://a.com/shop/y',
    'https://a.com/',
    'https://a.com/about',
    'nope',
  ];
  const entries = locs.map((loc, id) => ({ id, loc }));

  it('counts first segments across hosts, top N plus other', () => {
    const chart = urlsPerFolder(entries, 2);
    expect(chart.buckets).toEqual([
      { label: '/blog', value: 3, filter: { kind: 'folder', segment: 'blog' } },
      { label: '/shop', value: 2, filter: { kind: 'folder', segment: 'shop' } },
      { label: 'Other (3 folders)', value: 3, filter: { kind: 'folderOther', exclude: ['blog', 'shop'] } },
    ]);
    expect(entries.filter(bucketMatcher(chart.buckets[2].filter!)).map((x) => x.id)).toEqual([5, 6, 7]);
    expect(urlsPerFolder(entries).buckets.map((b) => b.label)).toEqual([
      '/blog',
      '/shop',
      '(not a URL)',
      '/',
      '/about',
    ]);
  });
});

describe('fileSizes', () => {
  it('reports each file against both limits', () => {
    const [a, b] = fileSizes([
      { name: 'sitemap-1.xml', bytes: 26_214_400, urls: 50_000 },
      { name: 'sitemap-2.xml', bytes: 60_000_000, urls: 10 },
    ]).buckets;
    expect(a).toMatchObject({
      label: 'sitemap-1.xml',
      value: 26_214_400,
      bytesShare: 0.5,
      urlsShare: 1,
      over: false,
    });
    expect(b).toMatchObject({ over: true, urls: 10, filter: null });
  });
});

describe('matchesBucket', () => {
  it('matches the entries behind each kind of bar', () => {
    const x = e(1, { lastmod: '2024-06-30T23:59:59-05:00', changefreq: 'daily' });
    expect(matchesBucket(x, { kind: 'lastmod', from: '2024-06', to: '2024-07' })).toBe(true);
    expect(matchesBucket(x, { kind: 'lastmod', from: '2024-07', to: '2024-08' })).toBe(false);
    expect(matchesBucket(x, { kind: 'lastmod', from: '2024', to: '2025' })).toBe(true);
    expect(matchesBucket(x, { kind: 'lastmodMissing' })).toBe(false);
    expect(matchesBucket(e(2, { lastmod: '30/06/2024' }), { kind: 'lastmodInvalid' })).toBe(true);
    expect(matchesBucket(x, { kind: 'changefreq', value: 'daily' })).toBe(true);
    expect(matchesBucket(x, { kind: 'priority', value: null })).toBe(true);
    expect(matchesBucket(x, { kind: 'folder', segment: 'p1' })).toBe(true);
    expect(matchesBucket(x, { kind: 'rule', rule: 'LOC-001' })).toBe(false);
    expect(
      matchesBucket(
        x,
        { kind: 'rule', rule: 'LOC-001' },
        { hasRule: (id, r) => id === 1 && r === 'LOC-001' },
      ),
    ).toBe(true);
  });
});
