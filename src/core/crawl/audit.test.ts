/**
 * The crawl audit claims only what its source says (a crawl vs a Search Console export), never
 * offers a #fragment URL as a missing page, and a replacement takes the target's crawl lastmod.
 */
import { describe, expect, it } from 'vitest';
import type { Issue, SitemapDocument } from '../model.ts';
import { fieldOffset } from '../parse/fieldPlace.ts';
import { CRAWL_FIELDS, missingIssue } from '../rules/crawl.ts';
import { Validator } from '../validate.ts';
import { detectCrawlCsv } from './detect.ts';
import { crawlFix, missingPages } from './fixes.ts';
import { CrawlJoin, crawlWanted } from './join.ts';
import { csvHead, parseCrawlCsv } from './reader.ts';

function crawl(text: string, fileName = 'crawl.csv') {
  const head = csvHead(text);
  const found = detectCrawlCsv(head.headers);
  if (!found) throw new Error('not detected');
  return parseCrawlCsv(text, found.mapping, { fileName, format: found.format, ...head });
}

function audit(csv: string, ...locs: string[]) {
  const doc: SitemapDocument = {
    kind: 'urlset',
    entries: locs.map((loc, id) => ({ id, loc })),
    nextId: locs.length,
  };
  const v = new Validator({ now: Date.UTC(2026, 10, 26) });
  v.load(doc);
  const join = new CrawlJoin(crawl(csv), v.crawlScope());
  v.setCrawl(join);
  return { v, doc, join };
}

const rules = (issues: readonly Issue[]) => issues.filter((i) => i.rule.startsWith('CRAWL-'));

const SF_HEAD =
  'Address,Content Type,Status Code,Status,Indexability,Indexability Status,Canonical Link Element 1,Redirect URL,Last Modified';
const GSC_HEAD = 'Top pages,Clicks,Impressions,CTR,Position';

describe('a crawl URL with a #fragment is never a missing page', () => {
  it('Search Console: #comments and #:~:text= rows are not added, the plain page is', () => {
    const csv = [
      GSC_HEAD,
      'https://pwning.tech/nftables/,120,3400,3.5%,4.2',
      'https://pwning.tech/#comments,1,20,5%,30',
      'https://pwning.tech/nftables/#:~:text=netfilter,3,40,5%,12',
      'https://pwning.tech/new/,1,20,5%,30',
    ].join('\n');
    const { join } = audit(csv, 'https://pwning.tech/nftables/');
    expect(missingPages(join).map((p) => p.loc)).toEqual(['https://pwning.tech/new/']);
    expect(join.missing).toBe(1);
  });
  it('Screaming Frog: a 200 indexable #section row is not counted in CRAWL-006 (also in the worker)', () => {
    const csv = [
      SF_HEAD,
      'https://pwning.tech/,text/html,200,OK,Indexable,,,,',
      'https://pwning.tech/page/#section,text/html,200,OK,Indexable,,,,',
    ].join('\n');
    const { v, join } = audit(csv, 'https://pwning.tech/');
    expect(join.missing).toBe(0);
    expect(v.documentIssues().some((i) => i.rule === 'CRAWL-006')).toBe(false);
    expect([...crawlWanted(join.table, 'https://pwning.tech/')]).toEqual([1, 0]);
  });
});

describe('the source kind drives what is claimed', () => {
  const gsc = [GSC_HEAD, 'https://pwning.tech/a/,1,20,5%,30', 'https://pwning.tech/b/,1,20,5%,30'].join('\n');
  it('Search Console: a listed URL absent from the export is not called unreachable', () => {
    const { v } = audit(gsc, 'https://pwning.tech/a/', 'https://pwning.tech/orphan/');
    const [i] = rules(v.issuesOf(1));
    expect(i.rule).toBe('CRAWL-007');
    expect(i.severity).toBe('info');
    expect(i.message).not.toMatch(/crawl|internal link/i);
    expect(i.message).toMatch(/Search Console export/);
  });
  it('Search Console: CRAWL-006 speaks of the export, not of a crawl', () => {
    const { v } = audit(gsc, 'https://pwning.tech/a/');
    const i = v.documentIssues().find((x) => x.rule === 'CRAWL-006');
    expect(i?.message).toMatch(/Search Console export/);
    expect(i?.message).not.toMatch(/crawl/i);
  });
  it('CRAWL-006 for one page says "it", in the app and the CLI wording', () => {
    const csv = [
      SF_HEAD,
      'https://pwning.tech/a/,text/html,200,OK,Indexable,,,,',
      'https://pwning.tech/b/,text/html,200,OK,Indexable,,,,',
    ].join('\n');
    const { v } = audit(csv, 'https://pwning.tech/a/');
    const i = v.documentIssues().find((x) => x.rule === 'CRAWL-006');
    expect(i?.message).toMatch(/^1 indexable page of the crawl is missing from the sitemap; add it with/);
    const join = v.crawlJoin();
    expect(join && missingIssue(join, 'cli')?.message).toMatch(
      /; add it to the sitemap \(listed with this finding;/,
    );
  });
  it('a crawl keeps its own wording', () => {
    const csv = [SF_HEAD, 'https://pwning.tech/a/,text/html,200,OK,Indexable,,,,'].join('\n');
    const { v } = audit(csv, 'https://pwning.tech/a/', 'https://pwning.tech/orphan/');
    expect(rules(v.issuesOf(1))[0].message).toMatch(/no internal link reaches it/);
  });
});

describe('replacing a URL takes the target lastmod from the crawl', () => {
  const csv = [
    SF_HEAD,
    'https://pwning.tech/ksmbd/,text/html,301,Moved Permanently,Non-Indexable,Redirected,,https://pwning.tech/ksmbd-new/,',
    'https://pwning.tech/ksmbd-new/,text/html,200,OK,Indexable,,,,"Tue, 25 Jun 2024 10:00:00 GMT"',
    'https://pwning.tech/old/,text/html,301,Moved Permanently,Non-Indexable,Redirected,,https://pwning.tech/plain/,',
    'https://pwning.tech/plain/,text/html,200,OK,Indexable,,,,',
    'https://pwning.tech/print/,text/html,200,OK,Non-Indexable,Canonicalised,https://pwning.tech/ksmbd-new/,,',
  ].join('\n');
  const old = '2024-03-25T08:41:39.532Z';
  it('CRAWL-002: the crawl Last-Modified when the target has one, else the old lastmod', () => {
    const { doc, join } = audit(csv, 'https://pwning.tech/ksmbd/', 'https://pwning.tech/old/');
    for (const e of doc.entries) e.lastmod = old;
    const r = crawlFix('CRAWL-002', doc.entries, join, (e) => join.match(e.loc)?.row ?? -1);
    expect(r.update?.map((e) => [e.loc, e.lastmod])).toEqual([
      ['https://pwning.tech/ksmbd-new/', '2024-06-25T10:00:00Z'],
      ['https://pwning.tech/plain/', old],
    ]);
  });
  it('CRAWL-004 likewise', () => {
    const { doc, join } = audit(csv, 'https://pwning.tech/print/');
    doc.entries[0].lastmod = old;
    const r = crawlFix('CRAWL-004', doc.entries, join, (e) => join.match(e.loc)?.row ?? -1);
    expect(r.update?.[0].lastmod).toBe('2024-06-25T10:00:00Z');
  });
});

describe('where a CRAWL finding is in the file', () => {
  it('every crawl column of an entry is placed at its <loc>', () => {
    const text = '<url>\n  <lastmod>2024-01-01</lastmod>\n  <loc>https://a.example/</loc>\n</url>';
    for (const field of CRAWL_FIELDS) expect(fieldOffset(text, 0, field)).toBe(text.indexOf('<loc>'));
  });
});
