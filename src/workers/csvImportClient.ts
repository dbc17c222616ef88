/**
 * The page's side of a CSV import: one session per dialog, served by the CSV worker through the
 * generic worker client (client.ts), or by the same handler in the page where no worker starts.
 */
import type { CsvMapping } from '../core/csv.ts';
import type { CsvSummary } from '../core/csvImport.ts';
import type { Entry } from '../core/model.ts';
import { createWorkerCalls, type WorkerLike } from './client.ts';
import { createCsvHandler } from './csvImport.ts';

/** One CSV being imported: read it once, then ask for the mapped rows. */
export interface CsvImportSession {
  read(file: Blob): Promise<CsvSummary>;
  rows(mapping: CsvMapping): Promise<{ rows: Array<Omit<Entry, 'id'>>; skipped: number }>;
  dispose(): void;
}

/** The Vite-bundled CSV worker, or null where `Worker` is missing. */
function csvWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./csvImport.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as WorkerLike;
}

function unexpected(): never {
  throw new Error('Unexpected answer from the CSV reader.');
}

/**
 * A CSV import session backed by a module worker (parsing never blocks the page), falling back
 * to the main thread when the worker cannot start. `makeWorker` is for tests.
 *
 * @example const s = createCsvImportSession(); const summary = await s.read(file); const { rows } = await s.rows({ loc: 0 });
 */
export function createCsvImportSession(makeWorker: () => WorkerLike | null = csvWorker): CsvImportSession {
  const calls = createWorkerCalls(makeWorker, createCsvHandler, 'The CSV reader stopped.');
  return {
    async read(file) {
      const res = await calls.call({ type: 'parse', file });
      return res.type === 'summary' ? res.summary : unexpected();
    },
    async rows(mapping) {
      const res = await calls.call({ type: 'rows', mapping });
      return res.type === 'rows' ? { rows: res.rows, skipped: res.skipped } : unexpected();
    },
    dispose: () => calls.dispose(),
  };
}
