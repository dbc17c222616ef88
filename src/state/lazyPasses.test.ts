/**
 * The passes over every row of a received document (its rows kept as columns, entries made when
 * read: core/lazyEntries.ts) read ids, locs and fields from the columns, or rows made and dropped:
 * a search, the filters, the sort keys, insights, bulk commands, the crawl attach and an export
 * make no entry to keep (each one made them all in one task before: docs/perf.md, session 17),
 * and each answers as over the parsed entries.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CrawlJoin, crawlWanted } from '../core/crawl/join.ts';
import { CrawlPreset, exactRows, listLocs } from '../core/crawl/match.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import { noneUsed, scanExtensionColumns } from '../core/extensionUse.ts';
import { type EntrySource, lazyEntries, type Slot } from '../core/lazyEntries.ts';
import type { SitemapDocument } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { exportChanges } from '../core/serialize/exportChanges.ts';
import {
  changefreqDistribution,
  lastmodHistogram,
  priorityDistribution,
  urlsPerFolder,
} from '../core/stats.ts';
import { buildUrlTree, findRenameCollisions, planPrefixRename } from '../core/tree.ts';
import { Validator } from '../core/validate.ts';
import { encodeEntryColumns } from '../workers/entryColumnsEncode.ts';
import { EntryRows } from '../workers/entryRows.ts';
import { exportInPage, type Serialized } from '../workers/exportPage.ts';
import type { ColumnId } from './columns.ts';
import { bulkSetPatch, reorderPatch } from './edits.ts';
import { findReplacePatch } from './findReplace.ts';
import { chartEntries, DocumentSize, ruleCounts } from './insightsCharts.ts';
import { migrateSchemePatch } from './migrateUrls.ts';
import { indexOfEntry } from './selection.ts';
import { buildSortIndex } from './sortIndex.ts';
import type { ViewState } from './types.ts';
import { filterMask } from './view.ts';

const NOW = Date.UTC(2026, 10, 21);
const FREQS = ['daily', 'weekly', 'Monthly', 'yearly'];

/** A sitemap with every field mix, images, hreflang links, a video, duplicates and http URLs. */
function sitemap(n: number): Uint8Array {
  const urls = Array.from(
    { length: n },
    (_, i) =>
      `<url><loc>${i % 11 === 4 ? 'http' : 'https'}://www.example.com/${['p', 'blog', 'shop'][i % 3]}/${i % 97 === 5 ? 3 : i}</loc>${
        i % 2
          ? `<lastmod>2024-0${(i % 9) + 1}-0${(i % 7) + 1}${i % 5 === 1 ? 'T10:00:00+00:00' : ''}</lastmod>`
          : ''
      }${i % 3 ? `<changefreq>${FREQS[i % 4]}</changefreq>` : ''}${i % 4 ? `<priority>0.${i % 10}</priority>` : ''}${
        i % 7 ? '' : `<image:image><image:loc>https://cdn.example.com/${i}.jpg</image:loc></image:image>`
      }${i % 50 === 7 ? `<xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/${i}"/>` : ''}${
        i % 400 === 3 ? '<video:video><video:title>v</video:title></video:video>' : ''
      }</url>`,
  );
  return new TextEncoder().encode(
    `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>`,
  );
}

/** `doc` as a received document holds it: columns in chunks, a source counting the entries it keeps. */
function received(doc: SitemapDocument, chunk = 700) {
  const rows = new EntryRows();
  for (let from = 0; from < doc.entries.length; from += chunk)
    rows.add(
      structuredClone(encodeEntryColumns(doc.entries, from, Math.min(doc.entries.length, from + chunk))),
    );
  const made = new Set<number>();
  let peeked = 0;
  const counting: EntrySource = {
    entry(row) {
      made.add(row);
      return rows.entry(row);
    },
    peek: (row) => {
      peeked++;
      return rows.peek(row);
    },
    id: (row) => rows.id(row),
    loc: (row) => rows.loc(row),
    field: (row, name) => rows.field(row, name),
  };
  const slots: Slot[] = Array.from({ length: rows.n }, (_, i) => i);
  return {
    doc: { ...doc, entries: lazyEntries(counting, slots) },
    made: () => made.size,
    peeked: () => peeked,
  };
}

const SETTINGS = { now: NOW, publishUrl: 'https://www.example.com/sitemap.xml' };

function setup(n = 3000) {
  const plain = parseSitemap(sitemap(n)).document;
  const lazy = received(plain);
  const pv = new Validator(SETTINGS);
  pv.load(plain);
  const lv = new Validator(SETTINGS);
  lv.load(lazy.doc);
  expect(lazy.made()).toBe(0);
  return { plain, doc: lazy.doc, made: lazy.made, peeked: lazy.peeked, pv, lv };
}

const view = (over: Partial<ViewState>): ViewState => ({
  sort: null,
  search: '',
  filters: {},
  hiddenColumns: [],
  ...over,
});

describe('full passes over a received document make no entry', () => {
  it('a search in every field plan, typed on, finds the same rows', () => {
    const { plain, doc, made, pv, lv } = setup();
    for (const search of ['BLOG/1', 'blog/12', '2024-03', 'weekly', '0.5', 'nothing here', 'p/3']) {
      const v = view({ search });
      expect(filterMask(doc.entries, v, lv)).toEqual(filterMask(plain.entries, v, pv));
    }
    expect(made()).toBe(0);
  });

  it('the severity, rule, id, field and chart filters keep the same rows', () => {
    const { plain, doc, made, pv, lv } = setup();
    const rule = [...pv.counts().byRule.keys()][0];
    expect(pv.counts().warning).toBeGreaterThan(0);
    const views: ViewState[] = [
      view({ filters: { severity: 'warning' } }),
      view({ filters: { severity: 'error' } }),
      view({ filters: { rule } }),
      view({ filters: { entryIds: { ids: new Set([1, 5, 2999]), label: 'three' } } as ViewState['filters'] }),
      view({ search: 'blog', filters: { severity: 'info' } }),
    ];
    for (const v of views) expect(filterMask(doc.entries, v, lv)).toEqual(filterMask(plain.entries, v, pv));
    expect(made()).toBe(0);
    expect(made()).toBe(0);
  });

  it('a field filter on a scalar column and every chart filter read the columns, not rows (session 18)', () => {
    const { plain, doc, made, peeked: all, pv, lv } = setup();
    const before = all();
    const peeked = () => all() - before;
    const rule = [...pv.counts().byRule.keys()][0];
    const bucket = (filter: Record<string, unknown>) =>
      view({ filters: { bucket: { filter, label: 'b' } } as ViewState['filters'] });
    const views: ViewState[] = [
      view({ filters: { field: { column: 'changefreq', value: 'weekly' } } }),
      view({ filters: { field: { column: 'lastmod', value: '2024-03-04' } } }),
      view({ filters: { field: { column: 'priority', value: '0.5' } } }),
      view({ filters: { field: { column: 'loc', value: 'https://www.example.com/blog/1' } } }),
      view({ filters: { field: { column: 'changefreq', value: '' } } }),
      bucket({ kind: 'priority', value: '0.5' }),
      bucket({ kind: 'priority', value: null }),
      bucket({ kind: 'changefreq', value: 'weekly' }),
      bucket({ kind: 'lastmod', from: '2024-03', to: '2024-05' }),
      bucket({ kind: 'lastmodMissing' }),
      bucket({ kind: 'folder', segment: 'blog' }),
      bucket({ kind: 'folderOther', exclude: ['blog', 'p'] }),
    ];
    for (const v of views) {
      const want = filterMask(plain.entries, v, pv);
      expect(
        want?.some((x) => x === 1),
        JSON.stringify(v.filters),
      ).toBe(true);
      expect(filterMask(doc.entries, v, lv)).toEqual(want);
    }
    expect(made()).toBe(0);
    expect(peeked()).toBe(0);
    // The rule bucket asks the validator for each row's issues (which reads the rows it checks late).
    const byRule = bucket({ kind: 'rule', rule });
    expect(filterMask(doc.entries, byRule, lv)).toEqual(filterMask(plain.entries, byRule, pv));
    expect(made()).toBe(0);
    // No row has an invalid lastmod: none kept either way.
    const invalid = bucket({ kind: 'lastmodInvalid' });
    const at = peeked();
    expect(filterMask(doc.entries, invalid, lv)).toEqual(filterMask(plain.entries, invalid, pv));
    expect(peeked()).toBe(at);
    // A list column's count still reads the row (made and dropped, not kept).
    const images = view({ filters: { field: { column: 'images', value: '1' } } });
    expect(filterMask(doc.entries, images, lv)).toEqual(filterMask(plain.entries, images, pv));
    expect(made()).toBe(0);
  });

  it('every sort index is the same', () => {
    const { plain, doc, made, pv, lv } = setup();
    const columns: ColumnId[] = [
      'loc',
      'lastmod',
      'priority',
      'changefreq',
      'images',
      'alternates',
      'issues',
      'row',
    ];
    for (const column of columns) {
      const a = buildSortIndex(doc.entries, column, lv);
      const b = buildSortIndex(plain.entries, column, pv);
      expect([a.asc, a.filled, a.runEnd]).toEqual([b.asc, b.filled, b.runEnd]);
    }
    expect(made()).toBe(0);
  });

  it('insights: charts, rule counts, a filtered chart, the size and the URL tree', () => {
    const { plain, doc, made, pv, lv } = setup();
    expect(lastmodHistogram(doc.entries)).toEqual(lastmodHistogram(plain.entries));
    expect(changefreqDistribution(doc.entries)).toEqual(changefreqDistribution(plain.entries));
    expect(priorityDistribution(doc.entries)).toEqual(priorityDistribution(plain.entries));
    expect(urlsPerFolder(doc.entries)).toEqual(urlsPerFolder(plain.entries));
    expect(ruleCounts(doc.entries, lv)).toEqual(ruleCounts(plain.entries, pv));
    const v = view({ search: 'shop', filters: { severity: 'info' } });
    const shown = chartEntries(doc, v, lv);
    expect(made()).toBe(0);
    expect(priorityDistribution(shown)).toEqual(priorityDistribution(chartEntries(plain, v, pv)));
    expect(new DocumentSize().of(doc)).toBe(new DocumentSize().of(plain));
    const tree = buildUrlTree(doc.entries, (id) => lv.worstSeverity(id));
    const want = buildUrlTree(plain.entries, (id) => pv.worstSeverity(id));
    expect(tree.node(0)).toEqual(want.node(0));
    expect(tree.nodeOfEntry(2500)).toBe(want.nodeOfEntry(2500));
    expect(made()).toBe(0);
  });

  it('bulk commands make only the rows they change', () => {
    const { plain, doc, made } = setup();
    const ids = plain.entries.map((e) => e.id);
    const order = Int32Array.from(ids).reverse();
    expect(reorderPatch(doc, order, 'r').reorder).toEqual(reorderPatch(plain, order, 'r').reorder);
    // Rows that hold the value already are not made.
    const same = plain.entries.filter((e) => e.priority === '0.5').map((e) => e.id);
    expect(bulkSetPatch(doc, 'priority', '0.5', same).updated).toEqual([]);
    expect(made()).toBe(0);
    const set = bulkSetPatch(doc, 'priority', '0.5', ids.slice(0, 100));
    expect(set).toEqual(bulkSetPatch(plain, 'priority', '0.5', ids.slice(0, 100)));
    expect(made()).toBe(set.updated.length);
    const before = made();
    const req = {
      column: 'loc',
      find: 'SHOP/12',
      replace: 'store/12',
      regex: false,
      caseSensitive: false,
      scope: 'all',
    } as const;
    const replaced = findReplacePatch(doc, req, null);
    expect(replaced).toEqual(findReplacePatch(plain, req, null));
    const scheme = migrateSchemePatch(doc);
    expect(scheme).toEqual(migrateSchemePatch(plain));
    expect(made() - before).toBeLessThanOrEqual(replaced.patch.updated.length + scheme.updated.length);
    expect(made()).toBeLessThan(doc.entries.length / 5);
    const rename = planPrefixRename(
      doc.entries,
      'https://www.example.com/blog',
      'https://www.example.com/news',
    );
    expect(rename).toEqual(
      planPrefixRename(plain.entries, 'https://www.example.com/blog', 'https://www.example.com/news'),
    );
    expect(findRenameCollisions(doc.entries, rename)).toEqual(findRenameCollisions(plain.entries, rename));
    expect(made()).toBeLessThan(doc.entries.length / 2);
  });

  it('a row is found by id without reading the rows before it', () => {
    const { plain, doc, made } = setup();
    for (const id of [0, 1500, 2999, 5000, -1])
      expect(indexOfEntry(doc.entries, id)).toBe(plain.entries.findIndex((e) => e.id === id));
    expect(made()).toBe(0);
  });

  it('a crawl attach with the worker matches makes no entry and finds what the plain one finds', () => {
    const { plain, doc, made, pv, lv } = setup();
    const table = readCrawl(
      new Uint8Array(
        readFileSync(new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url)),
      ),
      'internal_all.csv',
    )!;
    const attach = (d: SitemapDocument, v: Validator) => {
      const steps = listLocs(d.entries, d.nextId, 500);
      let r = steps.next();
      while (!r.done) r = steps.next();
      const scope = v.crawlScope();
      const join = new CrawlJoin(table, scope, true, crawlWanted(table, scope));
      const preset = new CrawlPreset(table, d.entries, exactRows(table, r.value), r.value.positions);
      const s = v.setCrawlSteps(join, 700, preset);
      while (!s.next().done);
      return r.value;
    };
    const listed = attach(doc, lv);
    expect(listed).toEqual(attach(plain, pv));
    expect(made()).toBe(0);
    expect(lv.all()).toStrictEqual(pv.all());
    expect(lv.crawlRowsOf(doc.entries)).toEqual(pv.crawlRowsOf(plain.entries));
  });

  it('an export in the page, its changes and the extension columns read rows and keep none', async () => {
    const { plain, doc, made } = setup(1000);
    const run = (d: SitemapDocument) => exportInPage(d, { format: 'xml.gz' }, async (s: Serialized) => s);
    const [a, b] = await Promise.all([run(doc), run(plain)]);
    expect(a.files.map((f) => f.bytes)).toEqual(b.files.map((f) => f.bytes));
    expect(exportChanges(doc, [], { format: 'xml' })).toEqual(exportChanges(plain, [], { format: 'xml' }));
    const used = noneUsed();
    scanExtensionColumns(doc.entries, used, 0, doc.entries.length);
    const want = noneUsed();
    scanExtensionColumns(plain.entries, want, 0, plain.entries.length);
    expect(used).toEqual(want);
    expect(made()).toBe(0);
  });
});
