import type { CsvColumn } from '../../core/csv.ts';
import type { Entry } from '../../core/model.ts';
import { CSV_FIELDS, EDITABLE_FIELDS, FIELDS } from '../../state/columns.ts';
import { entriesToCsvChunks } from '../../state/csv.ts';
import { downloadBlob } from '../download.ts';

/** Columns offered by the CSV export, with the labels the dialog shows. */
export const CSV_COLUMNS: ReadonlyArray<{ column: CsvColumn; label: string }> = CSV_FIELDS.map((column) => ({
  column,
  label: FIELDS[column].csv,
}));

/** The default selection: the four sitemap fields. */
export const DEFAULT_CSV_COLUMNS: readonly CsvColumn[] = EDITABLE_FIELDS;

/** "shop-sitemap" → "shop-sitemap.csv"; an empty name becomes "sitemap.csv". */
export function csvFileName(base: string): string {
  const name = base.trim().replace(/\.csv$/i, '') || 'sitemap';
  return `${name}.csv`;
}

/**
 * Build the CSV as a Blob straight from string chunks (no file-sized intermediate string) and
 * start a normal browser download. Returns the number of rows written.
 */
export function downloadCsv(
  fileName: string,
  entries: readonly Entry[],
  columns: readonly CsvColumn[],
  rows: Int32Array | null,
  bom: boolean,
): number {
  const chunks = entriesToCsvChunks(entries, { columns, rows: rows ?? undefined, bom });
  downloadBlob(fileName, new Blob(chunks, { type: 'text/csv;charset=utf-8' }));
  return rows ? rows.length : entries.length;
}
