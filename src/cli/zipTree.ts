/**
 * A .zip of sitemaps for `check` and `convert`, read as the app reads one (core
 * `workspace/zipInput.ts`: the same caps on inflated bytes and member count, sizes counted from
 * what inflating produces). Its members are written into a private temporary folder under names
 * made safe (core `safeExportName`: data, never a path out of that folder), so `check` reads
 * them as it reads a folder: one at a time, streamed, an index followed to its children next to
 * it, and the cross-file checks over all of them. Shown as `site.zip/page-sitemap.xml`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isCsvName } from '../core/crawl/format.ts';
import { holdsZip } from '../core/parse/gzip.ts';
import { safeExportName } from '../core/workspace/exportPlan.ts';
import { readZipFiles } from '../core/workspace/zipInput.ts';

/** One member on disk: where it is, and how it is shown (`<zip>/<member>`). */
export interface ZipMember {
  path: string;
  name: string;
  /** The member's name in the archive, made safe. */
  member: string;
}

/** A zip's members on disk (in a folder of their own, removed by `dispose`), and what was left out. */
export interface ZipTree {
  members: ZipMember[];
  /** Members left out, with the reason (system files, CSV, caps). */
  skipped: Array<{ name: string; reason: string }>;
  dispose(): void;
}

/** Bytes of a file's start looked at: enough to inflate a gzip's start as far as what it holds. */
const HEAD_BYTES = 64 * 1024;

/**
 * True when the file at `p` is a ZIP archive, or a gzip file holding one (`sitemaps.zip.gz`,
 * core `holdsZip`: by the bytes, not the name); false when unreadable.
 */
export async function isZipFile(p: string): Promise<boolean> {
  try {
    const fh = await open(p, 'r');
    try {
      const head = new Uint8Array(HEAD_BYTES);
      const { bytesRead } = await fh.read(head, 0, HEAD_BYTES, 0);
      return holdsZip(head.subarray(0, bytesRead));
    } finally {
      await fh.close();
    }
  } catch {
    return false;
  }
}

/** `name` with `-2`, `-3`, … before its extension until it is not in `used`. */
function unique(name: string, used: Set<string>): string {
  let out = name;
  const dot = name.search(/(\.(xml|txt|rss|atom))?(\.gz)?$/i);
  for (let k = 2; used.has(out.toLowerCase()); k++) out = `${name.slice(0, dot)}-${k}${name.slice(dot)}`;
  used.add(out.toLowerCase());
  return out;
}

/**
 * Extract the zip at `file` (shown as `file`) into a temporary folder; throws an Error whose
 * message says why when it is not a readable archive.
 */
export async function readZipTree(file: string, shown = file): Promise<ZipTree> {
  const z = readZipFiles(new Uint8Array(await readFile(file)));
  if (z.error !== undefined) throw new Error(z.error);
  const skipped = [...z.skipped];
  const dir = mkdtempSync(path.join(tmpdir(), 'smw-zip-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    const used = new Set<string>();
    const members: ZipMember[] = [];
    for (const f of z.files) {
      // As in the app: a CSV member is crawl data, never a sitemap.
      if (isCsvName(f.name)) {
        skipped.push({ name: f.name, reason: 'a CSV is crawl data, not a sitemap (use --crawl)' });
        continue;
      }
      const member = unique(safeExportName(f.name), used);
      const p = path.join(dir, ...member.split('/'));
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, f.bytes);
      members.push({ path: p, name: `${shown}/${member}`, member });
    }
    return { members, skipped, dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}
