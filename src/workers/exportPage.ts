/**
 * Page-side half of a gzip export (`xml.gz` / `txt.gz`): the page serializes the document itself,
 * in short time slices, and transfers only bytes to the worker, never the entries (cloning 50,000
 * entries cost more CPU than serializing them). After each slice the body bytes written so far
 * go to the worker (`body` messages), which compresses them while the page writes the next ones;
 * at the end the whole files and each file's prolog length follow (`compress` request), and the
 * worker puts the prolog in front, then verifies. The serializer is imported on first use, so it
 * stays out of the initial bundle.
 */
import { slotsOf } from '../core/lazyEntries.ts';
import type { Entry, Issue, SitemapDocument } from '../core/model.ts';
import type { ExportProblem } from '../core/serialize/verify.ts';
import type { BodyTap } from '../core/serialize.ts';
import { runInSlices } from '../core/steps.ts';
import type { OutputFile, SerializeOptions } from './coreTypes.ts';

/** Serialized files (raw bytes for `.gz` names) and issues, as the worker's `compress` takes them. */
export interface Serialized {
  files: OutputFile[];
  issues: Issue[];
}

/** Where body bytes go while the page serializes (the worker's `body` messages). */
export interface BodyChannel {
  /** Body bytes of output file `file`, in order; the caller may transfer the parts. */
  body(file: number, parts: Uint8Array[]): void;
  /** Forget the stream: the export was cancelled or the bodies were written again. */
  drop(): void;
}

/** Collects tapped body bytes (copies) between two slices and sends them in one message. */
class BodyCollector implements BodyTap {
  /** Prolog length of each file, once the serializer is done. */
  readonly heads: number[] = [];
  live = true;
  private current = -1;
  private parts: Uint8Array[] = [];

  constructor(private readonly channel: BodyChannel) {}

  body(file: number, bytes: Uint8Array): void {
    if (!this.live) return;
    if (file !== this.current) this.flush();
    this.current = file;
    this.parts.push(bytes.slice());
  }

  file(file: number, headBytes: number): void {
    this.heads[file] = headBytes;
  }

  restart(): void {
    this.drop();
  }

  drop(): void {
    if (!this.live) return;
    this.live = false;
    this.parts = [];
    this.channel.drop();
  }

  flush(): void {
    if (this.parts.length === 0) return;
    this.channel.body(this.current, this.parts);
    this.parts = [];
  }
}

/** Rows read per step of {@link plainDocSteps}. */
const PLAIN_ROWS = 8_192;

/**
 * `doc` with its entries as a plain array, built in steps: a received document's rows not made
 * yet are made for the export and dropped with it (core/lazyEntries.ts), none kept.
 */
function* plainDocSteps(doc: SitemapDocument): Generator<void, SitemapDocument> {
  const { slots, source } = slotsOf(doc.entries);
  if (source === null) return doc;
  const entries: Entry[] = new Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i];
    entries[i] = typeof s === 'number' ? source.peek(s) : s;
    if (i % PLAIN_ROWS === PLAIN_ROWS - 1) yield;
  }
  return { ...doc, entries };
}

/** Longest run of serializer steps between two yields to the event loop, in ms (core `runInSlices`). */
const SLICE_MS = 12;

function abortError(): Error {
  return Object.assign(new Error('The operation was cancelled.'), { name: 'AbortError' });
}

/** Resolve in a new task (a MessageChannel message: unlike setTimeout, never clamped to 4 ms). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

/**
 * Serialize `doc` on this thread with `deferGzip` (raw bytes for the `.gz` files), yielding
 * every {@link SLICE_MS} ms, then let `compress` (the worker) gzip and verify them. With a
 * `channel`, each slice's body bytes are sent at once and `compress` gets the prolog lengths
 * (`heads`; null when the stream was dropped). Rejects with an `AbortError` when `signal` aborts.
 *
 * @example await exportInPage(doc, { format: 'xml.gz' }, (s, heads) => workerCompress(s, heads), signal, channel)
 */
export async function exportInPage(
  doc: SitemapDocument,
  options: SerializeOptions,
  compress: (serialized: Serialized, heads: number[] | null) => Promise<Serialized>,
  signal?: AbortSignal,
  channel?: BodyChannel,
  verify?: (part: SitemapDocument, bytes: Uint8Array) => Promise<ExportProblem[]>,
): Promise<Serialized> {
  const { exportBlocked, serializeFileSteps, writtenEntries } = await import('../core/serialize.ts');
  const tap = channel && new BodyCollector(channel);
  const read: { doc: SitemapDocument } = { doc };
  // With `verify` the files are read back elsewhere (the worker): each carries its plan.
  const steps = (function* () {
    read.doc = yield* plainDocSteps(doc);
    return yield* serializeFileSteps(
      read.doc,
      { ...options, deferGzip: true, ...(verify ? { verify: false } : {}) },
      tap,
    );
  })();
  const aborted = () => signal?.aborted === true;
  const clock = { now: () => performance.now(), pause: nextTask, sliceMs: SLICE_MS };
  const done = aborted()
    ? null
    : await runInSlices(
        () => steps.next(),
        clock,
        () => tap?.flush(),
        aborted,
      );
  if (done === null) {
    tap?.drop();
    throw abortError();
  }
  tap?.flush();
  if (!verify) return compress(done.value, tap?.live ? tap.heads : null);
  const { files, issues } = done.value;
  // Copies go to the check (compress takes the raw bytes); both run in the worker at once.
  const checks = files.map((f) =>
    f.plan ? verify({ ...doc, entries: writtenEntries(read.doc.entries, f.plan) }, f.bytes.slice()) : null,
  );
  const plain = files.map(({ plan: _plan, ...f }) => f);
  const compressed = compress({ files: plain, issues }, tap?.live ? tap.heads : null);
  // Awaited below, one after the other: mark them handled so an early rejection is not reported.
  compressed.catch(() => undefined);
  for (const c of checks) c?.catch(() => undefined);
  const blocked: Issue[] = [];
  let bad = false;
  for (let i = 0; i < files.length; i++) {
    const problems = await checks[i];
    const plan = files[i].plan;
    if (problems && plan && exportBlocked(plan.check, problems, blocked)) bad = true;
  }
  const out = await compressed;
  return bad ? { files: [], issues: [...issues, ...blocked] } : out;
}
