/**
 * Sorted index of a column: every document row in ascending key order (empties last, ties in
 * document order), built once per (entries, column) and carried across edits. The view then
 * derives any sort direction, filter or search in one O(n) walk instead of re-sorting.
 * Keys and row comparisons: sortKeys.ts.
 */

import { readRows } from '../core/lazyEntries.ts';
import type { Entry } from '../core/model.ts';
import { sortStringsSteps } from '../core/sort/stringSort.ts';
import { runSteps } from '../core/steps.ts';
import type { ColumnId } from './columns.ts';
import { isCrawlColumn, readsIssues } from './columns.ts';
import { ALL_ROWS, crawlSortKeysSteps, VIEW_STEP_ROWS } from './crawlView.ts';
import { idIndexOf, type Patch } from './patch.ts';
import {
  compareRows,
  isEmptyKey,
  isStringColumn,
  numericKey,
  sameEntryKey,
  sameKey,
  stringKey,
} from './sortKeys.ts';
import type { ValidatorLike } from './validation.ts';

/** An ascending order of all rows for one column, valid for exactly `entries`. */
export interface SortIndex {
  readonly entries: readonly Entry[];
  readonly column: ColumnId;
  /** Document indexes, ascending by key; rows with an empty key last. */
  readonly asc: Int32Array;
  /** Number of rows with a non-empty key (they come first in `asc`). */
  readonly filled: number;
  /**
   * 1 where `asc[i]` (i < filled) ends a run of equal keys (keeps ties in document order when
   * descending). Built with the index (the sorts know their ties); null only when a carried
   * index had none, then computed on the first descending walk and cached here.
   */
  runEnd: Uint8Array | null;
}

/**
 * Stable ascending order of all rows by numeric keys (NaN last) with its runs of equal keys:
 * distinct keys are ranked once (a column has few: priorities, frequencies, counts), then one
 * counting sort by rank places every row. O(n + d log d) for d distinct keys. In steps of
 * `chunk` rows (yields between them) for a caller that spreads it over several tasks.
 */
function* orderByNumbers(
  keys: Float64Array,
  chunk: number,
): Generator<void, Omit<SortIndex, 'entries' | 'column'>> {
  const n = keys.length;
  const pause = chunk < n;
  const slotOf = new Map<number, number>();
  const values: number[] = [];
  const slots = new Int32Array(n);
  let last = Number.NaN;
  let lastSlot = -1;
  for (let from = 0; from < n; from += chunk) {
    if (pause) yield;
    const to = Math.min(n, from + chunk);
    for (let i = from; i < to; i++) {
      const k = keys[i];
      if (Number.isNaN(k)) slots[i] = -1;
      else if (k === last) slots[i] = lastSlot;
      else {
        // A column has few distinct keys: scanning them beats hashing a double.
        let s: number | undefined;
        if (values.length <= 16) {
          const at = values.indexOf(k);
          s = at < 0 ? undefined : at;
        } else s = slotOf.get(k);
        if (s === undefined) {
          s = values.length;
          slotOf.set(k, s);
          values.push(k);
        }
        slots[i] = lastSlot = s;
        last = k;
      }
    }
  }
  const d = values.length;
  const byValue = Array.from(values.keys()).sort((a, b) => values[a] - values[b]);
  const rankOf = new Int32Array(d + 1);
  for (let r = 0; r < d; r++) rankOf[byValue[r]] = r;
  const ranks = new Int32Array(n);
  const start = new Int32Array(d + 2);
  for (let from = 0; from < n; from += chunk) {
    if (pause) yield;
    const to = Math.min(n, from + chunk);
    for (let i = from; i < to; i++) {
      const r = slots[i] < 0 ? d : rankOf[slots[i]];
      ranks[i] = r;
      start[r + 1]++;
    }
  }
  for (let r = 0; r <= d; r++) start[r + 1] += start[r];
  const asc = new Int32Array(n);
  const runEnd = new Uint8Array(n);
  for (let r = 0; r < d; r++) if (start[r + 1] > start[r]) runEnd[start[r + 1] - 1] = 1;
  const filled = start[d];
  for (let from = 0; from < n; from += chunk) {
    if (pause) yield;
    const to = Math.min(n, from + chunk);
    for (let i = from; i < to; i++) asc[start[ranks[i]]++] = i;
  }
  return { asc, filled, runEnd };
}

/** Build the index for `column` over all rows. O(n) passes; see `updateSortIndex`. */
export function buildSortIndex(entries: readonly Entry[], column: ColumnId, v: ValidatorLike): SortIndex {
  return runSteps(buildSortIndexSteps(entries, column, v, ALL_ROWS));
}

/**
 * `buildSortIndex` in steps of `chunk` rows (yields between them): the numeric and crawl
 * columns' passes are typed-array loops; a string column sorts by steps of the radix sort
 * (core/sort/windowSort.ts; keys beyond ASCII in one step).
 */
export function* buildSortIndexSteps(
  entries: readonly Entry[],
  column: ColumnId,
  v: ValidatorLike,
  chunk = VIEW_STEP_ROWS,
): Generator<void, SortIndex> {
  const n = entries.length;
  if (isStringColumn(column)) {
    // In slices too (a first sort by URL of 1,000,000 rows without the worker's order at hand,
    // e.g. after a restore, was one task of 500-800 ms): steps of a quarter chunk of rows, each
    // a few ms (reading a string's characters costs more than a number's key).
    const step = chunk === ALL_ROWS ? chunk : Math.max(1024, chunk >> 2);
    const keys: string[] = new Array(n);
    // Keys read from rows kept as columns make no entry (core/lazyEntries.ts).
    const rows = readRows(entries);
    for (let from = 0; from < n; from += step) {
      if (step < n && from > 0) yield;
      const to = Math.min(n, from + step);
      if (column === 'loc') for (let i = from; i < to; i++) keys[i] = rows.loc(i);
      else for (let i = from; i < to; i++) keys[i] = stringKey(rows.peek(i), column);
    }
    return { entries, column, ...(yield* sortStringsSteps(keys, step)) };
  }
  if (column === 'row') {
    const asc = Int32Array.from({ length: n }, (_, i) => i);
    return { entries, column, asc, filled: n, runEnd: new Uint8Array(n).fill(1) };
  }
  // A crawl column's keys come from the join's rows of every entry, read in one pass.
  let keys: Float64Array;
  if (isCrawlColumn(column)) keys = yield* crawlSortKeysSteps(v, entries, column, chunk);
  else {
    keys = new Float64Array(n);
    const rows = readRows(entries);
    for (let from = 0; from < n; from += chunk) {
      if (chunk < n) yield;
      const to = Math.min(n, from + chunk);
      for (let i = from; i < to; i++) keys[i] = numericKey(rows.peek(i), i, column, v);
    }
  }
  return { entries, column, ...(yield* orderByNumbers(keys, chunk)) };
}

/** The index's run flags, computed once. */
function runEndsOf(index: SortIndex, v: ValidatorLike): Uint8Array {
  if (index.runEnd) return index.runEnd;
  const { asc, filled, entries, column } = index;
  const runEnd = new Uint8Array(asc.length);
  for (let i = 0; i < filled; i++) {
    runEnd[i] = i === filled - 1 || !sameKey(entries, asc[i], asc[i + 1], column, v) ? 1 : 0;
  }
  index.runEnd = runEnd;
  return runEnd;
}

/** Rows (document indexes) whose key for the index column changed in an update-only patch. */
function movedRows(index: SortIndex, next: readonly Entry[], patch: Patch): Uint8Array | null {
  let mask: Uint8Array | null = null;
  const at = idIndexOf(next);
  for (const [before, after] of patch.updated) {
    if (sameEntryKey(before, after, index.column)) continue;
    mask ??= new Uint8Array(next.length);
    mask[at[after.id]] = 1;
  }
  return mask;
}

/** First position in `keep[0..k)` whose row sorts after `row`. */
function insertionPoint(keep: Int32Array, k: number, row: number, ctx: MergeContext): number {
  let lo = 0;
  let hi = k;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareRows(ctx.next, keep[mid], row, ctx.column, ctx.v) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface MergeContext {
  next: readonly Entry[];
  column: ColumnId;
  v: ValidatorLike;
}

/**
 * Carry an index across a patch. Update-only patches (cell edits, bulk edits, replace) keep
 * row positions: rows whose key did not change stay put, the k changed rows are taken out and
 * binary-inserted back: O(n) integer work plus O(k log n) key comparisons. Returns null when
 * the index cannot be carried (rows added, removed or reordered; issue-keyed index): build a
 * new one when next needed.
 *
 * @example index = updateSortIndex(index, nextDoc.entries, patch, validator) ?? buildSortIndex(...)
 */
export function updateSortIndex(
  index: SortIndex,
  next: readonly Entry[],
  patch: Patch,
  v: ValidatorLike,
): SortIndex | null {
  const structural = patch.added.length > 0 || patch.removed.length > 0 || patch.reorder !== undefined;
  if (structural || readsIssues(index.column) || next.length !== index.entries.length) return null;
  const moved = movedRows(index, next, patch);
  if (!moved) return { ...index, entries: next };
  const ctx: MergeContext = { next, column: index.column, v };
  const n = index.asc.length;
  const changed: number[] = [];
  const keep = new Int32Array(n);
  const keepOld = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const row = index.asc[i];
    if (moved[row]) changed.push(row);
    else {
      keepOld[k] = i;
      keep[k++] = row;
    }
  }
  changed.sort((a, b) => compareRows(next, a, b, ctx.column, v));
  const asc = new Int32Array(n);
  const fromOld = new Int32Array(n).fill(-1);
  let o = 0;
  let i = 0;
  for (const row of changed) {
    const stop = insertionPoint(keep, k, row, ctx);
    for (; i < stop; i++, o++) {
      asc[o] = keep[i];
      fromOld[o] = keepOld[i];
    }
    asc[o++] = row;
  }
  for (; i < k; i++, o++) {
    asc[o] = keep[i];
    fromOld[o] = keepOld[i];
  }
  return carryRuns(index, ctx, asc, fromOld, changed);
}

/** Recompute `filled` and `runEnd`, copying flags of neighbours that were neighbours before. */
function carryRuns(
  index: SortIndex,
  ctx: MergeContext,
  asc: Int32Array,
  fromOld: Int32Array,
  changed: number[],
): SortIndex {
  const n = asc.length;
  let filled = index.filled;
  for (const row of changed) {
    if (!isEmptyKey(index.entries[row], row, ctx.column, ctx.v)) filled--;
    if (!isEmptyKey(ctx.next[row], row, ctx.column, ctx.v)) filled++;
  }
  const old = index.runEnd;
  if (!old) return { entries: ctx.next, column: index.column, asc, filled, runEnd: null };
  const runEnd = new Uint8Array(n);
  for (let o = 0; o < filled; o++) {
    if (o === filled - 1) runEnd[o] = 1;
    else if (fromOld[o] >= 0 && fromOld[o + 1] === fromOld[o] + 1) runEnd[o] = old[fromOld[o]];
    else runEnd[o] = sameKey(ctx.next, asc[o], asc[o + 1], ctx.column, ctx.v) ? 0 : 1;
  }
  return { entries: ctx.next, column: index.column, asc, filled, runEnd };
}

/**
 * Rows in view order for a direction, keeping only rows where `keep` is 1 (all when null).
 * Descending reverses runs of distinct keys but keeps ties in document order; empties stay last.
 */
export function walkSortIndex(
  index: SortIndex,
  dir: 'asc' | 'desc',
  keep: Uint8Array | null,
  v: ValidatorLike,
): Int32Array {
  const { asc, filled } = index;
  const n = asc.length;
  const out = new Int32Array(n);
  let k = 0;
  if (dir === 'asc') {
    for (let i = 0; i < n; i++) if (!keep || keep[asc[i]]) out[k++] = asc[i];
  } else {
    const runEnd = runEndsOf(index, v);
    let end = filled;
    while (end > 0) {
      let start = end - 1;
      while (start > 0 && runEnd[start - 1] === 0) start--;
      for (let i = start; i < end; i++) if (!keep || keep[asc[i]]) out[k++] = asc[i];
      end = start;
    }
    for (let i = filled; i < n; i++) if (!keep || keep[asc[i]]) out[k++] = asc[i];
  }
  return k === n ? out : out.slice(0, k);
}
