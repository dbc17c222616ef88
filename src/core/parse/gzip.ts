import { Gunzip } from 'fflate';
import { crc32 } from '../gzip.ts';
import { isGzip, isZip } from '../magic.ts';
import type { Issue } from '../model.ts';
import { parseIssue } from './issues.ts';

export { isGzip, isZip, looksLikeTar } from '../magic.ts';

/** Compressed bytes pushed at a time while looking at the start of what a gzip file holds. */
const PEEK_SLICE = 1024;
/** Compressed bytes looked at, at most, for the start of what a gzip file holds. */
const PEEK_MAX_INPUT = 64 * 1024;

/**
 * The first `n` bytes a gzip file inflates to (fewer when it holds fewer, or is corrupt there),
 * inflating only the little input that takes (at most 64 KiB of it): what is inside, without
 * inflating the file.
 *
 * @example gunzipHead(gzipSync(zipBytes), 4) // Uint8Array [0x50, 0x4b, 3, 4]
 */
export function gunzipHead(bytes: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  let got = 0;
  const g = new Gunzip((chunk) => {
    const take = Math.min(n - got, chunk.length);
    out.set(chunk.subarray(0, take), got);
    got += take;
  });
  try {
    const end = Math.min(bytes.length, PEEK_MAX_INPUT);
    for (let at = 0; at < end && got < n; at += PEEK_SLICE)
      g.push(bytes.subarray(at, Math.min(at + PEEK_SLICE, end)), at + PEEK_SLICE >= bytes.length);
  } catch {
    // corrupt past what was read: the head so far is the answer
  }
  return out.subarray(0, got);
}

/**
 * True when `bytes` are a ZIP archive, or a gzip file holding one (`sitemaps.zip.gz`): told by
 * the bytes, inflated as far as the archive's signature, never by the name.
 *
 * @example holdsZip(gzipSync(zipBytes)) // true
 */
export function holdsZip(bytes: Uint8Array): boolean {
  return isZip(bytes) || (isGzip(bytes) && isZip(gunzipHead(bytes, 4)));
}

function readU32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

class CapExceeded extends Error {}

/** Input is pushed in chunks so a stream cut off mid-way still yields its decoded prefix. */
const CHUNK = 1 << 16;
/** Deflate's largest expansion: one input byte yields at most ~1,032 output bytes. */
const MAX_RATIO = 1032;
/** Smallest input slice pushed near the cap (≤ ~1 MiB of output past it). */
const MIN_CHUNK = 1 << 10;

/**
 * Input bytes to push next with `room` output bytes left under the cap: small enough that one
 * push cannot inflate far past the cap (a bomb's 64 KiB would make 66 MB in one go).
 */
export function inflateSlice(room: number, max = CHUNK): number {
  return Math.max(MIN_CHUNK, Math.min(max, Math.floor(room / MAX_RATIO)));
}

/** SIZE-004's byte limit, which a gzip over the cap breaks anyway (plain XML is read without one). */
const SITEMAP_MAX_BYTES = 52_428_800;

/**
 * The one wording of GZ-006 for every reader (the app, CLI `check` and `convert`): the limit hit,
 * its number, that nothing was read, that no option raises it, and what to do instead.
 *
 * @example capMessage(200_000_000) // 'The file inflates to more than 200,000,000 bytes, the limit …'
 */
export function capMessage(maxBytes: number): string {
  const what = `The file inflates to more than ${maxBytes.toLocaleString('en-US')} bytes, the limit for reading a gzip file; nothing was read, and no option raises the limit.`;
  if (maxBytes <= SITEMAP_MAX_BYTES) return what;
  return `${what} A sitemap that large breaks SIZE-004 (at most ${SITEMAP_MAX_BYTES.toLocaleString('en-US')} bytes uncompressed) anyway: split it, or decompress the file and open the .xml, which has no such limit.`;
}

/** The GZ-006 finding: output passed the cap `maxBytes`. */
export function capIssue(maxBytes: number): Issue {
  return parseIssue('GZ-006', capMessage(maxBytes));
}

/** The load error of a gzip file refused at the cap `maxBytes` (nothing loaded): the finding's words. */
export function capRefusal(maxBytes: number): string {
  return capMessage(maxBytes);
}

interface InflateRun {
  data: Uint8Array;
  members: number[];
  error: string | null;
  capped: boolean;
}

function inflate(bytes: Uint8Array, maxBytes: number): InflateRun {
  const chunks: Uint8Array[] = [];
  const members = [0];
  let total = 0;
  let capped = false;
  let error: string | null = null;
  const g = new Gunzip((chunk) => {
    if (total + chunk.length > maxBytes) {
      // Nothing is kept: a capped file is refused, so its prefix would only hold memory.
      chunks.length = 0;
      total = 0;
      capped = true;
      throw new CapExceeded();
    }
    if (chunk.length > 0) {
      chunks.push(chunk);
      total += chunk.length;
    }
  });
  g.onmember = (offset) => {
    members.push(offset);
  };
  try {
    for (let at = 0, step = CHUNK; at < bytes.length; at += step) {
      step = inflateSlice(maxBytes - total);
      g.push(bytes.subarray(at, Math.min(at + step, bytes.length)));
    }
    g.push(new Uint8Array(0), true);
  } catch (e) {
    if (!(e instanceof CapExceeded)) error = e instanceof Error ? e.message : String(e);
  }
  const data = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.length;
  }
  return { data, members, error, capped };
}

/** Checks every member's CRC-32 and ISIZE trailer against the inflated output. */
function checkTrailers(bytes: Uint8Array, end: number, run: InflateRun): string | null {
  let outAt = 0;
  for (let m = 0; m < run.members.length; m++) {
    const memberEnd = m + 1 < run.members.length ? run.members[m + 1] : end;
    if (memberEnd - run.members[m] < 18) return `gzip member ${m + 1} is truncated`;
    const size = readU32(bytes, memberEnd - 4);
    const crc = readU32(bytes, memberEnd - 8);
    if (outAt + size > run.data.length) return `gzip member ${m + 1} is truncated (size field mismatch)`;
    if (crc32(run.data, outAt, outAt + size) !== crc) return `gzip member ${m + 1} fails its CRC-32 check`;
    outAt += size;
  }
  return outAt === run.data.length ? null : 'gzip size fields do not match the decoded data';
}

/** Retries without trailing zero padding; returns the run that decoded cleanly, if any. */
function retryWithoutPadding(bytes: Uint8Array, maxBytes: number): { run: InflateRun; end: number } | null {
  let last = bytes.length - 1;
  while (last >= 0 && bytes[last] === 0) last--;
  if (last === bytes.length - 1) return null;
  for (let end = last + 1; end <= Math.min(last + 9, bytes.length - 1); end++) {
    const run = inflate(bytes.subarray(0, end), maxBytes);
    if (!run.error && !checkTrailers(bytes, end, run)) return { run, end };
  }
  return null;
}

/**
 * Inflate every member of a (possibly multi-member) gzip file, stopping at `maxBytes` of output.
 * CRC-32 and size trailers are verified; a CRC error keeps the decoded data (GZ-003); a corrupt
 * stream keeps the decoded prefix (GZ-003, `truncated`); output past the cap is not kept at all
 * (GZ-006, `truncated`, `capped`, empty `data`; input is pushed in slices small enough that one
 * slice cannot inflate far past the cap); more than one member is reported as info (GZ-004).
 *
 * @param bytes gzip bytes (must start with 1F 8B)
 * @param maxBytes output cap in bytes (e.g. 200_000_000)
 * @example gunzipAll(gzipSync(new TextEncoder().encode('a')), 1000).data // Uint8Array [97]
 */
export function gunzipAll(
  bytes: Uint8Array,
  maxBytes: number,
): { data: Uint8Array; issues: Issue[]; truncated: boolean; capped?: boolean } {
  const issues: Issue[] = [];
  let run = inflate(bytes, maxBytes);
  let end = bytes.length;
  if (run.capped) return { data: run.data, issues: [capIssue(maxBytes)], truncated: true, capped: true };
  if (run.error) {
    const retry = retryWithoutPadding(bytes, maxBytes);
    if (retry) {
      run = retry.run;
      end = retry.end;
      issues.push(
        parseIssue('GZ-003', 'Trailing zero padding after the last gzip member was ignored', {}, 'warning'),
      );
    } else {
      const message = `Corrupt gzip data (${run.error}); ${run.data.length} bytes could be recovered`;
      issues.push(parseIssue('GZ-003', message));
      return { data: run.data, issues, truncated: true };
    }
  }
  const trailer = checkTrailers(bytes, end, run);
  if (trailer) issues.push(parseIssue('GZ-003', `${trailer}; the decoded data was kept`));
  if (run.members.length > 1) {
    issues.push(parseIssue('GZ-004', `The gzip file has ${run.members.length} members; all were decoded`));
  }
  return { data: run.data, issues, truncated: false };
}
