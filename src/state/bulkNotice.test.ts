import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';

const doc: SitemapDocument = {
  kind: 'urlset',
  nextId: 4,
  entries: [
    { id: 0, loc: 'https://www.example.com/a', priority: '0.5' },
    { id: 1, loc: 'https://www.example.com/b', priority: '0.5' },
    { id: 2, loc: 'https://www.example.com/c', priority: '0.8' },
    { id: 3, loc: 'https://www.example.com/d' },
  ],
} as SitemapDocument;

async function open() {
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => 0,
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  return store;
}
const last = (store: Awaited<ReturnType<typeof open>>) => store.getState().notices.at(-1)?.message;

describe('Bulk edit says what it did to the rows it was asked to set (session 19 review)', () => {
  it('names the rows that already held the value: the button said all of them', async () => {
    const store = await open();
    store.commands.bulkSet('priority', '0.5', [0, 1, 2, 3]);
    expect(last(store)).toBe('Set priority on 2 URLs; 2 already had “0.5”.');
    expect(store.getState().history.undoLabel).toBe('Set priority on 2 URLs');
  });

  it('says so when every row already held it, instead of saying nothing', async () => {
    const store = await open();
    store.commands.bulkSet('priority', '0.5', [0, 1]);
    expect(store.getState().history.canUndo).toBe(false);
    expect(last(store)).toBe('Nothing changed: the 2 URLs already have priority “0.5”.');
    store.commands.bulkSet('priority', undefined, [3]);
    expect(last(store)).toBe('Nothing changed: the URL has no priority.');
  });

  it('a clear names the rows that had nothing to clear', async () => {
    const store = await open();
    store.commands.bulkSet('priority', undefined, [2, 3]);
    expect(last(store)).toBe('Clear priority on 1 URL; 1 had none.');
  });
});
