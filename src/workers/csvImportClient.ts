import { type CsvMapping, type ParsedCsv, parseCsv } from '../core/csv.ts';
import { type CsvSummary, importBodies, summarizeCsv } from '../core/csvImport.ts';
import type { Entry } from '../core/model.ts';

/** Messages to the CSV import worker. */
export type CsvWorkerRequest =
  | { id: number; type: 'parse'; file: File }
  | { id: number; type: 'rows'; mapping: CsvMapping };

/** Messages from the CSV import worker. */
export type CsvWorkerResponse =
  | { id: number; type: 'summary'; summary: CsvSummary }
  | { id: number; type: 'rows'; rows: Array<Omit<Entry, 'id'>>; skipped: number }
  | { id: number; type: 'error'; message: string };

/** One CSV being imported: read it once, then ask for the mapped rows. */
export interface CsvImportSession {
  read(file: File): Promise<CsvSummary>;
  rows(mapping: CsvMapping): Promise<{ rows: Array<Omit<Entry, 'id'>>; skipped: number }>;
  dispose(): void;
}

/** Same work on the main thread, for browsers (or tests) without module workers. */
function inThreadSession(): CsvImportSession {
  let parsed: ParsedCsv | null = null;
  return {
    async read(file) {
      parsed = parseCsv(await file.text());
      return summarizeCsv(parsed);
    },
    async rows(mapping) {
      if (!parsed) throw new Error('No CSV file has been read yet.');
      return importBodies(parsed, mapping);
    },
    dispose() {
      parsed = null;
    },
  };
}

/**
 * A CSV import session backed by a module worker (parsing never blocks the page), falling back
 * to the main thread when the worker cannot start.
 */
export function createCsvImportSession(): CsvImportSession {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./csvImport.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return inThreadSession();
  }
  let nextId = 1;
  const pending = new Map<number, (res: CsvWorkerResponse) => void>();
  worker.onmessage = (ev: MessageEvent<CsvWorkerResponse>) => {
    pending.get(ev.data.id)?.(ev.data);
    pending.delete(ev.data.id);
  };
  // A worker that fails to load or crashes answers every open request with an error.
  worker.onerror = (ev) => {
    ev.preventDefault();
    for (const [id, answer] of pending)
      answer({ id, type: 'error', message: ev.message || 'The CSV reader stopped.' });
    pending.clear();
  };
  const ask = (req: CsvWorkerRequest) =>
    new Promise<CsvWorkerResponse>((resolve, reject) => {
      pending.set(req.id, (res) => (res.type === 'error' ? reject(new Error(res.message)) : resolve(res)));
      worker.postMessage(req);
    });
  return {
    async read(file) {
      const res = await ask({ id: nextId++, type: 'parse', file });
      if (res.type !== 'summary') throw new Error('Unexpected answer from the CSV worker.');
      return res.summary;
    },
    async rows(mapping) {
      const res = await ask({ id: nextId++, type: 'rows', mapping });
      if (res.type !== 'rows') throw new Error('Unexpected answer from the CSV worker.');
      return { rows: res.rows, skipped: res.skipped };
    },
    dispose() {
      worker.terminate();
      pending.clear();
    },
  };
}
