/**
 * `check --crawl FILE`: read a crawl export once and validate each sitemap with the crawl joined,
 * so the CRAWL-001…008 findings come out with the same ids (and count as errors the same way) as
 * in the browser.
 */

import { CrawlJoin } from '../core/crawl/join.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import type { Issue, SitemapDocument } from '../core/model.ts';
import { Validator } from '../core/validate.ts';
import { type CliIo, readInput } from './check.ts';

/** Read and parse the crawl file; null (after a message on stderr) when it cannot be used. */
export async function loadCrawl(file: string, io: CliIo): Promise<CrawlTable | null> {
  const bytes = await readInput(file, io);
  if (bytes === null) return null;
  const table = readCrawl(bytes, file);
  if (table === null) {
    io.err(
      `sitemap-workbench: ${file} is not recognised as crawl data (it needs a URL column and a status, indexability, canonical, redirect or last-modified column).\n`,
    );
    return null;
  }
  return table;
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
    v.setCrawl(new CrawlJoin(crawl, v.crawlScope()));
    return v.all().filter((i) => i.rule.startsWith('CRAWL-'));
  };
}
