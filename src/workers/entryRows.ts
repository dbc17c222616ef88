/**
 * The page's store of a received document's rows: the worker's entry columns as they came
 * (workers/entryColumns.ts), each entry made when first read and kept (core/lazyEntries.ts, the
 * `EntrySource` behind a received document's `entries`). Ids are read from the `nums` column and
 * locs sliced from the chunk's text, so the passes over every row (validator, id index, the
 * edit's copy, the autosave) make no entry.
 *
 * Per chunk, made on its first touch: where each entry starts in the columns (`entryStarts`, 20
 * bytes an entry, off the JS heap) and the array of the entries made so far.
 */
import type { EntrySource } from '../core/lazyEntries.ts';
import type { Entry } from '../core/model.ts';
import { type EntryColumns, entryAt, entryStarts, fieldAt, locAt, RICH } from './entryColumns.ts';

/** Columns of entry objects as they are (every row `RICH`): what a chunk of objects is stored as. */
export function objectColumns(entries: readonly Entry[]): EntryColumns {
  const n = entries.length;
  const nums = new Int32Array(3 * n);
  for (let i = 0; i < n; i++) nums[3 * i] = entries[i].id;
  return {
    n,
    nums,
    flags: new Uint8Array(n).fill(RICH),
    text: '',
    ends: new Int32Array(0),
    prose: '',
    proseEnds: new Int32Array(0),
    words: [],
    wordOf: new Uint16Array(0),
    sub: new Int32Array(0),
    rich: entries.slice(),
  };
}

export class EntryRows implements EntrySource {
  /** Rows held. */
  n = 0;
  private readonly chunks: EntryColumns[] = [];
  /** Row of each chunk's first entry. */
  private readonly first: number[] = [];
  /** Per chunk, once touched: `entryStarts`, and the entries made (by index in the chunk). */
  private readonly starts: Array<Int32Array | null> = [];
  private readonly made: Array<Array<Entry | undefined> | null> = [];
  /** The chunk of the last row looked up (reads mostly stay in one chunk). */
  private last = 0;

  /** Appends the rows of `c` (rows `n` … `n + c.n - 1`); `c` is kept as it is. */
  add(c: EntryColumns): void {
    if (c.n === 0) return;
    this.chunks.push(c);
    this.first.push(this.n);
    this.starts.push(null);
    this.made.push(null);
    this.n += c.n;
  }

  /** The chunk holding `row`. */
  private chunkOf(row: number): number {
    const first = this.first;
    let k = this.last;
    if (row >= first[k] && (k + 1 === first.length || row < first[k + 1])) return k;
    let lo = 0;
    let hi = first.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (first[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    k = lo;
    this.last = k;
    return k;
  }

  private startsOf(k: number): Int32Array {
    let s = this.starts[k];
    if (s === null) {
      s = entryStarts(this.chunks[k]);
      this.starts[k] = s;
    }
    return s;
  }

  entry(row: number): Entry {
    const k = this.chunkOf(row);
    const i = row - this.first[k];
    let made = this.made[k];
    if (made === null) {
      made = [];
      for (let j = 0; j < this.chunks[k].n; j++) made.push(undefined);
      this.made[k] = made;
    }
    let e = made[i];
    if (e === undefined) {
      e = entryAt(this.chunks[k], this.startsOf(k), i);
      made[i] = e;
    }
    return e;
  }

  peek(row: number): Entry {
    const k = this.chunkOf(row);
    const i = row - this.first[k];
    return this.made[k]?.[i] ?? entryAt(this.chunks[k], this.startsOf(k), i);
  }

  id(row: number): number {
    const k = this.chunkOf(row);
    return this.chunks[k].nums[3 * (row - this.first[k])];
  }

  field(row: number, name: 'lastmod' | 'changefreq' | 'priority'): string | undefined {
    const k = this.chunkOf(row);
    const i = row - this.first[k];
    const e = this.made[k]?.[i];
    return e !== undefined ? e[name] : fieldAt(this.chunks[k], this.startsOf(k), i, name);
  }

  loc(row: number): string {
    const k = this.chunkOf(row);
    const i = row - this.first[k];
    const e = this.made[k]?.[i];
    return e !== undefined ? e.loc : locAt(this.chunks[k], this.startsOf(k), i);
  }
}
