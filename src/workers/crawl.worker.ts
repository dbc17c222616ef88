/**
 * Reads a crawl CSV off the main thread (a 1,000,000-row export is hundreds of MB): decode,
 * detect, parse into the compact table, and transfer its arrays to the page. Progress is
 * reported per MB parsed; cancel = terminate the worker (crawlClient.ts).
 */
import { readCrawl } from '../core/crawl/read.ts';
import { CRAWL_ARRAYS } from '../core/crawl/table.ts';
import type { CrawlWorkerRequest, CrawlWorkerResponse } from './crawlClient.ts';

const scope = self as unknown as {
  onmessage: ((ev: MessageEvent<CrawlWorkerRequest>) => void) | null;
  postMessage(message: CrawlWorkerResponse, transfer?: Transferable[]): void;
};

scope.onmessage = async (ev) => {
  const req = ev.data;
  try {
    const bytes = new Uint8Array(await req.file.arrayBuffer());
    const table = readCrawl(bytes, req.file.name, req.mapping, (done, total) =>
      scope.postMessage({ type: 'progress', done, total }),
    );
    if (!table) {
      scope.postMessage({ type: 'error', message: `No URL column found in ${req.file.name}.` });
      return;
    }
    // Every column is a typed array of its own buffer: moved, not copied.
    const transfer = CRAWL_ARRAYS.map((k) => table[k].buffer);
    scope.postMessage({ type: 'table', table }, transfer as Transferable[]);
  } catch (e) {
    scope.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
