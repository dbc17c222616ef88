import { type CsvMapping, csvToEntries, type ParsedCsv } from '../../core/csv.ts';
import type { Entry } from '../../core/model.ts';

/** The fields a CSV column can be mapped to, with the labels the import dialog shows. */
export const MAPPED_FIELDS: ReadonlyArray<{ field: keyof CsvMapping; label: string }> = [
  { field: 'loc', label: 'URL' },
  { field: 'lastmod', label: 'Last modified' },
  { field: 'changefreq', label: 'Change frequency' },
  { field: 'priority', label: 'Priority' },
];

/** Rows shown in the preview. */
export const PREVIEW_ROWS = 5;

/** How many data rows would become URLs (a non-blank mapped URL cell) and how many are skipped. */
export function countImportable(parsed: ParsedCsv, mapping: CsvMapping): { urls: number; skipped: number } {
  const col = mapping.loc;
  if (col === undefined) return { urls: 0, skipped: parsed.rows.length };
  let urls = 0;
  for (const row of parsed.rows) {
    const v = row[col];
    if (v !== undefined && v.trim() !== '') urls++;
  }
  return { urls, skipped: parsed.rows.length - urls };
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
