import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { indexCrawl } from '../core/crawl/table.ts';
import { createIdbPersistence } from './idbPersistence.ts';
import type { SavedFile, SavedSession } from './persist.ts';
import { makeDocument } from './testing.ts';

/** A crawl table whose string table spans three 4 Mi-character parts. */
function bigCrawl() {
  const url = (r: number) => `https://www.example.com/${'x'.repeat(3000)}/${r}`;
  const rows = 3000;
  const texts: string[] = [];
  const spans = new Int32Array(rows * 8).fill(-1);
  let at = 0;
  for (let r = 0; r < rows; r++) {
    const u = url(r);
    texts.push(u);
    spans[r * 8] = at;
    at += u.length;
    spans[r * 8 + 1] = at;
  }
  return indexCrawl({
    fileName: 'crawl.csv',
    format: 'generic',
    rows,
    text: texts.join(''),
    spans,
    status: new Int16Array(rows).fill(200),
    flags: new Uint8Array(rows),
  });
}

const doc = makeDocument(3);
const file = (name: string, crawl?: SavedFile['crawl']): SavedFile => ({
  fileName: name,
  doc,
  settings: { publishUrl: '', crossSubmission: false },
  undo: [],
  redo: [],
  dirty: false,
  ...(crawl ? { crawl } : {}),
});
const session = (...files: SavedFile[]): SavedSession => ({ format: 2, savedAt: 1, active: 0, files });
const workspace = (crawl?: SavedFile['crawl']) => session(file('sitemap.xml', crawl));

describe('IndexedDB persistence of crawl data', () => {
  it('round-trips a crawl table stored in parts, writes it only when it changes, and drops it', async () => {
    const crawl = bigCrawl();
    expect(crawl.text.length).toBeGreaterThan(8 * 2 ** 20);
    const store = createIdbPersistence('crawl-test')!;
    await store.save(workspace(crawl));
    const loaded = await createIdbPersistence('crawl-test')!.load();
    expect(loaded?.files[0].crawl?.text).toBe(crawl.text);
    expect(loaded?.files[0].crawl?.spans).toEqual(crawl.spans);
    expect(loaded?.files[0].crawl?.rows).toBe(3000);

    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save(session({ ...file('sitemap.xml', crawl), dirty: true }));
    // Meta only: the unchanged crawl and entries are not written again.
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();

    await store.save(workspace());
    expect((await createIdbPersistence('crawl-test')!.load())?.files[0].crawl).toBeUndefined();
  });

  it("stores a workspace's shared crawl once and gives every file the same table back", async () => {
    const crawl = bigCrawl();
    const store = createIdbPersistence('crawl-ws-test')!;
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save(session(file('a.xml', crawl), file('b.xml', crawl), file('c.xml')));
    // 3 text parts + the table + 3 files' chunks + the session meta: the table is written once.
    expect(put).toHaveBeenCalledTimes(3 + 1 + 3 + 1);
    put.mockRestore();
    const loaded = await createIdbPersistence('crawl-ws-test')!.load();
    expect(loaded?.files[0].crawl?.text).toBe(crawl.text);
    expect(loaded?.files[1].crawl).toBe(loaded?.files[0].crawl);
    expect(loaded?.files[2].crawl).toBeUndefined();

    await store.clear();
    expect(await createIdbPersistence('crawl-ws-test')!.load()).toBeNull();
  });
});
