/**
 * Typed, versioned message protocol between the main thread and `sitemap.worker.ts`.
 * Every message carries the protocol `version` and a `requestId`; requests that concern a
 * document carry the caller's `docVersion` so the caller can drop results for a stale document.
 */
import type { ExportDiff } from '../core/keep/diff.ts';
import type { EntryPrints, KeepParts } from '../core/keep/restore.ts';
import { slotPeek, slotsOf } from '../core/lazyEntries.ts';
import type { Entry, Issue, ParseResult, SitemapDocument, ValidationSettings } from '../core/model.ts';
import type { ExportProblem, VerifyOptions } from '../core/serialize/verify.ts';
import type { ColumnOrder } from '../core/sort/columnOrder.ts';
import type { CheckedColumns, ValidationSnapshot } from '../core/validate.ts';
import type { ZipFiles } from '../core/workspace/zipInput.ts';
import type { OutputFile, SerializeOptions } from './coreTypes.ts';
import type { EntryColumns } from './entryColumns.ts';

/** Bumped whenever a message shape changes; both sides reject other versions. */
export const PROTOCOL_VERSION = 10;

interface Envelope {
  version: typeof PROTOCOL_VERSION;
  requestId: number;
}

/** Parse a file: bytes are transferred (the caller's buffer is detached). */
export interface ParseRequest extends Envelope {
  type: 'parse';
  bytes: Uint8Array;
  fileName: string;
  /**
   * Validate the parsed document with these settings too: up to `VALIDATE_IN_WORKER_MAX`
   * entries, send the issues with the result (`validation`), after the entries; above, run the
   * per-entry pass of the validation and send it with each entry chunk (`checked`) for the page
   * to file its validator from (core/validate/checked.ts).
   */
  validate?: ValidationSettings;
  /**
   * Hold the loc and lastmod orders of a big result (`EngineOptions.ordersFrom`) until an `orders`
   * request of this id: the page asks once its open is done, since sorting 1,000,000 entries
   * while the page still checks them took the second core from it (docs/perf.md, session 18).
   */
  ordersLater?: boolean;
}

/** The page is ready for the orders a parse with `ordersLater` holds (same `requestId`). */
export interface OrdersRequest extends Envelope {
  type: 'orders';
}

/**
 * Parse a restored document's file again for its keep source (core/keep/restore.ts); bytes are
 * transferred. The page's prints of its entries follow in a `prints` message of the same request
 * id (the parse starts while the page still prints). Answered with the layout and only the parsed
 * entries the page does not hold as they are (a `keep` result; null: no keep source).
 */
export interface KeepRequest extends Envelope {
  type: 'keep';
  bytes: Uint8Array;
  fileName: string;
}

/** The prints a `keep` request (same `requestId`) waits for; their buffers are transferred. */
export interface PrintsMessage extends Envelope, EntryPrints {
  type: 'prints';
}

/** Largest parse result the worker validates when asked (`ParseRequest.validate`). */
export const VALIDATE_IN_WORKER_MAX = 200_000;

/** Serialize a document to output files (split, gzip, zip as options say). */
export interface SerializeRequest extends Envelope {
  type: 'serialize';
  docVersion: number;
  doc: SitemapDocument;
  options: SerializeOptions;
  /** The entries came first in this many `entries` messages (`doc.entries` is then empty). */
  entryChunks?: number;
}

/**
 * gzip and self-check (OUT-010) files the page serialized itself with `deferGzip` (their raw
 * bytes are transferred), so the entries never need to be cloned into the worker. Answered with
 * a `serialize` result: the same files with gzipped bytes, and `issues` plus any GZ-003.
 */
export interface CompressRequest extends Envelope {
  type: 'compress';
  files: OutputFile[];
  issues: Issue[];
  options: SerializeOptions;
  /**
   * The bodies of the first `heads.length` files came ahead in `body` messages of stream `id`
   * (already being compressed); `heads[i]` is the prolog length of `files[i]`, whose bytes are
   * still sent whole for the prolog, the end tag and the OUT-010 compare.
   */
  stream?: { id: number; heads: number[] };
}

/**
 * Body bytes (the entries) of output file `file` of a gzip export the page is still writing,
 * in order and transferred. `requestId` is the stream's id, which the `compress` request names
 * later (`stream.id`); a `cancel` of that id drops the stream. The worker starts compressing at once.
 */
export interface BodyMessage extends Envelope {
  type: 'body';
  file: number;
  parts: Uint8Array[];
}

/**
 * Extract a dropped .zip (core `readZipFilesAsync`: streamed inflate, real sizes, the cap
 * enforced while inflating); bytes are transferred. Progress in the `decompress` phase; a
 * `cancel` stops it between input slices.
 */
export interface UnzipRequest extends Envelope {
  type: 'unzip';
  bytes: Uint8Array;
}

/**
 * The diff a normalized export makes to the file the document came from (core `lineDiff`): the
 * source body and the exported file (gzipped when `gzipped`), both transferred (send copies),
 * the source entries' lines and the number of added entries. Answered with a `diff` result.
 */
export interface DiffRequest extends Envelope {
  type: 'diff';
  before: Uint8Array;
  after: Uint8Array;
  gzipped: boolean;
  lines: number[];
  added: number;
}

/**
 * Check an exported file against the document (core `verifyExport`): the page's keep-format and
 * gzip exports send the file's bytes (transferred) and the entries it should hold, which come
 * ahead in `entries` messages like a serialize request's. Answered with the problems ([] = ok).
 */
export interface VerifyRequest extends Envelope {
  type: 'verify';
  doc: SitemapDocument;
  bytes: Uint8Array;
  /** What the export left out on purpose (lean, stripDeprecated) and a problem limit (default 1). */
  options?: VerifyOptions;
  /** The entries came first in this many `entries` messages (`doc.entries` is then empty). */
  entryChunks?: number;
}

/** Full validation of a document (pure core `validateDocument`). */
export interface ValidateRequest extends Envelope {
  type: 'validate';
  docVersion: number;
  doc: SitemapDocument;
  settings: ValidationSettings;
}

/** Ask the worker to stop request `target` as soon as it can; its result is then never sent. */
export interface CancelRequest extends Envelope {
  type: 'cancel';
  target: number;
}

/** Any message the main thread sends. */
export type WorkerRequest =
  | ParseRequest
  | KeepRequest
  | PrintsMessage
  | UnzipRequest
  | SerializeRequest
  | CompressRequest
  | ValidateRequest
  | OrdersRequest
  | CancelRequest
  | EntriesMessage
  | BodyMessage
  | DiffRequest
  | VerifyRequest;

/** Progress of a long request: `done` of `total` units (bytes or entries, per phase). */
export interface ProgressMessage extends Envelope {
  type: 'progress';
  phase: 'decompress' | 'parse' | 'serialize' | 'validate';
  done: number;
  total: number;
}

/**
 * Part of a big document's entries, in document order, sent ahead of the message that needs them
 * (worker → page: a parse result; page → worker: a serialize request), whose document then has no
 * entries and whose `entryChunks` counts these messages. Each chunk is cloned in its own task, so
 * the page never copies 1,000,000 entries in one go.
 */
export interface EntriesMessage extends Envelope {
  type: 'entries';
  entries: Entry[];
}

/**
 * Part of a big parse result's entries (worker → page), in document order, as columns
 * (`entryColumns.ts`): cheaper to clone than entry objects, and the page builds the entries
 * itself. Sent ahead of the result like an `EntriesMessage`, and counted in its `entryChunks`.
 */
export interface EntryColumnsMessage extends Envelope {
  type: 'columns';
  columns: EntryColumns;
  /** The per-entry pass of the validation over these entries (see `ParseRequest.validate`). */
  checked?: CheckedColumns;
  /**
   * On the first chunk: the parsed bytes handed back (transferred; the result's `file`). They
   * come first so that the page's GC for the new external memory (225 MB at 1,000,000 URLs)
   * runs while its young generation is nearly empty, not at the end of the receive when it is
   * full of entries (docs/perf.md, session 11).
   */
  file?: Uint8Array;
}

/**
 * The entry chunks of a parse sent so far (worker → page) are dropped: the worker sends its
 * entries again from the first (`columns` messages after this one), because the reading it
 * streamed them from is not the result's (a masked read that bailed out, or a majority of the
 * other entry kind; see core `EntryStream`). The result's `entryChunks` counts only the chunks
 * after the last restart.
 */
export interface RestartMessage extends Envelope {
  type: 'restart';
}

/**
 * Weight per `EntriesMessage`: a plain entry weighs 1, each image, alternate, video, news block
 * or other XML node adds 1. About 20 ms of structured-clone work per message.
 */
export const ENTRY_CHUNK = 10_000;

/**
 * Weight per `EntriesMessage` of a parse result (worker → page). Smaller than {@link ENTRY_CHUNK}:
 * the page keeps every entry it receives, so a young-generation GC that falls into a message's
 * task copies all of them; a quarter of the entries per message makes such a task (clone +
 * scavenge) much shorter at 1,000,000 URLs (docs/perf.md, session 5).
 */
export const PARSE_ENTRY_CHUNK = 2_500;

/**
 * Characters of URL-like text (locs, long lastmods, image locs, link hrefs) a parse result's
 * `columns` message carries at least, unless its weight would pass {@link ENTRY_CHUNK}. The page
 * slices every entry's values from the message's `text`, which stays alive as long as they do.
 * V8 allocates a string of more than 128 KiB in its large-object space, which scavenges never copy;
 * a shorter one lands in the young generation, and every scavenge while chunks arrive copies it
 * with the entries (twice: within the young generation, then into the old). 2,500 short URLs
 * (the 1,000,000-line text file) make ~57,000 characters, 416 entries of the hreflang/image file
 * ~72,000: there the chunk texts were about a third of the bytes that survive the receive
 * (docs/perf.md, session 14). 136,000 leaves room over 128 KiB for the string's header.
 */
export const PARSE_CHUNK_MIN_CHARS = 136_000;

/**
 * End indexes of the chunks `entries` is sent in: each chunk at most `maxWeight` in weight and at
 * least one entry; with `minChars`, a chunk also goes on past `maxWeight` (up to
 * {@link ENTRY_CHUNK}) until its URL-like text reaches `minChars` (see PARSE_CHUNK_MIN_CHARS).
 * 10,000 plain URLs make one chunk; URLs with 5 alternates and 2 images about 1,250.
 *
 * @example chunkEnds(entries) // [10000, 20000, 20005]
 */
export function chunkEnds(entries: readonly Entry[], maxWeight = ENTRY_CHUNK, minChars = 0): number[] {
  const ends: number[] = [];
  const cut = chunkCutter(maxWeight, minChars);
  // A received document's rows not made yet are read and dropped (core/lazyEntries.ts).
  const { slots, source } = slotsOf(entries);
  for (let i = 0; i < slots.length; i++) if (cut(slotPeek(slots[i], source))) ends.push(i);
  if (entries.length > 0) ends.push(entries.length);
  return ends;
}

/**
 * The cuts of {@link chunkEnds} one entry at a time, for entries that arrive in order (the
 * worker's streamed parse): true when a chunk ends just before `e`.
 */
export function chunkCutter(maxWeight = ENTRY_CHUNK, minChars = 0): (e: Entry) => boolean {
  const hardMax = Math.max(maxWeight, ENTRY_CHUNK);
  let weight = 0;
  let chars = 0;
  return (e) => {
    const w =
      1 +
      (e.images?.length ?? 0) +
      (e.alternates?.length ?? 0) +
      (e.videos?.length ?? 0) +
      (e.news?.length ?? 0) +
      (e.extras?.length ?? 0);
    let cut = false;
    if (weight > 0 && weight + w > maxWeight && (chars >= minChars || weight + w > hardMax)) {
      cut = true;
      weight = 0;
      chars = 0;
    }
    weight += w;
    if (minChars > 0) chars += textChars(e);
    return cut;
  };
}

/** About the characters `e` puts in its chunk's `text` (entryColumns.ts; none when it goes whole). */
function textChars(e: Entry): number {
  let n = e.loc.length;
  if (e.lastmod !== undefined && e.lastmod.length > 10) n += e.lastmod.length;
  if (e.images !== undefined) for (const im of e.images) n += im.loc.length;
  if (e.alternates !== undefined) for (const a of e.alternates) n += a.href?.length ?? 0;
  return n;
}

/** Result payloads by request type. */
export interface ResultPayloads {
  /** `file`: the parsed bytes, handed back (transferred) for format-preserving export. */
  parse: ParseResult & { file?: Uint8Array; validation?: ValidationSnapshot };
  serialize: { files: OutputFile[]; issues: Issue[] };
  validate: Issue[];
  unzip: ZipFiles;
  /** null: the export could not be read back for a diff (e.g. corrupt gzip). */
  diff: ExportDiff | null;
  verify: ExportProblem[];
  keep: KeepParts | null;
}

/** A finished request. */
export type ResultMessage = {
  [K in keyof ResultPayloads]: Envelope & {
    type: 'result';
    kind: K;
    docVersion?: number;
    result: ResultPayloads[K];
    /** Parse and keep results: the entries (keep: `differ`) came first in this many `entries` or `columns` messages. */
    entryChunks?: number;
    /** A parse result whose sort orders the worker holds until an `orders` request (`ParseRequest.ordersLater`). */
    ordersHeld?: boolean;
  };
}[keyof ResultPayloads];

/** A failed request (an exception in the worker: the core never throws on bad content). */
export interface ErrorMessage extends Envelope {
  type: 'error';
  message: string;
  cancelled?: boolean;
}

/** Any message the worker sends. */
/**
 * After a big parse result (see `EngineOptions.ordersFrom`), the ascending order of one string
 * column of its entries, under the parse's request id. Both arrays are transferred. The page
 * keeps it for the first sort by that column (state/sortHints.ts).
 */
export interface OrderMessage extends Envelope, ColumnOrder {
  type: 'order';
}

/** Columns the worker orders after a big parse, in the order their messages are sent. */
export const ORDERED_COLUMNS = ['loc', 'lastmod'] as const;

export type WorkerResponse =
  | ProgressMessage
  | EntriesMessage
  | EntryColumnsMessage
  | RestartMessage
  | ResultMessage
  | ErrorMessage
  | OrderMessage;

/**
 * Transfer list for a parse result or serialize result: the underlying ArrayBuffers of output
 * bytes, so big buffers move instead of being copied.
 */
export function transferablesOf(msg: WorkerResponse | WorkerRequest): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  if (msg.type === 'parse' || msg.type === 'unzip') pushBuffer(out, msg.bytes);
  if (msg.type === 'keep') pushBuffer(out, msg.bytes);
  if (msg.type === 'prints') for (const b of [msg.has, new Uint8Array(msg.prints.buffer)]) pushBuffer(out, b);
  if (msg.type === 'result' && msg.kind === 'keep' && msg.result) {
    const r = msg.result;
    for (const b of [r.file, r.same, new Uint8Array(r.layout.spans.buffer)]) pushBuffer(out, b);
  }
  if (msg.type === 'result' && msg.kind === 'unzip')
    for (const f of msg.result.files) pushBuffer(out, f.bytes);
  if (msg.type === 'compress') for (const f of msg.files) pushBuffer(out, f.bytes);
  if (msg.type === 'body') for (const p of msg.parts) pushBuffer(out, p);
  if (msg.type === 'verify') pushBuffer(out, msg.bytes);
  if (msg.type === 'diff') {
    pushBuffer(out, msg.before);
    pushBuffer(out, msg.after);
  }
  if (msg.type === 'result' && msg.kind === 'parse' && msg.result.file) pushBuffer(out, msg.result.file);
  if (msg.type === 'result' && msg.kind === 'parse' && msg.result.validation) {
    const v = msg.result.validation;
    for (const a of [v.ids, v.pos, v.starts, v.issues, v.ends]) pushBuffer(out, new Uint8Array(a.buffer));
  }
  if (msg.type === 'result' && msg.kind === 'serialize')
    for (const f of msg.result.files) pushBuffer(out, f.bytes);
  if (msg.type === 'columns') {
    const c = msg.columns;
    for (const a of [c.nums, c.flags, c.ends, c.proseEnds, c.wordOf, c.sub])
      pushBuffer(out, new Uint8Array(a.buffer));
    if (msg.file) pushBuffer(out, msg.file);
  }
  if (msg.type === 'order') {
    pushBuffer(out, new Uint8Array(msg.asc.buffer));
    pushBuffer(out, msg.runEnd);
  }
  return out;
}

function pushBuffer(out: ArrayBuffer[], bytes: Uint8Array): void {
  const buf = bytes.buffer;
  // Only transfer a buffer the view covers entirely; a shared slice would detach its neighbours.
  if (buf instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buf.byteLength) {
    if (!out.includes(buf)) out.push(buf);
  }
}

/** True when `data` looks like a message of this protocol version. */
export function isProtocolMessage(data: unknown): data is WorkerRequest | WorkerResponse {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as { version?: unknown; requestId?: unknown; type?: unknown };
  return d.version === PROTOCOL_VERSION && typeof d.requestId === 'number' && typeof d.type === 'string';
}
