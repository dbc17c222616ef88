/**
 * Review s18: an open sitemap index showed the Change frequency and Priority columns, which an
 * index's `<sitemap>` does not have (SITEMAP-RULES IDX-002: only loc and lastmod). The grid of an
 * index shows only the fields the field schema (core/fields.ts) gives an index; a sitemap opened
 * after it shows its own again.
 */
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { visibleColumns } from './columns.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeEntry } from './testing.ts';

const NOW = Date.UTC(2026, 0, 15);
const index = (): SitemapDocument => ({
  kind: 'sitemapindex',
  entries: [
    makeEntry(0, { loc: 'https://www.example.com/a.xml', lastmod: '2026-01-01' }),
    makeEntry(1, { loc: 'https://www.example.com/b.xml' }),
  ],
  nextId: 2,
  source: { encoding: 'utf-8' } as SitemapDocument['source'],
});
const urlset = (): SitemapDocument => ({
  kind: 'urlset',
  entries: [makeEntry(0, { loc: 'https://www.example.com/', changefreq: 'daily', priority: '0.5' })],
  nextId: 1,
});

describe('the columns of a sitemap index', () => {
  it('are its fields only, and stay so when columns are shown again', async () => {
    let doc = index();
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: doc.kind, document: doc, issues: [], fatal: null })),
      now: () => NOW,
    });
    await store.commands.openFile('sitemap_index.xml', new Uint8Array());
    const shown = () => visibleColumns(store.getState().view.hiddenColumns);
    expect(shown()).toEqual(['row', 'loc', 'lastmod', 'issues']);
    store.commands.setHiddenColumns([]);
    expect(shown()).toEqual(['row', 'loc', 'lastmod', 'issues']);
    doc = urlset();
    await store.commands.openFile('sitemap.xml', new Uint8Array());
    expect(shown()).toEqual(expect.arrayContaining(['loc', 'lastmod', 'changefreq', 'priority']));
  });
});
