/**
 * Sitemap URLs that the crawl fixture `sf-internal-all.csv` answers for, one of each kind:
 * indexable, redirected, 404, noindex, canonicalised elsewhere, blocked by robots.txt, and one the
 * crawl never found (orphan). Shared by the crawl unit tests and e2e/crawl.spec.ts.
 */
export const CRAWLED_SITEMAP_URLS = [
  'https://www.example.com/',
  'https://www.example.com/old',
  'https://www.example.com/gone',
  'https://www.example.com/private',
  'https://www.example.com/print?id=1',
  'https://www.example.com/admin',
  'https://www.example.com/orphan',
] as const;
