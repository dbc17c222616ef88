import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { CrawlJoin } from '../core/crawl/join.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import { CRAWL_ARRAYS } from '../core/crawl/table.ts';
import { CRAWL_PART_BYTES, createIdbPersistence } from './idbPersistence.ts';
import type { SavedFile, SavedSession } from './persist.ts';
import { makeDocument } from './testing.ts';

/** A crawl table whose URL bytes span several parts (its other arrays one part each). */
function bigCrawl() {
  const rows = 3000;
  const lines = ['url,http_status,last_modified'];
  for (let r = 0; r < rows; r++)
    lines.push(
      `https://www.example.com/${'x'.repeat(3000)}/${r},200,${r % 2 === 0 ? '2024-06-24T09:30:00Z' : ''}`,
    );
  const table = readCrawl(new TextEncoder().encode(`${lines.join('\n')}\n`), 'crawl.csv');
  if (!table) throw new Error('no URL column');
  return table;
}

/** Same type, length and bytes (toEqual on MBs of typed array is far too slow). */
function same(a: ArrayBufferView | undefined, b: ArrayBufferView): boolean {
  if (!a || a.constructor !== b.constructor || a.byteLength !== b.byteLength) return false;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
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
  it('keeps what the reader noticed (an unclosed quote, rows repeating a URL) across a reload', async () => {
    const csv =
      'Address,Status Code\nhttps://a.example/,200\nhttps://a.example/,404\n"https://a.example/b,200\n';
    const crawl = readCrawl(new TextEncoder().encode(csv), 'c.csv');
    expect(crawl?.duplicates).toBe(1);
    expect(crawl?.warnings).toHaveLength(1);
    await createIdbPersistence('crawl-notes')!.save(workspace(crawl!));
    const back = (await createIdbPersistence('crawl-notes')!.load())?.files[0].crawl;
    expect(back?.duplicates).toBe(1);
    expect(back?.warnings).toEqual(crawl?.warnings);
  });
  it('round-trips a crawl table stored in parts, writes it only when it changes, and drops it', async () => {
    const crawl = bigCrawl();
    expect(crawl.bytes.length).toBeGreaterThan(8 * 2 ** 20);
    const store = createIdbPersistence('crawl-test')!;
    await store.save(workspace(crawl));
    const loaded = await createIdbPersistence('crawl-test')!.load();
    const back = loaded?.files[0].crawl;
    expect(same(back?.bytes, crawl.bytes)).toBe(true);
    expect(same(back?.starts, crawl.starts)).toBe(true);
    expect(same(back?.exact, crawl.exact)).toBe(true);
    expect(back?.rows).toBe(3000);
    // The table works after the round trip: lookups, strings, converted lastmods.
    const join = new CrawlJoin(back!);
    expect(join.match(`https://www.example.com/${'x'.repeat(3000)}/2999`)).toEqual({
      row: 2999,
      exact: true,
    });
    expect(join.lastmod(0)).toBe('2024-06-24T09:30:00Z');
    expect(join.lastmod(1)).toBe('');

    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save(session({ ...file('sitemap.xml', crawl), dirty: true }));
    // Meta only: the unchanged crawl and entries are not written again.
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();

    await store.save(workspace());
    expect((await createIdbPersistence('crawl-test')!.load())?.files[0].crawl).toBeUndefined();
  });

  it('saving after an attach writes the crawl table and the meta, no rows, and reloads the same rows', async () => {
    const crawl = bigCrawl();
    const store = createIdbPersistence('crawl-attach-test')!;
    const rows = makeDocument(5000);
    let reads = 0;
    // Counts reads of the document's rows (a save before the attach reads them all once).
    const entries = new Proxy(rows.entries, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const before = { ...file('sitemap.xml'), doc: { ...rows, entries } };
    await store.save(session(before));
    expect(reads).toBeGreaterThanOrEqual(5000);
    reads = 0;
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save(session({ ...before, crawl }));
    // The rows are the very same array: not compared again (1,000,000 compares blocked the page).
    expect(reads).toBe(0);
    const parts = (a: ArrayBufferView) => Math.ceil(a.byteLength / CRAWL_PART_BYTES);
    const crawlParts = CRAWL_ARRAYS.reduce((n, name) => n + parts(crawl[name]), 0);
    expect(put).toHaveBeenCalledTimes(crawlParts + 1 + 1);
    put.mockRestore();
    const loaded = await createIdbPersistence('crawl-attach-test')!.load();
    expect(loaded?.files[0].doc.entries).toEqual(rows.entries);
    expect(same(loaded?.files[0].crawl?.bytes, crawl.bytes)).toBe(true);
  });

  it("stores a workspace's shared crawl once and gives every file the same table back", async () => {
    const crawl = bigCrawl();
    const store = createIdbPersistence('crawl-ws-test')!;
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save(session(file('a.xml', crawl), file('b.xml', crawl), file('c.xml')));
    // The parts of URL bytes + 8 other arrays + the table + 3 files' chunks + the session meta:
    // the table is written once.
    const urlParts = Math.ceil(crawl.bytes.length / CRAWL_PART_BYTES);
    expect(urlParts).toBeGreaterThan(1);
    expect(put).toHaveBeenCalledTimes(urlParts + 8 + 1 + 3 + 1);
    put.mockRestore();
    const loaded = await createIdbPersistence('crawl-ws-test')!.load();
    expect(same(loaded?.files[0].crawl?.bytes, crawl.bytes)).toBe(true);
    expect(loaded?.files[1].crawl).toBe(loaded?.files[0].crawl);
    expect(loaded?.files[2].crawl).toBeUndefined();

    await store.clear();
    expect(await createIdbPersistence('crawl-ws-test')!.load()).toBeNull();
  });
});
