/**
 * Reading a crawl file in chunks, as bytes (the worker streams a 300 MB export through it; the
 * CLI and `readCrawl` push a whole file): the encoding from the first bytes (UTF-8 with or
 * without BOM; UTF-16 is decoded per chunk and re-encoded), the header from the first 256 KB,
 * then records scanned as bytes (csvBytes.ts) with strings made only for what the table keeps:
 * each URL's bytes are copied as they are, a repeated cell's meaning is looked up (cellCache.ts),
 * and only canonicals that differ from the URL, redirect targets and distinct lastmods become
 * strings. The table is the one the string parser made (read.test.ts compares the two).
 */

import { concatBytes, sameBytesAt, viewOf } from '../arrays.ts';
import { shapeCsv, sniffDelimiter } from '../csv.ts';
import { CellCache, cellText } from './cellCache.ts';
import { coverageFacts } from './coverage.ts';
import { ByteCsvScanner } from './csvBytes.ts';
import { type CrawlFormat, type CrawlMapping, detectCrawlCsv } from './detect.ts';
import type { CrawlHalf } from './match.ts';
import { isNormalCrawlUrl, normaliseCrawlUrl } from './normalise.ts';
import { scanCsv } from './scan.ts';
import { hashString, StringsBuilder, stringAt } from './strings.ts';
import {
  type CrawlProgress,
  type CrawlTable,
  type CrawlWarning,
  cellFlags,
  FLAG_FIELDS,
  finishCrawlTable,
  type SparseColumn,
  statusOf,
} from './table.ts';

/** Columns of the first records read to find the header (names past it are not looked at). */
const HEAD_COLUMNS = Array.from({ length: 1024 }, (_, i) => i);

/** Records read to find the header row. */
const HEAD_RECORDS = 64;
/**
 * Records read first: the header is the first non-blank record or (a title row before it) the one
 * after, so a few records answer for nearly every file; more are read only when they do not.
 */
const FIRST_RECORDS = 4;

/** The first `limit` records of `text` (cells as written, trailing empty cells left off). */
function headRecords(text: string, delimiter: string, limit: number): string[][] {
  const records: string[][] = [];
  scanCsv(
    text,
    delimiter,
    HEAD_COLUMNS,
    0,
    (cells) => {
      let end = cells.length;
      while (end > 0 && cells[end - 1] === undefined) end--;
      records.push(cells.slice(0, end).map((c) => c ?? ''));
    },
    undefined,
    limit,
  );
  return records;
}

/** Where the header row is and which delimiter the file uses (looked at in its first 64 KB). */
export function csvHead(text: string): { headers: string[]; headerRow: number; delimiter: string } {
  const cut = text.length > 65536 ? text.slice(0, text.lastIndexOf('\n', 65536) + 1 || 65536) : text;
  const delimiter = sniffDelimiter(cut);
  // Only the first records are looked at (the page sniffs every dropped file with this): a few
  // when they hold the first non-blank record and the one after it (all `shapeCsv` reads), else
  // up to HEAD_RECORDS. A 70-column export's 64 records were ~4,500 cells made on the drop.
  let records = headRecords(cut, delimiter, FIRST_RECORDS);
  let first = 0;
  while (first < records.length && records[first].every((c) => c.trim() === '')) first++;
  if (first + 1 >= records.length && records.length === FIRST_RECORDS)
    records = headRecords(cut, delimiter, HEAD_RECORDS);
  const p = shapeCsv({ records, delimiter, errors: [] });
  return { headers: p.headers, headerRow: p.headerRow, delimiter };
}

/** UTF-8 bytes read before the header is looked at (always more than `csvHead`'s 64 K characters). */
export const HEAD_BYTES = 256 * 1024;
const ENC = new TextEncoder();
const HEAD_DEC = new TextDecoder('utf-8', { ignoreBOM: true });

/** Where the data starts and how it is split (`csvHead`), and which export it is. */
export interface CrawlLayout {
  headerRow: number;
  delimiter: string;
  format: CrawlFormat;
}

/** Options of {@link CrawlReader}. */
export interface CrawlReaderOptions {
  fileName: string;
  /** The columns to use; without it, the detected export's. */
  mapping?: CrawlMapping;
  /** The layout, when the caller knows it (`parseCrawlCsv`); else read from the file's start. */
  layout?: CrawlLayout;
  /** The bytes are UTF-8 text as it is (no encoding to detect, no BOM to drop). */
  utf8?: boolean;
}

function startsWithBom(b: Uint8Array, at: number): boolean {
  return b[at] === 0xef && b[at + 1] === 0xbb && b[at + 2] === 0xbf;
}

/** The UTF-16 encoding the first bytes show, and where its text starts ([null, 0]: UTF-8). */
function utf16Of(b: Uint8Array): [string | null, number] {
  if (b[0] === 0xff && b[1] === 0xfe) return ['utf-16le', 2];
  if (b[0] === 0xfe && b[1] === 0xff) return ['utf-16be', 2];
  if (b.length >= 4 && b[1] === 0 && b[3] === 0 && b[0] !== 0) return ['utf-16le', 0];
  if (b.length >= 4 && b[0] === 0 && b[2] === 0 && b[1] !== 0) return ['utf-16be', 0];
  return [null, 0];
}

/**
 * The UTF-8 text at the start of a file's first bytes (what `CrawlReader` reads its header
 * from: up to three leading byte order marks dropped), or null when the file is UTF-16 or too
 * short to tell.
 */
export function utf8Head(b: Uint8Array): Uint8Array | null {
  if (b.length < 4 || utf16Of(b)[0] !== null) return null;
  let at = 0;
  if (startsWithBom(b, 0)) for (let k = 0; k < 3 && startsWithBom(b, at); k++) at += 3;
  return b.subarray(at);
}

/**
 * The layout and the columns of a crawl file from its first text (UTF-8, from `utf8Head`, at
 * least 256 KB of it or all): `options.layout` and `options.mapping` when given, else read from
 * the header. Null: no URL column.
 */
export function crawlStart(
  head: Uint8Array,
  options: Pick<CrawlReaderOptions, 'layout' | 'mapping'>,
): { layout: CrawlLayout; mapping: CrawlMapping } | null {
  let layout = options.layout;
  let mapping = options.mapping;
  if (!layout) {
    const h = csvHead(HEAD_DEC.decode(head));
    const detected = detectCrawlCsv(h.headers);
    mapping ??= detected?.mapping;
    layout = { headerRow: h.headerRow, delimiter: h.delimiter, format: detected?.format ?? 'generic' };
  }
  if (!mapping || mapping.url === undefined) return null;
  return { layout, mapping };
}

/**
 * The rows one reader read, for another's `append` (plain data: a worker transfers its arrays).
 * `bytes` and `starts` are the rows' URLs (`starts` has `rows + 1` entries, from 0); `lastmods`
 * index `dates` (-1: none); canonical and redirect as the reader keeps them.
 */
export interface CrawlPart {
  rows: number;
  bytes: Uint8Array;
  starts: Int32Array;
  hashes: Uint32Array;
  normHashes: Uint32Array;
  status: Int16Array;
  flags: Uint8Array;
  lastmods: Int32Array;
  dates: Array<string | undefined>;
  canonical: SparseCells;
  redirect: SparseCells;
  /** The part reader's warnings, lines counted from the part's start (`append` moves them). */
  warnings?: CrawlWarning[];
}

/** What a reader says of a quoted field that runs to the end of the file. */
export const UNCLOSED_QUOTE = 'unclosed quote; the rest of the file was read as one field';

/** The warning of a scanner's unclosed quote (none: null); its column counts characters. */
function scannerWarnings(s: ByteCsvScanner | null): CrawlWarning[] {
  const u = s?.unclosed;
  if (!u) return [];
  let column = 1;
  // UTF-8 characters: every byte but a continuation byte starts one.
  for (const c of u.before) if ((c & 0xc0) !== 0x80) column++;
  return [{ line: u.line, column, message: UNCLOSED_QUOTE }];
}

/** A `SparseColumn` as a part carries it (its rows transferred). */
export interface SparseCells extends SparseColumn {
  rows: Int32Array;
  values: string[];
}

/** A `SparseColumn` being read: rows are pushed in order. */
interface SparseList {
  rows: number[];
  values: string[];
}

function pushCell(list: SparseList, row: number, v: string | undefined): void {
  if (v === undefined) return;
  list.rows.push(row);
  list.values.push(v);
}

/** `list`'s cells, as a part carries them. */
function cellsOf(list: SparseList): SparseCells {
  return { rows: Int32Array.from(list.rows), values: list.values.slice() };
}

/** `more`'s cells after `list`'s, its rows shifted by `r0`. */
function appendCells(list: SparseList, more: SparseCells, r0: number): void {
  for (let k = 0; k < more.rows.length; k++) pushCell(list, r0 + more.rows[k], more.values[k]);
}

/** The buffers of a part (what a worker transfers). */
export function partBuffers(p: CrawlPart): ArrayBufferLike[] {
  return [
    p.bytes,
    p.starts,
    p.hashes,
    p.normHashes,
    p.status,
    p.flags,
    p.lastmods,
    p.canonical.rows,
    p.redirect.rows,
  ].map((a) => a.buffer);
}

/**
 * A crawl file read chunk by chunk: `push` each chunk in order, then `end()` for the table (null
 * when the file has no URL column, by detection or by the mapping given). Memory: the table being
 * built plus one chunk (and a record cut by its end).
 *
 * @example const r = new CrawlReader({ fileName }); for (const c of chunks) if (!r.push(c)) break; r.end()
 */
export class CrawlReader {
  private raw: Uint8Array[] = [];
  private rawLength = 0;
  /** Set for UTF-16: chunks are decoded (across their ends) and re-encoded as UTF-8. */
  private utf16: TextDecoder | null = null;
  private encodingKnown = false;
  /** Leading BOMs to drop from the UTF-8 text (the string parser dropped that many). */
  private boms = 0;
  private head: Uint8Array[] = [];
  private headLength = 0;
  private rows: RowCollector | null = null;
  private scanner: ByteCsvScanner | null = null;
  private refused = false;
  private carry = new Uint8Array(0);
  private carryLength = 0;
  /** Records before the data (the scanner's `skip`). */
  private skip = 0;

  constructor(private readonly options: CrawlReaderOptions) {}

  /**
   * Feed the next chunk; false once the file is known to be no crawl data (stop reading). The
   * reader may look at `chunk` again until `end`: pass a new array each time, never a reused one.
   */
  push(chunk: Uint8Array): boolean {
    if (this.refused) return false;
    if (!this.encodingKnown && this.options.utf8) this.encodingKnown = true;
    if (!this.encodingKnown) {
      this.raw.push(chunk);
      this.rawLength += chunk.length;
      if (this.rawLength < 4) return true;
      chunk = this.pickEncoding();
    }
    this.text(this.utf16 ? ENC.encode(this.utf16.decode(chunk, { stream: true })) : chunk, false);
    return !this.refused;
  }

  /**
   * The rows read so far as they are kept (views, not copies; `matchHalf` settles their flags in
   * place): the half of a file this reader read, for the listed URLs to be matched against while
   * the other half is appended. Null before the header (no URL column).
   */
  half(): CrawlHalf | null {
    return this.rows?.half() ?? null;
  }

  /** `hashBytes` of each row's URL, once `end` made the table (what `candidateRows` matches by). */
  rowHashes(): Uint32Array | null {
    return this.rows?.urlHashes() ?? null;
  }

  /** The table (null: no URL column). */
  end(): CrawlTable | null {
    if (this.refused) return null;
    if (!this.encodingKnown) {
      const rest = this.pickEncoding();
      this.text(this.utf16 ? ENC.encode(this.utf16.decode(rest, { stream: true })) : rest, false);
    }
    this.text(this.utf16 ? ENC.encode(this.utf16.decode()) : new Uint8Array(0), true);
    return this.rows?.finish(this.warnings()) ?? null;
  }

  /**
   * What the reader noticed in the file so far, located (after `end`: an unclosed quote), with
   * the warnings of an appended part.
   */
  warnings(): CrawlWarning[] {
    return [...this.appended, ...scannerWarnings(this.scanner)].sort((a, b) => a.line - b.line);
  }

  /** Warnings of the part appended, their lines counted from the file's start. */
  private appended: CrawlWarning[] = [];

  /** As `decodeCsvBytes` (detect.ts) decides it; returns the buffered bytes to go on with. */
  private pickEncoding(): Uint8Array {
    const b = concatBytes(this.raw, this.rawLength);
    this.raw = [];
    this.encodingKnown = true;
    const [label, from] = utf16Of(b);
    // UTF-16: the decoder drops one BOM, the parser one more. UTF-8: the byte order mark, a BOM
    // the decoder dropped, and one more the parser dropped.
    if (label) {
      this.utf16 = new TextDecoder(label);
      this.boms = 1;
    } else this.boms = startsWithBom(b, 0) ? 3 : 0;
    return b.subarray(from);
  }

  /** UTF-8 text, in order; `final` with the last of it. */
  private text(bytes: Uint8Array, final: boolean): void {
    if (!this.scanner) {
      if (bytes.length > 0) {
        this.head.push(bytes);
        this.headLength += bytes.length;
      }
      if (this.headLength < HEAD_BYTES && !final) return;
      let b = concatBytes(this.head, this.headLength);
      this.head = [];
      let at = 0;
      while (this.boms > 0 && startsWithBom(b, at)) {
        at += 3;
        this.boms--;
      }
      b = b.subarray(at);
      if (!this.start(b)) return;
      bytes = b;
    }
    this.feed(bytes, final);
  }

  /** Read the header and set up the scanner; false when there is nothing to read. */
  private start(head: Uint8Array): boolean {
    const begun = crawlStart(head, this.options);
    if (!begun) {
      this.refused = true;
      return false;
    }
    const { layout, mapping } = begun;
    const rows = new RowCollector(this.options.fileName, layout.format, mapping);
    const scanner = new ByteCsvScanner(layout.delimiter.charCodeAt(0), rows.columns, layout.headerRow, (b) =>
      rows.row(b, scanner),
    );
    this.rows = rows;
    this.scanner = scanner;
    this.skip = layout.headerRow;
    return true;
  }

  /**
   * True when the bytes pushed so far end exactly at the end of a data record (the header read,
   * no record cut, not inside a quoted field): a reader of the rest of the file started there
   * with no header (`crawlStart` of the file's head, `headerRow` 0) reads the same rows as this
   * one would. Only for UTF-8 input.
   */
  atRecordStart(): boolean {
    const s = this.scanner;
    return !this.refused && !this.utf16 && s !== null && this.carryLength === 0 && s.records >= this.skip;
  }

  /**
   * Ends the input (as `end`) and answers the rows read as a part for another reader's `append`
   * (null: no URL column). The reader of the second part of a file split in two.
   */
  part(): CrawlPart | null {
    if (this.refused) return null;
    this.text(new Uint8Array(0), true);
    const part = this.rows?.part() ?? null;
    const warnings = scannerWarnings(this.scanner);
    if (part && warnings.length > 0) part.warnings = warnings;
    return part;
  }

  /**
   * Add the rows of the part that follows the bytes pushed (`atRecordStart` was true there), as
   * if they had been read here; then `end`.
   */
  append(part: CrawlPart): void {
    if (!this.rows) throw new Error('No rows to append to.');
    this.rows.append(part);
    // The part starts after the lines read here: each record ended with a line break.
    const s = this.scanner;
    const lines = s ? s.records + s.breaks : 0;
    for (const w of part.warnings ?? []) this.appended.push({ ...w, line: w.line + lines });
  }

  /**
   * Scan `chunk` after the record the last one cut (kept in `carry`). Only the start of the chunk
   * is copied behind the cut record, as much as it takes to end it (64 KB, doubled while the
   * record goes on); the rest of the chunk is scanned where it is.
   */
  private feed(chunk: Uint8Array, final: boolean): void {
    const scanner = this.scanner;
    if (!scanner) return;
    let b = chunk;
    const carried = this.carryLength;
    if (carried > 0) {
      let copied = 0;
      for (let take = Math.min(chunk.length, CARRY_PROBE); ; take = Math.min(chunk.length, take * 2)) {
        this.reserve(carried + take, carried + copied);
        this.carry.set(chunk.subarray(copied, take), carried + copied);
        copied = take;
        const joined = this.carry.subarray(0, carried + take);
        const whole = take === chunk.length;
        const at = scanner.scan(joined, final && whole);
        if (whole) {
          // The chunk is all in `carry` now: keep what the scan left, as before.
          this.carry.copyWithin(0, at, joined.length);
          this.carryLength = joined.length - at;
          return;
        }
        if (at >= carried) {
          // The cut record ended (and maybe more): the chunk goes on from a record's start.
          b = chunk.subarray(at - carried);
          break;
        }
      }
    }
    const at = scanner.scan(b, final);
    const rest = b.length - at;
    if (rest > 0) {
      this.reserve(rest, 0);
      this.carry.set(b.subarray(at));
    }
    this.carryLength = rest;
  }

  /** Room for `bytes` in `carry`, keeping its first `keep`. */
  private reserve(bytes: number, keep = this.carryLength): void {
    if (bytes <= this.carry.length) return;
    const next = new Uint8Array(Math.max(bytes, this.carry.length * 2, 1 << 16));
    next.set(this.carry.subarray(0, keep));
    this.carry = next;
  }
}

/** Bytes of the next chunk first copied behind a cut record to end it (see `feed`). */
const CARRY_PROBE = 64 * 1024;

/** `asciiUrl` answers. */
const NORMAL = 1;
const NOT_NORMAL = 0;
const NO_URL = -2;

/**
 * One pass over a trimmed URL's bytes `b[s, e)`: copies them to `out` from `at`, puts their
 * `hashBytes` in `hashes[row]`, and answers -1 when a byte is not ASCII (the caller decodes the
 * URL instead), `NO_URL` when empty, else whether `isNormalCrawlUrl` holds (`NORMAL` /
 * `NOT_NORMAL`).
 */
function asciiUrl(
  b: Uint8Array,
  s: number,
  e: number,
  out: Uint8Array,
  at: number,
  hashes: Uint32Array,
  row: number,
): number {
  if (s === e) return NO_URL;
  let sep = -1;
  let path = -1;
  let pathEnd = -1;
  let normal = true;
  let h = 0x811c9dc5;
  for (let k = s; k < e; k++) {
    const c = b[k];
    if (c > 0x7f) return -1;
    out[at++] = c;
    h = Math.imul(h ^ c, 0x01000193);
    if (path < 0) {
      // The scheme and authority: lower case, no port, no userinfo, no escapes.
      if (c === 47 && sep >= 0 && k > sep + 2) path = k;
      else if (c === 58) {
        if (sep >= 0) normal = false;
        else if (b[k + 1] === 47 && b[k + 2] === 47 && k + 2 < e) sep = k;
      } else if ((c >= 65 && c <= 90) || c === 63 || c === 35 || c === 64 || c === 37) normal = false;
    } else if (c === 37) normal = false;
    else if ((c === 63 || c === 35) && pathEnd < 0) pathEnd = k;
  }
  hashes[row] = h >>> 0;
  if (path < 0) return NOT_NORMAL;
  return normal && b[(pathEnd < 0 ? e : pathEnd) - 1] !== 47 ? NORMAL : NOT_NORMAL;
}

/** ASCII whitespace (what `String.prototype.trim` drops among ASCII). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** Growable typed columns of the rows read. */
class RowCollector {
  /** Slot of each CSV column (-1: not kept). */
  readonly columns: Int32Array;
  private readonly strings = new StringsBuilder();
  private n = 0;
  private hashes = new Uint32Array(1024);
  private normHashes = new Uint32Array(1024);
  private status = new Int16Array(1024);
  private flags = new Uint8Array(1024);
  private lastmods = new Int32Array(1024);
  private readonly canonical: SparseList = { rows: [], values: [] };
  private readonly redirect: SparseList = { rows: [], values: [] };
  /** Lastmods of appended parts (their ids follow the cell cache's). */
  private readonly moreDates: Array<string | undefined> = [];
  private readonly slot: Record<keyof CrawlMapping, number>;
  /** The cells that set row flags: their slots, and a cache of each one's flags. */
  private readonly flagSlots: number[] = [];
  private readonly flagCaches: Array<CellCache<number>> = [];
  private readonly statusCell: CellCache<number>;
  private readonly lastmodCell = new CellCache((t) => t);

  constructor(
    private readonly fileName: string,
    private readonly format: CrawlFormat,
    mapping: CrawlMapping,
  ) {
    // As the string parser did: fields in the mapping's order, a column feeds the last field
    // naming it.
    const fields = Object.keys(mapping) as Array<keyof CrawlMapping>;
    const columns: number[] = [];
    fields.forEach((f, slot) => {
      const c = mapping[f];
      if (c !== undefined) columns[c] = slot;
    });
    for (let c = 0; c < columns.length; c++) if (columns[c] === undefined) columns[c] = -1;
    this.columns = Int32Array.from(columns);
    const slot = {} as Record<keyof CrawlMapping, number>;
    for (const f of [...FLAG_FIELDS, 'url', 'canonical', 'redirect', 'lastmod', 'coverage'] as const)
      slot[f] = fields.indexOf(f);
    this.slot = slot;
    for (const f of FLAG_FIELDS)
      if (f !== 'status' && slot[f] >= 0) {
        this.flagSlots.push(slot[f]);
        this.flagCaches.push(new CellCache((t) => (t === undefined ? 0 : cellFlags(f, t))));
      }
    // A status cell's code and flags in one number: status × 256 + flags.
    this.statusCell = new CellCache(
      (t) => statusOf(t, format) * 256 + (t === undefined ? 0 : cellFlags('status', t)),
    );
  }

  /** A Search Console reason's status and flags, the same way (`coverageFacts`). */
  private readonly coverageCell = new CellCache((t) => {
    const f = t === undefined ? { status: -1, flags: 0 } : coverageFacts(t);
    return f.status * 256 + f.flags;
  });

  /** One record (the scanner's cells over `b`). */
  row(b: Uint8Array, cells: ByteCsvScanner): void {
    const { from: F, to: T, escaped: E } = cells;
    const us = this.slot.url;
    if (us < 0 || F[us] < 0) return;
    let s = F[us];
    let e = T[us];
    let url: string | undefined;
    const r = this.n;
    if (r === this.status.length) this.grow();
    let facts = -1;
    if (E[us] === 0) {
      while (s < e && isSpace(b[s])) s++;
      while (e > s && isSpace(b[e - 1])) e--;
      const out = this.strings.open(e - s);
      facts = asciiUrl(b, s, e, out, this.strings.size, this.hashes, r);
      if (facts === NO_URL) return;
    }
    if (facts < 0) {
      // Non-ASCII or `""` in the URL (rare): decoded, as the string parser did.
      url = cellText(b, F[us], T[us], E[us] === 1);
      if (url === undefined) return;
      this.strings.add(url);
      const h = hashString(url);
      this.hashes[r] = h;
      const { bytes, starts } = this.strings.view();
      this.normHashes[r] = isNormalCrawlUrl(bytes, starts[r], starts[r + 1])
        ? h
        : hashString(normaliseCrawlUrl(url));
    } else {
      this.strings.commit(e - s);
      const h = this.hashes[r];
      this.normHashes[r] =
        facts === NORMAL ? h : hashString(normaliseCrawlUrl(stringAt(this.strings.view(), r)));
    }
    // The canonical link when it is not the URL as written.
    let canonical: string | undefined;
    const cs = this.slot.canonical;
    if (cs >= 0 && F[cs] >= 0) {
      let cf = F[cs];
      let ct = T[cs];
      if (url === undefined && E[cs] === 0) {
        while (cf < ct && isSpace(b[cf])) cf++;
        while (ct > cf && isSpace(b[ct - 1])) ct--;
      }
      if (
        url !== undefined ||
        E[cs] === 1 ||
        ct - cf !== e - s ||
        !sameBytesAt(this.viewOf(b), cf, this.viewOf(b), s, e - s)
      ) {
        canonical = cellText(b, F[cs], T[cs], E[cs] === 1);
        if (canonical !== undefined && canonical === (url ?? stringAt(this.strings.view(), r)))
          canonical = undefined;
      }
    }
    pushCell(this.canonical, r, canonical);
    const rs = this.slot.redirect;
    if (rs >= 0 && F[rs] >= 0) pushCell(this.redirect, r, cellText(b, F[rs], T[rs], E[rs] === 1));
    const ls = this.slot.lastmod;
    this.lastmods[r] = ls >= 0 && F[ls] >= 0 ? this.lastmodCell.id(b, F[ls], T[ls], E[ls] === 1) : -1;
    let flags = 0;
    for (let i = 0; i < this.flagSlots.length; i++) {
      const slot = this.flagSlots[i];
      if (F[slot] < 0) continue;
      const cache = this.flagCaches[i];
      flags |= cache.values[cache.id(b, F[slot], T[slot], E[slot] === 1)];
    }
    const ss = this.slot.status;
    const st =
      ss >= 0 && F[ss] >= 0 ? this.statusCell.values[this.statusCell.id(b, F[ss], T[ss], E[ss] === 1)] : -1;
    let code = ss >= 0 && F[ss] >= 0 ? Math.floor(st / 256) : statusOf(undefined, this.format);
    if (ss >= 0 && F[ss] >= 0) flags |= st - code * 256;
    // A page-indexing reason: its flags, and its status where the row has no status of its own.
    const vs = this.slot.coverage;
    if (vs >= 0 && F[vs] >= 0) {
      const cv = this.coverageCell.values[this.coverageCell.id(b, F[vs], T[vs], E[vs] === 1)];
      const cs = Math.floor(cv / 256);
      flags |= cv - cs * 256;
      if (code === -1) code = cs;
    }
    this.status[r] = code;
    this.flags[r] = flags;
    this.n++;
  }

  private grow(): void {
    const size = this.status.length * 2;
    const more = <A extends Uint32Array | Int16Array | Uint8Array | Int32Array>(
      a: A,
      make: (n: number) => A,
    ) => {
      const next = make(size);
      next.set(a as never);
      return next;
    };
    this.hashes = more(this.hashes, (n) => new Uint32Array(n));
    this.normHashes = more(this.normHashes, (n) => new Uint32Array(n));
    this.status = more(this.status, (n) => new Int16Array(n));
    this.flags = more(this.flags, (n) => new Uint8Array(n));
    this.lastmods = more(this.lastmods, (n) => new Int32Array(n));
  }

  private view: DataView | null = null;
  private viewed: Uint8Array | null = null;

  /** A DataView of the chunk being read (one per chunk). */
  private viewOf(b: Uint8Array): DataView {
    if (this.viewed !== b || this.view === null) {
      this.view = viewOf(b);
      this.viewed = b;
    }
    return this.view;
  }

  urlHashes(): Uint32Array {
    return this.hashes.subarray(0, this.n);
  }

  half(): CrawlHalf {
    const { bytes, starts } = this.strings.view();
    return {
      rows: this.n,
      bytes,
      starts,
      hashes: this.hashes.subarray(0, this.n),
      flags: this.flags,
      status: this.status,
      canonical: this.canonical,
    };
  }

  /** The rows read, as a part for another collector's `append`. */
  part(): CrawlPart {
    const n = this.n;
    const { bytes, starts } = this.strings.view();
    return {
      rows: n,
      bytes: bytes.slice(0, starts[n] ?? 0),
      starts: n === 0 ? Int32Array.of(0) : starts.slice(0, n + 1),
      hashes: this.hashes.slice(0, n),
      normHashes: this.normHashes.slice(0, n),
      status: this.status.slice(0, n),
      flags: this.flags.slice(0, n),
      lastmods: this.lastmods.slice(0, n),
      dates: this.lastmodCell.values.slice(),
      canonical: cellsOf(this.canonical),
      redirect: cellsOf(this.redirect),
    };
  }

  /** The rows of `p` after these (their URLs become strings n … n + p.rows - 1). */
  append(p: CrawlPart): void {
    const r0 = this.n;
    while (this.status.length < r0 + p.rows) this.grow();
    this.strings.appendAll(p.bytes, p.starts, p.rows);
    this.hashes.set(p.hashes, r0);
    this.normHashes.set(p.normHashes, r0);
    this.status.set(p.status, r0);
    this.flags.set(p.flags, r0);
    const offset = this.lastmodCell.values.length + this.moreDates.length;
    for (const d of p.dates) this.moreDates.push(d);
    const lastmods = this.lastmods;
    for (let r = 0; r < p.rows; r++) lastmods[r0 + r] = p.lastmods[r] < 0 ? -1 : p.lastmods[r] + offset;
    appendCells(this.canonical, p.canonical, r0);
    appendCells(this.redirect, p.redirect, r0);
    this.n += p.rows;
  }

  finish(warnings: CrawlWarning[] = []): CrawlTable {
    const rows = this.n;
    const dates =
      this.moreDates.length > 0 ? this.lastmodCell.values.concat(this.moreDates) : this.lastmodCell.values;
    return finishCrawlTable({
      fileName: this.fileName,
      format: this.format,
      rows,
      strings: this.strings,
      hashes: this.hashes,
      normHashes: this.normHashes,
      canonical: this.canonical,
      redirect: this.redirect,
      lastmods: this.lastmods,
      dates,
      status: this.status.slice(0, rows),
      flags: this.flags.slice(0, rows),
      warnings,
    });
  }
}

/**
 * Decode and parse a whole crawl file (bytes in any supported encoding). Without `mapping`, the
 * detected one is used; null when the columns are not recognised and no mapping was given.
 * `onProgress(bytes, total)` after every MB.
 *
 * @example readCrawl(bytes, 'internal_all.csv')?.rows
 */
export function readCrawl(
  bytes: Uint8Array,
  fileName: string,
  mapping?: CrawlMapping,
  onProgress?: CrawlProgress,
): CrawlTable | null {
  const reader = new CrawlReader({ fileName, mapping });
  const step = onProgress ? 1 << 20 : bytes.length;
  for (let at = 0; at < bytes.length; at += step) {
    if (!reader.push(bytes.subarray(at, Math.min(bytes.length, at + step)))) return null;
    onProgress?.(Math.min(bytes.length, at + step), bytes.length);
  }
  return reader.end();
}

/** Options of {@link parseCrawlCsv}. */
export interface CrawlParseOptions extends CrawlLayout {
  fileName: string;
}

/**
 * Parse crawl CSV text (already decoded) with a known layout, keeping only the mapped columns.
 * Rows without a URL are skipped. Never throws on bad content.
 *
 * @example parseCrawlCsv('Address,Status Code\nhttps://a.example/,200\n', { url: 0, status: 1 }, { fileName: 'c.csv', format: 'generic', headerRow: 1, delimiter: ',' }).rows === 1
 */
export function parseCrawlCsv(text: string, mapping: CrawlMapping, options: CrawlParseOptions): CrawlTable {
  const { fileName, ...layout } = options;
  const reader = new CrawlReader({ fileName, mapping, layout, utf8: true });
  reader.push(ENC.encode(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  return reader.end() ?? finishCrawlTable(emptyColumns(fileName, layout.format));
}

function emptyColumns(fileName: string, format: CrawlFormat) {
  return {
    fileName,
    format,
    rows: 0,
    strings: new StringsBuilder(),
    hashes: new Uint32Array(0),
    normHashes: new Uint32Array(0),
    canonical: { rows: [], values: [] },
    redirect: { rows: [], values: [] },
    lastmods: new Int32Array(0),
    dates: [],
    status: new Int16Array(0),
    flags: new Uint8Array(0),
  };
}
