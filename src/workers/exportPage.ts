/**
 * Page-side half of a gzip export (`xml.gz` / `txt.gz`): the page serializes the document itself,
 * in short time slices, and transfers only the raw bytes to the worker, which gzips and verifies
 * them (`compress` request). Cloning 50,000 entries into the worker cost more CPU (page and worker
 * together) than serializing them. The serializer is imported on first use, so it stays out of
 * the initial bundle.
 */
import type { Issue, SitemapDocument } from '../core/model.ts';
import type { OutputFile, SerializeOptions } from './coreTypes.ts';

/** Serialized files (raw bytes for `.gz` names) and issues, as the worker's `compress` takes them. */
export interface Serialized {
  files: OutputFile[];
  issues: Issue[];
}

/** Longest run of serializer steps between two yields to the event loop, in ms. */
const SLICE_MS = 12;

/** True for the formats this path handles; others go to the worker whole. */
export function pageSerializes(options: SerializeOptions): boolean {
  return options.format === 'xml.gz' || options.format === 'txt.gz';
}

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
 * every {@link SLICE_MS} ms, then let `compress` (the worker) gzip and verify them. Rejects with
 * an `AbortError` when `signal` aborts.
 *
 * @example await exportInPage(doc, { format: 'xml.gz' }, (s) => workerCompress(s), signal)
 */
export async function exportInPage(
  doc: SitemapDocument,
  options: SerializeOptions,
  compress: (serialized: Serialized) => Promise<Serialized>,
  signal?: AbortSignal,
): Promise<Serialized> {
  const { serializeFileSteps } = await import('../core/serialize.ts');
  const steps = serializeFileSteps(doc, { ...options, deferGzip: true });
  for (;;) {
    if (signal?.aborted) throw abortError();
    const t0 = performance.now();
    let r = steps.next();
    while (!r.done && performance.now() - t0 < SLICE_MS) r = steps.next();
    if (r.done) return compress(r.value);
    await nextTask();
  }
}
