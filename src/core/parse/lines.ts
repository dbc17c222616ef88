/**
 * Incremental 1-based line/column lookup over a string. Positions are normally asked for in
 * increasing order, so newlines are counted only between the previous and the current position
 * (never rescanning from the start); a backwards request walks back from the cursor.
 *
 * @example const t = new LineTracker('a\nb'); t.line(2) // 2; t.column(2) // 1
 */
export class LineTracker {
  private readonly s: string;
  private readonly nl: string;
  private pos = 0;
  private ln = 1;
  /** Index of the last newline before `pos` (-1 when none). */
  private lastNl = -1;
  /** Index of the first newline at or after `pos`, or the string length when none. */
  private nextNl = -2;
  /** Masked text (see mask.ts): the UTF-8 bytes behind `s`, else null. */
  private readonly raw: Uint8Array | null;
  /** Masked text: `s[lineFrom, adjTo)` holds `adj` more bytes than UTF-16 code units. */
  private lineFrom = -1;
  private adjTo = -1;
  private adj = 0;
  /** Masked text: index of the first mask character at or after `maskFrom` (length when none). */
  private maskFrom = -1;
  private nextMask = -1;

  /** A window of a longer text (stream.ts): lines before it, and columns before it on its first line. */
  private readonly lineBase: number;
  private readonly colBase: number;

  /**
   * `window`: `s` is a window of a longer text (see parse/stream.ts) starting on line
   * `line` + 1 after `column` characters of that line, with that text's newline character `nl`.
   */
  constructor(
    s: string,
    raw: Uint8Array | null = null,
    window: { line: number; column: number; nl: '\n' | '\r' } | null = null,
  ) {
    this.s = s;
    this.raw = raw;
    this.nl = window ? window.nl : s.indexOf('\n') === -1 && s.indexOf('\r') !== -1 ? '\r' : '\n';
    this.lineBase = window ? window.line : 0;
    this.colBase = window ? window.column : 0;
  }

  private moveTo(target: number): void {
    const s = this.s;
    if (this.nextNl === -2) this.nextNl = this.find(0);
    if (target < this.pos) {
      let i = this.lastNl;
      while (i >= target) {
        this.ln--;
        i = i === 0 ? -1 : s.lastIndexOf(this.nl, i - 1);
      }
      this.lastNl = i;
      this.pos = target;
      this.nextNl = this.find(target);
      return;
    }
    let i = this.nextNl;
    while (i < target) {
      this.ln++;
      this.lastNl = i;
      i = this.find(i + 1);
    }
    this.nextNl = i;
    this.pos = target;
  }

  private find(from: number): number {
    const i = this.s.indexOf(this.nl, from);
    return i === -1 ? this.s.length : i;
  }

  /** 1-based line of string index `at`. */
  line(at: number): number {
    this.moveTo(at);
    return this.ln + this.lineBase;
  }

  /** 1-based column of string index `at` (in UTF-16 code units). */
  column(at: number): number {
    this.moveTo(at);
    const col = this.lastNl === -1 ? at + 1 + this.colBase : at - this.lastNl;
    return this.raw === null ? col : col - this.extraBytes(this.lastNl + 1, at);
  }

  /** Masked text: UTF-8 bytes minus UTF-16 code units in `s[from, to)` (incremental along a line). */
  private extraBytes(from: number, to: number): number {
    if (this.maskFrom > from || this.nextMask < from) {
      const i = this.s.indexOf('\u0001', from);
      this.maskFrom = from;
      this.nextMask = i === -1 ? this.s.length : i;
    }
    if (this.nextMask >= to) return 0;
    if (this.lineFrom !== from || this.adjTo > to) {
      this.lineFrom = from;
      this.adjTo = from;
      this.adj = 0;
    }
    const raw = this.raw as Uint8Array;
    let adj = this.adj;
    for (let i = Math.max(this.adjTo, this.nextMask); i < to; i++) {
      const b = raw[i];
      if ((b & 0xc0) === 0x80) adj++;
      else if (b >= 0xf0) adj--;
    }
    this.adj = adj;
    this.adjTo = to;
    return adj;
  }
}
