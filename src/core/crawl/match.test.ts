import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CRAWLED_SITEMAP_URLS } from '../__fixtures__/crawl/sitemapUrls.ts';
import { concatBytes } from '../arrays.ts';
import type { Entry, Issue, SitemapDocument } from '../model.ts';
import { entryPatch } from '../patch.ts';
import { Validator } from '../validate.ts';
import { CrawlJoin, crawlWanted } from './join.ts';
import { CrawlPreset, exactRows, type ListedLocs, listLocs } from './match.ts';
import { CrawlReader, readCrawl } from './reader.ts';
import { hashBytes } from './strings.ts';

const SF = () =>
  readCrawl(
    new Uint8Array(readFileSync(new URL('../__fixtures__/crawl/sf-internal-all.csv', import.meta.url))),
    'internal_all.csv',
  )!;

/** Listed URLs of every kind the join tells apart, written in the ways a sitemap may write them. */
const LOCS = [
  ...CRAWLED_SITEMAP_URLS,
  // Found only after normalisation (CRAWL-008): host case, default port, trailing slash, %-escape.
  'https://WWW.example.com/old',
  'https://www.example.com:443/gone',
  'https://www.example.com/private/',
  'https://www.example.com/%70rint?id=1',
  // Around the URL: trimmed before matching.
  '  https://www.example.com/  ',
  '',
  'not a url',
  'https://www.example.com/pätch',
  'https://www.example.com/\u{1F600}',
];

function docOf(locs: readonly string[]): SitemapDocument {
  return { kind: 'urlset', entries: locs.map((loc, id) => ({ id, loc })), nextId: locs.length };
}

function listed(entries: readonly Entry[], step: number): ListedLocs {
  const steps = listLocs(entries, entries.length, step);
  let r = steps.next();
  while (!r.done) r = steps.next();
  return r.value;
}

const positionsOf = (entries: readonly Entry[]) => listed(entries, 100).positions;

const all = (v: Validator): Issue[] => v.all().filter((i) => i.rule.startsWith('CRAWL-'));

describe('crawl lookups in the worker', () => {
  it('gives every listed URL the code the page join would, across step boundaries', () => {
    const table = SF();
    const join = new CrawlJoin(table);
    const entries = docOf(LOCS).entries;
    const expected = entries.map((e) => join.matchRow(e.loc));
    // Normalised matches and misses are among them (what a candidate row alone would get wrong).
    expect(expected.filter((c) => c <= -2).length).toBeGreaterThanOrEqual(4);
    expect(expected).toContain(-1);
    for (const step of [1, 3, 100]) {
      const progress: number[] = [];
      const rows = exactRows(table, listed(entries, step), (done) => progress.push(done));
      // A URL found as written has its row; every other one none (the page looks those up).
      expect([...rows]).toEqual(expected.map((c) => (c >= 0 ? c : -1)));
      const preset = new CrawlPreset(table, entries, rows, positionsOf(entries));
      expect(entries.map((e) => preset.matchRow(join, e, e.id, e.loc))).toEqual(expected);
      expect(entries.map((e) => preset.sentRow(e, e.id))).toEqual([...rows]);
    }
  });

  it('lists each trimmed loc as its UTF-8 bytes, in steps with and without non-ASCII URLs', () => {
    const entries = docOf([...LOCS, ...LOCS.map((l) => ` ${l.toUpperCase()}\t`)]).entries;
    const dec = new TextDecoder();
    for (const step of [1, 2, 5, 1000]) {
      const { parts, starts, positions, hashes } = listed(entries, step);
      const bytes = concatBytes(parts);
      // One part per step.
      expect(parts.length).toBe(Math.ceil(entries.length / step));
      expect(starts.length).toBe(entries.length + 1);
      expect(starts[entries.length]).toBe(bytes.length);
      expect(entries.map((_e, i) => dec.decode(bytes.subarray(starts[i], starts[i + 1])))).toEqual(
        entries.map((e) => e.loc.trim()),
      );
      expect([...positions]).toEqual(entries.map((_e, i) => i));
      expect([...hashes]).toEqual(entries.map((_e, i) => hashBytes(bytes, starts[i], starts[i + 1])));
    }
  });

  it('passes over rows with the same hash and another URL', () => {
    const table = SF();
    const join = new CrawlJoin(table);
    const entries = docOf(LOCS).entries;
    const l = listed(entries, 100);
    const bytes = concatBytes(l.parts);
    const hashOf = (i: number) => hashBytes(bytes, l.starts[i], l.starts[i + 1]);
    entries.forEach((e, i) => {
      // Every row claims this URL's hash: only its own row (if any) may be its answer.
      const claimed = new Uint32Array(table.rows).fill(hashOf(i));
      expect(l.hashes[i]).toBe(hashOf(i));
      const row = exactRows(table, l, undefined, claimed)[i];
      const expected = join.matchRow(e.loc);
      expect(row).toBe(expected >= 0 ? expected : -1);
    });
  });

  it("takes the reader's URL hashes as they are: the same rows as hashing the table", () => {
    const bytes = new Uint8Array(
      readFileSync(new URL('../__fixtures__/crawl/sf-internal-all.csv', import.meta.url)),
    );
    const reader = new CrawlReader({ fileName: 'internal_all.csv' });
    reader.push(bytes);
    const table = reader.end()!;
    const urls = listed(docOf(LOCS).entries, 100);
    const kept = reader.rowHashes()!;
    expect(kept.length).toBe(table.rows);
    expect(exactRows(table, urls, undefined, kept)).toEqual(exactRows(table, urls));
  });

  it('a validator adopting the worker matches reports exactly what its own join reports', () => {
    const doc = docOf(LOCS);
    const table = SF();
    const own = new Validator({ now: 0 });
    own.load(doc);
    own.setCrawl(new CrawlJoin(table, own.crawlScope()));

    const adopted = new Validator({ now: 0 });
    adopted.load(doc);
    const scope = adopted.crawlScope();
    const rows = exactRows(table, listed(doc.entries, 4));
    const join = new CrawlJoin(table, scope, true, crawlWanted(table, scope));
    const steps = adopted.setCrawlSteps(
      join,
      2,
      new CrawlPreset(table, doc.entries, rows, positionsOf(doc.entries)),
    );
    while (!steps.next().done);

    expect(all(adopted)).toEqual(all(own));
    expect(join.missing).toBe(own.crawlJoin()?.missing);
    expect(join.missing).toBeGreaterThan(0);
    for (const e of doc.entries) expect(adopted.crawlRowOf(e.id)).toBe(own.crawlRowOf(e.id));
  });

  it("a join adopting the worker's rows reads no loc of a clean entry it found as written", () => {
    const doc = docOf(LOCS);
    const table = SF();
    const v = new Validator({ now: 0 });
    v.load(doc);
    const scope = v.crawlScope();
    const rows = exactRows(table, listed(doc.entries, 4));
    const join = new CrawlJoin(table, scope, true, crawlWanted(table, scope));
    const preset = new CrawlPreset(table, doc.entries, rows, positionsOf(doc.entries));
    // Count each entry's loc reads in the join's steps (getters over the same values).
    const reads = new Map<number, number>();
    for (const e of doc.entries) {
      const loc = e.loc;
      Object.defineProperty(e, 'loc', {
        get: () => {
          reads.set(e.id, (reads.get(e.id) ?? 0) + 1);
          return loc;
        },
      });
    }
    const steps = v.setCrawlSteps(join, 2, preset);
    while (!steps.next().done);
    const clean = doc.entries.filter((e, i) => rows[i] >= 0 && v.issuesOf(e.id).length === 0);
    const looked = doc.entries.filter((_e, i) => rows[i] < 0);
    expect(clean.length).toBeGreaterThan(0);
    expect(looked.length).toBeGreaterThan(0);
    expect(clean.map((e) => reads.get(e.id) ?? 0)).toEqual(clean.map(() => 0));
    // The others are looked up by their loc, as before.
    for (const e of looked) expect(reads.get(e.id)).toBeGreaterThan(0);
  });

  it('an entry edited after its URL was sent is matched again, not given the old answer', () => {
    const doc = docOf(LOCS);
    const table = SF();
    const v = new Validator({ now: 0 });
    v.load(doc);
    const rows = exactRows(table, listed(doc.entries, 100));
    // The user turned the 404 into the indexable home page while the crawl was being read.
    const gone = doc.entries[2];
    const edited: Entry = { ...gone, loc: 'https://www.example.com/' };
    v.apply(entryPatch({ updated: [[gone, edited]] }));
    const preset = new CrawlPreset(table, doc.entries, rows, positionsOf(doc.entries));
    const join = new CrawlJoin(table);
    expect(preset.matchRow(join, edited, edited.id, edited.loc)).toBe(0);
    // Added after the listing, with an id the preset never saw.
    expect(preset.matchRow(join, { id: 99, loc: LOCS[2] }, 99, LOCS[2])).toBe(join.matchRow(LOCS[2]));
    const steps = v.setCrawlSteps(new CrawlJoin(table, v.crawlScope()), 100, preset);
    while (!steps.next().done);
    expect(v.issuesOf(gone.id).map((i) => i.rule)).not.toContain('CRAWL-001');
    expect(v.crawlRowOf(gone.id)).toBe(0);
  });

  it('found CRAWL-006 candidates give the same missing count, with listings before or after', () => {
    const table = SF();
    const scope = 'https://www.example.com/';
    const lazy = new CrawlJoin(table, scope, true);
    const found = new CrawlJoin(table, scope, true, crawlWanted(table, scope));
    // Listed before `prepare` reaches the rows (a join's entries come in while it prepares).
    for (const j of [lazy, found]) j.list(0, 1);
    while (!lazy.prepare(2));
    found.prepare(2);
    expect(found.missing).toBe(lazy.missing);
    expect(found.missingRows()).toEqual(lazy.missingRows());
    found.list(0, -1);
    lazy.list(0, -1);
    expect(found.missing).toBe(lazy.missing);
    expect(new CrawlJoin(table, scope).missing).toBe(lazy.missing);
  });
});
