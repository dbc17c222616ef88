/**
 * The compact state behind the cross-file URL checks of a workspace: LOC-006 (a URL listed in
 * several files) and HREF-006 across files (a page in one file lists an alternate that another
 * file holds, and that page does not link back). Files are fed entry by entry, so a caller can
 * drop each document once fed (the CLI streams 10,000,000 URLs through it); the app feeds its
 * loaded documents (`buildWorkspaceSteps`). No URL strings are kept: each trimmed `<loc>` is a
 * 64-bit hash (two independent 32-bit hashes), each hreflang link an integer pair (the row of
 * the page, the 64-bit hash of the href); only the URLs found in two files keep their text.
 * Memory: about 20 bytes per URL and 16 per hreflang link, in 64K-element pages (no doubling copies).
 */
import type { Alternate, Entry } from '../model.ts';
import { finishHash, HASH_SEED } from '../rules/hashIndex.ts';
import { isNonHreflang } from '../rules/hreflang.ts';
import { runSteps } from '../steps.ts';
import { trimValue } from '../urls.ts';

const PAGE_BITS = 16;
const PAGE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE - 1;

/** A growable Int32 column in fixed pages: appends never copy earlier pages. */
class IntColumn {
  private readonly pages: Int32Array[] = [];
  length = 0;
  push(v: number): void {
    const k = this.length >>> PAGE_BITS;
    if (k === this.pages.length) this.pages.push(new Int32Array(PAGE));
    this.pages[k][this.length & PAGE_MASK] = v;
    this.length++;
  }
  get(i: number): number {
    return this.pages[i >>> PAGE_BITS][i & PAGE_MASK];
  }
  set(i: number, v: number): void {
    this.pages[i >>> PAGE_BITS][i & PAGE_MASK] = v;
  }
  bytes(): number {
    return this.pages.length * PAGE * 4;
  }
}

/** The two independent 32-bit halves of a {@link hash64}, written into an object the caller owns. */
interface Hash64 {
  a: number;
  b: number;
}

/**
 * 64-bit hash of `s` as two independent 32-bit hashes in one pass: FNV-1a (as `hashString`) and a
 * multiply-rotate hash, each with a murmur3 finaliser. Results in `out` (no allocation per hash).
 */
function hash64(s: string, out: Hash64): void {
  let a = HASH_SEED;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b = (b << 13) | (b >>> 19);
  }
  out.a = finishHash(a);
  out.b = finishHash(b ^ s.length);
}

/**
 * A copy of `s` that does not share memory with the text it was cut from: a `<loc>` is often a
 * slice of its whole decoded file, which it would otherwise keep alive after the file is dropped.
 */
function ownCopy(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/** A link that takes part in hreflang clusters: rel alternate (or none), a code and an href. */
function isClusterLink(a: Alternate): boolean {
  if (a.href === undefined || a.hreflang === undefined || isNonHreflang(a)) return false;
  if (a.hreflang.trim() === '' || a.href.trim() === '') return false;
  return a.rel === undefined || a.rel.trim().toLowerCase() === 'alternate';
}

/** The minimal entry the index reads: the loc, its alternates and where it is. */
export type IndexedEntry = Pick<Entry, 'loc' | 'alternates' | 'line' | 'column'>;

/** Where one row (an entry of a fed file) is. */
export interface RowPlace {
  file: number;
  /** Position of the entry in its file. */
  entryIndex: number;
  line?: number;
  column?: number;
}

/** LOC-006 across files: a URL and every row listing it, when two files or more list it. */
export interface SharedUrl {
  /** The trimmed loc. */
  loc: string;
  /** Rows (ascending) listing it, in at least two files. */
  rows: number[];
}

/** HREF-006 across files: row `source` lists `target` (in another file), which does not link back. */
export interface MissingReturnLink {
  source: number;
  target: number;
  /** Position of the link in the source entry's alternates. */
  alternate: number;
}

/**
 * An entry whose hreflang links name pages other files hold: the per-file HREF-006 note ("no
 * entry in this file, cannot be checked") is answered for those links by the cross-file pass.
 */
export interface AlternatesElsewhere {
  row: number;
  /** Its links whose page no fed file holds (still unchecked: 0 withdraws the note). */
  unloaded: number;
}

/**
 * What the index keeps of a run of entries, taken without the index (pure; typed arrays and one
 * string, so a worker thread can send them): per entry the 64-bit hash of its trimmed loc (0, 0
 * when empty), line and column (0 unknown), and the end of its trimmed loc in `locs` (all the
 * trimmed locs, joined: the text of a URL found in two files comes from there); per hreflang
 * link that takes part in clusters (and is not the page itself) its entry, the hash of its href
 * and its position in the entry's alternates.
 */
export interface RowFacts {
  keyA: Int32Array;
  keyB: Int32Array;
  lines: Int32Array;
  columns: Int32Array;
  locs: string;
  ends: Int32Array;
  edgeRow: Int32Array;
  edgeA: Int32Array;
  edgeB: Int32Array;
  edgeAlt: Int32Array;
}

/** The trimmed loc of row `i` of `f`. */
function locOf(f: RowFacts, i: number): string {
  return f.locs.slice(i === 0 ? 0 : f.ends[i - 1], f.ends[i]);
}

/** The facts the index keeps of `entries[from, to)` (see {@link RowFacts}). */
export function rowFacts(entries: readonly IndexedEntry[], from: number, to: number): RowFacts {
  const n = Math.max(0, to - from);
  const f: RowFacts = {
    keyA: new Int32Array(n),
    keyB: new Int32Array(n),
    lines: new Int32Array(n),
    columns: new Int32Array(n),
    locs: '',
    ends: new Int32Array(n),
    edgeRow: new Int32Array(0),
    edgeA: new Int32Array(0),
    edgeB: new Int32Array(0),
    edgeAlt: new Int32Array(0),
  };
  const h: Hash64 = { a: 0, b: 0 };
  const locs: string[] = [];
  const edges: number[] = [];
  let end = 0;
  for (let i = 0; i < n; i++) {
    const entry = entries[from + i];
    const loc = trimValue(entry.loc);
    f.lines[i] = entry.line ?? 0;
    f.columns[i] = entry.column ?? 0;
    end += loc.length;
    f.ends[i] = end;
    if (loc === '') continue;
    locs.push(loc);
    hash64(loc, h);
    f.keyA[i] = h.a;
    f.keyB[i] = h.b;
    const alts = entry.alternates;
    if (alts === undefined) continue;
    for (let k = 0; k < alts.length; k++) {
      const alt = alts[k];
      if (!isClusterLink(alt)) continue;
      const href = trimValue(alt.href as string);
      if (href === loc) continue;
      hash64(href, h);
      edges.push(i, h.a, h.b, k);
    }
  }
  f.locs = locs.join('');
  const m = edges.length / 4;
  f.edgeRow = new Int32Array(m);
  f.edgeA = new Int32Array(m);
  f.edgeB = new Int32Array(m);
  f.edgeAlt = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    f.edgeRow[k] = edges[4 * k];
    f.edgeA[k] = edges[4 * k + 1];
    f.edgeB[k] = edges[4 * k + 2];
    f.edgeAlt[k] = edges[4 * k + 3];
  }
  return f;
}

/**
 * Rows of the fed files, in feeding order; file numbers are the caller's (e.g. workspace
 * positions) and must be fed in ascending order, each file once.
 *
 * @example
 * const ix = new CrossFileIndex();
 * ix.addEntries(0, docA.entries, 0, docA.entries.length);
 * ix.addEntries(2, docB.entries, 0, docB.entries.length);
 * ix.sharedUrls() // [{ loc: 'https://a.example/x', rows: [3, 17] }]
 */
export class CrossFileIndex {
  private readonly keyA = new IntColumn();
  private readonly keyB = new IntColumn();
  private readonly lines = new IntColumn();
  private readonly columns = new IntColumn();
  /** Next row + 1 with the same key (chains start at the first row of a key). */
  private readonly next = new IntColumn();
  private readonly edgeSrc = new IntColumn();
  private readonly edgeA = new IntColumn();
  private readonly edgeB = new IntColumn();
  private readonly edgeAlt = new IntColumn();
  /** Open addressing: first row + 1 of each key, 0 free. */
  private table = new Int32Array(1 << 12);
  private used = 0;
  /** First rows of keys listed twice or more, and the loc text of those keys. */
  private readonly shared = new Map<number, string>();
  private readonly fileOf: number[] = [];
  private readonly fileStart: number[] = [];

  /** hreflang links fed so far (to pages in any file). */
  get links(): number {
    return this.edgeSrc.length;
  }

  /** Rows fed so far. */
  get rows(): number {
    return this.keyA.length;
  }

  /** Approximate bytes held (typed arrays). */
  bytes(): number {
    let n = this.table.byteLength;
    for (const c of [this.keyA, this.keyB, this.lines, this.columns, this.next]) n += c.bytes();
    for (const c of [this.edgeSrc, this.edgeA, this.edgeB, this.edgeAlt]) n += c.bytes();
    return n;
  }

  /** Feed `entries[from, to)` of `file` (call again with the next range for the same file). */
  addEntries(file: number, entries: readonly IndexedEntry[], from: number, to: number): void {
    this.addFacts(file, rowFacts(entries, from, to));
  }

  /**
   * Feed rows whose facts were taken elsewhere ({@link rowFacts}, e.g. in a worker thread): the
   * same as `addEntries` on the entries they were taken from.
   */
  addFacts(file: number, f: RowFacts): void {
    const last = this.fileOf.length - 1;
    if (last < 0 || this.fileOf[last] !== file) {
      if (last >= 0 && this.fileOf[last] > file) throw new Error('files must be fed in ascending order');
      this.fileOf.push(file);
      this.fileStart.push(this.rows);
    }
    const base = this.rows;
    for (let i = 0; i < f.keyA.length; i++) {
      const row = base + i;
      const a = f.keyA[i];
      const b = f.keyB[i];
      this.keyA.push(a);
      this.keyB.push(b);
      this.lines.push(f.lines[i]);
      this.columns.push(f.columns[i]);
      this.next.push(0);
      if (f.ends[i] === (i === 0 ? 0 : f.ends[i - 1])) continue; // an empty loc is no key
      const first = this.findOrInsert(a, b, row);
      if (first >= 0) {
        this.next.set(row, this.next.get(first));
        this.next.set(first, row + 1);
        if (!this.shared.has(first)) this.shared.set(first, ownCopy(locOf(f, i)));
      }
    }
    for (let k = 0; k < f.edgeRow.length; k++) {
      this.edgeSrc.push(base + f.edgeRow[k]);
      this.edgeA.push(f.edgeA[k]);
      this.edgeB.push(f.edgeB[k]);
      this.edgeAlt.push(f.edgeAlt[k]);
    }
  }

  /** First row of key (a, b), or -1. */
  private find(a: number, b: number): number {
    const mask = this.table.length - 1;
    for (let i = (a ^ Math.imul(b, 0x27d4eb2d)) & mask; ; i = (i + 1) & mask) {
      const slot = this.table[i];
      if (slot === 0) return -1;
      const r = slot - 1;
      if (this.keyA.get(r) === a && this.keyB.get(r) === b) return r;
    }
  }

  /** First row of key (a, b); when none, files `row` as its first row and returns -1 (one probe). */
  private findOrInsert(a: number, b: number, row: number): number {
    if ((this.used + 1) * 2 > this.table.length) this.grow();
    const table = this.table;
    const mask = table.length - 1;
    let i = (a ^ Math.imul(b, 0x27d4eb2d)) & mask;
    for (let slot = table[i]; slot !== 0; slot = table[i]) {
      const r = slot - 1;
      if (this.keyA.get(r) === a && this.keyB.get(r) === b) return r;
      i = (i + 1) & mask;
    }
    table[i] = row + 1;
    this.used++;
    return -1;
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    const mask = this.table.length - 1;
    for (const slot of old) {
      if (slot === 0) continue;
      const r = slot - 1;
      let i = (this.keyA.get(r) ^ Math.imul(this.keyB.get(r), 0x27d4eb2d)) & mask;
      while (this.table[i] !== 0) i = (i + 1) & mask;
      this.table[i] = slot;
    }
  }

  /** Position in `fileOf` / `fileStart` of the file holding `row`. */
  private fileAt(row: number): number {
    let lo = 0;
    let hi = this.fileStart.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.fileStart[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** File, position, line and column of `row`. */
  place(row: number): RowPlace {
    const lo = this.fileAt(row);
    const out: RowPlace = { file: this.fileOf[lo], entryIndex: row - this.fileStart[lo] };
    const line = this.lines.get(row);
    if (line > 0) {
      out.line = line;
      const column = this.columns.get(row);
      if (column > 0) out.column = column;
    }
    return out;
  }

  private fileOfRow(row: number): number {
    return this.fileOf[this.fileAt(row)];
  }

  private chain(first: number): number[] {
    const rows: number[] = [];
    for (let r = first; r >= 0; r = this.next.get(r) - 1) rows.push(r);
    return rows.sort((x, y) => x - y);
  }

  /** URLs listed in two files or more (duplicates inside one file are the validator's). */
  sharedUrls(): SharedUrl[] {
    const out: SharedUrl[] = [];
    for (const [first, loc] of this.shared) {
      const rows = this.chain(first);
      const files = new Set(rows.map((r) => this.fileOfRow(r)));
      if (files.size > 1) out.push({ loc, rows });
    }
    return out;
  }

  /** Edges of `row`: the range [lo, hi) of edge positions (edges are fed in row order). */
  private edgesOf(row: number): [number, number] {
    const n = this.edgeSrc.length;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.edgeSrc.get(mid) < row) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < n && this.edgeSrc.get(end) === row) end++;
    return [lo, end];
  }

  /**
   * Rows with hreflang links to pages held by another file (and by none in the row's own file),
   * in row order, with the number of their links to pages no fed file holds.
   */
  alternatesElsewhere(): AlternatesElsewhere[] {
    return runSteps(this.hreflangSteps(Number.MAX_SAFE_INTEGER)).elsewhere;
  }

  /**
   * {@link alternatesElsewhere} in steps: yields the hreflang links looked at so far (of
   * {@link links}) about every `chunk` links, and returns the same list.
   */
  *alternatesElsewhereSteps(chunk: number): Generator<number, AlternatesElsewhere[], void> {
    return (yield* this.hreflangSteps(chunk)).elsewhere;
  }

  /**
   * hreflang links from a page in one file to a page held by another file (and by none in the
   * page's own file: those pairs are the per-file validator's) that does not link back, in row
   * order, then link order.
   */
  missingReturnLinks(): MissingReturnLink[] {
    return runSteps(this.hreflangSteps(Number.MAX_SAFE_INTEGER)).missing;
  }

  /**
   * The hreflang links' two cross-file passes ({@link alternatesElsewhere} and
   * {@link missingReturnLinks}) in one, one lookup per link, in steps: yields the links looked
   * at so far (of {@link links}) every `chunk` links or a few more (a row's links are taken
   * together), and returns both lists.
   */
  *hreflangSteps(chunk: number): Generator<number, HreflangLinks, void> {
    const elsewhereRows: AlternatesElsewhere[] = [];
    const missing: MissingReturnLink[] = [];
    const n = this.edgeSrc.length;
    let next = chunk;
    for (let e = 0; e < n; ) {
      if (e >= next) {
        yield e;
        next = e + chunk;
      }
      const row = this.edgeSrc.get(e);
      const own = this.fileOfRow(row);
      let elsewhere = 0;
      let unloaded = 0;
      for (; e < n && this.edgeSrc.get(e) === row; e++) {
        const first = this.find(this.edgeA.get(e), this.edgeB.get(e));
        if (first < 0) {
          unloaded++;
          continue;
        }
        let target = -1;
        let local = false;
        for (let r = first; r >= 0 && !local; r = this.next.get(r) - 1) {
          if (this.fileOfRow(r) === own) local = true;
          else if (target < 0 || r < target) target = r;
        }
        if (local) continue;
        elsewhere++;
        if (!this.linksBack(target, row))
          missing.push({ source: row, target, alternate: this.edgeAlt.get(e) });
      }
      if (elsewhere > 0) elsewhereRows.push({ row, unloaded });
    }
    return { elsewhere: elsewhereRows, missing };
  }

  /** Whether one of `target`'s hreflang links names the page of `source`. */
  private linksBack(target: number, source: number): boolean {
    const [lo, hi] = this.edgesOf(target);
    const a = this.keyA.get(source);
    const b = this.keyB.get(source);
    for (let k = lo; k < hi; k++) if (this.edgeA.get(k) === a && this.edgeB.get(k) === b) return true;
    return false;
  }
}

/** Both lists of {@link CrossFileIndex.hreflangSteps}. */
export interface HreflangLinks {
  elsewhere: AlternatesElsewhere[];
  missing: MissingReturnLink[];
}
