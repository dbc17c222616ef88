import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { gzipBytes } from '../core/gzip.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { serializeFiles } from '../core/serialize.ts';
import { createEngine } from './engine.ts';
import {
  exportGzipNative,
  type GzipStreamCtor,
  gzipHeader,
  nativeGzip,
  nativeVerify,
  platformGzipStreams,
} from './exportGzip.ts';
import { PROTOCOL_VERSION, type WorkerResponse } from './protocol.ts';
import { piped } from './testing.ts';

const streams = platformGzipStreams();
const native = streams as NonNullable<typeof streams>;
const enc = (s: string) => new TextEncoder().encode(s);

function doc(n: number): SitemapDocument {
  const entries: Entry[] = [];
  for (let i = 0; i < n; i++) {
    entries.push({
      id: i,
      loc: `https://a.example/caf\u00e9/${i}?a=1&b=2`,
      lastmod: '2024-06-24',
      ...(i % 3 === 0
        ? { images: [{ loc: `https://a.example/${i}.jpg`, caption: 'Tom & "Jerry" \u65e5' }] }
        : {}),
    });
  }
  return { kind: 'urlset', entries, nextId: n };
}

/** A stream constructor that runs the real one and then applies `edit` to each output chunk. */
const editing = (ctor: GzipStreamCtor, edit: (c: Uint8Array) => Uint8Array): GzipStreamCtor =>
  piped(ctor, () => ({ transform: (c, out) => out.enqueue(edit(c)) }));

describe('native gzip export (OUT-010)', () => {
  it('Node 20+ and browsers have both streams', () => {
    expect(streams).not.toBeNull();
  });

  it('writes the same header as the fflate path: MTIME 0, OS 3, FNAME = the uncompressed name', () => {
    const data = enc('<urlset/>');
    const ref = gzipBytes(data, { filename: 'sitemap.xml' });
    expect(gzipHeader('sitemap.xml')).toEqual(ref.subarray(0, 10 + 'sitemap.xml'.length + 1));
    expect([...gzipHeader()]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
  });

  it('compresses natively into one member that any gunzip reads back, larger than one write', async () => {
    const data = enc('<url>ü</url>\n'.repeat(200_000));
    const gz = await nativeGzip(data, 'sitemap.xml', native.compress);
    expect(gz).not.toBeNull();
    if (!gz) return;
    expect(gz.subarray(0, 22)).toEqual(gzipHeader('sitemap.xml'));
    expect(Buffer.from(gunzipSync(gz)).equals(Buffer.from(data))).toBe(true);
    expect(await nativeVerify(gz, data, native.decompress)).toBe(true);
  });

  it('the self-check fails on a changed byte, a truncated file or different original bytes', async () => {
    const data = enc('https://a.example/\n'.repeat(5000));
    const gz = (await nativeGzip(data, 'sitemap.txt', native.compress)) as Uint8Array;
    const bad = gz.slice();
    bad[40] ^= 0xff;
    expect(await nativeVerify(bad, data, native.decompress)).toBe(false);
    expect(await nativeVerify(gz.subarray(0, gz.length - 9), data, native.decompress)).toBe(false);
    const other = data.slice();
    other[100] = 0x41;
    expect(await nativeVerify(gz, other, native.decompress)).toBe(false);
    // Original bytes at an odd offset (compared byte by byte): equal, then one byte off.
    const shifted = new Uint8Array(data.length + 1);
    shifted.set(data, 1);
    expect(await nativeVerify(gz, shifted.subarray(1), native.decompress)).toBe(true);
    shifted[data.length - 3] ^= 1;
    expect(await nativeVerify(gz, shifted.subarray(1), native.decompress)).toBe(false);
  });

  it('gives the same files, names, sizes and issues as serializeFiles, also when split with an index', async () => {
    const d = doc(250);
    for (const options of [
      { format: 'xml.gz' as const },
      { format: 'txt.gz' as const },
      {
        format: 'xml.gz' as const,
        split: { maxUrls: 100 },
        publishUrl: 'https://a.example/maps/sitemap.xml',
      },
      { format: 'xml.gz' as const, split: { maxUrls: 100 } },
    ]) {
      const ref = serializeFiles(d, options);
      const out = await exportGzipNative(d, options, native);
      expect(out).not.toBeNull();
      if (!out) return;
      expect(out.issues).toEqual(ref.issues);
      const shape = (f: (typeof ref.files)[number]) => [f.name, f.mime, f.entries, f.uncompressedBytes];
      expect(out.files.map(shape)).toEqual(ref.files.map(shape));
      for (let i = 0; i < ref.files.length; i++)
        expect(gunzipSync(out.files[i].bytes)).toEqual(gunzipSync(ref.files[i].bytes));
    }
  });

  it('leaves other formats and gzip level 9 to serializeFiles', async () => {
    expect(await exportGzipNative(doc(3), { format: 'xml' }, native)).toBeNull();
    expect(await exportGzipNative(doc(3), { format: 'zip', childFormat: 'xml.gz' }, native)).toBeNull();
    expect(await exportGzipNative(doc(3), { format: 'xml.gz', gzipLevel: 9 }, native)).toBeNull();
  });

  it('reports GZ-003 with the usual message when decompressing does not give the same bytes back', async () => {
    const corrupting = editing(native.decompress, (c) => {
      const x = c.slice();
      x[0] ^= 1;
      return x;
    });
    const out = await exportGzipNative(doc(5), { format: 'xml.gz' }, { ...native, decompress: corrupting });
    expect(out?.issues.map((i) => [i.rule, i.severity, i.message])).toEqual([
      ['GZ-003', 'error', 'Compressing sitemap.xml.gz failed its self-check; do not publish it.'],
    ]);
  });

  it('falls back to fflate for a file when the native header is not the plain 10-byte one', async () => {
    const flagged = editing(native.compress, (c) => {
      const x = c.slice();
      if (x[0] === 0x1f && x[1] === 0x8b) x[3] = 0x10;
      return x;
    });
    const d = doc(20);
    const out = await exportGzipNative(d, { format: 'xml.gz' }, { ...native, compress: flagged });
    expect(out?.issues).toEqual([]);
    expect(out?.files[0].bytes).toEqual(serializeFiles(d, { format: 'xml.gz' }).files[0].bytes);
  });

  it('the engine answers an xml.gz request through the native streams, and through fflate without them', async () => {
    const d = doc(30);
    const run = async (gzipStreams: typeof streams) => {
      const posted: WorkerResponse[] = [];
      await createEngine({ gzipStreams }).handle(
        {
          version: PROTOCOL_VERSION,
          requestId: 1,
          type: 'serialize',
          docVersion: 0,
          doc: d,
          options: { format: 'xml.gz' },
        },
        (m) => posted.push(m),
      );
      const r = posted.at(-1);
      return r?.type === 'result' && r.kind === 'serialize' ? r.result : null;
    };
    let used = 0;
    const counting = editing(native.compress, (c) => {
      used++;
      return c;
    });
    const viaNative = await run({ ...native, compress: counting });
    const viaFflate = await run(null);
    expect(used).toBeGreaterThan(0);
    expect(viaFflate?.files[0].bytes).toEqual(serializeFiles(d, { format: 'xml.gz' }).files[0].bytes);
    expect(gunzipSync(viaNative?.files[0].bytes ?? new Uint8Array())).toEqual(
      gunzipSync(viaFflate?.files[0].bytes ?? new Uint8Array()),
    );
  });
});
