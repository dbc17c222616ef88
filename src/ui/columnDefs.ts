import {
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
} from '@tanstack/react-table';
import type { Entry } from '../core/model.ts';
import { ALL_COLUMNS, type ColumnId } from '../state/columns.ts';

/** TanStack features the grid uses: only column visibility and sizing. Rows come from the store. */
export const gridFeatures = tableFeatures({ columnVisibilityFeature, columnSizingFeature });

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

const helper = createColumnHelper<typeof gridFeatures, Entry>();

/** Column definitions in `ALL_COLUMNS` order, so TanStack's visible columns match the store's indexes. */
export const gridColumns = helper.columns(
  ALL_COLUMNS.map((id) =>
    helper.display({ id, header: COLUMN_LABEL[id], size: WIDTH[id], minSize: 60, maxSize: 1200 }),
  ),
);

/** The CSS grid template for the given visible columns (the URL column takes spare room). */
export function gridTemplate(columns: readonly ColumnId[]): string {
  return columns.map((c) => (c === 'loc' ? `minmax(${WIDTH.loc}px, 1fr)` : `${WIDTH[c]}px`)).join(' ');
}
