/**
 * Main-thread side of the crawl reader: one worker per file, progress events, cancel by
 * terminating it, and an in-thread fallback where module workers cannot start.
 */
import type { CrawlMapping } from '../core/crawl/detect.ts';
import { type CrawlHead, readCrawl, sniffCrawl } from '../core/crawl/read.ts';
import type { CrawlTable } from '../core/crawl/table.ts';

/** Message to the crawl worker. */
export interface CrawlWorkerRequest {
  file: File;
  mapping?: CrawlMapping;
}

/** Messages from the crawl worker. */
export type CrawlWorkerResponse =
  | { type: 'progress'; done: number; total: number }
  | { type: 'table'; table: CrawlTable }
  | { type: 'error'; message: string };

/** Bytes looked at to recognise a crawl export. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * Is this file crawl data? Reads only its first 64 KB.
 *
 * @example (await sniffCrawlFile(file)).detected?.format
 */
export async function sniffCrawlFile(file: Blob): Promise<CrawlHead> {
  return sniffCrawl(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}

/** A crawl file being read; `cancel()` stops it (the promise rejects with an AbortError). */
export interface CrawlReading {
  result: Promise<CrawlTable>;
  cancel(): void;
}

function abortError(): Error {
  const e = new Error('Reading the crawl data was cancelled.');
  e.name = 'AbortError';
  return e;
}

/**
 * Read a whole crawl file in a worker. `onProgress(done, total)` in characters parsed.
 *
 * @example const r = readCrawlFile(file, undefined, (d, t) => show(d / t)); attach(await r.result);
 */
export function readCrawlFile(
  file: File,
  mapping: CrawlMapping | undefined,
  onProgress: (done: number, total: number) => void,
): CrawlReading {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./crawl.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return inThread(file, mapping);
  }
  let reject: (e: Error) => void = () => {};
  const result = new Promise<CrawlTable>((resolve, rej) => {
    reject = rej;
    worker.onmessage = (ev: MessageEvent<CrawlWorkerResponse>) => {
      const m = ev.data;
      if (m.type === 'progress') onProgress(m.done, m.total);
      else {
        worker.terminate();
        if (m.type === 'table') resolve(m.table);
        else rej(new Error(m.message));
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      worker.terminate();
      rej(new Error(ev.message || 'The crawl reader stopped.'));
    };
    worker.postMessage({ file, mapping } satisfies CrawlWorkerRequest);
  });
  return {
    result,
    cancel() {
      worker.terminate();
      reject(abortError());
    },
  };
}

function inThread(file: File, mapping: CrawlMapping | undefined): CrawlReading {
  let cancelled = false;
  return {
    result: file.arrayBuffer().then((buf) => {
      if (cancelled) throw abortError();
      const table = readCrawl(new Uint8Array(buf), file.name, mapping);
      if (!table) throw new Error(`No URL column found in ${file.name}.`);
      return table;
    }),
    cancel() {
      cancelled = true;
    },
  };
}
