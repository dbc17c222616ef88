/**
 * Streamed reading of one sitemap file (issue #19): the bytes arrive in chunks (already
 * gunzipped by the caller, which enforces the GZ-006 cap per chunk and reports it through
 * {@link SitemapStream.overCap}), are decoded as UTF-8 with a streaming decoder, and the text is
 * cut into windows that end just after an entry's end tag (`</url>`, `</sitemap>`). Each window is
 * read by the ordinary XML reader ({@link XmlSession}), which keeps the root's namespace scope,
 * the open elements, line/column offsets and the findings budget across windows. No whole-file
 * byte buffer or text is kept; the entries are (the validator checks a file as a whole).
 *
 * The result equals `parseSitemap` on the whole file (same entries, findings, lines, columns)
 * except for the source layout, which it leaves out. Where the streamed reading cannot promise
 * that, `end()` returns null and the caller parses the whole file: other encodings than UTF-8
 * (UTF-16, a declared legacy encoding), invalid UTF-8, a file that is not XML (text, robots.txt),
 * a fatal XML error or content after the root's end tag once a window was cut, a mix of CR-only
 * and LF line ends, a gzip whose content is empty, another gzip, a tar or a zip.
 */

import { concatBytes } from '../arrays.ts';
import type { ParseResult } from '../model.ts';
import { firstNonSpace, fromXml, result, type Stage } from '../parse.ts';
import { utf8Route } from './decode.ts';
import { capIssue, capRefusal, isGzip, isZip, looksLikeTar } from './gzip.ts';
import { parseIssue } from './issues.ts';
import { LineTracker } from './lines.ts';
import { XmlSession } from './xml.ts';

/** Window size in characters (a window ends at the last entry end tag inside it). */
export const STREAM_WINDOW = 1 << 20;

/** Bytes looked at before the encoding is decided (BOM, `encoding="…"`, gzip/tar magic). */
const HEAD_BYTES = 1024;

export interface StreamOptions {
  fileName?: string;
  /** Size of the file as stored (compressed size for gzip). */
  fileBytes: number;
  /** The file was gzip-compressed (the caller inflates it and pushes the inflated bytes). */
  gzip: boolean;
  /** Window size in characters (tests use small ones); default {@link STREAM_WINDOW}. */
  window?: number;
}

const END_TAGS = ['</url>', '</sitemap>'];
/** Characters kept from the end of the pending text to find an end tag split between chunks. */
const TAIL = '</sitemap>'.length - 1;

/**
 * End of the last entry end tag in `s`, or -1; `first` (0 or 1) is the tag tried first (the one
 * found last time: the other is looked for only when it is absent, as each search may scan all of `s`).
 */
function lastCut(s: string, first: number): { at: number; tag: number } {
  for (const k of [first, 1 - first]) {
    const i = s.lastIndexOf(END_TAGS[k]);
    if (i !== -1) return { at: i + END_TAGS[k].length, tag: k };
  }
  return { at: -1, tag: first };
}

/** Reads one file's inflated bytes chunk by chunk; see the module comment. */
export class SitemapStream {
  private readonly stage: Stage;
  private readonly window: number;
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private decoder: TextDecoder | null = null;
  /**
   * Text decoded and not read yet, as the decoded pieces: joined only when a window is cut, so
   * text without an entry end (200 MB of blanks in a gzip) is neither copied nor searched again
   * on every chunk.
   */
  private parts: string[] = [];
  private pendingLength = 0;
  /** An entry end tag is in the pending text; `tail`: its last characters (a tag cut in two). */
  private endSeen = false;
  private tail = '';
  /** Only blanks so far (the first other character says whether this is XML). */
  private blank = true;
  private session: XmlSession | null = null;
  private failed = false;
  private decoded = 0;
  /** Line ends seen so far, and the newline character the windows so far were read with. */
  private sawLf = false;
  private sawCr = false;
  private usedCr = false;
  /** Lines before the next window, and characters before it on its first line. */
  private line = 0;
  private column = 0;
  /** Entry end tag looked for first (index in END_TAGS). */
  private tag = 0;

  constructor(options: StreamOptions) {
    this.window = options.window ?? STREAM_WINDOW;
    this.stage = {
      issues: [],
      bytes: options.fileBytes,
      decodedBytes: 0,
      gzip: options.gzip,
      encoding: 'utf-8',
    };
    if (options.fileName !== undefined) this.stage.fileName = options.fileName;
    const gzName = /\.gz$/i.test(options.fileName ?? '');
    if (options.gzip && !gzName)
      this.stage.issues.push(
        parseIssue('GZ-002', 'gzip content detected without a .gz file name; decompressed', {}, 'info'),
      );
    if (!options.gzip && gzName)
      this.stage.issues.push(
        parseIssue('GZ-002', `"${options.fileName}" is named .gz but is not gzip-compressed; read as plain`),
      );
  }

  /** True once the streamed reading gave up (the caller should parse the whole file). */
  get gaveUp(): boolean {
    return this.failed;
  }

  /** Push the next inflated bytes. */
  push(bytes: Uint8Array): void {
    if (this.failed || bytes.length === 0) return;
    this.decoded += bytes.length;
    if (this.decoder === null) {
      this.head.push(bytes);
      this.headBytes += bytes.length;
      if (this.headBytes >= HEAD_BYTES) this.startDecoding();
      return;
    }
    this.text(bytes);
  }

  /** Decide the encoding from the first bytes, then decode them. */
  private startDecoding(): void {
    const first = concatBytes(this.head, this.headBytes);
    this.head = [];
    if (first.length === 0 || isGzip(first) || looksLikeTar(first) || isZip(first)) {
      this.failed = true;
      return;
    }
    const route = utf8Route(first);
    if (route === null) {
      this.failed = true;
      return;
    }
    for (const i of route.issues) this.stage.issues.push(i);
    this.decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    this.text(first.subarray(route.from));
  }

  private text(bytes: Uint8Array, last = false): void {
    let s: string;
    try {
      s = (this.decoder as TextDecoder).decode(bytes, { stream: !last });
    } catch {
      this.failed = true; // invalid UTF-8: the whole-file reading marks the rows it touches
      return;
    }
    if (s !== '') this.add(s);
    if (!last && this.endSeen && this.pendingLength >= this.window) this.cut(false);
  }

  /** Append decoded text to the pending pieces, looking only at what is new (and a tag's width before it). */
  private add(s: string): void {
    if (this.blank && this.session === null) {
      const start = firstNonSpace(s);
      if (start < s.length) {
        this.blank = false;
        // Not XML (text, robots.txt, junk): read whole, now; collecting more would keep it all.
        if (s.charCodeAt(start) !== 60) this.failed = true;
      }
    }
    this.parts.push(s);
    this.pendingLength += s.length;
    if (!this.endSeen) {
      const seam = this.tail + s;
      this.endSeen = END_TAGS.some((t) => seam.includes(t));
      this.tail = seam.slice(-TAIL);
    }
  }

  /** Read the pending text up to its last entry end (all of it when `last`). */
  private cut(last: boolean): void {
    if (this.failed) return;
    const pending = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    let at = pending.length;
    if (!last) {
      const found = lastCut(pending, this.tag);
      at = found.at;
      this.tag = found.tag;
    }
    if (at <= 0 && !last) return; // no entry ends yet: keep collecting
    const text = at === pending.length ? pending : pending.slice(0, at);
    const rest = at === pending.length ? '' : pending.slice(at);
    // The rest follows the last end tag of one kind: looked at once for the other kind.
    this.parts = rest === '' ? [] : [rest];
    this.pendingLength = rest.length;
    this.endSeen = rest !== '' && END_TAGS.some((t) => rest.includes(t));
    this.tail = rest.slice(-TAIL);
    if (text.indexOf('\n') !== -1) this.sawLf = true;
    else if (!this.sawCr && text.indexOf('\r') !== -1) this.sawCr = true;
    const nl = this.sawLf || !this.sawCr ? '\n' : '\r';
    if (nl === '\r') this.usedCr = true;
    if (this.usedCr && this.sawLf) {
      this.failed = true; // CR-only windows before an LF: the whole text counts lines by LF
      return;
    }
    const lines = new LineTracker(text, null, { line: this.line, column: this.column, nl });
    let ok: boolean;
    if (this.session === null) {
      const start = firstNonSpace(text);
      if (start === text.length || text.charCodeAt(start) !== 60) {
        this.failed = true; // empty, plain text or robots.txt: read whole
        return;
      }
      this.session = new XmlSession(text, start, lines);
      ok = this.session.feed(null, null, last);
    } else ok = this.session.feed(text, lines, last);
    if (!ok) {
      this.failed = true;
      return;
    }
    // The reader walked the tracker through the window; its end is the next window's start.
    this.line = lines.line(text.length) - 1;
    this.column = lines.column(text.length) - 1;
  }

  /**
   * The decompressed data passed `max` bytes (GZ-006): the result `parseSitemap` gives such a
   * file (nothing loaded, a fatal error).
   */
  overCap(max: number): ParseResult {
    this.stage.issues.unshift(capIssue(max));
    return result(this.stage, 'unknown', [], {
      message: capRefusal(max),
      rule: 'GZ-006',
      line: 1,
      column: 1,
    });
  }

  /** The parse result, or null when the whole file must be parsed instead (see the module comment). */
  end(): ParseResult | null {
    if (!this.failed && this.decoder === null) this.startDecoding();
    if (this.failed) return null;
    this.text(new Uint8Array(0), true);
    if (this.failed) return null;
    this.cut(true);
    if (this.failed || this.session === null) return null;
    this.stage.decodedBytes = this.decoded;
    return fromXml(this.stage, this.session.result(), false);
  }
}
