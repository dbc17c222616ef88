/**
 * A load split across two threads (the per-entry pass as columns, `checkColumns`, then the page's
 * `addChecked` / `finishCheckedSteps`) ends exactly where a plain
 * `Validator.load` of the same document does: the same findings, counts, parse findings and
 * profile notes, and the same answers after every edit and undo.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prng } from '../../bench/generate.ts';
import { type EntrySource, lazyEntries } from './lazyEntries.ts';
import type { Entry, Issue, ParseResult, SitemapDocument, ValidationSettings } from './model.ts';
import { parseSitemap } from './parse.ts';
import { entryPatch, type Patch } from './patch.ts';
import { END_SLICE, runSteps } from './steps.ts';
import { checkColumns, checkedRun } from './validate/checked.ts';
import { Validator } from './validate.ts';

const NOW = Date.UTC(2026, 10, 21);

/** Loads `doc` split: runs of `run` entries, each cloned as postMessage clones it, a third of them without the pass. */
function splitLoad(doc: SitemapDocument, issues: readonly Issue[], settings: ValidationSettings, run = 7) {
  const v = new Validator(settings);
  const r = checkedRun(doc.kind, doc.entries, issues, settings);
  const n = doc.entries.length;
  // Every third run without the pass: the receiver runs it (in steps of 3 entries).
  for (let start = 0, k = 0; start === 0 || start < n; start += run, k++) {
    const c = structuredClone(checkColumns(r, doc.entries, start, Math.min(n, start + run), k % 3 !== 1));
    if (c.pass) v.addChecked(doc.entries, start, c);
    else runSteps(v.addCheckedSteps(doc.entries, start, c, 3));
  }
  expect(v.checkedEntries).toBe(n);
  runSteps(v.finishCheckedSteps(doc, issues, 5));
  return v;
}

/** Everything a validator answers, in its order. */
function answers(v: Validator, entries: readonly Entry[]) {
  const counts = v.counts();
  const quiet = [...counts.byRule.keys(), 'XML-006'].map((rule) => v.quietIssues(rule));
  return {
    all: v.all(),
    doc: v.documentIssues(),
    counts: { ...counts, byRule: [...counts.byRule] },
    parse: v.parseFindings(),
    quiet,
    rows: entries.map((e) => v.issuesOf(e.id)),
    scope: v.crawlScope(),
  };
}

/**
 * Rows of `entries` made when read, as a received document's (core/lazyEntries.ts; the app's
 * source is workers/entryRows.ts): each a copy, made once.
 */
class CopySource implements EntrySource {
  made = 0;
  private readonly kept: Array<Entry | undefined> = [];
  constructor(private readonly entries: readonly Entry[]) {}
  entry(row: number): Entry {
    let e = this.kept[row];
    if (e === undefined) {
      this.made++;
      e = structuredClone(this.entries[row]);
      this.kept[row] = e;
    }
    return e;
  }
  peek(row: number): Entry {
    return this.kept[row] ?? structuredClone(this.entries[row]);
  }
  id(row: number): number {
    return this.entries[row].id;
  }
  loc(row: number): string {
    return this.entries[row].loc;
  }
  field(row: number, name: 'lastmod' | 'changefreq' | 'priority'): string | undefined {
    return this.entries[row][name];
  }
}

/** `doc` with its entries as a received document's: rows made when read. */
function lazyDoc(doc: SitemapDocument): { doc: SitemapDocument; source: CopySource } {
  const source = new CopySource(doc.entries);
  return {
    doc: {
      ...doc,
      entries: lazyEntries(
        source,
        doc.entries.map((_, i) => i),
      ),
    },
    source,
  };
}

function expectSame(doc: SitemapDocument, issues: readonly Issue[], settings: ValidationSettings, run = 7) {
  const plain = new Validator(settings);
  plain.load(doc, issues);
  const split = splitLoad(doc, issues, settings, run);
  expect(answers(split, doc.entries)).toStrictEqual(answers(plain, doc.entries));
  // The same loads of the document's rows made when read (a received document) end the same.
  const lazy = lazyDoc(doc);
  const lazyPlain = new Validator(settings);
  lazyPlain.load(lazy.doc, issues);
  expect(answers(lazyPlain, doc.entries)).toStrictEqual(answers(plain, doc.entries));
  const lazySplit = splitLoad(lazyDoc(doc).doc, issues, settings, run);
  expect(answers(lazySplit, doc.entries)).toStrictEqual(answers(plain, doc.entries));
  return { plain, split, lazySplit };
}

const LOCS = [
  'https://www.example.com/a',
  'https://www.example.com/a/',
  ' https://www.example.com/a ',
  'http://www.example.com/a',
  'https://example.com/a',
  'https://www.example.com/A',
  'https://shop.example.com/b',
  'https://other.org/x',
  '/rel',
  '',
  'https://www.example.com/en/',
  'https://www.example.com/de/',
  'https://www.example.com/fr/',
  'https://www.example.com/ü/straße',
];
const DATES = [
  '2024-06-24',
  '2023-02-29',
  '2024-06-24T09:30',
  ' 2024-01-01 ',
  undefined,
  '2031-01-01',
  'yesterday',
];
const LANG = [
  ['en', 'https://www.example.com/en/'],
  ['de', 'https://www.example.com/de/'],
  ['fr', 'https://www.example.com/fr/'],
  ['EN', 'https://www.example.com/en/'],
  ['x-default', 'https://www.example.com/en/'],
] as const;

function randomXml(rnd: () => number, n: number): string {
  const pick = <T>(l: readonly T[]) => l[Math.floor(rnd() * l.length)];
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">',
  ];
  for (let i = 0; i < n; i++) {
    const parts: string[] = [];
    const lastmod = pick(DATES);
    const priority = rnd() < 0.3 ? pick(['0.5', '0.8', '1,0', ' 0.3', '']) : undefined;
    const changefreq = rnd() < 0.3 ? pick(['daily', 'Weekly', 'sometimes', ' monthly ']) : undefined;
    // Out of XSD order now and then (XML-006, a parse finding the default profile withholds).
    if (rnd() < 0.1 && lastmod !== undefined) parts.push(`<lastmod>${lastmod}</lastmod>`);
    parts.push(`<loc>${pick(LOCS).replace('&', '&amp;')}</loc>`);
    if (lastmod !== undefined && !parts[0].startsWith('<lastmod'))
      parts.push(`<lastmod>${lastmod}</lastmod>`);
    if (changefreq !== undefined) parts.push(`<changefreq>${changefreq}</changefreq>`);
    if (priority !== undefined) parts.push(`<priority>${priority}</priority>`);
    if (rnd() < 0.2)
      parts.push(
        `<image:image><image:loc>${pick(['https://cdn.example.net/a.jpg', 'https://www.example.com/a.jpg', 'x.jpg'])}</image:loc>${rnd() < 0.3 ? '<image:caption>Ça</image:caption>' : ''}</image:image>`,
      );
    if (rnd() < 0.4)
      for (const [code, href] of LANG)
        if (rnd() < 0.6) parts.push(`<xhtml:link rel="alternate" hreflang="${code}" href="${href}"/>`);
    if (rnd() < 0.05)
      parts.push(
        `<news:news><news:publication><news:name>Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>${pick(['2026-11-20', '2020-01-01', 'bad'])}</news:publication_date><news:title>T</news:title></news:news>`,
      );
    if (rnd() < 0.03)
      parts.push(
        '<video:video><video:thumbnail_loc>https://www.example.com/t.jpg</video:thumbnail_loc><video:title>V</video:title></video:video>',
      );
    if (rnd() < 0.03)
      parts.push('<mobile:mobile xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0"/>');
    if (rnd() < 0.02) parts.push('<priority>0.1</priority>');
    out.push(`<url>${parts.join('')}</url>`);
  }
  out.push('</urlset>');
  return out.join('\n');
}

function parsed(text: string | Uint8Array, fileName = 'sitemap.xml'): ParseResult {
  return parseSitemap(text, { fileName });
}

describe('a load split across threads equals a plain load', () => {
  const settingsOf = (seed: number): ValidationSettings => ({
    now: NOW,
    publishUrl: seed % 2 === 0 ? 'https://www.example.com/sitemap.xml' : undefined,
    crossSubmission: seed % 4 === 1,
    profile: seed % 3 === 0 ? 'strict' : undefined,
  });

  it.each([1, 2, 3, 4, 5, 6])('generated document with parse findings (seed %i)', (seed) => {
    const rnd = prng(seed);
    const r = parsed(randomXml(rnd, 300));
    expect(r.fatal).toBeNull();
    expect(r.issues.some((i) => i.entry !== undefined)).toBe(true);
    expectSame(r.document, r.issues, settingsOf(seed), 1 + (seed % 5) * 13);
  });

  it('runs of one entry, and one run of all of them, end the same', () => {
    const r = parsed(randomXml(prng(9), 120));
    expectSame(r.document, r.issues, settingsOf(2), 1);
    expectSame(r.document, r.issues, settingsOf(2), 1000);
  });

  it('a run out of order ends the split load (the caller validates in full instead)', () => {
    const r = parsed(randomXml(prng(7), 30));
    const run = checkedRun(r.document.kind, r.document.entries, r.issues, { now: NOW });
    const v = new Validator({ now: NOW });
    v.addChecked(r.document.entries, 0, checkColumns(run, r.document.entries, 0, 10));
    expect(v.checkedEntries).toBe(10);
    // The run of entries 10-19 went missing.
    v.addChecked(r.document.entries, 20, checkColumns(run, r.document.entries, 20, 30));
    expect(v.checkedEntries).toBe(-1);
    expect(() => runSteps(v.finishCheckedSteps(r.document, r.issues))).toThrow(/Not every entry/);
  });

  it('a big load makes its slot table, then its duplicate index, in tasks of their own, and ends the same', () => {
    const n = 135_000;
    const text = Array.from({ length: n }, (_, i) => `https://www.example.com/p/${i % 134_990}`).join('\n');
    const r = parsed(text, 'sitemap.txt');
    const settings = { now: NOW };
    const run = checkedRun(r.document.kind, r.document.entries, r.issues, settings);
    const v = new Validator(settings);
    const firsts: number[] = [];
    for (let start = 0; start < n; start += 20_000) {
      const steps = v.addCheckedSteps(
        r.document.entries,
        start,
        checkColumns(run, r.document.entries, start, Math.min(n, start + 20_000)),
        1000,
      );
      const first = steps.next();
      firsts.push(first.done ? 0 : first.value);
      // Nothing is filed in the step that makes the table.
      if (start === 0) expect(v.checkedEntries).toBe(0);
      runSteps(steps);
    }
    expect(firsts[0]).toBe(END_SLICE);
    expect(firsts.slice(1)).not.toContain(END_SLICE);
    const finish = [...v.finishCheckedSteps(r.document, r.issues, 1000)];
    // The duplicate index's arrays alone between two ends of slice; the hreflang index has nothing to file.
    const at = finish.indexOf(END_SLICE);
    expect(finish.filter((x) => x === END_SLICE)).toHaveLength(2);
    expect(finish[at + 1]).toBe(END_SLICE);
    const plain = new Validator(settings);
    plain.load(r.document, r.issues);
    expect(v.all()).toStrictEqual(plain.all());
    expect(v.counts()).toStrictEqual(plain.counts());
  });

  it('a sitemap index and an empty urlset', () => {
    const index = parsed(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://www.example.com/a.xml</loc><lastmod>2024-13-01</lastmod></sitemap><sitemap><loc>https://www.example.com/a.xml</loc></sitemap><sitemap><loc>https://other.org/b.xml.gz</loc></sitemap></sitemapindex>',
    );
    expectSame(index.document, index.issues, settingsOf(2));
    const empty = parsed('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>');
    expectSame(empty.document, empty.issues, settingsOf(1));
  });

  it.each([1, 2, 3])('edits and undo after a split load answer as after a plain load (seed %i)', (seed) => {
    const rnd = prng(100 + seed);
    const r = parsed(randomXml(rnd, 80));
    const settings = settingsOf(seed);
    const { plain, split, lazySplit } = expectSame(r.document, r.issues, settings, 9);
    let entries = r.document.entries;
    let nextId = r.document.nextId;
    const undo: Patch[] = [];
    const pick = () => entries[Math.floor(rnd() * entries.length)];
    for (let step = 0; step < 60; step++) {
      const x = rnd();
      let change: Patch;
      let inverse: Patch;
      if (x < 0.2) {
        const added: Entry = { id: nextId++, loc: LOCS[Math.floor(rnd() * LOCS.length)] };
        entries = [...entries, added];
        change = entryPatch({ added: [added] });
        inverse = entryPatch({ removed: [added] });
      } else if (x < 0.35 && entries.length > 3) {
        const removed = pick();
        entries = entries.filter((e) => e !== removed);
        change = entryPatch({ removed: [removed] });
        inverse = entryPatch({ added: [removed] });
      } else {
        const before = pick();
        const after: Entry = { ...before, loc: LOCS[Math.floor(rnd() * LOCS.length)] };
        if (rnd() < 0.5) after.lastmod = DATES[Math.floor(rnd() * DATES.length)];
        entries = entries.map((e) => (e === before ? after : e));
        change = entryPatch({ updated: [[before, after]] });
        inverse = entryPatch({ updated: [[after, before]] });
      }
      plain.apply(change);
      split.apply(change);
      lazySplit.apply(change);
      undo.push(inverse);
      expect(answers(split, entries), `step ${step}`).toStrictEqual(answers(plain, entries));
      expect(answers(lazySplit, entries), `step ${step}`).toStrictEqual(answers(plain, entries));
      if (rnd() < 0.3) {
        const back = undo.pop() as Patch;
        plain.apply(back);
        split.apply(back);
        lazySplit.apply(back);
        // The entry list after the undo (ids are unique: rebuild it from the patch).
        for (const { entry } of back.removed) entries = entries.filter((e) => e.id !== entry.id);
        for (const { entry } of back.added) entries = [...entries, entry];
        for (const [b, a] of back.updated) entries = entries.map((e) => (e === b ? a : e));
        expect(answers(split, entries), `undo after step ${step}`).toStrictEqual(answers(plain, entries));
      }
    }
    // A settings change after the open re-checks both alike.
    const other = { ...settings, profile: settings.profile === 'strict' ? undefined : ('strict' as const) };
    plain.setSettings(other);
    split.setSettings(other);
    lazySplit.setSettings(other);
    expect(answers(split, entries)).toStrictEqual(answers(plain, entries));
    expect(answers(lazySplit, entries)).toStrictEqual(answers(plain, entries));
  });
});

const REAL = resolve(import.meta.dirname, '../../../shared/fixtures/real');

const present = existsSync(REAL);

// Skipped (the reason is in the name) where the shared fixtures are not checked out.
describe.skipIf(!present)(
  `a load split across threads equals a plain load on every real sitemap (${REAL})`,
  () => {
    const files = present ? readdirSync(REAL).filter((f) => /\.(xml|gz|txt|rss)$/.test(f)) : [];
    it('finds the corpus', () => expect(files.length).toBeGreaterThan(50));
    it.each(files)('%s', (name) => {
      const r = parsed(new Uint8Array(readFileSync(resolve(REAL, name))), name);
      const big = r.document.entries.length > 20_000;
      const all = [
        { now: NOW, publishUrl: 'https://www.example.com/sitemap.xml', profile: 'strict' as const },
        { now: NOW },
      ];
      // The big ones once (each comparison reads every row twice), in runs as the worker sends them.
      for (const settings of big ? all.slice(1) : all)
        expectSame(r.document, r.issues, settings, big ? 2500 : 11);
    });
  },
);
