/**
 * The publish URL and the attached crawl describe a site. When a document of ANOTHER site is
 * opened in place of the open one, they are cleared (and the open says so): a user never sees
 * HOST or CRAWL findings that belong to another site. A newer version of the same site keeps
 * them; a document without absolute locs (no host) keeps them too. Loaded by the open only when
 * there is something to clear (it stays out of the page's first chunk).
 */

import { stringAt } from '../core/crawl/strings.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import { fmtInt } from '../core/format.ts';
import { readRows } from '../core/lazyEntries.ts';
import type { SitemapDocument } from '../core/model.ts';
import { hostOf, mainHost, sameSite } from '../core/rules/host.ts';
import { viewWithoutCrawl } from './columns.ts';
import type { Kernel } from './kernel.ts';

/** What opening `doc` clears, and the sentence that says so ('' when nothing). */
export interface SiteChange {
  publishUrl: boolean;
  crawl: boolean;
  message: string;
}

/**
 * What opening `doc` in place of the open document clears of `publishUrl` and `crawl`.
 *
 * @example siteChange(docOfOtherSite, 'https://www.a.example/sitemap.xml', null).publishUrl // true
 */
export function siteChange(doc: SitemapDocument, publishUrl: string, crawl: CrawlTable | null): SiteChange {
  const none: SiteChange = { publishUrl: false, crawl: false, message: '' };
  const url = publishUrl.trim();
  if (url === '' && crawl === null) return none;
  const rows = readRows(doc.entries);
  const site = mainHost(doc.entries.length, (i) => rows.loc(i));
  if (site === null) return none;
  const urlHost = url === '' ? null : hostOf(url);
  const crawlHost = crawl === null ? null : mainHost(crawl.rows, (i) => stringAt(crawl, i));
  const clearUrl = urlHost !== null && !sameSite(urlHost, site);
  const clearCrawl = crawlHost !== null && !sameSite(crawlHost, site);
  if (!clearUrl && !clearCrawl) return none;
  const urlPart = `the publish URL ${url}`;
  const crawlPart = crawl ? `the crawl audit (${fmtInt(crawl.rows)} rows)` : '';
  const one = (what: string, host: string) => `${capital(what)} was for ${host}; it was cleared for ${site}.`;
  const message =
    clearUrl && clearCrawl
      ? urlHost === crawlHost
        ? `${capital(urlPart)} and ${crawlPart} were for ${urlHost}; they were cleared for ${site}.`
        : `${one(urlPart, urlHost!)} ${one(crawlPart, crawlHost!)}`
      : clearUrl
        ? one(urlPart, urlHost!)
        : one(crawlPart, crawlHost!);
  return { publishUrl: clearUrl, crawl: clearCrawl, message };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Clear what `doc`, about to replace the open document, does not share the site of (before it
 * is checked: its findings are those of its own site). Returns the sentence for the open's
 * notice ('' when nothing was cleared).
 */
export function clearForSite(k: Kernel, doc: SitemapDocument): string {
  const change = siteChange(doc, k.f.settings.publishUrl, k.f.crawl);
  if (change.publishUrl) k.set({ settings: { ...k.f.settings, publishUrl: '' } });
  if (change.crawl) {
    // As "Remove crawl data" does: its columns, filters and sort go with it, and its join.
    k.set({ crawl: null, view: viewWithoutCrawl(k.f.view) });
    k.rejoinCrawl();
  }
  return change.message;
}
