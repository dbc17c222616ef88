/**
 * Main-thread side of the crawl reader: one worker per file behind the generic worker client
 * (client.ts), progress events, cancel by stopping it, and the same handler in the page where
 * module workers cannot start.
 */
import type { CrawlMapping } from '../core/crawl/detect.ts';
import { crawlWanted } from '../core/crawl/join.ts';
import { type CrawlMatches, candidateRows, type ListedUrls } from '../core/crawl/match.ts';
import { type CrawlHead, sniffCrawl } from '../core/crawl/read.ts';
import { CrawlReader } from '../core/crawl/reader.ts';
import { CRAWL_ARRAYS, type CrawlTable } from '../core/crawl/table.ts';
import type { CallHandler } from './calls.ts';
import { createWorkerCalls, type WorkerLike } from './client.ts';

/**
 * A call to the crawl reader (served by crawl.worker.ts through workers/calls.ts): `read` parses
 * a file; with `join` set the table stays in the worker for the `match` call that follows, which
 * matches the page's listed URLs against it (core/crawl/match.ts) and answers the table with the
 * matches.
 */
export type CrawlReadRequest =
  | { kind?: 'read'; file: File; mapping?: CrawlMapping; join?: boolean }
  | { kind: 'match'; listed: ListedUrls };

/** The crawl reader's answer: the table (null from a `read` that keeps it for `match`). */
export interface CrawlReadAnswer {
  table: CrawlTable | null;
  matches?: CrawlMatches;
}

/**
 * Reads one crawl file into its compact table, reporting progress in bytes read, and
 * (the `match` call) joins the listed URLs with it; the typed arrays are moved to the page, not
 * copied. Runs in the crawl worker and, where no worker starts, in the page.
 */
export function createCrawlHandler(): CallHandler<CrawlReadRequest, CrawlReadAnswer> {
  /** The table a `read` with `join` keeps for the `match` call. */
  let kept: Promise<ReadTable> | null = null;
  return async (req, ctx) => {
    if (req.kind === 'match') {
      if (!kept) throw new Error('No crawl file was read.');
      const { table, urlHashes } = await kept;
      kept = null;
      const { listed } = req;
      const rows = candidateRows(table, listed.hashes, ctx.progress, urlHashes);
      const matches: CrawlMatches = { rows, wanted: crawlWanted(table, listed.scope), scope: listed.scope };
      ctx.transfer([...CRAWL_ARRAYS.map((k) => table[k].buffer), rows.buffer, matches.wanted.buffer]);
      return { table, matches };
    }
    const { file, mapping } = req;
    const reading = readCrawlBlob(file, file.name, mapping, ctx.progress);
    if (req.join) {
      kept = reading;
      await reading;
      return { table: null };
    }
    const { table } = await reading;
    ctx.transfer(CRAWL_ARRAYS.map((k) => table[k].buffer));
    return { table };
  };
}

/** Bytes read from the file at a time: the reader's memory is the table plus about two of these. */
const READ_CHUNK = 8 << 20;

/**
 * Read a crawl file in chunks (the next one is being read while one is parsed), reporting bytes
 * read; the whole file is never in memory.
 */
/** A table read, with its rows' URL hashes (for `candidateRows`). */
interface ReadTable {
  table: CrawlTable;
  urlHashes: Uint32Array | undefined;
}

async function readCrawlBlob(
  file: Blob,
  name: string,
  mapping: CrawlMapping | undefined,
  progress: (done: number, total: number) => void,
): Promise<ReadTable> {
  const reader = new CrawlReader({ fileName: name, mapping });
  const size = file.size;
  const slice = (at: number) => file.slice(at, Math.min(size, at + READ_CHUNK)).arrayBuffer();
  let next = size > 0 ? slice(0) : null;
  for (let at = 0; next; at += READ_CHUNK) {
    const bytes = new Uint8Array(await next);
    next = at + READ_CHUNK < size ? slice(at + READ_CHUNK) : null;
    if (!reader.push(bytes)) break;
    progress(Math.min(size, at + READ_CHUNK), size);
  }
  const table = reader.end();
  if (!table) throw new Error(`No URL column found in ${name}.`);
  return { table, urlHashes: reader.rowHashes() ?? undefined };
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
  /** The worker's matches of the listed URLs, set before `result` resolves (null: none asked or made). */
  matches: CrawlMatches | null;
  cancel(): void;
}

function abortError(): Error {
  const e = new Error('Reading the crawl data was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** What `readCrawlFile` is reporting progress of: parsing the file, or joining the listed URLs. */
export type CrawlPhase = 'read' | 'join';

/**
 * Read a whole crawl file in a worker of its own (through the generic worker client, with its
 * in-page fallback). `onProgress(done, total, phase)`: bytes of the file read, then (with `listed`)
 * listed URLs joined; `cancel()` stops the worker. `listed` (the page's URLs, made while the file
 * is parsed) has the worker join them too: `matches` then holds the answer. `makeWorker` is for
 * tests.
 *
 * @example const r = readCrawlFile(file, undefined, (d, t) => show(d / t)); attach(await r.result, r.matches);
 */
export function readCrawlFile(
  file: File,
  mapping: CrawlMapping | undefined,
  onProgress: (done: number, total: number, phase: CrawlPhase) => void,
  makeWorker: () => WorkerLike | null = crawlWorker,
  listed?: Promise<ListedUrls | null>,
): CrawlReading {
  const calls = createWorkerCalls(makeWorker, createCrawlHandler, 'The crawl reader stopped.');
  let reject: (e: Error) => void = () => {};
  const reading: CrawlReading = {
    result: Promise.resolve(null as unknown as CrawlTable),
    matches: null,
    cancel() {
      reject(abortError());
      calls.dispose();
    },
  };
  const run = async (): Promise<CrawlTable> => {
    if (!listed) {
      const { table } = await calls.call({ file, mapping }, (d, t) => onProgress(d, t, 'read'));
      if (!table) throw new Error(`No URL column found in ${file.name}.`);
      return table;
    }
    const read = calls.call({ file, mapping, join: true }, (d, t) => onProgress(d, t, 'read'));
    // Both settle before going on: a failed read must not leave the URLs' promise unobserved.
    const [, urls] = await Promise.all([read, listed]);
    if (!urls) {
      // Nothing to join after all (no document): the table comes back alone.
      const answer = await calls.call({ kind: 'match', listed: emptyListing() });
      if (!answer.table) throw new Error(`No URL column found in ${file.name}.`);
      return answer.table;
    }
    onProgress(0, urls.hashes.length, 'join');
    const answer = await calls.call({ kind: 'match', listed: urls }, (d, t) => onProgress(d, t, 'join'));
    if (!answer.table) throw new Error(`No URL column found in ${file.name}.`);
    reading.matches = answer.matches ?? null;
    // The page takes the table over in a task of its own, not in the one that received ~90 MB of
    // arrays (whose arrival sets off the garbage collector's external-memory marking).
    await new Promise((resolve) => setTimeout(resolve, 0));
    return answer.table;
  };
  reading.result = new Promise<CrawlTable>((resolve, rej) => {
    reject = rej;
    run()
      .then(resolve, rej)
      .finally(() => calls.dispose());
  });
  return reading;
}

/** No listed URLs (the table is answered with empty matches). */
function emptyListing(): ListedUrls {
  return { hashes: new Uint32Array(0), scope: '' };
}
