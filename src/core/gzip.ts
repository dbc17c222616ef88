/**
 * gzip output (OUT-010): one member, MTIME 0 (identical input gives identical bytes), optional
 * FNAME. Compress the exact bytes that were produced; never re-serialise.
 */
import { gunzipSync, gzipSync } from 'fflate';

/** Options for {@link gzipBytes}. */
export interface GzipOptions {
  /** Deflate level 0–9; default 6 (speed); 9 for the smallest files. */
  level?: number;
  /** FNAME header field: the uncompressed file name, e.g. `sitemap.xml`. */
  filename?: string;
}

/**
 * gzip `bytes` with MTIME 0.
 *
 * @example gzipBytes(new TextEncoder().encode(xml), { level: 9, filename: 'sitemap.xml' })
 */
export function gzipBytes(bytes: Uint8Array, opts: GzipOptions = {}): Uint8Array {
  const level = (opts.level ?? 6) as 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  return gzipSync(bytes, opts.filename ? { level, mtime: 0, filename: opts.filename } : { level, mtime: 0 });
}

// Pure memoisation of a constant table (built once on first use, never changed after): allowed
// module state, unlike results left behind for a caller.
let crcTable: Int32Array | null = null;

/** Slicing-by-8 tables: 8 × 256 entries, table k at offset k * 256. */
function table(): Int32Array {
  if (crcTable) return crcTable;
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) {
      const prev = t[(k - 1) * 256 + n];
      t[k * 256 + n] = (prev >>> 8) ^ t[prev & 0xff];
    }
  }
  crcTable = t;
  return t;
}

/**
 * CRC-32 (IEEE) of `bytes[start, end)`, as an unsigned 32-bit number (slicing-by-8).
 *
 * @example crc32(new Uint8Array()) // 0
 */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  const t = table();
  let c = -1;
  let i = start;
  for (; i + 8 <= end; i += 8) {
    const a = c ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    c =
      t[1792 + (a & 0xff)] ^
      t[1536 + ((a >>> 8) & 0xff)] ^
      t[1280 + ((a >>> 16) & 0xff)] ^
      t[1024 + (a >>> 24)] ^
      t[768 + bytes[i + 4]] ^
      t[512 + bytes[i + 5]] ^
      t[256 + bytes[i + 6]] ^
      t[bytes[i + 7]];
  }
  for (; i < end; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function trailerMatches(gz: Uint8Array, original: Uint8Array): boolean {
  if (gz.length < 18) return false;
  const v = new DataView(gz.buffer, gz.byteOffset + gz.length - 8, 8);
  return v.getUint32(0, true) === crc32(original) && v.getUint32(4, true) === original.length >>> 0;
}

/**
 * OUT-010 self-check: decompress `gz` once and compare with `original` byte for byte, and check
 * the CRC-32 / ISIZE trailer other decoders verify.
 *
 * @example verifyGzip(gzipBytes(data), data) // true
 */
export function verifyGzip(gz: Uint8Array, original: Uint8Array): boolean {
  let back: Uint8Array;
  try {
    back = gunzipSync(gz);
  } catch {
    return false;
  }
  if (back.length !== original.length || !trailerMatches(gz, original)) return false;
  for (let i = 0; i < back.length; i++) if (back[i] !== original[i]) return false;
  return true;
}
