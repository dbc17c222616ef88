/**
 * Many strings packed into one UTF-8 byte array, so hot loops over a million rows read typed
 * memory instead of a million separate string objects (stringSort.ts).
 */

/** Row `i` is `bytes[off[i] .. off[i + 1] - 1)`; the byte at `off[i + 1] - 1` is a separator. */
export interface Utf8Blob {
  bytes: Uint8Array;
  /** `keys.length + 1` offsets. */
  off: Int32Array;
}

/**
 * Pack `keys` as UTF-8 (one native join and one native encode). Returns null when the bytes
 * would not order like UTF-16 code units (a character in U+E000–U+FFFF, a lone surrogate) or a
 * non-ASCII key holds U+0000, and when the joined text is too long for one string.
 * `lens` (optional) are the keys' lengths, when the caller has them already.
 *
 * @example packUtf8(['ab', 'é']) // { bytes: [97, 98, 0, 195, 169, 0], off: [0, 3, 6] }
 */
export function packUtf8(keys: readonly string[], lens?: Int32Array): Utf8Blob | null {
  let joined: string;
  try {
    joined = keys.join('\0');
  } catch {
    return null;
  }
  const n = keys.length;
  const length = joined.length;
  const encoder = new TextEncoder();
  const ascii = new Uint8Array(length + 1);
  const first = encoder.encodeInto(joined, ascii);
  const off = new Int32Array(n + 1);
  if (first.read === length && first.written === length) {
    for (let i = 0; i < n; i++) off[i + 1] = off[i] + (lens ? lens[i] : keys[i].length) + 1;
    return { bytes: ascii, off };
  }
  const bytes = new Uint8Array(length * 3 + 1);
  const written = encoder.encodeInto(joined, bytes).written;
  let k = 1;
  for (let p = 0; p < written; p++) {
    const b = bytes[p];
    if (b === 0) {
      if (k >= n) return null;
      off[k++] = p + 1;
    } else if (b === 0xee || b === 0xef) return null;
  }
  if (k !== n) return null;
  off[n] = written + 1;
  return { bytes, off };
}
