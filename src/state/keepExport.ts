/**
 * Export that keeps the file's own formatting, and the diff either export makes to that file.
 * The rewrite runs on the page: it is mostly copying byte spans (the changed entries come from
 * the patch path: an entry still identical to its parsed object is untouched); its verification
 * (reading the output back), gzip and the Normalize diff go to the worker.
 */

import { keptFileName } from '../core/fileStem.ts';
import { gzipBytes } from '../core/gzip.ts';
import { diffOfOps, type ExportDiff, exportDiff } from '../core/keep/diff.ts';
import { KeepFormatUnavailable, keepFormat, keptProblem } from '../core/keep/keepFormat.ts';
import { keepBlocker as coreKeepBlocker, keptFormat } from '../core/keep/keptFormat.ts';
import { type KeepSource, prepared } from '../core/keep/source.ts';
import { readRows } from '../core/lazyEntries.ts';
import type { SitemapDocument } from '../core/model.ts';
import { textDrops } from '../core/serialize/entries.ts';
import type { SitemapClient } from '../workers/client.ts';
import type { OutputFile } from '../workers/coreTypes.ts';
import type { ExportOptions, ExportResult } from './types.ts';

/** Re-exported for ioCommands, which loads this module on first export. */
export { KeepFormatUnavailable, textDrops };

const utf8 = new TextDecoder();
const show = (b: Uint8Array) => utf8.decode(b);

/** Why this export cannot keep the formatting, or null when it can try (core `keepBlocker`). */
export function keepBlocker(src: KeepSource | null, options: ExportOptions): string | null {
  return coreKeepBlocker(src?.kind ?? null, options.format);
}

/**
 * The keep-format export of `doc` over `src` as one output file with its diff; throws
 * KeepFormatUnavailable when the edits cannot be written in place (the caller normalizes).
 */
export async function exportKept(
  doc: SitemapDocument,
  src: KeepSource,
  options: ExportOptions,
  worker: SitemapClient,
  signal?: AbortSignal,
  openedName: string | null = null,
): Promise<ExportResult> {
  const format = keptFormat(src.kind, options.format);
  if (!format) throw new KeepFormatUnavailable(keepBlocker(src, options) ?? '');
  // The rewrite is byte copying (cheap); reading the whole output back to verify it is not, so
  // the worker does that when it can and the page only receives the verdict.
  let out = keepFormat(doc, src, { verify: !worker.verify });
  if (worker.verify && out.ops.length > 0) {
    let problem = keptProblem(await worker.verify(doc, out.body.slice(), signal));
    if (problem && src.kind !== 'text') {
      // Changed values re-written in place did not read back: those entries written whole.
      out = keepFormat(doc, src, { verify: false, partial: false });
      problem = keptProblem(await worker.verify(doc, out.body.slice(), signal));
    }
    if (problem) throw problem;
  }
  const diff = diffOfOps(out.source, out.ops, out.edited + out.added + out.removed, show);
  const kept = {
    diff,
    kept: true,
    ...(out.whole > 0 ? { wholeEntries: out.whole } : {}),
    ...(out.dropped.length > 0 ? { changes: out.dropped } : {}),
    ...(out.escaped > 0 ? { escaped: out.escaped } : {}),
  };
  const name = keptFileName(openedName, options.baseName?.trim() || 'sitemap', format);
  const gz = format.endsWith('.gz');
  const mime = gz ? 'application/gzip' : format === 'txt' ? 'text/plain;charset=utf-8' : 'application/xml';
  const file: OutputFile = {
    name,
    mime,
    bytes: out.body,
    entries: doc.entries.length,
    uncompressedBytes: out.body.length,
  };
  if (!gz) return { files: [file], issues: [], ...kept };
  // An untouched .gz comes back as the very bytes it was opened from.
  if (out.identical && src.gzip) return { files: [{ ...file, bytes: src.file }], issues: [], ...kept };
  const raw = out.identical ? out.body.slice() : out.body;
  if (worker.compress) {
    const r = await worker.compress([{ ...file, bytes: raw }], options, undefined, signal);
    return { ...r, ...kept };
  }
  return {
    files: [{ ...file, bytes: gzipBytes(raw, { filename: name.slice(0, -3) }) }],
    issues: [],
    ...kept,
  };
}

/**
 * The diff a normalized export makes to the file the document came from (one output file of
 * the source's own kind); undefined otherwise. Compares line by line (core `exportDiff`), in the
 * worker when it offers `diff` (the page only copies the bytes), else here.
 */
export async function normalizedDiff(
  doc: SitemapDocument,
  src: KeepSource | null,
  result: ExportResult,
  options: ExportOptions,
  worker?: SitemapClient,
  signal?: AbortSignal,
): Promise<ExportDiff | undefined> {
  if (!src || result.files.length !== 1 || !keptFormat(src.kind, options.format)) return undefined;
  const p = prepared(src);
  if (!p) return undefined;
  const file = result.files[0];
  const gzipped = file.name.endsWith('.gz');
  const lines: number[] = [];
  // Rows read and dropped, ids from the columns: a received document's stay unmade (core/lazyEntries.ts).
  const srcRows = readRows(src.entries);
  for (let i = 0; i < src.entries.length; i++) {
    const line = srcRows.peek(i).line;
    if (line !== undefined) lines.push(line);
  }
  let added = 0;
  const rows = readRows(doc.entries);
  for (let i = 0; i < doc.entries.length; i++) if (rows.id(i) >= src.entries.length) added++;
  const diff = worker?.diff
    ? await worker.diff(p.body.slice(), file.bytes.slice(), gzipped, lines, added, signal)
    : exportDiff(p.body, file.bytes, gzipped, lines, added);
  return diff ?? undefined;
}
