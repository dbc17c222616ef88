/**
 * Stable ordering of many strings by UTF-16 code unit (the order of `<`), reading the strings
 * themselves: the fallback of stringSort.ts for keys its byte path cannot order (characters in
 * U+E000–U+FFFF, lone surrogates, U+0000 inside non-ASCII text).
 *
 * Comparing 1,000,000 URLs pairwise costs over a second because they share long prefixes
 * (`https://www.example.com/…`). Instead this is an MSD radix sort: each group of strings
 * skips its common prefix, packs the next few characters into one float64 together with the
 * row's position in the group, and sorts that Float64Array natively (no comparator). Groups
 * that still tie recurse on the following characters; small groups use a plain comparison.
 */

/** Position bits inside the packed key: groups up to 2^21 (2,097,152) rows use radix passes. */
const POS_BITS = 21;
const POS_SCALE = 2 ** POS_BITS;
/** Below this size a comparison sort is cheaper than a radix pass. */
const SMALL = 12;

interface Work {
  keys: readonly string[];
  idx: Int32Array;
  /** 1 for ascending, -1 for descending. */
  sign: number;
  packed: Float64Array;
  scratch: Int32Array;
}

/**
 * Stable order of `positions` by `keys[position]`; empty strings last in both directions.
 * Returns a new Int32Array. O(total characters examined + n log n) with small constants.
 *
 * @example sortByStringsUtf16(['b', 'a', ''], Int32Array.of(0, 1, 2), 'asc') // Int32Array [1, 0, 2]
 */
export function sortByStringsUtf16(
  keys: readonly string[],
  positions: Int32Array,
  dir: 'asc' | 'desc',
): Int32Array {
  const n = positions.length;
  const out = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) if (keys[positions[i]] !== '') out[k++] = positions[i];
  const filled = k;
  for (let i = 0; i < n; i++) if (keys[positions[i]] === '') out[k++] = positions[i];
  const w: Work = {
    keys,
    idx: out,
    sign: dir === 'asc' ? 1 : -1,
    packed: new Float64Array(Math.min(filled, POS_SCALE)),
    scratch: new Int32Array(Math.min(filled, POS_SCALE)),
  };
  const stack: number[] = [0, filled, 0];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const end = stack.pop() as number;
    const start = stack.pop() as number;
    sortGroup(w, start, end, depth, stack);
  }
  return out;
}

/**
 * Length of the prefix every row of the group shares, at least `depth` (shared already): one
 * pass comparing each row with the first, never further than the shortest match so far.
 */
function commonPrefix(w: Work, start: number, end: number, depth: number): number {
  const { keys, idx } = w;
  const first = keys[idx[start]];
  let lcp = first.length;
  for (let i = start + 1; i < end && lcp > depth; i++) {
    const s = keys[idx[i]];
    const max = Math.min(lcp, s.length);
    let j = depth;
    while (j < max && s.charCodeAt(j) === first.charCodeAt(j)) j++;
    lcp = j;
  }
  return Math.max(lcp, depth);
}

/** Stable insertion sort of a small group; positions start in document order. */
function insertionSort(w: Work, start: number, end: number): void {
  const { idx } = w;
  for (let i = start + 1; i < end; i++) {
    const row = idx[i];
    let j = i - 1;
    while (j >= start && compareSmall(w, idx[j], row) > 0) {
      idx[j + 1] = idx[j];
      j--;
    }
    idx[j + 1] = row;
  }
}

function compareSmall(w: Work, a: number, b: number): number {
  const ka = w.keys[a];
  const kb = w.keys[b];
  if (ka === kb) return a - b;
  return ka < kb ? -w.sign : w.sign;
}

function sortGroup(w: Work, start: number, end: number, depth0: number, stack: number[]): void {
  const m = end - start;
  if (m < 2) return;
  if (m <= SMALL) {
    insertionSort(w, start, end);
    return;
  }
  if (m > POS_SCALE) {
    // Too many rows to pack a position: plain comparison sort (stable by position).
    w.idx.subarray(start, end).sort((a, b) => compareSmall(w, a, b));
    return;
  }
  let depth = commonPrefix(w, start, end, depth0);
  let width = 0;
  // Pack the next characters; while every row has the same ones (a shared prefix such as
  // `https://www.example.com/`), step on without sorting.
  for (;;) {
    width = packGroup(w, start, m, depth);
    if (width > 0) break;
    depth -= width;
    // Same chunk everywhere and the first row ended inside it: every row is the same string.
    if (w.keys[w.idx[start]].length < depth) return;
  }
  const { idx, packed } = w;
  const view = packed.subarray(0, m);
  view.sort();
  const scratch = w.scratch;
  for (let i = 0; i < m; i++) scratch[i] = idx[start + (view[i] % POS_SCALE)];
  idx.set(scratch.subarray(0, m), start);
  pushTies(w, start, m, depth + width, stack);
}

/**
 * Pack rows `start..start+m` at `depth` into `w.packed` (chunk × 2^21 + position in group).
 * Returns the chunk width in characters (4 ASCII or 2 UTF-16), negated when every row has the
 * same chunk (nothing to sort at this depth).
 */
function packGroup(w: Work, start: number, m: number, depth: number): number {
  const { keys, idx, packed } = w;
  const desc = w.sign < 0;
  let same = true;
  let firstChunk = -1;
  let wide = false;
  for (let i = 0; i < m; i++) {
    const chunk = asciiChunk(keys[idx[start + i]], depth);
    if (chunk < 0) {
      wide = true;
      break;
    }
    if (i === 0) firstChunk = chunk;
    else if (chunk !== firstChunk) same = false;
    packed[i] = (desc ? 0xfffffff - chunk : chunk) * POS_SCALE + i;
  }
  if (!wide) return same ? -4 : 4;
  same = true;
  for (let i = 0; i < m; i++) {
    const chunk = wideChunk(keys[idx[start + i]], depth);
    if (i === 0) firstChunk = chunk;
    else if (chunk !== firstChunk) same = false;
    packed[i] = (desc ? 0xffffffff - chunk : chunk) * POS_SCALE + i;
  }
  return same ? -2 : 2;
}

// Character code 0 marks "string ended": XML text never contains U+0000.
/** Four 7-bit characters from `d` (0 past the end), or -1 if one of them is not ASCII. */
function asciiChunk(s: string, d: number): number {
  const n = s.length;
  const c0 = d < n ? s.charCodeAt(d) : 0;
  const c1 = d + 1 < n ? s.charCodeAt(d + 1) : 0;
  const c2 = d + 2 < n ? s.charCodeAt(d + 2) : 0;
  const c3 = d + 3 < n ? s.charCodeAt(d + 3) : 0;
  if ((c0 | c1 | c2 | c3) > 127) return -1;
  return (c0 << 21) | (c1 << 14) | (c2 << 7) | c3;
}

function wideChunk(s: string, d: number): number {
  const n = s.length;
  return (d < n ? s.charCodeAt(d) : 0) * 65536 + (d + 1 < n ? s.charCodeAt(d + 1) : 0);
}

/** Push runs of equal chunks whose strings go on past the chunk. */
function pushTies(w: Work, start: number, m: number, nextDepth: number, stack: number[]): void {
  const { packed, keys, idx } = w;
  let runStart = 0;
  for (let i = 1; i <= m; i++) {
    const same = i < m && Math.floor(packed[i] / POS_SCALE) === Math.floor(packed[runStart] / POS_SCALE);
    if (same) continue;
    // If the first string of the run ended inside this chunk, every string of the run is equal.
    if (i - runStart > 1 && keys[idx[start + runStart]].length >= nextDepth) {
      stack.push(start + runStart, start + i, nextDepth);
    }
    runStart = i;
  }
}
