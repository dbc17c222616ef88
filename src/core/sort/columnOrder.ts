/**
 * Ascending order of a document's string column (loc or lastmod), as the table sorts it: by
 * UTF-16 code unit, empty cells last, ties in document order. The worker computes it right after
 * a big parse so the page's first sort by that column costs a walk instead of a sort.
 */
import type { Entry } from '../model.ts';
import { sortStrings } from './stringSort.ts';

/** Columns the table sorts as strings. */
export type StringColumn = 'loc' | 'lastmod';

/** The sort key of `e` in a string column ('' when the cell is empty). */
export function stringKey(e: Entry, column: StringColumn): string {
  return (column === 'loc' ? e.loc : e.lastmod) ?? '';
}

/** A column's ascending order over all rows (see `sortStrings`). */
export interface ColumnOrder {
  column: StringColumn;
  /** Row indexes, ascending by key, ties in row order; empty keys last. */
  asc: Int32Array;
  /** Number of rows with a non-empty key (they come first in `asc`). */
  filled: number;
  /** 1 where `asc[i]` (i < filled) ends a run of equal keys. */
  runEnd: Uint8Array;
}

/**
 * Order all `entries` by `column`. O(n) passes over the keys (MSD radix, see windowSort.ts).
 *
 * @example columnOrder([{ id: 0, loc: 'b', line: 1, column: 1 }, { id: 1, loc: 'a', line: 2, column: 1 }], 'loc').asc // [1, 0]
 */
export function columnOrder(entries: readonly Entry[], column: StringColumn): ColumnOrder {
  const keys: string[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) keys[i] = stringKey(entries[i], column);
  const { asc, filled, runEnd } = sortStrings(keys);
  return { column, asc, filled, runEnd };
}
