import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { serializeFiles } from '../core/serialize.ts';
import { createSitemapClient, type WorkerLike } from './client.ts';
import { createEngine } from './engine.ts';

/** A worker stand-in running the real engine (native gzip streams of Node) in this thread. */
function fakeWorker() {
  const engine = createEngine({ decompressionStream: null });
  const sent: Array<{
    message: { type: string; files?: { bytes: Uint8Array }[] };
    transfer: Transferable[];
  }> = [];
  const w: WorkerLike & { sent: typeof sent } = {
    sent,
    onmessage: null,
    onerror: null,
    postMessage(message, transfer) {
      sent.push({ message: message as (typeof sent)[number]['message'], transfer });
      void engine.handle(message as never, (msg) =>
        queueMicrotask(() => w.onmessage?.({ data: msg } as MessageEvent)),
      );
    },
    terminate() {},
  };
  return w;
}

const bigDoc = (n: number): SitemapDocument => ({
  kind: 'urlset',
  entries: Array.from({ length: n }, (_, i) => ({
    id: i,
    loc: `https://a.example/caf\u00e9/${i}`,
    priority: '0.5',
  })),
  nextId: n,
});

describe('gzip export: the page serializes, the worker compresses', () => {
  it('sends no entries, only the raw bytes (transferred), and returns what serializeFiles returns', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const doc = bigDoc(12_000);
    const options = {
      format: 'xml.gz' as const,
      split: { maxUrls: 5000 },
      publishUrl: 'https://a.example/s.xml',
    };
    const out = await client.serialize(doc, options);
    expect(w.sent.map((m) => m.message.type)).toEqual(['compress']);
    const buffers = w.sent[0].transfer;
    expect(buffers).toHaveLength(4);
    const ref = serializeFiles(doc, options);
    expect(out.issues).toEqual(ref.issues);
    expect(out.files.map((f) => [f.name, f.mime, f.entries, f.uncompressedBytes])).toEqual(
      ref.files.map((f) => [f.name, f.mime, f.entries, f.uncompressedBytes]),
    );
    for (let i = 0; i < ref.files.length; i++) {
      const a = Buffer.from(gunzipSync(out.files[i].bytes));
      expect(a.equals(Buffer.from(gunzipSync(ref.files[i].bytes)))).toBe(true);
    }
  });

  it('plain XML still goes to the worker whole', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    await client.serialize(bigDoc(3), { format: 'xml' });
    expect(w.sent.map((m) => m.message.type)).toEqual(['serialize']);
  });

  it('a cancel while the page serializes rejects with AbortError and sends nothing', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const ac = new AbortController();
    const p = client.serialize(bigDoc(200_000), { format: 'txt.gz' }, undefined, ac.signal);
    setTimeout(() => ac.abort(), 0);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(w.sent).toEqual([]);
  });

  it('without a worker the in-thread engine gzips as before', async () => {
    const client = createSitemapClient({ createWorker: () => null });
    const doc = bigDoc(10);
    const out = await client.serialize(doc, { format: 'xml.gz' });
    expect(client.inThread).toBe(true);
    expect(gunzipSync(out.files[0].bytes)).toEqual(
      gunzipSync(serializeFiles(doc, { format: 'xml.gz' }).files[0].bytes),
    );
  });
});
