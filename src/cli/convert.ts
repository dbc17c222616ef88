/** `convert`: parse a file and write it in the canonical form (xml, txt, gz, zip). */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipBytes } from '../core/gzip.ts';
import { KeepFormatUnavailable, keepFormat } from '../core/keep/keepFormat.ts';
import { keepSourceOf } from '../core/keep/source.ts';
import { parseSitemap, refusal } from '../core/parse.ts';
import { exportChanges, keptChanges } from '../core/serialize/exportChanges.ts';
import { type SerializeOptions, serializeFiles } from '../core/serialize.ts';
import type { ConvertArgs } from './args.ts';
import { type CliIo, readInput } from './check.ts';

const OUT_EXT = /(\.(xml|txt|zip))?(\.gz)?$/i;

function formatFor(to: ConvertArgs['to'], inputKind: string): SerializeOptions['format'] {
  if (to === 'gz') return inputKind === 'text' ? 'txt.gz' : 'xml.gz';
  return to;
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/** Run `convert`; returns the exit code. */
export async function runConvert(args: ConvertArgs, io: CliIo): Promise<number> {
  const bytes = await readInput(args.file, io);
  if (bytes === null) return 2;
  const parsed = parseSitemap(bytes, { fileName: args.file });
  const refused = refusal(parsed);
  if (refused) {
    // Not read at all (README: exit 2, unreadable input), which is not a well-formedness problem.
    io.err(`sitemap-workbench: ${args.file}: could not read: ${refused.message} Nothing written.\n`);
    return 2;
  }
  if (parsed.fatal) {
    io.err(
      `sitemap-workbench: ${args.file}:${parsed.fatal.line}:${parsed.fatal.column}: not well-formed (${parsed.fatal.message}); nothing written.\n`,
    );
    return 1;
  }
  if (args.keepFormat) return keepConverted(args, bytes, parsed, io);
  const outIsDir = args.out !== undefined && (args.out.endsWith('/') || (await isDirectory(args.out)));
  const baseName =
    args.out !== undefined && !outIsDir
      ? path.basename(args.out).replace(OUT_EXT, '') || 'sitemap'
      : 'sitemap';
  const format = formatFor(args.to, parsed.kind);
  const { files, issues } = serializeFiles(parsed.document, {
    format,
    baseName,
    publishUrl: args.base,
    surface: 'cli',
    ...(args.split !== undefined ? { split: { maxUrls: args.split } } : {}),
  });
  // Split XML without --base gets no index (its locations must be absolute): a missing argument
  // (README: exit 2), so nothing is written rather than children that no index lists.
  const noIndex = issues.find((i) => i.rule === 'OUT-008' && i.severity === 'error');
  if (noIndex) {
    io.err(`sitemap-workbench: ${args.file}: ${noIndex.rule}: ${noIndex.message} Nothing written.\n`);
    return 2;
  }
  for (const i of issues) io.err(`${args.file}  ${i.severity}  ${i.rule}  ${i.message}\n`);
  // What the conversion rewrites, counted per OUT rule (the Export dialog's list). The lines that
  // are not URLs and the metadata text leaves out are already said by TXT-001 / TXT-006 above.
  for (const c of exportChanges(parsed.document, parsed.issues, { format }))
    if (c.id !== 'non-url' && c.id !== 'metadata') io.err(`${args.file}  changed  ${c.rule}  ${c.text}\n`);
  if (files.length === 0) {
    // The export failed its read-back check (verifyExport) or produced nothing: write nothing.
    io.err(`sitemap-workbench: ${args.file}: nothing written.\n`);
    return 1;
  }
  const textual = files.length === 1 && (args.to === 'xml' || args.to === 'txt');
  if (args.out === undefined && textual) io.out(new TextDecoder().decode(files[0].bytes));
  else if (files.length === 1 && args.out !== undefined && !outIsDir) {
    await writeFile(args.out, files[0].bytes);
    io.err(`wrote ${args.out} (${files[0].entries} entries, ${files[0].bytes.length} bytes)\n`);
  } else {
    const dir = args.out ?? '.';
    await mkdir(dir, { recursive: true });
    for (const f of files) {
      await writeFile(path.join(dir, f.name), f.bytes);
      io.err(`wrote ${path.join(dir, f.name)} (${f.entries} entries, ${f.bytes.length} bytes)\n`);
    }
  }
  return issues.some((i) => i.severity === 'error') ? 1 : 0;
}

/**
 * `convert --keep-format`: the input re-written over its own bytes (convert edits nothing, so
 * this is the input itself; a .gz stays the same compressed bytes). Exit 2 when the target is
 * not the input's own format or the input has no formatting to keep (a feed, robots.txt).
 */
async function keepConverted(
  args: ConvertArgs,
  bytes: Uint8Array,
  parsed: ReturnType<typeof parseSitemap>,
  io: CliIo,
): Promise<number> {
  const src = keepSourceOf(bytes, parsed);
  const own = src === null ? null : src.kind === 'text' ? 'txt' : 'xml';
  if (!src || (args.to !== 'gz' && args.to !== own)) {
    const what = src
      ? own === 'txt'
        ? 'a text sitemap'
        : 'an XML sitemap'
      : `${/^[aeiou]/.test(parsed.kind) ? 'an' : 'a'} ${parsed.kind} document`;
    io.err(
      `sitemap-workbench: --keep-format: ${args.file} is ${what}; it cannot keep its formatting as ${args.to}.\n`,
    );
    return 2;
  }
  let out: Uint8Array;
  try {
    const kept = keepFormat(parsed.document, src);
    out = args.to === 'gz' ? (src.gzip && kept.identical ? src.file : gzipBytes(kept.body)) : kept.body;
    // What keeping the formatting still changes (an unescaped & written as &amp;).
    for (const c of keptChanges(kept.escaped)) io.err(`${args.file}  changed  ${c.rule}  ${c.text}\n`);
  } catch (e) {
    if (!(e instanceof KeepFormatUnavailable)) throw e;
    io.err(`sitemap-workbench: --keep-format: ${e.message}.\n`);
    return 2;
  }
  if (args.out === undefined && args.to !== 'gz')
    io.out(new TextDecoder('utf-8', { ignoreBOM: true }).decode(out));
  else {
    const target = args.out ?? `sitemap.${own}${args.to === 'gz' ? '.gz' : ''}`;
    await writeFile(target, out);
    io.err(
      `wrote ${target} (${parsed.document.entries.length} entries, ${out.length} bytes, formatting kept)\n`,
    );
  }
  return 0;
}
