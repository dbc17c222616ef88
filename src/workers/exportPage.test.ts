import zlib from 'node:zlib';
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
    message: {
      type: string;
      requestId: number;
      target?: number;
      files?: { bytes: Uint8Array }[];
      parts?: Uint8Array[];
      stream?: { id: number; heads: number[] };
    };
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
  it.each([
    ['xml.gz', 200_000],
    ['txt.gz', 200_000],
    ['xml.gz', 5000],
  ] as const)(
    '%s split at %i URLs: bodies stream ahead (transferred), each file is verified in the worker, and the files equal serializeFiles',
    async (format, maxUrls) => {
      const w = fakeWorker();
      const client = createSitemapClient({ createWorker: () => w });
      const doc = bigDoc(12_000);
      const options = { format, split: { maxUrls }, publishUrl: 'https://a.example/s.xml' };
      const out = await client.serialize(doc, options);
      const types = w.sent.map((m) => m.message.type);
      const at = types.indexOf('compress');
      expect(types.lastIndexOf('compress')).toBe(at);
      expect(types.lastIndexOf('body')).toBeLessThan(at);
      // Only the verification sends entries (in chunks, ahead of its request), after the bodies.
      expect(types.filter((t) => !['body', 'entries', 'verify', 'compress'].includes(t))).toEqual([]);
      if (types.includes('entries'))
        expect(types.indexOf('entries')).toBeGreaterThan(types.lastIndexOf('body'));
      const ref = serializeFiles(doc, options);
      // Every file written from the document is read back in the worker (a generated index,
      // one short entry per child, is read back on the page as it is written).
      const children = ref.files.length > 1 ? ref.files.length - 1 : 1;
      expect(types.filter((t) => t === 'verify')).toHaveLength(children);
      const compress = w.sent[at];
      expect(compress.transfer).toHaveLength(out.files.length);
      const bodies = w.sent.filter((m) => m.message.type === 'body');
      for (const b of bodies) expect(b.transfer).toHaveLength(b.message.parts?.length ?? -1);
      expect(compress.message.stream?.id).toBe(bodies[0].message.requestId);
      expect(out.issues).toEqual(ref.issues);
      expect(out.files.map((f) => [f.name, f.mime, f.entries, f.uncompressedBytes])).toEqual(
        ref.files.map((f) => [f.name, f.mime, f.entries, f.uncompressedBytes]),
      );
      const heads = compress.message.stream?.heads ?? [];
      for (let i = 0; i < ref.files.length; i++) {
        const a = zlib.gunzipSync(out.files[i].bytes);
        expect(a.equals(Buffer.from(gunzipSync(ref.files[i].bytes)))).toBe(true);
        if (i >= heads.length || heads[i] === 0) continue;
        // Streamed: the prolog follows the header as a stored block (0x00, LEN, NLEN, prolog).
        const gz = out.files[i].bytes;
        const at = 10 + out.files[i].name.length - 3 + 1;
        expect([gz[at], gz[at + 1] | (gz[at + 2] << 8)]).toEqual([0, heads[i]]);
      }
    },
  );

  it('an export without entries is still a valid file (no body was streamed)', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const out = await client.serialize(bigDoc(0), { format: 'xml.gz' });
    expect(w.sent.map((m) => m.message.type)).toEqual(['verify', 'compress']);
    const ref = serializeFiles(bigDoc(0), { format: 'xml', deferGzip: true });
    expect(zlib.gunzipSync(out.files[0].bytes).equals(Buffer.from(ref.files[0].bytes))).toBe(true);
  });

  it('plain XML still goes to the worker whole', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    await client.serialize(bigDoc(3), { format: 'xml' });
    expect(w.sent.map((m) => m.message.type)).toEqual(['serialize']);
  });

  it('a cancel while the page serializes rejects with AbortError, sends no compress request and drops the stream', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const ac = new AbortController();
    const p = client.serialize(bigDoc(200_000), { format: 'txt.gz' }, undefined, ac.signal);
    setTimeout(() => ac.abort(), 0);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    const types = w.sent.map((m) => m.message.type);
    expect(types).not.toContain('compress');
    if (types.length > 0) {
      expect(types.at(-1)).toBe('cancel');
      expect(w.sent.at(-1)?.message.target).toBe(w.sent[0].message.requestId);
    }
  });

  it('what the export leaves out on purpose (lean: no priority) is not a difference in the worker', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const out = await client.serialize(bigDoc(10), { format: 'xml.gz', lean: true });
    expect(out.issues.filter((i) => i.rule === 'ENC-004')).toEqual([]);
    expect(out.files).toHaveLength(1);
    expect(zlib.gunzipSync(out.files[0].bytes).toString()).not.toContain('<priority>');
  });

  it("the worker's verdict blocks the download: no files, the problem named under the file", async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const doc = bigDoc(3);
    const { exportInPage } = await import('./exportPage.ts');
    const seen: number[] = [];
    const out = await exportInPage(
      doc,
      { format: 'xml.gz' },
      (s) => client.compress!(s.files, { format: 'xml.gz' }),
      undefined,
      undefined,
      async (part, bytes) => {
        seen.push(part.entries.length, bytes.length);
        return [{ entry: 1, loc: part.entries[1].loc, message: 'Entry “x”: its loc would change on export' }];
      },
    );
    expect(seen[0]).toBe(3);
    expect(seen[1]).toBeGreaterThan(100);
    expect(out.files).toEqual([]);
    expect(out.issues.map((i) => [i.rule, i.entry])).toEqual([['ENC-004', 1]]);
    expect(out.issues[0].message).toMatch(
      /^Export blocked: sitemap\.xml was read back .*its loc would change on export/,
    );
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
