/**
 * Issue #18, the streamed parse: a big parse's entry chunks go to the page while the parser still
 * reads (entryStream.ts). Whatever is decided only at the end of the parse — a masked read that
 * bails out, the majority entry kind, a fatal error — the page ends with the same entries, issues,
 * per-entry pass and order as when every chunk is posted after the parse, and never keeps a
 * chunk of a reading that was dropped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Entry, ValidationSettings } from '../core/model.ts';
import type { CheckedColumns } from '../core/validate.ts';
import { createSitemapClient, type WorkerLike } from './client.ts';
import { createEngine, type EngineOptions } from './engine.ts';
import { PROTOCOL_VERSION, type WorkerResponse } from './protocol.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const realDir = path.resolve(repoRoot, '../shared/fixtures/real');
const hostileDir = path.resolve(repoRoot, 'bench/out/hostile');
const SETTINGS: ValidationSettings = { now: Date.UTC(2026, 10, 28) };
const enc = new TextEncoder();

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:x="urn:x">\n';

/** A URL row with findings, duplicates, hreflang and images (`i`-th); `extra` goes inside it. */
function url(i: number, extra = ''): string {
  const loc =
    i % 13 === 0 ? 'https://www.example.com/dup' : `https://www.example.com/section-${i % 7}/page-${i}`;
  const lastmod =
    i % 5 === 0 ? '<lastmod>2023-02-29</lastmod>' : '<lastmod>2024-05-01T10:00:00+00:00</lastmod>';
  const prio = i % 11 === 0 ? '<priority>1,0</priority>' : '<priority>0.5</priority>';
  const img =
    i % 7 === 0 ? `<image:image><image:loc>https://cdn.example.net/${i}.jpg</image:loc></image:image>` : '';
  const alt =
    i % 9 === 0
      ? `<xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/${i}"/><xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/section-${i % 7}/page-${i}"/>`
      : '';
  return `<url><loc>${loc}</loc>${lastmod}${prio}${img}${alt}${extra}</url>\n`;
}

/** A urlset of `n` rows; `extra(i)` goes inside row i. */
function urlset(n: number, extra: (i: number) => string = () => ''): Uint8Array {
  const rows: string[] = [];
  for (let i = 0; i < n; i++) rows.push(url(i, extra(i)));
  return enc.encode(`${HEAD}${rows.join('')}</urlset>\n`);
}

/** A worker stand-in running the engine; messages cloned both ways, transferred buffers detached. */
function transferringWorker(options: EngineOptions, log: WorkerResponse[] = []): WorkerLike {
  const engine = createEngine({ decompressionStream: null, gzipStreams: null, ...options });
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(message, transfer) {
      const req = structuredClone(message, { transfer: transfer as Transferable[] }) as Parameters<
        typeof engine.handle
      >[0];
      queueMicrotask(
        () =>
          void engine.handle(req, (out, moved) => {
            const copy = structuredClone(out, { transfer: moved });
            log.push(copy);
            setTimeout(() => w.onmessage?.({ data: copy } as MessageEvent), 0);
          }),
      );
    },
    terminate() {},
  };
  return w;
}

/** A checked run as the page reads it (the index sizes `total` and `hrefs` aside: estimated when streamed). */
function passOf(c: CheckedColumns) {
  const { total: _t, hrefs: _h, ...rest } = c;
  return rest;
}

interface Opened {
  result: Awaited<ReturnType<ReturnType<typeof createSitemapClient>['parse']>>;
  entries: Entry[];
  /** The checked runs the page was given, after the last drop (`null` call), by `from`. */
  runs: Array<[number, ReturnType<typeof passOf>]>;
  drops: number;
  log: WorkerResponse[];
}

async function open(bytes: Uint8Array, name: string, options: EngineOptions): Promise<Opened> {
  const log: WorkerResponse[] = [];
  const client = createSitemapClient({ createWorker: () => transferringWorker(options, log) });
  let runs: Opened['runs'] = [];
  let drops = 0;
  const result = await client.parse(
    bytes.slice(),
    name,
    undefined,
    undefined,
    undefined,
    SETTINGS,
    (_e, from, c) => {
      if (c === null) {
        drops++;
        runs = [];
      } else runs.push([from, passOf(c)]);
    },
  );
  client.dispose();
  return { result, entries: [...result.document.entries].map((e) => ({ ...e })), runs, drops, log };
}

/** The parse result as the page holds it, its entries made plain. */
function shape(o: Opened) {
  const { document, file, ...rest } = o.result;
  return {
    ...rest,
    document: { ...document, entries: o.entries },
    file: file ? Array.from(file.subarray(0, 64)) : null,
    bytes: file?.length,
  };
}

/** Opens `bytes` streamed (from `from` entries on) and posted after the parse; both must agree. */
async function agree(bytes: Uint8Array, name: string, from: number) {
  const streamed = await open(bytes, name, { splitFrom: from });
  const after = await open(bytes, name, { splitFrom: from, stream: false });
  expect(shape(streamed)).toEqual(shape(after));
  // A broken file's chunks carry the pass when streamed (its end was not known): the page drops them.
  if (streamed.result.fatal === null) expect(streamed.runs).toEqual(after.runs);
  return { streamed, after };
}

/** True when a `columns` message of the log came before the parse's last progress report (streamed). */
function chunkBeforeParseEnd(log: WorkerResponse[]): boolean {
  const end = log.findLastIndex((m) => m.type === 'progress' && m.phase === 'parse');
  return log.findIndex((m) => m.type === 'columns') < end;
}

describe('a big parse streamed to the page', () => {
  it('posts the chunks while the parser reads, and the page gets what a post after the parse gives', async () => {
    const { streamed, after } = await agree(urlset(12_000), 'big.xml', 1_000);
    expect(chunkBeforeParseEnd(streamed.log)).toBe(true);
    expect(chunkBeforeParseEnd(after.log)).toBe(false);
    expect(streamed.entries).toHaveLength(12_000);
    expect(streamed.runs.length).toBeGreaterThan(3);
    expect(streamed.runs.some(([, c]) => !c.pass)).toBe(true);
    expect(streamed.drops).toBe(0);
    // The parsed bytes came with the first chunk (the parser no longer read them).
    const first = streamed.log.find((m) => m.type === 'columns');
    expect(first?.type === 'columns' && first.file !== undefined).toBe(true);
  });

  it('sizes the first run by an estimate of the whole document', async () => {
    const { streamed } = await agree(urlset(12_000), 'big.xml', 1_000);
    const first = streamed.log.find((m) => m.type === 'columns');
    const c = first?.type === 'columns' ? first.checked : undefined;
    expect(c?.total).toBeGreaterThanOrEqual(12_000);
    expect(c?.total).toBeLessThan(13_000);
    const hrefs = Math.ceil(12_000 / 9) * 2;
    expect(c?.hrefs).toBeGreaterThanOrEqual(hrefs - 10);
    expect(c?.hrefs).toBeLessThan(hrefs * 1.1);
  });

  it('does not stream a parse of up to `splitFrom` entries (validated whole in the worker)', async () => {
    const { streamed } = await agree(urlset(3_000), 'small.xml', 5_000);
    expect(chunkBeforeParseEnd(streamed.log)).toBe(false);
    expect(streamed.result.validation).toBeDefined();
  });

  it('a sitemap index streams like a urlset', async () => {
    const maps = Array.from(
      { length: 9_000 },
      (_, i) =>
        `<sitemap><loc>https://www.example.com/maps/sitemap-${i % 4000}.xml</loc>${i % 3 ? '<lastmod>2024-01-01</lastmod>' : '<lastmod>bad</lastmod>'}</sitemap>\n`,
    );
    const bytes = enc.encode(
      `<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('')}</sitemapindex>`,
    );
    const { streamed } = await agree(bytes, 'index.xml', 500);
    expect(streamed.result.document.kind).toBe('sitemapindex');
    expect(chunkBeforeParseEnd(streamed.log)).toBe(true);
    // The worker's pass found the bad dates (DATE rules) and the repeated locs' hashes are in it.
    expect(streamed.runs.some(([, c]) => c.more.some((m) => m.local !== undefined))).toBe(true);
  });

  it('a masked read that bails out mid-file: the page drops the chunks it had and gets the decoded read', async () => {
    // Sparse non-ASCII in values (the masked read), then a non-ASCII element name two thirds in:
    // the masked read gives up there, after many chunks went out, and the file is decoded whole.
    const n = 12_000;
    const bytes = urlset(n, (i) =>
      i === 8_000
        ? '<x:größe>1</x:größe>'
        : i % 40 === 1
          ? `<image:image><image:loc>https://cdn.example.net/é${i}.jpg</image:loc></image:image>`
          : '',
    );
    const { streamed } = await agree(bytes, 'mixed.xml', 1_000);
    expect(streamed.drops).toBe(1);
    const restart = streamed.log.findIndex((m) => m.type === 'restart');
    expect(restart).toBeGreaterThan(0);
    // Chunks of the masked read went out before the restart, and the decoded read's after it.
    expect(streamed.log.slice(0, restart).filter((m) => m.type === 'columns').length).toBeGreaterThan(3);
    const again = streamed.log.slice(restart).filter((m) => m.type === 'columns');
    const result = streamed.log.at(-1);
    expect(result?.type === 'result' && result.entryChunks).toBe(again.length);
    expect(streamed.entries).toHaveLength(n);
    expect(streamed.entries[8_001].loc).toBe('https://www.example.com/section-0/page-8001');
    // The masked read kept the bytes (it reads them): they come with the result, once.
    expect(streamed.log.filter((m) => m.type === 'columns' && m.file !== undefined)).toHaveLength(1);
    expect(streamed.result.file?.length).toBe(bytes.length);
  });

  it('a masked read that bails out at invalid UTF-8: the decoded read (ENC-001 per row) goes after the parse', async () => {
    const parts = [enc.encode(`${HEAD}`)];
    for (let i = 0; i < 9_000; i++) {
      parts.push(
        enc.encode(
          url(
            i,
            i % 50 === 3 ? '<image:image><image:loc>https://a.example/ü.jpg</image:loc></image:image>' : '',
          ),
        ),
      );
      if (i === 7_000)
        parts.push(
          new Uint8Array([
            ...enc.encode('<url><loc>https://a.example/'),
            0xc3,
            0x28,
            ...enc.encode('</loc></url>\n'),
          ]),
        );
    }
    parts.push(enc.encode('</urlset>\n'));
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    const { streamed } = await agree(bytes, 'bad-utf8.xml', 1_000);
    expect(streamed.drops).toBe(1);
    expect(streamed.result.issues.some((i) => i.rule === 'ENC-001' && i.entry === 7_001)).toBe(true);
  });

  it('a urlset whose majority is <sitemap> entries: the <url> chunks streamed are dropped', async () => {
    const urls = Array.from({ length: 3_000 }, (_, i) => url(i)).join('');
    const maps = Array.from(
      { length: 4_000 },
      (_, i) => `<sitemap><loc>https://www.example.com/s-${i}.xml</loc></sitemap>\n`,
    ).join('');
    const bytes = enc.encode(`${HEAD}${urls}${maps}</urlset>\n`);
    const { streamed } = await agree(bytes, 'flip.xml', 500);
    expect(streamed.result.document.kind).toBe('sitemapindex');
    expect(streamed.result.document.otherEntries).toHaveLength(3_000);
    expect(streamed.drops).toBe(1);
    expect(streamed.result.issues.some((i) => i.rule === 'XML-011')).toBe(true);
  });

  it('a file cut off mid-entry: the streamed entries are the recovered ones', async () => {
    const whole = urlset(9_000);
    const bytes = whole.subarray(0, Math.floor(whole.length * 0.8));
    const { streamed } = await agree(bytes, 'cut.xml', 1_000);
    expect(streamed.result.fatal).not.toBeNull();
    expect(streamed.result.document.partial).toBe(true);
    expect(streamed.drops).toBe(0);
  });

  it('a cancel stops the parse: no chunk is kept and the next parse is whole', async () => {
    const log: WorkerResponse[] = [];
    const client = createSitemapClient({ createWorker: () => transferringWorker({ splitFrom: 1_000 }, log) });
    const ac = new AbortController();
    const first = client.parse(urlset(12_000), 'a.xml', undefined, ac.signal, undefined, SETTINGS, () => {
      ac.abort();
    });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const again = await client.parse(urlset(2_000), 'b.xml', undefined, undefined, undefined, SETTINGS);
    expect(again.document.entries).toHaveLength(2_000);
    client.dispose();
  });

  it('the worker never reads the bytes it handed back with the first chunk (they are detached)', async () => {
    const engine = createEngine({ decompressionStream: null, splitFrom: 1_000 });
    const log: WorkerResponse[] = [];
    const bytes = urlset(12_000);
    await engine.handle(
      {
        version: PROTOCOL_VERSION,
        requestId: 1,
        type: 'parse',
        bytes,
        fileName: 'a.xml',
        validate: SETTINGS,
      },
      (msg, transfer) => log.push(structuredClone(msg, { transfer })),
    );
    expect(bytes.length).toBe(0); // transferred away with the first chunk
    const result = log.at(-1);
    expect(result?.type === 'result' && result.kind === 'parse' && result.result.fatal).toBe(null);
    expect(
      log
        .filter((m) => m.type === 'columns')
        .reduce((n, m) => n + (m.type === 'columns' ? m.columns.n : 0), 0),
    ).toBe(12_000);
  });
});

describe('every real and hostile fixture: streamed from the first entry, the same as posted after the parse', () => {
  const files: Array<[string, string]> = [];
  if (existsSync(realDir))
    for (const f of readdirSync(realDir)) if (f !== 'SOURCES.md') files.push([realDir, f]);
  const hostile = [
    'deep-unknown-200k.xml',
    'deep-video-5000.xml',
    'findings-150k.xml',
    'ns-nested-10k.xml.gz',
    'ns-siblings-16k.xml',
    'raw-elements-60MB.xml.gz',
    'hreflang-images-50k.xml',
  ];
  for (const f of hostile) if (existsSync(path.join(hostileDir, f))) files.push([hostileDir, f]);
  if (files.length < 80) console.warn(`entryStream.test: only ${files.length} fixtures found`);
  for (const [dir, f] of files) {
    it(f, async () => {
      await agree(new Uint8Array(readFileSync(path.join(dir, f))), f, 0);
    }, 300_000);
  }
});
