/**
 * What a merge fix (LOC-006, IDX-007) does with one duplicate, in words for Fix all's examples.
 * Apart from fixes.ts so that only the Issues panel's chunk carries it (the first chunk has no room).
 */
import { fmtInt } from '../format.ts';
import type { SitemapDocument } from '../model.ts';
import { idIndexOf } from '../patch.ts';
import { keeperOf, mergeEntries } from './entryFixes.ts';

const LISTS = [
  ['images', 'image'],
  ['videos', 'video'],
  ['alternates', 'alternate link'],
] as const;

/**
 * "Row 4 removed: row 1 (https://a.example/a) is kept and takes its lastmod “2026-11-05”": the
 * duplicate with id `dupId`, the row kept (the first with its URL, as the fix finds it) and what
 * the kept row takes from it (the same `mergeEntries` the fix runs). Null without a kept row.
 */
export function mergeSample(doc: SitemapDocument, dupId: number): string | null {
  const at = idIndexOf(doc.entries);
  const row = (id: number) => (id >= 0 && id < at.length ? at[id] : -1);
  const i = row(dupId);
  if (i < 0) return null;
  const dup = doc.entries[i];
  const keep = keeperOf(doc, dup, (id) => (row(id) >= 0 ? doc.entries[row(id)] : undefined));
  if (!keep) return null;
  const merged = mergeEntries(keep, dup);
  const takes: string[] = [];
  for (const f of ['lastmod', 'changefreq', 'priority'] as const)
    if (merged[f] !== keep[f] && merged[f] !== undefined) takes.push(`${f} “${merged[f]}”`);
  for (const [k, one] of LISTS) {
    const n = (merged[k]?.length ?? 0) - (keep[k]?.length ?? 0);
    if (n > 0) takes.push(`${n} ${n === 1 ? one : `${one}s`}`);
  }
  const took = takes.length > 0 ? ` and takes its ${takes.join(', ')}` : '';
  return `Row ${fmtInt(i + 1)} removed: row ${fmtInt(row(keep.id) + 1)} (${keep.loc.trim()}) is kept${took}`;
}
