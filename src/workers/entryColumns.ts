/**
 * Entry chunks of a parse result as columns (worker → page): the string fields of every entry,
 * its images and its hreflang links in one string (two: URLs and prose) with end offsets, numbers and flags in typed
 * arrays, short repeated values (changefreq, priority, rel, hreflang) in a word table; only
 * entries with videos, news or other XML go as objects. The page rebuilds the entries with object
 * literals in one function (`decodeEntryColumns`). The encoder is `entryColumnsEncode.ts`: apart, so
 * the page's first chunk carries the decoder only (the worker and the autosave's save load it).
 *
 * Why: a structured clone of entry objects makes the page allocate every entry, its loc and its
 * values in the young generation, where each one is copied by the scavenges that run while the
 * chunks arrive (the long tasks of a 1,000,000-URL open). Here the clone is one string per chunk
 * (a large object, never copied) plus typed arrays; the values are slices of that string, and the
 * entries are literals of a few sites that V8 pretenures once it sees they all survive.
 */
import type { Alternate, Entry, ImageData } from '../core/model.ts';

/** Columns of `n` entries in document order (see the module comment). */
export interface EntryColumns {
  n: number;
  /** id, line, column of each entry (3 × n; line and column are 0 on a rich entry). */
  nums: Int32Array;
  /**
   * Per entry: bit 0 lastmod, 1 changefreq, 2 priority, 4 images, 5 alternates present, 6 the
   * lastmod is a word (a short value: dates repeat); exactly `RICH`: the entry is the next one
   * of `rich` instead.
   */
  flags: Uint8Array;
  /** The URL-like values (locs, lastmods, image locs, hrefs, media), concatenated in order. */
  text: string;
  /** End offset in `text` of each value taken from it, in order. */
  ends: Int32Array;
  /**
   * Image captions, titles, geo locations and licenses, concatenated in order: kept apart because
   * one non-Latin-1 character makes a whole string two bytes per character, and the page's values
   * are slices that keep their string alive.
   */
  prose: string;
  proseEnds: Int32Array;
  /** Short repeated values (short lastmods, changefreq, priority, rel, hreflang), indexed by `wordOf`. */
  words: string[];
  wordOf: Uint16Array;
  /**
   * In entry order: the number of images, then each image's field bits (caption, title,
   * geoLocation, license); the number of alternates, then each one's bits (rel, hreflang, href, media).
   */
  sub: Int32Array;
  /** Entries with videos, news, other XML (or without line and column), cloned whole, in order. */
  rich: Entry[];
}

/** The column format's bits, shared with the encoder (entryColumnsEncode.ts). */
export const LASTMOD = 1;
export const CHANGEFREQ = 2;
export const PRIORITY = 4;
export const RICH = 8;
export const IMAGES = 16;
export const ALTERNATES = 32;
export const LASTMOD_WORD = 64;

export const CAPTION = 1;
export const TITLE = 2;
export const GEO = 4;
export const LICENSE = 8;

export const REL = 1;
export const HREFLANG = 2;
export const HREF = 4;
export const MEDIA = 8;

/** Where `decodeEntryColumns` (or `EntryRows`) is in each column. */
class Reader {
  at = 0;
  end = 0;
  proseAt = 0;
  proseEnd = 0;
  w = 0;
  s = 0;
  constructor(readonly c: EntryColumns) {}
  /** Moves to the values of the entry whose `entryStarts` are at `k` (4 × its index). */
  seek(starts: Int32Array, k: number): void {
    const c = this.c;
    this.end = starts[k];
    this.at = this.end === 0 ? 0 : c.ends[this.end - 1];
    this.proseEnd = starts[k + 1];
    this.proseAt = this.proseEnd === 0 ? 0 : c.proseEnds[this.proseEnd - 1];
    this.w = starts[k + 2];
    this.s = starts[k + 3];
  }
  /** The next value of `text`. */
  str(): string {
    const from = this.at;
    this.at = this.c.ends[this.end++];
    return this.c.text.slice(from, this.at);
  }
  /** The next value of `prose`. */
  prose(): string {
    const from = this.proseAt;
    this.proseAt = this.c.proseEnds[this.proseEnd++];
    return this.c.prose.slice(from, this.proseAt);
  }
  word(): string {
    return this.c.words[this.c.wordOf[this.w++]];
  }
  sub(): number {
    return this.c.sub[this.s++];
  }
}

/**
 * Appends the entries of `c` to `out`, in order: entries are built here with keys id, loc,
 * line, column, then lastmod, changefreq, priority, images, alternates where present.
 *
 * Every entry it builds stays alive, so each byte it allocates is copied by the scavenges that
 * run while chunks arrive (the open's long tasks at 1,000,000 URLs): an entry is one literal
 * with all its fields (no property added later, which would give it a second backing store),
 * image and link lists are array literals of their exact length, and short lastmods are shared
 * words. Nothing else is allocated per entry. (The page keeps a received document's columns
 * and makes each entry when read, `EntryRows`; this makes them all.)
 */
export function decodeEntryColumns(c: EntryColumns, out: Entry[]): void {
  const { n, flags, rich } = c;
  const r = new Reader(c);
  let next = 0;
  for (let i = 0; i < n; i++) {
    const f = flags[i];
    out.push(f === RICH ? rich[next++] : decodeEntry(c, f, i, r));
  }
}

/** Entry `i` of `c` (not rich; flags `f`), its values read from where `r` is. */
function decodeEntry(c: EntryColumns, f: number, i: number, r: Reader): Entry {
  const nums = c.nums;
  // Read in the encoder's order: text loc, lastmod; words lastmod, changefreq, priority; then
  // the images' and the links' values.
  const loc = r.str();
  const lastmod = f & LASTMOD ? (f & LASTMOD_WORD ? r.word() : r.str()) : '';
  const changefreq = f & CHANGEFREQ ? r.word() : '';
  const priority = f & PRIORITY ? r.word() : '';
  const id = nums[3 * i];
  const line = nums[3 * i + 1];
  const column = nums[3 * i + 2];
  if ((f & (IMAGES | ALTERNATES)) === 0)
    return plainEntry(id, loc, line, column, f, lastmod, changefreq, priority);
  const ims = f & IMAGES ? list(r, image) : undefined;
  const alts = f & ALTERNATES ? list(r, alternate) : undefined;
  if ((f & (LASTMOD | CHANGEFREQ | PRIORITY)) === (LASTMOD | CHANGEFREQ | PRIORITY)) {
    // The usual rich entry: every field in one literal.
    if (ims !== undefined && alts !== undefined)
      return { id, loc, line, column, lastmod, changefreq, priority, images: ims, alternates: alts };
    if (ims !== undefined) return { id, loc, line, column, lastmod, changefreq, priority, images: ims };
    return { id, loc, line, column, lastmod, changefreq, priority, alternates: alts };
  }
  const e = plainEntry(id, loc, line, column, f, lastmod, changefreq, priority);
  if (ims !== undefined) e.images = ims;
  if (alts !== undefined) e.alternates = alts;
  return e;
}

/**
 * Where each entry of `c` starts in the columns, 5 numbers per entry: its first index in `ends`,
 * in `proseEnds`, in `wordOf`, in `sub`, and in `rich`. One pass over `flags` and `sub`, no value
 * read: what reading one entry (`EntryRows`) needs.
 */
export function entryStarts(c: EntryColumns): Int32Array {
  const { n, flags, sub } = c;
  const out = new Int32Array(5 * n);
  let end = 0;
  let prose = 0;
  let w = 0;
  let s = 0;
  let rich = 0;
  for (let i = 0; i < n; i++) {
    const k = 5 * i;
    out[k] = end;
    out[k + 1] = prose;
    out[k + 2] = w;
    out[k + 3] = s;
    out[k + 4] = rich;
    const f = flags[i];
    if (f === RICH) {
      rich++;
      continue;
    }
    end++;
    if (f & LASTMOD) {
      if (f & LASTMOD_WORD) w++;
      else end++;
    }
    if (f & CHANGEFREQ) w++;
    if (f & PRIORITY) w++;
    if (f & IMAGES) {
      const k2 = sub[s++];
      for (let j = 0; j < k2; j++) {
        end++;
        const m = sub[s++];
        prose += (m & CAPTION ? 1 : 0) + (m & TITLE ? 1 : 0) + (m & GEO ? 1 : 0) + (m & LICENSE ? 1 : 0);
      }
    }
    if (f & ALTERNATES) {
      const k2 = sub[s++];
      for (let j = 0; j < k2; j++) {
        const m = sub[s++];
        if (m & REL) w++;
        if (m & HREFLANG) w++;
        if (m & HREF) end++;
        if (m & MEDIA) end++;
      }
    }
  }
  return out;
}

/**
 * Entry `i` of `c`, made from the columns alone (`starts` from `entryStarts(c)`): the same
 * object `decodeEntryColumns` makes for it (a rich entry: the one in `rich`).
 */
export function entryAt(c: EntryColumns, starts: Int32Array, i: number): Entry {
  const f = c.flags[i];
  if (f === RICH) return c.rich[starts[5 * i + 4]];
  const r = new Reader(c);
  r.seek(starts, 5 * i);
  return decodeEntry(c, f, i, r);
}

/** The loc of entry `i` of `c` (a slice of `text`; no entry made). */
export function locAt(c: EntryColumns, starts: Int32Array, i: number): string {
  if (c.flags[i] === RICH) return c.rich[starts[5 * i + 4]].loc;
  const e = starts[5 * i];
  return c.text.slice(e === 0 ? 0 : c.ends[e - 1], c.ends[e]);
}

/** One entry without its images and alternates: a literal per set of fields. */
function plainEntry(
  id: number,
  loc: string,
  line: number,
  column: number,
  f: number,
  lastmod: string,
  changefreq: string,
  priority: string,
): Entry {
  switch (f & (LASTMOD | CHANGEFREQ | PRIORITY)) {
    case LASTMOD | CHANGEFREQ | PRIORITY:
      return { id, loc, line, column, lastmod, changefreq, priority };
    case 0:
      return { id, loc, line, column };
    case LASTMOD:
      return { id, loc, line, column, lastmod };
    case LASTMOD | CHANGEFREQ:
      return { id, loc, line, column, lastmod, changefreq };
    case LASTMOD | PRIORITY:
      return { id, loc, line, column, lastmod, priority };
    case CHANGEFREQ:
      return { id, loc, line, column, changefreq };
    case PRIORITY:
      return { id, loc, line, column, priority };
    default:
      return { id, loc, line, column, changefreq, priority };
  }
}

/**
 * The next image or link list: an array literal of its exact length up to 4 (a pushed-to `[]`
 * holds 17 slots). Array literals evaluate their elements left to right: the reads stay in order.
 */
function list<T>(r: Reader, one: (r: Reader) => T): T[] {
  const k = r.sub();
  if (k === 1) return [one(r)];
  if (k === 2) return [one(r), one(r)];
  if (k === 3) return [one(r), one(r), one(r)];
  if (k === 4) return [one(r), one(r), one(r), one(r)];
  const out: T[] = [];
  for (let j = 0; j < k; j++) out.push(one(r));
  return out;
}

function image(r: Reader): ImageData {
  const loc = r.str();
  const m = r.sub();
  if (m === 0) return { loc };
  if (m === CAPTION) return { loc, caption: r.prose() };
  if (m === TITLE) return { loc, title: r.prose() };
  if (m === (CAPTION | TITLE)) return { loc, caption: r.prose(), title: r.prose() };
  const im: ImageData = { loc };
  if (m & CAPTION) im.caption = r.prose();
  if (m & TITLE) im.title = r.prose();
  if (m & GEO) im.geoLocation = r.prose();
  if (m & LICENSE) im.license = r.prose();
  return im;
}

function alternate(r: Reader): Alternate {
  const m = r.sub();
  if (m === (REL | HREFLANG | HREF)) return { rel: r.word(), hreflang: r.word(), href: r.str() };
  const a: Alternate = {};
  if (m & REL) a.rel = r.word();
  if (m & HREFLANG) a.hreflang = r.word();
  if (m & HREF) a.href = r.str();
  if (m & MEDIA) a.media = r.str();
  return a;
}

/**
 * Entry `i`'s lastmod, changefreq or priority (undefined when absent), read from the columns
 * (`starts` from `entryStarts(c)`): no entry made.
 */
export function fieldAt(
  c: EntryColumns,
  starts: Int32Array,
  i: number,
  field: 'lastmod' | 'changefreq' | 'priority',
): string | undefined {
  const f = c.flags[i];
  if (f === RICH) return c.rich[starts[5 * i + 4]][field];
  const k = 5 * i;
  if (field === 'lastmod') {
    if ((f & LASTMOD) === 0) return undefined;
    if (f & LASTMOD_WORD) return c.words[c.wordOf[starts[k + 2]]];
    const e = starts[k] + 1;
    return c.text.slice(c.ends[e - 1], c.ends[e]);
  }
  // Words in order: a lastmod word, changefreq, priority.
  let w = starts[k + 2] + ((f & (LASTMOD | LASTMOD_WORD)) === (LASTMOD | LASTMOD_WORD) ? 1 : 0);
  if (field === 'changefreq') return f & CHANGEFREQ ? c.words[c.wordOf[w]] : undefined;
  if (f & CHANGEFREQ) w++;
  return f & PRIORITY ? c.words[c.wordOf[w]] : undefined;
}
