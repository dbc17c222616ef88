/**
 * Reads one sitemap file from disk in chunks into a ParseResult (issue #19): a file stream, piped
 * through zlib's streaming gunzip when the file starts with the gzip magic (the GZ-006 cap counted
 * per chunk), into core's {@link SitemapStream}. When the streamed reading cannot promise the result
 * of `parseSitemap` (see parse/stream.ts; also a gzip stream node's zlib rejects, or whose size
 * trailer does not match, which `parseSitemap` reports in its own words) the file is read whole
 * and parsed by `parseSitemap`, so findings never depend on the path taken.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import type { ParseResult } from '../core/model.ts';
import { decodeBytes } from '../core/parse/decode.ts';
import { gunzipAll, isGzip, isZip } from '../core/parse/gzip.ts';
import { SitemapStream } from '../core/parse/stream.ts';
import { DEFAULT_MAX_DECOMPRESSED_BYTES, parseSitemap } from '../core/parse.ts';

/** How a file was read (for tests and the bench). */
export type ReadPath = 'streamed' | 'whole';

export interface StreamedRead {
  result: ParseResult;
  path: ReadPath;
}

const CHUNK = 1 << 18;

/** First 4 and last 4 bytes and the size of a file. */
async function ends(file: string): Promise<{ head: Uint8Array; tail: Uint8Array; size: number }> {
  const fh = await open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    const head = new Uint8Array(Math.min(4, size));
    await fh.read(head, 0, head.length, 0);
    const tail = new Uint8Array(Math.min(4, size));
    await fh.read(tail, 0, tail.length, Math.max(0, size - 4));
    return { head, tail, size };
  } finally {
    await fh.close();
  }
}

async function whole(file: string, fileName: string, max: number): Promise<StreamedRead> {
  const bytes = new Uint8Array(await readFile(file));
  return { result: parseSitemap(bytes, { fileName, maxDecompressedBytes: max }), path: 'whole' };
}

/**
 * Parse the file at `file` (shown as `fileName`) in chunks; throws like `readFile` when the file
 * cannot be read.
 */
export async function readStreamed(
  file: string,
  fileName: string,
  max = DEFAULT_MAX_DECOMPRESSED_BYTES,
  window?: number,
): Promise<StreamedRead> {
  const { head, tail, size } = await ends(file);
  if (isZip(head)) return whole(file, fileName, max);
  const gzip = isGzip(head);
  const stream = new SitemapStream({ fileName, fileBytes: size, gzip, window });
  const source = createReadStream(file, { highWaterMark: CHUNK });
  if (!gzip) {
    for await (const chunk of source) {
      stream.push(chunk as Buffer);
      if (stream.gaveUp) break;
    }
    source.destroy();
    const r = stream.end();
    return r ? { result: r, path: 'streamed' } : whole(file, fileName, max);
  }
  const gunzip = createGunzip({ chunkSize: CHUNK });
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  let total = 0;
  try {
    for await (const chunk of gunzip) {
      total += (chunk as Buffer).length;
      if (total > max) {
        source.destroy();
        gunzip.destroy();
        return { result: stream.overCap(max), path: 'streamed' };
      }
      stream.push(chunk as Buffer);
      if (stream.gaveUp) break;
    }
  } catch {
    // Corrupt, truncated or failing its CRC: parseSitemap words the GZ-003 finding.
    source.destroy();
    return whole(file, fileName, max);
  }
  source.destroy();
  gunzip.destroy();
  // One member whose size trailer matches: else (several members, padding, trailing bytes) whole.
  const isize = (tail[0] | (tail[1] << 8) | (tail[2] << 16) | (tail[3] << 24)) >>> 0;
  if (stream.gaveUp || isize !== total % 2 ** 32) return whole(file, fileName, max);
  const r = stream.end();
  return r ? { result: r, path: 'streamed' } : whole(file, fileName, max);
}

/** Files whose decoded text is larger are not read again to place findings (they keep their entry's position). */
export const SOURCE_TEXT_MAX = 64 << 20;

/**
 * The decoded text of a sitemap file the way the parser saw it (gunzipped, BOM dropped), read
 * again from disk when findings are to be placed at their fields; null for a zip, an unreadable
 * file, or one over {@link SOURCE_TEXT_MAX} bytes decompressed.
 */
export function sourceText(file: string): string | null {
  try {
    return sourceOfBytes(new Uint8Array(readFileSync(file)));
  } catch {
    return null;
  }
}

/** {@link sourceText} of a file's bytes. */
export function sourceOfBytes(file: Uint8Array): string | null {
  try {
    let bytes = file;
    if (isZip(bytes)) return null;
    if (isGzip(bytes)) {
      const g = gunzipAll(bytes, SOURCE_TEXT_MAX);
      if (g.capped) return null;
      bytes = g.data;
    }
    return bytes.length > SOURCE_TEXT_MAX ? null : decodeBytes(bytes).text;
  } catch {
    return null;
  }
}
