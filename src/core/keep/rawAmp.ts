/**
 * Unescaped ampersands (ENC-005) in the bytes of an XML file: a `&` of element text or of an
 * attribute value that starts no entity or character reference. The parser reads it as a literal
 * `&` (IMP-010); a kept export writes it as `&amp;`, so a file that keeps its formatting is still
 * well-formed. Comments, CDATA sections, processing instructions and the DOCTYPE are left alone
 * (a raw `&` is legal there). Byte-level: the encodings a kept file can have are ASCII-compatible.
 */

import { doctypeEnd } from './prolog.ts';

const AMP = 38;
const LT = 60;
const SEMI = 59;
const ESCAPED = new Uint8Array([38, 97, 109, 112, 59]); // &amp;

function isNameByte(c: number, first: boolean): boolean {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58 || c >= 0x80) return true;
  return !first && ((c >= 48 && c <= 57) || c === 45 || c === 46);
}

/** True when the `&` at `i` starts a reference: `&name;`, `&#digits;` or `&#xhex;`. */
function isReference(b: Uint8Array, i: number): boolean {
  let j = i + 1;
  if (b[j] === 35) {
    j++;
    const hex = b[j] === 120;
    if (hex) j++;
    const start = j;
    for (; j < b.length; j++) {
      const c = b[j];
      const digit = c >= 48 && c <= 57;
      if (!(digit || (hex && ((c >= 65 && c <= 70) || (c >= 97 && c <= 102))))) break;
    }
    return j > start && b[j] === SEMI;
  }
  const start = j;
  while (j < b.length && j - start < 64 && isNameByte(b[j], j === start)) j++;
  return j > start && b[j] === SEMI;
}

/** Index of `pattern` in `b` from `from`, or -1. */
function find(b: Uint8Array, pattern: readonly number[], from: number): number {
  for (let i = b.indexOf(pattern[0], from); i >= 0; i = b.indexOf(pattern[0], i + 1)) {
    let k = 1;
    while (k < pattern.length && b[i + k] === pattern[k]) k++;
    if (k === pattern.length) return i;
  }
  return -1;
}

const codes = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const COMMENT = codes('<!--');
const COMMENT_END = codes('-->');
const CDATA = codes('<![CDATA[');
const CDATA_END = codes(']]>');
const PI_END = codes('?>');

function startsWith(b: Uint8Array, at: number, pattern: readonly number[]): boolean {
  for (let k = 0; k < pattern.length; k++) if (b[at + k] !== pattern[k]) return false;
  return true;
}

/** Where the markup starting with `<!` or `<?` at `lt` ends (past it; `b.length` when unclosed). */
function skipMarkup(b: Uint8Array, lt: number): number {
  const end = (pattern: readonly number[], from: number) => {
    const at = find(b, pattern, from);
    return at < 0 ? b.length : at + pattern.length;
  };
  if (b[lt + 1] === 63) return end(PI_END, lt + 2);
  if (startsWith(b, lt, COMMENT)) return end(COMMENT_END, lt + 4);
  if (startsWith(b, lt, CDATA)) return end(CDATA_END, lt + 9);
  // A DOCTYPE: the prolog's reading of where it ends (quoted strings, its internal subset).
  const doctype = doctypeEnd(b, lt);
  return doctype < 0 ? b.length : doctype;
}

/** True when `b` holds a `&` that starts no reference (anywhere; a cheap first look). */
function anyBareAmp(b: Uint8Array): boolean {
  for (let i = b.indexOf(AMP); i >= 0; i = b.indexOf(AMP, i + 1)) if (!isReference(b, i)) return true;
  return false;
}

/**
 * Offsets of the unescaped `&` of `b` outside comments, CDATA, processing instructions and the
 * DOCTYPE, ascending. One look at every `&` when there is none (the common case).
 *
 * @example rawAmpersands(enc('<a>x&y</a><!-- & -->')) // [4]
 */
export function rawAmpersands(b: Uint8Array): number[] {
  const out: number[] = [];
  if (!anyBareAmp(b)) return out;
  let amp = b.indexOf(AMP);
  let pos = 0;
  while (amp >= 0) {
    const lt = b.indexOf(LT, pos);
    if (lt >= 0 && lt < amp) {
      const next = b[lt + 1];
      pos = next === 33 || next === 63 ? skipMarkup(b, lt) : lt + 1;
      if (pos > amp) amp = b.indexOf(AMP, pos);
      continue;
    }
    if (!isReference(b, amp)) out.push(amp);
    pos = amp + 1;
    amp = b.indexOf(AMP, pos);
  }
  return out;
}

/**
 * `b` with every offset of `at` (each a `&`, ascending) written as `&amp;`.
 *
 * @example escapeAt(enc('x&y'), [1]) // 'x&amp;y'
 */
export function escapeAt(b: Uint8Array, at: readonly number[]): Uint8Array {
  if (at.length === 0) return b;
  const out = new Uint8Array(b.length + at.length * (ESCAPED.length - 1));
  let from = 0;
  let w = 0;
  for (const i of at) {
    out.set(b.subarray(from, i), w);
    w += i - from;
    out.set(ESCAPED, w);
    w += ESCAPED.length;
    from = i + 1;
  }
  out.set(b.subarray(from), w);
  return out;
}

/** A replacement of `body[from, to)`, as keepFormat's `ByteOp`. */
interface Op {
  from: number;
  to: number;
  bytes: Uint8Array;
}

/**
 * The ops of a kept export with the source's unescaped ampersands escaped too: one op per raw `&`
 * outside every op, and the bytes of each op that re-writes source text (an edited or moved
 * entry keeps its other children as written) escaped alike. `ops` ascend by `from`; so does the
 * result. Null when the source has no raw `&`.
 */
export function escapeRawAmpersands(
  body: Uint8Array,
  ops: readonly Op[],
): { ops: Op[]; escaped: number } | null {
  const at = rawAmpersands(body);
  if (at.length === 0) return null;
  const out: Op[] = [];
  let escaped = 0;
  let j = 0;
  const one = (i: number) => {
    out.push({ from: i, to: i + 1, bytes: ESCAPED });
    escaped++;
  };
  for (const op of ops) {
    while (j < at.length && at[j] < op.from) one(at[j++]);
    while (j < at.length && at[j] < op.to) j++;
    const inner = op.bytes.length > 0 ? rawAmpersands(op.bytes) : [];
    escaped += inner.length;
    out.push(inner.length > 0 ? { ...op, bytes: escapeAt(op.bytes, inner) } : op);
  }
  while (j < at.length) one(at[j++]);
  return { ops: out, escaped };
}
