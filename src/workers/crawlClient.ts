/**
 * Main-thread side of the crawl reader: one worker per file behind the generic worker client
 * (client.ts), progress events, cancel by stopping it, and the same handler in the page where
 * module workers cannot start.
 */
import type { CrawlMapping } from '../core/crawl/detect.ts';
import { type CrawlHead, readCrawl, sniffCrawl } from '../core/crawl/read.ts';
import { CRAWL_ARRAYS, type CrawlTable } from '../core/crawl/table.ts';
import type { CallHandler } from './calls.ts';
import { createWorkerCalls, type WorkerLike } from './client.ts';

/** A call to the crawl reader (served by crawl.worker.ts through workers/calls.ts). */
export interface CrawlReadRequest {
  file: File;
  mapping?: CrawlMapping;
}

/**
 * Reads one crawl file into its compact table, reporting progress in characters parsed; the
 * table's typed arrays are moved to the page, not copied. Runs in the crawl worker and, where
 * no worker starts, in the page.
 */
export function createCrawlHandler(): CallHandler<CrawlReadRequest, CrawlTable> {
  return async ({ file, mapping }, ctx) => {
    const table = readCrawl(new Uint8Array(await file.arrayBuffer()), file.name, mapping, ctx.progress);
    if (!table) throw new Error(`No URL column found in ${file.name}.`);
    ctx.transfer(CRAWL_ARRAYS.map((k) => table[k].buffer));
    return table;
  };
}

/** The Vite-bundled crawl worker, or null where `Worker` is missing. */
function crawlWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./crawl.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as WorkerLike;
}

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
 * Read a whole crawl file in a worker of its own (through the generic worker client, with its
 * in-page fallback). `onProgress(done, total)` in characters parsed; `cancel()` stops the worker.
 * `makeWorker` is for tests.
 *
 * @example const r = readCrawlFile(file, undefined, (d, t) => show(d / t)); attach(await r.result);
 */
export function readCrawlFile(
  file: File,
  mapping: CrawlMapping | undefined,
  onProgress: (done: number, total: number) => void,
  makeWorker: () => WorkerLike | null = crawlWorker,
): CrawlReading {
  const calls = createWorkerCalls(makeWorker, createCrawlHandler, 'The crawl reader stopped.');
  let reject: (e: Error) => void = () => {};
  const result = new Promise<CrawlTable>((resolve, rej) => {
    reject = rej;
    calls
      .call({ file, mapping }, onProgress)
      .then(resolve, rej)
      .finally(() => calls.dispose());
  });
  return {
    result,
    cancel() {
      reject(abortError());
      calls.dispose();
    },
  };
}
