import type { Entry } from '../core/model.ts';

/**
 * Table columns known to the state layer. Selection ranges, sorting, filtering and hiding refer
 * to columns by these ids; the UI decides labels and widths.
 */
export type ColumnId =
  | 'row'
  | 'loc'
  | 'lastmod'
  | 'changefreq'
  | 'priority'
  | 'images'
  | 'videos'
  | 'news'
  | 'alternates'
  | 'crawlStatus'
  | 'crawlIndexability'
  | 'crawlCanonical'
  | 'crawlRedirect'
  | 'issues';

/** Columns of attached crawl data (hidden while none is attached). */
export const CRAWL_COLUMNS = ['crawlStatus', 'crawlIndexability', 'crawlCanonical', 'crawlRedirect'] as const;

/** A crawl column id. */
export type CrawlColumnId = (typeof CRAWL_COLUMNS)[number];

/** True for columns whose value comes from the validator (issues, crawl join), not the entry. */
export function readsIssues(column: ColumnId): boolean {
  return column === 'issues' || isCrawlColumn(column);
}

/** True for the crawl columns. @example isCrawlColumn('crawlStatus') // true */
export function isCrawlColumn(column: string): column is CrawlColumnId {
  return (CRAWL_COLUMNS as readonly string[]).includes(column);
}

/** Columns whose value is a plain string field of `Entry` and can be edited in a cell. */
export type EditableField = 'loc' | 'lastmod' | 'changefreq' | 'priority';

/** Every column in default display order. */
export const ALL_COLUMNS: readonly ColumnId[] = [
  'row',
  'loc',
  'lastmod',
  'changefreq',
  'priority',
  'images',
  'videos',
  'news',
  'alternates',
  ...CRAWL_COLUMNS,
  'issues',
];

/** The four editable string fields, in display order. */
export const EDITABLE_FIELDS: readonly EditableField[] = ['loc', 'lastmod', 'changefreq', 'priority'];

/** True when `column` names an editable string field. @example isEditableField('loc') // true */
export function isEditableField(column: string): column is EditableField {
  return column === 'loc' || column === 'lastmod' || column === 'changefreq' || column === 'priority';
}

/** Cell text split into plain parts and visible escapes of invisible characters (see core/invisible.ts). */
export { showInvisible } from '../core/invisible.ts';

/**
 * Text shown for one cell of the list columns: the raw field value for editable fields, the
 * number of items for extension columns, '' for `row` and `issues` (the UI renders those).
 *
 * @example cellText({ id: 0, loc: 'https://a.example/', images: [{ loc: 'x' }] }, 'images') // '1'
 */
export function cellText(entry: Entry, column: ColumnId): string {
  switch (column) {
    case 'loc':
      return entry.loc;
    case 'lastmod':
    case 'changefreq':
    case 'priority':
      return entry[column] ?? '';
    case 'images':
    case 'videos':
    case 'news':
    case 'alternates': {
      const n = entry[column]?.length ?? 0;
      return n === 0 ? '' : String(n);
    }
    default:
      return '';
  }
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
export { CHANGEFREQS } from '../core/rules/changefreq.ts';

/** What is typed into a cell, read as the value meant (`2024-1-5` → `2024-01-05`; core typedValue.ts). */
export { readTyped } from '../core/typedValue.ts';
