// A dropped .zip extracts as a task of the shown store (issue 20): its progress and Cancel show
// where the user looks, and Cancel leaves the archive out with the reason.
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import type { ZipFiles } from '../core/workspace/zipInput.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

function newStore() {
  return createAppStore({
    worker: fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name })),
    now: () => Date.UTC(2024, 5, 24, 9, 30),
  });
}

/** A worker `unzip` that reports half its work, then waits until it is cancelled. */
function stuckUnzip() {
  const calls: { progressed: boolean } = { progressed: false };
  const readZip = (
    _bytes: Uint8Array,
    onProgress?: (phase: string, done: number, total: number) => void,
    signal?: AbortSignal,
  ) =>
    new Promise<ZipFiles>((_resolve, reject) => {
      onProgress?.('decompress', 500, 1000);
      calls.progressed = true;
      signal?.addEventListener('abort', () =>
        reject(Object.assign(new Error('cancelled'), { name: 'AbortError' })),
      );
    });
  return { readZip, calls };
}

describe('extracting a dropped zip', () => {
  it('shows "Extracting <name>" with progress and Cancel on the shown store', async () => {
    const { readZip } = stuckUnzip();
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore, readZip });
    const opening = ws.commands.open([{ name: 'big.zip', bytes: new Uint8Array([0x50, 0x4b, 3, 4]) }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(ws.activeStore().getState().task).toEqual({
      label: 'Extracting big.zip',
      progress: 0.5,
      cancellable: true,
    });
    ws.activeStore().commands.cancelTask();
    const outcome = await opening;
    expect(outcome.skipped).toEqual([{ name: 'big.zip', reason: 'extraction cancelled' }]);
    expect(ws.activeStore().getState().task).toBeNull();
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Nothing opened. Left out of the archive: big.zip (extraction cancelled).',
    );
  });
});
