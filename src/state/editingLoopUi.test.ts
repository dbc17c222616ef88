/** Issue 15, session 14: bulk changes report with an Undo, settings made on the way to a fix, sorted edits. */
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { NEW_FIND_REPLACE } from './findReplace.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument, makeEntry } from './testing.ts';

async function storeWith(doc: SitemapDocument) {
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => 0,
  });
  await store.commands.openFile('s.xml', new Uint8Array());
  return store;
}

const last = (store: Awaited<ReturnType<typeof storeWith>>) => store.getState().notices.at(-1);

describe('every bulk change posts a notice with its count and an Undo of its step', () => {
  it('Replace all, Delete rows and Bulk edit', async () => {
    const store = await storeWith(makeDocument(40));
    const c = store.commands;
    const blogs = store.getState().doc!.entries.filter((e) => e.loc.includes('blog')).length;
    await c.findReplace({ ...NEW_FIND_REPLACE, find: 'blog', replace: 'journal' });
    expect(last(store)?.message).toMatch(
      new RegExp(`^Replaced “blog” in ${blogs} URLs? \\(${blogs} cells?\\)\\.$`),
    );
    const ids = store
      .getState()
      .doc!.entries.slice(0, 3)
      .map((e) => e.id);
    c.deleteRows(ids);
    expect(last(store)?.message).toBe('Deleted 3 URLs.');
    c.bulkSet(
      'priority',
      '0.3',
      store
        .getState()
        .doc!.entries.slice(0, 2)
        .map((e) => e.id),
    );
    expect(last(store)?.message).toBe('Set priority on 2 URLs.');
    // Only the last step's notice keeps its Undo.
    expect(
      store
        .getState()
        .notices.filter((n) => n.undo)
        .map((n) => n.message),
    ).toEqual(['Set priority on 2 URLs.']);
    c.undoNotice(last(store)!.id);
    expect(store.getState().history.undoLabel).toBe('Delete 3 URLs');
    expect(store.getState().doc!.entries).toHaveLength(37);
  });

  it('a bulk edit names the field as the Bulk edit button does (the FIELDS noun)', async () => {
    const store = await storeWith(makeDocument(5));
    const ids = store
      .getState()
      .doc!.entries.slice(0, 3)
      .map((e) => e.id);
    store.commands.bulkSet('changefreq', 'weekly', ids);
    expect(store.getState().history.undoLabel).toBe('Set change frequency on 3 URLs');
    store.commands.bulkSet('lastmod', '2026-01-01', ids);
    store.commands.bulkSet('lastmod', undefined, ids);
    expect(store.getState().history.undoLabel).toBe('Clear last modified on 3 URLs');
  });

  it("a notice's Undo does nothing once its step is no longer the last one", async () => {
    const store = await storeWith(makeDocument(10));
    const c = store.commands;
    c.deleteRows([store.getState().doc!.entries[0].id]);
    const notice = last(store)!;
    c.setCell(store.getState().doc!.entries[0].id, 'priority', '0.4');
    c.undoNotice(notice.id);
    expect(store.getState().doc!.entries).toHaveLength(9);
    expect(store.getState().history.undoLabel).toBe('Edit priority');
  });
});

describe('a setting made on the way to a fix', () => {
  it('is an undo step of its own: Ctrl+Z takes it back, and its notice offers that Undo', async () => {
    const store = await storeWith(makeDocument(5));
    const c = store.commands;
    c.setSettings({ publishUrl: 'https://a.example/sitemap.xml' }, true);
    const notice = last(store)!;
    expect(notice.message).toBe('Publish URL set to https://a.example/sitemap.xml.');
    expect(store.getState().history.undoLabel).toBe('Set publish URL');
    c.undoNotice(notice.id);
    expect(store.getState().settings.publishUrl).toBe('');
    expect(store.getState().notices.find((n) => n.id === notice.id)).toBeUndefined();
    c.redo();
    expect(store.getState().settings.publishUrl).toBe('https://a.example/sitemap.xml');
    c.undo();
    expect(store.getState().settings.publishUrl).toBe('');
  });
});

describe('a sorted view keeps edited rows where they are until re-sorted', () => {
  it('an in-place edit keeps the order (the same array) and marks it stale; resort sorts again', async () => {
    const doc: SitemapDocument = {
      kind: 'urlset',
      entries: ['b', 'c', 'a'].map((x, i) => makeEntry(i, { loc: `https://a.example/${x}` })),
      nextId: 3,
    };
    const store = await storeWith(doc);
    const c = store.commands;
    c.setSort({ column: 'loc', dir: 'asc' });
    const order = store.getState().rowOrder;
    expect([...order]).toEqual([2, 0, 1]);
    expect(store.getState().sortStale).toBe(false);
    c.setCell(2, 'loc', 'https://a.example/z');
    expect(store.getState().rowOrder).toBe(order);
    expect(store.getState().sortStale).toBe(true);
    c.resort();
    expect([...store.getState().rowOrder]).toEqual([0, 1, 2]);
    expect(store.getState().sortStale).toBe(false);
    // Removing a row changes positions: the view is sorted afresh.
    c.setCell(0, 'loc', 'https://a.example/zz');
    expect(store.getState().sortStale).toBe(true);
    c.deleteRows([1]);
    expect(store.getState().sortStale).toBe(false);
    expect(store.getState().doc!.entries.map((e) => e.loc)).toEqual([
      'https://a.example/zz',
      'https://a.example/z',
    ]);
    expect([...store.getState().rowOrder]).toEqual([1, 0]);
  });
});
