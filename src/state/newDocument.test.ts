import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CRAWLED_SITEMAP_URLS } from '../core/__fixtures__/crawl/sitemapUrls.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import { parseSitemap } from '../core/parse.ts';
import { createMemoryRecent } from './recent.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

// "New sitemap" (File → New) is a document of no site yet: it starts from the default settings,
// without the open document's publish URL, cross-submission, profile, day/month order or crawl;
// what the open document had goes to Recent first, as for any replace.

const enc = (s: string) => new TextEncoder().encode(s);
const urlset = (...locs: string[]) =>
  enc(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
  );
const newStore = () =>
  createAppStore({ worker: fakeClient((b, n) => parseSitemap(b, { fileName: n })), now: () => 0 });
const EXAMPLE = { name: 'example.xml', bytes: urlset(...CRAWLED_SITEMAP_URLS) };
const DEFAULTS = { publishUrl: '', crossSubmission: false };
const crawl = () =>
  readCrawl(
    new Uint8Array(readFileSync(new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url))),
    'internal_all.csv',
  )!;

describe('New sitemap starts from the defaults', () => {
  it('drops the open document’s settings and crawl (the store command)', async () => {
    const store = newStore();
    await store.commands.openFile(EXAMPLE.name, EXAMPLE.bytes);
    store.commands.setSettings({
      publishUrl: 'https://www.example.com/sitemap.xml',
      crossSubmission: true,
      profile: 'strict',
      dateOrder: 'dmy',
    });
    store.commands.attachCrawl(crawl());
    expect(store.getState().crawl).not.toBeNull();
    store.commands.newDocument();
    const s = store.getState();
    expect(s.doc?.entries).toEqual([]);
    expect(s.settings).toEqual(DEFAULTS);
    expect(s.crawl).toBeNull();
    expect(s.validation.validator.crawlJoin?.() ?? null).toBeNull();
    expect(s.view.hiddenColumns).toEqual(expect.arrayContaining(['crawlStatus']));
  });

  it('keeps settings chosen while nothing was open (they are for the next document)', () => {
    const store = newStore();
    store.commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    store.commands.newDocument();
    expect(store.getState().settings.publishUrl).toBe('https://www.example.com/sitemap.xml');
  });

  it('File → New: the old document’s publish URL goes to Recent with it, not into the new one', async () => {
    const ws = createWorkspaceStore({
      primary: newStore(),
      createStore: newStore,
      recent: createMemoryRecent(),
      now: () => 7,
    });
    await ws.commands.open([EXAMPLE]);
    ws.activeStore().commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    // Unedited (a settings change is no edit of the file): New replaces it without asking.
    expect((await ws.commands.open([{ blank: 'urlset' }])).mode).toBe('single');
    expect(ws.getState().files.map((f) => f.name)).toEqual(['new-sitemap.xml']);
    const fresh = ws.activeStore().getState();
    expect(fresh.doc?.entries).toEqual([]);
    expect(fresh.settings).toEqual(DEFAULTS);
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Opened new-sitemap.xml. Closed example.xml (no unexported edits). It is in Recent, with its settings changes.',
    );
    // Reopened from Recent, example.xml has its publish URL again.
    await ws.commands.openRecent(ws.getState().recent[0].id);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['example.xml']);
    expect(ws.activeStore().getState().settings.publishUrl).toBe('https://www.example.com/sitemap.xml');
  });

  it('a publish URL the document carries without a step of its own goes to Recent too', async () => {
    const ws = createWorkspaceStore({
      primary: newStore(),
      createStore: newStore,
      recent: createMemoryRecent(),
      now: () => 7,
    });
    // Chosen before the file was opened: the file keeps it (same site), with no undo step.
    ws.primary.commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    await ws.commands.open([EXAMPLE]);
    expect(ws.activeStore().getState().settings.publishUrl).toBe('https://www.example.com/sitemap.xml');
    expect(ws.activeStore().getState().history.changesSettings).toBe(false);
    await ws.commands.open([{ blank: 'urlset' }]);
    expect(ws.activeStore().getState().settings).toEqual(DEFAULTS);
    expect(ws.getState().recent.map((e) => e.files)).toEqual([['example.xml']]);
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Opened new-sitemap.xml. Closed example.xml (no unexported edits). It is in Recent, with its settings.',
    );
  });
});
