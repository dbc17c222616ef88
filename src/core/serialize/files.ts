/**
 * Turns a document into output files: splitting (OUT-008), child naming, the generated sitemap
 * index with absolute locations, gzip (OUT-010) and MIME types (OUT-011).
 */

import { fmtInt } from '../format.ts';
import { gzipBytes, verifyGzip } from '../gzip.ts';
import { MAX_BYTES, MAX_NEWS, MAX_URLS } from '../limits.ts';
import { type Entry, type Issue, makeIssue, type SitemapDocument } from '../model.ts';
import { HOW_TO, type Surface } from '../rules/surface.ts';
import { runSteps } from '../steps.ts';
import { isUrlLine, trimValue } from '../urls.ts';
import {
  type Chunk,
  type ChunkLimits,
  fileBytes,
  fileTail,
  type LayoutOptions,
  makeContext,
  newestLastmod,
  writeChunkSteps,
  writtenEntries,
} from './chunks.ts';
import { hasMetadata } from './entries.ts';
import { publishDirectory } from './exportFit.ts';
import type { BodyTap } from './sink.ts';
import { type ExportProblem, verifyExport } from './verify.ts';

/** One produced file. `bytes` are what to save; `uncompressedBytes` is the size limits apply to. */
export interface OutputFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
  entries: number;
  uncompressedBytes: number;
  /**
   * Written with `verify: false` only: the entries this file holds (the writer's plan, see
   * `writtenEntries`) and the name to report problems under, for a caller that verifies the file
   * elsewhere (the gzip export checks it in the worker, see {@link exportBlocked}).
   */
  plan?: FilePlan;
  /** A sitemap index the export generated to list the split files (OUT-008). */
  index?: true;
  /** A `.zip` bundle only: the files inside it, in order (what the Export dialog lists). */
  inside?: ZippedFile[];
}

/** A file inside a `.zip` bundle (`OutputFile.inside`). */
export type ZippedFile = Pick<OutputFile, 'name' | 'entries' | 'uncompressedBytes' | 'index'>;

/** Which entries of the document an output file holds: `[first, end)` less `skipped`. */
export interface FilePlan {
  check: string;
  first: number;
  end: number;
  skipped: number[];
}

/** Resolved settings for one family of files (xml / txt, optionally gzipped). */
export interface FileSettings {
  format: 'xml' | 'txt' | 'xml.gz' | 'txt.gz';
  pretty: boolean;
  lean: boolean;
  stripDeprecated: boolean;
  nonUrlLines: 'keep' | 'drop';
  schemaHints: boolean;
  stylesheet?: string;
  baseName: string;
  publishUrl?: string;
  limits: ChunkLimits | null;
  gzipLevel: number;
  verifyGzip: boolean;
  /** Leave `.gz` files' bytes uncompressed for the caller to gzip (SerializeOptions.deferGzip). */
  deferGzip: boolean;
  /** Read every written file back and compare it with the document (SerializeOptions.verify). */
  verify: boolean;
  /** Who reads the export's messages (SerializeOptions.surface). */
  surface: Surface;
  /**
   * Split files plus an index even when the entries fit in one file (the `zip` format says so:
   * `<base>-1.xml` and an index listing it), when there is a publish URL to list it at; else the
   * one file, with an OUT-008 note saying why there is no index. Not for an index document.
   */
  indexOne?: boolean;
}

/** Hard protocol limits (SIZE-001..003, NEWS-004). */
export const HARD_LIMITS: ChunkLimits = { maxUrls: MAX_URLS, maxBytes: MAX_BYTES, maxNews: MAX_NEWS };

function mimeOf(name: string): string {
  if (name.endsWith('.gz')) return 'application/gzip';
  return name.endsWith('.txt') ? 'text/plain;charset=utf-8' : 'application/xml';
}

function finish(
  name: string,
  raw: Uint8Array,
  entries: number,
  s: FileSettings,
  issues: Issue[],
): OutputFile {
  if (raw.length > HARD_LIMITS.maxBytes) {
    issues.push(
      makeIssue(
        'SIZE-002',
        'error',
        `${name} is ${raw.length} bytes uncompressed, over the 52,428,800-byte limit.`,
      ),
    );
  }
  if (!name.endsWith('.gz') || s.deferGzip)
    return { name, mime: mimeOf(name), bytes: raw, entries, uncompressedBytes: raw.length };
  const gz = gzipBytes(raw, { level: s.gzipLevel, filename: name.slice(0, -3) });
  if (s.verifyGzip && !verifyGzip(gz, raw)) issues.push(gzipSelfCheckIssue(name));
  return { name, mime: 'application/gzip', bytes: gz, entries, uncompressedBytes: raw.length };
}

/**
 * The GZ-003 issue for a `.gz` file whose OUT-010 self-check (decompress once, compare) failed.
 *
 * @example gzipSelfCheckIssue('sitemap.xml.gz').message // 'Compressing sitemap.xml.gz failed its self-check; do not publish it.'
 */
export function gzipSelfCheckIssue(name: string): Issue {
  return makeIssue('GZ-003', 'error', `Compressing ${name} failed its self-check; do not publish it.`);
}

/** ASCII file base name (OUT-011): other characters become `-`; empty → `sitemap`. */
export function safeBaseName(name: string | undefined): string {
  const cleaned = (name ?? '').trim().replace(/[^A-Za-z0-9._-]+/g, '-');
  return cleaned === '' || /^[.-]+$/.test(cleaned) ? 'sitemap' : cleaned;
}

/**
 * The file a publish URL names, decoded (`https://a.example/maps/sitemap_index.xml` →
 * `sitemap_index.xml`); '' when its path ends in `/`; null when it is not a URL.
 */
export function publishFileName(publishUrl: string | undefined): string | null {
  try {
    const path = new URL(publishUrl ?? '').pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return null;
  }
}

/**
 * Base name of a generated index: the file its publish URL names (`…/sitemap_index.xml` →
 * `sitemap_index`), made ASCII (OUT-011); `fallback` when the URL names no file or a name one of
 * the children already has.
 *
 * @example indexBaseName('https://a.example/maps/sitemap_index.xml', 'posts', []) // 'sitemap_index'
 */
export function indexBaseName(
  publishUrl: string | undefined,
  fallback: string,
  taken: readonly string[],
): string {
  const segment = publishFileName(publishUrl);
  if (segment === null) return fallback;
  const stem = segment.replace(/(\.(xml|txt))?(\.gz)?$/i, '');
  if (stem === '') return fallback;
  const base = safeBaseName(stem);
  return taken.some((name) => name.startsWith(`${base}.`)) ? fallback : base;
}

/**
 * HOST-004 for split files published in `dir`: how many of the entries on the same site sit
 * outside that folder (sitemaps.org ignores them there), and the fix, publishing the index at the
 * site root. Null when none do (or the folder is the root). One pass of string prefix tests.
 */
function outsideFolderIssue(entries: readonly Entry[], dir: string, indexName: string): Issue | null {
  const origin = dir.slice(0, dir.indexOf('/', dir.indexOf('//') + 2) + 1);
  if (origin === dir) return null;
  let outside = 0;
  for (const e of entries) {
    const loc = e.loc.trim();
    if (loc.startsWith(origin) && !loc.startsWith(dir)) outside++;
  }
  if (outside === 0) return null;
  const n = fmtInt(outside);
  const total = fmtInt(entries.length);
  return makeIssue(
    'HOST-004',
    'warning',
    `${n} of ${total} URLs are outside ${dir}, the folder the split files are published in: sitemaps.org ignores them there. Publish the index at the site root (${origin}${indexName}) or remove those entries.`,
  );
}

/**
 * Write `doc` as one file, or as numbered children plus a generated index when a limit is hit.
 * Problems (missing publish URL, TXT-006 data loss, removed characters) go to `issues`.
 */
export function buildFiles(doc: SitemapDocument, s: FileSettings, issues: Issue[]): OutputFile[] {
  return runSteps(buildFileSteps(doc, s, issues));
}

/**
 * {@link buildFiles}, yielding between batches of entries (see STEP_ENTRIES). `tap` sees the
 * body bytes of the entries' files (not of a generated index) while they are written.
 */
export function* buildFileSteps(
  doc: SitemapDocument,
  s: FileSettings,
  issues: Issue[],
  tap?: BodyTap,
): Generator<void, OutputFile[]> {
  const mode = s.format.startsWith('txt') ? 'txt' : 'xml';
  const gz = s.format.endsWith('.gz') ? '.gz' : '';
  const isIndex = doc.kind === 'sitemapindex' || doc.kind === 'robots';
  const layout: LayoutOptions = {
    mode,
    root: isIndex ? 'sitemapindex' : 'urlset',
    pretty: s.pretty,
    schemaHints: s.schemaHints,
    stylesheet: s.stylesheet,
    rootExtras: doc.rootExtras ?? [],
  };
  if (mode === 'txt') reportTextLoss(doc.entries, issues);
  if (doc.kind === 'text') reportNonUrlLines(doc.entries, mode, s.nonUrlLines, issues);
  if ((doc.otherEntries?.length ?? 0) > 0) {
    issues.push(
      makeIssue(
        'XML-011',
        'warning',
        `${doc.otherEntries?.length} entries of the other kind (mixed file) are not written: a file holds either <url> or <sitemap> entries.`,
      ),
    );
  }
  const { chunks, raws } = yield* writeFileSteps(doc, layout, s, issues, tap);
  const ext = `.${mode}${gz}`;
  // One file, unless the entries are split, or the caller asked for split files plus an index
  // (`indexOne`) and there is a publish URL to list them at.
  const indexOne = s.indexOne === true && !isIndex && chunks.length === 1;
  const one = chunks.length === 1 && !(indexOne && publishDirectory(s.publishUrl) !== null);
  if (one && indexOne) {
    const n = doc.entries.length;
    issues.push(
      makeIssue(
        'OUT-008',
        'info',
        `The ${n === 1 ? 'URL fits' : `${fmtInt(n)} URLs fit`} in one file, so the zip holds ${s.baseName}${ext} alone: a sitemap index needs a valid http(s) publish URL (its locations must be absolute). ${HOW_TO.publishUrl[s.surface]}`,
      ),
    );
  }
  if (s.verify) {
    for (let i = 0; i < chunks.length; i++) {
      yield;
      const name = one ? `${s.baseName}.${mode}` : `${s.baseName}-${i + 1}.${mode}`;
      // Checked against the writer's own plan: the entries this file holds.
      const part = { ...doc, entries: writtenEntries(doc.entries, chunks[i]) };
      if (exportBlocked(name, verifyExport(part, raws[i], s), issues)) return [];
    }
  }
  // Verified elsewhere: each file carries the plan to check it against.
  const planned = (f: OutputFile, i: number): OutputFile => {
    if (s.verify) return f;
    const check = one ? `${s.baseName}.${mode}` : `${s.baseName}-${i + 1}.${mode}`;
    const c = chunks[i];
    return { ...f, plan: { check, first: c.first, end: c.end, skipped: c.skipped } };
  };
  if (one) return [planned(finish(`${s.baseName}${ext}`, raws[0], chunks[0].entries, s, issues), 0)];
  const children = chunks.map((c, i) =>
    planned(finish(`${s.baseName}-${i + 1}${ext}`, raws[i], c.entries, s, issues), i),
  );
  if (isIndex) {
    issues.push(
      makeIssue(
        'SIZE-003',
        'info',
        `The index was split into ${children.length} index files; submit each of them.`,
      ),
    );
    return children;
  }
  return [...children, ...indexFiles(children, chunks, doc.entries, s, issues)];
}

/**
 * Write and encode the files. The first pass splits on entry and news counts only and measures
 * the encoded bytes; only when a file is over the byte limit is the document written again with
 * exact per-entry byte accounting (its issues replace those of the first pass).
 */
function* writeFileSteps(
  doc: SitemapDocument,
  layout: LayoutOptions,
  s: FileSettings,
  issues: Issue[],
  tap?: BodyTap,
): Generator<void, { chunks: Chunk[]; raws: Uint8Array[] }> {
  const mark = issues.length;
  const tail = new TextEncoder().encode(fileTail(layout)).length;
  function* pass(
    limits: ChunkLimits | null,
    t?: BodyTap,
  ): Generator<void, { chunks: Chunk[]; raws: Uint8Array[] }> {
    const ctx = makeContext(doc, s, issues);
    const chunks = yield* writeChunkSteps(doc.entries, layout, ctx, limits, limits !== null, t);
    return { chunks, raws: chunks.map((c, i) => fileBytes(layout, ctx, c, i === 0)) };
  }
  /** The tapped pass is final: tell the tap each file's prolog length. */
  const tapped = (w: { chunks: Chunk[]; raws: Uint8Array[] }) => {
    if (tap !== undefined)
      for (let i = 0; i < w.raws.length; i++) tap.file(i, w.raws[i].length - w.chunks[i].body.pos - tail);
    return w;
  };
  const limits = s.limits;
  if (limits === null) return tapped(yield* pass(null, tap));
  const first = yield* pass({ ...limits, maxBytes: Number.POSITIVE_INFINITY }, tap);
  if (first.raws.every((r) => r.length <= limits.maxBytes)) return tapped(first);
  tap?.restart();
  issues.length = mark;
  return yield* pass(limits);
}

/**
 * Turn the problems {@link verifyExport} found in file `name` into ENC-004 errors (the first few,
 * each naming its entry); true when there were any: the export is then blocked (no files).
 */
export function exportBlocked(name: string, problems: readonly ExportProblem[], issues: Issue[]): boolean {
  if (problems.length === 0) return false;
  for (const p of problems.slice(0, 5)) {
    const issue = makeIssue(
      'ENC-004',
      'error',
      `Export blocked: ${name} was read back and checked before download, and it does not hold the document's data. ${p.message}. Nothing was written; please report this file.`,
    );
    if (p.entry !== null) issue.entry = p.entry;
    issues.push(issue);
  }
  return true;
}

/**
 * How many lines of a text sitemap that are not URLs (TXT-001) the export leaves out: all of them
 * in XML, which holds URLs only (writeUrl), and in text when asked (`nonUrlLines: 'drop'`).
 */
function reportNonUrlLines(
  entries: readonly Entry[],
  mode: 'xml' | 'txt',
  choice: FileSettings['nonUrlLines'],
  issues: Issue[],
): void {
  if (mode === 'txt' && choice !== 'drop') return;
  let n = 0;
  for (const e of entries) if (!isUrlLine(e.loc) && trimValue(e.loc) !== '') n++;
  if (n === 0) return;
  const what = n === 1 ? '1 line that is not a URL' : `${fmtInt(n)} lines that are not URLs`;
  const why = mode === 'xml' ? ': an XML sitemap holds URLs only' : '';
  issues.push(makeIssue('TXT-001', 'info', `${what} left out${why}`));
}

function reportTextLoss(entries: readonly Entry[], issues: Issue[]): void {
  let n = 0;
  for (const e of entries) if (hasMetadata(e)) n++;
  if (n > 0) {
    issues.push(
      makeIssue(
        'TXT-006',
        'warning',
        `${n} entries carry lastmod, changefreq, priority or extension data that a text sitemap cannot hold; it is dropped.`,
      ),
    );
  }
}

function indexFiles(
  children: OutputFile[],
  chunks: Chunk[],
  entries: readonly Entry[],
  s: FileSettings,
  issues: Issue[],
): OutputFile[] {
  const dir = publishDirectory(s.publishUrl);
  if (dir === null) {
    issues.push(
      makeIssue(
        'OUT-008',
        s.format.startsWith('txt') ? 'warning' : 'error',
        `The sitemap was split into ${children.length} files, but no valid http(s) publish URL was given, so no sitemap index was written (its locations must be absolute). ${HOW_TO.publishUrl[s.surface]}`,
      ),
    );
    return [];
  }
  const refs: Entry[] = children.map(
    (f, i): Entry => ({
      id: i,
      loc: dir + f.name,
      lastmod: newestLastmod(entries, chunks[i].first, chunks[i].end),
    }),
  );
  const indexDoc: SitemapDocument = { kind: 'sitemapindex', entries: refs, nextId: refs.length };
  const baseName = indexBaseName(
    s.publishUrl,
    s.baseName,
    children.map((f) => f.name),
  );
  const indexSettings: FileSettings = {
    ...s,
    baseName,
    format: s.format.endsWith('.gz') ? 'xml.gz' : 'xml',
    stylesheet: undefined,
    limits: { ...HARD_LIMITS, maxNews: Number.POSITIVE_INFINITY },
    // A plan names entries of the document it was written from: the generated index (one short
    // entry per child) is read back here even when the caller checks the children elsewhere.
    verify: true,
  };
  const files = buildFiles(indexDoc, indexSettings, issues).map((f): OutputFile => ({ ...f, index: true }));
  const outside = outsideFolderIssue(entries, dir, files[0]?.name.replace(/-1\./, '.') ?? '');
  if (outside !== null) issues.push(outside);
  if (files.length > 1) {
    return files.map((f, i) => ({
      ...f,
      name: f.name.replace(`${baseName}-${i + 1}.`, `${baseName}-index-${i + 1}.`),
    }));
  }
  return files;
}
