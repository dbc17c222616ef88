import type { ColumnId } from '../state/columns.ts';

/**
 * Column header text (also the accessible name of each `columnheader`). Kept apart from
 * columnDefs.ts so the toolbar and filter chips can name columns without pulling TanStack Table
 * into the first screen's bundle (the grid itself loads after the first screen).
 */
export const COLUMN_LABEL: Record<ColumnId, string> = {
  row: 'Row',
  loc: 'URL',
  lastmod: 'Last modified',
  changefreq: 'Change frequency',
  priority: 'Priority',
  images: 'Images',
  videos: 'Videos',
  news: 'News',
  alternates: 'Alternates',
  crawlStatus: 'Status',
  crawlIndexability: 'Indexability',
  crawlCanonical: 'Canonical',
  crawlRedirect: 'Redirects to',
  issues: 'Issues',
};
