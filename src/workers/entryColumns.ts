/**
 * Compact wire form of an entries array for worker messages. Structured clone copies an object
 * property by property (about 1–2 µs per entry on each side); plain entries (only loc, lastmod,
 * changefreq, priority and their position) travel instead as a few columns of strings and
 * numbers, and are rebuilt as ordinary objects on arrival. Entries with images, videos, news,
 * alternates or other XML travel as they are.
 */
import type { Entry } from '../core/model.ts';

/** Columns of one chunk of entries; index `i` of every column belongs to entry `i`. */
export interface EntryColumns {
  ids: Float64Array;
  /** Source line / column, NaN when absent. */
  lines: Float64Array;
  columns: Float64Array;
  locs: string[];
  lastmods: Array<string | undefined>;
  changefreqs: Array<string | undefined>;
  priorities: Array<string | undefined>;
  /** Entries with list fields, sent whole, at the positions in `richAt`. */
  rich: Entry[];
  richAt: Int32Array;
}

function isPlain(e: Entry): boolean {
  return (
    e.images === undefined &&
    e.videos === undefined &&
    e.news === undefined &&
    e.alternates === undefined &&
    e.extras === undefined
  );
}

/**
 * Columns for `entries` (read only, never modified).
 *
 * @example decodeEntries(encodeEntries(entries)) // deep-equals entries
 */
export function encodeEntries(entries: readonly Entry[]): EntryColumns {
  const n = entries.length;
  const out: EntryColumns = {
    ids: new Float64Array(n),
    lines: new Float64Array(n),
    columns: new Float64Array(n),
    locs: new Array(n),
    lastmods: new Array(n),
    changefreqs: new Array(n),
    priorities: new Array(n),
    rich: [],
    richAt: new Int32Array(0),
  };
  const richAt: number[] = [];
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    if (!isPlain(e)) {
      out.rich.push(e);
      richAt.push(i);
      continue;
    }
    out.ids[i] = e.id;
    out.lines[i] = e.line ?? Number.NaN;
    out.columns[i] = e.column ?? Number.NaN;
    out.locs[i] = e.loc;
    out.lastmods[i] = e.lastmod;
    out.changefreqs[i] = e.changefreq;
    out.priorities[i] = e.priority;
  }
  out.richAt = Int32Array.from(richAt);
  return out;
}

/** The entries back, in order: plain ones as new objects with only the fields they had. */
export function decodeEntries(c: EntryColumns): Entry[] {
  const n = c.ids.length;
  const out: Entry[] = new Array(n);
  let r = 0;
  for (let i = 0; i < n; i++) {
    if (r < c.richAt.length && c.richAt[r] === i) {
      out[i] = c.rich[r++];
      continue;
    }
    const e: Entry = { id: c.ids[i], loc: c.locs[i] };
    const line = c.lines[i];
    if (!Number.isNaN(line)) e.line = line;
    const column = c.columns[i];
    if (!Number.isNaN(column)) e.column = column;
    const lastmod = c.lastmods[i];
    if (lastmod !== undefined) e.lastmod = lastmod;
    const changefreq = c.changefreqs[i];
    if (changefreq !== undefined) e.changefreq = changefreq;
    const priority = c.priorities[i];
    if (priority !== undefined) e.priority = priority;
    out[i] = e;
  }
  return out;
}
