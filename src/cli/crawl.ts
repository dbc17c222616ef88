/**
 * `check --crawl FILE`: read a crawl export once and validate each sitemap with the crawl joined,
 * so the CRAWL-001…008 findings come out with the same ids (and count as errors the same way) as
 * in the browser.
 */

import { CrawlJoin } from '../core/crawl/join.ts';
import { readCrawl } from '../core/crawl/read.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import type { Issue, SitemapDocument, ValidationSettings } from '../core/model.ts';
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
 * Validate a document, joined with `crawl` when given (the same as core `validateDocument`
 * otherwise).
 *
 * @example validateWithCrawl(doc, { now: Date.now() }, table).filter((i) => i.rule.startsWith('CRAWL-'))
 */
export function validateWithCrawl(
  doc: SitemapDocument,
  settings: ValidationSettings,
  crawl: CrawlTable | null,
): Issue[] {
  const v = new Validator(settings);
  v.load(doc);
  if (crawl) v.setCrawl(new CrawlJoin(crawl, v.crawlScope()));
  return v.all();
}
