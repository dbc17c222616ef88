import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../model.ts';
import { DocCounters, documentIssues, Histogram } from './documentRules.ts';
import type { Reference } from './host.ts';

const doc = (kind: SitemapDocument['kind'] = 'urlset', fileName = 'sitemap.xml'): SitemapDocument => ({
  kind,
  entries: [],
  nextId: 0,
  source: { fileName, bytes: 1, decodedBytes: 1, gzip: false, encoding: 'utf-8' },
});

/** Counters of `entries` plain entries, then `set` applied. */
function counters(entries: number, set: (c: DocCounters) => void = () => {}): DocCounters {
  const c = new DocCounters();
  c.entries = entries;
  c.bytes = entries * 80;
  set(c);
  return c;
}

const rulesOf = (d: SitemapDocument, c: DocCounters, ref: Reference | null = null) =>
  documentIssues(d, c, ref).map((i) => i.rule);

describe('documentIssues', () => {
  it('has nothing to say about a small, plain urlset', () => {
    expect(rulesOf(doc(), counters(3))).toEqual([]);
  });

  it('NEWS-004: more than 1,000 news entries in one file is an error; 1,000 is fine', () => {
    const over = documentIssues(
      doc(),
      counters(1001, (c) => {
        c.news = 1001;
      }),
      null,
    );
    expect(over.find((i) => i.rule === 'NEWS-004')).toMatchObject({ severity: 'error' });
    expect(over.find((i) => i.rule === 'NEWS-004')?.message).toContain('1001 news entries');
    expect(
      rulesOf(
        doc(),
        counters(1000, (c) => {
          c.news = 1000;
        }),
      ),
    ).not.toContain('NEWS-004');
  });

  it('NEWS-008: several publication names in one file', () => {
    const c = counters(2);
    c.newsNames.add('Daily', 1);
    expect(rulesOf(doc(), c)).not.toContain('NEWS-008');
    c.newsNames.add('Weekly', 1);
    expect(rulesOf(doc(), c)).toContain('NEWS-008');
  });

  it('IMG-005 (info) counts images on another host; HREF-009 entries without x-default', () => {
    const c = counters(4, (k) => {
      k.offHostImages = 3;
      k.noXDefault = 2;
    });
    const issues = documentIssues(doc(), c, null);
    expect(issues.find((i) => i.rule === 'IMG-005')).toMatchObject({ severity: 'info' });
    expect(issues.find((i) => i.rule === 'IMG-005')?.message).toMatch(/^3 images/);
    expect(issues.find((i) => i.rule === 'HREF-009')?.message).toMatch(/^2 entries/);
    // One is "1 entry … has", not "1 entries … have" (core/format.ts plural).
    const one = documentIssues(
      doc(),
      counters(4, (k) => {
        k.noXDefault = 1;
        k.offHostImages = 1;
      }),
      null,
    );
    expect(one.find((i) => i.rule === 'HREF-009')?.message).toMatch(
      /^1 entry with hreflang links has no x-default;/,
    );
    expect(one.find((i) => i.rule === 'IMG-005')?.message).toMatch(/^1 image is on another host/);
    expect(rulesOf(doc(), counters(4))).not.toContain('IMG-005');
  });

  it('CF-002 / PRIO-003 note ignored fields; PRIO-002 flags one priority on every entry', () => {
    const c = counters(3, (k) => {
      k.changefreq = 1;
      k.priority = 3;
    });
    for (let i = 0; i < 3; i++) c.priorities.add('0.5', 1);
    expect(rulesOf(doc(), c)).toEqual(['CF-002', 'PRIO-003', 'PRIO-002']);
    // One entry is "1 entry has", not "1 entries have".
    const issues = documentIssues(doc(), c, null);
    expect(issues.find((i) => i.rule === 'CF-002')?.message).toMatch(/^1 entry has changefreq,/);
    expect(issues.find((i) => i.rule === 'PRIO-003')?.message).toMatch(/^3 entries have priority,/);
    c.priorities.add('0.5', -1);
    c.priorities.add('0.8', 1);
    expect(rulesOf(doc(), c)).not.toContain('PRIO-002');
  });

  it('LASTMOD-007: 90 % of 20+ entries on one day; LASTMOD-010: dates only', () => {
    const c = counters(20, (k) => {
      k.dated = 20;
      k.dateOnly = 20;
    });
    for (let i = 0; i < 18; i++) c.days.add(7, 1);
    c.days.add(8, 1);
    c.days.add(9, 1);
    expect(rulesOf(doc(), c)).toEqual(['LASTMOD-007', 'LASTMOD-010']);
    c.days.add(7, -1);
    c.days.add(10, 1);
    c.dateOnly = 19;
    expect(rulesOf(doc(), c)).toEqual([]);
  });

  it('LASTMOD-007 never rounds to 100 % when some entries differ; says "all" when all share it; counts grouped as everywhere', () => {
    const message = (entries: number, same: number) => {
      const c = counters(entries);
      c.days.add(7, same);
      for (let i = same; i < entries; i++) c.days.add(100 + i, 1);
      return documentIssues(doc(), c, null).find((i) => i.rule === 'LASTMOD-007')?.message ?? '';
    };
    expect(message(1044, 1041)).toMatch(/^99\.7% of entries \(1,041 of 1,044\) share/);
    expect(message(100_000, 99_999)).toMatch(/^99\.9% of entries/);
    expect(message(20, 18)).toMatch(/^90% of entries \(18 of 20\) share/);
    expect(message(1044, 1044)).toMatch(/^All 1,044 entries share the lastmod date/);
  });

  it('skips the urlset-only rules for a sitemap index', () => {
    const c = counters(3, (k) => {
      k.changefreq = 3;
    });
    expect(rulesOf(doc('sitemapindex'), c)).toEqual([]);
  });

  it('NEWS-012: a dated news file name; TXT-004: a text sitemap not named .txt', () => {
    const news = counters(1, (k) => {
      k.news = 1;
    });
    expect(rulesOf(doc('urlset', 'news-2024-06-01.xml'), news)).toContain('NEWS-012');
    expect(rulesOf(doc('urlset', 'news.xml'), news)).not.toContain('NEWS-012');
    expect(rulesOf(doc('text', 'urls.csv'), counters(1))).toEqual(['TXT-004']);
    expect(rulesOf(doc('text', 'urls.txt.gz'), counters(1))).toEqual([]);
  });

  it('HOST-005: a publish URL outside the site root', () => {
    const ref = (dir: string): Reference =>
      ({
        scheme: 'https',
        host: 'a.example',
        port: '443',
        dir,
        url: `https://a.example${dir}s.xml`,
      }) as Reference;
    expect(rulesOf(doc(), counters(1), ref('/blog/'))).toEqual(['HOST-005']);
    expect(rulesOf(doc(), counters(1), ref('/'))).toEqual([]);
  });
});

describe('Histogram', () => {
  it('keeps the leader through adds and removes; ties go to the smaller key', () => {
    const h = new Histogram<string>();
    h.add('b', 1);
    h.add('a', 1);
    expect(h.leader()).toEqual({ key: 'a', count: 1 });
    h.add('b', 1);
    expect(h.leader()).toEqual({ key: 'b', count: 2 });
    h.add('b', -1);
    h.add('b', -1);
    expect(h.leader()).toEqual({ key: 'a', count: 1 });
    expect(h.counts.has('b')).toBe(false);
  });
});
