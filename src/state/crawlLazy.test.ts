import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CRAWLED_SITEMAP_URLS } from '../core/__fixtures__/crawl/sitemapUrls.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import { Validator } from '../core/validate.ts';
import { createStoreWith } from './storeCore.ts';
import { fakeClient } from './testing.ts';

// The browser's stores load the crawl commands on first use (storeCore.ts, out of the first
// chunk). Until then nothing is joined; attaching, listing the URLs and a reload's rejoin wait for
// the module and then do what the loaded commands do.

const crawl = () =>
  readCrawl(
    new Uint8Array(readFileSync(new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url))),
    'internal_all.csv',
  )!;
const LOCS: string[] = [...CRAWLED_SITEMAP_URLS];

async function lazyStore() {
  const store = createStoreWith({
    worker: fakeClient(() => ({
      kind: 'urlset',
      document: { kind: 'urlset', entries: LOCS.map((loc, id) => ({ id, loc })), nextId: LOCS.length },
      issues: [],
      fatal: null,
    })),
    now: () => 0,
    createValidator: (settings) => new Validator(settings),
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  return store;
}

describe('crawl commands loaded on first use', () => {
  it('attach waits for the module, then joins; counts and actions work as when loaded', async () => {
    const store = await lazyStore();
    const c = store.commands;
    expect(c.crawlActionCount('remove-noindex')).toBe(0);
    const listing = c.listCrawlUrls();
    const urls = await listing.urls;
    expect(urls?.starts.length).toBeGreaterThan(1);
    expect(listing.positions?.length).toBeGreaterThan(0);
    expect(listing.entries).toBe(store.getState().doc?.entries);

    c.attachCrawl(crawl());
    await vi.waitFor(() => expect(store.getState().crawl).not.toBeNull());
    expect(c.crawlActionCount('remove-noindex')).toBe(1);
    expect(c.crawlActionCount('add-missing')).toBe(4);
    expect(c.runCrawlAction('remove-noindex')).toBe(1);
    expect(store.getState().history.undoLabel).toBe('Remove noindex URLs (1 URL)');
    c.removeCrawl();
    await vi.waitFor(() => expect(store.getState().crawl).toBeNull());
  });
});
