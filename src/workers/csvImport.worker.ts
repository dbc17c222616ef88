/**
 * Parses an imported CSV off the main thread (a crawler export of 1,000,000 rows takes seconds)
 * and keeps the rows here: the dialog gets a summary, and the mapped entry bodies on Import.
 */
import { csvToEntries, type ParsedCsv, parseCsv } from '../core/csv.ts';
import { summarizeCsv } from '../core/csvImport.ts';
import type { CsvWorkerRequest, CsvWorkerResponse } from './csvImportClient.ts';

const scope = self as unknown as {
  onmessage: ((ev: MessageEvent<CsvWorkerRequest>) => void) | null;
  postMessage(message: CsvWorkerResponse): void;
};
let parsed: ParsedCsv | null = null;

scope.onmessage = async (ev) => {
  const req = ev.data;
  try {
    if (req.type === 'parse') {
      parsed = parseCsv(await req.file.text());
      scope.postMessage({ id: req.id, type: 'summary', summary: summarizeCsv(parsed) });
    } else {
      if (!parsed) throw new Error('No CSV file has been read yet.');
      const { entries, issues } = csvToEntries(parsed, req.mapping, { firstId: 0 });
      const rows = entries.map(({ id: _id, ...body }) => body);
      scope.postMessage({ id: req.id, type: 'rows', rows, skipped: issues.length });
    }
  } catch (e) {
    scope.postMessage({ id: req.id, type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
