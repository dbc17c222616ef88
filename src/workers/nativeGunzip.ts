/**
 * gzip inflation with the platform's native `DecompressionStream('gzip')` (zlib speed), used by
 * the worker before handing bytes to the core parser. Returns null whenever the native result
 * cannot be trusted, and the caller then lets the core (`gunzipAll`, fflate) decode the file,
 * which also reports GZ-003/004/006 issues precisely:
 * - Chromium rejects multi-member files ("Junk found after end of compressed data",
 *   whatwg/compression#42), and trailing zero padding; both throw here → null.
 * - A lenient implementation that silently stops after the first member is caught by the
 *   ISIZE check: the trailer of the LAST member must equal the output length mod 2^32.
 * - Output past `maxBytes` stops the stream → 'over-cap': the caller refuses the file (GZ-006,
 *   core `parseOverCap`) without inflating the bomb again. The input is written in slices with
 *   backpressure, smaller as the output nears the cap, so the cap holds before memory grows.
 * - `cancelled()` is polled after each output chunk: a cancelled request stops the stream at the
 *   next chunk ('cancelled') and lets go of what it inflated, instead of going on to the cap.
 */

import { concatBytes } from '../core/arrays.ts';
import { inflateSlice } from '../core/parse/gzip.ts';

/** The constructor shape we need; injected so tests can run without a native implementation. */
export type DecompressionStreamCtor = new (
  format: 'gzip',
) => {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
};

/** The platform's DecompressionStream, or null when it has none. */
export function platformDecompressionStream(): DecompressionStreamCtor | null {
  const g = globalThis as { DecompressionStream?: DecompressionStreamCtor };
  return typeof g.DecompressionStream === 'function' ? g.DecompressionStream : null;
}

/** ISIZE of the last gzip member: the last four bytes, little-endian. */
function trailerSize(bytes: Uint8Array): number {
  const n = bytes.length;
  if (n < 18) return -1;
  return (bytes[n - 4] | (bytes[n - 3] << 8) | (bytes[n - 2] << 16) | (bytes[n - 1] << 24)) >>> 0;
}

/**
 * Compressed bytes written per step at most. The stream is fed one slice at a time, each after
 * `writer.ready` (backpressure) and only while the output is under the cap; near the cap a slice
 * shrinks to what the room left can take at deflate's 1,032:1 (core `inflateSlice`), so a bomb
 * inflates about 1 MiB past the cap instead of the whole file.
 */
export const GUNZIP_WRITE_BYTES = 16 * 1024;

async function drain(
  ctor: DecompressionStreamCtor,
  bytes: Uint8Array,
  maxBytes: number,
  cancelled: () => boolean,
): Promise<Uint8Array[] | 'over-cap' | 'cancelled'> {
  const ds = new ctor('gzip');
  const writer = ds.writable.getWriter();
  let stop = false;
  let total = 0;
  // Write errors surface on the reader too; swallow them here to avoid unhandled rejections.
  const feed = async () => {
    for (let at = 0, step = 0; at < bytes.length; at += step) {
      await writer.ready;
      if (stop) return;
      step = inflateSlice(maxBytes - total, GUNZIP_WRITE_BYTES);
      writer.write(bytes.subarray(at, at + step)).catch(() => undefined);
    }
    await writer.close();
  };
  feed().catch(() => undefined);
  const reader = ds.readable.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    total += value.length;
    const over = total > maxBytes;
    if (over || cancelled()) {
      stop = true;
      chunks.length = 0;
      await reader.cancel().catch(() => undefined);
      writer.abort().catch(() => undefined);
      return over ? 'over-cap' : 'cancelled';
    }
    chunks.push(value);
  }
}

/**
 * Inflate `bytes` natively; 'over-cap' when the output passed `maxBytes` (refuse the file, do not
 * inflate it again); 'cancelled' when `cancelled()` turned true (polled per output chunk); null
 * when the native result cannot be used (no native support, multi-member, corrupt, padded, or
 * inconsistent with the trailer): let the core decode it.
 *
 * @example const data = await nativeGunzip(gz, 200_000_000); if (data === null) useCoreInstead();
 */
export async function nativeGunzip(
  bytes: Uint8Array,
  maxBytes: number,
  ctor: DecompressionStreamCtor | null = platformDecompressionStream(),
  cancelled: () => boolean = () => false,
): Promise<Uint8Array | 'over-cap' | 'cancelled' | null> {
  if (!ctor) return null;
  let chunks: Uint8Array[] | 'over-cap' | 'cancelled';
  try {
    chunks = await drain(ctor, bytes, maxBytes, cancelled);
  } catch {
    return null;
  }
  if (typeof chunks === 'string') return chunks;
  let total = 0;
  for (const c of chunks) total += c.length;
  if (total % 2 ** 32 !== trailerSize(bytes)) return null;
  return concatBytes(chunks, total);
}
