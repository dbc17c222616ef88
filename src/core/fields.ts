/**
 * The entry's fields, one descriptor each: the single home of their ids, labels, editors, CSV
 * names, compare behaviour and allowed values. Every field list elsewhere (grid columns, editable
 * fields, list fields, CSV columns, compared fields) and every label is derived from `FIELDS`, so
 * a new field is one line here plus its value in `Entry` (model.ts).
 *
 * - `label`: the column header and dialog label ("Last modified").
 * - `noun`: the field in running text; for a list field, one item ("Edit last modified",
 *   "Add image").
 * - `kind`: `scalar` (a string of the entry, edited in a cell) or `list` (items edited in the
 *   detail panel).
 * - `editor`: the in-cell editor of a scalar field.
 * - `csv`: the label the CSV export offers (the header written is the id); `csvNames`: the
 *   header names a CSV import recognises for the field, normalised (lowercase, `_`/`-` as a
 *   space), best first.
 * - `compared`: whether comparing two sitemaps reports a change of this field (`loc` is the key).
 * - `inIndex`: whether a sitemap index's `<sitemap>` has the field too (only `loc` and `lastmod`:
 *   SITEMAP-RULES IDX-002); an index's grid shows only these.
 * - `values`: the allowed keywords, when the protocol lists them.
 */

/** The seven changefreq keywords of the protocol, most frequent first: the one list of them. */
export const CHANGEFREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;

/** The in-cell editor of a scalar field. */
export type FieldEditor = 'text' | 'date' | 'changefreq' | 'priority';

/** One field's descriptor (see the module comment). */
export interface FieldSpec {
  readonly label: string;
  readonly noun: string;
  readonly kind: 'scalar' | 'list';
  readonly editor?: FieldEditor;
  readonly csv?: string;
  readonly csvNames?: readonly string[];
  readonly compared: boolean;
  readonly inIndex: boolean;
  readonly values?: readonly string[];
}

/**
 * Every field of an entry, in display order.
 *
 * @example FIELDS.lastmod.label // 'Last modified'
 */
export const FIELDS = {
  loc: {
    label: 'URL',
    noun: 'URL',
    kind: 'scalar',
    editor: 'text',
    csv: 'URL',
    csvNames: [
      'loc',
      'url',
      'address',
      'top pages',
      'page',
      'page url',
      'pages',
      'landing page',
      'link',
      'target url',
      'urls',
    ],
    compared: false,
    inIndex: true,
  },
  lastmod: {
    label: 'Last modified',
    noun: 'last modified',
    kind: 'scalar',
    editor: 'date',
    csv: 'Last modified',
    csvNames: [
      'lastmod',
      'last modified',
      'lastmodified',
      'last modified date',
      'date modified',
      'modified',
      'last updated',
      'updated',
      'date',
    ],
    compared: true,
    inIndex: true,
  },
  changefreq: {
    label: 'Change frequency',
    noun: 'change frequency',
    kind: 'scalar',
    editor: 'changefreq',
    csv: 'Change frequency',
    csvNames: ['changefreq', 'change frequency', 'change freq', 'frequency'],
    compared: true,
    inIndex: false,
    values: CHANGEFREQS,
  },
  priority: {
    label: 'Priority',
    noun: 'priority',
    kind: 'scalar',
    editor: 'priority',
    csv: 'Priority',
    csvNames: ['priority', 'sitemap priority'],
    compared: true,
    inIndex: false,
  },
  images: { label: 'Images', noun: 'image', kind: 'list', csv: 'Image URLs', compared: true, inIndex: false },
  videos: {
    label: 'Videos',
    noun: 'video',
    kind: 'list',
    csv: 'Video titles',
    compared: true,
    inIndex: false,
  },
  news: { label: 'News', noun: 'news block', kind: 'list', compared: true, inIndex: false },
  alternates: {
    label: 'Alternates',
    noun: 'alternate',
    kind: 'list',
    csv: 'Alternates (hreflang=URL)',
    compared: true,
    inIndex: false,
  },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof FIELDS;

/** Any field of an entry. */
export type FieldId = keyof Fields;

/** The scalar (string) fields, edited in a cell: `loc`, `lastmod`, `changefreq`, `priority`. */
export type EditableField = { [K in FieldId]: Fields[K]['kind'] extends 'scalar' ? K : never }[FieldId];

/** The list fields, edited in the detail panel: `images`, `videos`, `news`, `alternates`. */
export type ListKey = { [K in FieldId]: Fields[K]['kind'] extends 'list' ? K : never }[FieldId];

/** Fields a comparison of two sitemaps looks at (`loc` is the key). */
export type DiffField = { [K in FieldId]: Fields[K]['compared'] extends true ? K : never }[FieldId];

/** Fields the CSV export can write (besides a workspace's `file` column). */
export type CsvField = { [K in FieldId]: Fields[K] extends { csv: string } ? K : never }[FieldId];

const spec = (id: FieldId): FieldSpec => FIELDS[id];

/** Every field id, in display order. */
export const FIELD_IDS = Object.keys(FIELDS) as FieldId[];

/** The scalar fields, in display order. */
export const EDITABLE_FIELDS = FIELD_IDS.filter((f) => spec(f).kind === 'scalar') as EditableField[];

/** The list fields, in display order. */
export const LIST_FIELDS = FIELD_IDS.filter((f) => spec(f).kind === 'list') as ListKey[];

/** The compared fields, in display order. */
export const DIFF_FIELDS = FIELD_IDS.filter((f) => spec(f).compared) as DiffField[];

/** The fields a sitemap index's `<sitemap>` does not have (`inIndex` false), in display order. */
export const NOT_IN_INDEX: readonly FieldId[] = FIELD_IDS.filter((f) => !spec(f).inIndex);

/** The fields the CSV export offers, in display order. */
export const CSV_FIELDS = FIELD_IDS.filter((f) => spec(f).csv !== undefined) as CsvField[];

/** True when `name` is a scalar field. @example isEditableField('loc') // true */
export function isEditableField(name: string): name is EditableField {
  return Object.hasOwn(FIELDS, name) && spec(name as FieldId).kind === 'scalar';
}
