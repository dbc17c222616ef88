/** `convert`: parse a file and write it in the canonical form (xml, txt, gz, zip). */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSitemap } from '../core/parse.ts';
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
  if (parsed.fatal) {
    io.err(
      `sitemap-workbench: ${args.file}:${parsed.fatal.line}:${parsed.fatal.column}: not well-formed (${parsed.fatal.message}); nothing written.\n`,
    );
    return 1;
  }
  const outIsDir = args.out !== undefined && (args.out.endsWith('/') || (await isDirectory(args.out)));
  const baseName =
    args.out !== undefined && !outIsDir
      ? path.basename(args.out).replace(OUT_EXT, '') || 'sitemap'
      : 'sitemap';
  const { files, issues } = serializeFiles(parsed.document, {
    format: formatFor(args.to, parsed.kind),
    baseName,
    publishUrl: args.base,
    ...(args.split !== undefined ? { split: { maxUrls: args.split } } : {}),
  });
  for (const i of issues) io.err(`${args.file}  ${i.severity}  ${i.rule}  ${i.message}\n`);
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
