/**
 * Reading a dropped .zip of sitemap files into named byte arrays for a workspace (issue 7).
 * Parsing each file is the caller's job (`parseSitemap`), so this module stays small.
 *
 * Hostile archives (issue 20): members are inflated with fflate's streaming `Unzip`, the input
 * pushed in {@link ZIP_PUSH_BYTES} slices; sizes are what inflating actually produces (declared
 * sizes are not trusted), and the cap is enforced on every output chunk, so a member that
 * declares 200 bytes and inflates to 4 GiB stops at the cap. Names are kept in arrays, never as
 * object keys (`__proto__` survives).
 */
import {
  type AsyncFlateStreamHandler,
  Gunzip,
  Inflate,
  Unzip,
  type UnzipDecoder,
  type UnzipFile,
} from 'fflate';
import { concatBytes } from '../arrays.ts';
import { fmtInt } from '../format.ts';
import { capMessage, inflateSlice, isGzip, isZip } from '../parse/gzip.ts';

/** Options of {@link readZipFiles}. */
export interface ReadZipOptions {
  /** Cap on the summed uncompressed size of the extracted files, in bytes. Default 200,000,000. */
  maxBytes?: number;
  /** Cap on the number of files extracted; members past it are left out. Default 10,000. */
  maxFiles?: number;
  /** Called after each input slice with the compressed bytes read so far and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Polled between input slices; when it returns true, reading stops with `cancelled`. */
  cancelled?: () => boolean;
}

/** Result of {@link readZipFiles}. Never thrown: a broken archive comes back as `error`. */
export interface ZipFiles {
  /** Extracted files in archive order; names keep their folders (`fr/sitemap.xml`). */
  files: Array<{ name: string; bytes: Uint8Array }>;
  /** Entries left out, with the reason (folder, system file, unsupported compression, over the cap). */
  skipped: Array<{ name: string; reason: string }>;
  error?: string;
  /** True when `cancelled()` stopped the reading (files so far are dropped). */
  cancelled?: boolean;
}

/** Default cap on the summed inflated size of one archive. */
export const DEFAULT_MAX_ZIP_BYTES = 200_000_000;
/**
 * Default cap on the files taken from one archive (the app and the CLI alike): each is opened as a
 * document, so a zip of a million empty members is refused past this, not opened.
 */
export const DEFAULT_MAX_ZIP_FILES = 10_000;
/** Compressed bytes pushed per step: at most ~1,032× this is inflated before the cap is checked. */
export const ZIP_PUSH_BYTES = 16 * 1024;
/**
 * {@link readZipFilesAsync} pauses once this many bytes were inflated since its last pause, even
 * before `every` slices: one slice of a bomb inflates ~16 MiB, so a cancel gets in after it.
 */
export const ZIP_PAUSE_INFLATED_BYTES = 8 * 1024 * 1024;

/**
 * fflate's `UnzipInflate` with a `terminate` that works: once a member is terminated (over the
 * cap, or the reading cancelled) the rest of its compressed bytes are dropped, not inflated
 * (fflate's synchronous decoder has no terminate, so a capped 8 GiB member went on inflating
 * to its end), and the inflater's window and pending input are let go.
 */
class StoppableInflate implements UnzipDecoder {
  static compression = 8;
  ondata: AsyncFlateStreamHandler = () => undefined;
  private inflater: Inflate | null = new Inflate((data, final) => this.ondata(null, data, final));

  push(chunk: Uint8Array, final: boolean): void {
    if (!this.inflater) return;
    try {
      this.inflater.push(chunk, final);
    } catch (e) {
      this.ondata(e as Error & { code: number }, new Uint8Array(0), final);
    }
  }

  terminate = (): void => {
    this.inflater = null;
  };
}

const SYSTEM = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|\._)/;

/**
 * Extract the files of a ZIP archive, skipping folders, macOS/Windows system files, entries
 * compressed with anything but stored/deflate, and everything past `maxBytes` (zip bombs).
 *
 * @example readZipFiles(bytes).files.map((f) => f.name) // ['sitemap.xml', 'fr/sitemap.xml']
 */
export function readZipFiles(zip: Uint8Array, options: ReadZipOptions = {}): ZipFiles {
  const steps = readZipSteps(zip, options);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * {@link readZipFiles} for a worker: awaits `pause()` every `every` input slices (default 64,
 * 1 MiB of compressed input) and after any slice that brings the bytes inflated since the last
 * pause to {@link ZIP_PAUSE_INFLATED_BYTES}, so cancel messages and progress get through between
 * them: a cancel stops a bomb after the slice being inflated when it came.
 *
 * @example await readZipFilesAsync(bytes, { cancelled: () => stop, pause: () => new Promise((r) => setTimeout(r, 0)) })
 */
export async function readZipFilesAsync(
  zip: Uint8Array,
  options: ReadZipOptions & { pause: () => Promise<void>; every?: number },
): Promise<ZipFiles> {
  const steps = readZipSteps(zip, options);
  const every = options.every ?? 64;
  let inflated = 0;
  for (let k = 1; ; k++) {
    const r = steps.next();
    if (r.done) return r.value;
    inflated += r.value;
    if (k % every === 0 || inflated >= ZIP_PAUSE_INFLATED_BYTES) {
      inflated = 0;
      await options.pause();
    }
  }
}

/**
 * {@link readZipFiles} as steps: it yields after each input slice, with the bytes that slice
 * inflated (0 for the rest of a member stopped at the cap: it is no longer inflated).
 */
export function* readZipSteps(given: Uint8Array, options: ReadZipOptions = {}): Generator<number, ZipFiles> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ZIP_BYTES;
  let zip = given;
  if (isGzip(given)) {
    // A zip inside a gzip (`sitemaps.zip.gz`): inflated first, under the same cap, then read.
    const outer = yield* gunzipSteps(given, maxBytes, options);
    if (!('data' in outer)) return { files: [], skipped: [], ...outer };
    zip = outer.data;
  }
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_ZIP_FILES;
  let taken = 0;
  const files: ZipFiles['files'] = [];
  const skipped: ZipFiles['skipped'] = [];
  let total = 0;
  let inflated = 0;
  let over = false;
  // Members started and not yet finished: terminated when the reading is cancelled.
  const open = new Set<UnzipFile>();
  const limit = `over the ${fmtInt(maxBytes)}-byte limit for one archive`;
  const tooMany = `over the ${fmtInt(maxFiles)}-file limit for one archive`;
  const onFile = (file: UnzipFile) => {
    const name = file.name;
    let reason: string | undefined;
    if (name.endsWith('/')) return;
    if (SYSTEM.test(name)) reason = 'system file';
    else if (file.compression !== 0 && file.compression !== 8)
      reason = `unsupported compression method ${file.compression}`;
    else if (over) reason = limit;
    else if (taken >= maxFiles) reason = tooMany;
    if (reason !== undefined) {
      skipped.push({ name, reason });
      return;
    }
    taken++;
    const parts: Uint8Array[] = [];
    let size = 0;
    let done = false;
    file.ondata = (err, chunk, final) => {
      if (done) return;
      if (err) {
        done = true;
        open.delete(file);
        skipped.push({ name, reason: `cannot be inflated: ${err.message}` });
        return;
      }
      size += chunk.length;
      total += chunk.length;
      inflated += chunk.length;
      if (total > maxBytes) {
        done = true;
        open.delete(file);
        over = true;
        parts.length = 0;
        skipped.push({ name, reason: limit });
        file.terminate();
        return;
      }
      if (chunk.length > 0) parts.push(chunk);
      if (!final) return;
      done = true;
      open.delete(file);
      const declared = file.originalSize;
      if (declared !== undefined && declared > 0 && declared !== size) {
        skipped.push({
          name,
          reason: `declares ${fmtInt(declared)} bytes but inflates to ${fmtInt(size)}; not trusted`,
        });
        return;
      }
      files.push({ name, bytes: concatBytes(parts, size) });
    };
    open.add(file);
    file.start();
  };
  try {
    const unzip = new Unzip(onFile);
    unzip.register(StoppableInflate);
    for (let at = 0; at < zip.length || at === 0; at += ZIP_PUSH_BYTES) {
      if (options.cancelled?.()) {
        for (const file of open) file.terminate();
        files.length = 0;
        return { files: [], skipped, cancelled: true };
      }
      const end = Math.min(zip.length, at + ZIP_PUSH_BYTES);
      inflated = 0;
      unzip.push(zip.subarray(at, end), end >= zip.length);
      options.onProgress?.(end, zip.length);
      if (end >= zip.length) break;
      yield inflated;
    }
    if (files.length === 0 && skipped.length === 0 && !looksLikeZip(zip))
      return { files, skipped, error: 'Not a readable ZIP archive: no local file header' };
    return { files, skipped };
  } catch (e) {
    return {
      files: [],
      skipped,
      error: `Not a readable ZIP archive: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

const looksLikeZip = isZip;

/**
 * Inflate a gzip file that holds an archive, in steps like the archive's (yielding the bytes each
 * input slice inflated), stopping at `maxBytes` of output (GZ-006's words) and on cancel. What it
 * holds must be a ZIP archive: a gzip inside it, or anything else, is refused with a message
 * naming what it is.
 */
function* gunzipSteps(
  gz: Uint8Array,
  maxBytes: number,
  options: ReadZipOptions,
): Generator<number, { data: Uint8Array } | { error: string } | { cancelled: true }> {
  const parts: Uint8Array[] = [];
  let total = 0;
  let step = 0;
  let over = false;
  const g = new Gunzip((chunk) => {
    if (over) return;
    total += chunk.length;
    step += chunk.length;
    if (total > maxBytes) {
      over = true;
      parts.length = 0;
    } else if (chunk.length > 0) parts.push(chunk);
  });
  try {
    for (let at = 0; at < gz.length && !over; ) {
      if (options.cancelled?.()) return { cancelled: true };
      const end = Math.min(gz.length, at + inflateSlice(maxBytes - total, ZIP_PUSH_BYTES));
      step = 0;
      g.push(gz.subarray(at, end), end >= gz.length);
      at = end;
      options.onProgress?.(at, gz.length);
      if (at < gz.length && !over) yield step;
    }
  } catch (e) {
    return { error: `Not a readable gzip file: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (over) return { error: capMessage(maxBytes) };
  const data = concatBytes(parts, total);
  if (isZip(data)) return { data };
  if (isGzip(data))
    return {
      error:
        'The gzip file holds another gzip file, not a ZIP archive: decompress it once (gunzip) and open what it holds.',
    };
  return { error: 'The gzip file does not hold a ZIP archive.' };
}
