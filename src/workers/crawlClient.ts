/**
 * Main-thread side of the crawl reader: one worker per file behind the generic worker client
 * (client.ts), progress events, cancel by stopping it, and the same handler in the page where
 * module workers cannot start.
 */

import { concatBytes } from '../core/arrays.ts';
import type { CrawlMapping } from '../core/crawl/detect.ts';
import { crawlWanted } from '../core/crawl/join.ts';
import {
  type CrawlMatches,
  dropDuplicates,
  exactRows,
  type ListedUrls,
  matchHalf,
  mergeHalves,
} from '../core/crawl/match.ts';
import { type CrawlHead, crawlInflateRefusal, MAX_CRAWL_INFLATED, sniffCrawl } from '../core/crawl/read.ts';
import { type CrawlPart, CrawlReader, HEAD_BYTES, partBuffers } from '../core/crawl/reader.ts';
import { partReader, SPLIT_MIN_BYTES, SPLIT_PROBE_BYTES, splitPoint } from '../core/crawl/split.ts';
import { CRAWL_ARRAYS, type CrawlTable } from '../core/crawl/table.ts';
import { isGzip } from '../core/magic.ts';
import type { CallHandler } from './calls.ts';
import { createWorkerCalls, type WorkerCalls, type WorkerLike } from './client.ts';
import { type CrawlArrays, type CrawlTableHead, crawlTableParts, joinCrawlTable } from './crawlParts.ts';

/**
 * A call to the crawl reader (served by crawl.worker.ts through workers/calls.ts): `read` parses
 * a file; with `join` set the table stays in the worker for the `match` call, which matches the
 * page's listed URLs against it (core/crawl/match.ts) and answers the table with the matches. A
 * file read by two workers (core/crawl/split.ts): `read` with `to` reads its bytes up to there and
 * answers whether that is a record's end (`split`); `part` (the second worker) reads from `from`
 * to the end and posts the rows on `port`; `rest` then has the first worker append the part that
 * comes on its `port` (the other end: the rows go from worker to worker, never through the page),
 * or (without one) read on to the end itself, and keep the table for `match`. A `match` may come
 * while the file is still read (the page sends the listed URLs as soon as they are made): in a
 * split read each worker then matches them against the half it read (`matchHalf`: the first
 * forwards them to the second on the same port, the second answers there) and the first merges
 * the two answers (`mergeHalves`), so neither half's lookups wait for the other half's append. A
 * `match` with a `port` posts the table's arrays on it in parts of at most `partBytes`
 * (crawlParts.ts: one message per part, so the page takes ~90 MB over in several tasks) and
 * answers the rest of the table (`head`) with the matches.
 */
export type CrawlReadRequest =
  | { kind?: 'read'; file: File; mapping?: CrawlMapping; join?: boolean; to?: number }
  | { kind: 'part'; file: File; mapping?: CrawlMapping; from: number; port: MessagePort }
  | { kind: 'rest'; port?: MessagePort }
  | { kind: 'match'; listed: ListedUrls; port?: MessagePort; partBytes?: number };

/** The crawl reader's answer: the table (null from a `read` that keeps it for `match`). */
export interface CrawlReadAnswer {
  table: CrawlTable | null;
  matches?: CrawlMatches;
  /** A `read` with `to`: the bytes read end at a record's end (a `part` from there fits). */
  split?: boolean;
  /** A `match` with a `port`: the table without its arrays, and how many parts the port carried. */
  head?: CrawlTableHead;
  parts?: number;
}

/** A promise and its settlers. */
interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (v: T) => void = () => {};
  let reject: (e: unknown) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Settled for whoever asks; a read that fails before its `match` came rejects it unobserved.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * Reads one crawl file into its compact table, reporting progress in bytes read, and
 * (the `match` call) joins the listed URLs with it; the typed arrays are moved to the page, not
 * copied. Runs in the crawl worker and, where no worker starts, in the page.
 */
export function createCrawlHandler(): CallHandler<CrawlReadRequest, CrawlReadAnswer> {
  /** The table a `read` with `join` (or a `rest`) keeps for the `match` call. */
  let kept = deferred<ReadTable>();
  /** The listed URLs of the `match` call as sent, and with their bytes in one buffer (`one`). */
  let listing = deferred<{ sent: ListedUrls; one: ListedUrls }>();
  /** A `read` with `to`: the reader, waiting for `rest`. */
  let open: { reader: CrawlReader; file: File; at: number } | null = null;
  return async (req, ctx) => {
    if (req.kind === 'match') {
      // One buffer for this worker's lookups; the parts themselves may go on to the second reader.
      const listed = { ...req.listed, parts: [concatBytes(req.listed.parts)] };
      listing.resolve({ sent: req.listed, one: listed });
      const read = await kept.promise;
      kept = deferred();
      listing = deferred();
      const { table, urlHashes } = read;
      const matches: CrawlMatches = read.matches
        ? await read.matches
        : {
            rows: exactRows(table, listed, ctx.progress, urlHashes),
            wanted: crawlWanted(table, listed.scope),
            scope: listed.scope,
          };
      const { port } = req;
      if (port) {
        // The arrays in parts, each a message (a task on the page) of its own; the answer last.
        const { head, parts } = crawlTableParts(table, req.partBytes);
        for (const part of parts)
          port.postMessage(part, Object.values(part).map((a) => a.buffer) as Transferable[]);
        port.close();
        ctx.transfer([matches.rows.buffer, matches.wanted.buffer]);
        return { table: null, matches, head, parts: parts.length };
      }
      ctx.transfer([...CRAWL_ARRAYS.map((k) => table[k].buffer), matches.rows.buffer, matches.wanted.buffer]);
      return { table, matches };
    }
    if (req.kind === 'part') {
      const { file, from } = req;
      const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
      const reader = partReader(head, file.name, req.mapping);
      if (!reader) throw new Error(`No URL column found in ${file.name}.`);
      await pushBlob(reader, file, from, file.size, (d) => ctx.progress(d - from, file.size - from));
      const part = reader.part();
      const half = reader.half();
      if (!part || !half) throw new Error(`No URL column found in ${file.name}.`);
      const { port } = req;
      const next = messagesOn(port);
      port.postMessage(part, partBuffers(part) as Transferable[]);
      // Then the listed URLs come from the first reader: matched against this half, answered there.
      const matches = matchHalf(half, (await next()) as ListedUrls);
      port.postMessage(matches, [matches.rows.buffer, matches.wanted.buffer]);
      port.close();
      return { table: null };
    }
    if (req.kind === 'rest') {
      if (!open) throw new Error('No crawl file was read.');
      const { reader, file, at } = open;
      open = null;
      const { port } = req;
      const reading = async (): Promise<ReadTable> => {
        if (!port) {
          await pushBlob(reader, file, at, file.size, ctx.progress);
          return endRead(reader, file.name);
        }
        const next = messagesOn(port);
        const half = reader.half();
        if (!half) throw new Error(`No URL column found in ${file.name}.`);
        // This half matched as soon as the listed URLs are here (the other half's rows may still
        // be on their way), and the URLs sent on to the second reader for its half.
        const mine = listing.promise.then(({ sent, one }) => {
          // The parts as sent move on (this worker reads `one`); a single part is `one` itself.
          const parts = sent.parts.length > 1 ? sent.parts : sent.parts.map((p) => p.slice());
          const theirs: ListedUrls = {
            parts,
            starts: sent.starts.slice(),
            hashes: sent.hashes.slice(),
            scope: sent.scope,
          };
          port.postMessage(theirs, [
            ...parts.map((p) => p.buffer),
            theirs.starts.buffer,
            theirs.hashes.buffer,
          ] as Transferable[]);
          return matchHalf(half, one);
        });
        reader.append((await next()) as CrawlPart);
        const read = endRead(reader, file.name);
        const firstRows = half.rows;
        read.matches = Promise.all([mine, next() as Promise<CrawlMatches>]).then(([a, b]) => {
          port.close();
          return dropDuplicates(mergeHalves(a, b, firstRows), read.table.flags);
        });
        read.matches.catch(() => {});
        return read;
      };
      await settle(reading());
      return { table: null };
    }
    const { file, mapping, to } = req;
    // A gzipped export (`internal_all.csv.gz`) is inflated here, as it is read: never split.
    const gzipped = to === undefined && (await isGzipBlob(file));
    const name = gzipped ? file.name.replace(/\.gz$/i, '') : file.name;
    const reader = new CrawlReader({ fileName: name, mapping });
    if (to !== undefined) {
      try {
        await pushBlob(reader, file, 0, to, ctx.progress);
      } catch (e) {
        kept.reject(e);
        throw e;
      }
      open = { reader, file, at: to };
      return { table: null, split: reader.atRecordStart() };
    }
    const reading = (async () => {
      if (gzipped) await pushGunzipped(reader, file, ctx.progress);
      else await pushBlob(reader, file, 0, file.size, ctx.progress);
      return endRead(reader, name);
    })();
    if (req.join) {
      await settle(reading);
      return { table: null };
    }
    const { table } = await reading;
    ctx.transfer(CRAWL_ARRAYS.map((k) => table[k].buffer));
    return { table };
  };

  /** `reading`'s table kept for `match` (its error is `match`'s too); resolves with it. */
  async function settle(reading: Promise<ReadTable>): Promise<ReadTable> {
    try {
      const read = await reading;
      kept.resolve(read);
      return read;
    } catch (e) {
      kept.reject(e);
      throw e;
    }
  }
}

/** The messages `port` gets, in order: `next()` resolves with the next one. */
function messagesOn(port: MessagePort): () => Promise<unknown> {
  const came: unknown[] = [];
  const waiting: Array<(v: unknown) => void> = [];
  port.onmessage = (ev: MessageEvent) => {
    const w = waiting.shift();
    if (w) w(ev.data);
    else came.push(ev.data);
  };
  return () =>
    came.length > 0 ? Promise.resolve(came.shift()) : new Promise((resolve) => waiting.push(resolve));
}

/** Bytes read from the file at a time: the reader's memory is the table plus about two of these. */
const READ_CHUNK = 8 << 20;

/** A table read, with its rows' URL hashes (for `exactRows`). */
interface ReadTable {
  table: CrawlTable;
  urlHashes: Uint32Array | undefined;
  /** A split read: the matches merged from the two halves' (once the listed URLs came). */
  matches?: Promise<CrawlMatches>;
}

/**
 * Push the bytes `[from, to)` of a file to `reader` in chunks (the next one is being read while
 * one is parsed), reporting the offset reached; the whole file is never in memory. Stops early
 * when the reader refuses the file.
 */
async function pushBlob(
  reader: CrawlReader,
  file: Blob,
  from: number,
  to: number,
  progress: (done: number, total: number) => void,
): Promise<void> {
  const slice = (at: number) => file.slice(at, Math.min(to, at + READ_CHUNK)).arrayBuffer();
  let next = from < to ? slice(from) : null;
  for (let at = from; next; at += READ_CHUNK) {
    const bytes = new Uint8Array(await next);
    next = at + READ_CHUNK < to ? slice(at + READ_CHUNK) : null;
    if (!reader.push(bytes)) break;
    progress(Math.min(to, at + READ_CHUNK), to);
  }
}

/** True when a file starts as a gzip stream does. */
async function isGzipBlob(file: Blob): Promise<boolean> {
  return isGzip(new Uint8Array(await file.slice(0, 2).arrayBuffer()));
}

/**
 * Push what a gzipped file inflates to (the platform's native gunzip, fed in READ_CHUNK slices)
 * to `reader`, reporting the compressed bytes fed; at most `max` bytes inflated (a bomb stops
 * there, with the reason). The whole file is never in memory, and a cancel (the worker stopped)
 * stops it at once. Exported for tests.
 */
export async function pushGunzipped(
  reader: CrawlReader,
  file: Blob & { name?: string },
  progress: (done: number, total: number) => void,
  max = MAX_CRAWL_INFLATED,
): Promise<void> {
  const name = file.name ?? 'The crawl file';
  const ds = new DecompressionStream('gzip');
  const writer = ds.writable.getWriter();
  const feed = (async () => {
    for (let at = 0; at < file.size; at += READ_CHUNK) {
      const bytes = new Uint8Array(await file.slice(at, Math.min(file.size, at + READ_CHUNK)).arrayBuffer());
      await writer.ready;
      await writer.write(bytes);
      progress(Math.min(file.size, at + READ_CHUNK), file.size);
    }
    await writer.close();
  })();
  // A failed read of the file fails the inflated stream read below.
  feed.catch((e) => writer.abort(e).catch(() => {}));
  const inflated = ds.readable.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await inflated.read();
      if (done) break;
      total += value.length;
      if (total > max) throw new Error(crawlInflateRefusal(name, max));
      if (!reader.push(value)) break;
    }
  } catch (e) {
    void inflated.cancel().catch(() => {});
    void writer.abort().catch(() => {});
    if (total > max) throw e;
    throw new Error(`${name} is not a readable gzip file (${e instanceof Error ? e.message : e})`);
  }
  void inflated.cancel().catch(() => {});
}

/** The reader's table (after the last `push` or `append`), or the error of a file without URLs. */
function endRead(reader: CrawlReader, name: string): ReadTable {
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

/**
 * Most bytes of the table's arrays in one message from the crawl worker (an array longer than
 * this, the URL bytes, comes alone): ~90 MB at 1,000,000 rows arrive in ~7 messages.
 */
export const TABLE_PART_BYTES = 16 << 20;

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
  /** How many workers read the file (2: split in two halves; set once both were joined). */
  parts: number;
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
 * is parsed) has the worker join them too: `matches` then holds the answer; a file of
 * `splitMin` bytes or more is then read by two workers, each over about half of it
 * (core/crawl/split.ts). `makeWorker` is for tests.
 *
 * @example const r = readCrawlFile(file, undefined, (d, t) => show(d / t)); attach(await r.result, r.matches);
 */
export function readCrawlFile(
  file: File,
  mapping: CrawlMapping | undefined,
  onProgress: (done: number, total: number, phase: CrawlPhase) => void,
  makeWorker: () => WorkerLike | null = crawlWorker,
  listed?: Promise<ListedUrls | null>,
  splitMin = SPLIT_MIN_BYTES,
  partBytes = TABLE_PART_BYTES,
): CrawlReading {
  const calls = createWorkerCalls(makeWorker, createCrawlHandler, 'The crawl reader stopped.');
  /** The second worker of a split read, while it runs. */
  let second: WorkerCalls<CrawlReadRequest, CrawlReadAnswer> | null = null;
  let reject: (e: Error) => void = () => {};
  /** Stops taking the table's parts (cancel: the parts filed so far are let go). */
  let stopFiling: () => void = () => {};
  const reading: CrawlReading = {
    result: Promise.resolve(null as unknown as CrawlTable),
    matches: null,
    parts: 1,
    cancel() {
      reject(abortError());
      calls.dispose();
      second?.dispose();
      stopFiling();
    },
  };
  /** Read the file into the first worker, which keeps the table for `match`. */
  const readAll = async (): Promise<void> => {
    const split = await splitOf(file, splitMin);
    if (split < 0) {
      await calls.call({ file, mapping, join: true }, (d, t) => onProgress(d, t, 'read'));
      return;
    }
    let first = 0;
    let rest = 0;
    const report = () => onProgress(first + rest, file.size, 'read');
    second = createWorkerCalls(makeWorker, createCrawlHandler, 'The crawl reader stopped.');
    const channel = new MessageChannel();
    const part = second.call(
      { kind: 'part', file, mapping, from: split, port: channel.port1 },
      (d) => {
        rest = d;
        report();
      },
      [channel.port1],
    );
    // Settled below either way; a failure here is the first worker's too.
    part.catch(() => {});
    const head = await calls.call({ file, mapping, join: true, to: split }, (d) => {
      first = d;
      report();
    });
    if (head.split) {
      // The first worker's `rest` ends when its table is made; the second's `part` only once it
      // answered its half's matches (after the listed URLs came), so it is not waited for here
      // but a failure of it fails the read.
      const restCall = calls.call({ kind: 'rest', port: channel.port2 }, undefined, [channel.port2]);
      await Promise.race([restCall, part.then(() => restCall)]);
      reading.parts = 2;
    } else {
      // The guessed split was inside a quoted field: the first worker reads on alone.
      second.dispose();
      second = null;
      channel.port2.close();
      rest = 0;
      await calls.call({ kind: 'rest' }, (d) => {
        first = d;
        report();
      });
    }
  };
  const run = async (): Promise<CrawlTable> => {
    if (!listed) {
      const { table } = await calls.call({ file, mapping }, (d, t) => onProgress(d, t, 'read'));
      if (!table) throw new Error(`No URL column found in ${file.name}.`);
      return table;
    }
    // The listed URLs go to the first worker as soon as they are made, while the file is read (a
    // split read matches them against each half as it is done); its answer comes after the read.
    const channel = new MessageChannel();
    let joining = false;
    const matched = listed.then((urls) =>
      urls
        ? calls.call(
            { kind: 'match', listed: urls, port: channel.port1, partBytes },
            (d, t) => {
              if (joining) onProgress(d, t, 'join');
            },
            // The URLs' bytes move to the worker (the page keeps no use for them).
            [...urls.parts.map((p) => p.buffer), urls.starts.buffer, urls.hashes.buffer, channel.port1],
          )
        : // Nothing to join after all (no document): the table comes back alone.
          calls.call({ kind: 'match', listed: emptyListing() }),
    );
    // Settled below; a failed read must not leave it unobserved.
    matched.catch(() => {});
    await readAll();
    const urls = await listed;
    if (!urls) {
      channel.port2.close();
      const answer = await matched;
      if (!answer.table) throw new Error(`No URL column found in ${file.name}.`);
      return answer.table;
    }
    joining = true;
    onProgress(0, urls.starts.length - 1, 'join');
    // The table's arrays come on that port in parts, a message (a task here) each, so no task
    // takes ~90 MB of new external memory over at once; the answer brings the rest.
    const arrays: Partial<CrawlArrays> = {};
    let filed = 0;
    let expected = -1;
    let allFiled: () => void = () => {};
    const filing = new Promise<void>((resolve) => {
      allFiled = resolve;
    });
    channel.port2.onmessage = (ev: MessageEvent<Partial<CrawlArrays>>) => {
      Object.assign(arrays, ev.data);
      if (++filed === expected) allFiled();
    };
    stopFiling = () => {
      channel.port2.onmessage = null;
      channel.port2.close();
      for (const k of Object.keys(arrays)) delete arrays[k as keyof CrawlArrays];
      allFiled();
    };
    let answer: CrawlReadAnswer;
    try {
      answer = await matched;
    } catch (e) {
      channel.port2.close();
      throw e;
    }
    const { head, parts } = answer;
    if (!head || parts === undefined) throw new Error(`No URL column found in ${file.name}.`);
    expected = parts;
    if (filed < expected) await filing;
    channel.port2.onmessage = null;
    channel.port2.close();
    const table = joinCrawlTable(head, arrays);
    reading.matches = answer.matches ?? null;
    // The first script after the last part takes the garbage collector's reaction to the new
    // external memory (a scavenge, the start of a major GC's marking and its first step): a task
    // of its own, before the one that takes the table over.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return table;
  };
  reading.result = new Promise<CrawlTable>((resolve, rej) => {
    reject = rej;
    run()
      .then(resolve, rej)
      .finally(() => {
        calls.dispose();
        second?.dispose();
      });
  });
  return reading;
}

/**
 * Where a second worker starts reading `file` (core/crawl/split.ts `splitPoint`, from its first
 * bytes and a probe at its middle), or -1: one worker reads it all.
 */
async function splitOf(file: Blob, min: number): Promise<number> {
  if (file.size < Math.max(min, 2 * HEAD_BYTES) || (await isGzipBlob(file))) return -1;
  const mid = Math.floor(file.size / 2);
  const [start, around] = await Promise.all(
    [file.slice(0, 4), file.slice(mid, mid + SPLIT_PROBE_BYTES)].map(
      async (b) => new Uint8Array(await b.arrayBuffer()),
    ),
  );
  return splitPoint(start, around, mid);
}

/** No listed URLs (the table is answered with empty matches). */
function emptyListing(): ListedUrls {
  return { parts: [], starts: Int32Array.of(0), hashes: new Uint32Array(0), scope: '' };
}
