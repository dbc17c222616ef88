/**
 * Entry chunks of a parse result as columns (worker → page): the plain fields of every entry in
 * one string and a few typed arrays, and only the entries with extensions (images, alternates,
 * videos, news, other XML) as objects. The page rebuilds the entries with object literals in one
 * function (`decodeEntryColumns`).
 *
 * Why: a structured clone of entry objects makes the page allocate every entry, its loc and its
 * values in the young generation, where each one is copied by the scavenges that run while the
 * chunks arrive (the long tasks of a 1,000,000-URL open). Here the clone is one string per chunk
 * (a large object, never copied) plus typed arrays; the values are slices of that string, and the
 * entries are literals of one site that V8 can pretenure once it sees they all survive.
 */
import type { Entry } from '../core/model.ts';

/** Columns of `n` entries in document order (see the module comment). */
export interface EntryColumns {
  n: number;
  /** id, line, column of each entry (3 × n; line and column are 0 on a rich entry). */
  nums: Int32Array;
  /**
   * Per entry: bit 0 lastmod, bit 1 changefreq, bit 2 priority present; `RICH`: the entry is the
   * next one of `rich` instead.
   */
  flags: Uint8Array;
  /** The locs and lastmods of the plain entries, concatenated (read with `ends`). */
  text: string;
  /** End offset in `text` of each loc and each lastmod, in entry order. */
  ends: Int32Array;
  /** changefreq and priority of each plain entry that has them: indexes into `words`. */
  words: string[];
  wordOf: Uint16Array;
  /** Entries with extensions (or without line and column), cloned whole, in order. */
  rich: Entry[];
}

const LASTMOD = 1;
const CHANGEFREQ = 2;
const PRIORITY = 4;
const RICH = 8;
/** More distinct changefreq/priority values than this in one chunk: the entry goes as rich. */
const MAX_WORDS = 0xffff;

/**
 * Encodes `entries[start, end)` as columns. Entries are not changed.
 *
 * @example decodeEntryColumns(encodeEntryColumns(entries, 0, entries.length), out) // out deep-equals entries
 */
export function encodeEntryColumns(entries: readonly Entry[], start: number, end: number): EntryColumns {
  const n = end - start;
  const nums = new Int32Array(3 * n);
  const flags = new Uint8Array(n);
  const endsOut: number[] = [];
  const wordOf: number[] = [];
  const words: string[] = [];
  const wordIndex = new Map<string, number>();
  const rich: Entry[] = [];
  let text = '';
  const word = (w: string): number => {
    let k = wordIndex.get(w);
    if (k === undefined) {
      k = words.length;
      words.push(w);
      wordIndex.set(w, k);
    }
    return k;
  };
  for (let i = 0; i < n; i++) {
    const e = entries[start + i];
    nums[3 * i] = e.id;
    if (
      e.images !== undefined ||
      e.alternates !== undefined ||
      e.videos !== undefined ||
      e.news !== undefined ||
      e.extras !== undefined ||
      e.line === undefined ||
      e.column === undefined ||
      wordIndex.size > MAX_WORDS - 2
    ) {
      flags[i] = RICH;
      rich.push(e);
      continue;
    }
    nums[3 * i + 1] = e.line;
    nums[3 * i + 2] = e.column;
    text += e.loc;
    endsOut.push(text.length);
    let f = 0;
    if (e.lastmod !== undefined) {
      f |= LASTMOD;
      text += e.lastmod;
      endsOut.push(text.length);
    }
    if (e.changefreq !== undefined) {
      f |= CHANGEFREQ;
      wordOf.push(word(e.changefreq));
    }
    if (e.priority !== undefined) {
      f |= PRIORITY;
      wordOf.push(word(e.priority));
    }
    flags[i] = f;
  }
  return {
    n,
    nums,
    flags,
    text,
    ends: Int32Array.from(endsOut),
    words,
    wordOf: Uint16Array.from(wordOf),
    rich,
  };
}

/**
 * Appends the entries of `c` to `out`, in order: plain entries are built here with keys id, loc,
 * line, column, then lastmod, changefreq, priority where present.
 */
export function decodeEntryColumns(c: EntryColumns, out: Entry[]): void {
  const { n, flags, text, ends, rich } = c;
  let at = 0;
  let end = 0;
  let w = 0;
  let r = 0;
  for (let i = 0; i < n; i++) {
    const f = flags[i];
    if (f === RICH) {
      out.push(rich[r++]);
      continue;
    }
    const locEnd = ends[end++];
    const loc = text.slice(at, locEnd);
    at = locEnd;
    let lastmod = '';
    if (f & LASTMOD) {
      const lastmodEnd = ends[end++];
      lastmod = text.slice(at, lastmodEnd);
      at = lastmodEnd;
    }
    out.push(plainEntry(c, i, f, loc, lastmod, w));
    if (f & CHANGEFREQ) w++;
    if (f & PRIORITY) w++;
  }
}

/** One plain entry: a literal per set of fields, so every entry of a shape comes from one site. */
function plainEntry(c: EntryColumns, i: number, f: number, loc: string, lastmod: string, w: number): Entry {
  const id = c.nums[3 * i];
  const line = c.nums[3 * i + 1];
  const column = c.nums[3 * i + 2];
  const words = c.words;
  const wordOf = c.wordOf;
  switch (f) {
    case LASTMOD | CHANGEFREQ | PRIORITY:
      return { id, loc, line, column, lastmod, changefreq: words[wordOf[w]], priority: words[wordOf[w + 1]] };
    case 0:
      return { id, loc, line, column };
    case LASTMOD:
      return { id, loc, line, column, lastmod };
    case LASTMOD | CHANGEFREQ:
      return { id, loc, line, column, lastmod, changefreq: words[wordOf[w]] };
    case LASTMOD | PRIORITY:
      return { id, loc, line, column, lastmod, priority: words[wordOf[w]] };
    case CHANGEFREQ:
      return { id, loc, line, column, changefreq: words[wordOf[w]] };
    case PRIORITY:
      return { id, loc, line, column, priority: words[wordOf[w]] };
    default:
      return { id, loc, line, column, changefreq: words[wordOf[w]], priority: words[wordOf[w + 1]] };
  }
}

/** The buffers of `c` to transfer. */
export function entryColumnBuffers(c: EntryColumns): ArrayBuffer[] {
  return [c.nums.buffer, c.flags.buffer, c.ends.buffer, c.wordOf.buffer] as ArrayBuffer[];
}
