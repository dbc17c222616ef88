/**
 * Entry chunks of a parse result as columns (worker → page): the string fields of every entry,
 * its images and its hreflang links in one string (two: URLs and prose) with end offsets, numbers and flags in typed
 * arrays, short repeated values (changefreq, priority, rel, hreflang) in a word table; only
 * entries with videos, news or other XML go as objects. The page rebuilds the entries with object
 * literals in one function (`decodeEntryColumns`).
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

const LASTMOD = 1;
const CHANGEFREQ = 2;
const PRIORITY = 4;
const RICH = 8;
const IMAGES = 16;
const ALTERNATES = 32;
const LASTMOD_WORD = 64;
/**
 * A lastmod this long or shorter (a date: `2024-05-01`) goes as a word: a page-side slice that
 * short is a copy, so each entry would hold its own 24-byte string of a value its neighbours
 * share; longer ones (date-times, mostly distinct) are slices of `text`.
 */
const WORD_LASTMOD = 10;
const MAX_WORDS = 0xffff;

const CAPTION = 1;
const TITLE = 2;
const GEO = 4;
const LICENSE = 8;

const REL = 1;
const HREFLANG = 2;
const HREF = 4;
const MEDIA = 8;

/** True when `e` goes whole (`rich`): a field the columns do not carry, or too many new words. */
function goesWhole(e: Entry, words: number): boolean {
  if (e.videos !== undefined || e.news !== undefined || e.extras !== undefined) return true;
  if (e.line === undefined || e.column === undefined) return true;
  if (e.images !== undefined) for (const im of e.images) if (im.extras !== undefined) return true;
  let newWords = 3;
  if (e.alternates !== undefined) {
    for (const a of e.alternates) if (a.attrs !== undefined) return true;
    newWords += 2 * e.alternates.length;
  }
  return words + newWords > MAX_WORDS;
}

/**
 * Encodes `entries[start, end)` as columns. Entries are not changed.
 *
 * @example decodeEntryColumns(encodeEntryColumns(entries, 0, entries.length), out) // out deep-equals entries
 */
export function encodeEntryColumns(entries: readonly Entry[], start: number, end: number): EntryColumns {
  const n = end - start;
  const nums = new Int32Array(3 * n);
  const flags = new Uint8Array(n);
  const ends: number[] = [];
  const proseEnds: number[] = [];
  // Pieces joined once at the end: cheaper than growing a rope that the clone then flattens.
  const texts: string[] = [];
  const proses: string[] = [];
  let textLength = 0;
  let proseLength = 0;
  const wordOf: number[] = [];
  const words: string[] = [];
  const wordIndex = new Map<string, number>();
  const sub: number[] = [];
  const rich: Entry[] = [];
  const word = (w: string) => {
    let k = wordIndex.get(w);
    if (k === undefined) {
      k = words.length;
      words.push(w);
      wordIndex.set(w, k);
    }
    wordOf.push(k);
  };
  const put = (s: string) => {
    texts.push(s);
    textLength += s.length;
    ends.push(textLength);
  };
  const putProse = (s: string) => {
    proses.push(s);
    proseLength += s.length;
    proseEnds.push(proseLength);
  };
  for (let i = 0; i < n; i++) {
    const e = entries[start + i];
    nums[3 * i] = e.id;
    if (goesWhole(e, words.length)) {
      flags[i] = RICH;
      rich.push(e);
      continue;
    }
    nums[3 * i + 1] = e.line as number;
    nums[3 * i + 2] = e.column as number;
    put(e.loc);
    let f = 0;
    if (e.lastmod !== undefined) {
      f |= LASTMOD;
      if (e.lastmod.length <= WORD_LASTMOD) {
        f |= LASTMOD_WORD;
        word(e.lastmod);
      } else put(e.lastmod);
    }
    if (e.changefreq !== undefined) {
      f |= CHANGEFREQ;
      word(e.changefreq);
    }
    if (e.priority !== undefined) {
      f |= PRIORITY;
      word(e.priority);
    }
    if (e.images !== undefined) {
      f |= IMAGES;
      sub.push(e.images.length);
      for (const im of e.images) {
        put(im.loc);
        let m = 0;
        if (im.caption !== undefined) m |= CAPTION;
        if (im.title !== undefined) m |= TITLE;
        if (im.geoLocation !== undefined) m |= GEO;
        if (im.license !== undefined) m |= LICENSE;
        sub.push(m);
        if (im.caption !== undefined) putProse(im.caption);
        if (im.title !== undefined) putProse(im.title);
        if (im.geoLocation !== undefined) putProse(im.geoLocation);
        if (im.license !== undefined) putProse(im.license);
      }
    }
    if (e.alternates !== undefined) {
      f |= ALTERNATES;
      sub.push(e.alternates.length);
      for (const a of e.alternates) {
        let m = 0;
        if (a.rel !== undefined) m |= REL;
        if (a.hreflang !== undefined) m |= HREFLANG;
        if (a.href !== undefined) m |= HREF;
        if (a.media !== undefined) m |= MEDIA;
        sub.push(m);
        if (a.rel !== undefined) word(a.rel);
        if (a.hreflang !== undefined) word(a.hreflang);
        if (a.href !== undefined) put(a.href);
        if (a.media !== undefined) put(a.media);
      }
    }
    flags[i] = f;
  }
  return {
    n,
    nums,
    flags,
    text: texts.join(''),
    ends: Int32Array.from(ends),
    prose: proses.join(''),
    proseEnds: Int32Array.from(proseEnds),
    words,
    wordOf: Uint16Array.from(wordOf),
    sub: Int32Array.from(sub),
    rich,
  };
}

/** Where `decodeEntryColumns` is in each column. */
class Reader {
  at = 0;
  end = 0;
  proseAt = 0;
  proseEnd = 0;
  w = 0;
  s = 0;
  constructor(readonly c: EntryColumns) {}
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
 * words. Nothing else is allocated per entry.
 */
export function decodeEntryColumns(c: EntryColumns, out: Entry[]): void {
  const { n, flags, nums, rich } = c;
  const r = new Reader(c);
  let next = 0;
  for (let i = 0; i < n; i++) {
    const f = flags[i];
    if (f === RICH) {
      out.push(rich[next++]);
      continue;
    }
    // Read in the encoder's order: text loc, lastmod; words lastmod, changefreq, priority; then
    // the images' and the links' values.
    const loc = r.str();
    const lastmod = f & LASTMOD ? (f & LASTMOD_WORD ? r.word() : r.str()) : '';
    const changefreq = f & CHANGEFREQ ? r.word() : '';
    const priority = f & PRIORITY ? r.word() : '';
    const id = nums[3 * i];
    const line = nums[3 * i + 1];
    const column = nums[3 * i + 2];
    if ((f & (IMAGES | ALTERNATES)) === 0) {
      out.push(plainEntry(id, loc, line, column, f, lastmod, changefreq, priority));
      continue;
    }
    const ims = f & IMAGES ? list(r, image) : undefined;
    const alts = f & ALTERNATES ? list(r, alternate) : undefined;
    if ((f & (LASTMOD | CHANGEFREQ | PRIORITY)) === (LASTMOD | CHANGEFREQ | PRIORITY)) {
      // The usual rich entry: every field in one literal.
      if (ims !== undefined && alts !== undefined)
        out.push({ id, loc, line, column, lastmod, changefreq, priority, images: ims, alternates: alts });
      else if (ims !== undefined)
        out.push({ id, loc, line, column, lastmod, changefreq, priority, images: ims });
      else out.push({ id, loc, line, column, lastmod, changefreq, priority, alternates: alts });
      continue;
    }
    const e = plainEntry(id, loc, line, column, f, lastmod, changefreq, priority);
    if (ims !== undefined) e.images = ims;
    if (alts !== undefined) e.alternates = alts;
    out.push(e);
  }
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

/** The buffers of `c` to transfer. */
export function entryColumnBuffers(c: EntryColumns): ArrayBuffer[] {
  return [c.nums, c.flags, c.ends, c.proseEnds, c.wordOf, c.sub].map((a) => a.buffer as ArrayBuffer);
}
