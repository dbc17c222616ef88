import type { ColumnId } from '../state/columns.ts';

/** Column header text (also the accessible name of each `columnheader`). */
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
  issues: 'Issues',
};

const WIDTH: Record<ColumnId, number> = {
  row: 64,
  loc: 340,
  lastmod: 124,
  changefreq: 136,
  priority: 72,
  images: 70,
  videos: 70,
  news: 60,
  alternates: 90,
  issues: 132,
};

/** The CSS grid template for the given visible columns (the URL column takes spare room). */
export function gridTemplate(columns: readonly ColumnId[]): string {
  return columns.map((c) => (c === 'loc' ? `minmax(${WIDTH.loc}px, 1fr)` : `${WIDTH[c]}px`)).join(' ');
}
