/**
 * gzip exports with the platform's native `CompressionStream('gzip')` (zlib, level 6, several
 * times faster than fflate in Chromium) and the OUT-010 self-check with `DecompressionStream`:
 * decompress once and compare with the exact bytes that were compressed. Used by the engine for
 * `xml.gz` / `txt.gz` exports where the streams exist; fflate stays the fallback (and for zip).
 *
 * The native stream writes a plain 10-byte header (FLG 0, MTIME 0). It is replaced by the header
 * fflate writes (MTIME 0, XFL 0, OS 3, FNAME = the uncompressed name), so a file carries the same
 * header whichever path made it; the header is not covered by the CRC, which covers the data only.
 */

import { concatBytes, sameBytes } from '../core/arrays.ts';
import { gzipBytes, verifyGzip } from '../core/gzip.ts';
import type { Issue, SitemapDocument } from '../core/model.ts';
import {
  gzipSelfCheckIssue,
  type OutputFile,
  type SerializeOptions,
  serializeFiles,
} from '../core/serialize.ts';

/** The constructor shape of CompressionStream / DecompressionStream; injected in tests. */
export type GzipStreamCtor = new (
  format: 'gzip',
) => {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
};

/** The platform's CompressionStream and DecompressionStream, or null when either is missing. */
export function platformGzipStreams(): { compress: GzipStreamCtor; decompress: GzipStreamCtor } | null {
  const g = globalThis as { CompressionStream?: GzipStreamCtor; DecompressionStream?: GzipStreamCtor };
  if (typeof g.CompressionStream !== 'function' || typeof g.DecompressionStream !== 'function') return null;
  return { compress: g.CompressionStream, decompress: g.DecompressionStream };
}

/** Input slice written to the compressor per write: keeps each native call short. */
const WRITE_BYTES = 1 << 20;

/**
 * gzip header as fflate writes it for level 6 (OUT-010): ID1 ID2 CM=8, FLG=FNAME when a name is
 * given, MTIME 0, XFL 0, OS 3 (Unix), then the Latin-1 name and a NUL.
 *
 * @example gzipHeader('sitemap.xml').length // 22
 */
export function gzipHeader(filename?: string): Uint8Array {
  const name = filename ?? '';
  const h = new Uint8Array(10 + (name === '' ? 0 : name.length + 1));
  h.set([0x1f, 0x8b, 8, name === '' ? 0 : 8, 0, 0, 0, 0, 0, 3]);
  for (let i = 0; i < name.length; i++) h[10 + i] = name.charCodeAt(i) & 0xff;
  return h;
}

async function readAll(
  readable: ReadableStream<Uint8Array>,
  onChunk: (c: Uint8Array) => void,
): Promise<void> {
  const reader = readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk(value);
  }
}

async function writeAll(writable: WritableStream<Uint8Array>, bytes: Uint8Array): Promise<void> {
  const writer = writable.getWriter();
  for (let at = 0; at < bytes.length; at += WRITE_BYTES) {
    await writer.ready;
    void writer.write(bytes.subarray(at, at + WRITE_BYTES)).catch(() => undefined);
  }
  await writer.close();
}

/**
 * gzip `raw` natively with {@link gzipHeader}(`filename`) in place of the native header. Null
 * when the native output does not start with the plain 10-byte header this code knows how to
 * replace (the caller then uses fflate).
 *
 * @example const gz = await nativeGzip(bytes, 'sitemap.xml', CompressionStream);
 */
export async function nativeGzip(
  raw: Uint8Array,
  filename: string | undefined,
  ctor: GzipStreamCtor,
): Promise<Uint8Array | null> {
  const cs = new ctor('gzip');
  const chunks: Uint8Array[] = [];
  let total = 0;
  const read = readAll(cs.readable, (c) => {
    chunks.push(c);
    total += c.length;
  });
  try {
    await Promise.all([writeAll(cs.writable, raw), read]);
  } catch {
    return null;
  }
  const native = chunks.length > 0 ? chunks[0] : new Uint8Array(0);
  // The first chunk holds at least the fixed header in Chromium, Node and Firefox.
  if (native.length < 10 || native[0] !== 0x1f || native[1] !== 0x8b || native[2] !== 8 || native[3] !== 0)
    return null;
  const header = gzipHeader(filename);
  chunks[0] = native.subarray(10);
  return concatBytes([header, ...chunks], header.length + total - 10);
}

/**
 * OUT-010 self-check: decompress `gz` once (natively; zlib also checks the CRC-32 and ISIZE
 * trailer) and compare every byte with `original`, chunk by chunk as they come out.
 *
 * @example await nativeVerify(gz, bytes, DecompressionStream) // true
 */
export async function nativeVerify(
  gz: Uint8Array,
  original: Uint8Array,
  ctor: GzipStreamCtor,
): Promise<boolean> {
  if (gz.length < 18) return false;
  const n = gz.length;
  const isize = (gz[n - 4] | (gz[n - 3] << 8) | (gz[n - 2] << 16) | (gz[n - 1] << 24)) >>> 0;
  if (isize !== original.length >>> 0) return false;
  const ds = new ctor('gzip');
  let at = 0;
  let same = true;
  const read = readAll(ds.readable, (c) => {
    if (!same || !sameBytes(c, original, at)) same = false;
    at += c.length;
  });
  try {
    await Promise.all([writeAll(ds.writable, gz), read]);
  } catch {
    return false;
  }
  return same && at === original.length;
}

/** Options the native path cannot honour exactly: the caller keeps the sync fflate path. */
export function nativeGzipApplies(options: SerializeOptions): boolean {
  const f = options.format;
  return (f === 'xml.gz' || f === 'txt.gz') && (options.gzipLevel === undefined || options.gzipLevel === 6);
}

/** gzip of file `i` whose body was compressed while it was written (see gzipStream.ts), or null. */
export type StreamedGzip = (i: number, raw: Uint8Array, filename: string) => Promise<Uint8Array | null>;

/**
 * gzip (and, unless `verifyGzip: false`, self-check) every `.gz` file of a `deferGzip` export:
 * natively when `streams` are given, the level is 6 and the native header is the plain one
 * (from `streamed` when it has the file), else with fflate.
 * A failed self-check adds GZ-003 to `issues`. Other files pass through unchanged.
 *
 * @example const out = await compressFiles(serializeFiles(doc, { format: 'xml.gz', deferGzip: true }), {}, streams);
 */
export async function compressFiles(
  serialized: { files: OutputFile[]; issues: Issue[] },
  options: SerializeOptions,
  streams: { compress: GzipStreamCtor; decompress: GzipStreamCtor } | null,
  streamed?: StreamedGzip,
): Promise<{ files: OutputFile[]; issues: Issue[] }> {
  const issues = [...serialized.issues];
  const files: OutputFile[] = [];
  for (let i = 0; i < serialized.files.length; i++) {
    const f = serialized.files[i];
    if (!f.name.endsWith('.gz')) {
      files.push(f);
      continue;
    }
    const raw = f.bytes;
    const filename = f.name.slice(0, -3);
    const useNative = streams !== null && (options.gzipLevel ?? 6) === 6;
    const fromStream = useNative && streamed ? await streamed(i, raw, filename) : null;
    const native = fromStream ?? (useNative ? await nativeGzip(raw, filename, streams.compress) : null);
    const gz = native ?? gzipBytes(raw, { level: options.gzipLevel ?? 6, filename });
    if (options.verifyGzip ?? true) {
      const ok = native && streams ? await nativeVerify(gz, raw, streams.decompress) : verifyGzip(gz, raw);
      if (!ok) issues.push(gzipSelfCheckIssue(f.name));
    }
    files.push({ ...f, bytes: gz });
  }
  return { files, issues };
}

/**
 * `serializeFiles` for `xml.gz` / `txt.gz` with native gzip and verification: same files, names,
 * entries, sizes and issues (GZ-003 when a self-check fails). A file whose native output is not
 * as expected is gzipped with fflate instead. Returns null when the native path does not apply
 * (other formats, a gzip level other than 6) so the caller uses `serializeFiles`.
 *
 * @example const out = (await exportGzipNative(doc, { format: 'xml.gz' }, streams)) ?? serializeFiles(doc, opts);
 */
export async function exportGzipNative(
  doc: SitemapDocument,
  options: SerializeOptions,
  streams: { compress: GzipStreamCtor; decompress: GzipStreamCtor },
): Promise<{ files: OutputFile[]; issues: Issue[] } | null> {
  if (!nativeGzipApplies(options)) return null;
  return compressFiles(serializeFiles(doc, { ...options, deferGzip: true }), options, streams);
}
