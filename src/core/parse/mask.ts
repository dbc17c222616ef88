/**
 * Masked reading of UTF-8 with non-ASCII bytes. Decoding a whole file that holds a few non-ASCII
 * characters is slow in browsers (Chromium decodes it into a two-byte string twice the size of
 * the file, at a fraction of its ASCII speed), and every later scan works on that wide string.
 * Instead, every byte ≥ 0x80 of a copy is replaced by {@link MASK}; the copy decodes as ASCII into
 * a one-byte string whose indexes equal byte offsets. Markup is ASCII, so the scanner reads the
 * structure from it unchanged, and values holding a mask are decoded from the original bytes
 * (`Scanner.value`). A parse that meets a mask anywhere else (names, processing instructions, …)
 * or invalid UTF-8 is redone the ordinary way by parseSitemap.
 */

/** Placeholder character code for a non-ASCII byte in masked text. */
export const MASK = 1;

/** Thrown when a masked parse cannot give the same result as decoding the whole text. */
export class MaskBail extends Error {}

/** A masked copy of UTF-8 bytes. */
export interface Masked {
  /** The bytes decoded with every byte ≥ 0x80 replaced by {@link MASK}: one character per byte. */
  text: string;
  /** The original bytes; `raw[i]` is the byte behind `text[i]`. */
  raw: Uint8Array;
  /**
   * Number of masked bytes. A literal U+0001 also reads as {@link MASK}; wherever it is met the
   * bytes are consulted, which hold it as it is, so it needs no accounting.
   */
  masks: number;
}

const asciiDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** How far {@link maskNonAscii} looks for a non-ASCII byte before deciding that masking is not worth it. */
const SNIFF_BYTES = 1 << 18;
/** Bytes after the first non-ASCII byte in which the density of non-ASCII runs is sampled. */
const SAMPLE_BYTES = 1 << 16;
/**
 * Masking pays when non-ASCII text is sparse: each value holding some costs a decoder call
 * (~0.2–1 µs), while decoding the whole file costs ~2–3 ns per byte once it holds any. Below one
 * run of non-ASCII bytes per this many bytes the whole file is decoded instead.
 */
const BYTES_PER_RUN = 128;

/** Number of runs of bytes ≥ 0x80 in `bytes[from, end)`. */
function highRuns(bytes: Uint8Array, from: number, end: number): number {
  let runs = 0;
  let inRun = false;
  for (let i = from; i < end; i++) {
    const high = bytes[i] >= 0x80;
    if (high && !inRun) runs++;
    inRun = high;
  }
  return runs;
}

/** Index of the first byte ≥ 0x80 in `bytes[0, end)`, or -1. */
function firstHigh(bytes: Uint8Array, end: number): number {
  let i = 0;
  while (i < end && (bytes.byteOffset + i) % 4 !== 0) {
    if (bytes[i] >= 0x80) return i;
    i++;
  }
  if (i >= end) return -1;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + i, (end - i) >> 2);
  let w = 0;
  while (w < words.length && (words[w] & 0x80808080) === 0) w++;
  for (i += w * 4; i < end; i++) if (bytes[i] >= 0x80) return i;
  return -1;
}

/**
 * Mask the non-ASCII bytes of `bytes` (the UTF-8 body, BOM removed). Returns null when the first
 * 256 KB hold no non-ASCII byte (such files decode fast as they are) or when non-ASCII text is
 * dense after the first one (see {@link BYTES_PER_RUN}); `always` skips these checks (tests).
 *
 * The masking is done in `bytes` itself for the one synchronous decode call and undone right
 * after (also when the decode throws): `bytes` holds its own values again when this returns, and
 * no copy of the file is made (at 50 MB the copy and the GC work it caused were ~10% of a parse).
 * Bytes over a SharedArrayBuffer, which another thread could read meanwhile, are masked in a copy.
 *
 * @example maskNonAscii(new TextEncoder().encode('<a>é</a>'))?.text // '<a>\u0001\u0001</a>'
 */
export function maskNonAscii(bytes: Uint8Array, always = false): Masked | null {
  if (!always) {
    const first = firstHigh(bytes, Math.min(bytes.length, SNIFF_BYTES));
    if (first === -1) return null;
    const sampleEnd = Math.min(bytes.length, first + SAMPLE_BYTES);
    if (highRuns(bytes, first, sampleEnd) * BYTES_PER_RUN > sampleEnd - first) return null;
  }
  if (!(bytes.buffer instanceof ArrayBuffer)) {
    const copy = bytes.slice();
    const masks = maskBytes(copy, null);
    return { text: asciiDecoder.decode(copy), raw: bytes, masks };
  }
  const saved: Saved = { at: new Uint32Array(256), was: new Uint32Array(256), n: 0 };
  let masks = 0;
  try {
    masks = maskBytes(bytes, saved);
    return { text: asciiDecoder.decode(bytes), raw: bytes, masks };
  } finally {
    unmask(bytes, saved);
  }
}

/** Words (at a 4-byte-aligned offset `at` of the buffer) or single bytes changed by {@link maskBytes}, and their old values. */
interface Saved {
  at: Uint32Array;
  was: Uint32Array;
  n: number;
}

function save(saved: Saved, at: number, was: number): void {
  if (saved.n === saved.at.length) {
    const at2 = new Uint32Array(saved.n * 2);
    const was2 = new Uint32Array(saved.n * 2);
    at2.set(saved.at);
    was2.set(saved.was);
    saved.at = at2;
    saved.was = was2;
  }
  saved.at[saved.n] = at;
  saved.was[saved.n] = was;
  saved.n++;
}

/**
 * Replace every byte ≥ 0x80 of `bytes` by {@link MASK}, four bytes at a time where aligned;
 * `saved` (when given) records what was there. Returns the number of bytes masked.
 */
function maskBytes(bytes: Uint8Array, saved: Saved | null): number {
  const n = bytes.length;
  let masks = 0;
  // Unaligned head and tail byte by byte (a BOM-less view starts 3 bytes into its buffer).
  const words = alignedWords(bytes) ?? new Uint32Array(0);
  const head = words.length === 0 ? n : (4 - (bytes.byteOffset % 4)) % 4;
  const count = words.length;
  for (let i = 0; i < head; i++) masks += maskByte(bytes, i, saved);
  for (let w = 0; w < count; w++) {
    // Four clean words at a time (half the time of one at a time on the 50 MB bench file).
    while (w + 4 <= count && ((words[w] | words[w + 1] | words[w + 2] | words[w + 3]) & 0x80808080) === 0)
      w += 4;
    if (w >= count) break;
    const v = words[w];
    const high = v & 0x80808080;
    if (high === 0) continue;
    if (saved !== null) save(saved, w, v);
    // 0x01 in each byte whose top bit is set: such bytes become MASK, the others stay.
    const ones = high >>> 7;
    words[w] = (v & ~Math.imul(ones, 0xff)) | ones;
    masks += Math.imul(ones, 0x01010101) >>> 24;
  }
  for (let i = head + count * 4; i < n; i++) masks += maskByte(bytes, i, saved);
  return masks;
}

/** The whole 4-byte words of `bytes` (from its first 4-byte-aligned offset), or null when none. */
function alignedWords(bytes: Uint8Array): Uint32Array | null {
  const head = (4 - (bytes.byteOffset % 4)) % 4;
  const count = (bytes.length - head) >> 2;
  return count > 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset + head, count) : null;
}

/** Byte positions are saved with the top bit set, to tell them from word indexes. */
const BYTE_AT = 0x80000000;

function maskByte(bytes: Uint8Array, i: number, saved: Saved | null): number {
  if (bytes[i] < 0x80) return 0;
  if (saved !== null) save(saved, (i | BYTE_AT) >>> 0, bytes[i]);
  bytes[i] = MASK;
  return 1;
}

/** Put back what {@link maskBytes} changed. */
function unmask(bytes: Uint8Array, saved: Saved): void {
  const words = alignedWords(bytes);
  for (let k = 0; k < saved.n; k++) {
    const at = saved.at[k];
    if (at >= BYTE_AT) bytes[at - BYTE_AT] = saved.was[k];
    else (words as Uint32Array)[at] = saved.was[k];
  }
}
