/**
 * Fast, stable ordering of many strings by UTF-16 code unit (the order of `<`).
 *
 * Comparing 1,000,000 URLs pairwise costs over a second because they share long prefixes
 * (`https://www.example.com/…`), and reading characters out of a million separate strings is
 * mostly cache misses. ASCII keys (URLs, dates: the usual case) take windowSort.ts, an MSD radix
 * sort over fixed-width character windows copied once per row. Other keys are packed into one
 * UTF-8 byte blob (textBlob.ts) and sorted there by an MSD radix sort over row positions: each
 * pass distributes a group by the next one or two bytes (counting sort, stable) and skips what
 * its buckets share. UTF-8 byte order equals code-unit order unless a key holds a character in
 * U+E000–U+FFFF or a lone surrogate: those inputs take stringSortUtf16.ts.
 */

import { runSteps } from '../steps.ts';
import { sortByStringsUtf16 } from './stringSortUtf16.ts';
import { packUtf8, type Utf8Blob } from './textBlob.ts';
import { bucketStarts, type StringOrder, sortAsciiSteps } from './windowSort.ts';

/** One byte value + 1; 0 stands for "the string ended". */
const R = 257;
/** Groups up to this size are insertion-sorted. */
const SMALL = 16;
/** Groups at least this big are distributed by two bytes at once (R² buckets). */
const WIDE = 8192;

/** Sort state. Positions `i` carry their row (`idx`) and its bytes `pos[i] .. end[i]`. */
interface Ctx {
  bytes: Uint8Array;
  idx: Int32Array;
  pos: Int32Array;
  end: Int32Array;
  tmpIdx: Int32Array;
  tmpPos: Int32Array;
  tmpEnd: Int32Array;
  dig: Int32Array;
  /** Per bucket: rows counted, then bucket starts and ends. */
  count: Int32Array;
  /** Per bucket: its first position and the bytes after the digit all its rows share. */
  first: Int32Array;
  share: Int32Array;
  runEnd: Uint8Array;
  stack: number[];
}

/**
 * Stable ascending order of `keys` by UTF-16 code unit, empty strings last, with the runs of
 * equal keys marked (so a descending walk can keep ties in row order without comparing again).
 *
 * @example sortStrings(['b', '', 'a', 'b']) // { asc: [2, 0, 3, 1], filled: 3, runEnd: [1, 0, 1, 0] }
 */
export function sortStrings(keys: readonly string[]): Omit<StringOrder, 'lens'> {
  return runSteps(sortStringsSteps(keys, Number.MAX_SAFE_INTEGER));
}

/**
 * {@link sortStrings} in steps of about `chunk` rows of work (windowSort.ts `sortAsciiSteps`):
 * ASCII keys (URLs, dates) sort in slices; a key above U+007F makes the rest one step.
 */
export function* sortStringsSteps(
  keys: readonly string[],
  chunk: number,
): Generator<void, Omit<StringOrder, 'lens'>> {
  const ascii = yield* sortAsciiSteps(keys, chunk);
  if (ascii) return { asc: ascii.asc, filled: ascii.filled, runEnd: ascii.runEnd };
  // Some key is not ASCII.
  const n = keys.length;
  if (chunk < n) yield;
  const asc = new Int32Array(n);
  const lens = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const len = keys[i].length;
    lens[i] = len;
    if (len > 0) asc[k++] = i;
  }
  const filled = k;
  for (let i = 0; i < n; i++) if (lens[i] === 0) asc[k++] = i;
  const runEnd = new Uint8Array(n);
  runEnd.fill(1, 0, filled);
  if (filled < 2) return { asc, filled, runEnd };
  const blob = packUtf8(keys, lens);
  if (blob) radixSort(blob, asc, filled, runEnd);
  else {
    const rows = asc.subarray(0, filled);
    // The UTF-16 radix sort reads U+0000 as "ended": keys holding it are compared natively.
    if (keys.some((key) => key.includes('\0'))) rows.sort((a, b) => compareNative(keys, a, b));
    else asc.set(sortByStringsUtf16(keys, rows, 'asc'));
    for (let i = 0; i + 1 < filled; i++) if (keys[asc[i]] === keys[asc[i + 1]]) runEnd[i] = 0;
  }
  return { asc, filled, runEnd };
}

function compareNative(keys: readonly string[], a: number, b: number): number {
  const ka = keys[a];
  const kb = keys[b];
  if (ka === kb) return a - b;
  return ka < kb ? -1 : 1;
}

/**
 * Stable order of `positions` by `keys[position]`; empty strings last in both directions
 * (descending reverses runs of distinct keys, ties stay in position order). Returns a new array.
 *
 * @example sortByStrings(['b', 'a', ''], Int32Array.of(0, 1, 2), 'asc') // Int32Array [1, 0, 2]
 */
export function sortByStrings(
  keys: readonly string[],
  positions: Int32Array,
  dir: 'asc' | 'desc',
): Int32Array {
  const sub = Array.from(positions, (p) => keys[p]);
  const { asc, filled, runEnd } = sortStrings(sub);
  const out = new Int32Array(asc.length);
  let o = 0;
  if (dir === 'asc') for (let i = 0; i < filled; i++) out[o++] = positions[asc[i]];
  else {
    let end = filled;
    while (end > 0) {
      let start = end - 1;
      while (start > 0 && runEnd[start - 1] === 0) start--;
      for (let i = start; i < end; i++) out[o++] = positions[asc[i]];
      end = start;
    }
  }
  for (let i = filled; i < asc.length; i++) out[o++] = positions[asc[i]];
  return out;
}

function radixSort(blob: Utf8Blob, asc: Int32Array, filled: number, runEnd: Uint8Array): void {
  const idx = asc.subarray(0, filled);
  const pos = new Int32Array(filled);
  const end = new Int32Array(filled);
  const { off } = blob;
  for (let i = 0; i < filled; i++) {
    pos[i] = off[idx[i]];
    end[i] = off[idx[i] + 1] - 1;
  }
  const c: Ctx = {
    bytes: blob.bytes,
    idx,
    pos,
    end,
    tmpIdx: new Int32Array(filled),
    tmpPos: new Int32Array(filled),
    tmpEnd: new Int32Array(filled),
    dig: new Int32Array(filled),
    count: new Int32Array(R * R),
    first: new Int32Array(R * R),
    share: new Int32Array(R * R),
    runEnd,
    stack: [0, filled, 0],
  };
  const { stack } = c;
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    if (hi - lo <= SMALL) insertionSort(c, lo, hi, depth);
    else distribute(c, lo, hi, depth, hi - lo >= WIDE);
  }
}

/**
 * Counting-sort the group by the byte (or two: `wide`) at `d`. While counting, each row is
 * compared with the first row of its bucket (bytes in cache already), so every bucket knows how
 * many further bytes its rows share: the bucket recurses past them. Buckets of strings that
 * ended are runs of equal keys.
 */
function distribute(c: Ctx, lo: number, hi: number, d: number, wide: boolean): void {
  const { bytes, pos, end, dig, count, first, share } = c;
  const w = wide ? 2 : 1;
  let min = R * R;
  let max = 0;
  for (let i = lo; i < hi; i++) {
    const p = pos[i] + d;
    const e = end[i];
    let key = p < e ? bytes[p] + 1 : 0;
    if (wide) key = key * R + (p + 1 < e ? bytes[p + 1] + 1 : 0);
    dig[i - lo] = key;
    if (key < min) min = key;
    if (key > max) max = key;
    if (count[key]++ === 0) {
      first[key] = i;
      share[key] = e - p - w;
    } else if (share[key] > 0) {
      const q = p + w;
      const f = pos[first[key]] + d + w;
      const limit = Math.min(share[key], e - q);
      let j = 0;
      while (j < limit && bytes[q + j] === bytes[f + j]) j++;
      share[key] = j;
    }
  }
  scatter(c, lo, hi, min, max);
  let s = 0;
  for (let b = min; b <= max; b++) {
    const e = count[b];
    count[b] = 0;
    if (e - s > 1) {
      if (b % R === 0) c.runEnd.fill(0, lo + s, lo + e - 1);
      else c.stack.push(lo + s, lo + e, d + w + share[b]);
    }
    s = e;
  }
}

/** Move the group's positions into bucket order (stable); leaves bucket ends in `count`. */
function scatter(c: Ctx, lo: number, hi: number, min: number, max: number): void {
  const { idx, pos, end, tmpIdx, tmpPos, tmpEnd, dig, count } = c;
  bucketStarts(count, min, max);
  const m = hi - lo;
  for (let i = 0; i < m; i++) {
    const t = count[dig[i]]++;
    tmpIdx[t] = idx[lo + i];
    tmpPos[t] = pos[lo + i];
    tmpEnd[t] = end[lo + i];
  }
  idx.set(tmpIdx.subarray(0, m), lo);
  pos.set(tmpPos.subarray(0, m), lo);
  end.set(tmpEnd.subarray(0, m), lo);
}

/** Byte comparison of positions `a` and `b` from depth `d` (shorter first when a prefix). */
function compareFrom(c: Ctx, a: number, b: number, d: number): number {
  const { bytes, pos, end } = c;
  let pa = pos[a] + d;
  let pb = pos[b] + d;
  const ea = end[a];
  const eb = end[b];
  while (pa < ea && pb < eb) {
    const x = bytes[pa++];
    const y = bytes[pb++];
    if (x !== y) return x - y;
  }
  return ea - pa - (eb - pb);
}

/** Stable insertion sort of a small group (rows arrive in row order), then its equal runs. */
function insertionSort(c: Ctx, lo: number, hi: number, d: number): void {
  const { idx, pos, end, runEnd } = c;
  for (let i = lo + 1; i < hi; i++) {
    const row = idx[i];
    const p = pos[i];
    const e = end[i];
    let j = i - 1;
    while (j >= lo && compareRow(c, j, p, e, d) > 0) {
      idx[j + 1] = idx[j];
      pos[j + 1] = pos[j];
      end[j + 1] = end[j];
      j--;
    }
    idx[j + 1] = row;
    pos[j + 1] = p;
    end[j + 1] = e;
  }
  for (let i = lo; i + 1 < hi; i++) if (compareFrom(c, i, i + 1, d) === 0) runEnd[i] = 0;
}

/** Compare position `a` with the bytes `p .. e` from depth `d`. */
function compareRow(c: Ctx, a: number, p: number, e: number, d: number): number {
  const { bytes, pos, end } = c;
  let pa = pos[a] + d;
  let pb = p + d;
  const ea = end[a];
  while (pa < ea && pb < e) {
    const x = bytes[pa++];
    const y = bytes[pb++];
    if (x !== y) return x - y;
  }
  return ea - pa - (e - pb);
}
