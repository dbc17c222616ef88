/**
 * The crawl table's strings as UTF-8 bytes in one buffer with an offsets array: transferable
 * between worker and page and storable in IndexedDB without a structured clone of millions of
 * strings (or one 100 MB string). Hashes and comparisons work on the bytes, so a lookup makes no
 * string; `stringAt` decodes one when the UI or a fix needs it.
 */

// Stateless codecs (decode is never called with `stream`, so nothing is kept between calls):
// constants, not module state.
const ENC = new TextEncoder();
const DEC = new TextDecoder();

/** String `i` is `bytes[starts[i], starts[i + 1])`. */
export interface ByteStrings {
  bytes: Uint8Array;
  starts: Int32Array;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** FNV-1a over `b[from, to)`. */
export function hashBytes(b: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return h >>> 0;
}

/**
 * FNV-1a over the UTF-8 bytes of `s` (equal to `hashBytes` of its encoding; no allocation for
 * ASCII).
 *
 * @example hashString('é') === hashBytes(new Uint8Array([0xc3, 0xa9]), 0, 2)
 */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Non-ASCII (rare in URLs): hash the UTF-8 encoding instead.
    if (c > 0x7f) {
      const b = ENC.encode(s);
      return hashBytes(b, 0, b.length);
    }
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}

/** Is string `i` equal to `s`? */
export function equalsAt(t: ByteStrings, i: number, s: string): boolean {
  const from = t.starts[i];
  const to = t.starts[i + 1];
  const b = t.bytes;
  if (to - from === s.length) {
    let k = 0;
    for (; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c > 0x7f || b[from + k] !== c) break;
    }
    if (k === s.length) return true;
    // A differing ASCII character: not equal (an ASCII string's UTF-8 is itself).
    if (s.charCodeAt(k) <= 0x7f) return false;
    // UTF-8 is never shorter than UTF-16: a probe of another length mostly ends here unscanned.
  } else if (to - from < s.length || isAscii(s)) return false;
  const e = ENC.encode(s);
  if (to - from !== e.length) return false;
  for (let k = 0; k < e.length; k++) if (b[from + k] !== e[k]) return false;
  return true;
}

/** Does string `i` start with `prefix` (ASCII letters compared case-insensitively)? */
export function startsWithFolded(t: ByteStrings, i: number, prefix: Uint8Array): boolean {
  const from = t.starts[i];
  if (t.starts[i + 1] - from < prefix.length) return false;
  const b = t.bytes;
  for (let k = 0; k < prefix.length; k++) {
    let c = b[from + k];
    if (c >= 65 && c <= 90) c += 32;
    let p = prefix[k];
    if (p >= 65 && p <= 90) p += 32;
    if (c !== p) return false;
  }
  return true;
}

/** String `i` ('' for -1). */
export function stringAt(t: ByteStrings, i: number): string {
  if (i < 0) return '';
  return DEC.decode(t.bytes.subarray(t.starts[i], t.starts[i + 1]));
}

/** UTF-8 bytes of a string (for `startsWithFolded`). */
export function utf8(s: string): Uint8Array {
  return ENC.encode(s);
}

/** Appends strings to a growing byte buffer; `finish` trims it. */
export class StringsBuilder {
  private bytes = new Uint8Array(1 << 16);
  private starts = new Int32Array(1024);
  private length = 0;
  /** Strings added so far. */
  count = 0;

  /** Append `s`; returns its index. */
  add(s: string): number {
    this.reserve(s.length * 3);
    let at = this.length;
    const b = this.bytes;
    let k = 0;
    for (; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c > 0x7f) break;
      b[at++] = c;
    }
    if (k < s.length) at += ENC.encodeInto(s.slice(k), b.subarray(at)).written;
    this.starts[this.count] = this.length;
    this.length = at;
    this.starts[this.count + 1] = at;
    return this.count++;
  }

  /**
   * Append `src[from, to)` as a string (bytes already UTF-8, e.g. a field of a crawl file read as
   * bytes); returns its index.
   */
  addBytes(src: Uint8Array, from: number, to: number): number {
    this.reserve(to - from);
    this.bytes.set(src.subarray(from, to), this.length);
    this.starts[this.count] = this.length;
    this.length += to - from;
    this.starts[this.count + 1] = this.length;
    return this.count++;
  }

  /**
   * Room for a string of up to `bytes` bytes, for a caller that writes them itself: write them
   * from `size` on in the returned buffer, then `commit` how many were written.
   */
  open(bytes: number): Uint8Array {
    this.reserve(bytes);
    return this.bytes;
  }

  /** The live byte buffer (valid until the next `add`; no object made, unlike `view`). */
  get buffer(): Uint8Array {
    return this.bytes;
  }

  /** Where string `i` starts in `buffer`; it ends where `i + 1` starts. */
  startOf(i: number): number {
    return this.starts[i];
  }

  /** Bytes of all strings so far (where `open`'s caller writes the next one). */
  get size(): number {
    return this.length;
  }

  /**
   * Append `count` strings made elsewhere: `bytes` holds them from `starts[0]` (0) to
   * `starts[count]`.
   */
  appendAll(bytes: Uint8Array, starts: Int32Array, count: number): void {
    const size = starts[count] - starts[0];
    this.reserve(size);
    while (this.count + count + 2 > this.starts.length) {
      const n = new Int32Array(this.starts.length * 2);
      n.set(this.starts);
      this.starts = n;
    }
    this.bytes.set(bytes.subarray(starts[0], starts[count]), this.length);
    const shift = this.length - starts[0];
    const at = this.count;
    for (let i = 0; i <= count; i++) this.starts[at + i] = starts[i] + shift;
    this.length += size;
    this.count += count;
  }

  /** Append the `bytes` bytes written after `open`; returns the string's index. */
  commit(bytes: number): number {
    this.starts[this.count] = this.length;
    this.length += bytes;
    this.starts[this.count + 1] = this.length;
    return this.count++;
  }

  /** The strings so far (live buffers: valid until the next `add`). */
  view(): ByteStrings {
    return { bytes: this.bytes, starts: this.starts };
  }

  private reserve(bytes: number): void {
    if (this.count + 2 > this.starts.length) {
      const n = new Int32Array(this.starts.length * 2);
      n.set(this.starts);
      this.starts = n;
    }
    const need = this.length + bytes;
    if (need > this.bytes.length) {
      let size = this.bytes.length * 2;
      while (size < need) size *= 2;
      const n = new Uint8Array(size);
      n.set(this.bytes.subarray(0, this.length));
      this.bytes = n;
    }
  }

  /** The strings, in buffers of their exact size. */
  finish(): ByteStrings {
    return {
      bytes: this.bytes.slice(0, this.length),
      starts: this.starts.slice(0, this.count + 1),
    };
  }
}
