/**
 * CSV tokenising for the CSV import (papaparse: quoted fields, embedded line breaks, doubled
 * quotes, unterminated quotes reported by record). It lives here, beside the worker that runs it,
 * so core stays free of it: core picks the delimiter (`sniffDelimiter`) and maps the records
 * (`shapeCsv`, `csvToEntries`).
 */
import Papa from 'papaparse';
import { type CsvError, type CsvRecords, type ParsedCsv, shapeCsv, sniffDelimiter } from '../core/csv.ts';

/**
 * Split CSV text into records (blank ones kept), after a leading BOM. Never throws.
 *
 * @example tokenizeCsv('a;b\n1;2\n').records // [['a', 'b'], ['1', '2']] (plus a trailing [''])
 */
export function tokenizeCsv(text: string): CsvRecords {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = sniffDelimiter(source);
  const result = Papa.parse<string[]>(source, { skipEmptyLines: false, delimiter });
  const errors: CsvError[] = result.errors.map((e) => ({ row: (e.row ?? 0) + 1, message: e.message }));
  return { records: result.data, delimiter, errors };
}

/**
 * Tokenise and shape CSV text: header, data rows, delimiter, errors. Never throws.
 *
 * @example parseCsv('Address,Status\r\nhttps://a.example/,200\r\n').rows // [['https://a.example/', '200']]
 */
export function parseCsv(text: string): ParsedCsv {
  return shapeCsv(tokenizeCsv(text));
}
