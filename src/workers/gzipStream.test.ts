import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../core/arrays.ts';
import { crc32 } from '../core/gzip.ts';
import { createEngine } from './engine.ts';
import { type GzipStreamCtor, gzipHeader, nativeVerify, platformGzipStreams } from './exportGzip.ts';
import { assembleGzip, BodyCompressor, crc32Combine, streamedGzip } from './gzipStream.ts';
import { PROTOCOL_VERSION, type WorkerResponse } from './protocol.ts';
import { piped } from './testing.ts';

const streams = platformGzipStreams();
const native = streams as NonNullable<typeof streams>;
const enc = (s: string) => new TextEncoder().encode(s);

const concat = (...parts: Uint8Array[]): Uint8Array => concatBytes(parts);

/** Compress `body` in `pieces` writes and put `prolog` in front. */
async function streamed(prolog: Uint8Array, body: Uint8Array, tail: Uint8Array, pieces = 3) {
  const s = new BodyCompressor(native.compress);
  const step = Math.max(1, Math.ceil(body.length / pieces));
  for (let at = 0; at < body.length; at += step) s.write(body.slice(at, at + step));
  const c = await s.finish(tail);
  expect(c).not.toBeNull();
  return assembleGzip('sitemap.xml', prolog, c ?? { chunks: [], length: 0 });
}

describe('crc32Combine', () => {
  it('equals the CRC-32 of the concatenation', () => {
    const a = enc('<?xml version="1.0"?>\n<urlset>');
    for (const b of [new Uint8Array(0), enc('x'), enc('<url>caf\u00e9</url>\n'.repeat(9000))]) {
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(concat(a, b)));
      expect(crc32Combine(crc32(b), crc32(a), a.length)).toBe(crc32(concat(b, a)));
    }
    expect(crc32Combine(crc32(new Uint8Array(0)), crc32(a), a.length)).toBe(crc32(a));
  });
});

describe('streamed gzip: stored prolog + natively compressed body (OUT-010)', () => {
  const cases: Array<[string, string, string, string]> = [
    [
      'small',
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="x">\n',
      '<url><loc>https://a.example/</loc></url>\n',
      '</urlset>\n',
    ],
    ['empty body', '<?xml version="1.0"?>\n<urlset>', '', '</urlset>\n'],
    ['empty prolog (txt)', '', 'https://a.example/1\nhttps://a.example/2\n', ''],
    [
      'non-ASCII',
      '<urlset xmlns:x="urn:\u00e9">',
      '<url><loc>https://\u65e5\u672c.example/caf\u00e9</loc></url>\n'.repeat(3000),
      '</urlset>\n',
    ],
    [
      'prolog over 65,535 bytes',
      `<urlset>${'<x>\u00fc</x>'.repeat(30_000)}`,
      '<url/>\n'.repeat(100),
      '</urlset>\n',
    ],
  ];

  it.each(cases)('%s: any gunzip reads back exactly prolog + body + tail', async (_, p, b, t) => {
    const prolog = enc(p);
    const body = enc(b);
    const tail = enc(t);
    const gz = await streamed(prolog, body, tail);
    expect(gz).not.toBeNull();
    if (!gz) return;
    const original = concat(prolog, body, tail);
    expect(zlib.gunzipSync(gz).equals(Buffer.from(original))).toBe(true);
    expect(gz.subarray(0, 22)).toEqual(gzipHeader('sitemap.xml'));
    expect(await nativeVerify(gz, original, native.decompress)).toBe(true);
  });

  it('a prolog over 65,535 bytes takes several stored blocks', async () => {
    const prolog = enc('a'.repeat(65_535 * 2 + 10));
    const gz = (await streamed(prolog, enc('<url/>'), enc(''))) as Uint8Array;
    const first = 22;
    expect([gz[first], gz[first + 1], gz[first + 2], gz[first + 3], gz[first + 4]]).toEqual([
      0, 255, 255, 0, 0,
    ]);
    const second = first + 5 + 65_535;
    expect([gz[second], gz[second + 1] | (gz[second + 2] << 8)]).toEqual([0, 65_535]);
    const third = second + 5 + 65_535;
    expect([gz[third], gz[third + 1] | (gz[third + 2] << 8)]).toEqual([0, 10]);
    expect(zlib.gunzipSync(gz).equals(Buffer.from(concat(prolog, enc('<url/>'))))).toBe(true);
  });

  it('streamedGzip gives null (whole-file fallback) when a file was not streamed or its lengths do not fit', async () => {
    const raw = enc('<urlset>body</urlset>\n');
    const none = streamedGzip(new Map(), [8]);
    expect(await none(0, raw, 'sitemap.xml')).toBeNull();
    const s = new BodyCompressor(native.compress);
    s.write(enc('body'.repeat(10)));
    expect(await streamedGzip(new Map([[0, s]]), [8])(0, raw, 'sitemap.xml')).toBeNull();
    const ok = new BodyCompressor(native.compress);
    ok.write(enc('body'));
    const gz = await streamedGzip(new Map([[0, ok]]), [8])(0, raw, 'sitemap.xml');
    expect(gz && zlib.gunzipSync(gz).equals(Buffer.from(raw))).toBe(true);
  });
});

/** A compressor whose output is gathered into one chunk and has `edit` applied to it. */
function editingLast(ctor: GzipStreamCtor, edit: (all: Uint8Array) => void): GzipStreamCtor {
  return piped(ctor, () => {
    const chunks: Uint8Array[] = [];
    return {
      transform: (c) => {
        chunks.push(c);
      },
      flush: (out) => {
        const all = concat(...chunks);
        edit(all);
        out.enqueue(all);
      },
    };
  });
}

describe('engine: body messages, then compress with the stream', () => {
  const raw = enc(
    `<urlset xmlns="u">\n${'<url><loc>https://a.example/\u00e9</loc></url>\n'.repeat(2000)}</urlset>\n`,
  );
  const head = enc('<urlset xmlns="u">\n').length;
  const body = raw.subarray(head, raw.length - enc('</urlset>\n').length);

  async function run(compress: GzipStreamCtor) {
    const engine = createEngine({ gzipStreams: { compress, decompress: native.decompress } });
    const posted: WorkerResponse[] = [];
    const post = (m: WorkerResponse) => posted.push(m);
    const base = { version: PROTOCOL_VERSION } as const;
    const half = body.length >> 1;
    await engine.handle({ ...base, requestId: 1, type: 'body', file: 0, parts: [body.slice(0, half)] }, post);
    await engine.handle({ ...base, requestId: 1, type: 'body', file: 0, parts: [body.slice(half)] }, post);
    const file = {
      name: 'sitemap.xml.gz',
      mime: 'application/gzip',
      bytes: raw,
      entries: 2000,
      uncompressedBytes: raw.length,
    };
    await engine.handle(
      {
        ...base,
        requestId: 2,
        type: 'compress',
        files: [file],
        issues: [],
        options: { format: 'xml.gz' },
        stream: { id: 1, heads: [head] },
      },
      post,
    );
    const r = posted[0];
    if (r.type !== 'result' || r.kind !== 'serialize') throw new Error('no result');
    return r.result;
  }

  it('returns one valid member with the prolog as a stored block', async () => {
    const out = await run(native.compress);
    expect(out.issues).toEqual([]);
    const gz = out.files[0].bytes;
    expect([gz[22], gz[23] | (gz[24] << 8)]).toEqual([0, head]);
    expect(zlib.gunzipSync(gz).equals(Buffer.from(raw))).toBe(true);
  });

  it.each([
    [
      'a changed deflate byte',
      (all: Uint8Array) => {
        all[all.length >> 1] ^= 0x55;
      },
    ],
    [
      'a wrong body CRC',
      (all: Uint8Array) => {
        all[all.length - 8] ^= 1;
      },
    ],
  ])('%s fails the self-check: GZ-003', async (_, edit) => {
    const out = await run(editingLast(native.compress, edit));
    expect(out.issues.map((i) => i.rule)).toEqual(['GZ-003']);
  });
});
