/**
 * Where to cut a child when re-splitting it (OUT-008): runs of entries within the limits, by the
 * validator's estimate of the bytes each entry adds (`entryBytes`, the one entry-size estimator).
 * The serializer measures exactly later.
 */
import type { Entry } from '../model.ts';
import { entryBytes } from '../rules/size.ts';

/**
 * Cut `entries` into runs of at most `maxUrls` entries and about `maxBytes` bytes (1 KiB is kept
 * for the XML declaration and root element); one run, the same array, when they already fit.
 *
 * @example cut(entries, 1000, Infinity).length // ceil(entries.length / 1000)
 */
export function cut(entries: readonly Entry[], maxUrls: number, maxBytes: number): Array<readonly Entry[]> {
  const budget = maxBytes - 1024; // XML declaration, root element and namespace declarations
  const runs: Array<readonly Entry[]> = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < entries.length; i++) {
    const size = Number.isFinite(budget) ? entryBytes(entries[i], 'urlset') : 0;
    if (i > start && (i - start >= maxUrls || bytes + size > budget)) {
      runs.push(entries.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
  }
  runs.push(start === 0 ? entries : entries.slice(start));
  return runs;
}
