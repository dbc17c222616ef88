/**
 * `check --crawl FILE`: read a crawl export once and validate each sitemap with the crawl joined,
 * so the CRAWL-001…008 findings come out with the same ids (and count as errors the same way) as
 * in the browser.
 */

import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { CrawlJoin } from '../core/crawl/join.ts';
import { crawlInflateRefusal, MAX_CRAWL_INFLATED } from '../core/crawl/read.ts';
import { CrawlReader, readCrawl } from '../core/crawl/reader.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import { crawlFromZip, noCrawlNote, zipCrawlNote } from '../core/crawl/zipCrawl.ts';
import type { Issue, SitemapDocument } from '../core/model.ts';
import { missingIssue } from '../core/rules/crawl.ts';
import { Validator } from '../core/validate.ts';
import { readZipFiles } from '../core/workspace/zipInput.ts';
import { type CliIo, readInput } from './check.ts';
import { type JsonIssue, LISTED_URLS } from './report.ts';

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
    return b[0] === 0x1f && b[1] === 0x8b;
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

/** Read and parse the crawl file; null (after a message on stderr) when it cannot be used. */
export async function loadCrawl(file: string, io: CliIo): Promise<CrawlTable | null> {
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

/**
 * CRAWL-006 worded for the command line (there is no button to name), with the missing pages'
 * URLs (the first `LISTED_URLS`) and their count, for CI to act on.
 */
function withMissingUrls(issue: Issue, join: CrawlJoin): Issue & Pick<JsonIssue, 'urls' | 'urlCount'> {
  const rows = join.missingRows();
  const message = missingIssue(join, 'cli')?.message ?? issue.message;
  return {
    ...issue,
    message,
    urls: rows.slice(0, LISTED_URLS).map((r) => join.url(r)),
    urlCount: rows.length,
  };
}

/**
 * A `check` document check (see `DocumentCheck`) reporting the CRAWL rules of each file against
 * `crawl` (the sitemap's scope for CRAWL-006 is its most common origin).
 *
 * @example runCheck(args, io, [crawlCheck(table, args, Date.now())])
 */
export function crawlCheck(
  crawl: CrawlTable,
  args: { crossSubmission: boolean },
  now: number,
): (doc: SitemapDocument, file: string) => Issue[] {
  return (doc) => {
    const v = new Validator({ crossSubmission: args.crossSubmission, now });
    v.load(doc);
    const join = new CrawlJoin(crawl, v.crawlScope());
    v.setCrawl(join);
    return v
      .all()
      .map((i) => (i.rule === 'CRAWL-006' ? withMissingUrls(i, join) : i))
      .filter((i) => i.rule.startsWith('CRAWL-'));
  };
}
