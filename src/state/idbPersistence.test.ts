import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { lazyEntries, lazyRows, slotsOf } from '../core/lazyEntries.ts';
import type { Entry, Issue } from '../core/model.ts';
import { encodeEntryColumns } from '../workers/entryColumnsEncode.ts';
import { EntryRows } from '../workers/entryRows.ts';
import { CHUNK_SIZE, createIdbPersistence, PARSE_PART_ISSUES, SOURCE_PART_BYTES } from './idbPersistence.ts';
import type { SavedSession } from './persist.ts';
import { makeDocument } from './testing.ts';

let dbCount = 0;
const file = (n: number, fileName = 'sitemap.xml') => ({
  fileName,
  doc: makeDocument(n),
  settings: { publishUrl: 'https://www.example.com/sitemap.xml', crossSubmission: false },
  undo: [],
  redo: [],
  dirty: true,
});
const one = (w: ReturnType<typeof file>): SavedSession => ({
  format: 2,
  savedAt: 1_700_000_000_000,
  active: 0,
  files: [w],
});

describe('IndexedDB persistence (fake-indexeddb)', () => {
  it('round-trips a workspace across chunks and clears it', async () => {
    const name = `test-${dbCount++}`;
    const w = file(CHUNK_SIZE * 2 + 5);
    await createIdbPersistence(name)!.save(one(w));
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded?.files[0].doc.entries).toEqual(w.doc.entries);
    expect(loaded?.savedAt).toBe(1_700_000_000_000);
    expect(loaded?.files[0]).toMatchObject({ fileName: 'sitemap.xml', settings: w.settings, dirty: true });
    const again = createIdbPersistence(name)!;
    await again.clear();
    expect(await again.load()).toBeNull();
  });

  it('keeps the saved document exact when it shrinks and when one row changes', async () => {
    const name = `test-${dbCount++}`;
    const store = createIdbPersistence(name)!;
    const w = file(CHUNK_SIZE * 3);
    await store.save(one(w));
    const entries = w.doc.entries.slice(0, CHUNK_SIZE + 10);
    entries[3] = { ...entries[3], priority: '0.99' };
    await store.save(one({ ...w, doc: { ...w.doc, entries } }));
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded?.files[0].doc.entries).toEqual(entries);
  });

  it("keeps each file's source bytes across a reload and writes them only when they change", async () => {
    const name = `test-${dbCount++}`;
    const store = createIdbPersistence(name)!;
    const a = { ...file(3, 'a.xml'), source: new TextEncoder().encode('<urlset>a</urlset>') };
    const b = file(2, 'b.xml');
    const c = { ...file(4, 'c.xml'), source: new TextEncoder().encode('c.txt bytes') };
    const session: SavedSession = { ...one(a), files: [a, b, c] };
    await store.save(session);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save({ ...session, savedAt: session.savedAt + 1 });
    // Only the meta record: no chunk changed, and neither did the sources.
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded?.files.map((f) => f.source && new TextDecoder().decode(f.source))).toEqual([
      '<urlset>a</urlset>',
      undefined,
      'c.txt bytes',
    ]);
    // Another file opened in place of c: its source replaces c's, a's stays.
    const d = { ...file(4, 'd.xml'), source: new TextEncoder().encode('d') };
    await store.save({ ...session, files: [a, b, d] });
    const again = await createIdbPersistence(name)!.load();
    expect(again?.files.map((f) => f.source && new TextDecoder().decode(f.source))).toEqual([
      '<urlset>a</urlset>',
      undefined,
      'd',
    ]);
  });

  it("keeps each file's parse findings in parts, and writes them only when they change", async () => {
    const name = `test-${dbCount++}`;
    const store = createIdbPersistence(name)!;
    const parse: Issue[] = Array.from({ length: PARSE_PART_ISSUES + 3 }, (_, i) => ({
      rule: 'XML-002',
      severity: 'info',
      message: `finding ${i}`,
      entry: i % 5,
      field: 'loc',
    }));
    const a = { ...file(5, 'a.xml'), parse };
    const b = file(2, 'b.xml');
    const session: SavedSession = { ...one(a), files: [a, b] };
    await store.save(session);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save({ ...session, savedAt: session.savedAt + 1 });
    // Only the meta record: the findings did not change.
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded?.files[0].parse).toEqual(parse);
    expect(loaded?.files[1].parse).toBeUndefined();
    // Fewer findings (an edit dropped some): the old parts go.
    const fewer = parse.slice(0, 2);
    await store.save({ ...session, files: [{ ...a, parse: fewer }, b] });
    expect((await createIdbPersistence(name)!.load())?.files[0].parse).toEqual(fewer);
  });

  it('writes a big source in parts of at most SOURCE_PART_BYTES, one put each, and reads it back exact', async () => {
    const name = `test-${dbCount++}`;
    const bytes = new Uint8Array(SOURCE_PART_BYTES * 2 + 123);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 11)) & 255;
    const w = { ...file(3, 'big.xml'), source: bytes };
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await createIdbPersistence(name)!.save(one(w));
    const sizes = put.mock.calls
      .map(([v]) => v)
      .filter((v) => v instanceof Uint8Array)
      .map((v) => v.length);
    put.mockRestore();
    expect(sizes).toEqual([SOURCE_PART_BYTES, SOURCE_PART_BYTES, 123]);
    const loaded = await createIdbPersistence(name)!.load();
    const back = loaded?.files[0].source;
    expect(back?.length).toBe(bytes.length);
    expect(back && Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
  });

  it('still reads a source an older save stored whole, and rewrites it in parts on the next save', async () => {
    const name = `test-${dbCount++}`;
    const bytes = new TextEncoder().encode('<urlset>old</urlset>');
    const w = { ...file(2, 'old.xml'), source: bytes };
    await createIdbPersistence(name)!.save(one(w));
    // What a save before source parts left: `source: true` and the bytes whole under the file's key.
    const db = await openDB(name);
    const meta = await db.get('meta', 'current');
    meta.files[0].source = true;
    await db.delete('meta', 'current#source-0-0');
    await db.put('meta', bytes, 'current#source-0');
    await db.put('meta', meta, 'current');
    db.close();
    const store = createIdbPersistence(name)!;
    const loaded = await store.load();
    expect(new TextDecoder().decode(loaded?.files[0].source)).toBe('<urlset>old</urlset>');
    await store.save({ ...loaded!, savedAt: loaded!.savedAt + 1 });
    const again = await createIdbPersistence(name)!.load();
    expect(new TextDecoder().decode(again?.files[0].source)).toBe('<urlset>old</urlset>');
  });

  it('after a one-row edit writes one chunk plus the meta record, not the whole document', async () => {
    const store = createIdbPersistence(`test-${dbCount++}`)!;
    const w = file(CHUNK_SIZE * 5);
    await store.save(one(w));
    const entries = w.doc.entries.slice();
    entries[CHUNK_SIZE * 2 + 1] = { ...entries[CHUNK_SIZE * 2 + 1], lastmod: '2026-01-01' };
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save(one({ ...w, doc: { ...w.doc, entries } }));
    expect(put).toHaveBeenCalledTimes(2);
    put.mockRestore();
  });

  it('keeps every file of a workspace, the active one, and drops files closed since', async () => {
    const name = `test-${dbCount++}`;
    const store = createIdbPersistence(name)!;
    const files = [file(3, 'sitemap.xml'), file(CHUNK_SIZE + 2, 'a.xml'), file(4, 'b.xml')];
    await store.save({ format: 2, savedAt: 1, active: 2, files });
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded?.active).toBe(2);
    expect(loaded?.files.map((f) => [f.fileName, f.doc.entries.length])).toEqual([
      ['sitemap.xml', 3],
      ['a.xml', CHUNK_SIZE + 2],
      ['b.xml', 4],
    ]);
    expect(loaded?.files[1].doc.entries).toEqual(files[1].doc.entries);
    await store.save({ format: 2, savedAt: 2, active: 0, files: [files[2]] });
    const again = await createIdbPersistence(name)!.load();
    expect(again?.files.map((f) => f.fileName)).toEqual(['b.xml']);
    const db = await openDB(name, 1);
    expect(await db.count('chunks')).toBe(1);
    db.close();
  });

  it('stores chunks as entry columns and loads them, and chunks of entry objects still', async () => {
    const name = `test-${dbCount++}`;
    // Parsed rows (line and column), with images and links, beside rows the columns carry whole
    // (a video; a row made in the editor, without a position).
    const entries: Entry[] = [];
    for (let i = 0; i < CHUNK_SIZE + 7; i++) {
      const e: Entry = { id: i, loc: `https://www.example.com/p/${i}`, line: i + 3, column: 1 };
      if (i % 2 === 0)
        e.lastmod = i % 4 === 0 ? '2024-05-01' : `2024-05-01T10:${String(i % 60).padStart(2, '0')}:00Z`;
      if (i % 3 === 0) e.images = [{ loc: `https://cdn.example.com/${i}.jpg`, caption: `Photo ${i}` }];
      if (i % 5 === 0)
        e.alternates = [{ rel: 'alternate', hreflang: 'de', href: `https://www.example.com/de/p/${i}` }];
      if (i === 11) e.videos = [{ nodes: [{ name: 'title', text: 'T' }] }];
      entries.push(i === 13 ? { id: i, loc: 'https://www.example.com/new' } : e);
    }
    const w = { ...file(1), doc: { kind: 'urlset' as const, entries, nextId: entries.length } };
    const store = createIdbPersistence(name)!;
    await store.save(one(w));
    const db = await openDB(name, 1);
    const stored = await db.get('chunks', 0);
    expect(Array.isArray(stored)).toBe(false);
    expect(stored).toMatchObject({ n: CHUNK_SIZE });
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded?.files[0].doc.entries).toEqual(entries);
    // A chunk an older version saved as entry objects loads as it is.
    await db.put('chunks', entries.slice(0, CHUNK_SIZE), 0);
    db.close();
    const reader = createIdbPersistence(name)!;
    const again = await reader.load();
    expect(again?.files[0].doc.entries).toEqual(entries);
    // The loaded rows are what the adapter holds as saved: saving them again writes no chunk.
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await reader.save(again!);
    const chunkPuts = put.mock.calls.filter(([, key]) => typeof key === 'number');
    put.mockRestore();
    expect(chunkPuts).toEqual([]);
  });

  it('saves a document whose entries are made when read without making them, and restores it so', async () => {
    const name = `test-${dbCount++}`;
    const plain = makeDocument(CHUNK_SIZE * 3 + 11).entries;
    // As a received document holds its rows: columns, an entry made when read (core/lazyEntries.ts).
    const rows = new EntryRows();
    for (let from = 0; from < plain.length; from += 1500)
      rows.add(encodeEntryColumns(plain, from, Math.min(plain.length, from + 1500)));
    const entries = lazyEntries(
      rows,
      plain.map((_, i) => i),
    );
    const w = { ...file(1), doc: { kind: 'urlset' as const, entries, nextId: plain.length } };
    const store = createIdbPersistence(name)!;
    await store.save(one(w));
    expect(slotsOf(entries).slots.every((s) => typeof s === 'number')).toBe(true);
    const reader = createIdbPersistence(name)!;
    const loaded = (await reader.load())!;
    const back = loaded.files[0].doc.entries;
    expect(lazyRows(back)).not.toBeNull();
    expect(back).toEqual(plain);
    // Rows read since (made and kept) are still what is saved: no chunk written.
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await reader.save(loaded);
    // One row edited: only its chunk.
    const edited = [...back];
    edited[CHUNK_SIZE + 5] = { ...back[CHUNK_SIZE + 5], priority: '0.1' };
    const session = {
      ...loaded,
      files: [{ ...loaded.files[0], doc: { ...loaded.files[0].doc, entries: edited } }],
    };
    await reader.save(session);
    const chunkPuts = put.mock.calls.filter(([, key]) => typeof key === 'number').map(([, key]) => key);
    put.mockRestore();
    expect(chunkPuts).toEqual([1]);
    expect((await createIdbPersistence(name)!.load())?.files[0].doc.entries).toEqual(edited);
    // The first store, which saved the lazy array, sees the same rows once made: nothing to write.
    for (let i = 0; i < entries.length; i += 3) void entries[i];
    const again = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save(one({ ...w, doc: { ...w.doc, entries: [...entries] } }));
    const puts = again.mock.calls.filter(([, key]) => typeof key === 'number').length;
    again.mockRestore();
    expect(puts).toBe(0);
  });

  it("loads a record saved in today's format 1 (one document at chunk keys 0..n-1)", async () => {
    const name = `test-${dbCount++}`;
    const doc = makeDocument(CHUNK_SIZE + 3);
    // Exactly what the format-1 adapter wrote: meta 'current' with the document minus its
    // entries, and the entries in chunks 0 and 1.
    const db = await openDB(name, 1, {
      upgrade(d) {
        d.createObjectStore('meta');
        d.createObjectStore('chunks');
      },
    });
    const { entries, ...docRest } = doc;
    await db.put(
      'meta',
      {
        format: 1,
        savedAt: 5,
        fileName: 'old.xml',
        doc: docRest,
        settings: { publishUrl: '', crossSubmission: false },
        undo: [],
        redo: [],
        dirty: true,
        chunks: 2,
        rows: entries.length,
      },
      'current',
    );
    await db.put('chunks', entries.slice(0, CHUNK_SIZE), 0);
    await db.put('chunks', entries.slice(CHUNK_SIZE), 1);
    db.close();
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded).toMatchObject({ format: 2, savedAt: 5, active: 0 });
    expect(loaded?.files).toHaveLength(1);
    expect(loaded?.files[0]).toMatchObject({ fileName: 'old.xml', dirty: true });
    expect(loaded?.files[0].doc.entries).toEqual(entries);
  });
});
