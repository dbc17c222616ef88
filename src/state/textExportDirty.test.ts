// A text export cannot carry dates, frequencies or other values (text holds URLs only): when it
// leaves some out, the document is not marked exported, so leaving still warns.
import { describe, expect, it } from 'vitest';
import { createSitemapClient } from '../workers/client.ts';
import { createEngine } from '../workers/engine.ts';
import { createAppStore } from './store.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const TEXT = 'https://a.example/\nhttps://a.example/b\nhttps://a.example/c\n';

async function editedTextStore() {
  const worker = createSitemapClient({
    createWorker: () => null,
    engine: createEngine({ decompressionStream: null, gzipStreams: null }),
  });
  const store = createAppStore({ worker, now: () => Date.UTC(2026, 0, 1) });
  await store.commands.openFile('urls.txt', enc(TEXT));
  const [first, second] = store.getState().doc?.entries ?? [];
  if (!first || !second) throw new Error('no entries');
  store.commands.setCell(first.id, 'lastmod', '2024-05-01');
  store.commands.setCell(second.id, 'changefreq', 'weekly');
  expect(store.getState().dirty).toBe(true);
  return store;
}

describe('a text export that leaves data out', () => {
  it('says what it left out (rows and fields), keeping the format or not', async () => {
    const store = await editedTextStore();
    for (const keepFormat of [true, false]) {
      const r = await store.commands.export({ format: 'txt', keepFormat }, 'preview');
      expect(r.dropped).toEqual({ rows: 2, fields: ['Last modified', 'Change frequency'] });
    }
    const xml = await store.commands.export({ format: 'xml', keepFormat: true }, 'preview');
    expect(xml.dropped).toBeUndefined();
  });

  it('markExported after downloading it keeps the edits marked unexported', async () => {
    const store = await editedTextStore();
    const r = await store.commands.export({ format: 'txt', keepFormat: true }, 'preview');
    store.commands.markExported(r);
    expect(store.getState().dirty).toBe(true);
  });

  it('a direct text download keeps them marked too; an XML download clears the mark', async () => {
    const store = await editedTextStore();
    await store.commands.export({ format: 'txt', keepFormat: true });
    expect(store.getState().dirty).toBe(true);
    const xml = await store.commands.export({ format: 'xml', keepFormat: true }, 'preview');
    store.commands.markExported(xml);
    expect(store.getState().dirty).toBe(false);
  });
});
