/**
 * What the workspace store reads from its inputs: dropped files (a .zip expands to its members)
 * and each file store's state (its document as a workspace input, and a change fingerprint).
 */
import { appendAll } from '../core/arrays.ts';
import { isGzip } from '../core/magic.ts';
import type { Entry } from '../core/model.ts';
import type { ZipFiles } from '../core/workspace/zipInput.ts';
import type { WorkspaceInput } from '../core/workspace.ts';
import type { AppState } from './types.ts';
import type { FileBytes, OpenOutcome, WorkspaceSlot } from './workspaceStore.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isZip(file: FileBytes): boolean {
  const b = file.bytes;
  return /\.zip$/i.test(file.name) || ZIP_MAGIC.every((v, i) => b[i] === v);
}

/**
 * Reads a .zip: core `readZipFiles` (loaded on demand, so fflate's inflate is not in the initial
 * bundle), or the worker's `unzip` (same result shape) so archives inflate off the main thread.
 */
export type ZipReader = (bytes: Uint8Array, name: string) => ZipFiles | Promise<ZipFiles>;

function isAbort(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

/**
 * The files of each archive in `list` (a .zip, or a gzip file holding one: `open` decided which
 * are archives), read with `readZipFiles`; without a reader the items pass through as files.
 */
export async function expandZips(
  list: readonly FileBytes[],
  readZipFiles: ZipReader | undefined,
): Promise<{
  files: FileBytes[];
  fromZip: boolean;
  skipped: OpenOutcome['skipped'];
}> {
  const files: FileBytes[] = [];
  const skipped: OpenOutcome['skipped'] = [];
  let fromZip = false;
  for (const item of list) {
    if (!readZipFiles || (!isZip(item) && !isGzip(item.bytes))) {
      files.push(item);
      continue;
    }
    fromZip = true;
    let z: ZipFiles;
    try {
      z = await readZipFiles(item.bytes, item.name);
    } catch (e) {
      // Cancelled while extracting: that archive is left out, the rest still opens.
      if (!isAbort(e)) throw e;
      skipped.push({ name: item.name, reason: 'extraction cancelled' });
      continue;
    }
    if (z.error !== undefined) skipped.push({ name: item.name, reason: z.error });
    appendAll(skipped, z.skipped);
    appendAll(files, z.files);
  }
  return { files, fromZip, skipped };
}

/**
 * The workspace input of one slot: its current document (an empty urlset when none).
 *
 * @example buildWorkspace(ws.getState().files.map(inputOf))
 */
export function inputOf(slot: WorkspaceSlot): WorkspaceInput {
  const s = slot.store.getState();
  const document = s.doc ?? { kind: 'urlset' as const, entries: [] as Entry[], nextId: 0 };
  const fatal = s.doc === null && s.loadError !== null ? { message: s.loadError.error.message } : null;
  const input: WorkspaceInput = {
    name: slot.name,
    result: { kind: document.kind, document, issues: [], fatal } as WorkspaceInput['result'],
    issues: [],
  };
  if (slot.chosenFor !== undefined) input.chosenFor = slot.chosenFor;
  return input;
}

/** Fingerprint of what the model depends on in one store. @example stamp(store.getState()).length // 4 */
export function stamp(s: AppState): unknown[] {
  return [s.doc, s.validation.version, s.loadError, s.settings.publishUrl];
}
