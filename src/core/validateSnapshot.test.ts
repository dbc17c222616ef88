/**
 * `Validator.loadFrom` (issues found by another validator, e.g. the worker's, shown at once;
 * indexes built later): every read answers exactly what a validator loaded the usual way answers,
 * before, during and after the deferred build, and an edit at any point gives the same issues.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CrawlJoin } from './crawl/join.ts';
import { parseCrawlCsv } from './crawl/reader.ts';
import type { Entry, Issue, SitemapDocument, ValidationSettings } from './model.ts';
import { parseSitemap } from './parse.ts';
import { entryPatch } from './patch.ts';
import { Validator } from './validate.ts';

const NOW = Date.UTC(2026, 10, 21);
const realDir = path.resolve(import.meta.dirname, '../../../shared/fixtures/real');

/** Everything the store and the UI read from a validator, for one document. */
function reads(v: Validator, doc: SitemapDocument) {
  const rules = [...v.counts().byRule.keys()].sort();
  return {
    all: v.all(),
    documentIssues: v.documentIssues(),
    counts: v.counts(),
    perEntry: doc.entries.map((e) => [e.id, v.issuesOf(e.id), v.worstSeverity(e.id)]),
    byRule: rules.map((r) => [r, v.entriesWithRule(r)]),
  };
}

/** A validator answering from `reference`'s snapshot, sent through a structured clone like a worker message. */
function fromSnapshot(
  reference: Validator,
  doc: SitemapDocument,
  parse: readonly Issue[],
  settings: ValidationSettings,
): Validator {
  const v = new Validator({ now: 0 });
  v.loadFrom(doc, parse, settings, structuredClone(reference.snapshot()));
  return v;
}

const documents: Array<[string, SitemapDocument, Issue[]]> = [];
if (existsSync(realDir)) {
  for (const name of readdirSync(realDir).sort()) {
    if (!/\.(xml|gz|txt|rss)$/.test(name)) continue;
    const r = parseSitemap(new Uint8Array(readFileSync(path.join(realDir, name))), { fileName: name });
    // Up to a few thousand entries: comparing every read of the 100,000-URL files takes seconds.
    const n = r.document.entries.length;
    if (r.fatal === null && n > 0 && n <= 5000) documents.push([name, r.document, r.issues]);
  }
}
// Duplicates, host mix, bad dates and hreflang clusters, whatever the corpus holds.
const mixed: Entry[] = Array.from({ length: 60 }, (_, i) => ({
  id: i,
  loc: ['https://www.example.com/a', 'http://www.example.com/a', `https://www.example.com/p${i % 7}`, '/rel'][
    i % 4
  ],
  ...(i % 3 === 0 ? { lastmod: ['2023-02-29', '2031-01-01', '2024-06-24T09:30'][i % 9 === 0 ? 0 : 1] } : {}),
  ...(i % 5 === 0
    ? {
        alternates: [
          { rel: 'alternate', hreflang: 'en', href: 'https://www.example.com/a' },
          { rel: 'alternate', hreflang: 'de', href: `https://www.example.com/p${i % 7}` },
        ],
      }
    : {}),
  line: i + 2,
}));
documents.push(['mixed', { kind: 'urlset', entries: mixed, nextId: 60 }, []]);

describe('Validator.loadFrom answers as a full load does', () => {
  const settings: ValidationSettings = { now: NOW, publishUrl: 'https://www.example.com/sitemap.xml' };

  it('has documents to compare, with issues of many rules', () => {
    expect(documents.length).toBeGreaterThan(20);
    const v = new Validator(settings);
    v.load(documents[documents.length - 1][1]);
    expect(v.counts().byRule.size).toBeGreaterThan(4);
  });

  it.each(documents.map(([name, doc, parse]) => [name, doc, parse] as const))(
    '%s: reads before, during and after the deferred build',
    (_name, doc, parse) => {
      const reference = new Validator(settings);
      reference.load(doc, parse);
      const expected = reads(reference, doc);
      const v = fromSnapshot(reference, doc, parse, settings);
      expect(reads(v, doc)).toStrictEqual(expected);
      const steps = v.finishSteps();
      steps.next();
      expect(reads(v, doc)).toStrictEqual(expected);
      const version = v.version;
      while (!steps.next().done);
      expect(reads(v, doc)).toStrictEqual(expected);
      expect(v.version).toBe(version);
    },
  );

  it.each([0, 1, 40])(
    'an edit after %i deferred steps gives the issues of a full load plus the same edit',
    (k) => {
      const doc = documents[documents.length - 1][1];
      const reference = new Validator(settings);
      reference.load(doc);
      const v = fromSnapshot(reference, doc, [], settings);
      const steps = v.finishSteps();
      for (let i = 0; i < k; i++) steps.next();
      const before = doc.entries[3];
      const after: Entry = { ...before, loc: 'https://www.example.com/p1', lastmod: '2024-13-01' };
      const change = entryPatch({ updated: [[before, after]] });
      reference.apply(change);
      v.apply(change);
      const edited = { ...doc, entries: doc.entries.map((e) => (e === before ? after : e)) };
      expect(reads(v, edited)).toEqual(reads(reference, edited));
      // The deferred build ended with the edit: the steps left over stop at once.
      expect(steps.next().done).toBe(true);
    },
  );

  it('a later load drops the snapshot and its deferred build', () => {
    const doc = documents[documents.length - 1][1];
    const reference = new Validator(settings);
    reference.load(doc);
    const v = fromSnapshot(reference, doc, [], settings);
    const steps = v.finishSteps();
    const other: SitemapDocument = { kind: 'urlset', entries: [{ id: 0, loc: 'nope' }], nextId: 1 };
    v.load(other);
    expect(steps.next().done).toBe(true);
    const fresh = new Validator(settings);
    fresh.load(other);
    expect(reads(v, other)).toEqual(reads(fresh, other));
  });
});

describe('a big document adopted in steps', () => {
  const settings: ValidationSettings = { now: NOW };
  // Over the entries counted per step before the first is filed, with hreflang clusters and duplicates.
  const entries: Entry[] = Array.from({ length: 17_000 }, (_, i) => ({
    id: i,
    loc: `https://a.example/${i % 97 === 0 ? i - 1 : i}`,
    ...(i % 50 === 0
      ? {
          alternates: [
            { rel: 'alternate', hreflang: 'en', href: `https://a.example/${i}` },
            { rel: 'alternate', hreflang: 'de', href: `https://a.example/${i + 1}` },
          ],
        }
      : {}),
  }));
  const doc: SitemapDocument = { kind: 'urlset', entries, nextId: entries.length };
  // Every issue (with its entry id) and the totals: comparing each entry's reads would take seconds.
  const brief = (v: Validator, _doc: SitemapDocument) => ({ all: v.all(), counts: v.counts() });

  it.each([1, 2, 30])('an edit and its undo after %i deferred steps give the issues of a full load', (k) => {
    const reference = new Validator(settings);
    reference.load(doc);
    const v = fromSnapshot(reference, doc, [], settings);
    const steps = v.finishSteps();
    for (let i = 0; i < k; i++) expect(steps.next().done).toBe(false);
    const before = entries[100];
    const after: Entry = { ...before, loc: 'https://a.example/1', lastmod: '2024-13-01' };
    const change = entryPatch({ updated: [[before, after]] });
    reference.apply(change);
    v.apply(change);
    const edited = { ...doc, entries: entries.map((e) => (e === before ? after : e)) };
    expect(brief(v, edited)).toStrictEqual(brief(reference, edited));
    const undo = entryPatch({ updated: [[after, before]] });
    reference.apply(undo);
    v.apply(undo);
    expect(brief(v, doc)).toStrictEqual(brief(reference, doc));
    const fresh = new Validator(settings);
    fresh.load(doc);
    expect(brief(v, doc)).toStrictEqual(brief(fresh, doc));
  });

  it('loadSteps stopped in its first steps leaves the loaded state alone until adopted', () => {
    const v = new Validator(settings);
    v.load({ kind: 'urlset', entries: entries.slice(0, 10), nextId: 10 });
    const before = brief(v, doc);
    const fresh = new Validator(settings);
    const steps = fresh.loadSteps(doc);
    steps.next();
    steps.next();
    expect(brief(v, doc)).toStrictEqual(before);
    while (!steps.next().done);
    v.adopt(fresh);
    const full = new Validator(settings);
    full.load(doc);
    expect(brief(v, doc)).toStrictEqual(brief(full, doc));
  });
});

describe('the crawl reads of a validator loaded from a snapshot', () => {
  const entries: Entry[] = Array.from({ length: 5000 }, (_, i) => ({
    id: i,
    loc: `https://a.example/p${i}`,
  }));
  const doc: SitemapDocument = { kind: 'urlset', entries, nextId: entries.length };
  const csv = `Address,Status Code\n${entries
    .slice(0, 3000)
    .map((e, i) => `${e.loc},${i % 10 === 0 ? 404 : 200}`)
    .join('\n')}\nhttps://a.example/extra,200\n`;
  const table = () =>
    parseCrawlCsv(
      csv,
      { url: 0, status: 1 },
      { fileName: 'c.csv', format: 'generic', headerRow: 1, delimiter: ',' },
    );
  const brief = (v: Validator) => ({
    all: v.all(),
    counts: v.counts(),
    rows: entries.map((e) => v.crawlRowOf(e.id)),
    missing: v.crawlJoin()?.missing,
  });

  it.each([
    ['', 'https://a.example/'],
    ['https://a.example/sitemap.xml', 'https://a.example/'],
  ])(
    'answer with no crawl attached without building what loadFrom deferred (publish URL %j)',
    (publishUrl, scope) => {
      const settings: ValidationSettings = { now: NOW, publishUrl };
      const reference = new Validator(settings);
      reference.load(doc);
      const v = fromSnapshot(reference, doc, [], settings);
      expect(v.deferred).toBe(true);
      expect(v.crawlJoin()).toBeNull();
      expect(v.crawlJoinsRows()).toBe(true);
      expect(v.crawlRowOf(7)).toBe(-1);
      expect(v.deferred).toBe(true);
      // The scope from a publish URL needs no build either; the most common origin does.
      expect(v.crawlScope()).toBe(scope);
      expect(v.deferred).toBe(publishUrl !== '');
    },
  );

  it('a sitemap index says its rows are not joined, before the build too', () => {
    const index: SitemapDocument = { kind: 'sitemapindex', entries: entries.slice(0, 50), nextId: 50 };
    const reference = new Validator({ now: NOW });
    reference.load(index);
    const v = fromSnapshot(reference, index, [], { now: NOW });
    expect(v.crawlJoinsRows()).toBe(false);
    expect(v.deferred).toBe(true);
  });

  it('attaching a crawl builds the deferred indexes in its steps, not in its first one', () => {
    const settings: ValidationSettings = { now: NOW };
    const reference = new Validator(settings);
    reference.load(doc);
    const v = fromSnapshot(reference, doc, [], settings);
    const steps = v.setCrawlSteps(new CrawlJoin(table(), 'https://a.example/'), 1000);
    expect(steps.next()).toEqual({ done: false, value: 0 });
    expect(v.deferred).toBe(true);
    // Meanwhile no crawl is attached yet, and nothing read builds.
    expect(v.crawlJoin()).toBeNull();
    expect(v.deferred).toBe(true);
    while (!steps.next().done);
    expect(v.deferred).toBe(false);
    reference.setCrawl(new CrawlJoin(table(), 'https://a.example/'));
    expect(brief(v)).toStrictEqual(brief(reference));
    expect(v.crawlJoin()?.missing).toBe(1);
    expect(v.counts().byRule.get('CRAWL-001')?.count).toBe(300);
  });
});
