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
 * @example maskNonAscii(new TextEncoder().encode('<a>é</a>'))?.text // '<a>\u0001\u0001</a>'
 */
export function maskNonAscii(bytes: Uint8Array, always = false): Masked | null {
  if (!always) {
    const first = firstHigh(bytes, Math.min(bytes.length, SNIFF_BYTES));
    if (first === -1) return null;
    const sampleEnd = Math.min(bytes.length, first + SAMPLE_BYTES);
    if (highRuns(bytes, first, sampleEnd) * BYTES_PER_RUN > sampleEnd - first) return null;
  }
  const copy = bytes.slice();
  const n = copy.length;
  const words = new Uint32Array(copy.buffer, 0, n >> 2);
  let masks = 0;
  for (let w = 0; w < words.length; w++) {
    const v = words[w];
    const high = v & 0x80808080;
    if (high === 0) continue;
    // 0x01 in each byte whose top bit is set: such bytes become MASK, the others stay.
    const ones = high >>> 7;
    words[w] = (v & ~Math.imul(ones, 0xff)) | ones;
    masks += Math.imul(ones, 0x01010101) >>> 24;
  }
  for (let i = words.length * 4; i < n; i++) {
    if (copy[i] >= 0x80) {
      copy[i] = MASK;
      masks++;
    }
  }
  return { text: asciiDecoder.decode(copy), raw: bytes, masks };
}
