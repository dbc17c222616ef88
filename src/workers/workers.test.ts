import { describe, expect, it } from 'vitest';
import { concatBytes } from '../core/arrays.ts';
import { gzipBytes } from '../core/gzip.ts';
import type { SitemapDocument } from '../core/model.ts';
import { createSitemapClient, type WorkerLike } from './client.ts';
import { createEngine } from './engine.ts';
import { nativeGunzip, platformDecompressionStream } from './nativeGunzip.ts';
import {
  chunkEnds,
  ENTRY_CHUNK,
  isProtocolMessage,
  PARSE_CHUNK_MIN_CHARS,
  PARSE_ENTRY_CHUNK,
  PROTOCOL_VERSION,
  transferablesOf,
  type WorkerResponse,
} from './protocol.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const xml = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>\n`;
const enc = (s: string) => new TextEncoder().encode(s);
const inThread = () => createSitemapClient({ createWorker: () => null });

const concat = (...parts: Uint8Array[]): Uint8Array => concatBytes(parts);

describe('protocol', () => {
  it('recognizes its own version only', () => {
    expect(isProtocolMessage({ version: PROTOCOL_VERSION, requestId: 1, type: 'parse' })).toBe(true);
    expect(isProtocolMessage({ version: PROTOCOL_VERSION + 1, requestId: 1, type: 'parse' })).toBe(false);
    expect(isProtocolMessage('hello')).toBe(false);
  });

  it('transfers whole output buffers, never a buffer shared with other data', () => {
    const own = new Uint8Array(8);
    const shared = new Uint8Array(new ArrayBuffer(16), 4, 4);
    const msg: WorkerResponse = {
      version: PROTOCOL_VERSION,
      requestId: 1,
      type: 'result',
      kind: 'serialize',
      result: {
        files: [
          { name: 'a', mime: 'x', bytes: own, entries: 1, uncompressedBytes: 8 },
          { name: 'b', mime: 'x', bytes: shared, entries: 1, uncompressedBytes: 4 },
        ],
        issues: [],
      },
    };
    expect(transferablesOf(msg)).toEqual([own.buffer]);
  });
});

describe('engine', () => {
  it('parses, reports progress and posts one result per request', async () => {
    const posted: WorkerResponse[] = [];
    await createEngine({ decompressionStream: null }).handle(
      {
        version: PROTOCOL_VERSION,
        requestId: 7,
        type: 'parse',
        bytes: enc(xml(['https://a.example/'])),
        fileName: 'a.xml',
      },
      (m) => posted.push(m),
    );
    const result = posted.find((m) => m.type === 'result');
    expect(result?.requestId).toBe(7);
    // The entries go ahead as columns (every parse result: the page makes each entry when read).
    expect(result?.type === 'result' && result.kind === 'parse' && result.entryChunks).toBe(1);
    const columns = posted.find((m) => m.type === 'columns');
    expect(columns?.type === 'columns' && columns.columns.n).toBe(1);
    expect(columns?.type === 'columns' && columns.columns.text).toBe('https://a.example/');
    expect(posted.some((m) => m.type === 'progress')).toBe(true);
  });

  it('moves the issue snapshot of a validated parse (its buffers are transferred, not copied)', async () => {
    const posted: Array<{ msg: WorkerResponse; transfer: Transferable[] }> = [];
    await createEngine({ decompressionStream: null }).handle(
      {
        version: PROTOCOL_VERSION,
        requestId: 8,
        type: 'parse',
        // More entries than one chunk, so the result is a new message beside the entry chunks.
        bytes: enc(
          xml(['https://a.example/a b', ...Array.from({ length: 3000 }, (_, i) => `https://a.example/${i}`)]),
        ),
        fileName: 'a.xml',
        validate: { now: Date.UTC(2026, 10, 27) },
      },
      (msg, transfer) => posted.push({ msg, transfer: transfer ?? [] }),
    );
    const last = posted.find((p) => p.msg.type === 'result');
    const v =
      last?.msg.type === 'result' && last.msg.kind === 'parse' ? last.msg.result.validation : undefined;
    expect(v?.ids.length).toBe(1);
    for (const a of [v?.ids, v?.pos, v?.starts, v?.issues, v?.ends])
      expect(last?.transfer).toContain(a?.buffer);
  });

  it('decodes every member of a multi-member gzip, natively or through the core fallback', async () => {
    const doc = xml(['https://a.example/1']);
    const emptyFirst = concat(gzipBytes(new Uint8Array(0)), gzipBytes(enc(doc)));
    const twoMembers = concat(gzipBytes(enc(doc.slice(0, 60))), gzipBytes(enc(doc.slice(60))));
    for (const bytes of [emptyFirst, twoMembers]) {
      const client = createSitemapClient({ createWorker: () => null });
      const r = await client.parse(bytes, 'sitemap.xml.gz');
      expect(r.fatal).toBeNull();
      expect(r.document.source?.gzip).toBe(true);
      expect(r.document.entries.length).toBeGreaterThan(0);
    }
    const split = await inThread().parse(twoMembers, 'sitemap.xml.gz');
    expect(split.document.entries.map((e) => e.loc)).toEqual(['https://a.example/1']);
    expect(split.issues.some((i) => i.rule === 'GZ-004')).toBe(true);
  });

  it('rejects a native result that stops after the first member (trailer size check)', async () => {
    const one = gzipBytes(enc('aaaa'));
    const two = concat(one, gzipBytes(enc('bbbbbbbb')));
    // A lenient fake that returns only the first member's data.
    class FirstMemberOnly {
      readable: ReadableStream<Uint8Array>;
      writable: WritableStream<Uint8Array>;
      constructor() {
        const t = new TransformStream<Uint8Array, Uint8Array>({
          flush: (c) => c.enqueue(enc('aaaa')),
          transform: () => undefined,
        });
        this.readable = t.readable;
        this.writable = t.writable;
      }
    }
    expect(await nativeGunzip(two, 1000, FirstMemberOnly)).toBeNull();
    expect(await nativeGunzip(one, 1000, FirstMemberOnly)).toEqual(enc('aaaa'));
    expect(await nativeGunzip(one, 2, FirstMemberOnly)).toBe('over-cap');
  });

  it('inflates a single member natively (Node 20+ and browsers have DecompressionStream)', async () => {
    expect(platformDecompressionStream()).not.toBeNull();
    const data = enc(xml(['https://a.example/x']));
    expect(await nativeGunzip(gzipBytes(data), 1_000_000)).toEqual(data);
  });
});

describe('big parse results travel in entry chunks', () => {
  // Long enough that PARSE_ENTRY_CHUNK of them carry PARSE_CHUNK_MIN_CHARS of text.
  const longUrl = (i: number) => `https://www.example.com/a-section/a-path-long-enough-for-a-full-chunk/${i}`;

  it('posts the entries ahead in PARSE_ENTRY_CHUNK messages and the client rebuilds them in order', async () => {
    const urls = Array.from({ length: PARSE_ENTRY_CHUNK * 2 + 5 }, (_, i) => longUrl(i));
    const posted: WorkerResponse[] = [];
    await createEngine({ decompressionStream: null }).handle(
      { version: PROTOCOL_VERSION, requestId: 3, type: 'parse', bytes: enc(xml(urls)), fileName: 'a.xml' },
      (m) => posted.push(m),
    );
    const chunks = posted.filter((m) => m.type === 'columns');
    expect(chunks.map((m) => (m.type === 'columns' ? m.columns.n : 0))).toEqual([
      PARSE_ENTRY_CHUNK,
      PARSE_ENTRY_CHUNK,
      5,
    ]);
    const result = posted.at(-1);
    expect(result?.type === 'result' && result.entryChunks).toBe(3);
    expect(result?.type === 'result' && result.kind === 'parse' && result.result.document.entries).toEqual(
      [],
    );
    const viaClient = await inThread().parse(enc(xml(urls)), 'a.xml');
    expect(viaClient.document.entries.map((e) => e.loc)).toEqual(urls);
    expect(viaClient.document.entries.map((e) => e.id)).toEqual(urls.map((_, i) => i));
  });

  it('posts short URLs in chunks of PARSE_CHUNK_MIN_CHARS of text or more: past 128 KiB, the page gets each as a large object', async () => {
    // The 1,000,000-line text file's URLs: 2,500 of them are ~57,000 characters, a string V8
    // allocates young on the page, where the receive's scavenges copy it with the entries.
    const urls = Array.from({ length: 40_000 }, (_, i) => `https://a.example/${i}`);
    const posted: WorkerResponse[] = [];
    await createEngine({ decompressionStream: null }).handle(
      { version: PROTOCOL_VERSION, requestId: 5, type: 'parse', bytes: enc(xml(urls)), fileName: 'a.xml' },
      (m) => posted.push(m),
    );
    const chunks = posted.flatMap((m) => (m.type === 'columns' ? [m.columns] : []));
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks.slice(0, -1)) {
      expect(c.text.length).toBeGreaterThanOrEqual(PARSE_CHUNK_MIN_CHARS);
      expect(c.text.length).toBeGreaterThan(128 * 1024);
      expect(c.n).toBeGreaterThan(PARSE_ENTRY_CHUNK);
      expect(c.n).toBeLessThanOrEqual(ENTRY_CHUNK);
    }
    expect(chunks.reduce((n, c) => n + c.n, 0)).toBe(urls.length);
    const viaClient = await inThread().parse(enc(xml(urls)), 'a.xml');
    expect(viaClient.document.entries.map((e) => e.loc)).toEqual(urls);
  });

  it('hands the parsed bytes back with the first chunk, and the client puts them on the result', async () => {
    const urls = Array.from({ length: PARSE_ENTRY_CHUNK * 2 + 5 }, (_, i) => longUrl(i));
    const text = xml(urls);
    const posted: Array<{ msg: WorkerResponse; transfer: ArrayBuffer[] }> = [];
    await createEngine({ decompressionStream: null }).handle(
      { version: PROTOCOL_VERSION, requestId: 4, type: 'parse', bytes: enc(text), fileName: 'a.xml' },
      (msg, transfer) => posted.push({ msg, transfer }),
    );
    const [first, ...later] = posted.filter((p) => p.msg.type === 'columns');
    const file = first.msg.type === 'columns' ? first.msg.file : undefined;
    expect(file && new TextDecoder().decode(file)).toBe(text);
    // Transferred, not cloned: the page gets the buffer without a copy.
    expect(file && first.transfer).toContain(file?.buffer);
    expect(later.every((p) => p.msg.type === 'columns' && p.msg.file === undefined)).toBe(true);
    const result = posted.at(-1)?.msg;
    expect(result?.type === 'result' && result.kind === 'parse' && 'file' in result.result).toBe(false);
    const viaClient = await inThread().parse(enc(text), 'a.xml');
    expect(viaClient.file && new TextDecoder().decode(viaClient.file)).toBe(text);
    expect(viaClient.document.entries).toHaveLength(urls.length);
  });
});

describe('client (in-thread fallback)', () => {
  it('parses and serializes with the same core as the worker', async () => {
    const client = inThread();
    expect(client.inThread).toBe(true);
    const r = await client.parse(enc(xml(['https://a.example/', 'https://a.example/b'])), 'a.xml');
    expect(r.document.entries).toHaveLength(2);
    const out = await client.serialize(r.document, { format: 'txt' });
    expect(new TextDecoder().decode(out.files[0].bytes)).toBe('https://a.example/\nhttps://a.example/b\n');
  });

  it('rejects with AbortError when cancelled and drops the late result', async () => {
    const client = inThread();
    const ac = new AbortController();
    const p = client.parse(enc(xml(['https://a.example/'])), 'a.xml', undefined, ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    const again = await client.parse(enc(xml(['https://b.example/'])), 'b.xml');
    expect(again.document.entries[0].loc).toBe('https://b.example/');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(
      inThread().serialize({ kind: 'urlset', entries: [], nextId: 0 }, {}, undefined, ac.signal),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('client (worker path)', () => {
  function fakeWorker(ordersFrom?: number) {
    const engine = createEngine({ decompressionStream: null, ordersFrom });
    const sent: Array<{ message: unknown; transfer: Transferable[] }> = [];
    const w: WorkerLike & { sent: typeof sent; terminated: number } = {
      sent,
      terminated: 0,
      onmessage: null,
      onerror: null,
      postMessage(message, transfer) {
        sent.push({ message, transfer });
        void engine.handle(message as never, (msg) =>
          queueMicrotask(() => w.onmessage?.({ data: msg } as MessageEvent)),
        );
      },
      terminate() {
        w.terminated++;
      },
    };
    return w;
  }

  it('transfers the input buffer, routes progress and resolves by request id', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const bytes = enc(xml(['https://a.example/']));
    const phases: string[] = [];
    const r = await client.parse(bytes, 'a.xml', (phase) => phases.push(phase));
    expect(r.document.entries).toHaveLength(1);
    expect(w.sent[0].transfer).toEqual([bytes.buffer]);
    expect(phases).toContain('parse');
  });

  it('after a big parse, sends the loc and lastmod orders of exactly the entries the parse resolved with, once asked', async () => {
    const w = fakeWorker(3);
    const client = createSitemapClient({ createWorker: () => w });
    const locs = ['https://c.example/', 'https://a.example/', '', 'https://b.example/'];
    const got: Array<{ column: string; asc: number[]; filled: number; same: boolean }> = [];
    let entries: readonly unknown[] = [];
    const all = new Promise<void>((resolve) => {
      void client
        .parse(enc(xml(locs)), 'big.xml', undefined, undefined, (order, of) => {
          got.push({
            column: order.column,
            asc: Array.from(order.asc),
            filled: order.filled,
            same: of === entries,
          });
          if (got.length === 2) resolve();
        })
        .then((r) => {
          entries = r.document.entries;
        });
    });
    // The worker holds them until the page asks (its open done): no order while it checks.
    await new Promise((r) => setTimeout(r, 20));
    expect(entries).toHaveLength(4);
    expect(got).toEqual([]);
    client.releaseOrders?.();
    await all;
    expect(got).toEqual([
      { column: 'loc', asc: [1, 3, 0, 2], filled: 3, same: true },
      { column: 'lastmod', asc: [0, 1, 2, 3], filled: 0, same: true },
    ]);
    // A small parse (under ordersFrom) sends none.
    let calls = 0;
    await client.parse(enc(xml(['https://a.example/'])), 'small.xml', undefined, undefined, () => calls++);
    client.releaseOrders?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(0);
  });

  it('drops the held orders of a big parse when the next parse comes before the page asked', async () => {
    const w = fakeWorker(3);
    const client = createSitemapClient({ createWorker: () => w });
    const locs = ['https://c.example/', 'https://a.example/', 'https://b.example/'];
    const first: string[] = [];
    const second: string[] = [];
    await client.parse(enc(xml(locs)), 'one.xml', undefined, undefined, (o) => first.push(o.column));
    await client.parse(enc(xml(locs)), 'two.xml', undefined, undefined, (o) => second.push(o.column));
    client.releaseOrders?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(first).toEqual([]);
    expect(second).toEqual(['loc', 'lastmod']);
    // Asked once: a second release sends nothing again.
    client.releaseOrders?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(second).toEqual(['loc', 'lastmod']);
  });

  it('terminates a busy worker on cancel and starts a fresh one for the next request', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const client = createSitemapClient({
      createWorker: () => {
        const w = fakeWorker();
        workers.push(w);
        return w;
      },
    });
    const ac = new AbortController();
    const p = client.parse(enc(xml(['https://a.example/'])), 'a.xml', undefined, ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(workers[0].terminated).toBe(1);
    const doc: SitemapDocument = {
      kind: 'urlset',
      entries: [{ id: 0, loc: 'https://a.example/' }],
      nextId: 1,
    };
    await client.serialize(doc, { format: 'xml' });
    expect(workers).toHaveLength(2);
  });

  const bigDoc = (n: number): SitemapDocument => ({
    kind: 'urlset',
    entries: Array.from({ length: n }, (_, i) => ({ id: i, loc: `https://a.example/${i}` })),
    nextId: n,
  });

  it('sends a big document to the worker in entry chunks, one per task, and serializes all of it', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const n = ENTRY_CHUNK * 2 + 3;
    const out = await client.serialize(bigDoc(n), { format: 'xml' });
    const types = w.sent.map((m) => (m.message as { type: string }).type);
    expect(types).toEqual(['entries', 'entries', 'entries', 'serialize']);
    const req = w.sent[3].message as { entryChunks?: number; doc: SitemapDocument };
    expect(req.entryChunks).toBe(3);
    expect(req.doc.entries).toEqual([]);
    const xmlText = new TextDecoder().decode(out.files[0].bytes);
    expect(xmlText.match(/<loc>/g)).toHaveLength(n);
    expect(xmlText).toContain(`<loc>https://a.example/${n - 1}</loc>`);
  });

  it('cuts chunks by weight: entries with many alternates and images travel in smaller messages', () => {
    const rich = (i: number) => ({
      id: i,
      loc: `https://a.example/${i}`,
      images: [{ loc: 'https://a.example/a.jpg' }, { loc: 'https://a.example/b.jpg' }],
      alternates: ['de', 'en', 'fr', 'es', 'x-default'].map((l) => ({
        rel: 'alternate',
        hreflang: l,
        href: `https://a.example/${l}`,
      })),
    });
    const entries = Array.from({ length: 3000 }, (_, i) => rich(i));
    expect(chunkEnds(entries)).toEqual([1250, 2500, 3000]);
    expect(chunkEnds(bigDoc(ENTRY_CHUNK + 1).entries)).toEqual([ENTRY_CHUNK, ENTRY_CHUNK + 1]);
    expect(chunkEnds([])).toEqual([]);
    expect(chunkEnds(entries, PARSE_ENTRY_CHUNK)).toEqual([
      312, 624, 936, 1248, 1560, 1872, 2184, 2496, 2808, 3000,
    ]);
    // Short URLs: past the weight until the chunk's text is long enough, never past ENTRY_CHUNK.
    const plain = (n: number, loc: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => ({ id: i, loc: loc(i) }));
    const sixteen = plain(25_000, (i) => `https://a.ex/${String(i % 1000).padStart(3, '0')}`); // 16 characters
    expect(chunkEnds(sixteen, PARSE_ENTRY_CHUNK, 16 * 5_000)).toEqual([
      5_000, 10_000, 15_000, 20_000, 25_000,
    ]);
    expect(chunkEnds(sixteen, PARSE_ENTRY_CHUNK, 16 * 20_000)).toEqual([
      ENTRY_CHUNK,
      2 * ENTRY_CHUNK,
      25_000,
    ]);
  });

  it('stops sending chunks when the export is cancelled', async () => {
    const w = fakeWorker();
    const client = createSitemapClient({ createWorker: () => w });
    const ac = new AbortController();
    const p = client.serialize(bigDoc(ENTRY_CHUNK * 3), { format: 'xml' }, undefined, ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const types = w.sent.map((m) => (m.message as { type: string }).type);
    expect(types.filter((t) => t === 'entries')).toHaveLength(1);
    expect(types).not.toContain('serialize');
  });

  it('falls back to the main thread when the worker fails to load', async () => {
    const w = fakeWorker();
    w.postMessage = () => queueMicrotask(() => w.onerror?.(new Event('error')));
    const client = createSitemapClient({ createWorker: () => w });
    await expect(client.parse(enc(xml(['https://a.example/'])), 'a.xml')).rejects.toThrow(/worker failed/);
    const r = await client.parse(enc(xml(['https://a.example/'])), 'a.xml');
    expect(r.document.entries).toHaveLength(1);
    expect(client.inThread).toBe(true);
  });

  it('start() makes the worker at once, and the first request goes to that same worker', async () => {
    const w = fakeWorker();
    let made = 0;
    const client = createSitemapClient({
      createWorker: () => {
        made++;
        return w;
      },
    });
    client.start?.();
    expect(made).toBe(1);
    expect(w.sent).toHaveLength(0);
    void client.parse(enc(xml(['https://a.example/'])), 'a.xml').catch(() => undefined);
    expect(made).toBe(1);
    expect(w.sent).toHaveLength(1);
    expect((w.sent[0].message as { type: string }).type).toBe('parse');
    client.dispose();
  });
});
