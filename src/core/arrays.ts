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
 * Largest of `values` (`-Infinity` when empty), without spreading them as arguments.
 *
 * @example maxOf([3, 9, 2]) // 9
 */
export function maxOf(values: readonly number[]): number {
  let m = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if (values[i] > m) m = values[i];
  return m;
}
