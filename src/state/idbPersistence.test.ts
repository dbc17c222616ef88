import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_SIZE, createIdbPersistence } from './idbPersistence.ts';
import type { SavedWorkspace } from './persist.ts';
import { makeDocument } from './testing.ts';

let dbCount = 0;
const workspace = (n: number): SavedWorkspace => ({
  format: 1,
  savedAt: 1_700_000_000_000,
  fileName: 'sitemap.xml',
  doc: makeDocument(n),
  settings: { publishUrl: 'https://www.example.com/sitemap.xml', crossSubmission: false },
  undo: [],
  redo: [],
  dirty: true,
});

describe('IndexedDB persistence (fake-indexeddb)', () => {
  it('round-trips a workspace across chunks and clears it', async () => {
    const name = `test-${dbCount++}`;
    const w = workspace(CHUNK_SIZE * 2 + 5);
    await createIdbPersistence(name)!.save(w);
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded?.doc.entries).toEqual(w.doc.entries);
    expect(loaded).toMatchObject({
      fileName: 'sitemap.xml',
      savedAt: w.savedAt,
      settings: w.settings,
      dirty: true,
    });
    const again = createIdbPersistence(name)!;
    await again.clear();
    expect(await again.load()).toBeNull();
  });

  it('keeps the saved document exact when it shrinks and when one row changes', async () => {
    const name = `test-${dbCount++}`;
    const store = createIdbPersistence(name)!;
    const w = workspace(CHUNK_SIZE * 3);
    await store.save(w);
    const entries = w.doc.entries.slice(0, CHUNK_SIZE + 10);
    entries[3] = { ...entries[3], priority: '0.99' };
    await store.save({ ...w, doc: { ...w.doc, entries } });
    const loaded = await createIdbPersistence(name)!.load();
    expect(loaded?.doc.entries).toEqual(entries);
  });

  it('after a one-row edit writes one chunk plus the meta record, not the whole document', async () => {
    const store = createIdbPersistence(`test-${dbCount++}`)!;
    const w = workspace(CHUNK_SIZE * 5);
    await store.save(w);
    const entries = w.doc.entries.slice();
    entries[CHUNK_SIZE * 2 + 1] = { ...entries[CHUNK_SIZE * 2 + 1], lastmod: '2026-01-01' };
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await store.save({ ...w, doc: { ...w.doc, entries } });
    expect(put).toHaveBeenCalledTimes(2);
    put.mockRestore();
  });
});
