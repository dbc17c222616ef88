/**
 * `check --crawl FILE`: read a crawl export once and validate each sitemap with the crawl joined,
 * so the CRAWL-001…008 findings come out with the same ids (and count as errors the same way) as
 * in the browser.
 */

import { open } from 'node:fs/promises';
import { CrawlJoin } from '../core/crawl/join.ts';
import { CrawlReader, readCrawl } from '../core/crawl/reader.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import type { Issue, SitemapDocument } from '../core/model.ts';
import { missingIssue } from '../core/rules/crawl.ts';
import { Validator } from '../core/validate.ts';
import { type CliIo, readInput } from './check.ts';
import { type JsonIssue, LISTED_URLS } from './report.ts';

/** Bytes read from the crawl file at a time (the whole file is never in memory). */
const CHUNK = 8 << 20;

/** The crawl file read in chunks through the reader (null: not crawl data). Throws when unreadable. */
async function streamCrawl(file: string): Promise<CrawlTable | null> {
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

/** Read and parse the crawl file; null (after a message on stderr) when it cannot be used. */
export async function loadCrawl(file: string, io: CliIo): Promise<CrawlTable | null> {
  let table: CrawlTable | null;
  try {
    table = await streamCrawl(file);
  } catch {
    // Unreadable: readInput says why, as for any other input (or reads it after all).
    const bytes = await readInput(file, io);
    if (bytes === null) return null;
    table = readCrawl(bytes, file);
  }
  if (table === null) {
    io.err(
      `sitemap-workbench: ${file} is not recognised as crawl data (it needs a URL column and a status, indexability, canonical, redirect or last-modified column).\n`,
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
