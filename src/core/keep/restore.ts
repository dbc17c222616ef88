/**
 * A restored document's keep source, without sending its entries twice (issue #18: the 1M
 * restore). After a reload the page holds the saved entries; the file they were opened from is
 * parsed again (in the worker) for its layout. The page needs the parsed entries only where they
 * differ from the restored ones (edits since the open): the restored entry is shared everywhere
 * else (as {@link sharingEntriesSteps} does, which needs all parsed entries on the page).
 *
 * So the page prints each restored entry (two 32-bit hashes of its content, by id:
 * {@link entryPrintSteps}); the worker parses, prints each parsed entry the same way and sends
 * back the layout and only the parsed entries whose print differs ({@link keepParts}); the page
 * puts the keep source together ({@link joinKeepSteps}). Prints ignore key order and undefined
 * keys, as deepEqual does; a print that differed for equal entries would only cost a re-write of
 * that entry as itself on export (the same bytes). Equal prints for different entries would export the file's old bytes for an edited entry: two
 * independent 32-bit hashes of type, length and content make that about 2^-64 per edited entry
 * (and an export that re-writes any entry reads itself back, keepFormat `verify`).
 */
import { readRows } from '../lazyEntries.ts';
import type { Entry, ParseResult } from '../model.ts';
import { type KeepSource, keepSourceOf } from './sourceOf.ts';

/** Per-entry prints of a document by entry id: hashes at `2 * id`, `2 * id + 1`; `has[id]` 1 when present. */
export interface EntryPrints {
  prints: Int32Array;
  has: Uint8Array;
}

/** A keep source without its entries, and the parsed entries the page does not hold as they are. */
export interface KeepParts extends Omit<KeepSource, 'entries' | 'cache'> {
  /** Number of parsed entries (the keep source's `entries.length`). */
  count: number;
  /** `same[k]` 1: parsed entry k equals the page's entry of id k (same print); 0: it is in `differ`. */
  same: Uint8Array;
  /** The parsed entries with `same[k]` 0, in id order. */
  differ: Entry[];
}

/** Two running 32-bit hashes. */
interface Lanes {
  a: number;
  b: number;
}

function token(h: Lanes, x: number): void {
  h.a = Math.imul(h.a ^ x, 0x01000193);
  h.a ^= h.a >>> 15;
  h.b = Math.imul(h.b ^ x, 0x5bd1e995);
  h.b ^= h.b >>> 13;
}

function text(h: Lanes, s: string): void {
  token(h, 0x73000000 | (s.length & 0xffffff));
  let a = h.a;
  let b = h.b;
  // Two UTF-16 units per step (the length is hashed above, so an odd last unit is unambiguous).
  for (let i = 0; i < s.length; i += 2) {
    const c = s.charCodeAt(i) | ((i + 1 < s.length ? s.charCodeAt(i + 1) : 0) << 16);
    a = Math.imul(a ^ c, 0x01000193);
    a ^= a >>> 15;
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  h.a = a;
  h.b = b;
}

/** Keys hashed as one token each (an entry's own fields; any other key is hashed as text). */
const KEYS = ['id', 'loc', 'lastmod', 'changefreq', 'priority', 'line', 'column', 'images', 'alternates'];

/** murmur3's finalizer: every input bit moves every output bit (the key sums below need it). */
function mix(x: number): number {
  let h = x ^ (x >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Feeds `v` into `h`: type, length and content. An object's keys are hashed each with its value
 * and summed, so key order does not count, and a key whose value is undefined is skipped: equal
 * under deepEqual, equal prints (an entry decoded from the worker's columns and one the parser
 * made list their keys in different orders). `s` holds one scratch pair per object depth.
 */
function value(h: Lanes, v: unknown, s: Lanes[], depth: number): void {
  if (typeof v === 'string') text(h, v);
  else if (typeof v === 'number') {
    if (Number.isInteger(v) && Math.abs(v) < 2 ** 31) {
      token(h, 0x6e);
      token(h, v);
    } else text(h, `n${v}`);
  } else if (typeof v === 'boolean') token(h, v ? 0x74 : 0x66);
  else if (v === null || v === undefined) token(h, v === null ? 0x30 : 0x75);
  else if (Array.isArray(v)) {
    token(h, 0x5b000000 | (v.length & 0xffffff));
    for (const x of v) value(h, x, s, depth);
    token(h, 0x5d);
  } else if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (s.length <= depth) s.push({ a: 0, b: 0 });
    const t = s[depth];
    let sa = 0;
    let sb = 0;
    let n = 0;
    for (const k in o) {
      const x = o[k];
      if (x === undefined) continue;
      t.a = 0x811c9dc5 | 0;
      t.b = 0x2f3a91b7;
      const known = KEYS.indexOf(k);
      if (known >= 0) token(t, 0x6b000000 | known);
      else text(t, k);
      value(t, x, s, depth + 1);
      sa = (sa + mix(t.a)) | 0;
      sb = (sb + mix(t.b ^ 0x9e3779b9)) | 0;
      n++;
    }
    token(h, 0x7b000000 | (n & 0xffffff));
    token(h, sa);
    token(h, sb);
  } else text(h, `?${String(v)}`);
}

/** Writes the print of `e` at `2 * at` of `out`. */
function printInto(e: Entry, out: Int32Array, at: number, h: Lanes, s: Lanes[]): void {
  h.a = 0x811c9dc5 | 0;
  h.b = 0x2f3a91b7;
  value(h, e, s, 0);
  out[2 * at] = mix(h.a);
  out[2 * at + 1] = mix(h.b ^ Math.imul(h.a, 0x27d4eb2d));
}

/**
 * The prints of `entries` by id, in steps of `chunk` entries (yields entries done). Ids from
 * `limit` on are left out (the parsed file cannot hold them).
 *
 * @example const { prints, has } = runSteps(entryPrintSteps(doc.entries, doc.nextId));
 */
export function* entryPrintSteps(
  entries: readonly Entry[],
  limit: number,
  chunk = 500,
): Generator<number, EntryPrints> {
  let size = 0;
  // Ids from the rows and each row read and dropped: a received document's stay unmade
  // (core/lazyEntries.ts).
  const rows = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    const id = rows.id(i);
    if (id < limit && id >= size) size = id + 1;
    if ((i + 1) % (chunk * 40) === 0) yield 0;
  }
  const prints = new Int32Array(2 * size);
  const has = new Uint8Array(size);
  const h: Lanes = { a: 0, b: 0 };
  const scratch: Lanes[] = [];
  for (let i = 0; i < entries.length; i++) {
    const id = rows.id(i);
    if (id >= 0 && id < size) {
      const e = rows.peek(i);
      printInto(e, prints, id, h, scratch);
      has[id] = 1;
    }
    if ((i + 1) % chunk === 0) yield i + 1;
  }
  return { prints, has };
}

/**
 * The keep source of a parse of `file`, split against the page's prints (see the module note):
 * null when the parse gives none (see keepSourceOf). Runs where the parse ran (the worker).
 *
 * @example const parts = keepParts(bytes, parseSitemap(bytes), prints);
 */
export function keepParts(file: Uint8Array, r: ParseResult, page: EntryPrints): KeepParts | null {
  const src = keepSourceOf(file, r);
  if (!src) return null;
  const { entries, cache: _c, ...rest } = src;
  const same = new Uint8Array(entries.length);
  const differ: Entry[] = [];
  const one = new Int32Array(2);
  const h: Lanes = { a: 0, b: 0 };
  const scratch: Lanes[] = [];
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k];
    let equal = false;
    if (e.id === k && k < page.has.length && page.has[k] === 1) {
      printInto(e, one, 0, h, scratch);
      equal = one[0] === page.prints[2 * k] && one[1] === page.prints[2 * k + 1];
    }
    if (equal) same[k] = 1;
    else differ.push(e);
  }
  return { ...rest, count: entries.length, same, differ };
}

/**
 * The keep source `parts` describe, with the page's own entry of each id marked `same` (so the
 * document and the keep source share them, and an untouched entry is written as the file's
 * bytes). `current` must be the entries the prints were made from. Yields every `chunk` entries.
 *
 * @example const src = runSteps(joinKeepSteps(parts, doc.entries));
 */
export function* joinKeepSteps(
  parts: KeepParts,
  current: readonly Entry[],
  chunk = 20_000,
): Generator<number, KeepSource> {
  const { count, same, differ, ...rest } = parts;
  const entries = new Array<Entry>(count);
  for (let i = 0; i < current.length; i++) {
    const e = current[i];
    if (e.id >= 0 && e.id < count && same[e.id] === 1) entries[e.id] = e;
    if ((i + 1) % chunk === 0) yield i + 1;
  }
  let j = 0;
  for (let k = 0; k < count; k++) {
    if (same[k] !== 1) entries[k] = differ[j++];
    else if (entries[k] === undefined)
      throw new Error('The restored document changed while its file was read.');
    if ((k + 1) % chunk === 0) yield current.length + k + 1;
  }
  if (j !== differ.length) throw new Error('The restored document changed while its file was read.');
  return { ...rest, entries };
}
