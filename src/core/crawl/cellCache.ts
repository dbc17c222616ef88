/**
 * What a crawl cell means, worked out once per distinct value: a 1,000,000-row export repeats a
 * handful of status codes, content types and robots directives, so the reader hashes a cell's
 * bytes and looks its meaning up instead of making a string per cell.
 */
import { sameBytesAt, viewOf } from '../arrays.ts';
import { hashBytes, StringsBuilder } from './strings.ts';

const DEC = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A cell's text as the string scanner gives it: decoded, `""` unescaped when `escaped`, trimmed;
 * undefined when that leaves nothing.
 *
 * @example cellText(utf8(' a '), 0, 3, false) === 'a'
 */
export function cellText(b: Uint8Array, from: number, to: number, escaped: boolean): string | undefined {
  let v = DEC.decode(b.subarray(from, to));
  if (escaped) v = v.replaceAll('""', '"');
  v = v.trim();
  return v === '' ? undefined : v;
}

/**
 * Ids for distinct cell bytes, each with `meaning(text)` made once (`values[id]`).
 *
 * @example const c = new CellCache((t) => t === 'noindex'); c.values[c.id(bytes, 0, 7, false)]
 */
export class CellCache<V> {
  readonly values: V[] = [];
  private table = new Int32Array(64);
  private readonly keys = new StringsBuilder();
  private last = -1;
  /** Views for `sameBytesAt`, made again when the buffers change. */
  private keysView: DataView | null = null;
  private cellView: DataView | null = null;
  private cellBytes: Uint8Array | null = null;
  /** Where the last cell was: its chunk (`cellBytes` then) and bytes. */
  private lastBytes: Uint8Array | null = null;
  private lastFrom = 0;
  private lastTo = 0;
  /** Ids in the table (escaped cells have ids outside it). */
  private readonly interned: number[] = [];

  constructor(private readonly meaning: (text: string | undefined) => V) {}

  /** The id of the cell `b[from, to)` (`escaped`: it holds `""`, as the scanner says). */
  id(b: Uint8Array, from: number, to: number, escaped: boolean): number {
    // Raw bytes with `""` mean another text than the same bytes unquoted: not shared.
    if (escaped) {
      // An empty key outside the table keeps ids and values in step.
      this.keys.addBytes(b, from, from);
      return this.values.push(this.meaning(cellText(b, from, to, true))) - 1;
    }
    // Consecutive rows mostly repeat a cell: compared with the last one where it is in the same
    // chunk (one view, nothing looked up), else with its key; no hash either way.
    const n = to - from;
    if (this.last >= 0) {
      if (b === this.lastBytes) {
        if (n === this.lastTo - this.lastFrom) {
          const view = this.cellView as DataView;
          if (sameBytesAt(view, from, view, this.lastFrom, n)) return this.remember(this.last, from, to);
        }
      } else if (this.equals(this.last, b, from, to)) return this.remember(this.last, from, to);
    }
    const mask = this.table.length - 1;
    let i = hashBytes(b, from, to) & mask;
    for (let v = this.table[i]; v !== 0; v = this.table[i]) {
      if (this.equals(v - 1, b, from, to)) return this.remember(v - 1, from, to);
      i = (i + 1) & mask;
    }
    const id = this.keys.addBytes(b, from, to);
    this.values.push(this.meaning(cellText(b, from, to, false)));
    this.table[i] = id + 1;
    this.interned.push(id);
    if (this.interned.length * 2 > this.table.length) this.grow();
    this.equals(id, b, from, to);
    return this.remember(id, from, to);
  }

  /** `id` was the cell at `b[from, to)` of the chunk `equals` last saw. */
  private remember(id: number, from: number, to: number): number {
    this.last = id;
    this.lastBytes = this.cellBytes;
    this.lastFrom = from;
    this.lastTo = to;
    return id;
  }

  private equals(id: number, b: Uint8Array, from: number, to: number): boolean {
    const keys = this.keys;
    const at = keys.startOf(id);
    if (keys.startOf(id + 1) - at !== to - from) return false;
    const bytes = keys.buffer;
    if (this.keysView?.buffer !== bytes.buffer) this.keysView = viewOf(bytes);
    if (this.cellView?.buffer !== b.buffer || this.cellBytes !== b) {
      this.cellView = viewOf(b);
      this.cellBytes = b;
    }
    return sameBytesAt(this.keysView, at, this.cellView, from, to - from);
  }

  private grow(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    const { bytes, starts } = this.keys.view();
    for (const id of this.interned) {
      let i = hashBytes(bytes, starts[id], starts[id + 1]) & mask;
      while (table[i] !== 0) i = (i + 1) & mask;
      table[i] = id + 1;
    }
    this.table = table;
  }
}
