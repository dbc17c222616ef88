/**
 * The crawl reader's CSV record scanner, over UTF-8 bytes fed in chunks: the records and cells of
 * scan.ts's string scanner (RFC 4180 quoting, `""` escapes, delimiters and line breaks inside
 * quotes, CRLF / LF / CR ends, text after a closing quote dropped), but it makes no string at
 * all: a kept cell is a byte range the row callback reads while the chunk is alive. A record cut
 * by the end of a chunk is left to the caller, who feeds it again with the next chunk; a quoted
 * field longer than a chunk is not searched twice.
 */

/** Bytes of the delimiters a scanner accepts (`,` `;` tab `|`). */
export type Delimiter = number;

/**
 * Scans records; for the kept columns it sets `from[slot]` / `to[slot]` (the cell's bytes without
 * its quotes; `from` -1 when the cell is empty) and `escaped[slot]` (1 when it holds `""`), then
 * calls `onRow(bytes)` for every record after the first `skip`.
 *
 * @example new ByteCsvScanner(44, Int32Array.of(-1, 0), 1, (b) => …).scan(bytes, true)
 */
export class ByteCsvScanner {
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly escaped: Uint8Array;
  /** Records completed so far (blank ones too, as scan.ts counts them). */
  records = 0;
  /**
   * LFs inside the quoted fields of the records completed so far: each record ends with one line
   * break, so the records before one plus these are the lines before it.
   */
  breaks = 0;
  /**
   * A quoted field that ran to the end of the file (its closing quote missing): where its quote
   * is, as the line (1-based) and the bytes of that line before it. Set by the final `scan`.
   */
  unclosed: { line: number; before: Uint8Array } | null = null;
  /** A cut quoted field: its quote and how far its closing quote was searched (from the record's start). */
  private quoteAt = -1;
  private quoteSearched = 0;
  private quoteEscaped = false;
  /** LFs in the cut quoted field up to where it was searched. */
  private quoteBreaks = 0;
  /** LFs in the quoted fields of the record being scanned. */
  private recordBreaks = 0;

  /**
   * @param delimiter the field delimiter's byte
   * @param columns the slot of each CSV column (-1: not kept)
   * @param skip records before the data (header and title rows)
   */
  constructor(
    private readonly delimiter: Delimiter,
    private readonly columns: Int32Array,
    private readonly skip: number,
    private readonly onRow: (bytes: Uint8Array) => void,
  ) {
    let slots = 0;
    for (const s of columns) slots = Math.max(slots, s + 1);
    this.from = new Int32Array(slots).fill(-1);
    this.to = new Int32Array(slots);
    this.escaped = new Uint8Array(slots);
  }

  /**
   * Scan the records of `b`, which starts at a record's first byte. Returns where the record the
   * end of `b` cut begins (`b.length` when none was cut): the caller passes those bytes again,
   * followed by the next chunk. `final`: the end of `b` is the end of the file.
   */
  scan(b: Uint8Array, final: boolean): number {
    const n = b.length;
    const words = wordsOf(b);
    const last = this.columns.length - 1;
    const D = this.delimiter;
    const cols = this.columns;
    const ncols = cols.length;
    const F = this.from;
    const T = this.to;
    const E = this.escaped;
    let i = 0;
    while (i < n) {
      const rec = i;
      const keep = this.records >= this.skip;
      let col = 0;
      this.recordBreaks = 0;
      for (;;) {
        const slot = keep && col < ncols ? cols[col] : -1;
        if (b[i] === 34) {
          let j = i + 1;
          let esc = false;
          let lf = 0;
          if (i - rec === this.quoteAt) {
            j = rec + this.quoteSearched;
            esc = this.quoteEscaped;
            lf = this.quoteBreaks;
          }
          for (;;) {
            const q = findQuoteOrLf(b, words, j);
            if (q >= 0 && b[q] === 10) {
              lf++;
              j = q + 1;
              continue;
            }
            // A quote as the last byte may be the first of `""`: the next chunk decides.
            if (q < 0 || (q === n - 1 && !final)) {
              if (!final) {
                this.quoteAt = i - rec;
                this.quoteSearched = (q < 0 ? n : q) - rec;
                this.quoteEscaped = esc;
                this.quoteBreaks = lf;
                F.fill(-1);
                return rec;
              }
              this.openQuote(b, rec, i);
              j = n;
              break;
            }
            if (b[q + 1] === 34) {
              esc = true;
              j = q + 2;
              continue;
            }
            j = q;
            break;
          }
          this.recordBreaks += lf;
          if (slot >= 0 && j > i + 1) {
            F[slot] = i + 1;
            T[slot] = j;
            E[slot] = esc ? 1 : 0;
          }
          i = j + 1;
          // Text between the closing quote and the delimiter (malformed) is dropped.
          while (i < n) {
            const d = b[i];
            if (d === D || d === 10 || d === 13) break;
            i++;
          }
        } else {
          let j = i;
          while (j < n) {
            const d = b[j];
            if (d === D || d === 10 || d === 13) break;
            j++;
          }
          if (slot >= 0 && j > i) {
            F[slot] = i;
            T[slot] = j;
            E[slot] = 0;
          }
          i = j;
        }
        col++;
        if (i >= n) {
          if (!final) return this.cut(rec);
          break;
        }
        const d = b[i];
        if (d === D && col > last && keep) {
          // Past the last kept column: only the record's end is wanted.
          i = this.skipRest(b, words, rec, i + 1, final);
          if (i < 0) return this.cut(rec);
          if (i >= n) break;
          if (b[i] === 13) {
            if (i + 1 >= n && !final) return this.cut(rec);
            i += b[i + 1] === 10 ? 2 : 1;
          } else i++;
          break;
        }
        if (d === D) {
          i++;
          continue;
        }
        if (d === 13) {
          if (i + 1 >= n && !final) return this.cut(rec);
          i += b[i + 1] === 10 ? 2 : 1;
        } else i++;
        break;
      }
      this.quoteAt = -1;
      if (keep) this.onRow(b);
      F.fill(-1);
      this.records++;
      this.breaks += this.recordBreaks;
    }
    return n;
  }

  /**
   * The final scan found no closing quote for the quote at `at` (in the record from `rec`): note
   * its line (the records and LFs before the record, then the LFs in it before the quote) and
   * the bytes of that line before it (for its column).
   */
  private openQuote(b: Uint8Array, rec: number, at: number): void {
    if (this.unclosed !== null) return;
    let line = 1 + this.records + this.breaks;
    let start = rec;
    for (let k = rec; k < at; k++)
      if (b[k] === 10) {
        line++;
        start = k + 1;
      }
    this.unclosed = { line, before: b.slice(start, at) };
  }

  /**
   * From the start of a field past the last kept column: where the record ends (its line break,
   * or `b.length` at the end of the file), or -1 when the chunk ends first. Quotes count only at
   * the start of a field, and text after a closing quote is skipped, as in `scan`.
   */
  private skipRest(b: Uint8Array, words: Words, rec: number, i: number, final: boolean): number {
    const n = b.length;
    const D = this.delimiter;
    for (;;) {
      if (b[i] === 34) {
        let j = i + 1;
        for (;;) {
          const q = findQuoteOrLf(b, words, j);
          if (q >= 0 && b[q] === 10) {
            this.recordBreaks++;
            j = q + 1;
            continue;
          }
          if (q < 0 || (q === n - 1 && !final)) {
            if (!final) return -1;
            this.openQuote(b, rec, i);
            return n;
          }
          if (b[q + 1] === 34) {
            j = q + 2;
            continue;
          }
          j = q;
          break;
        }
        i = j + 1;
        while (i < n) {
          const d = b[i];
          if (d === D || d === 10 || d === 13) break;
          i++;
        }
        if (i >= n) return final ? n : -1;
        if (b[i] === D) {
          i++;
          continue;
        }
        return i;
      }
      // An unquoted field: on to the line break, or to a quote that opens the next field.
      const p = this.skipUnquoted(b, words, i);
      if (p < 0) return final ? n : -1;
      if (b[p] !== 34) return p;
      i = p;
    }
  }

  /**
   * From inside an unquoted field: the next line break, or the next quote right after a
   * delimiter (a quote elsewhere is text).
   */
  private skipUnquoted(b: Uint8Array, words: Words, i: number): number {
    const D = this.delimiter;
    for (;;) {
      const p = findBreakOrQuote(b, words, i);
      if (p < 0 || b[p] !== 34 || b[p - 1] === D) return p;
      i = p + 1;
    }
  }

  private cut(rec: number): number {
    this.quoteAt = -1;
    this.from.fill(-1);
    return rec;
  }
}

/** A chunk's bytes as little-endian 32-bit words, and where byte 0 sits in the first word. */
interface Words {
  w: Uint32Array;
  base: number;
}

function wordsOf(b: Uint8Array): Words {
  const base = b.byteOffset & 3;
  return { w: new Uint32Array(b.buffer, b.byteOffset - base, (b.byteLength + base) >>> 2), base };
}

/** 0x80 in each byte of `x` that is zero (exact, no borrow between bytes). */
function zeroBytes(x: number): number {
  return ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & 0x80808080;
}

/** Index of the lowest marked byte of a `zeroBytes` mask. */
function firstMarked(m: number): number {
  return (31 - Math.clz32(m & -m)) >>> 3;
}

/**
 * The next `"` or LF at or after `i`, or -1 (four bytes at a time): a quoted field's end, and the
 * line breaks inside it counted on the way (for the line of a warning).
 */
function findQuoteOrLf(b: Uint8Array, words: Words, i: number): number {
  const n = b.length;
  const { w, base } = words;
  while (i < n && ((i + base) & 3) !== 0) {
    const c = b[i];
    if (c === 34 || c === 10) return i;
    i++;
  }
  const end = (n + base) >>> 2;
  for (let k = (i + base) >>> 2; k < end; k++) {
    // One test for both: `c | 0x28` is 0x2a for `"` and LF (and for `*` and 0x02, looked at).
    let m = zeroBytes((w[k] | 0x28282828) ^ 0x2a2a2a2a);
    while (m !== 0) {
      const p = 4 * k - base + firstMarked(m);
      const c = b[p];
      if (c === 34 || c === 10) return p;
      m &= m - 1;
    }
  }
  for (i = Math.max(i, 4 * end - base); i < n; i++) {
    const c = b[i];
    if (c === 34 || c === 10) return i;
  }
  return -1;
}

/** The next `"`, LF or CR at or after `i`, or -1 (four bytes at a time). */
function findBreakOrQuote(b: Uint8Array, words: Words, i: number): number {
  const n = b.length;
  const { w, base } = words;
  while (i < n && ((i + base) & 3) !== 0) {
    const c = b[i];
    if (c === 34 || c === 10 || c === 13) return i;
    i++;
  }
  const end = (n + base) >>> 2;
  for (let k = (i + base) >>> 2; k < end; k++) {
    const x = w[k];
    const m = zeroBytes(x ^ 0x22222222) | zeroBytes(x ^ 0x0a0a0a0a) | zeroBytes(x ^ 0x0d0d0d0d);
    if (m !== 0) return 4 * k - base + firstMarked(m);
  }
  for (i = Math.max(i, 4 * end - base); i < n; i++) {
    const c = b[i];
    if (c === 34 || c === 10 || c === 13) return i;
  }
  return -1;
}
