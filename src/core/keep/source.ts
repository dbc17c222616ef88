/**
 * The source a document was opened from, as format-preserving export needs it: the file's bytes,
 * the entries as parsed (an entry still identical to its parsed object is untouched: edits
 * replace entry objects, see state/patch.ts) and each entry's span. Byte offsets, the decoded
 * body and the encoder are worked out on first use and cached, so an export that copies an
 * untouched file costs nothing.
 */
import { gunzipAll, isGzip } from '../parse/gzip.ts';
import { DEFAULT_MAX_DECOMPRESSED_BYTES } from '../parse.ts';
import type { KeepSource } from './sourceOf.ts';

export { type KeepSource, keepSourceOf, sharingEntries } from './sourceOf.ts';

/** Derived, cached facts of a {@link KeepSource}. */
export interface Prepared {
  /** The decompressed file, BOM included. */
  body: Uint8Array;
  /** `[start, end)` byte offsets into `body` per entry. */
  spans: Int32Array;
  rootOpenEnd: number;
  rootCloseStart: number;
  decode(bytes: Uint8Array): string;
  /** Encode text in the file's encoding; `xml` allows character references for what it cannot hold. Null: cannot. */
  encode(text: string, xml: boolean): Uint8Array | null;
}

/** Why a source cannot be re-written in place, or null when it can. */
export function cannotEdit(src: KeepSource): string | null {
  const p = prepared(src);
  return p === null ? unsupportedReason(src) : null;
}

function unsupportedReason(src: KeepSource): string {
  if (src.layout.lossy) return 'the file holds bytes that are not valid in its encoding';
  return `edits cannot be written in the file's encoding (${src.encoding})`;
}

/** The cached derived facts, or null when edits cannot be written in place (see {@link cannotEdit}). */
export function prepared(src: KeepSource): Prepared | null {
  if (src.cache !== undefined) return src.cache;
  src.cache = prepare(src);
  return src.cache;
}

function prepare(src: KeepSource): Prepared | null {
  const { layout } = src;
  if (layout.lossy) return null;
  const codec = codecOf(src.encoding);
  if (!codec) return null;
  const body = isGzip(src.file) ? gunzipAll(src.file, DEFAULT_MAX_DECOMPRESSED_BYTES).data : src.file;
  const base = layout.base;
  const n = layout.spans.length;
  const positions = new Int32Array(n + 2);
  positions.set(layout.spans);
  positions[n] = layout.rootOpenEnd;
  positions[n + 1] = layout.rootCloseStart;
  let mapped: Int32Array;
  if (layout.unit === 'bytes' || codec.single) mapped = shifted(positions, base);
  else if (codec.utf8) mapped = utf8Offsets(body, base, positions);
  else return null;
  return {
    body,
    spans: mapped.subarray(0, n),
    rootOpenEnd: mapped[n],
    rootCloseStart: mapped[n + 1],
    decode: codec.decode,
    encode: codec.encode,
  };
}

function shifted(positions: Int32Array, base: number): Int32Array {
  const out = new Int32Array(positions.length);
  for (let i = 0; i < positions.length; i++) out[i] = positions[i] < 0 ? -1 : positions[i] + base;
  return out;
}

/** True when `body[from…]` holds no byte ≥ 0x80 (checked four bytes at a time where aligned). */
function asciiFrom(body: Uint8Array, from: number): boolean {
  let i = from;
  while (i < body.length && (body.byteOffset + i) % 4 !== 0) if (body[i++] >= 0x80) return false;
  const words = new Uint32Array(body.buffer, body.byteOffset + i, (body.length - i) >> 2);
  for (let w = 0; w < words.length; w++) if ((words[w] & 0x80808080) !== 0) return false;
  for (i += words.length * 4; i < body.length; i++) if (body[i] >= 0x80) return false;
  return true;
}

/**
 * UTF-16 indexes of the text decoded from `body[base…]` → byte offsets, in one forward walk.
 * The entry spans ascend; the root's end-tag start lies after them and its start-tag end before,
 * so they are mapped in that order. ASCII text needs no walk at all.
 */
function utf8Offsets(body: Uint8Array, base: number, positions: Int32Array): Int32Array {
  if (asciiFrom(body, base)) return shifted(positions, base);
  const n = positions.length - 2;
  const order = [n, ...Array.from({ length: n }, (_, i) => i), n + 1];
  const out = new Int32Array(positions.length);
  let byte = base;
  let unit = 0;
  for (const i of order) {
    const want = positions[i];
    if (want < 0) {
      out[i] = -1;
      continue;
    }
    if (want < unit) throw new Error('source positions out of order');
    while (unit < want && byte < body.length) {
      const b = body[byte];
      const len = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      byte += len;
      unit += len === 4 ? 2 : 1;
    }
    out[i] = byte;
  }
  return out;
}

interface Codec {
  utf8: boolean;
  single: boolean;
  decode(bytes: Uint8Array): string;
  encode(text: string, xml: boolean): Uint8Array | null;
}

const utf8Encoder = new TextEncoder();

function codecOf(encoding: string): Codec | null {
  if (encoding === 'utf-8') {
    const dec = new TextDecoder('utf-8', { ignoreBOM: true });
    return {
      utf8: true,
      single: false,
      decode: (b) => dec.decode(b),
      encode: (t) => utf8Encoder.encode(t),
    };
  }
  let dec: TextDecoder;
  try {
    dec = new TextDecoder(encoding);
  } catch {
    return null;
  }
  // A single-byte encoding decodes each of the 256 bytes to one distinct UTF-16 unit.
  const all = new Uint8Array(256);
  for (let i = 0; i < 256; i++) all[i] = i;
  const chars = dec.decode(all);
  if (chars.length !== 256) return null;
  const back = new Map<number, number>();
  for (let i = 0; i < 256; i++) if (!back.has(chars.charCodeAt(i))) back.set(chars.charCodeAt(i), i);
  return {
    utf8: false,
    single: true,
    decode: (b) => dec.decode(b),
    encode(text, xml) {
      const out: number[] = [];
      for (const ch of text) {
        const code = ch.codePointAt(0) as number;
        const b = code < 0x10000 ? back.get(code) : undefined;
        if (b !== undefined) out.push(b);
        else if (xml) for (const c of `&#${code};`) out.push(c.charCodeAt(0));
        else return null;
      }
      return Uint8Array.from(out);
    },
  };
}
