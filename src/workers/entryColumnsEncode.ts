/**
 * The encoder of the entry column format (entryColumns.ts: the format, its bits and the decoder).
 * Apart from the decoder so the page's first chunk does not carry it: the worker encodes its parse
 * results' chunks with it, and the autosave its stored chunks (loaded on the first save).
 */
import type { Entry } from '../core/model.ts';
import {
  ALTERNATES,
  CAPTION,
  CHANGEFREQ,
  type EntryColumns,
  GEO,
  HREF,
  HREFLANG,
  IMAGES,
  LASTMOD,
  LASTMOD_WORD,
  LICENSE,
  MEDIA,
  PRIORITY,
  REL,
  RICH,
  TITLE,
} from './entryColumns.ts';

/**
 * A lastmod this long or shorter (a date: `2024-05-01`) goes as a word: a page-side slice that
 * short is a copy, so each entry would hold its own 24-byte string of a value its neighbours
 * share; longer ones (date-times, mostly distinct) are slices of `text`.
 */
const WORD_LASTMOD = 10;
const MAX_WORDS = 0xffff;

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
