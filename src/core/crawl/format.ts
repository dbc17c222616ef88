/**
 * Which crawl export a table comes from, and what a file name says: tiny on purpose, as the first
 * chunk (the session's `open`, the grid's crawl cells) reads these without the crawl reader.
 */

/**
 * Which export a header row is. `search-console` rows are pages Google showed, so indexed;
 * `search-console-indexing` rows are the pages of a page-indexing report (one issue's drill-down,
 * or the indexed pages): what they are comes from their reason, else it is unknown, and the list
 * is partial by nature (a URL not in it says nothing).
 */
export type CrawlFormat = 'screaming-frog' | 'search-console' | 'search-console-indexing' | 'generic';

/** A CSV by its name: `.csv` or `.tsv` (what the Import CSV dialog takes; never a sitemap in a zip). */
export function isCsvName(name: string): boolean {
  return /\.(csv|tsv)$/i.test(name);
}

/** Search Console data (either export): its rows are what Google says, not a crawl of the site. */
export function isSearchConsole(format: CrawlFormat): boolean {
  return format === 'search-console' || format === 'search-console-indexing';
}
