import { type ColumnId, FIELD_IDS, FIELDS, type FieldId } from '../state/columns.ts';

/**
 * Column header text (also the accessible name of each `columnheader`); the entry fields' labels
 * come from their descriptors (core fields.ts). Kept apart from
 * columnDefs.ts so the toolbar and filter chips can name columns without pulling TanStack Table
 * into the first screen's bundle (the grid itself loads after the first screen).
 */
export const COLUMN_LABEL: Record<ColumnId, string> = {
  row: 'Row',
  ...(Object.fromEntries(FIELD_IDS.map((f) => [f, FIELDS[f].label])) as Record<FieldId, string>),
  crawlStatus: 'Status',
  crawlIndexability: 'Indexability',
  crawlCanonical: 'Canonical',
  crawlRedirect: 'Redirects to',
  issues: 'Issues',
};
