/**
 * Array helpers for data of unbounded size. `target.push(...source)` passes every element as an
 * argument and throws "Maximum call stack size exceeded" past ~100,000 elements; these do not.
 */

/**
 * Append every element of `source` to `target` (in place) and return `target`.
 *
 * @example appendAll([1], [2, 3]) // [1, 2, 3]
 */
export function appendAll<T>(target: T[], source: readonly T[]): T[] {
  for (let i = 0; i < source.length; i++) target.push(source[i]);
  return target;
}

/**
 * One array of `parts`' elements, in order: what `parts.flat()` returns for arrays of rows, built
 * by `concat` a batch of parts at a time. At 1,000,000 entries in 500 parts `flat()` took 400-900
 * ms in Node and ~140 ms of the 1M restore's longest task on the page; `concat` takes a few ms
 * (docs/perf.md, "Session 13: the 1M edit, settings change and restore").
 *
 * @example joinArrays([[1], [2, 3]]) // [1, 2, 3]
 */
export function joinArrays<T>(parts: ReadonlyArray<readonly T[]>): T[] {
  let out: T[] = [];
  // Parts are passed as arguments: a batch stays far under the engines' argument limits.
  for (let i = 0; i < parts.length; i += JOIN_BATCH) out = out.concat(...parts.slice(i, i + JOIN_BATCH));
  return out;
}

const JOIN_BATCH = 4_096;

/**
 * Largest of `values` (`-Infinity` when empty), without spreading them as arguments.
 *
 * @example maxOf([3, 9, 2]) // 9
 */
export function maxOf(values: readonly number[]): number {
  let m = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if (values[i] > m) m = values[i];
  return m;
}

/**
 * One buffer from byte chunks, in order (a single chunk is returned as is); `length` is their
 * total when the caller already counted it.
 *
 * @example concatBytes([Uint8Array.of(1), Uint8Array.of(2, 3)]) // Uint8Array [1, 2, 3]
 */
export function concatBytes(chunks: readonly Uint8Array[], length?: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  let total = length ?? 0;
  if (length === undefined) for (const c of chunks) total += c.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * True when `part` equals the bytes of `whole` from `at` on (`whole[at .. at + part.length)`);
 * four bytes at a time (as Int32 words when both are aligned, else through {@link sameBytesAt}).
 * Whole files: `a.length === b.length && sameBytes(a, b)`.
 *
 * @example sameBytes(Uint8Array.of(2, 3), Uint8Array.of(1, 2, 3), 1) // true
 */
export function sameBytes(part: Uint8Array, whole: Uint8Array, at = 0): boolean {
  if (at < 0 || at + part.length > whole.length) return false;
  const o = whole.byteOffset + at;
  if ((part.byteOffset & 3) !== 0 || (o & 3) !== 0)
    return sameBytesAt(viewOf(part), 0, viewOf(whole), at, part.length);
  const words = part.length >> 2;
  const a = new Int32Array(part.buffer, part.byteOffset, words);
  const b = new Int32Array(whole.buffer, o, words);
  for (let i = 0; i < words; i++) if (a[i] !== b[i]) return false;
  for (let i = words << 2; i < part.length; i++) if (part[i] !== whole[at + i]) return false;
  return true;
}

/** A DataView over exactly the bytes of `b` (offsets as in `b`), for {@link sameBytesAt}. */
export function viewOf(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * Are `n` bytes at `i` in `a` equal to those at `j` in `b`? Four at a time at any offsets (a
 * 60-byte URL costs 15 compares, not 60: byte loops dominate reading a 300 MB crawl file). The
 * caller keeps the views (one per buffer, not per compare) and stays in range.
 *
 * @example sameBytesAt(viewOf(x), 0, viewOf(y), 0, x.length)
 */
export function sameBytesAt(a: DataView, i: number, b: DataView, j: number, n: number): boolean {
  let k = 0;
  for (; k + 4 <= n; k += 4) if (a.getUint32(i + k, true) !== b.getUint32(j + k, true)) return false;
  for (; k < n; k++) if (a.getUint8(i + k) !== b.getUint8(j + k)) return false;
  return true;
}
