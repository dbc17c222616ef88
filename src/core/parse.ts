import { appendAll } from './arrays.ts';
import type {
  DocumentKind,
  Entry,
  FatalError,
  Issue,
  ParseResult,
  SitemapDocument,
  SourceLayout,
} from './model.ts';
import { decodeBytes, utf8Route } from './parse/decode.ts';
import { capIssue, capRefusal, gunzipAll, isGzip, isZip, looksLikeTar } from './parse/gzip.ts';
import { EXPORTS_SKIPPED, parseIssue } from './parse/issues.ts';

export { refusal } from './refusal.ts';

import { maskNonAscii } from './parse/mask.ts';
import { looksLikeRobots, parseRobots, parseText } from './parse/text.ts';
import { type EntryStream, parseMaskedXml, parseXml, type XmlOut } from './parse/xml.ts';

export type { EntryStream } from './parse/xml.ts';

import type { RuleId } from './rules/registry.ts';
import { utf8Length } from './serialize/utf8.ts';

/** Options for {@link parseSitemap}. */
export interface ParseOptions {
  /** Name of the file as given by the user; used for messages and GZ-002 only, never for detection. */
  fileName?: string;
  /** Cap on decompressed gzip output in bytes (GZ-006). Default 200_000_000. */
  maxDecompressedBytes?: number;
  /**
   * Progress callback: `done` and `total` in input units (bytes, or characters for a string).
   * Called at the start, every 8,192 XML entries (estimated from the scan position) and at the end.
   */
  onProgress?: (done: number, total: number) => void;
  /**
   * Size of the original gzip file when the caller already inflated it (e.g. with the browser's
   * DecompressionStream); the document then records `gzip: true` and this as `source.bytes`.
   */
  compressedBytes?: number;
  /**
   * Receives a urlset's or sitemap index's entries as the XML reader reads them (the worker sends
   * them on before the parse ends; see {@link EntryStream}). Not called for a reading whose
   * entries get findings only at the end (invalid UTF-8, ENC-001), nor for text or feeds.
   */
  stream?: EntryStream;
}

/** Default GZ-006 cap on decompressed bytes. */
export const DEFAULT_MAX_DECOMPRESSED_BYTES = 200_000_000;

/** What the stages before the XML reader found (shared with parse/stream.ts). */
export interface Stage {
  issues: Issue[];
  fileName?: string;
  bytes: number;
  decodedBytes: number;
  gzip: boolean;
  encoding: string;
}

export function result(
  stage: Stage,
  kind: DocumentKind,
  entries: Entry[],
  fatal: FatalError | null,
  extra: Partial<SitemapDocument> = {},
): ParseResult {
  const document: SitemapDocument = { kind, entries, nextId: entries.length, ...extra };
  const source: NonNullable<SitemapDocument['source']> = {
    bytes: stage.bytes,
    decodedBytes: stage.decodedBytes,
    gzip: stage.gzip,
    encoding: stage.encoding,
  };
  if (stage.fileName !== undefined) source.fileName = stage.fileName;
  document.source = source;
  return { kind, document, issues: stage.issues, fatal };
}

function refuse(stage: Stage, rule: RuleId, message: string): ParseResult {
  stage.issues.push(parseIssue(rule, message, { line: 1, column: 1 }));
  return result(stage, 'unknown', [], { message, rule, line: 1, column: 1 });
}

/** Flag entries whose values hold U+FFFD after lenient UTF-8 decoding (ENC-001, IMP-014). */
function flagInvalidUtf8(entries: Entry[], issues: Issue[]): void {
  for (const e of entries) {
    if (!JSON.stringify(e).includes('\uFFFD')) continue;
    const where = { entry: e.id, line: e.line, column: e.column };
    issues.push(
      parseIssue('ENC-001', 'This entry contains bytes that are not valid UTF-8 (shown as U+FFFD)', where),
    );
  }
}

const unnamedGzip = () =>
  parseIssue('GZ-002', 'gzip content detected without a .gz file name; decompressed', {}, 'info');

/** The refusal of a gzip file whose output passed the cap `max` (GZ-006): nothing is loaded. */
function overCap(stage: Stage, max: number): ParseResult {
  stage.gzip = true;
  stage.issues.push(capIssue(max));
  if (!/\.gz$/i.test(stage.fileName ?? '')) stage.issues.push(unnamedGzip());
  return result(stage, 'unknown', [], { message: capRefusal(max), rule: 'GZ-006', line: 1, column: 1 });
}

/**
 * The result of parsing a gzip file of `compressedBytes` whose inflation the caller already
 * stopped at the cap (the worker's native inflater): the same GZ-006 refusal
 * {@link parseSitemap} gives, without inflating the bomb a second time.
 *
 * @example parseOverCap(4_200_000, { fileName: 'bomb.xml.gz' }).fatal?.message // 'The file inflates to more than …'
 */
export function parseOverCap(compressedBytes: number, options: ParseOptions = {}): ParseResult {
  const stage: Stage = { issues: [], bytes: compressedBytes, decodedBytes: 0, gzip: true, encoding: 'utf-8' };
  if (options.fileName !== undefined) stage.fileName = options.fileName;
  return overCap(stage, options.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED_BYTES);
}

/**
 * gzip / zip / tar handling; returns the bytes to decode, or a finished result when refused. When
 * the caller inflated the file itself (`compressedBytes`, the worker's native inflater), `input`
 * is what the gzip held and goes through the same checks ({@link inflated}).
 */
function unwrap(input: Uint8Array, stage: Stage, options: ParseOptions): Uint8Array | ParseResult {
  if (options.compressedBytes !== undefined) return inflated(input, false, stage);
  const gzName = /\.gz$/i.test(stage.fileName ?? '');
  if (isZip(input))
    return refuse(stage, 'GZ-001', 'This is a ZIP archive; sitemaps must be gzip-compressed (or plain)');
  if (!isGzip(input)) {
    if (gzName) {
      stage.issues.push(
        parseIssue('GZ-002', `"${stage.fileName}" is named .gz but is not gzip-compressed; read as plain`),
      );
    }
    return input;
  }
  stage.gzip = true;
  const max = options.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED_BYTES;
  const gz = gunzipAll(input, max);
  if (gz.capped) return overCap(stage, max);
  appendAll(stage.issues, gz.issues);
  return inflated(gz.data, gz.truncated, stage);
}

/**
 * The one home of the checks on what a gzip file held, whoever inflated it (the core's fflate, the
 * worker's native stream): a missing .gz name (GZ-002 info), nothing at all (ENC-004), another
 * gzip, a ZIP or a tar archive (GZ-005). `truncated`: the inflater stopped at corrupt data.
 */
function inflated(data: Uint8Array, truncated: boolean, stage: Stage): Uint8Array | ParseResult {
  stage.gzip = true;
  if (!/\.gz$/i.test(stage.fileName ?? '')) stage.issues.push(unnamedGzip());
  if (data.length === 0) {
    if (truncated) {
      const message = 'The gzip data is corrupt and nothing could be decoded';
      return result(stage, 'unknown', [], { message, rule: 'GZ-003', line: 1, column: 1 });
    }
    // A damaged file (GZ-003's CRC failure, already reported) is what the user must hear first.
    const damaged = stage.issues.some((i) => i.rule === 'GZ-003' && i.message.includes('CRC-32'));
    return refuse(
      stage,
      'ENC-004',
      damaged
        ? 'The gzip file decompresses to an empty document, and its CRC-32 check fails: the file is damaged (download it again)'
        : 'The gzip file decompresses to an empty document',
    );
  }
  if (isGzip(data)) return refuse(stage, 'GZ-005', 'The gzip file contains another gzip file, not a sitemap');
  if (isZip(data))
    return refuse(
      stage,
      'GZ-005',
      'The gzip file contains a ZIP archive, not a single sitemap: open the file itself as a workspace, or unpack it',
    );
  if (looksLikeTar(data))
    return refuse(stage, 'GZ-005', 'The gzip file contains a tar archive, not a single sitemap');
  return data;
}

/** Where positions count from: what the decoder skipped (a UTF-8 or UTF-16 byte order mark). */
function bomLength(data: Uint8Array): number {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 3;
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) return 2;
  return 0;
}

/** The SourceLayout of an XML read, or undefined (no spans: feed, fatal error, string input). */
function xmlLayout(out: XmlOut, at: Omit<SourceLayout, 'spans' | 'rootOpenEnd' | 'rootCloseStart'> | null) {
  if (!at || !out.spans || out.rootOpenEnd === undefined) return undefined;
  const layout: SourceLayout = {
    ...at,
    spans: out.spans,
    rootOpenEnd: out.rootOpenEnd,
    rootCloseStart: out.rootCloseStart ?? -1,
  };
  return layout;
}

export function fromXml(
  stage: Stage,
  out: XmlOut,
  invalidUtf8: boolean,
  at: Omit<SourceLayout, 'spans' | 'rootOpenEnd' | 'rootCloseStart'> | null = null,
): ParseResult {
  appendAll(stage.issues, out.issues);
  if (invalidUtf8) flagInvalidUtf8(out.entries, stage.issues);
  const extra: Partial<SitemapDocument> = {};
  if (out.otherEntries) extra.otherEntries = out.otherEntries;
  if (out.namespaces) extra.namespaces = out.namespaces;
  if (out.stylesheet !== undefined) extra.stylesheet = out.stylesheet;
  if (out.unkept) extra.unkept = out.unkept;
  if (out.rootExtras) extra.rootExtras = out.rootExtras;
  if (out.partial) extra.partial = true;
  const r = result(stage, out.kind, out.entries, out.fatal, extra);
  const layout = out.fatal === null ? xmlLayout(out, at) : undefined;
  if (layout) r.layout = layout;
  return r;
}

export function firstNonSpace(text: string): number {
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i++;
  }
  return i;
}

/**
 * Progress callback for the XML reader: string position `at` of `length` scaled to `total` input
 * units. Values not above `seen.max` (reached by a masked read that bailed out) are not repeated.
 */
function scaled(
  onProgress: ParseOptions['onProgress'],
  total: number,
  length: number,
  seen: { max: number },
): ((at: number) => void) | undefined {
  if (!onProgress) return undefined;
  return (at: number) => {
    const done = Math.floor((at / length) * total);
    if (done <= seen.max) return;
    onProgress(done, total);
  };
}

/**
 * UTF-8 XML holding non-ASCII bytes, read through a masked copy (see parse/mask.ts); null when
 * the file must be decoded as a whole (other encodings, not XML, or the masked read bailed out).
 */
function parseMasked(
  data: Uint8Array,
  stage: Stage,
  options: ParseOptions,
  total: number,
  seen: { max: number },
): ParseResult | null {
  const route = utf8Route(data);
  if (!route) return null;
  const masked = maskNonAscii(data.subarray(route.from));
  if (!masked) return null;
  const start = firstNonSpace(masked.text);
  if (start === masked.text.length || masked.text.charCodeAt(start) !== 60) return null;
  const progress = options.onProgress;
  const report = progress
    ? (at: number) => {
        const done = Math.floor((at / masked.text.length) * total);
        if (done > seen.max) seen.max = done;
        progress(done, total);
      }
    : undefined;
  const out = parseMaskedXml(masked.text, masked.raw, masked.masks, start, report, options.stream);
  if (!out) {
    // Read again from the decoded text: what the masked read streamed is not the result.
    options.stream?.abandon();
    return null;
  }
  appendAll(stage.issues, route.issues);
  return fromXml(stage, out, false, { unit: 'bytes', base: route.from, lossy: false });
}

function parseInner(input: Uint8Array | string, options: ParseOptions): ParseResult {
  const stage: Stage = { issues: [], bytes: 0, decodedBytes: 0, gzip: false, encoding: 'utf-8' };
  if (options.fileName !== undefined) stage.fileName = options.fileName;
  let text: string;
  let hadBom = false;
  let invalidUtf8 = false;
  let at: Omit<SourceLayout, 'spans' | 'rootOpenEnd' | 'rootCloseStart'> | null = null;
  const seen = { max: -1 };
  if (typeof input === 'string') {
    stage.decodedBytes = stage.bytes = utf8Length(input);
    text = input;
    if (text.charCodeAt(0) === 0xfeff) {
      hadBom = true;
      text = text.slice(1);
      stage.issues.push(
        parseIssue('ENC-002', `UTF-8 byte order mark: skipped when reading. ${EXPORTS_SKIPPED}.`, {
          line: 1,
          column: 1,
        }),
      );
    }
  } else {
    stage.bytes = input.length;
    if (options.compressedBytes !== undefined) {
      stage.gzip = true;
      stage.bytes = options.compressedBytes;
    }
    const data = unwrap(input, stage, options);
    if (!(data instanceof Uint8Array)) return data;
    stage.decodedBytes = data.length;
    const fast = parseMasked(data, stage, options, input.length, seen);
    if (fast) return fast;
    const dec = decodeBytes(data);
    appendAll(stage.issues, dec.issues);
    stage.encoding = dec.encoding;
    hadBom = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf;
    invalidUtf8 = dec.invalidUtf8;
    text = dec.text;
    at = { unit: 'chars', base: bomLength(data), lossy: invalidUtf8 };
  }
  const start = firstNonSpace(text);
  if (start === text.length) return refuse(stage, 'ENC-004', 'The file is empty');
  if (text.charCodeAt(start) === 60) {
    const report = scaled(options.onProgress, input.length, text.length, seen);
    // ENC-001 is found per entry after the read (flagInvalidUtf8): such a reading is not streamed.
    const sink = invalidUtf8 ? undefined : options.stream;
    return fromXml(stage, parseXml(text, start, report, null, sink), invalidUtf8, at);
  }
  const out = looksLikeRobots(text) ? parseRobots(text) : parseText(text, hadBom, invalidUtf8);
  // A text file's BOM is TXT-005's ("… a BOM"), which parseText reports: not ENC-002 as well.
  if (out.kind === 'text' && hadBom) stage.issues = stage.issues.filter((i) => i.rule !== 'ENC-002');
  appendAll(stage.issues, out.issues);
  const r = result(stage, out.kind, out.entries, null);
  if (at && out.spans) r.layout = { ...at, spans: out.spans, rootOpenEnd: -1, rootCloseStart: -1 };
  return r;
}

/**
 * Parse sitemap bytes (or an already decoded string) of any supported format: XML urlset or
 * sitemap index, plain text, RSS/Atom feed, robots.txt, each optionally gzip-compressed. The
 * format is detected from the content, never from the name (IMP-001). Never throws: broken input
 * comes back as `fatal` plus the entries recovered before the error (IMP-012).
 *
 * @param input file bytes, or decoded text
 * @param options file name (for messages/GZ-002), gzip output cap, progress callback
 * @example
 * const r = parseSitemap('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>');
 * r.document.entries[0].loc // 'https://a.example/'
 */
export function parseSitemap(input: Uint8Array | string, options: ParseOptions = {}): ParseResult {
  const total = typeof input === 'string' ? input.length : input.length;
  options.onProgress?.(0, total);
  let r: ParseResult;
  try {
    r = parseInner(input, options);
  } catch (e) {
    const message = `Internal parser error: ${e instanceof Error ? e.message : String(e)}`;
    const stage: Stage = { issues: [], bytes: total, decodedBytes: 0, gzip: false, encoding: 'utf-8' };
    if (options.fileName !== undefined) stage.fileName = options.fileName;
    r = refuse(stage, 'ENC-004', message);
  }
  options.onProgress?.(total, total);
  return r;
}
