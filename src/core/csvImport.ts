import { type CsvMapping, csvToEntries, type ParsedCsv } from './csv.ts';
import { EDITABLE_FIELDS, FIELDS } from './fields.ts';
import type { Entry } from './model.ts';

/** The fields a CSV column can be mapped to, with the labels the import dialog shows. */
export const MAPPED_FIELDS: ReadonlyArray<{ field: keyof CsvMapping; label: string }> = EDITABLE_FIELDS.map(
  (field) => ({ field, label: FIELDS[field].label }),
);

/** Rows shown in the preview. */
export const PREVIEW_ROWS = 5;

/** Rows kept for the preview in a {@link CsvSummary}. */
export const SAMPLE_ROWS = 50;

/**
 * What the import dialog needs from a parsed CSV without holding (or copying) all its rows:
 * header facts, the first rows for the preview, and per column how many cells are non-blank,
 * which is exactly how many URLs a mapping of that column to URL imports.
 */
export interface CsvSummary {
  headers: string[];
  delimiter: string;
  headerRow: number;
  rowCount: number;
  /** Non-blank cells per column (blank = empty after trimming, as csvToEntries counts it). */
  nonBlank: number[];
  errors: ParsedCsv['errors'];
  errorCount: number;
  /** The first {@link SAMPLE_ROWS} data rows, as a ParsedCsv for previewEntries. */
  sample: ParsedCsv;
}

/** Summarise a parsed CSV in one pass over its cells. */
export function summarizeCsv(parsed: ParsedCsv, sampleRows = SAMPLE_ROWS): CsvSummary {
  const nonBlank = new Array<number>(parsed.headers.length).fill(0);
  for (const row of parsed.rows) {
    for (let c = 0; c < row.length; c++) {
      if (row[c].trim() !== '') nonBlank[c] = (nonBlank[c] ?? 0) + 1;
    }
  }
  return {
    headers: parsed.headers,
    delimiter: parsed.delimiter,
    headerRow: parsed.headerRow,
    rowCount: parsed.rows.length,
    nonBlank,
    errors: parsed.errors.slice(0, 20),
    errorCount: parsed.errors.length,
    sample: {
      ...parsed,
      rows: parsed.rows.slice(0, sampleRows),
      rowNumbers: parsed.rowNumbers.slice(0, sampleRows),
      errors: [],
    },
  };
}

/** How many data rows would become URLs (a non-blank mapped URL cell) and how many are skipped. */
export function countImportable(summary: CsvSummary, mapping: CsvMapping): { urls: number; skipped: number } {
  const urls = mapping.loc === undefined ? 0 : (summary.nonBlank[mapping.loc] ?? 0);
  return { urls, skipped: summary.rowCount - urls };
}

/** The first rows exactly as they will be imported (skipped rows are left out, as on import). */
export function previewEntries(parsed: ParsedCsv, mapping: CsvMapping, limit = PREVIEW_ROWS): Entry[] {
  const out: Entry[] = [];
  // Look a bit further than `limit` so a few URL-less rows do not empty the preview.
  for (let start = 0; start < parsed.rows.length && out.length < limit; start += limit * 4) {
    const slice: ParsedCsv = {
      ...parsed,
      rows: parsed.rows.slice(start, start + limit * 4),
      rowNumbers: parsed.rowNumbers.slice(start, start + limit * 4),
    };
    out.push(...csvToEntries(slice, mapping, { firstId: out.length }).entries.slice(0, limit - out.length));
  }
  return out;
}

/** Entries without ids, ready for `commands.importCsvRows`, plus the count of skipped rows. */
export function importBodies(
  parsed: ParsedCsv,
  mapping: CsvMapping,
): { rows: Array<Omit<Entry, 'id'>>; skipped: number } {
  const { entries, issues } = csvToEntries(parsed, mapping, { firstId: 0 });
  const rows = entries.map(({ id: _id, ...body }) => body);
  return { rows, skipped: issues.length };
}

/** "Column C: Last Modified" style option labels (spreadsheet letters, then the header). */
export function columnLabel(index: number, header: string): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return header ? `${letters}: ${header}` : `Column ${letters}`;
}
