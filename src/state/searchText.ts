/**
 * Case-insensitive substring search over a few text columns of many rows. Each value is tested
 * with one precompiled case-insensitive regex (irregexp scans the flat string without
 * allocating), so a first search costs one pass over the rows and builds nothing. The rows of
 * the last search are kept: when the next query extends it (typing on), only those rows are
 * tested again when they are few.
 */
import type { EditableField } from '../core/fields.ts';
import { isLazy, readRows } from '../core/lazyEntries.ts';
import type { Entry } from '../core/model.ts';

/** Text columns a search looks in: the scalar fields. */
export type SearchField = EditableField;

interface LastSearch {
  query: string;
  fields: readonly SearchField[];
  /** Indexes of the rows that matched, ascending; null when more than 1 in 8 matched. */
  rows: Int32Array | null;
}

/** The last search per entries array (dropped with the array). */
const lastOf = new WeakMap<readonly Entry[], LastSearch>();

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Case-insensitive literal matcher; irregexp scans without allocating per row. */
export function searchMatcher(search: string): RegExp | null {
  return search === '' ? null : new RegExp(escapeRegExp(search), 'i');
}

function matches(e: Entry, re: RegExp, fields: readonly SearchField[]): boolean {
  for (let f = 0; f < fields.length; f++) {
    const value = e[fields[f]];
    if (value !== undefined && re.test(value)) return true;
  }
  return false;
}

/**
 * Set `mask[i] = 1` for the rows that match, among all rows (candidates null) or among the
 * given candidates; returns how many matched.
 */
function markMatches(
  entries: readonly Entry[],
  re: RegExp,
  fields: readonly SearchField[],
  candidates: Int32Array | null,
  mask: Uint8Array,
): number {
  const n = candidates ? candidates.length : entries.length;
  let k = 0;
  if (isLazy(entries)) {
    // Rows kept as columns: every value read from them, no entry made (core/lazyEntries.ts).
    const rows = readRows(entries);
    for (let c = 0; c < n; c++) {
      const i = candidates ? candidates[c] : c;
      for (let f = 0; f < fields.length; f++) {
        const field = fields[f];
        const value = field === 'loc' ? rows.loc(i) : rows.field(i, field);
        if (value !== undefined && re.test(value)) {
          k += mask[i] = 1;
          break;
        }
      }
    }
  } else if (fields.length === 1 && fields[0] === 'loc') {
    // The common URL search: one field, a direct property load, no inner loop.
    if (candidates) {
      for (let c = 0; c < n; c++) {
        const i = candidates[c];
        if (re.test(entries[i].loc)) k += mask[i] = 1;
      }
    } else {
      for (let i = 0; i < n; i++) if (re.test(entries[i].loc)) k += mask[i] = 1;
    }
  } else {
    for (let c = 0; c < n; c++) {
      const i = candidates ? candidates[c] : c;
      if (matches(entries[i], re, fields)) k += mask[i] = 1;
    }
  }
  return k;
}

/** Indexes of the 1s in `mask`, ascending (`count` of them). */
function rowsOf(mask: Uint8Array, count: number): Int32Array {
  const rows = new Int32Array(count);
  let k = 0;
  for (let i = 0; k < count; i++) if (mask[i]) rows[k++] = i;
  return rows;
}

/**
 * 1 for every row where one of `fields` contains `query`, ignoring case the way
 * `new RegExp(escaped query, 'i')` does (non-ASCII included). A query that extends the previous
 * one over the same entries array and fields re-tests only the previous matches when they are
 * few.
 *
 * @example searchRows(doc.entries, 'Blog', ['loc']) // Uint8Array, 1 where loc contains "blog"
 */
export function searchRows(
  entries: readonly Entry[],
  query: string,
  fields: readonly SearchField[],
): Uint8Array {
  const mask = new Uint8Array(entries.length);
  const re = searchMatcher(query);
  if (!re) return mask;
  // A row holding the longer query also holds every part of it, so when no new field is
  // searched the old matches are a superset of the new ones.
  const last = lastOf.get(entries);
  const narrow = last?.rows && query.includes(last.query) && fields.every((f) => last.fields.includes(f));
  const count = markMatches(entries, re, fields, narrow ? last.rows : null, mask);
  // Rows picked out of order miss the cache: re-testing more than 1 in 8 rows costs as much as
  // one sequential pass over all of them (measured at 1,000,000 rows), so only few are kept.
  const rows = count <= entries.length / 8 ? rowsOf(mask, count) : null;
  lastOf.set(entries, { query, fields: [...fields], rows });
  return mask;
}
