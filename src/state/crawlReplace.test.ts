import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CRAWLED_SITEMAP_URLS } from '../core/__fixtures__/crawl/sitemapUrls.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import type { SitemapDocument } from '../core/model.ts';
import { crawlCellText } from './crawlView.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';

const fixture = (name: string) =>
  readCrawl(
    new Uint8Array(readFileSync(new URL(`../core/__fixtures__/crawl/${name}`, import.meta.url))),
    name,
  )!;

const OLD = '2024-03-25T08:41:39.532Z';

async function openStore() {
  const doc: SitemapDocument = {
    kind: 'urlset',
    entries: CRAWLED_SITEMAP_URLS.map((loc, id) => ({ id, loc, lastmod: OLD })),
    nextId: CRAWLED_SITEMAP_URLS.length,
  };
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => 0,
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  return store;
}

const lastNotice = (s: Awaited<ReturnType<typeof openStore>>) => s.getState().notices.at(-1)?.message ?? '';

describe('replace actions and the crawl lastmod', () => {
  it('a replaced URL takes its target lastmod from the crawl when it has one, and the notice says so', async () => {
    const store = await openStore();
    store.commands.attachCrawl(fixture('sf-internal-all.csv'));
    // /print?id=1 is canonicalised to /article (Last Modified 2024-06-01).
    expect(store.commands.runCrawlAction('replace-canonicals')).toBe(1);
    expect(store.getState().doc?.entries[4]).toMatchObject({
      loc: 'https://www.example.com/article',
      lastmod: '2024-06-01',
    });
    expect(lastNotice(store)).toBe(
      "Replaced 1 URL with its canonical URL (lastmod from the crawl's Last-Modified).",
    );
    // /old redirects to /new, which has no Last-Modified: the old lastmod stays.
    expect(store.commands.runCrawlAction('replace-redirects')).toBe(1);
    expect(store.getState().doc?.entries[1]).toMatchObject({
      loc: 'https://www.example.com/new',
      lastmod: OLD,
    });
    expect(lastNotice(store)).toBe(
      'Replaced 1 URL with its redirect target (lastmod kept: the crawl has no Last-Modified for the target).',
    );
  });

  it('a Search Console export: a listed URL without a row is "not in the export", not "not crawled"', async () => {
    const store = await openStore();
    store.commands.attachCrawl(fixture('gsc-pages.csv'));
    const { validator } = store.getState().validation;
    const orphan = store.getState().doc!.entries[6];
    expect(crawlCellText(validator, orphan, 'crawlStatus')).toBe('not in the export');
    expect(crawlCellText(validator, store.getState().doc!.entries[0], 'crawlStatus')).toBe('in the export');
    expect(store.getState().notices.at(-1)?.message).toMatch(
      /^Attached gsc-pages.csv: 2 Search Console pages joined/,
    );
    const i = validator.issuesOf(orphan.id).find((x) => x.rule === 'CRAWL-007');
    expect(i?.message).toMatch(/^This URL is not in the Search Console export/);
  });
});
