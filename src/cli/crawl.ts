/**
 * `check --crawl FILE`: read a crawl export once and validate each sitemap with the crawl joined,
 * so the CRAWL-001…008 findings come out with the same ids (and count as errors the same way) as
 * in the browser.
 */

import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { addFolderFile, type FolderIndex, fileForUrl, folderIndex } from '../core/crawl/folders.ts';
import { CrawlJoin } from '../core/crawl/join.ts';
import { crawlNotes } from '../core/crawl/notes.ts';
import { crawlInflateRefusal, MAX_CRAWL_INFLATED } from '../core/crawl/read.ts';
import { CrawlReader, readCrawl } from '../core/crawl/reader.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import { crawlFromZip, noCrawlNote, zipCrawlNote } from '../core/crawl/zipCrawl.ts';
import { isGzip } from '../core/magic.ts';
import type { Issue, SitemapDocument } from '../core/model.ts';
import { missingIssue } from '../core/rules/crawl.ts';
import { Validator } from '../core/validate.ts';
import { readZipFiles } from '../core/workspace/zipInput.ts';
import { type CliIo, readInput } from './check.ts';
import { type FileReport, type JsonIssue, LISTED_URLS } from './report.ts';

/** Bytes read from the crawl file at a time (the whole file is never in memory). */
const CHUNK = 8 << 20;

/** A gzipped crawl export inflated past the limit (`crawlInflateRefusal` says so). */
class OverLimit extends Error {}

/**
 * A gzipped crawl export through zlib's streaming gunzip into the reader, the inflated bytes
 * counted per chunk against `max` (null: not crawl data). Throws OverLimit past it.
 */
async function streamGzipCrawl(file: string, max: number): Promise<CrawlTable | null> {
  const source = createReadStream(file, { highWaterMark: CHUNK });
  const gunzip = createGunzip({ chunkSize: 1 << 20 });
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  const reader = new CrawlReader({ fileName: file });
  let total = 0;
  try {
    for await (const chunk of gunzip) {
      total += (chunk as Buffer).length;
      if (total > max) throw new OverLimit();
      if (!reader.push(new Uint8Array(chunk as Buffer))) return null;
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  return reader.end();
}

/** True when the file starts as a gzip stream does. */
async function isGzipFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const b = new Uint8Array(2);
    await handle.read(b, 0, 2);
    return isGzip(b);
  } finally {
    await handle.close();
  }
}

/** The crawl file read in chunks through the reader (null: not crawl data). Throws when unreadable. */
async function streamCrawl(file: string, max: number): Promise<CrawlTable | null> {
  if (await isGzipFile(file)) return streamGzipCrawl(file, max);
  const handle = await open(file, 'r');
  try {
    const reader = new CrawlReader({ fileName: file });
    for (;;) {
      // A fresh buffer each time: the reader may keep the first chunks until it has the header.
      const chunk = new Uint8Array(CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK);
      if (bytesRead === 0) break;
      if (!reader.push(chunk.subarray(0, bytesRead))) return null;
    }
    return reader.end();
  } finally {
    await handle.close();
  }
}

/** True when the file starts as a ZIP archive does (`PK\x03\x04`). */
async function isZipFile(file: string): Promise<boolean> {
  try {
    const handle = await open(file, 'r');
    try {
      const b = new Uint8Array(4);
      await handle.read(b, 0, 4);
      return b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

/**
 * A zip of CSV exports (Search Console's): the member that is crawl data, read as in the
 * browser (core/crawl/zipCrawl.ts), with a line on stderr saying which members were used.
 */
async function zipCrawl(file: string, io: CliIo): Promise<CrawlTable | null> {
  const { files, skipped, error } = readZipFiles(new Uint8Array(await readFile(file)));
  if (error !== undefined) {
    io.err(`sitemap-workbench: ${file}: ${error}\n`);
    return null;
  }
  const r = crawlFromZip(file, files);
  if (r.crawl === null) {
    io.err(`sitemap-workbench: ${noCrawlNote(file, r, skipped)}\n`);
    return null;
  }
  io.err(`sitemap-workbench: ${zipCrawlNote(file, r)}\n`);
  return readCrawl(r.crawl.bytes, r.crawl.name);
}

/**
 * Read and parse the crawl file; null (after a message on stderr) when it cannot be used. `shown`:
 * the name to show instead of its path (`stdin`).
 */
export async function loadCrawl(file: string, io: CliIo, shown?: string): Promise<CrawlTable | null> {
  const table = await loadCrawlAt(file, io);
  if (table && shown !== undefined) table.fileName = shown;
  // What the reader noticed (an unclosed quote, where) and rows repeating a URL: the audit goes on.
  if (table) for (const note of crawlNotes(table)) io.err(`sitemap-workbench: ${note}.\n`);
  return table;
}

async function loadCrawlAt(file: string, io: CliIo): Promise<CrawlTable | null> {
  let table: CrawlTable | null;
  if (await isZipFile(file)) return zipCrawl(file, io);
  try {
    table = await streamCrawl(file, io.crawlMax ?? MAX_CRAWL_INFLATED);
  } catch (e) {
    if (e instanceof OverLimit) {
      io.err(`sitemap-workbench: ${crawlInflateRefusal(file, io.crawlMax)}.\n`);
      return null;
    }
    // Unreadable: readInput says why, as for any other input (or reads it after all).
    const bytes = await readInput(file, io);
    if (bytes === null) return null;
    table = readCrawl(bytes, file);
  }
  if (table === null) {
    io.err(
      `sitemap-workbench: ${file} is not recognised as crawl data (it needs a URL column and a status, indexability, canonical, redirect, last-crawled or page-indexing reason column; a URL list with lastmod is a sitemap, not a crawl).\n`,
    );
    return null;
  }
  return table;
}

/** CRAWL-006 of `count` missing pages, worded for the command line (there is no button to name). */
function missingJson(join: CrawlJoin, rows: readonly number[]): Issue & Pick<JsonIssue, 'urls' | 'urlCount'> {
  const issue = missingIssue(join, 'cli', rows.length) as Issue;
  return { ...issue, urls: rows.slice(0, LISTED_URLS).map((r) => join.url(r)), urlCount: rows.length };
}

/**
 * `check --crawl`: the CRAWL rules of each file against one crawl, joined over every file read
 * (as the app's workspace shares one join): a page is missing (CRAWL-006) only when no file lists
 * it, and it is reported on the file whose folder it belongs to (core `fileForUrl`; else the first
 * file). `check` runs on each parsed document as it is read; `finish` rewrites each file's
 * CRAWL-006 once all are read. The scope of CRAWL-006 is the first file's most common origin.
 *
 * @example const audit = new CrawlAudit(table, args, Date.now()); runCheck(args, io, [audit.check]); audit.finish(reports)
 */
export class CrawlAudit {
  private join: CrawlJoin | null = null;
  /** Folders of the files read so far, and their report names (files whose rows are pages). */
  private readonly folders: FolderIndex = folderIndex([]);
  private readonly files: string[] = [];

  constructor(
    private readonly crawl: CrawlTable,
    private readonly args: { crossSubmission: boolean },
    private readonly now: number,
  ) {}

  readonly check = (doc: SitemapDocument, file: string): Issue[] => {
    // An index (or robots.txt) lists sitemaps, not pages: no CRAWL rule.
    if (doc.kind === 'sitemapindex' || doc.kind === 'robots') return [];
    const v = new Validator({ crossSubmission: this.args.crossSubmission, now: this.now });
    v.load(doc);
    this.join ??= new CrawlJoin(this.crawl, v.crawlScope());
    const join = this.join;
    v.setCrawl(join);
    addFolderFile(
      this.folders,
      this.files.length,
      doc.entries.map((e) => e.loc),
    );
    this.files.push(file);
    // CRAWL-006 as the join stands now; `finish` words it once every file has listed its pages.
    return v
      .all()
      .map((i) => (i.rule === 'CRAWL-006' ? { ...i, ...missingJson(join, join.missingRows()) } : i))
      .filter((i) => i.rule.startsWith('CRAWL-'));
  };

  /** Each file's CRAWL-006: the pages no file lists that belong to it (see the class comment). */
  finish(reports: FileReport[]): void {
    const join = this.join;
    if (join === null) return;
    const groups = this.files.map((): number[] => []);
    for (const r of join.missingRows()) {
      const at = groups.length === 1 ? 0 : fileForUrl(this.folders, join.url(r));
      groups[at < 0 ? 0 : at].push(r);
    }
    this.files.forEach((file, k) => {
      const report = reports.find((r) => r.file === file);
      if (report === undefined) return;
      const at = report.issues.findIndex((i) => i.rule === 'CRAWL-006');
      if (groups[k].length === 0) {
        if (at >= 0) report.issues.splice(at, 1);
        return;
      }
      const was = at >= 0 ? report.issues[at] : undefined;
      const issue: JsonIssue = { ...was, ...missingJson(join, groups[k]) } as JsonIssue;
      if (at >= 0) report.issues[at] = issue;
      else report.issues.push(issue);
    });
  }
}
