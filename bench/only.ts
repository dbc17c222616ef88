/**
 * `BENCH_ONLY=parse,validate npm run bench` runs only the rows whose "group · name" contains one
 * of the comma-separated words (case-insensitive); the optional sections (insights, tree,
 * keepFormat) run when a word is in their file name. Unset or empty: every row.
 */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter((w) => w !== '');

/** True when the row (or section) named by `parts` is to run. */
export function wanted(...parts: string[]): boolean {
  if (ONLY.length === 0) return true;
  const text = parts.join(' · ').toLowerCase();
  return ONLY.some((w) => text.includes(w));
}

/** True when a filter is set (some rows may be skipped). */
export const filtered = ONLY.length > 0;
