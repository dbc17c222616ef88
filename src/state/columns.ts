import {
  type EditableField,
  FIELD_IDS,
  FIELDS,
  type FieldId,
  type ListKey,
  NOT_IN_INDEX,
} from '../core/fields.ts';
import type { DocumentKind, Entry } from '../core/model.ts';
import { readTyped } from '../core/typedValue.ts';
import type { DayMonthOrder } from '../core/w3cDate.ts';
import type { ViewState } from './types.ts';

/** Columns of attached crawl data (hidden while none is attached). */
export const CRAWL_COLUMNS = ['crawlStatus', 'crawlIndexability', 'crawlCanonical', 'crawlRedirect'] as const;

/** A crawl column id. */
export type CrawlColumnId = (typeof CRAWL_COLUMNS)[number];

/**
 * Table columns known to the state layer: the row number, one per entry field (core
 * fields.ts), the crawl columns and the issues. Selection ranges, sorting, filtering and hiding
 * refer to columns by these ids; the UI decides widths.
 */
export type ColumnId = 'row' | FieldId | CrawlColumnId | 'issues';

/** True for columns whose value comes from the validator (issues, crawl join), not the entry. */
export function readsIssues(column: ColumnId): boolean {
  return column === 'issues' || isCrawlColumn(column);
}

/** True for the crawl columns. @example isCrawlColumn('crawlStatus') // true */
export function isCrawlColumn(column: string): column is CrawlColumnId {
  return (CRAWL_COLUMNS as readonly string[]).includes(column);
}

/** `view` without crawl data: its columns hidden, its filters and sort dropped (the crawl is detached). */
export function viewWithoutCrawl(view: ViewState): ViewState {
  const hidden = view.hiddenColumns.filter((c) => !isCrawlColumn(c));
  const filters = { ...view.filters };
  delete filters.crawl;
  if (filters.field && isCrawlColumn(filters.field.column)) delete filters.field;
  const sort = view.sort && isCrawlColumn(view.sort.column) ? null : view.sort;
  return { ...view, sort, filters, hiddenColumns: [...hidden, ...CRAWL_COLUMNS] };
}

/**
 * The entry's fields (one descriptor each: label, editor, CSV names, allowed values), the
 * scalar fields edited in a cell and the list fields; ui/ reaches core through state/.
 */
export {
  CSV_FIELDS,
  EDITABLE_FIELDS,
  type EditableField,
  FIELD_IDS,
  FIELDS,
  type FieldId,
  isEditableField,
  LIST_FIELDS,
  type ListKey,
} from '../core/fields.ts';

/**
 * The field columns a document of `kind` has no field for, always hidden and not offered in the
 * Columns menu: an index's `<sitemap>` has only loc and lastmod (core/fields.ts `inIndex`).
 *
 * @example absentColumns('sitemapindex') // ['changefreq', 'priority', 'images', 'videos', 'news', 'alternates']
 */
export function absentColumns(kind: DocumentKind | undefined): readonly ColumnId[] {
  return kind === 'sitemapindex' ? NOT_IN_INDEX : [];
}

/**
 * `hidden` for a document of `kind` put in place after one of `previousKind`: the columns the
 * new kind has no field for hidden; the ones only the previous kind lacked shown again (they were
 * hidden for it, not by the user; the extension columns are decided after this).
 */
export function hiddenForKind(
  hidden: readonly ColumnId[],
  kind: DocumentKind | undefined,
  previousKind?: DocumentKind,
): readonly ColumnId[] {
  const absent = absentColumns(kind);
  const before = previousKind === undefined ? [] : absentColumns(previousKind);
  const kept = before.length > 0 ? hidden.filter((c) => !before.includes(c) || absent.includes(c)) : hidden;
  const added = absent.filter((c) => !kept.includes(c));
  return added.length === 0 && kept === hidden ? hidden : [...kept, ...added];
}

/** Every column in default display order. */
export const ALL_COLUMNS: readonly ColumnId[] = ['row', ...FIELD_IDS, ...CRAWL_COLUMNS, 'issues'];

/** Cell text split into plain parts and visible escapes of invisible characters (see core/invisible.ts). */
export { showInvisible } from '../core/invisible.ts';

/**
 * Text shown for one cell of the list columns: the raw field value for editable fields, the
 * number of items for extension columns, '' for `row` and `issues` (the UI renders those).
 *
 * @example cellText({ id: 0, loc: 'https://a.example/', images: [{ loc: 'x' }] }, 'images') // '1'
 */
export function cellText(entry: Entry, column: ColumnId): string {
  if (!Object.hasOwn(FIELDS, column)) return '';
  if (FIELDS[column as FieldId].kind === 'list') {
    const n = entry[column as ListKey]?.length ?? 0;
    return n === 0 ? '' : String(n);
  }
  return entry[column as EditableField] ?? '';
}

/**
 * Columns currently shown, in order (`ALL_COLUMNS` minus hidden ones). Selection column
 * indexes (`col`, `c0`, `c1`) index into this list.
 */
export function visibleColumns(hidden: readonly ColumnId[]): ColumnId[] {
  if (hidden.length === 0) return ALL_COLUMNS.slice();
  return ALL_COLUMNS.filter((c) => !hidden.includes(c));
}

/** The changefreq keywords, in order, for editors (ui/ reaches core through state/). */
export { CHANGEFREQS } from '../core/fields.ts';
export type { DayMonthOrder };
/** What is typed into a cell, read as the value meant (`2024-1-5` → `2024-01-05`; core typedValue.ts). */
export { readTyped };

/** Typed cell values read as meant, or the first value whose day/month order must be asked. */
export type TypedCells<C> = { cells: C[] } | { needs: 'dateOrder'; sample: string };

/**
 * Many typed cell values (a paste, a bulk edit) read as the cell editor reads one (`readTyped`):
 * `15/01/2024` → `2024-01-15`, `Weekly` → `weekly`, `0,8` → `0.8`. A date whose day and month could
 * be swapped is asked once for the whole operation: without `order`, the first such value comes
 * back as `sample` and nothing is read.
 *
 * @example readTypedCells([{ field: 'priority', value: '0,8' }]) // { cells: [{ field: 'priority', value: '0.8' }] }
 */
export function readTypedCells<C extends { field: EditableField; value: string }>(
  cells: readonly C[],
  order?: DayMonthOrder,
): TypedCells<C> {
  const out: C[] = new Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    const read = readTyped(FIELDS[c.field].editor ?? 'text', c.value, order);
    if ('needs' in read) return { needs: 'dateOrder', sample: c.value.trim() };
    out[i] = read.value === c.value ? c : { ...c, value: read.value };
  }
  return { cells: out };
}
