import {
  type Column,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  type ReactTable,
  type TableState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Entry } from '../core/model.ts';
import { ALL_COLUMNS, type ColumnId } from '../state/columns.ts';
import { COLUMN_LABEL } from './columnLabels.ts';

/**
 * TanStack features the grid uses: the column model only (visibility, sizing, resizing). Rows
 * are not TanStack rows: the grid draws the store's `rowOrder` + entries itself, by window slot,
 * so no row model is ever built (it allocated an object per visible row per scrolled frame).
 */
export const gridFeatures = tableFeatures({
  columnVisibilityFeature,
  columnSizingFeature,
  columnResizingFeature,
});

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
  // Fits "not in the export" (a Search Console source) at the grid's cell font.
  crawlStatus: 144,
  crawlIndexability: 132,
  crawlCanonical: 220,
  crawlRedirect: 220,
  issues: 132,
};

/** Narrowest and widest a column can be resized to, px. */
export const MIN_COL_W = 60;
export const MAX_COL_W = 1200;

const helper = createColumnHelper<typeof gridFeatures, Entry>();

/** Column definitions in `ALL_COLUMNS` order, so TanStack's visible columns match the store's indexes. */
export const gridColumns = helper.columns(
  ALL_COLUMNS.map((id) =>
    helper.display({
      id,
      header: COLUMN_LABEL[id],
      size: WIDTH[id],
      minSize: MIN_COL_W,
      maxSize: MAX_COL_W,
      enableResizing: id !== 'row',
    }),
  ),
);

/** Width that shows a full W3C date-time with zone (2016-08-06T04:14:35+00:00), px. */
const DATETIME_W = 236;

/** Narrowest an un-resized URL column gets so the other columns fit beside it, px. */
export const LOC_FIT_MIN_W = 160;

/**
 * The CSS grid template for the given visible columns: the URL column takes spare room; an
 * un-resized Last modified column grows to show a full date-time first when there is room
 * (grid tracks reach their maximum before `fr` tracks share what is left). In a narrow pane (a
 * workspace at 1280 px: file panel, table, side panel) an un-resized URL column gives up room
 * down to {@link LOC_FIT_MIN_W}, so Priority and Issues stay on screen instead of past the
 * pane's edge (`100cqi`: the width of the grid's scroller, a size container in styles.css);
 * more columns than that fit scroll sideways. A URL column the user resized keeps its width.
 */
export function gridTemplate(columns: readonly Pick<Column<typeof gridFeatures, Entry>, 'id' | 'getSize'>[]) {
  let others = 0;
  for (const c of columns) if (c.id !== 'loc') others += c.getSize();
  return columns
    .map((c) => {
      const w = c.getSize();
      if (c.id === 'loc')
        return w === WIDTH.loc
          ? `minmax(clamp(${LOC_FIT_MIN_W}px, 100cqi - ${others}px, ${w}px), 1fr)`
          : `minmax(${w}px, 1fr)`;
      if (c.id === 'lastmod' && w === WIDTH.lastmod) return `minmax(${w}px, ${DATETIME_W}px)`;
      return `${w}px`;
    })
    .join(' ');
}

type GridTableState = Pick<TableState<typeof gridFeatures>, 'columnSizing'> & { resizing: false | string };

/** The grid's TanStack table: column model only (its `data` stays empty, see `gridFeatures`). */
export type GridTable = ReactTable<typeof gridFeatures, Entry, GridTableState>;

const NO_ROWS: Entry[] = [];

const selectSizing = (s: TableState<typeof gridFeatures>): GridTableState => ({
  columnSizing: s.columnSizing,
  resizing: s.columnResizing.isResizingColumn,
});

/**
 * The grid's column model. Visibility comes from the store's `hiddenColumns`; widths are
 * TanStack column sizing (resizable from the header). `columns` (ids of the visible columns, in
 * order: the index space of selections) changes identity only when visibility does, `template`
 * only when visibility or a width does, so scrolling re-renders neither the header nor a row
 * because of them.
 */
export function useGridTable(hidden: readonly ColumnId[]) {
  const options = useMemo(
    () => ({
      features: gridFeatures,
      columns: gridColumns,
      data: NO_ROWS,
      columnResizeMode: 'onChange' as const,
      state: { columnVisibility: Object.fromEntries(hidden.map((c) => [c, false])) },
    }),
    [hidden],
  );
  const table: GridTable = useTable(options, selectSizing);
  const leaf = table.getVisibleLeafColumns();
  const columns = useMemo(() => leaf.map((c) => c.id as ColumnId), [leaf]);
  const sizing = table.state.columnSizing;
  // biome-ignore lint/correctness/useExhaustiveDependencies: getSize() reads the sizing state
  const template = useMemo(() => gridTemplate(leaf), [leaf, sizing]);
  return { table, columns, template };
}
