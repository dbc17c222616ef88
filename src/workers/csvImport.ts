/**
 * The CSV import's work, run in its worker (csvImport.worker.ts) or in the page as the fallback:
 * read a CSV once and keep its rows here; the dialog gets a summary, and the mapped entry bodies
 * on Import (a crawler export of 1,000,000 rows takes seconds to read).
 */
import type { CsvMapping, ParsedCsv } from '../core/csv.ts';
import { type CsvSummary, importBodies, summarizeCsv } from '../core/csvImport.ts';
import type { Entry } from '../core/model.ts';
import type { CallHandler } from './calls.ts';
import { parseCsv } from './csvTokens.ts';

/** Calls of a CSV import: read a file, then ask for its rows under a mapping. */
export type CsvRequest = { type: 'parse'; file: Blob } | { type: 'rows'; mapping: CsvMapping };

/** Answers of a CSV import. */
export type CsvResponse =
  | { type: 'summary'; summary: CsvSummary }
  | { type: 'rows'; rows: Array<Omit<Entry, 'id'>>; skipped: number };

/**
 * A handler for one CSV import session (it keeps the last file read).
 *
 * @example const h = createCsvHandler(); await h({ type: 'parse', file }); await h({ type: 'rows', mapping: { loc: 0 } });
 */
export function createCsvHandler(): CallHandler<CsvRequest, CsvResponse> {
  let parsed: ParsedCsv | null = null;
  return async (req) => {
    if (req.type === 'parse') {
      const read = parseCsv(await req.file.text());
      parsed = read;
      return { type: 'summary', summary: summarizeCsv(read) };
    }
    if (!parsed) throw new Error('No CSV file has been read yet.');
    return { type: 'rows', ...importBodies(parsed, req.mapping) };
  };
}
