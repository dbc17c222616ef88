/** `convert`: parse a file and write it in the canonical form (xml, txt, gz, zip). */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { lstat, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fmtInt } from '../core/format.ts';
import { gzipBytes } from '../core/gzip.ts';
import { KeepFormatUnavailable, keepFormat } from '../core/keep/keepFormat.ts';
import { keepSourceOf } from '../core/keep/source.ts';
import { HEADROOM } from '../core/limits.ts';
import { holdsZip } from '../core/parse/gzip.ts';
import { parseSitemap, refusal } from '../core/parse.ts';
import { exportChanges, keptChanges } from '../core/serialize/exportChanges.ts';
import { formatRefusal } from '../core/serialize/exportFit.ts';
import { type OutputFile, type SerializeOptions, serializeFiles } from '../core/serialize.ts';
import type { ConvertArgs } from './args.ts';
import { type CliIo, readInput } from './check.ts';
import { readZipTree } from './zipTree.ts';

const OUT_EXT = /(\.(xml|txt|zip))?(\.gz)?$/i;
/** A sitemap file's extensions: what an output named after its input leaves off. */
const IN_EXT = /(\.(xml|txt|rss|atom))?(\.gz)?$/i;

/** The input's name without its folder and extensions: `news` for `in/news.xml.gz`. */
function inputStem(file: string): string {
  return path.basename(file).replace(IN_EXT, '') || 'sitemap';
}

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Without --force, a file `targets` names that exists already stops the conversion before
 * anything is written (exit 2): true, and stderr names it.
 */
async function wouldOverwrite(targets: readonly string[], args: ConvertArgs, io: CliIo): Promise<boolean> {
  if (args.force) return false;
  const taken: string[] = [];
  for (const t of targets) if (await exists(t)) taken.push(t);
  if (taken.length === 0) return false;
  const more = taken.length > 1 ? ` (and ${taken.length - 1} more of the files to write)` : '';
  io.err(
    `sitemap-workbench: ${args.file}: ${taken[0]} exists${more}; nothing written. Use --force to write over it.\n`,
  );
  return true;
}

function formatFor(to: ConvertArgs['to'], inputKind: string): NonNullable<SerializeOptions['format']> {
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

/** `message` ending in a full stop (core messages may end without one). */
function sentence(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
}

/** "wrote out.xml (1,200 entries, 45,678 bytes)" */
function wrote(target: string, entries: number, bytes: number, extra = ''): string {
  return `wrote ${target} (${fmtInt(entries)} entries, ${fmtInt(bytes)} bytes${extra})\n`;
}

/** A zip of several sitemaps, extracted (see zipTree.ts): each member is converted on its own. */
interface ManyInput {
  tree: Awaited<ReturnType<typeof readZipTree>>;
}

/**
 * The input's bytes, and the name findings are shown under: the file itself, or the one sitemap
 * in a .zip (or a .zip inside a gzip; read as the app reads one, see zipTree.ts), or a zip of
 * several when `-o` is a folder. Null when it cannot be read (stderr says why; a zip of several
 * without `-o DIR/` says exactly what to run).
 */
async function inputBytes(
  args: ConvertArgs,
  io: CliIo,
  outIsDir: boolean,
): Promise<{ bytes: Uint8Array; name: string } | ManyInput | null> {
  const bytes = await readInput(args.path ?? args.file, io);
  if (bytes === null || !holdsZip(bytes)) return bytes && { bytes, name: args.file };
  let tree: Awaited<ReturnType<typeof readZipTree>>;
  try {
    tree = await readZipTree(args.path ?? args.file);
  } catch (e) {
    io.err(
      `sitemap-workbench: ${args.file}: could not read: ${sentence((e as Error).message)} Nothing written.\n`,
    );
    return null;
  }
  const [one, ...more] = tree.members;
  if (more.length > 0 && outIsDir) return { tree };
  try {
    if (one !== undefined && more.length === 0)
      return { bytes: new Uint8Array(await readFile(one.path)), name: one.name };
    const listed = tree.members.slice(0, 3).map((m) => m.member);
    if (one === undefined) {
      io.err(`sitemap-workbench: ${args.file}: this zip holds no sitemap. Nothing written.\n`);
      return null;
    }
    const stem = path.basename(args.file).replace(/(\.zip)?(\.gz)?$/i, '') || 'sitemaps';
    io.err(
      `sitemap-workbench: ${args.file}: this zip holds ${fmtInt(tree.members.length)} files (${listed.join(', ')}${tree.members.length > 3 ? ', …' : ''}); each one is converted into a folder, under its own name: run "convert ${args.file} --to ${args.to} -o ${stem}-${args.to}/". Nothing written.\n`,
    );
    return null;
  } finally {
    tree.dispose();
  }
}

/**
 * `convert` of a zip of several sitemaps into the folder `-o DIR/`: each member converted as
 * `convert` converts a file, under its own name made safe (zipTree.ts), keeping its folders
 * (`fr/sitemap.xml` → `DIR/fr/sitemap.xml.gz`). Written into a private folder first, so a file
 * that exists in DIR stops it before anything is written (unless --force). A member that cannot
 * be converted (an index as text, OUT-009) is named and left out; the exit code is the worst.
 * An index's child locs are not renamed: convert edits nothing (the app's workspace export does).
 */
async function convertMembers(args: ConvertArgs, tree: ManyInput['tree'], io: CliIo): Promise<number> {
  const dir = args.out as string;
  const staging = mkdtempSync(path.join(tmpdir(), 'smw-convert-'));
  try {
    // Messages name where the files go, not the private folder; held until the files are there.
    const said: string[] = [];
    const shown: CliIo = {
      ...io,
      err: (t) => void said.push(t.split(`${staging}${path.sep}`).join(path.join(dir, '/'))),
    };
    let code = 0;
    let converted = 0;
    for (const m of tree.members) {
      const folder = path.join(staging, path.dirname(m.member));
      const bytes = new Uint8Array(await readFile(m.path));
      const r = await convertOne(
        { ...args, file: m.name, out: `${folder}${path.sep}` },
        { bytes, name: m.name },
        shown,
        true,
      );
      if (r < 2) converted++;
      code = Math.max(code, r);
    }
    const staged = listFiles(staging);
    const taken = await wouldOverwrite(
      staged.map((f) => path.join(dir, f)),
      args,
      { ...io, err: (t) => void said.push(t) },
    );
    for (const t of said) if (!taken || !t.startsWith('wrote ')) io.err(t);
    if (taken) return 2;
    for (const f of staged) {
      await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
      await writeFile(path.join(dir, f), await readFile(path.join(staging, f)));
    }
    io.err(
      `converted ${fmtInt(converted)} of the ${fmtInt(tree.members.length)} sitemaps in ${args.file} into ${dir}\n`,
    );
    return code;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    tree.dispose();
  }
}

/** Files under `root`, as paths relative to it. */
function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/**
 * Why the files cannot go where the output points (a split into several files needs a folder:
 * `-o DIR/`, or the current folder for gz and zip without -o), or null when they can.
 */
function splitNeedsFolder(files: readonly OutputFile[], args: ConvertArgs, outIsDir: boolean): string | null {
  if (files.length < 2 || outIsDir) return null;
  if (args.out === undefined && args.to !== 'xml' && args.to !== 'txt') return null;
  const where =
    args.out === undefined ? `${args.to === 'txt' ? 'text' : 'XML'} to stdout` : `one file (-o ${args.out})`;
  return `the output is split into ${fmtInt(files.length)} files, which cannot go to ${where}. Pass a folder: -o DIR/ (a path ending in /, or an existing folder).`;
}

/** SIZE-005 on files convert was told to make this full (--split above 45,000): check will warn. */
function headroomNotes(files: readonly OutputFile[], args: ConvertArgs, io: CliIo): void {
  for (const f of files) {
    if (f.entries <= HEADROOM.maxUrls && f.uncompressedBytes <= HEADROOM.maxBytes) continue;
    const size =
      f.entries > HEADROOM.maxUrls
        ? `${fmtInt(f.entries)} entries, more than ${fmtInt(HEADROOM.maxUrls)}`
        : `${fmtInt(f.uncompressedBytes)} bytes, more than ${fmtInt(HEADROOM.maxBytes)}`;
    io.err(
      `${args.file}  warning  SIZE-005  ${f.name} holds ${size}: check warns that it is close to the limit. Without --split (or with --split ${fmtInt(HEADROOM.maxUrls)} or less) convert splits where it does not.\n`,
    );
  }
}

/** Run `convert`; returns the exit code. */
export async function runConvert(args: ConvertArgs, io: CliIo): Promise<number> {
  const outIsDir = args.out !== undefined && (args.out.endsWith('/') || (await isDirectory(args.out)));
  const input = await inputBytes(args, io, outIsDir);
  if (input === null) return 2;
  if ('tree' in input) return convertMembers(args, input.tree, io);
  return convertOne(args, input, io, outIsDir);
}

/** Convert one sitemap's `input` as `args` say (`args.file`: the name it is shown under). */
async function convertOne(
  args: ConvertArgs,
  input: { bytes: Uint8Array; name: string },
  io: CliIo,
  outIsDir: boolean,
): Promise<number> {
  const { bytes } = input;
  const parsed = parseSitemap(bytes, { fileName: input.name });
  const refused = refusal(parsed);
  if (refused) {
    // Not read at all (README: exit 2, unreadable input), which is not a well-formedness problem.
    io.err(
      `sitemap-workbench: ${args.file}: could not read: ${sentence(refused.message)} Nothing written.\n`,
    );
    return 2;
  }
  if (parsed.fatal) {
    io.err(
      `sitemap-workbench: ${args.file}:${parsed.fatal.line}:${parsed.fatal.column}: not well-formed (${parsed.fatal.message}); nothing written.\n`,
    );
    return 1;
  }
  const format = formatFor(args.to, parsed.kind);
  // A format that cannot hold the document (an index as text): the exporter's own rule.
  const unfit = formatRefusal(parsed.document.kind, format);
  if (unfit) {
    io.err(`sitemap-workbench: ${args.file}: ${unfit.rule}: ${unfit.reason} Nothing written.\n`);
    return 2;
  }
  if (args.keepFormat) return keepConverted(args, bytes, parsed, io, outIsDir);
  // A zip is named .zip: -o NAME without an extension gets it (and stderr says so).
  let out = args.out;
  let added = '';
  if (args.to === 'zip' && out !== undefined && !outIsDir && !path.basename(out).includes('.')) {
    // Not a device or a pipe (/dev/stdout): those are written as named.
    if (!(await exists(out)) || (await stat(out)).isFile()) {
      out = `${out}.zip`;
      added = ', .zip added';
    }
  }
  // Named after -o's file, else after the input (into -o's folder or the current one).
  const baseName =
    out !== undefined && !outIsDir
      ? path.basename(out).replace(OUT_EXT, '') || 'sitemap'
      : inputStem(args.file);
  const { files, issues } = serializeFiles(parsed.document, {
    format,
    baseName,
    publishUrl: args.base,
    surface: 'cli',
    ...(args.split !== undefined ? { split: { maxUrls: args.split } } : {}),
  });
  // A split needs a folder: never a folder made of -o FILE, nor files poured out instead of stdout.
  const noFolder = splitNeedsFolder(files, args, outIsDir);
  if (noFolder) {
    io.err(`sitemap-workbench: ${args.file}: ${noFolder} Nothing written.\n`);
    return 2;
  }
  // Split XML without --base gets no index (its locations must be absolute): a missing argument
  // (README: exit 2), so nothing is written rather than children that no index lists.
  const noIndex = issues.find((i) => i.rule === 'OUT-008' && i.severity === 'error');
  if (noIndex) {
    io.err(`sitemap-workbench: ${args.file}: ${noIndex.rule}: ${noIndex.message} Nothing written.\n`);
    return 2;
  }
  for (const i of issues) io.err(`${args.file}  ${i.severity}  ${i.rule}  ${i.message}\n`);
  headroomNotes(files, args, io);
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
  else if (files.length === 1 && out !== undefined && !outIsDir) {
    if (await wouldOverwrite([out], args, io)) return 2;
    await writeFile(out, files[0].bytes);
    io.err(wrote(out, files[0].entries, files[0].bytes.length, added));
  } else {
    // A folder: -o DIR/ (or one that exists), else the current one (gz, zip; see splitNeedsFolder).
    const dir = out ?? '.';
    if (
      await wouldOverwrite(
        files.map((f) => path.join(dir, f.name)),
        args,
        io,
      )
    )
      return 2;
    await mkdir(dir, { recursive: true });
    for (const f of files) {
      await writeFile(path.join(dir, f.name), f.bytes);
      io.err(wrote(path.join(dir, f.name), f.entries, f.bytes.length));
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
  outIsDir: boolean,
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
    // What keeping the formatting still changes (what the spec forbids before the root, left
    // out; an unescaped & written as &amp;).
    for (const c of [...kept.dropped, ...keptChanges(kept.escaped)])
      io.err(`${args.file}  changed  ${c.rule}  ${c.text}\n`);
  } catch (e) {
    if (!(e instanceof KeepFormatUnavailable)) throw e;
    io.err(`sitemap-workbench: --keep-format: ${e.message}.\n`);
    return 2;
  }
  if (args.out === undefined && args.to !== 'gz')
    io.out(new TextDecoder('utf-8', { ignoreBOM: true }).decode(out));
  else {
    // -o FILE, else the input's name (with its own extension) in -o's folder or the current one.
    const name = `${inputStem(args.file)}.${own}${args.to === 'gz' ? '.gz' : ''}`;
    const target = args.out === undefined ? name : outIsDir ? path.join(args.out, name) : args.out;
    if (await wouldOverwrite([target], args, io)) return 2;
    if (outIsDir) await mkdir(args.out!, { recursive: true });
    await writeFile(target, out);
    io.err(wrote(target, parsed.document.entries.length, out.length, ', formatting kept'));
  }
  return 0;
}
