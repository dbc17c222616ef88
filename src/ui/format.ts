/** Display helpers shared by UI components (en-US grouping, binary-ish units). */

import { fmtInt, plural } from '../state/format.ts';

// Counts in words live in core/format.ts: every layer words counts the same way.
export { fmtInt, plural };

/** "20 URLs, 2 sitemaps"; either part left out when 0 (and "0 URLs" when both are). */
export function fmtEntryCounts(c: { urls: number; sitemaps: number }): string {
  if (c.sitemaps === 0) return plural(c.urls, 'URL');
  if (c.urls === 0) return plural(c.sitemaps, 'sitemap');
  return `${plural(c.urls, 'URL')}, ${plural(c.sitemaps, 'sitemap')}`;
}

/**
 * Bytes as B / KB / MB with one decimal above 1 KB (1 KB = 1,024 bytes), the next unit once a
 * value would show four digits (1,030,000 bytes is "1.0 MB", not "1005.9 KB").
 */
export function fmtBytes(n: number): string {
  if (n < 1000) return `${fmtInt(n)} B`;
  if (n / 1024 < 999.95) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

let dates: Intl.DateTimeFormat | undefined;

/**
 * The user's locale's date and time ("Nov 28, 2026, 9:30 AM" in en-US): when a session was
 * saved (the restore banner, Recent). One formatter, made on first use: making it loads the
 * locale's date data, 16-48 ms of one task's CPU at load 24-27 when it is the page's first Intl
 * object (session 16).
 */
export function fmtWhen(ms: number): string {
  dates ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dates.format(ms);
}
