/**
 * gzip for an export whose body is compressed while the page is still writing it. The root start
 * tag (namespace declarations: only those used, OUT-002) is known only after every entry is
 * written, so the body (entries + end tag) goes through the native `CompressionStream('gzip')` as
 * it arrives, and the prolog is put in front afterwards as uncompressed deflate stored blocks:
 *
 *     fflate-style header · stored(prolog) · the body's deflate blocks · CRC-32 · ISIZE
 *
 * The body's deflate stream starts byte-aligned and ends with its own final block; back
 * references never reach into the prolog (the compressor never saw it), so the member is valid.
 * The body's CRC-32 comes from zlib's trailer and is combined with the prolog's (zlib's
 * `crc32_combine`). The caller still decompresses the result once and compares (OUT-010).
 */

import { concatBytes } from '../core/arrays.ts';
import { crc32 } from '../core/gzip.ts';
import { type GzipStreamCtor, gzipHeader } from './exportGzip.ts';

/** Largest stored block (LEN is 16 bits). */
const STORED_MAX = 65_535;
/** Input slice per write: keeps each native call short. */
const WRITE_BYTES = 1 << 20;
const POLY = 0xedb88320;

/** a(x) · b(x) modulo the CRC-32 polynomial (reflected), as zlib's `multmodp`. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 (zlib's `x2n_table`). */
const X2N: number[] = [];
{
  let p = 0x40000000;
  X2N.push(p);
  for (let n = 1; n < 32; n++) {
    p = multModP(p, p);
    X2N.push(p);
  }
}

/**
 * CRC-32 of A followed by B from crc(A), crc(B) and B's length in bytes (zlib's
 * `crc32_combine`): O(log length), no data needed.
 *
 * @example crc32Combine(crc32(a), crc32(b), b.length) === crc32(concat(a, b)) // true
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  // x^(8·lengthB): walk the bits of lengthB starting at x^(2^3).
  let p = 0x80000000;
  let n = lengthB;
  let k = 3;
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return (multModP(p, crcA >>> 0) ^ crcB) >>> 0;
}

/** Bytes {@link storedBlocks} writes for `n` prolog bytes. */
function storedSize(n: number): number {
  return n + 5 * Math.ceil(n / STORED_MAX);
}

/** `bytes` as non-final deflate stored blocks (byte-aligned: 0x00, LEN, NLEN, data) into `out` at `at`. */
function storedBlocks(bytes: Uint8Array, out: Uint8Array, at: number): number {
  let o = at;
  for (let i = 0; i < bytes.length; i += STORED_MAX) {
    const len = Math.min(STORED_MAX, bytes.length - i);
    out[o] = 0;
    out[o + 1] = len & 0xff;
    out[o + 2] = len >>> 8;
    out[o + 3] = ~len & 0xff;
    out[o + 4] = (~len >>> 8) & 0xff;
    out.set(bytes.subarray(i, i + len), o + 5);
    o += 5 + len;
  }
  return o;
}

/** The body of one file as the native gzip stream wrote it: whole, with its 10-byte header and trailer. */
export interface CompressedBody {
  /** Output chunks of `CompressionStream('gzip')` over the body. */
  chunks: Uint8Array[];
  /** Their total length. */
  length: number;
}

/**
 * One gzip member: `prolog` as stored blocks in front of a body the native stream compressed.
 * Null when the native output is not a plain 10-byte header + deflate + 8-byte trailer.
 *
 * @example assembleGzip('sitemap.xml', prolog, await session.finish(tail))
 */
export function assembleGzip(
  filename: string | undefined,
  prolog: Uint8Array,
  body: CompressedBody,
): Uint8Array | null {
  const all = concatBytes(body.chunks, body.length);
  const n = all.length;
  if (n < 18 || all[0] !== 0x1f || all[1] !== 0x8b || all[2] !== 8 || all[3] !== 0) return null;
  const crcBody = (all[n - 8] | (all[n - 7] << 8) | (all[n - 6] << 16) | (all[n - 5] << 24)) >>> 0;
  const sizeBody = (all[n - 4] | (all[n - 3] << 8) | (all[n - 2] << 16) | (all[n - 1] << 24)) >>> 0;
  const header = gzipHeader(filename);
  const out = new Uint8Array(header.length + storedSize(prolog.length) + n - 18 + 8);
  out.set(header, 0);
  let at = storedBlocks(prolog, out, header.length);
  out.set(all.subarray(10, n - 8), at);
  at += n - 18;
  const crc = crc32Combine(crc32(prolog), crcBody, sizeBody);
  const size = (prolog.length + sizeBody) >>> 0;
  new DataView(out.buffer).setUint32(at, crc, true);
  new DataView(out.buffer).setUint32(at + 4, size, true);
  return out;
}

/**
 * The native compressor of one file's body, fed as the page's bytes arrive (`write`), closed by
 * `finish`. Writes are queued in order; reading runs alongside so the stream never stalls.
 *
 * @example const s = new BodyCompressor(CompressionStream); s.write(part); const body = await s.finish(tail);
 */
export class BodyCompressor {
  /** Body bytes written so far. */
  written = 0;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly chunks: Uint8Array[] = [];
  private length = 0;
  private failed = false;
  private readonly reading: Promise<void>;

  constructor(ctor: GzipStreamCtor) {
    const cs = new ctor('gzip');
    this.writer = cs.writable.getWriter();
    const reader = cs.readable.getReader();
    this.reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        this.chunks.push(value);
        this.length += value.length;
      }
    })().catch(() => {
      this.failed = true;
    });
  }

  /** Queue `bytes` (not copied: do not change them afterwards). */
  write(bytes: Uint8Array): void {
    this.written += bytes.length;
    for (let at = 0; at < bytes.length; at += WRITE_BYTES) {
      this.writer.write(bytes.subarray(at, at + WRITE_BYTES)).catch(() => {
        this.failed = true;
      });
    }
  }

  /** Write `tail`, close, and wait for all output; null when the stream failed. */
  async finish(tail: Uint8Array): Promise<CompressedBody | null> {
    if (tail.length > 0) this.write(tail);
    try {
      await this.writer.close();
    } catch {
      this.failed = true;
    }
    await this.reading;
    return this.failed ? null : { chunks: this.chunks, length: this.length };
  }

  /** Stop and drop everything (cancelled export). */
  abort(): void {
    this.failed = true;
    this.writer.abort().catch(() => undefined);
  }
}

/** The body compressors of one streamed export, by file index. */
export type BodyStreams = Map<number, BodyCompressor>;

/**
 * For `compressFiles`: the gzip of file `i` from its streamed body (`heads[i]` = prolog bytes of
 * `raw`, the file's exact bytes), or null when that file was not streamed or its stream failed
 * (the caller then compresses `raw` whole). Each compressor is used once.
 *
 * @example const gz = await streamedGzip(bodies, heads)(0, raw, 'sitemap.xml');
 */
export function streamedGzip(
  bodies: BodyStreams,
  heads: readonly number[],
): (i: number, raw: Uint8Array, filename: string) => Promise<Uint8Array | null> {
  return async (i, raw, filename) => {
    const s = bodies.get(i);
    bodies.delete(i);
    const head = heads[i];
    if (s === undefined) return null;
    if (head === undefined || head < 0 || head + s.written > raw.length) {
      s.abort();
      return null;
    }
    const body = await s.finish(raw.subarray(head + s.written));
    return body && assembleGzip(filename, raw.subarray(0, head), body);
  };
}
