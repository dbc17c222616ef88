/**
 * The join of a crawl file read by two workers, each matching the listed URLs against the half
 * it read (`matchHalf`, merged by `mergeHalves`), against the join of the one table: the same
 * rows, candidates, findings and summary on generated crawls with duplicate URLs (within a half
 * and across the two), URLs found only after normalisation (CRAWL-008), exact and normalised
 * rows of one URL in different halves, and redirects and canonicals pointing across halves.
 */
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../core/arrays.ts';
import { CrawlJoin, crawlWanted } from '../core/crawl/join.ts';
import {
  CrawlPreset,
  dropDuplicates,
  exactRows,
  type ListedUrls,
  listLocs,
  matchHalf,
  mergeHalves,
} from '../core/crawl/match.ts';
import { CrawlReader, HEAD_BYTES, readCrawl } from '../core/crawl/reader.ts';
import { partReader } from '../core/crawl/split.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import type { SitemapDocument } from '../core/model.ts';
import { Validator } from '../core/validate.ts';
import { readCrawlFile } from '../workers/crawlClient.ts';
import { crawlSummary } from './crawlView.ts';

const enc = new TextEncoder();
const P = (path: string) => `https://www.example.com/${path}`;

interface Row {
  url: string;
  status?: number;
  robots?: string;
  canonical?: string;
  redirect?: string;
}

/**
 * A generated Screaming Frog export of `n` rows (~250 bytes each, so its middle is near row
 * n / 2) with the special rows put at the given row numbers; every other row is an indexable
 * page `p/<i>`.
 */
function crawlCsv(n: number, special: Record<number, Row>): Uint8Array<ArrayBuffer> {
  let text =
    'Address,Content Type,Status Code,Indexability,Meta Robots 1,Canonical Link Element 1,Redirect URL,Title 1\r\n';
  for (let i = 0; i < n; i++) {
    const r = special[i] ?? { url: P(`p/${i}`) };
    const status = r.status ?? 200;
    const indexable = status === 200 && !r.robots && !r.canonical ? 'Indexable' : 'Non-Indexable';
    text += `"${r.url}","text/html","${status}","${indexable}","${r.robots ?? 'index, follow'}","${r.canonical ?? r.url}","${r.redirect ?? ''}","Page ${i} ${'w'.repeat(150)}"\r\n`;
  }
  return enc.encode(text);
}

const N = 3000;
/** Rows in the first half (< ~1500) and the second, each kind in both. */
const SPECIAL: Record<number, Row> = {
  // The same URL twice across the halves (the first half's row answers), and within each half.
  10: { url: P('dup/a') },
  2900: { url: P('dup/a'), status: 404 },
  20: { url: P('dup/b'), status: 301, redirect: P('p/2500') },
  21: { url: P('dup/b') },
  2800: { url: P('dup/c'), robots: 'noindex' },
  2801: { url: P('dup/c') },
  // One URL as written in the second half, normalised-equal only in the first (exact wins).
  30: { url: 'https://WWW.example.com/n/x' },
  2700: { url: P('n/x'), status: 404 },
  // And the other way round.
  31: { url: P('n/y'), robots: 'noindex' },
  2701: { url: 'https://www.example.com:443/n/y' },
  // Two rows normalised-equal to a listed URL that matches neither as written, one per half.
  40: { url: P('m/'), status: 410 },
  2600: { url: P('m') },
  // Redirects and canonicals pointing into the other half.
  50: { url: P('r/1'), status: 301, redirect: P('p/2500') },
  2550: { url: P('r/2'), status: 302, redirect: P('p/60') },
  70: { url: P('c/1'), canonical: P('p/2400') },
  2450: { url: P('c/2'), canonical: P('p/80') },
  2451: { url: P('c/3'), canonical: P('dup/a') },
  // Candidates (CRAWL-006) the scope keeps by case folding, or leaves out: a fragment, another host.
  90: { url: 'HTTPS://WWW.EXAMPLE.COM/up/1' },
  2950: { url: 'HTTPS://WWW.EXAMPLE.COM/up/2' },
  91: { url: P('p/91#top') },
  2951: { url: 'https://other.example.org/p/2951' },
  100: { url: P('blocked'), status: 0 },
};

/** The listed URLs: most pages as written, some only after normalisation, some never crawled. */
function sitemap(): SitemapDocument {
  const locs: string[] = [];
  for (let i = 0; i < N; i++) if (i % 7 !== 3) locs.push(P(`p/${i}`));
  locs.push(
    P('dup/a'),
    P('dup/b'),
    P('dup/c'),
    P('n/x'),
    P('n/y'),
    'https://WWW.example.com/m',
    'https://WWW.EXAMPLE.com/p/2960',
    'https://www.example.com:443/p/5',
    'https://www.example.com/%70/12',
    P('r/1'),
    P('r/2'),
    P('c/1'),
    P('c/2'),
    P('c/3'),
    P('blocked'),
    P('never/crawled'),
    `  ${P('p/1')}  `,
    P('up/1'),
  );
  // A URL listed twice.
  locs.push(P('p/2'));
  return { kind: 'urlset', entries: locs.map((loc, id) => ({ id, loc })), nextId: locs.length };
}

const SCOPE = 'https://www.example.com/';

function listedOf(doc: SitemapDocument) {
  const steps = listLocs(doc.entries, doc.nextId, 500);
  let r = steps.next();
  while (!r.done) r = steps.next();
  return r.value;
}

/** A fresh copy of the listing (the worker takes its buffers). */
function urlsOf(doc: SitemapDocument): ListedUrls {
  const { parts, starts, hashes } = listedOf(doc);
  return { parts, starts, hashes, scope: SCOPE };
}

/** What the page shows with the worker's matches adopted: the CRAWL findings, the summary, the missing count. */
function audit(doc: SitemapDocument, table: CrawlTable, rows: Int32Array, wanted: Uint8Array) {
  const v = new Validator({ now: 0 });
  v.load(doc);
  const join = new CrawlJoin(table, SCOPE, true, wanted);
  const steps = v.setCrawlSteps(join, 7, new CrawlPreset(table, doc.entries, rows, listedOf(doc).positions));
  while (!steps.next().done);
  return {
    findings: v.all().filter((i) => i.rule.startsWith('CRAWL-')),
    summary: crawlSummary(v, doc.entries),
    missing: join.missing,
    rows: doc.entries.map((e) => v.crawlRowOf(e.id)),
  };
}

/** The same with the page's own join of the one table (no worker matches at all). */
function ownAudit(doc: SitemapDocument, table: CrawlTable) {
  const v = new Validator({ now: 0 });
  v.load(doc);
  const join = new CrawlJoin(table, SCOPE);
  v.setCrawl(join);
  return {
    findings: v.all().filter((i) => i.rule.startsWith('CRAWL-')),
    summary: crawlSummary(v, doc.entries),
    missing: join.missing,
    rows: doc.entries.map((e) => v.crawlRowOf(e.id)),
  };
}

describe('the join split over the two workers', () => {
  const bytes = crawlCsv(N, SPECIAL);
  const doc = sitemap();

  it('matches each half and merges to the one-table matches, at many split points', () => {
    const table = readCrawl(bytes, 'internal_all.csv')!;
    const urls = urlsOf(doc);
    const one = { ...urls, parts: [concatBytes(urls.parts)] };
    const rows = exactRows(table, one);
    const wanted = crawlWanted(table, SCOPE);
    // What the generated crawl holds, so the comparison below covers it.
    const codes = doc.entries.map((e) => new CrawlJoin(table).matchRow(e.loc));
    expect(codes.filter((c) => c <= -2).length).toBeGreaterThanOrEqual(4);
    expect([...rows].filter((r) => r >= N / 2).length).toBeGreaterThan(100);
    // Line breaks around the middle and at the duplicate rows' neighbours.
    const breaks: number[] = [];
    for (let k = bytes.indexOf(10) + 1; k > 0 && k < bytes.length; k = bytes.indexOf(10, k) + 1)
      breaks.push(k);
    const splits = [
      ...breaks.filter((k) => k >= HEAD_BYTES).filter((_k, i) => i % 331 === 0),
      breaks.at(-1)!,
    ];
    expect(splits.length).toBeGreaterThan(5);
    for (const split of splits) {
      const first = new CrawlReader({ fileName: 'internal_all.csv' });
      first.push(bytes.slice(0, split));
      expect(first.atRecordStart()).toBe(true);
      const second = partReader(bytes.slice(0, HEAD_BYTES), 'internal_all.csv')!;
      second.push(bytes.slice(split));
      const part = second.part()!;
      const a = first.half()!;
      const mineA = matchHalf(a, one);
      const mineB = matchHalf(second.half()!, one);
      first.append(structuredClone(part));
      const merged = dropDuplicates(mergeHalves(mineA, mineB, a.rows), table.flags);
      expect(first.end()?.rows).toBe(table.rows);
      expect([...merged.rows]).toEqual([...rows]);
      expect([...merged.wanted]).toEqual([...wanted]);
    }
  });

  it('gives the findings and summary of the one-table join, read by two workers', async () => {
    const read = async (splitMin: number) => {
      const file = new File([bytes], 'internal_all.csv', { type: 'text/csv' });
      const reading = readCrawlFile(
        file,
        undefined,
        () => {},
        () => null,
        Promise.resolve(urlsOf(doc)),
        splitMin,
      );
      const table = await reading.result;
      return { table, matches: reading.matches!, parts: reading.parts };
    };
    const one = await read(Number.POSITIVE_INFINITY);
    const two = await read(1);
    expect([one.parts, two.parts]).toEqual([1, 2]);
    expect(two.table).toEqual(one.table);
    expect(two.matches).toEqual(one.matches);
    const split = audit(doc, two.table, two.matches.rows, two.matches.wanted);
    const single = ownAudit(doc, one.table);
    expect(split).toEqual(single);
    // The cases are there: duplicates answered by their first row, CRAWL-008, redirects, missing pages.
    const rules = new Set<string>(split.findings.map((i) => i.rule));
    for (const rule of ['CRAWL-001', 'CRAWL-002', 'CRAWL-003', 'CRAWL-004', 'CRAWL-008'])
      expect(rules.has(rule), rule).toBe(true);
    expect(split.missing).toBeGreaterThan(0);
    const dupA = doc.entries.find((e) => e.loc === P('dup/a'))!;
    expect(split.rows[dupA.id]).toBe(10);
    const nx = doc.entries.find((e) => e.loc === P('n/x'))!;
    expect(split.rows[nx.id]).toBe(2700);
  });
});
