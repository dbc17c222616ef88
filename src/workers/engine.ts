/**
 * The request handler behind the protocol: the same code runs inside `sitemap.worker.ts` and,
 * when workers are unavailable, on the main thread (client.ts fallback). Heavy lifting is the
 * pure core: `parseSitemap`, `serializeFiles`, `validateDocument`.
 */
import { joinArrays } from '../core/arrays.ts';
import { noneUsed, scanExtensionColumns } from '../core/extensionUse.ts';
import { type EntryPrints, keepParts } from '../core/keep/restore.ts';
import type { Entry, ParseResult, SitemapDocument, ValidationSettings } from '../core/model.ts';
import { isGzip } from '../core/parse/gzip.ts';
import { DEFAULT_MAX_DECOMPRESSED_BYTES, parseOverCap, parseSitemap } from '../core/parse.ts';
import { serializeFiles } from '../core/serialize.ts';
import { columnOrder } from '../core/sort/columnOrder.ts';
import { type CheckedRun, checkColumns, checkedBuffers, checkedRun } from '../core/validate/checked.ts';
import { type ValidationSnapshot, Validator, validateDocument } from '../core/validate.ts';
import { encodeEntryColumns } from './entryColumnsEncode.ts';
import { ChunkStream, PAGE_PASS_EVERY } from './entryStream.ts';
import { compressFiles, exportGzipNative, type GzipStreamCtor, platformGzipStreams } from './exportGzip.ts';
import { BodyCompressor, type BodyStreams, streamedGzip } from './gzipStream.ts';
import { type DecompressionStreamCtor, nativeGunzip, platformDecompressionStream } from './nativeGunzip.ts';
import {
  chunkEnds,
  ORDERED_COLUMNS,
  type OrderMessage,
  PARSE_CHUNK_MIN_CHARS,
  PARSE_ENTRY_CHUNK,
  PROTOCOL_VERSION,
  type ProgressMessage,
  type SerializeRequest,
  transferablesOf,
  VALIDATE_IN_WORKER_MAX,
  type VerifyRequest,
  type WorkerRequest,
  type WorkerResponse,
} from './protocol.ts';

/** Sends a response, with the buffers to transfer. */
export type Post = (msg: WorkerResponse, transfer: ArrayBuffer[]) => void;

/**
 * Posts one parse chunk (see {@link postColumns}); given to the ChunkStream so that one module
 * imports the column encoder: a second importer of it made the bundler move its runtime helpers
 * out of the first chunk into one more preloaded file (+0.26 KB of initial JS).
 */
export type PostColumns = typeof postColumns;

/**
 * Posts entries `[start, end)` as the `k`-th `columns` message of a parse result (with their
 * per-entry pass when `run` is given: the page runs it for every `pageEvery`-th chunk, none for
 * 0) and the parsed bytes `file` when given. The one home of a parse chunk's message.
 */
function postColumns(
  post: Post,
  requestId: number,
  entries: readonly Entry[],
  start: number,
  end: number,
  k: number,
  run: CheckedRun | null,
  pageEvery: number,
  file?: Uint8Array,
): void {
  const checked =
    run === null ? undefined : checkColumns(run, entries, start, end, pageEvery === 0 || k % pageEvery !== 1);
  const out: WorkerResponse = {
    version: PROTOCOL_VERSION,
    requestId,
    type: 'columns',
    columns: encodeEntryColumns(entries, start, end),
    ...(checked ? { checked } : {}),
    ...(file ? { file } : {}),
  };
  // The pass's buffers are listed here, not in transferablesOf: protocol.ts is in the page's
  // first chunk, and checked.ts must stay out of it.
  post(out, checked ? [...transferablesOf(out), ...checkedBuffers(checked)] : transferablesOf(out));
}

/** Handles protocol requests one by one. */
export interface Engine {
  handle(req: WorkerRequest, post: Post): Promise<void>;
}

/** Options: the native gzip constructors (default: the platform's, if any). */
export interface EngineOptions {
  decompressionStream?: DecompressionStreamCtor | null;
  maxDecompressedBytes?: number;
  /** Native gzip for `xml.gz` / `txt.gz` exports (default: the platform's; null = fflate). */
  gzipStreams?: { compress: GzipStreamCtor; decompress: GzipStreamCtor } | null;
  /**
   * From this many entries on, a parse result is followed by `order` messages (the loc and
   * lastmod orders, one task each) so the page's first sort by them needs no sort of its own.
   * Default: never (the in-page engine must not spend that time on the main thread).
   */
  ordersFrom?: number;
  /**
   * A parse result with more entries than this, asked to be validated, is validated split: its
   * per-entry pass goes with the entry chunks (see `ParseRequest.validate`), and from this many on
   * the chunks are posted while the parser still reads. Default `VALIDATE_IN_WORKER_MAX` (tests
   * set it lower).
   */
  splitFrom?: number;
  /** False: a parse's entries are posted after the parse only, never streamed (entryStream.ts; tests). */
  stream?: boolean;
}

/**
 * Create an engine. Cancellation is cooperative: a `cancel` marks the request, and the engine
 * checks between phases (after decompression, before posting) and never posts its result.
 *
 * @example const engine = createEngine(); await engine.handle({ type: 'parse', ... }, post);
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const cancelled = new Set<number>();
  // Entry chunks sent ahead of a serialize request, by its request id.
  const received = new Map<number, Entry[][]>();
  const withEntries = (req: SerializeRequest | VerifyRequest): SitemapDocument => {
    if (req.entryChunks === undefined) return req.doc;
    const chunks = received.get(req.requestId) ?? [];
    received.delete(req.requestId);
    if (chunks.length !== req.entryChunks) throw new Error('Part of the document did not reach the worker.');
    return { ...req.doc, entries: joinArrays(chunks) };
  };
  const native =
    options.decompressionStream === undefined ? platformDecompressionStream() : options.decompressionStream;
  const cap = options.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED_BYTES;
  const splitFrom = options.splitFrom ?? VALIDATE_IN_WORKER_MAX;
  const gzipStreams = options.gzipStreams === undefined ? platformGzipStreams() : options.gzipStreams;
  // Bodies of gzip exports the page is still writing, by stream id (see BodyMessage).
  const bodies = new Map<number, BodyStreams>();
  const takeBodies = (id: number): BodyStreams => {
    const b = bodies.get(id) ?? new Map();
    bodies.delete(id);
    return b;
  };

  const progress = (post: Post, requestId: number, phase: ProgressMessage['phase']) => {
    let last = -1;
    return (done: number, total: number) => {
      // At most ~100 messages per phase: progress must not flood the main thread.
      const pct = total > 0 ? Math.floor((done / total) * 100) : 0;
      if (pct === last) return;
      last = pct;
      post({ version: PROTOCOL_VERSION, requestId, type: 'progress', phase, done, total }, []);
    };
  };

  const parse = async (
    bytes: Uint8Array,
    name: string,
    requestId: number,
    post: Post,
    stream?: ChunkStream,
  ) => {
    // '' is text with no file name (pasted): no name to check (TXT-004, GZ-002) or keep.
    const fileName = name === '' ? undefined : name;
    const onProgress = progress(post, requestId, 'parse');
    if (native && isGzip(bytes)) {
      progress(post, requestId, 'decompress')(0, bytes.length);
      const data = await nativeGunzip(bytes, cap, native, () => cancelled.has(requestId));
      if (data === 'cancelled' || cancelled.has(requestId)) return null;
      // Refused here: handing a bomb to the core would inflate it a second time.
      if (data === 'over-cap') return parseOverCap(bytes.length, { fileName, maxDecompressedBytes: cap });
      if (data) {
        return parseSitemap(data, {
          fileName,
          compressedBytes: bytes.length,
          maxDecompressedBytes: cap,
          onProgress,
          ...(stream ? { stream } : {}),
        });
      }
    }
    return parseSitemap(bytes, {
      fileName,
      maxDecompressedBytes: cap,
      onProgress,
      ...(stream ? { stream } : {}),
    });
  };

  // The page's prints for a `keep` request, by request id: arrived, or awaited (null: cancelled).
  const prints = new Map<number, EntryPrints>();
  const awaiting = new Map<number, (p: EntryPrints | null) => void>();
  const printsOf = (id: number) =>
    new Promise<EntryPrints | null>((resolve) => {
      const got = prints.get(id);
      prints.delete(id);
      if (got || cancelled.has(id)) resolve(got ?? null);
      else awaiting.set(id, resolve);
    });

  // A big parse's entries whose orders wait for the page's `orders` request (`ParseRequest.ordersLater`).
  let heldOrders: { requestId: number; entries: readonly Entry[] } | null = null;

  const run = async (
    req: Exclude<WorkerRequest, { type: 'cancel' | 'entries' | 'body' | 'prints' | 'orders' }>,
    post: Post,
    stream?: ChunkStream,
  ): Promise<WorkerResponse | null> => {
    const base = { version: PROTOCOL_VERSION, requestId: req.requestId } as const;
    switch (req.type) {
      case 'parse': {
        const result: ParseResult | null = await parse(req.bytes, req.fileName, req.requestId, post, stream);
        // The bytes go back with the result (transferred, no copy): keep-format export needs them.
        return result && { ...base, type: 'result', kind: 'parse', result: { ...result, file: req.bytes } };
      }
      case 'keep': {
        const parsed = await parse(req.bytes, req.fileName, req.requestId, post);
        const page = parsed && (await printsOf(req.requestId));
        if (!parsed || !page) return null;
        const result = keepParts(req.bytes, parsed, page);
        return { ...base, type: 'result', kind: 'keep', result };
      }
      case 'serialize': {
        const doc = withEntries(req);
        const viaStreams = gzipStreams && (await exportGzipNative(doc, req.options, gzipStreams));
        const result = viaStreams || serializeFiles(doc, req.options);
        return { ...base, type: 'result', kind: 'serialize', docVersion: req.docVersion, result };
      }
      case 'compress': {
        const streamed = req.stream && takeBodies(req.stream.id);
        const from = streamed && req.stream ? streamedGzip(streamed, req.stream.heads) : undefined;
        const result = await compressFiles(req, req.options, gzipStreams, from);
        if (streamed) for (const s of streamed.values()) s.abort(); // any file the request did not name
        return { ...base, type: 'result', kind: 'serialize', result };
      }
      case 'unzip': {
        const { readZipFilesAsync } = await import('../core/workspace/zipInput.ts');
        const result = await readZipFilesAsync(req.bytes, {
          maxBytes: cap,
          onProgress: progress(post, req.requestId, 'decompress'),
          cancelled: () => cancelled.has(req.requestId),
          pause: () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
        });
        return result.cancelled ? null : { ...base, type: 'result', kind: 'unzip', result };
      }
      case 'verify': {
        const { verifyExport } = await import('../core/serialize/verify.ts');
        const result = verifyExport(withEntries(req), req.bytes, { maxProblems: 1, ...req.options });
        return { ...base, type: 'result', kind: 'verify', result };
      }
      case 'diff': {
        const { exportDiff } = await import('../core/keep/diff.ts');
        const result = exportDiff(req.before, req.after, req.gzipped, req.lines, req.added);
        return { ...base, type: 'result', kind: 'diff', result };
      }
      case 'validate': {
        const result = validateDocument(req.doc, req.settings);
        return { ...base, type: 'result', kind: 'validate', docVersion: req.docVersion, result };
      }
    }
  };

  return {
    async handle(req, post) {
      if (req.type === 'orders') {
        const held = heldOrders;
        if (held === null || held.requestId !== req.requestId) return;
        heldOrders = null;
        await postOrders(held.entries, req.requestId, post);
        return;
      }
      if (req.type === 'cancel') {
        if (heldOrders?.requestId === req.target) heldOrders = null;
        const dropped = bodies.get(req.target);
        if (dropped) for (const s of takeBodies(req.target).values()) s.abort();
        else cancelled.add(req.target);
        received.delete(req.target);
        prints.delete(req.target);
        awaiting.get(req.target)?.(null);
        awaiting.delete(req.target);
        return;
      }
      if (req.type === 'prints') {
        const waiting = awaiting.get(req.requestId);
        awaiting.delete(req.requestId);
        if (waiting) waiting({ prints: req.prints, has: req.has });
        else prints.set(req.requestId, { prints: req.prints, has: req.has });
        return;
      }
      if (req.type === 'body') {
        if (!gzipStreams) return; // no native gzip: the compress request's whole files are used
        const files = bodies.get(req.requestId) ?? new Map<number, BodyCompressor>();
        bodies.set(req.requestId, files);
        const s = files.get(req.file) ?? new BodyCompressor(gzipStreams.compress);
        files.set(req.file, s);
        for (const p of req.parts) s.write(p);
        return;
      }
      if (req.type === 'entries') {
        const list = received.get(req.requestId);
        if (list) list.push(req.entries);
        else received.set(req.requestId, [req.entries]);
        return;
      }
      // A new parse: the orders of the last one are not asked for any more.
      if (req.type === 'parse') heldOrders = null;
      // A big parse's entries go to the page while the parser still reads (entryStream.ts).
      const stream =
        req.type === 'parse' && options.stream !== false
          ? new ChunkStream(post, postColumns, req.requestId, splitFrom, req.validate, req.bytes)
          : undefined;
      let msg: WorkerResponse | null;
      try {
        msg = await run(req, post, stream);
      } catch (e) {
        msg = {
          version: PROTOCOL_VERSION,
          requestId: req.requestId,
          type: 'error',
          message: e instanceof Error ? e.message : String(e),
        };
      }
      const wasCancelled = cancelled.delete(req.requestId);
      if (msg && !wasCancelled) {
        // The rest of the streamed entries, or (not streamed) all of them.
        let out = stream?.finish(msg) ?? null;
        if (out === null) {
          // The parsed bytes went with a streamed chunk the page keeps (see RestartMessage).
          if (stream?.fileSent && msg.type === 'result' && msg.kind === 'parse') {
            const { file: _sent, ...rest } = msg.result;
            msg = { ...msg, result: rest };
          }
          // Entries go first: the page reads them while this thread validates. Above
          // VALIDATE_IN_WORKER_MAX each chunk carries its per-entry pass instead (the split).
          const run = req.type === 'parse' && req.validate ? splitRun(msg, req.validate, splitFrom) : null;
          out = chunkEntries(withUsedColumns(msg), post, run);
          if (req.type === 'parse' && req.validate && out.type === 'result' && out.kind === 'parse') {
            const validation = validationOf(msg, req.validate, splitFrom);
            if (validation) out.result = { ...out.result, validation };
          }
        }
        // Orders to come: held until the page asks (`ordersLater`), else sent right after.
        const parsed = msg.type === 'result' && msg.kind === 'parse' ? msg.result.document.entries : [];
        const ordered = parsed.length >= (options.ordersFrom ?? Number.POSITIVE_INFINITY);
        const later = ordered && req.type === 'parse' && req.ordersLater === true;
        if (later && out.type === 'result') out = { ...out, ordersHeld: true };
        post(out, transferablesOf(out));
        if (later) heldOrders = { requestId: req.requestId, entries: parsed };
        else if (ordered) await postOrders(parsed, req.requestId, post);
      }
    },
  };
}

/**
 * A parse result with the extension columns its entries use (`ParseResult.used`): this thread has
 * every entry in hand, so the page need not read them all in the task of its first render.
 */
function withUsedColumns(msg: WorkerResponse): WorkerResponse {
  if (msg.type !== 'result' || msg.kind !== 'parse') return msg;
  const entries = msg.result.document.entries;
  const used = noneUsed();
  scanExtensionColumns(entries, used, 0, entries.length);
  return { ...msg, result: { ...msg.result, used } };
}

/** The issues of a parse result (see `ParseRequest.validate`), or null when it is not validated here. */
function validationOf(
  msg: WorkerResponse,
  settings: ValidationSettings,
  max: number,
): ValidationSnapshot | null {
  if (msg.type !== 'result' || msg.kind !== 'parse') return null;
  const { document, issues, fatal } = msg.result;
  if (fatal !== null || document.entries.length > max) return null;
  const v = new Validator(settings);
  v.load(document, issues);
  return v.snapshot();
}

/** The per-entry pass's inputs for a parse result the worker does not validate whole, or null. */
function splitRun(msg: WorkerResponse, settings: ValidationSettings, from: number): CheckedRun | null {
  if (msg.type !== 'result' || msg.kind !== 'parse') return null;
  const { document, issues, fatal } = msg.result;
  if (fatal !== null || document.entries.length <= from) return null;
  return checkedRun(document.kind, document.entries, issues, settings);
}

/**
 * Posts the loc and lastmod orders of parsed `entries`, each in a task of its own so that a new
 * request (a cancel, the next file) is read in between.
 */
async function postOrders(entries: readonly Entry[], requestId: number, post: Post): Promise<void> {
  for (const column of ORDERED_COLUMNS) {
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    const order: OrderMessage = {
      version: PROTOCOL_VERSION,
      requestId,
      type: 'order',
      ...columnOrder(entries, column),
    };
    post(order, transferablesOf(order));
  }
}

/**
 * Sends a parse result's entries ahead in `columns` messages (see chunkEnds, entryColumns.ts)
 * and returns the result without them (other messages unchanged): the receiver rebuilds the
 * array in order.
 */
function chunkEntries(msg: WorkerResponse, post: Post, run: CheckedRun | null = null): WorkerResponse {
  if (msg.type !== 'result' || (msg.kind !== 'parse' && msg.kind !== 'keep')) return msg;
  // A keep result's parsed entries that differ go the same way (many, after a bulk edit of 1M rows).
  const entries = msg.kind === 'parse' ? msg.result.document.entries : (msg.result?.differ ?? []);
  // Every parse result with entries goes this way, small ones in one chunk: the page keeps the
  // columns and makes each entry when read (core/lazyEntries.ts), for every received document.
  if (entries.length === 0) return msg;
  const ends = chunkEnds(entries, PARSE_ENTRY_CHUNK, PARSE_CHUNK_MIN_CHARS);
  // A text file's pass is cheap here (a loc per entry) and on the page it was a third of the
  // main thread's tasks over the receive (issue #20 case 10): the worker runs all of it (0).
  const pageEvery = msg.kind === 'parse' && msg.result.document.kind === 'text' ? 0 : PAGE_PASS_EVERY;
  // The parsed bytes go back with the first chunk, not the result (see EntryColumnsMessage.file).
  const file = msg.kind === 'parse' ? msg.result.file : undefined;
  let start = 0;
  for (let k = 0; k < ends.length; k++) {
    // The page, idle while this thread parsed, runs the pass for every PAGE_PASS_EVERY-th chunk.
    postColumns(post, msg.requestId, entries, start, ends[k], k, run, pageEvery, k === 0 ? file : undefined);
    start = ends[k];
  }
  if (msg.kind === 'keep')
    return msg.result ? { ...msg, result: { ...msg.result, differ: [] }, entryChunks: ends.length } : msg;
  const { file: _sentAhead, ...rest } = msg.result;
  const document = { ...msg.result.document, entries: [] };
  return { ...msg, result: { ...rest, document }, entryChunks: ends.length };
}
