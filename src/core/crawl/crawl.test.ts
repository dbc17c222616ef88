import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixAll, getFix } from '../fixes.ts';
import type { Entry, Issue, SitemapDocument } from '../model.ts';
import { entryPatch } from '../patch.ts';
import { Validator } from '../validate.ts';
import { decodeCsvBytes, detectCrawlCsv } from './detect.ts';
import { crawlFix, crawlFixSteps, missingPages } from './fixes.ts';
import { CrawlJoin, statusText } from './join.ts';
import { isNormalCrawlUrl, normaliseCrawlUrl } from './normalise.ts';
import { crawlNotes } from './notes.ts';
import { csvHead, parseCrawlCsv } from './reader.ts';
import { scanCsv } from './scan.ts';
import { utf8 } from './strings.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../__fixtures__/crawl/${name}`, import.meta.url)));

function crawlOf(name: string) {
  const { text } = decodeCsvBytes(fixture(name));
  const head = csvHead(text);
  const found = detectCrawlCsv(head.headers);
  if (!found) throw new Error(`${name} not detected`);
  return parseCrawlCsv(text, found.mapping, { fileName: name, format: found.format, ...head });
}

const SF = () => crawlOf('sf-internal-all.csv');

function docOf(...locs: string[]): SitemapDocument {
  return { kind: 'urlset', entries: locs.map((loc, id) => ({ id, loc })), nextId: locs.length };
}

/** A validator over `locs` with the Screaming Frog fixture attached. */
function audited(...locs: string[]) {
  const v = new Validator({ now: Date.UTC(2026, 10, 26) });
  const doc = docOf(...locs);
  v.load(doc);
  const join = new CrawlJoin(SF(), v.crawlScope());
  v.setCrawl(join);
  return { v, doc, join };
}

const crawlRules = (issues: readonly Issue[]) =>
  issues.filter((i) => i.rule.startsWith('CRAWL-')).map((i) => i.rule);

describe('header detection', () => {
  it('recognises a Screaming Frog Internal: All export', () => {
    const { text } = decodeCsvBytes(fixture('sf-internal-all.csv'));
    const d = detectCrawlCsv(csvHead(text).headers);
    expect(d?.format).toBe('screaming-frog');
    expect(d?.mapping).toMatchObject({ url: 0, contentType: 1, status: 2, statusText: 3, indexability: 4 });
    expect(d?.mapping).toMatchObject({ metaRobots: 7, xRobots: 8, canonical: 9, redirect: 10, lastmod: 11 });
  });
  it('recognises a Screaming Frog response-codes export', () => {
    const { text } = decodeCsvBytes(fixture('sf-response-codes.csv'));
    expect(detectCrawlCsv(csvHead(text).headers)).toMatchObject({
      format: 'screaming-frog',
      mapping: { url: 0, status: 2, redirect: 8 },
    });
  });
  it('recognises a Search Console Pages export and treats its pages as indexed', () => {
    const t = crawlOf('gsc-pages.csv');
    expect(t.format).toBe('search-console');
    const j = new CrawlJoin(t);
    expect(t.rows).toBe(2);
    expect(j.indexable(0)).toBe(true);
  });
  it('recognises generic CSVs: semicolons, UTF-16 with tabs, a BOM', () => {
    const semi = crawlOf('generic-semicolon.csv');
    expect(semi.format).toBe('generic');
    expect([...semi.status]).toEqual([200, 410]);
    const utf16 = crawlOf('generic-utf16.tsv');
    expect(decodeCsvBytes(fixture('generic-utf16.tsv')).encoding).toBe('utf-16le');
    expect(utf16.rows).toBe(2);
    expect(new CrawlJoin(utf16).indexable(1)).toBe(false);
    const bom = crawlOf('generic-bom.csv');
    expect(new CrawlJoin(bom).redirect(0)).toBe('https://www.example.com/new');
  });
  it('does not take a URL list without crawl columns for crawl data', () => {
    const { text } = decodeCsvBytes(fixture('not-crawl.csv'));
    expect(detectCrawlCsv(csvHead(text).headers)).toBeNull();
    expect(detectCrawlCsv(['Status', 'Title'])).toBeNull();
  });
  it("does not take the app's own CSV export (loc, lastmod, changefreq, priority) for crawl data", () => {
    // A lastmod is what a sitemap says, not what a crawler saw: no crawl signal.
    const { text } = decodeCsvBytes(fixture('app-export.csv'));
    expect(detectCrawlCsv(csvHead(text).headers)).toBeNull();
    expect(detectCrawlCsv(['URL', 'Last modified'])).toBeNull();
    expect(detectCrawlCsv(['Address', 'Last Modified', 'Status Code'])?.format).toBe('screaming-frog');
  });
  it('recognises a Search Console page-indexing list (URL, Last crawled): crawled, status unknown', () => {
    const t = crawlOf('gsc-indexing.csv');
    expect(t.format).toBe('search-console-indexing');
    expect(t.rows).toBe(2);
    expect([...t.status]).toEqual([-1, -1]);
    const j = new CrawlJoin(t);
    expect(j.indexable(0)).toBe(false);
    expect(statusText(j, 0)).toBe('crawled, status unknown');
  });
  it("maps a Search Console page-indexing reason (the Issue column) to the crawl's facts", () => {
    const csv = [
      'URL,Last crawled,Issue',
      'https://www.example.com/a,2024-03-20,Excluded by ‘noindex’ tag',
      'https://www.example.com/b,2024-03-20,Not found (404)',
      'https://www.example.com/c,2024-03-20,Page with redirect',
      'https://www.example.com/d,2024-03-20,Blocked by robots.txt',
      'https://www.example.com/e,2024-03-20,Alternate page with proper canonical tag',
      'https://www.example.com/f,2024-03-20,Crawled - currently not indexed',
      'https://www.example.com/g,2024-03-20,Server error (5xx)',
      'https://www.example.com/h,2024-03-20,Submitted and indexed',
    ].join('\n');
    const head = csvHead(csv);
    const found = detectCrawlCsv(head.headers);
    expect(found?.format).toBe('search-console-indexing');
    const t = parseCrawlCsv(csv, found?.mapping ?? {}, {
      fileName: 'Table.csv',
      format: 'search-console-indexing',
      ...head,
    });
    const j = new CrawlJoin(t);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((r) => j.category(r))).toEqual([
      'noindex',
      'error',
      'redirect',
      'blocked',
      'canonicalised',
      'ok',
      'error',
      'ok',
    ]);
    expect(j.indexable(5)).toBe(false);
    expect(j.indexable(7)).toBe(true);
    const v = new Validator({ now: Date.UTC(2026, 10, 26) });
    v.load(
      docOf(...'abcdefgh'.split('').map((c) => `https://www.example.com/${c}`), 'https://www.example.com/z'),
    );
    v.setCrawl(new CrawlJoin(t, v.crawlScope()));
    // The list holds only the pages of its issues: a URL not in it is not an orphan (no CRAWL-007).
    expect(crawlRules(v.all()).sort()).toEqual([
      'CRAWL-001',
      'CRAWL-001',
      'CRAWL-002',
      'CRAWL-003',
      'CRAWL-004',
      'CRAWL-005',
    ]);
  });
  it('keeps quoted fields with newlines and stores only the used columns', () => {
    const t = SF();
    expect(t.rows).toBe(11);
    const j = new CrawlJoin(t);
    expect(j.url(10)).toBe('https://www.example.com/about');
    expect(new TextDecoder().decode(t.bytes)).not.toContain('Article');
  });
});

describe('join normalisation', () => {
  it.each([
    ['HTTPS://WWW.Example.com/a', 'https://www.example.com/a'],
    ['https://www.example.com:443/a', 'https://www.example.com/a'],
    ['http://www.example.com:80/', 'http://www.example.com'],
    ['https://www.example.com/%7Eteam', 'https://www.example.com/~team'],
    ['https://www.example.com/a/', 'https://www.example.com/a'],
    ['https://www.example.com/a%2fb', 'https://www.example.com/a%2Fb'],
  ])('%s normalises to %s', (input, out) => expect(normaliseCrawlUrl(input)).toBe(out));
  it.each([
    ['https://www.example.com/a', true],
    ['https://www.example.com/a?b=/', true],
    ['https://www.example.com/a/', false],
    ['https://www.example.com/', false],
    ['https://WWW.example.com/a', false],
    ['https://www.example.com:8443/a', false],
    ['https://www.example.com/%7E', false],
  ])('isNormalCrawlUrl(%s) is %s, and true only when normalising changes nothing', (url, normal) => {
    // False only sends the URL down the slow path; true must mean "unchanged".
    expect(isNormalCrawlUrl(utf8(url), 0, utf8(url).length)).toBe(normal);
    if (normal) expect(normaliseCrawlUrl(url)).toBe(url);
  });
  it('keeps path case and the query', () => {
    expect(normaliseCrawlUrl('https://a.example/A?b=/')).toBe('https://a.example/A?b=/');
  });
  it('matches exactly first, after normalisation second', () => {
    const j = new CrawlJoin(SF());
    expect(j.match('https://www.example.com/new')).toEqual({ row: 2, exact: true });
    expect(j.match('https://WWW.example.com/%7Eteam/')).toEqual({ row: 8, exact: false });
    expect(j.match('https://www.example.com/nowhere')).toBeNull();
  });
});

describe('CRAWL rules', () => {
  const cases: Array<[string, string, string]> = [
    ['CRAWL-001', 'https://www.example.com/gone', 'crawlStatus'],
    ['CRAWL-002', 'https://www.example.com/old', 'crawlRedirect'],
    ['CRAWL-003', 'https://www.example.com/private', 'crawlIndexability'],
    ['CRAWL-004', 'https://www.example.com/print?id=1', 'crawlCanonical'],
    ['CRAWL-005', 'https://www.example.com/admin', 'crawlStatus'],
    ['CRAWL-007', 'https://www.example.com/orphan', 'crawlStatus'],
    ['CRAWL-008', 'https://www.example.com/%7Eteam', 'loc'],
  ];
  it.each(cases)('%s fails on %s at its cell', (rule, loc, field) => {
    const { v } = audited('https://www.example.com/', loc);
    expect(crawlRules(v.issuesOf(1))).toEqual([rule]);
    expect(v.issuesOf(1).find((i) => i.rule === rule)?.field).toBe(field);
  });
  it('passes a 200 indexable URL listed exactly', () => {
    const { v } = audited('https://www.example.com/', 'https://www.example.com/new');
    expect(crawlRules(v.issuesOf(0))).toEqual([]);
    expect(crawlRules(v.issuesOf(1))).toEqual([]);
  });
  it('CRAWL-006 counts the indexable HTML pages in scope no entry lists, and follows edits', () => {
    const { v, join } = audited('https://www.example.com/', 'https://www.example.com/new');
    // article, ~team, about (logo.png is not HTML)
    expect(join.missing).toBe(3);
    expect(v.documentIssues().find((i) => i.rule === 'CRAWL-006')?.message).toMatch(/^3 indexable pages/);
    const added: Entry = { id: 2, loc: 'https://www.example.com/article' };
    v.apply(entryPatch({ added: [added] }));
    expect(join.missing).toBe(2);
    v.apply(entryPatch({ removed: [added] }));
    expect(join.missing).toBe(3);
    v.apply(
      entryPatch({
        added: [
          added,
          { id: 3, loc: 'https://www.example.com/~team' },
          { id: 4, loc: 'https://www.example.com/about' },
        ],
      }),
    );
    expect(v.documentIssues().some((i) => i.rule === 'CRAWL-006')).toBe(false);
  });
  it('an edit of a URL re-joins only that entry', () => {
    const { v } = audited('https://www.example.com/gone');
    v.apply(
      entryPatch({
        updated: [
          [
            { id: 0, loc: 'https://www.example.com/gone' },
            { id: 0, loc: 'https://www.example.com/new' },
          ],
        ],
      }),
    );
    expect(crawlRules(v.issuesOf(0))).toEqual([]);
    expect(v.crawlRowOf(0)).toBe(2);
  });
  it('removing the crawl removes every CRAWL issue', () => {
    const { v } = audited('https://www.example.com/gone');
    v.setCrawl(null);
    expect(crawlRules(v.all())).toEqual([]);
  });
  it('gives the <sitemap> rows of an index no CRAWL rule: they are sitemaps, not pages', () => {
    const v = new Validator({ now: 0 });
    const locs = [
      'https://www.example.com/orphan.xml',
      'https://www.example.com/old',
      'https://www.example.com/new',
    ];
    v.load({ ...docOf(...locs), kind: 'sitemapindex' });
    const join = new CrawlJoin(SF(), v.crawlScope());
    v.setCrawl(join);
    expect(crawlRules([...v.all(), ...v.documentIssues()])).toEqual([]);
    expect(v.crawlJoinsRows()).toBe(false);
    expect(v.crawlRowOf(1)).toBe(-1);
    // An index row naming a page does not list that page.
    expect(join.listedCount(join.match('https://www.example.com/new')!.row)).toBe(0);
    v.apply(entryPatch({ added: [{ id: 3, loc: 'https://www.example.com/gone.xml' }] }));
    expect(crawlRules(v.all()).filter((r) => r !== 'CRAWL-006')).toEqual([]);
    const urlset = audited('https://www.example.com/orphan.xml');
    expect(urlset.v.crawlJoinsRows()).toBe(true);
    expect(crawlRules(urlset.v.issuesOf(0))).toEqual(['CRAWL-007']);
  });
  it('leaves pages outside the sitemap scope out of CRAWL-006', () => {
    const v = new Validator({ now: 0, publishUrl: 'https://www.example.com/blog/sitemap.xml' });
    v.load(docOf('https://www.example.com/blog/a'));
    const join = new CrawlJoin(SF(), v.crawlScope());
    expect(v.crawlScope()).toBe('https://www.example.com/blog/');
    expect(join.missing).toBe(0);
  });
});

describe('CRAWL fixes', () => {
  const ctxOf = (a: ReturnType<typeof audited>) => ({ document: a.doc, settings: { now: 0 }, crawl: a.join });
  it('removes error, noindex and blocked URLs', () => {
    const a = audited(
      'https://www.example.com/gone',
      'https://www.example.com/private',
      'https://www.example.com/admin',
    );
    const ctx = ctxOf(a);
    for (const [rule, id] of [
      ['CRAWL-001', 0],
      ['CRAWL-003', 1],
      ['CRAWL-005', 2],
    ] as const)
      expect(fixAll(rule, a.v.all(), ctx)).toEqual({ remove: [id] });
  });
  it('replaces a redirect with its 200 indexable target, once', () => {
    const a = audited('https://www.example.com/old', 'https://www.example.com/old');
    const r = fixAll('CRAWL-002', a.v.all(), ctxOf(a));
    expect(r.update?.map((e) => [e.id, e.loc])).toEqual([[0, 'https://www.example.com/new']]);
  });
  it('removes a redirect whose 200 indexable target is already listed, as CRAWL-004 does', () => {
    const a = audited('https://www.example.com/old', 'https://www.example.com/new');
    const issue = a.v.issuesOf(0).find((i) => i.rule === 'CRAWL-002')!;
    expect(getFix('CRAWL-002')?.apply(issue, ctxOf(a))).toEqual({ remove: [0] });
    expect(fixAll('CRAWL-002', a.v.all(), ctxOf(a))).toEqual({ remove: [0] });
    // Two entries redirecting to the same unlisted page: the first takes it, the second goes.
    const b = audited('https://www.example.com/old', 'https://www.example.com/old');
    const both = crawlFix('CRAWL-002', b.doc.entries, b.join, (e) => b.join.match(e.loc)?.row ?? -1);
    expect(both.update?.map((e) => [e.id, e.loc])).toEqual([[0, 'https://www.example.com/new']]);
    expect(both.remove).toEqual([1]);
  });
  it('replaces a canonicalised URL with its canonical, or removes it when the canonical is listed', () => {
    const a = audited('https://www.example.com/print?id=1');
    expect(fixAll('CRAWL-004', a.v.all(), ctxOf(a)).update?.[0].loc).toBe('https://www.example.com/article');
    const b = audited('https://www.example.com/print?id=1', 'https://www.example.com/article');
    expect(fixAll('CRAWL-004', b.v.all(), ctxOf(b))).toEqual({ remove: [0] });
  });
  it('replaces in steps to the same result, the first entry claiming a target', () => {
    const a = audited(
      'https://www.example.com/old',
      'https://www.example.com/old',
      'https://www.example.com/old',
    );
    const rowOf = (e: Entry) => a.join.match(e.loc)?.row ?? -1;
    const steps = crawlFixSteps('CRAWL-002', a.doc.entries, a.join, rowOf, 1);
    let yielded = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) yielded++;
    expect(yielded).toBe(3);
    expect(r.value).toEqual(crawlFix('CRAWL-002', a.doc.entries, a.join, rowOf));
    expect(r.value.update?.map((e) => e.id)).toEqual([0]);
  });
  it('uses the crawled form for CRAWL-008', () => {
    const a = audited('https://www.example.com/%7Eteam');
    expect(fixAll('CRAWL-008', a.v.all(), ctxOf(a)).update?.[0].loc).toBe('https://www.example.com/~team');
  });
  it('lists the missing pages with the crawl lastmod in W3C form', () => {
    const a = audited('https://www.example.com/', 'https://www.example.com/new');
    expect(missingPages(a.join)).toEqual([
      { loc: 'https://www.example.com/article', lastmod: '2024-06-01' },
      { loc: 'https://www.example.com/~team' },
      { loc: 'https://www.example.com/about', lastmod: '2024-05-02T10:00:00+02:00' },
    ]);
  });
});

describe('scanCsv', () => {
  it('reads quoted fields with delimiters, escaped quotes and line breaks; CR, LF and CRLF ends', () => {
    const rows: string[][] = [];
    scanCsv('h1,h2,h3\r"a,1","say ""hi""\nthere",x\n\nb,,z\r\nc', ',', [0, 1, 2], 1, (cells) =>
      rows.push(cells.map((c) => c ?? '')),
    );
    expect(rows).toEqual([
      ['a,1', 'say "hi"\nthere', 'x'],
      ['', '', ''],
      ['b', '', 'z'],
      ['c', '', ''],
    ]);
  });
  it('keeps only the columns asked for, in their slots', () => {
    const rows: Array<Array<string | undefined>> = [];
    scanCsv('a;b;c\n1;2;3\n', ';', [-1, -1, 0], 1, (cells) => rows.push([...cells]));
    expect(rows).toEqual([['3']]);
  });
});

describe('joining in steps', () => {
  it('an entry added between steps is joined once, and the missing count ends right', () => {
    const v = new Validator({ now: 0 });
    v.load(docOf('https://www.example.com/', 'https://www.example.com/new'));
    const join = new CrawlJoin(SF(), v.crawlScope());
    const steps = v.setCrawlSteps(join, 1);
    steps.next();
    v.apply(entryPatch({ added: [{ id: 2, loc: 'https://www.example.com/article' }] }));
    while (!steps.next().done);
    expect(join.missing).toBe(2);
    expect(join.listedCount(join.match('https://www.example.com/article')!.row)).toBe(1);
  });
  it('a replaced join gives its listings back entry by entry, also for an entry removed meanwhile', () => {
    const locs = [
      'https://www.example.com/',
      'https://www.example.com/article',
      'https://www.example.com/about',
    ];
    const a = audited(...locs);
    const rowA = (loc: string) => a.join.match(loc)!.row;
    expect(locs.map((l) => a.join.listedCount(rowA(l)))).toEqual([1, 1, 1]);
    const b = new CrawlJoin(SF(), a.v.crawlScope());
    const steps = a.v.setCrawlSteps(b, 1);
    steps.next();
    // The first entry moved over; the others still list their rows in the old join, and give none
    // of them as a row of the new one meanwhile.
    expect(locs.map((l) => a.join.listedCount(rowA(l)))).toEqual([0, 1, 1]);
    expect(a.v.crawlRowOf(0)).toBe(b.match(locs[0])!.row);
    expect(a.v.crawlRowOf(2)).toBe(-1);
    a.v.apply(entryPatch({ removed: [a.doc.entries[2]] }));
    while (!steps.next().done);
    expect(locs.map((l) => a.join.listedCount(rowA(l)))).toEqual([0, 0, 0]);
    expect(locs.map((l) => b.listedCount(b.match(l)!.row))).toEqual([1, 1, 0]);
    expect(a.v.crawlRowOf(1)).toBe(b.match(locs[1])!.row);
  });
  it('taking the crawl out in steps leaves no row and no CRAWL finding', () => {
    const a = audited('https://www.example.com/gone', 'https://www.example.com/new');
    expect(crawlRules(a.v.issuesOf(0)).length).toBeGreaterThan(0);
    const steps = a.v.setCrawlSteps(null, 1);
    steps.next();
    expect(a.v.crawlRowOf(1)).toBe(-1);
    while (!steps.next().done);
    expect(crawlRules(a.v.issuesOf(0))).toEqual([]);
    expect(a.join.listedCount(a.join.match('https://www.example.com/new')!.row)).toBe(0);
  });
  it('a lazy join finds its CRAWL-006 candidates in the steps, with an edit in between', () => {
    const v = new Validator({ now: 0 });
    v.load(docOf('https://www.example.com/', 'https://www.example.com/new'));
    const join = new CrawlJoin(SF(), v.crawlScope(), true);
    expect(join.prepared).toBe(0);
    const steps = v.setCrawlSteps(join, 2);
    steps.next();
    expect(join.prepared).toBe(2);
    // Listed while the candidates are still being found: not counted as missing.
    v.apply(entryPatch({ added: [{ id: 2, loc: 'https://www.example.com/article' }] }));
    while (!steps.next().done);
    expect(join.prepared).toBe(join.table.rows);
    expect(join.missing).toBe(2);
    expect(join.missingRows().map((r) => join.url(r))).toEqual([
      'https://www.example.com/~team',
      'https://www.example.com/about',
    ]);
    expect(crawlRules(v.issuesOf(2))).toEqual([]);
  });
});

describe('several crawl rows for one URL', () => {
  const CSV = `Address,Status Code,Indexability
https://www.example.com/,200,Indexable
https://www.example.com/a,200,Indexable
https://www.example.com/a,404,Non-Indexable
https://www.example.com/b,200,Indexable
https://www.example.com/a,200,Indexable
`;
  const table = () =>
    parseCrawlCsv(
      CSV,
      { url: 0, status: 1, indexability: 2 },
      {
        fileName: 'c.csv',
        format: 'screaming-frog',
        headerRow: 1,
        delimiter: ',',
      },
    );

  it('joins the first row, counts the others once, and never calls a listed page missing', () => {
    const t = table();
    expect(t.duplicates).toBe(2);
    expect(crawlNotes(t)).toEqual([
      'c.csv: 2 crawl rows repeat the URL of an earlier row: the first row of each URL is used',
    ]);
    const v = new Validator({ now: 0 });
    v.load(docOf('https://www.example.com/', 'https://www.example.com/a'));
    const join = new CrawlJoin(t, v.crawlScope());
    v.setCrawl(join);
    // The first /a row (200, indexable) is the one joined: no CRAWL-001 from the 404 row.
    expect(join.match('https://www.example.com/a')).toEqual({ row: 1, exact: true });
    expect(crawlRules(v.issuesOf(1))).toEqual([]);
    // Only /b is missing: the later /a rows are no missing page of their own.
    expect(join.missing).toBe(1);
    expect(join.missingRows().map((r) => join.url(r))).toEqual(['https://www.example.com/b']);
  });
});
