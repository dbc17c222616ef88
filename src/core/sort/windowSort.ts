/**
 * MSD radix sort of ASCII strings that reads each string as rarely as possible: reading one
 * character of a million separate strings is a cache miss per string, so each row's next 32
 * characters (a "window") are copied once into eight Uint32 columns that travel with the row
 * through the counting-sort passes. Passes then read only those columns (sequential memory);
 * a group goes back to its strings only when its rows still tie past the window's end. Each
 * pass distributes by one or two characters and, while counting, finds how many more
 * characters every bucket's rows share (XOR of windows), so shared path segments cost nothing.
 */
import { runSteps } from '../steps.ts';
import { samplePrefix, sharedPrefix } from './sharedPrefix.ts';

/** Characters per window (8 words × 4 characters of 8 bits: code + 1, 0 = ended). */
const SPAN = 32;
const WORDS = SPAN / 4;
/** Groups up to this size are insertion-sorted (window words first, then native comparison). */
const SMALL = 16;
/** Groups at least this big are always distributed by two characters at once (65,536 buckets). */
const WIDE = 4096;

interface Ctx {
  keys: readonly string[];
  /** Key lengths by row. */
  lens: Int32Array;
  idx: Int32Array;
  win: Uint32Array[];
  tmpIdx: Int32Array;
  tmpWord: Uint32Array;
  dig: Int32Array;
  /** Scratch permutation of a small group. */
  perm: Int32Array;
  count: Int32Array;
  first: Int32Array;
  share: Int32Array;
  runEnd: Uint8Array;
  /** Groups left to sort: lo, hi, depth, window start, window words in use. */
  stack: number[];
  ascii: boolean;
  /** Window words the last `fill` used (later words are zero for all its rows). */
  words: number;
}

/** A stable ascending order of strings. */
export interface StringOrder {
  /** Row indexes, ascending by key, ties in row order; empty strings last (row order). */
  asc: Int32Array;
  /** Number of non-empty keys (they come first in `asc`). */
  filled: number;
  /** 1 where `asc[i]` (i < filled) ends a run of equal keys, else 0; 0 past `filled`. */
  runEnd: Uint8Array;
  /** Key lengths by row. */
  lens: Int32Array;
}

/**
 * Stable ascending order of `keys` by code unit, empty strings last, with runs of equal keys
 * marked; null when a key holds a character above U+007F (the caller sorts another way).
 * One pass reads every string once: its length, the shared-prefix check and its first window.
 *
 * @example sortAscii(['b', '', 'a']) // { asc: [2, 0, 1], filled: 2, runEnd: [1, 1, 0], lens: [1, 0, 1] }
 */
export function sortAscii(keys: readonly string[]): StringOrder | null {
  return runSteps(sortAsciiSteps(keys, Number.MAX_SAFE_INTEGER));
}

/**
 * {@link sortAscii} in steps: yields after about `chunk` rows of work (the first pass over the
 * keys in chunks of rows, then groups of the radix sort, a group never split), so a caller on
 * the page can sort 1,000,000 URLs in slices. With `chunk` at least the key count it never
 * yields (the worker's and `sortAscii`'s one-step sort).
 */
export function* sortAsciiSteps(keys: readonly string[], chunk: number): Generator<void, StringOrder | null> {
  const n = keys.length;
  const c: Ctx = {
    keys,
    lens: new Int32Array(n),
    idx: new Int32Array(n),
    win: Array.from({ length: WORDS }, () => new Uint32Array(n)),
    tmpIdx: new Int32Array(n),
    tmpWord: new Uint32Array(n),
    dig: new Int32Array(n),
    perm: new Int32Array(SMALL),
    count: new Int32Array(65536),
    first: new Int32Array(65536),
    share: new Int32Array(65536),
    runEnd: new Uint8Array(n),
    stack: [],
    ascii: true,
    words: WORDS,
  };
  // The prefix of a sample is checked while filling; only when some row does not have it is
  // the prefix of all rows computed (and the windows filled again).
  const prefix = samplePrefix(keys);
  let d0 = prefix.length;
  // Lengths of all keys, positions of the non-empty ones (row order) and their first windows at
  // the prefix's length, in chunks of rows; a missing prefix is marked by `c.words` = -1.
  const { lens, idx } = c;
  let filled = 0;
  let seen = 0;
  let longest = 0;
  let all = true;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % chunk === 0) yield;
    const s = keys[i];
    const len = s.length;
    lens[i] = len;
    if (len === 0) continue;
    if (!s.startsWith(prefix)) all = false;
    if (len > longest) longest = len;
    idx[filled] = i;
    seen |= fillRow(c.win, filled++, s, d0);
  }
  if (seen > 128) c.ascii = false;
  c.words = all ? Math.min(WORDS, Math.ceil(Math.max(0, longest - d0) / 4)) : -1;
  const { runEnd } = c;
  let k = filled;
  for (let i = 0; i < n; i++) if (lens[i] === 0) idx[k++] = i;
  runEnd.fill(1, 0, filled);
  const rows = idx.subarray(0, filled);
  if (filled > 1 && c.words < 0) {
    if (chunk < n) yield;
    d0 = sharedPrefix(keys, rows);
    c.ascii = true;
    yield* fillSteps(c, 0, filled, d0, chunk);
  }
  if (!c.ascii) return null;
  if (filled > 1) yield* sortGroups(c, filled, d0, chunk);
  return c.ascii ? { asc: idx, filled, runEnd, lens } : null;
}

function* sortGroups(c: Ctx, filled: number, d0: number, chunk: number): Generator<void, void> {
  c.stack.push(0, filled, d0, d0, c.words);
  let work = 0;
  while (c.stack.length > 0 && c.ascii) {
    // The rows of the groups done since the last step: a step ends past `chunk` of them.
    if (work >= chunk) {
      work = 0;
      yield;
    }
    let words = c.stack.pop() as number;
    const base = c.stack.pop() as number;
    const d = c.stack.pop() as number;
    const hi = c.stack.pop() as number;
    const lo = c.stack.pop() as number;
    let at = base;
    const m = hi - lo;
    if (d + 2 > base + SPAN) {
      if (m > chunk) yield* fillSteps(c, lo, hi, d, chunk);
      else fill(c, lo, hi, d);
      at = d;
      words = c.words;
    }
    work += m;
    if (m <= SMALL) insertionSort(c, lo, hi, d - at, words);
    else {
      const wide = m >= WIDE || (m >= 64 && fewLeads(c, lo, hi, d - at, words));
      yield* distribute(c, lo, hi, d, at, wide, words, chunk);
    }
  }
}

/** Copy characters `d .. d + SPAN` of the group's rows into their windows. */
function fill(c: Ctx, lo: number, hi: number, d: number): void {
  const { keys, idx, lens, win } = c;
  let seen = 0;
  let longest = 0;
  for (let i = lo; i < hi; i++) {
    const row = idx[i];
    if (lens[row] > longest) longest = lens[row];
    seen |= fillRow(win, i, keys[row], d);
  }
  if (seen > 128) c.ascii = false;
  c.words = Math.min(WORDS, Math.ceil(Math.max(0, longest - d) / 4));
}

/** {@link fill} of a group bigger than `chunk` rows, in steps of `chunk` rows. */
function* fillSteps(c: Ctx, lo: number, hi: number, d: number, chunk: number): Generator<void, void> {
  let words = 0;
  for (let from = lo; from < hi; from += chunk) {
    if (from > lo) yield;
    fill(c, from, Math.min(hi, from + chunk), d);
    words = Math.max(words, c.words);
  }
  c.words = words;
}

/** Window of `s` from `d` at position `i`; returns the OR of its character codes + 1. */
function fillRow(win: Uint32Array[], i: number, s: string, d: number): number {
  const len = s.length;
  let seen = 0;
  for (let w = 0; w < WORDS; w++) {
    const p = d + w * 4;
    const c0 = p < len ? s.charCodeAt(p) + 1 : 0;
    const c1 = p + 1 < len ? s.charCodeAt(p + 1) + 1 : 0;
    const c2 = p + 2 < len ? s.charCodeAt(p + 2) + 1 : 0;
    const c3 = p + 3 < len ? s.charCodeAt(p + 3) + 1 : 0;
    seen |= c0 | c1 | c2 | c3;
    win[w][i] = (c0 << 24) | (c1 << 16) | (c2 << 8) | c3;
  }
  return seen;
}

/** Character `k` of the window at position `i` (code + 1, 0 = ended; `words` in use). */
function charAt(win: Uint32Array[], i: number, k: number, words: number): number {
  return k >> 2 < words ? (win[k >> 2][i] >>> (24 - 8 * (k & 3))) & 0xff : 0;
}

/**
 * True when the group's characters at `k` span so few values that two-character buckets
 * (256 per leading character) cost less to walk than a second pass (dates: digits only).
 */
function fewLeads(c: Ctx, lo: number, hi: number, k: number, words: number): boolean {
  let min = 255;
  let max = 0;
  for (let i = lo; i < hi; i++) {
    const ch = charAt(c.win, i, k, words);
    if (ch < min) min = ch;
    if (ch > max) max = ch;
  }
  return (max - min + 1) * 256 <= 4 * (hi - lo);
}

/** Equal window characters of positions `i` and `f` from `k`, at most `cap`. */
function windowLcp(win: Uint32Array[], i: number, f: number, k: number, cap: number): number {
  let at = k;
  const end = k + cap;
  while (at < end) {
    const w = at >> 2;
    const x = (win[w][i] ^ win[w][f]) << (8 * (at & 3));
    if (x !== 0) return Math.min(at - k + (Math.clz32(x) >> 3), cap);
    at = (w + 1) * 4;
  }
  return cap;
}

/** The bucket keys a counting pass met (`countRange`). */
interface KeyRange {
  min: number;
  max: number;
}

/**
 * Counting-sort the group by the character (two when `wide`) at depth `d`, then push every
 * bucket that still ties past the characters its rows share, or mark it equal when its
 * strings ended. In steps of `chunk` rows (its counting pass, each move of its scatter) when
 * the group is bigger than that (the first group holds every row); no yield when it is not.
 */
function* distribute(
  c: Ctx,
  lo: number,
  hi: number,
  d: number,
  base: number,
  wide: boolean,
  words: number,
  chunk: number,
): Generator<void, void> {
  const width = wide ? 2 : 1;
  const k = d - base;
  const range: KeyRange = { min: 65536, max: -1 };
  const m = hi - lo;
  for (let from = 0; from < m; from += chunk) {
    if (from > 0) yield;
    countRange(c, lo, lo + from, lo + Math.min(m, from + chunk), k, d, wide, words, range);
  }
  bucketStarts(c.count, range.min, range.max);
  for (let from = 0; from < m; from += chunk) {
    if (chunk < m) yield;
    place(c, lo, from, Math.min(m, from + chunk));
  }
  c.idx.set(c.tmpIdx.subarray(0, m), lo);
  for (let w = (k + width) >> 2; w < words; w++) {
    for (let from = 0; from < m; from += chunk) {
      if (chunk < m) yield;
      moveWord(c, c.win[w], lo, from, Math.min(m, from + chunk));
    }
    c.win[w].set(c.tmpWord.subarray(0, m), lo);
  }
  pushBuckets(c, lo, d, width, base, words, range);
}

/** The counting pass of {@link distribute} over the group's positions `from .. to`. */
function countRange(
  c: Ctx,
  lo: number,
  from: number,
  to: number,
  k: number,
  d: number,
  wide: boolean,
  words: number,
  range: KeyRange,
): void {
  const { win, dig, count, first, share, lens, idx } = c;
  const width = wide ? 2 : 1;
  let { min, max } = range;
  for (let i = from; i < to; i++) {
    let key = charAt(win, i, k, words);
    if (wide) key = key * 256 + (key === 0 ? 0 : charAt(win, i, k + 1, words));
    dig[i - lo] = key;
    if (key < min) min = key;
    if (key > max) max = key;
    if (count[key]++ === 0) {
      first[key] = i;
      const rest = lens[idx[i]] - d - width;
      share[key] = Math.max(0, Math.min(SPAN - k - width, rest));
    } else if (share[key] > 0 && (key & 0xff) !== 0) {
      share[key] = windowLcp(win, i, first[key], k + width, share[key]);
    }
  }
  range.min = min;
  range.max = max;
}

/** After the scatter (`count` holds each bucket's end): push or mark every bucket of 2+ rows. */
function pushBuckets(
  c: Ctx,
  lo: number,
  d: number,
  width: number,
  base: number,
  words: number,
  range: KeyRange,
): void {
  const { count, share } = c;
  let s = 0;
  for (let b = range.min; b <= range.max; b++) {
    const e = count[b];
    count[b] = 0;
    if (e - s > 1) {
      if ((b & 0xff) === 0) c.runEnd.fill(0, lo + s, lo + e - 1);
      else c.stack.push(lo + s, lo + e, d + width + share[b], base, words);
    }
    s = e;
  }
}

/** Each of the group's rows `from .. to` (offsets from `lo`): its slot, and its row put there. */
function place(c: Ctx, lo: number, from: number, to: number): void {
  const { idx, tmpIdx, dig, count } = c;
  for (let i = from; i < to; i++) {
    const at = count[dig[i]]++;
    dig[i] = at;
    tmpIdx[at] = idx[lo + i];
  }
}

/** The window word `col` of the group's rows `from .. to` to their slots (in `tmpWord`). */
function moveWord(c: Ctx, col: Uint32Array, lo: number, from: number, to: number): void {
  const { dig, tmpWord } = c;
  for (let i = from; i < to; i++) tmpWord[dig[i]] = col[lo + i];
}

/**
 * Compare positions `a` and `b` of a group whose rows share the characters before window
 * character `k`: by window words, then (equal through the window, neither ended) natively.
 */
function compareAt(c: Ctx, a: number, b: number, k: number, words: number): number {
  const { win } = c;
  const shift = 8 * (k & 3);
  for (let w = k >> 2; w < words; w++) {
    const wa = win[w][a];
    const wb = win[w][b];
    const x = w === k >> 2 ? (wa << shift) >>> 0 : wa;
    const y = w === k >> 2 ? (wb << shift) >>> 0 : wb;
    if (x !== y) return x < y ? -1 : 1;
    if ((wa & 0xff) === 0) return 0;
  }
  // Every row of the window's fill ended inside it: equal through the window means equal.
  if (words < WORDS) return 0;
  const ka = c.keys[c.idx[a]];
  const kb = c.keys[c.idx[b]];
  return ka === kb ? 0 : ka < kb ? -1 : 1;
}

/** Stable insertion sort of a small group (a local permutation), then its equal runs. */
function insertionSort(c: Ctx, lo: number, hi: number, k: number, words: number): void {
  const { idx, tmpIdx, runEnd } = c;
  const m = hi - lo;
  const perm = c.perm;
  for (let i = 0; i < m; i++) {
    const p = lo + i;
    let j = i - 1;
    while (j >= 0 && compareAt(c, perm[j], p, k, words) > 0) {
      perm[j + 1] = perm[j];
      j--;
    }
    perm[j + 1] = p;
  }
  for (let i = 0; i + 1 < m; i++) {
    if (compareAt(c, perm[i], perm[i + 1], k, words) === 0) runEnd[lo + i] = 0;
  }
  for (let i = 0; i < m; i++) tmpIdx[i] = idx[perm[i]];
  idx.set(tmpIdx.subarray(0, m), lo);
}

/**
 * Turn the bucket counts `count[min..max]` into each bucket's first slot (an exclusive prefix
 * sum, in place), for the stable scatter of a radix pass.
 * @example const c = new Int32Array([2, 0, 3]); bucketStarts(c, 0, 2); // c is [0, 2, 2]
 */
export function bucketStarts(count: Int32Array, min: number, max: number): void {
  let sum = 0;
  for (let b = min; b <= max; b++) {
    const n = count[b];
    count[b] = sum;
    sum += n;
  }
}
