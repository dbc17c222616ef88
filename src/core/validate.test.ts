import { describe, expect, it } from 'vitest';
import type { Entry, Issue, SitemapDocument } from './model.ts';
import { entryPatch } from './patch.ts';
import { issueLine } from './testing/issues.ts';
import { Validator, validateDocument } from './validate.ts';

const NOW = Date.UTC(2026, 10, 21);
const S = { now: NOW };
const doc = (entries: Entry[], kind: SitemapDocument['kind'] = 'urlset'): SitemapDocument => ({
  kind,
  entries,
  nextId: 1000,
});
const key = issueLine;
const sorted = (list: readonly Issue[]) => list.map(key).sort();

describe('validateDocument: document-level rules', () => {
  it('XML-007 empty document', () => {
    expect(validateDocument(doc([]), S).map((i) => i.rule)).toEqual(['XML-007']);
  });
  it('SIZE-001 / SIZE-005 by URL count', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: i, loc: `https://www.example.com/p${i}` }));
    expect(
      validateDocument(doc(many(50_001)), S)
        .filter((i) => i.entry === undefined)
        .map((i) => i.rule),
    ).toEqual(['SIZE-001']);
    expect(
      validateDocument(doc(many(45_001)), S)
        .filter((i) => i.entry === undefined)
        .map((i) => i.rule),
    ).toEqual(['SIZE-005']);
    expect(validateDocument(doc(many(100)), S)).toEqual([]);
  });
  it('SIZE-002 counts UTF-8 bytes of the export, not string length', () => {
    const big = 'é'.repeat(2000);
    const entries = Array.from({ length: 14_000 }, (_, i) => ({
      id: i,
      loc: `https://www.example.com/p${i}`,
      videos: [{ nodes: [{ name: 'description', text: big }] }],
    }));
    const issues = validateDocument(doc(entries), S);
    expect(issues.some((i) => i.rule === 'SIZE-002')).toBe(true);
  });
  it('LASTMOD-007 needs 20+ entries and 90 % on one day; LASTMOD-010 once for date-only files', () => {
    const mk = (n: number, same: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: i,
        loc: `https://www.example.com/p${i}`,
        lastmod: i < same ? '2024-06-24' : `2024-01-${String((i % 27) + 1).padStart(2, '0')}`,
      }));
    const rules = (e: Entry[]) => validateDocument(doc(e), S).map((i) => i.rule);
    expect(rules(mk(20, 18))).toEqual(['LASTMOD-007', 'LASTMOD-010']);
    expect(rules(mk(20, 17))).toEqual(['LASTMOD-010']);
    expect(rules(mk(19, 19))).toEqual(['LASTMOD-010']);
  });
  it('CF-002, PRIO-002, PRIO-003 once per file', () => {
    const e = [0, 1, 2].map((i) => ({
      id: i,
      loc: `https://www.example.com/${i}`,
      changefreq: 'daily',
      priority: '0.5',
    }));
    expect(
      validateDocument(doc(e), S)
        .map((i) => i.rule)
        .sort(),
    ).toEqual(['CF-002', 'PRIO-002', 'PRIO-003']);
    e[1].priority = '0.8';
    expect(
      validateDocument(doc(e), S)
        .map((i) => i.rule)
        .sort(),
    ).toEqual(['CF-002', 'PRIO-003']);
  });
});

describe('duplicates and versions', () => {
  const rules = (locs: string[], kind?: SitemapDocument['kind']) =>
    validateDocument(
      doc(
        locs.map((loc, id) => ({ id, loc, line: id + 2 })),
        kind,
      ),
      S,
    ).map((i) => `${i.entry}:${i.rule}`);
  it('LOC-006 exact duplicates flag the later entry only', () => {
    expect(
      rules(['https://www.example.com/a', 'https://www.example.com/b', 'https://www.example.com/a']),
    ).toEqual(['2:LOC-006']);
    expect(rules(['https://www.example.com/a', 'https://www.example.com/b'])).toEqual([]);
  });
  it('normalised duplicates say what differs', () => {
    const issues = validateDocument(
      doc([
        { id: 0, loc: 'https://www.example.com/a', line: 12 },
        { id: 1, loc: 'https://www.example.com/a/' },
      ]),
      S,
    );
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toContain('differs only by a trailing slash from the entry on line 12');
    expect(rules(['https://www.example.com/a', 'HTTPS://WWW.EXAMPLE.COM/a'])).toEqual(['1:LOC-006']);
    expect(rules(['https://www.example.com/a', 'https://www.example.com:443/a'])).toEqual(['1:LOC-006']);
  });
  it('LOC-011 path-case variants, LOC-007 http/https and www/apex', () => {
    expect(rules(['https://www.example.com/Docs', 'https://www.example.com/docs'])).toEqual(['1:LOC-011']);
    expect(rules(['https://www.example.com/a', 'http://www.example.com/a'])).toEqual([
      '0:LOC-007',
      '1:HOST-002',
      '1:LOC-007',
    ]);
    expect(
      rules(['https://www.example.com/a', 'https://example.com/a', 'https://www.example.com/b']),
    ).toEqual(['0:LOC-007', '1:HOST-001', '1:LOC-007']);
  });
  it('IDX-007 duplicates and self-reference in an index', () => {
    expect(
      rules(['https://www.example.com/s1.xml', 'https://www.example.com/s1.xml'], 'sitemapindex'),
    ).toEqual(['1:IDX-007']);
    const self = validateDocument(
      doc([{ id: 0, loc: 'https://www.example.com/sitemap.xml' }], 'sitemapindex'),
      { now: NOW, publishUrl: 'https://www.example.com/sitemap.xml' },
    );
    expect(self.map((i) => `${i.rule}:${i.severity}`)).toEqual(['IDX-007:error']);
  });
});

describe('HOST and IDX scope', () => {
  const run = (
    locs: string[],
    publishUrl?: string,
    crossSubmission?: boolean,
    kind?: SitemapDocument['kind'],
  ) =>
    validateDocument(
      doc(
        locs.map((loc, id) => ({ id, loc })),
        kind,
      ),
      { now: NOW, publishUrl, crossSubmission },
    ).map((i) => `${i.entry ?? '-'}:${i.rule}:${i.severity}`);
  const pub = 'https://www.example.com/sitemap.xml';
  it('HOST-001..004 against the publish URL', () => {
    expect(run(['https://shop.example.com/item/1'], pub)).toEqual(['0:HOST-001:error']);
    expect(run(['https://shop.example.com/item/1'], pub, true)).toEqual(['0:HOST-001:warning']);
    expect(run(['http://www.example.com/a'], pub)).toEqual(['0:HOST-002:error']);
    expect(run(['https://www.example.com:8443/a'], pub)).toEqual(['0:HOST-003:error']);
    expect(
      run(['https://www.example.com/news/today'], 'https://www.example.com/catalog/sitemap.xml'),
    ).toEqual(['-:HOST-005:info', '0:HOST-004:warning']);
    expect(run(['https://www.example.com/a'], pub)).toEqual([]);
  });
  it('infers the most common origin when no publish URL is set', () => {
    const issues = validateDocument(
      doc(
        ['https://b.example/1', 'https://a.example/1', 'https://a.example/2'].map((loc, id) => ({ id, loc })),
      ),
      S,
    );
    expect(issues.map((i) => `${i.entry}:${i.rule}`)).toEqual(['0:HOST-001']);
    expect(issues[0].message).toContain('https://a.example (the most common origin');
  });
  it('IDX-004 / IDX-005 for index children', () => {
    expect(
      run(
        ['http://www.example.com/s1.xml'],
        'https://www.example.com/sitemap_index.xml',
        false,
        'sitemapindex',
      ),
    ).toEqual(['0:IDX-004:error']);
    expect(
      run(
        ['https://www.example.com/other/s1.xml'],
        'https://www.example.com/public/sitemap_index.xml',
        false,
        'sitemapindex',
      ),
    ).toEqual(['-:HOST-005:info', '0:IDX-005:warning']);
  });
});

describe('Validator (incremental)', () => {
  const base = (): Entry[] => [
    {
      id: 0,
      loc: 'https://www.example.com/en/',
      line: 3,
      alternates: [
        { rel: 'alternate', hreflang: 'en', href: 'https://www.example.com/en/' },
        { rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/' },
      ],
    },
    {
      id: 1,
      loc: 'https://www.example.com/de/',
      line: 9,
      alternates: [
        { rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/' },
        { rel: 'alternate', hreflang: 'en', href: 'https://www.example.com/en/' },
      ],
    },
    { id: 2, loc: 'https://www.example.com/a', lastmod: '2024-06-24', changefreq: 'daily' },
    { id: 3, loc: 'https://www.example.com/b', priority: '0.5' },
  ];

  it('matches a full validation after every kind of edit', () => {
    const v = new Validator(S);
    let entries = base();
    v.load(doc(entries));
    expect(sorted(v.all())).toEqual(sorted(validateDocument(doc(entries), S)));
    const edits: Array<(list: Entry[]) => { list: Entry[]; change: Parameters<Validator['apply']>[0] }> = [
      (l) => {
        const after = { ...l[1], alternates: [l[1].alternates![0]] };
        return {
          list: l.map((e) => (e.id === 1 ? after : e)),
          change: entryPatch({ updated: [[l[1], after]] }),
        };
      },
      (l) => {
        const after = { ...l[3], loc: 'https://www.example.com/a' };
        return {
          list: l.map((e) => (e.id === 3 ? after : e)),
          change: entryPatch({ updated: [[l[3], after]] }),
        };
      },
      (l) => {
        const added = { id: 10, loc: 'http://other.example/x', lastmod: '2023-02-29' };
        return { list: [...l, added], change: entryPatch({ added: [added] }) };
      },
      (l) => ({
        list: l.filter((e) => e.id !== 2),
        change: entryPatch({ removed: [l.find((e) => e.id === 2)!] }),
      }),
      (l) => {
        const after = { ...l[0], loc: 'https://www.example.com/en' };
        return {
          list: l.map((e) => (e.id === 0 ? after : e)),
          change: entryPatch({ updated: [[l[0], after]] }),
        };
      },
    ];
    for (const edit of edits) {
      const r = edit(entries);
      entries = r.list;
      const before = v.version;
      v.apply(r.change);
      expect(v.version).toBe(before + 1);
      expect(sorted(v.all())).toEqual(sorted(validateDocument(doc(entries), S)));
    }
    const c = v.counts();
    expect(c.error + c.warning + c.info).toBe(v.all().length);
  });

  it('keeps parse issues until their field is edited, drops them with the entry', () => {
    const v = new Validator(S);
    const entries = base();
    const parseIssue: Issue = {
      rule: 'XML-005',
      severity: 'error',
      message: 'two lastmod',
      entry: 2,
      field: 'lastmod',
    };
    const other: Issue = { rule: 'ENC-010', severity: 'error', message: 'case', entry: 2, field: 'loc' };
    v.load(doc(entries), [parseIssue, other, { rule: 'XML-014', severity: 'info', message: 'pi' }]);
    expect(v.issuesOf(2)).toContain(parseIssue);
    expect(v.documentIssues().map((i) => i.rule)).toContain('XML-014');
    v.apply(entryPatch({ updated: [[entries[2], { ...entries[2], lastmod: '2024-06-25' }]] }));
    expect(v.issuesOf(2)).not.toContain(parseIssue);
    expect(v.issuesOf(2)).toContain(other);
    v.apply(entryPatch({ removed: [entries[2]] }));
    expect(v.issuesOf(2)).toEqual([]);
    expect(v.counts().byRule.has('ENC-010')).toBe(false);
  });

  it('answers per-entry queries', () => {
    const v = new Validator(S);
    v.load(
      doc([
        { id: 0, loc: '/rel' },
        { id: 1, loc: 'https://www.example.com/x', changefreq: 'Daily' },
        { id: 2, loc: 'https://www.example.com/' },
      ]),
    );
    expect(v.worstSeverity(0)).toBe('error');
    expect(v.worstSeverity(2)).toBeUndefined();
    expect(v.entriesWithRule('CF-001')).toEqual([1]);
    expect(v.counts().byRule.get('LOC-001')).toEqual({ severity: 'error', count: 1 });
  });

  it('setSettings revalidates scope rules', () => {
    const v = new Validator(S);
    v.load(doc([{ id: 0, loc: 'https://shop.example.com/1' }]));
    expect(v.all()).toEqual([]);
    v.setSettings({ now: NOW, publishUrl: 'https://www.example.com/sitemap.xml' });
    expect(v.all().map((i) => i.rule)).toEqual(['HOST-001']);
  });
});

describe('TXT-004 file name of an imported text sitemap', () => {
  it('warns when a text sitemap is not named .txt', () => {
    const text = (fileName: string): SitemapDocument => ({
      kind: 'text',
      entries: [{ id: 0, loc: 'https://www.example.com/a' }],
      nextId: 1,
      source: { fileName, bytes: 26, decodedBytes: 26, gzip: false, encoding: 'utf-8' },
    });
    expect(validateDocument(text('sitemap.list'), S).map((i) => i.rule)).toEqual(['TXT-004']);
    expect(validateDocument(text('urls.txt.gz'), S)).toEqual([]);
  });
});

describe('IDX-006 and NEWS-012 heuristics', () => {
  it('IDX-006: a child named like an index is reported as info', () => {
    const idx = (loc: string): SitemapDocument => ({
      kind: 'sitemapindex',
      entries: [{ id: 0, loc }],
      nextId: 1,
    });
    expect(
      validateDocument(idx('https://www.example.com/sitemap_index_2.xml'), S).map(
        (i) => `${i.rule}:${i.severity}`,
      ),
    ).toEqual(['IDX-006:info']);
    expect(validateDocument(idx('https://www.example.com/sitemap-posts.xml'), S)).toEqual([]);
  });
  it('NEWS-012: a dated news sitemap file name', () => {
    const news = {
      nodes: [
        {
          name: 'publication',
          text: '',
          children: [
            { name: 'name', text: 'X' },
            { name: 'language', text: 'en' },
          ],
        },
        { name: 'publication_date', text: '2026-11-20T23:00:00Z' },
        { name: 'title', text: 'T' },
      ],
    };
    const doc = (fileName: string): SitemapDocument => ({
      kind: 'urlset',
      entries: [{ id: 0, loc: 'https://www.example.com/a', news: [news] }],
      nextId: 1,
      source: { fileName, bytes: 1, decodedBytes: 1, gzip: false, encoding: 'utf-8' },
    });
    expect(validateDocument(doc('news-2024-06-24-0930.xml'), S).map((i) => i.rule)).toEqual(['NEWS-012']);
    expect(validateDocument(doc('news-sitemap.xml'), S)).toEqual([]);
  });
});

describe('Validator.loadSteps and adopt (load spread over several tasks)', () => {
  const entries = (): Entry[] => [
    { id: 0, loc: 'https://www.example.com/a', lastmod: 'yesterday' },
    { id: 1, loc: 'http://www.example.com/a' },
    { id: 2, loc: 'https://www.example.com/a' },
    {
      id: 3,
      loc: 'https://www.example.com/en/',
      alternates: [{ rel: 'alternate', hreflang: 'en-UK', href: 'https://www.example.com/de/' }],
    },
    { id: 4, loc: 'https://other.example.org/x', priority: '2' },
  ];
  const parseIssue: Issue = { rule: 'XML-004', severity: 'error', message: 'parse', entry: 4, field: 'loc' };

  it('yields progress in chunks and ends in the same state as load; adopt takes it over as one change', () => {
    const direct = new Validator(S);
    direct.load(doc(entries()), [parseIssue]);
    const fresh = new Validator(S);
    const progress = [...fresh.loadSteps(doc(entries()), [parseIssue], 2)];
    // 5 entries counted (units 1–5, one step: fewer than COUNT_STEP), then inserted, then
    // grouped: a yield every 2 units of 3 × 5.
    expect(progress).toEqual([6, 8, 10, 12, 14]);
    const target = new Validator(S);
    target.load(doc([{ id: 9, loc: 'https://www.example.com/old' }]));
    const before = target.version;
    target.adopt(fresh);
    expect(target.version).toBe(before + 1);
    expect(sorted(target.all())).toEqual(sorted(direct.all()));
    expect(target.counts()).toEqual(direct.counts());
    expect(target.issuesOf(9)).toEqual([]);
    const change = entryPatch({
      updated: [[entries()[0], { ...entries()[0], loc: 'https://www.example.com/z' }]],
    });
    target.apply(change);
    direct.apply(change);
    expect(sorted(target.all())).toEqual(sorted(direct.all()));
  });
});
