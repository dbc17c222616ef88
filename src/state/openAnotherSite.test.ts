import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CRAWLED_SITEMAP_URLS } from '../core/__fixtures__/crawl/sitemapUrls.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import type { SitemapDocument } from '../core/model.ts';
import { createMemoryRecent } from './recent.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

/** A crawl of www.example.com (the fixture the crawl tests use). */
const crawl = () =>
  readCrawl(
    new Uint8Array(readFileSync(new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url))),
    'internal_all.csv',
  )!;

const docOf = (locs: readonly string[]): SitemapDocument => ({
  kind: 'urlset',
  entries: locs.map((loc, id) => ({ id, loc })),
  nextId: locs.length,
});

const EXAMPLE = [...CRAWLED_SITEMAP_URLS];
const OTHER = ['https://news.other.test/a', 'https://news.other.test/b', 'https://news.other.test/c'];
/** A newer version of the example sitemap: one URL more. */
const EXAMPLE_NEWER = [...EXAMPLE, 'https://www.example.com/brand-new'];

/** A store whose files are `files[name]`, with the example sitemap open. */
async function storeWith(files: Record<string, readonly string[]>) {
  const store = createAppStore({
    worker: fakeClient((_b, name) => ({
      kind: 'urlset',
      document: docOf(files[name]),
      issues: [],
      fatal: null,
    })),
    now: () => 0,
  });
  await store.commands.openFile('example.xml', new Uint8Array([1]));
  return store;
}

const rules = (store: Awaited<ReturnType<typeof storeWith>>, prefix: string) =>
  [...store.getState().validation.validator.counts().byRule.keys()].filter((r) => r.startsWith(prefix));
const lastNotice = (store: Awaited<ReturnType<typeof storeWith>>) => store.getState().notices.at(-1)?.message;

describe('opening a sitemap of another site in place of the open one', () => {
  it('detaches the crawl of the old site (no CRAWL findings on the new one) and says so', async () => {
    const store = await storeWith({ 'example.xml': EXAMPLE, 'other.xml': OTHER });
    store.commands.attachCrawl(crawl());
    expect(store.getState().crawl).not.toBeNull();
    const rows = store.getState().crawl!.rows;
    await store.commands.openFile('other.xml', new Uint8Array([1]));
    expect(store.getState().fileName).toBe('other.xml');
    expect(store.getState().crawl).toBeNull();
    expect(rules(store, 'CRAWL-')).toEqual([]);
    expect(store.getState().validation.validator.crawlJoin?.() ?? null).toBeNull();
    expect(lastNotice(store)).toBe(
      `The crawl audit (${rows} rows) was for www.example.com; it was cleared for news.other.test.`,
    );
  });

  it('clears a publish URL of the old site (no HOST-001 on the new one) and says so', async () => {
    const store = await storeWith({ 'example.xml': EXAMPLE, 'other.xml': OTHER });
    store.commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    await store.commands.openFile('other.xml', new Uint8Array([1]));
    expect(store.getState().settings.publishUrl).toBe('');
    expect(rules(store, 'HOST-')).toEqual([]);
    expect(lastNotice(store)).toBe(
      'The publish URL https://www.example.com/sitemap.xml was for www.example.com; it was cleared for news.other.test.',
    );
  });

  it('names both in one sentence when both were for the old site', async () => {
    const store = await storeWith({ 'example.xml': EXAMPLE, 'other.xml': OTHER });
    store.commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    store.commands.attachCrawl(crawl());
    const rows = store.getState().crawl!.rows;
    await store.commands.openFile('other.xml', new Uint8Array([1]));
    expect(store.getState().settings.publishUrl).toBe('');
    expect(store.getState().crawl).toBeNull();
    expect([...rules(store, 'HOST-'), ...rules(store, 'CRAWL-')]).toEqual([]);
    expect(lastNotice(store)).toBe(
      `The publish URL https://www.example.com/sitemap.xml and the crawl audit (${rows} rows) were for www.example.com; they were cleared for news.other.test.`,
    );
  });

  it('keeps both for a newer version of the same site', async () => {
    const store = await storeWith({ 'example.xml': EXAMPLE, 'newer.xml': EXAMPLE_NEWER });
    store.commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    const table = crawl();
    store.commands.attachCrawl(table);
    const before = store.getState().notices.length;
    await store.commands.openFile('newer.xml', new Uint8Array([1]));
    expect(store.getState().fileName).toBe('newer.xml');
    expect(store.getState().settings.publishUrl).toBe('https://www.example.com/sitemap.xml');
    expect(store.getState().crawl).toBe(table);
    expect(rules(store, 'CRAWL-').length).toBeGreaterThan(0);
    expect(
      store
        .getState()
        .notices.slice(before)
        .map((n) => n.message)
        .join(' '),
    ).not.toMatch(/cleared/);
  });

  it('keeps both when the new file has relative locs only (no host to compare)', async () => {
    const store = await storeWith({ 'example.xml': EXAMPLE, 'relative.xml': ['/a', '/b'] });
    store.commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    const table = crawl();
    store.commands.attachCrawl(table);
    await store.commands.openFile('relative.xml', new Uint8Array([1]));
    expect(store.getState().settings.publishUrl).toBe('https://www.example.com/sitemap.xml');
    expect(store.getState().crawl).toBe(table);
  });

  it('a cancelled open of a big file of another site keeps the open one with its publish URL and crawl', async () => {
    const queued: Array<() => void> = [];
    let clock = 0;
    let next = docOf(EXAMPLE);
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: next, issues: [], fatal: null })),
      now: () => (clock += 10),
      timers: { setTimeout: (fn) => queued.push(fn), clearTimeout: () => undefined },
    });
    await store.commands.openFile('example.xml', new Uint8Array([1]));
    store.commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    const table = crawl();
    store.commands.attachCrawl(table);
    const before = store.getState();
    next = docOf(Array.from({ length: 25_000 }, (_, i) => `https://news.other.test/${i}`));
    const opening = store.commands.openFile('big.xml', new Uint8Array([1]));
    for (let i = 0; i < 50 && queued.length === 0; i++) await Promise.resolve();
    queued.shift()?.(); // first paint
    for (let i = 0; i < 50 && queued.length === 0; i++) await Promise.resolve();
    expect(store.getState().task?.cancellable).toBe(true);
    store.commands.cancelTask();
    queued.shift()?.();
    await opening;
    expect(store.getState().doc).toBe(before.doc);
    expect(store.getState().settings.publishUrl).toBe('https://www.example.com/sitemap.xml');
    expect(store.getState().crawl).toBe(table);
    expect(store.getState().view.hiddenColumns).toEqual(before.view.hiddenColumns);
    expect(rules(store, 'CRAWL-').length).toBeGreaterThan(0);
    expect(lastNotice(store)).toBe('Opening big.xml was cancelled.');
  });

  it('puts the replaced session in Recent with its crawl; re-opening it brings the crawl back', async () => {
    const files: Record<string, readonly string[]> = { 'example.xml': EXAMPLE, 'other.xml': OTHER };
    const newStore = () =>
      createAppStore({
        worker: fakeClient((_b, name) => ({
          kind: 'urlset',
          document: docOf(files[name]),
          issues: [],
          fatal: null,
        })),
        now: () => 0,
      });
    const recent = createMemoryRecent();
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore, recent, now: () => 7 });
    const input = (name: string) => ({ name, bytes: new TextEncoder().encode('<urlset/>') });
    await ws.commands.open([input('example.xml')]);
    const table = crawl();
    ws.getState().files[0].store.commands.attachCrawl(table);
    await ws.commands.open([input('other.xml')]);
    const shown = ws.getState().files[0].store.getState();
    expect(shown.fileName).toBe('other.xml');
    expect(shown.crawl).toBeNull();
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Opened other.xml. Closed example.xml (no unexported edits). It is in Recent, with its crawl data.',
    );
    expect(ws.getState().recent.map((e) => e.files)).toEqual([['example.xml']]);
    await ws.commands.openRecent(ws.getState().recent[0].id);
    const back = ws.getState().files[0].store.getState();
    expect(back.fileName).toBe('example.xml');
    expect(back.crawl?.rows).toBe(table.rows);
    expect(back.crawl?.fileName).toBe(table.fileName);
  });
});
