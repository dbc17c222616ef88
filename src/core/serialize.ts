/**
 * The exporter: writes a SitemapDocument as canonical XML (OUT-001..008), plain text (OUT-009),
 * gzip (OUT-010) or a ZIP bundle of split files (OUT-011). Pure and synchronous.
 */
import { gzipBytes } from './gzip.ts';
import { HEADROOM } from './limits.ts';
import { type Issue, makeIssue, type SitemapDocument } from './model.ts';
import type { Surface } from './rules/surface.ts';
import { fileBytes, fileText, type LayoutOptions, makeContext, writeChunks } from './serialize/chunks.ts';
import { formatRefusal } from './serialize/exportFit.ts';
import {
  buildFileSteps,
  type FileSettings,
  HARD_LIMITS,
  type OutputFile,
  safeBaseName,
  type ZippedFile,
} from './serialize/files.ts';
import type { BodyTap } from './serialize/sink.ts';
import { runSteps } from './steps.ts';

export { writtenEntries } from './serialize/chunks.ts';
export { exportBlocked, gzipSelfCheckIssue } from './serialize/files.ts';

import { zipFiles } from './zip.ts';

export type { OutputFile } from './serialize/files.ts';
export type { BodyTap } from './serialize/sink.ts';

/** Export options. Defaults: xml, pretty, nothing stripped, no schema hints, stylesheet kept. */
export interface SerializeOptions {
  format?: 'xml' | 'txt' | 'xml.gz' | 'txt.gz' | 'zip';
  /** Two-space indentation and one element per line (default true); false = compact. */
  pretty?: boolean;
  /** Omit changefreq and priority (OUT-007). */
  lean?: boolean;
  /** Drop deprecated image/video tags and legacy news tags (OUT-007). */
  stripDeprecated?: boolean;
  /**
   * Text sitemaps: lines that are not http(s) URLs (TXT-001: `#` comments, notes) are written
   * as they were (`'keep'`, default) or left out (`'drop'`); never percent-encoded into a URL.
   */
  nonUrlLines?: 'keep' | 'drop';
  /** Write xmlns:xsi and xsi:schemaLocation (OUT-002). */
  schemaHints?: boolean;
  /** Write the source's `<?xml-stylesheet?>` (default true when the document has one). */
  keepStylesheet?: boolean;
  /** File base name (default `sitemap`): `sitemap.xml`, children `sitemap-1.xml`, … */
  baseName?: string;
  /** Where the (index) file will be published; its directory prefixes child locations. */
  publishUrl?: string;
  /**
   * Split thresholds; never above 50,000 entries / 52,428,800 bytes. Each one not given is SIZE-005's
   * headroom (45,000 entries, 45,000,000 bytes: `limits.ts` HEADROOM), so no written file draws it.
   */
  split?: { maxUrls?: number; maxBytes?: number };
  /** Format of the files inside a `zip` bundle (default `xml`). */
  childFormat?: 'xml' | 'xml.gz' | 'txt' | 'txt.gz';
  /** gzip deflate level (default 6; 9 = smallest). */
  gzipLevel?: number;
  /** Decompress each gzip once and compare (OUT-010; default true in serializeFiles). */
  verifyGzip?: boolean;
  /**
   * `serializeFiles` only: leave each `.gz` file uncompressed (`bytes` = the exact bytes to
   * compress, name and MIME as usual) for a caller that gzips and verifies them itself, e.g. a
   * worker using the platform's `CompressionStream` (see {@link gzipSelfCheckIssue}). Default false.
   */
  deferGzip?: boolean;
  /**
   * `serializeFiles` only: read every written file back and compare it with the document
   * (`verifyExport`: data and namespace well-formedness); any difference blocks the export (no
   * files, ENC-004 errors naming the entries). Default true.
   */
  verify?: boolean;
  /** Who reads the export's messages: their "what to do" names app fields or CLI options (default `app`). */
  surface?: Surface;
}

function settings(
  doc: SitemapDocument,
  o: SerializeOptions,
  format: FileSettings['format'],
  split: boolean,
): FileSettings {
  const limits = split
    ? {
        maxUrls: Math.max(1, Math.min(o.split?.maxUrls ?? HEADROOM.maxUrls, HARD_LIMITS.maxUrls)),
        maxBytes: Math.max(1, Math.min(o.split?.maxBytes ?? HEADROOM.maxBytes, HARD_LIMITS.maxBytes)),
        maxNews: HARD_LIMITS.maxNews,
      }
    : null;
  return {
    format,
    pretty: o.pretty ?? true,
    lean: o.lean ?? false,
    stripDeprecated: o.stripDeprecated ?? false,
    nonUrlLines: o.nonUrlLines ?? 'keep',
    schemaHints: o.schemaHints ?? false,
    stylesheet: (o.keepStylesheet ?? true) ? doc.stylesheet : undefined,
    baseName: safeBaseName(o.baseName),
    publishUrl: o.publishUrl,
    limits,
    gzipLevel: o.gzipLevel ?? 6,
    verifyGzip: o.verifyGzip ?? true,
    deferGzip: o.deferGzip ?? false,
    verify: o.verify ?? true,
    surface: o.surface ?? 'app',
  };
}

/** The whole document as one file: text, or UTF-8 bytes when `bytes` is set. */
function single(doc: SitemapDocument, s: FileSettings, bytes: boolean): string | Uint8Array {
  const isIndex = doc.kind === 'sitemapindex' || doc.kind === 'robots';
  const layout: LayoutOptions = {
    mode: s.format.startsWith('txt') ? 'txt' : 'xml',
    root: isIndex ? 'sitemapindex' : 'urlset',
    pretty: s.pretty,
    schemaHints: s.schemaHints,
    stylesheet: s.stylesheet,
    rootExtras: doc.rootExtras ?? [],
  };
  const ctx = makeContext(doc, s, null);
  const [chunk] = writeChunks(doc.entries, layout, ctx, null, bytes);
  return bytes ? fileBytes(layout, ctx, chunk, true) : fileText(layout, ctx, chunk, true);
}

/**
 * Serialize the whole document as ONE file, without splitting. Text formats return a string,
 * `xml.gz` / `txt.gz` / `zip` return bytes. Removed characters are not reported here: use
 * {@link serializeFiles} for issues and limits.
 *
 * @example serializeSitemap(doc) // '<?xml version="1.0" encoding="UTF-8"?>\n<urlset …'
 */
export function serializeSitemap(
  doc: SitemapDocument,
  options?: SerializeOptions & { format?: 'xml' | 'txt' },
): string;
export function serializeSitemap(
  doc: SitemapDocument,
  options: SerializeOptions & { format: 'xml.gz' | 'txt.gz' | 'zip' },
): Uint8Array;
export function serializeSitemap(doc: SitemapDocument, options: SerializeOptions = {}): string | Uint8Array {
  const format = options.format ?? 'xml';
  if (format === 'zip') return serializeFiles(doc, options).files[0].bytes;
  const plain = format === 'xml.gz' ? 'xml' : format === 'txt.gz' ? 'txt' : format;
  const s = settings(doc, options, plain, false);
  if (plain === format) return single(doc, s, false);
  const name = `${safeBaseName(options.baseName)}.${plain}`;
  return gzipBytes(single(doc, s, true) as Uint8Array, { level: options.gzipLevel ?? 6, filename: name });
}

/**
 * Serialize for download: splits at the limits (OUT-008) into `<base>-1.xml`, … plus a sitemap
 * index with absolute locations (needs `publishUrl`), gzips when asked, or bundles everything
 * into one ZIP (`format: 'zip'`, children in `childFormat`). Returns the files and any export
 * issues (ENC-008 removals, TXT-006 data loss, OUT-008 missing publish URL, SIZE-002).
 *
 * @example serializeFiles(doc, { format: 'xml.gz', publishUrl: 'https://www.example.com/sitemap.xml' })
 */
export function serializeFiles(
  doc: SitemapDocument,
  options: SerializeOptions = {},
): { files: OutputFile[]; issues: Issue[] } {
  return runSteps(serializeFileSteps(doc, options));
}

/**
 * {@link serializeFiles} in steps: the generator yields after every few thousand entries (a few
 * ms of work) so a caller on a UI thread can give the event loop a turn between steps; its
 * return value is exactly what `serializeFiles` returns. Pure: the caller decides when to resume.
 * With `tap` (not for `zip`), the body bytes of each file are handed out as they are written and
 * each file's prolog length once all entries are written (see {@link BodyTap}).
 *
 * @example const steps = serializeFileSteps(doc, { format: 'xml' }); let r = steps.next(); while (!r.done) r = steps.next();
 */
export function* serializeFileSteps(
  doc: SitemapDocument,
  options: SerializeOptions = {},
  tap?: BodyTap,
): Generator<void, { files: OutputFile[]; issues: Issue[] }> {
  const issues: Issue[] = [];
  const format = options.format ?? 'xml';
  // A format that cannot hold the document (an index as text): nothing is written, and why.
  const refused = formatRefusal(doc.kind, format, options.childFormat);
  if (refused) return { files: [], issues: [makeIssue(refused.rule, 'error', refused.reason)] };
  if (format !== 'zip')
    return {
      files: yield* buildFileSteps(doc, settings(doc, options, format, true), issues, tap),
      issues,
    };
  const inner = yield* buildFileSteps(
    doc,
    // Split files plus an index, as the format says, also when the entries fit in one file.
    { ...settings(doc, options, options.childFormat ?? 'xml', true), deferGzip: false, indexOne: true },
    issues,
  );
  const entries = doc.entries.length;
  let uncompressed = 0;
  for (const f of inner) uncompressed += f.uncompressedBytes;
  const bytes = zipFiles(inner);
  const name = `${safeBaseName(options.baseName)}.zip`;
  const inside = inner.map(
    ({ name, entries, uncompressedBytes, index }): ZippedFile =>
      index ? { name, entries, uncompressedBytes, index } : { name, entries, uncompressedBytes },
  );
  return {
    files: [{ name, mime: 'application/zip', bytes, entries, uncompressedBytes: uncompressed, inside }],
    issues,
  };
}
