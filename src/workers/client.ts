/**
 * Main-thread client of the sitemap worker: request ids, progress callbacks, AbortSignal
 * cancellation, transferable buffers, and an in-thread fallback running the same engine when
 * `Worker` is unavailable (or the worker fails to start). `createWorkerCalls` is the same for
 * any other worker that serves typed calls (workers/calls.ts), such as the CSV reader.
 */
import type { ExportDiff } from '../core/keep/diff.ts';
import type { EntryPrints, KeepParts } from '../core/keep/restore.ts';
import { lazyEntries, lazyRows, plainEntries, type Slot, slotPeek, slotsOf } from '../core/lazyEntries.ts';
import type { Entry, Issue, ParseResult, SitemapDocument, ValidationSettings } from '../core/model.ts';
import type { ExportProblem, VerifyOptions } from '../core/serialize/verify.ts';
import type { ColumnOrder } from '../core/sort/columnOrder.ts';
import type { CheckedColumns, ValidationSnapshot } from '../core/validate.ts';
import type { ZipFiles } from '../core/workspace/zipInput.ts';
import type { CallAnswer, CallHandler, CallRequest } from './calls.ts';
import type { OutputFile, SerializeOptions } from './coreTypes.ts';
import type { Engine } from './engine.ts';
import type { EntryRows } from './entryRows.ts';
// Loaded on the first gzip export: it stays out of the app's first chunk.
import type { BodyChannel, Serialized } from './exportPage.ts';
import {
  chunkEnds,
  isProtocolMessage,
  ORDERED_COLUMNS,
  type OrderMessage,
  PROTOCOL_VERSION,
  type ResultPayloads,
  type SerializeRequest,
  transferablesOf,
  type VerifyRequest,
  type WorkerRequest,
  type WorkerResponse,
} from './protocol.ts';

/** True for the formats the page serializes itself (exportPage.ts); the worker only compresses. */
function pageSerializes(options: SerializeOptions): boolean {
  return options.format === 'xml.gz' || options.format === 'txt.gz';
}

/** Progress callback: `done` of `total` units of the named phase. */
export type ProgressFn = (phase: string, done: number, total: number) => void;

/**
 * Main-thread face of the sitemap worker. Every call may be cancelled with an AbortSignal: the
 * promise then rejects with an error named `AbortError` and a late result is dropped.
 * `parse` takes ownership of `bytes` (its buffer is transferred to the worker).
 */
export interface SitemapClient {
  /**
   * Optional: start the worker now instead of at the first request, so opening a file does not
   * wait for (or pay inside its measurement for) the worker's script load and start-up.
   */
  start?(): void;
  parse(
    bytes: Uint8Array,
    fileName: string,
    onProgress?: ProgressFn,
    signal?: AbortSignal,
    onOrder?: OrderFn,
    /** Validate in the worker too (see `ParseRequest.validate`); ignored without a worker. */
    validate?: ValidationSettings,
    /**
     * Called for each entry chunk that came with its per-entry pass (a big document, with
     * `validate`): `entries` holds every entry received so far, the chunk's from `from` on.
     */
    onChecked?: CheckedFn,
  ): Promise<ParseResult & { file?: Uint8Array; validation?: ValidationSnapshot }>;
  /**
   * Optional: asks the worker for the sort orders of the parses resolved so far whose `onOrder`
   * has not been asked for yet: the worker holds them until then (`ParseRequest.ordersLater`),
   * so that it does not sort while the page still checks the document it opened.
   */
  releaseOrders?(): void;
  /**
   * Optional: parse a restored document's file again for its keep source, sending back only what
   * the page's prints of its entries do not match (core/keep/restore.ts). The parse starts at
   * once; `prints` follow when ready (null: give up, the request is cancelled). Takes ownership
   * of `bytes` and of the prints' buffers.
   */
  keepParts?(
    bytes: Uint8Array,
    fileName: string,
    prints: Promise<EntryPrints | null>,
    signal?: AbortSignal,
  ): Promise<KeepParts | null>;
  /**
   * gzip (and verify, OUT-010) ready files whose `.gz` names hold raw bytes (transferred);
   * optional: without it the caller compresses on its own thread.
   */
  compress?(
    files: OutputFile[],
    options: SerializeOptions,
    onProgress?: ProgressFn,
    signal?: AbortSignal,
  ): Promise<{ files: OutputFile[]; issues: Issue[] }>;
  serialize(
    doc: SitemapDocument,
    options: SerializeOptions,
    onProgress?: ProgressFn,
    signal?: AbortSignal,
  ): Promise<{ files: OutputFile[]; issues: Issue[] }>;
  /**
   * Extract a .zip off the main thread (takes ownership of `bytes`): the result of core
   * `readZipFiles`, with `decompress` progress; rejects with an AbortError when `signal` aborts.
   */
  unzip?(bytes: Uint8Array, onProgress?: ProgressFn, signal?: AbortSignal): Promise<ZipFiles>;
  /**
   * Optional: core `exportDiff` off the main thread (takes ownership of both buffers: pass
   * copies); null when the export cannot be read back.
   */
  diff?(
    before: Uint8Array,
    after: Uint8Array,
    gzipped: boolean,
    lines: number[],
    added: number,
    signal?: AbortSignal,
  ): Promise<ExportDiff | null>;
  /**
   * Optional: core `verifyExport(doc, bytes, options)` (default at most one problem) off the main
   * thread (takes ownership of `bytes`: pass a copy); the entries go over in chunks like a
   * serialize's.
   */
  verify?(
    doc: SitemapDocument,
    bytes: Uint8Array,
    signal?: AbortSignal,
    options?: VerifyOptions,
  ): Promise<ExportProblem[]>;
}

/**
 * Receives a column order the worker computed after a big parse (see `OrderMessage`), with the
 * parse result's entries array it orders; called after the parse promise resolved.
 */
export type OrderFn = (order: ColumnOrder, entries: readonly Entry[]) => void;

/** Parses whose orders may still come; the oldest are forgotten past this many. */
const ORDER_LISTENERS = 4;

/** The subset of `Worker` the client uses (tests pass fakes). */
export interface WorkerLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  terminate(): void;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

/** Client options: how to make a worker (null = in-thread), and the in-thread engine. */
export interface ClientOptions {
  createWorker?: () => WorkerLike | null;
  engine?: Engine;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress?: ProgressFn;
  /**
   * Entries of a big parse result received so far, in order (see `EntriesMessage`), appended as
   * each chunk arrives: joining 1,000,000 entries at the end took one task of ~100 ms CPU.
   */
  received?: Entry[];
  /** The received rows behind `received` (its entries are made when read) and its slots. */
  rows?: EntryRows;
  slots?: Slot[];
  /** How many entry chunks were received. */
  chunks?: number;
  /** The parsed bytes, when they came with the first entry chunk (`EntryColumnsMessage.file`). */
  file?: Uint8Array;
  onChecked?: CheckedFn;
}

/**
 * Receives the per-entry pass of one entry chunk (see `SitemapClient.parse`); `checked` null: the
 * chunks received so far are dropped (the worker sends the entries again, see `RestartMessage`),
 * and what was filed from them must be too.
 */
export type CheckedFn = (entries: readonly Entry[], from: number, checked: CheckedColumns | null) => void;

function abortError(): Error {
  return Object.assign(new Error('The operation was cancelled.'), { name: 'AbortError' });
}

/** Default worker factory: the Vite-bundled module worker, or null where `Worker` is missing. */
export function defaultWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./sitemap.worker.ts', import.meta.url), {
      type: 'module',
    }) as unknown as WorkerLike;
  } catch {
    return null;
  }
}

/**
 * Create the client. Without a worker, requests run in this thread through the same engine,
 * asynchronously, with identical messages (minus the transfer).
 *
 * @example
 * const client = createSitemapClient();
 * const result = await client.parse(bytes, 'sitemap.xml.gz', (phase, done, total) => {}, controller.signal);
 */
// The received rows' reader (workers/entryRows.ts, the entry decoder with it): loaded on the
// first request, so that it stays out of the app's first chunk (a document arrives after it).
let rowsModule: typeof import('./entryRows.ts') | null = null;
let rowsLoad: Promise<void> | null = null;
function loadRows(): Promise<void> {
  rowsLoad ??= import('./entryRows.ts').then(
    (m) => {
      rowsModule = m;
    },
    (e: unknown) => {
      rowsLoad = null; // the next request tries again
      throw e;
    },
  );
  return rowsLoad;
}

export function createSitemapClient(
  options: ClientOptions = {},
): SitemapClient & { dispose(): void; readonly inThread: boolean } {
  const makeWorker = options.createWorker ?? defaultWorker;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: WorkerLike | null | undefined;
  let engine: Engine | null = options.engine ?? null;
  let broken = false;

  // Order listeners by parse request id; `entries` is set once that parse resolved, `held` when
  // the worker holds its orders until `releaseOrders` asks for them.
  const orders = new Map<number, { fn: OrderFn; entries: readonly Entry[] | null; held?: boolean }>();
  const onOrder = (msg: OrderMessage) => {
    const o = orders.get(msg.requestId);
    if (!o?.entries) return;
    if (msg.column === ORDERED_COLUMNS[ORDERED_COLUMNS.length - 1]) orders.delete(msg.requestId);
    o.fn({ column: msg.column, asc: msg.asc, filled: msg.filled, runEnd: msg.runEnd }, o.entries);
  };

  const onResponse = (msg: WorkerResponse) => {
    if (msg.type === 'order') return onOrder(msg);
    const p = pending.get(msg.requestId);
    if (!p) return; // stale: cancelled or unknown request
    if (msg.type === 'progress') {
      p.onProgress?.(msg.phase, msg.done, msg.total);
      return;
    }
    if (msg.type === 'restart') {
      // The chunks so far came from a reading that is not the result's: they are dropped, and the
      // page's filing of their pass with them (its next chunk starts again at 0). The parsed bytes
      // (`file`), once sent, are not sent again.
      p.rows = p.slots = p.received = undefined;
      p.chunks = 0;
      p.onChecked?.([], 0, null);
      return;
    }
    if (msg.type === 'entries' || msg.type === 'columns') {
      // The rows are kept as the columns they came in; an entry is made when first read (the
      // validator, id index, edit copy and autosave read ids and locs from the columns): no
      // object per row to copy in the scavenges while chunks arrive (docs/perf.md, session 16).
      const { EntryRows, objectColumns } = rowsModule!;
      if (p.rows === undefined || p.slots === undefined || p.received === undefined) {
        p.rows = new EntryRows();
        p.slots = [];
        p.received = lazyEntries(p.rows, p.slots);
      }
      const { rows, slots } = p;
      const from = rows.n;
      rows.add(msg.type === 'columns' ? msg.columns : objectColumns(msg.entries));
      for (let i = from; i < rows.n; i++) slots.push(i);
      if (msg.type === 'columns' && msg.checked) p.onChecked?.(p.received, from, msg.checked);
      if (msg.type === 'columns' && msg.file) p.file = msg.file;
      p.chunks = (p.chunks ?? 0) + 1;
      return;
    }
    pending.delete(msg.requestId);
    const listener = orders.get(msg.requestId);
    if (listener && msg.type === 'result' && msg.ordersHeld) listener.held = true;
    if (msg.type === 'error') {
      orders.delete(msg.requestId);
      p.reject(new Error(msg.message));
    } else if (msg.kind === 'parse' && msg.entryChunks !== undefined) {
      if ((p.chunks ?? 0) !== msg.entryChunks) {
        orders.delete(msg.requestId);
        p.reject(new Error('The background worker lost part of the file.'));
        return;
      }
      const entries = p.received ?? [];
      if (listener) listener.entries = entries;
      const file = msg.result.file ?? p.file;
      p.resolve({ ...msg.result, ...(file ? { file } : {}), document: { ...msg.result.document, entries } });
    } else if (msg.kind === 'keep' && msg.entryChunks !== undefined && msg.result) {
      if ((p.chunks ?? 0) !== msg.entryChunks) {
        p.reject(new Error('The background worker lost part of the file.'));
        return;
      }
      p.resolve({ ...msg.result, differ: p.received ?? [] });
    } else {
      if (listener && msg.kind === 'parse') listener.entries = msg.result.document.entries;
      p.resolve(msg.result);
    }
  };

  // Responses wait, in order, until the received rows' reader is loaded (`rowsModule`).
  const held: WorkerResponse[] = [];
  const onMessage = (msg: WorkerResponse) => {
    if (rowsModule !== null && held.length === 0) return onResponse(msg);
    held.push(msg);
    if (held.length > 1) return;
    loadRows().then(
      () => {
        for (const m of held.splice(0)) onResponse(m);
      },
      () => {
        held.length = 0;
        for (const [id, p] of pending) {
          pending.delete(id);
          p.reject(new Error('The page could not load its document reader; please reload.'));
        }
      },
    );
  };

  const getWorker = (): WorkerLike | null => {
    if (broken) return null;
    if (worker === undefined) {
      worker = makeWorker();
      if (worker) {
        worker.onmessage = (ev) => {
          if (isProtocolMessage(ev.data)) onMessage(ev.data as WorkerResponse);
        };
        worker.onerror = () => {
          // A worker that fails to load (CSP, old browser) fails every request; fall back.
          broken = true;
          worker?.terminate();
          worker = null;
          for (const [id, p] of pending) {
            pending.delete(id);
            p.reject(new Error('The background worker failed; please retry.'));
          }
        };
      }
    }
    return worker;
  };

  const send = (req: WorkerRequest) => {
    const w = getWorker();
    if (w) {
      // A received document's entries are a Proxy (core/lazyEntries.ts), which no structured clone takes.
      if ('doc' in req && lazyRows(req.doc.entries) !== null)
        req = { ...req, doc: { ...req.doc, entries: plainEntries(req.doc.entries) } };
      w.postMessage(req, transferablesOf(req));
      return;
    }
    // Run after the caller has attached its handlers, like a real worker would.
    const run = (e: Engine) => queueMicrotask(() => void e.handle(req, (msg) => onMessage(msg)));
    if (engine) {
      run(engine);
      return;
    }
    // The in-thread engine (parser, serializer, gzip) loads only when the worker is unavailable,
    // so it stays out of the initial bundle. Imports resolve in call order: requests keep theirs.
    import('./engine.ts').then(
      (m) => {
        engine ??= m.createEngine();
        run(engine);
      },
      (e: unknown) =>
        onResponse({
          version: PROTOCOL_VERSION,
          requestId: req.requestId,
          type: 'error',
          message: `The in-page engine could not load: ${e instanceof Error ? e.message : String(e)}`,
        }),
    );
  };

  // A big document goes to the worker in chunks (see chunkEnds), one message per task, so
  // cloning it never blocks the page in one piece; a cancel stops the rest.
  const sendInChunks = async (req: SerializeRequest | VerifyRequest) => {
    const entries = req.doc.entries;
    const ends = chunkEnds(entries);
    if (ends.length <= 1) {
      send(req); // small: one message, sent before this function first awaits
      return;
    }
    // A received document's rows not made yet are sent as read, not kept (core/lazyEntries.ts).
    const { slots, source } = slotsOf(entries);
    let start = 0;
    for (const end of ends) {
      if (!pending.has(req.requestId)) return;
      const part = slots.slice(start, end).map((v) => slotPeek(v, source));
      start = end;
      send({ version: PROTOCOL_VERSION, requestId: req.requestId, type: 'entries', entries: part });
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    }
    if (pending.has(req.requestId))
      send({ ...req, doc: { ...req.doc, entries: [] }, entryChunks: ends.length });
  };

  const cancel = (requestId: number) => {
    orders.delete(requestId);
    if (!pending.delete(requestId)) return;
    send({ version: PROTOCOL_VERSION, requestId: nextId++, type: 'cancel', target: requestId });
    // A synchronous parse cannot see the cancel message; if nothing else is running, stop it hard.
    if (worker && pending.size === 0) {
      worker.terminate();
      worker = undefined;
    }
  };

  function request<K extends keyof ResultPayloads>(
    build: (requestId: number) => WorkerRequest,
    onProgress: ProgressFn | undefined,
    signal: AbortSignal | undefined,
    onChecked?: CheckedFn,
  ): Promise<ResultPayloads[K]> {
    if (signal?.aborted) return Promise.reject(abortError());
    const requestId = nextId++;
    void loadRows().catch(() => undefined);
    return new Promise<ResultPayloads[K]>((resolve, reject) => {
      const onAbort = () => {
        cancel(requestId);
        reject(abortError());
      };
      const done = () => signal?.removeEventListener('abort', onAbort);
      pending.set(requestId, {
        resolve: (v) => {
          done();
          resolve(v as ResultPayloads[K]);
        },
        reject: (e) => {
          done();
          reject(e);
        },
        onProgress,
        onChecked,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      const req = build(requestId);
      if ((req.type === 'serialize' || req.type === 'verify') && getWorker()) void sendInChunks(req);
      else send(req);
    });
  }

  const verify: NonNullable<SitemapClient['verify']> = (doc, bytes, signal, verifyOptions) =>
    request<'verify'>(
      (requestId) => ({
        version: PROTOCOL_VERSION,
        requestId,
        type: 'verify',
        doc,
        bytes,
        ...(verifyOptions === undefined ? {} : { options: verifyOptions }),
      }),
      undefined,
      signal,
    );

  return {
    get inThread() {
      return getWorker() === null;
    },
    start() {
      getWorker();
    },
    parse(bytes, fileName, onProgress, signal, onOrder, validate, onChecked) {
      return request<'parse'>(
        (requestId) => {
          if (onOrder) {
            orders.set(requestId, { fn: onOrder, entries: null });
            for (const id of orders.keys()) if (orders.size > ORDER_LISTENERS) orders.delete(id);
          }
          // In this thread the page would validate twice: only a real worker validates.
          const inWorker = validate !== undefined && getWorker() !== null;
          return {
            version: PROTOCOL_VERSION,
            requestId,
            type: 'parse',
            bytes,
            fileName,
            ...(inWorker ? { validate } : {}),
            // The orders wait for `releaseOrders` (the page's open done).
            ...(onOrder ? { ordersLater: true } : {}),
          };
        },
        onProgress,
        signal,
        onChecked,
      );
    },
    releaseOrders() {
      for (const [requestId, o] of orders) {
        if (o.entries === null || !o.held) continue;
        o.held = false;
        send({ version: PROTOCOL_VERSION, requestId, type: 'orders' });
      }
    },
    keepParts(bytes, fileName, prints, signal) {
      let id = 0;
      const answer = request<'keep'>(
        (requestId) => {
          id = requestId;
          return { version: PROTOCOL_VERSION, requestId, type: 'keep', bytes, fileName };
        },
        undefined,
        signal,
      );
      // No prints (the page gave up): the request ends with no keep source.
      const giveUp = () => {
        const p = pending.get(id);
        cancel(id);
        p?.resolve(null);
      };
      void prints.then((p) => {
        if (!pending.has(id)) return;
        if (p) send({ version: PROTOCOL_VERSION, requestId: id, type: 'prints', ...p });
        else giveUp();
      }, giveUp);
      return answer;
    },
    compress(files, compressOptions, onProgress, signal) {
      return request<'serialize'>(
        (requestId) => ({
          version: PROTOCOL_VERSION,
          requestId,
          type: 'compress',
          files,
          issues: [],
          options: compressOptions,
        }),
        onProgress,
        signal,
      );
    },
    unzip(bytes, onProgress, signal) {
      return request<'unzip'>(
        (requestId) => ({ version: PROTOCOL_VERSION, requestId, type: 'unzip', bytes }),
        onProgress,
        signal,
      );
    },
    verify,
    diff(before, after, gzipped, lines, added, signal) {
      return request<'diff'>(
        (requestId) => ({
          version: PROTOCOL_VERSION,
          requestId,
          type: 'diff',
          before,
          after,
          gzipped,
          lines,
          added,
        }),
        undefined,
        signal,
      );
    },
    serialize(doc, serializeOptions, onProgress, signal) {
      // gzip formats: the page serializes, the worker only compresses (see exportPage.ts).
      if (pageSerializes(serializeOptions) && getWorker()) {
        // Bodies stream to the worker while the page writes (see exportPage.ts).
        const streamId = nextId++;
        const channel: BodyChannel = {
          body: (file, parts) =>
            send({ version: PROTOCOL_VERSION, requestId: streamId, type: 'body', file, parts }),
          drop: () =>
            send({ version: PROTOCOL_VERSION, requestId: nextId++, type: 'cancel', target: streamId }),
        };
        const compress = (s: Serialized, heads: number[] | null) =>
          request<'serialize'>(
            (requestId) => ({
              version: PROTOCOL_VERSION,
              requestId,
              type: 'compress',
              ...s,
              options: serializeOptions,
              ...(heads ? { stream: { id: streamId, heads } } : {}),
            }),
            onProgress,
            signal,
          );
        // The files are checked in the worker too: the page only receives the verdict.
        const check = (part: SitemapDocument, bytes: Uint8Array) =>
          verify(part, bytes, signal, {
            lean: serializeOptions.lean ?? false,
            stripDeprecated: serializeOptions.stripDeprecated ?? false,
            maxProblems: 20,
          });
        return import('./exportPage.ts').then(({ exportInPage }) =>
          exportInPage(doc, serializeOptions, compress, signal, channel, check),
        );
      }
      return request<'serialize'>(
        (requestId) => ({
          version: PROTOCOL_VERSION,
          requestId,
          type: 'serialize',
          docVersion: 0,
          doc,
          options: serializeOptions,
        }),
        onProgress,
        signal,
      );
    },
    dispose() {
      for (const id of [...pending.keys()]) cancel(id);
      worker?.terminate();
      worker = undefined;
    },
  };
}

/** Typed calls to one worker that serves them (workers/calls.ts), or to the same handler here. */
export interface WorkerCalls<Req, Res> {
  /**
   * Send one call; rejects with the handler's error message, or when the worker stops.
   * `onProgress` gets the handler's progress reports; `transfer`: buffers of `req` to move to
   * the worker rather than copy (ignored in this thread).
   */
  call(
    req: Req,
    onProgress?: (done: number, total: number) => void,
    transfer?: ReadonlyArray<ArrayBufferLike | MessagePort>,
  ): Promise<Res>;
  /** Stop the worker; open and later calls reject. */
  dispose(): void;
  /** True while calls run in this thread. */
  readonly inThread: boolean;
}

/**
 * The generic worker client: calls answered by the worker `makeWorker` starts, or, where none
 * can start (no `Worker`, a CSP, a throw), by `handler()` in this thread, asynchronously and with
 * the same answers. A worker that stops (fails to load, crashes) rejects its open calls with
 * `stopped`; later calls then run in this thread.
 *
 * @example
 * const csv = createWorkerCalls(makeCsvWorker, createCsvHandler, 'The CSV reader stopped.');
 * const answer = await csv.call({ type: 'parse', file });
 */
export function createWorkerCalls<Req, Res>(
  makeWorker: () => WorkerLike | null,
  handler: () => CallHandler<Req, Res>,
  stopped = 'The background worker stopped.',
): WorkerCalls<Req, Res> {
  let worker: WorkerLike | null;
  try {
    worker = makeWorker();
  } catch {
    worker = null;
  }
  let local: CallHandler<Req, Res> | null = null;
  let disposed = false;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve(res: Res): void; reject(e: Error): void; progress?(done: number, total: number): void }
  >();
  const stop = (message: string) => {
    worker?.terminate();
    worker = null;
    for (const p of pending.values()) p.reject(new Error(message));
    pending.clear();
  };
  if (worker) {
    worker.onmessage = (ev) => {
      const answer = ev.data as CallAnswer<Res>;
      const p = pending.get(answer.callId);
      if (!p) return;
      if ('progress' in answer) {
        p.progress?.(answer.progress[0], answer.progress[1]);
        return;
      }
      pending.delete(answer.callId);
      if ('error' in answer) p.reject(new Error(answer.error));
      else p.resolve(answer.res);
    };
    worker.onerror = (ev) => {
      (ev as { preventDefault?(): void } | null)?.preventDefault?.();
      stop(stopped);
    };
  }
  return {
    get inThread() {
      return worker === null;
    },
    call(req, onProgress, transfer) {
      if (disposed) return Promise.reject(new Error(stopped));
      const w = worker;
      if (w === null) {
        local ??= handler();
        const run = local;
        const ctx = { progress: (d: number, t: number) => onProgress?.(d, t), transfer: () => {} };
        return Promise.resolve().then(() => run(req, ctx));
      }
      const callId = nextId++;
      return new Promise<Res>((resolve, reject) => {
        pending.set(callId, { resolve, reject, progress: onProgress });
        w.postMessage({ callId, req } satisfies CallRequest<Req>, (transfer ?? []) as Transferable[]);
      });
    },
    dispose() {
      disposed = true;
      local = null;
      stop(stopped);
    },
  };
}
