/**
 * The crawl audit for the UI: header mapping, summary buckets, and the crawl reader (a worker
 * with progress, cancel and an in-thread fallback, workers/crawlClient.ts). ui/ reaches core
 * through state/.
 */
export {
  type CrawlField,
  type CrawlMapping,
  guessCrawlMapping,
  isSearchConsole,
} from '../core/crawl/detect.ts';
export { CRAWL_CATEGORIES, type CrawlCategory } from '../core/crawl/join.ts';
export { crawlNotes } from '../core/crawl/notes.ts';
export { type CrawlReading, readCrawlFile, sniffCrawlFile } from '../workers/crawlClient.ts';
export { crawlFromZipFile, isZipFile } from './crawlZip.ts';
