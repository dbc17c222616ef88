/** Shared prefixes of many keys (windowSort.ts starts its windows after them). */

/** Shorten `prefix` to what it shares with `s`. */
function common(prefix: string, s: string): string {
  if (s.startsWith(prefix)) return prefix;
  let j = 0;
  const max = Math.min(prefix.length, s.length);
  while (j < max && s.charCodeAt(j) === prefix.charCodeAt(j)) j++;
  return prefix.slice(0, j);
}

/**
 * The prefix shared by the non-empty keys among 33 spread over `keys` (at least as long as the
 * one all keys share).
 *
 * @example samplePrefix(['https://a.example/x', '', 'https://a.example/y']) // 'https://a.example/'
 */
export function samplePrefix(keys: readonly string[]): string {
  let prefix: string | null = null;
  const n = keys.length;
  const step = Math.max(1, Math.floor(n / 32));
  for (let i = 0; i < n + step - 1; i += step) {
    const s = keys[Math.min(i, n - 1)];
    if (s !== '') prefix = prefix === null ? s : common(prefix, s);
  }
  return prefix ?? '';
}

/**
 * Length of the prefix every key of `rows` shares.
 *
 * @example sharedPrefix(['ab', 'ac'], Int32Array.of(0, 1)) // 1
 */
export function sharedPrefix(keys: readonly string[], rows: Int32Array): number {
  let prefix = keys[rows[0]];
  for (let i = 1; i < rows.length && prefix.length > 0; i++) prefix = common(prefix, keys[rows[i]]);
  return prefix.length;
}
