/**
 * CSV import and export for the UI: the core CSV functions and the import session (a worker with
 * an in-thread fallback, workers/csvImportClient.ts). ui/ reaches core through state/.
 */
export { entriesToCsvChunks, guessMapping } from '../core/csv.ts';
export {
  type CsvSummary,
  columnLabel,
  countImportable,
  MAPPED_FIELDS,
  PREVIEW_ROWS,
  previewEntries,
} from '../core/csvImport.ts';
export { type CsvImportSession, createCsvImportSession } from '../workers/csvImportClient.ts';
export { type CsvImportPlan, csvImportPlan } from './csvMerge.ts';
