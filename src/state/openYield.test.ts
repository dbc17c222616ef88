import { describe, expect, it } from 'vitest';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';

describe('store: slices of a big open yield through yieldTask when the platform has it', () => {
  it('never waits on a (clamped) zero timeout between validation slices, and opens every row', async () => {
    const timeouts: Array<() => void> = [];
    const yields: Array<() => void> = [];
    let clock = 0;
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: makeDocument(25_000), issues: [], fatal: null })),
      now: () => (clock += 10),
      timers: {
        setTimeout: (fn) => timeouts.push(fn),
        clearTimeout: () => undefined,
        yieldTask: (fn) => yields.push(fn),
      },
    });
    let done = false;
    const opening = store.commands.openFile('big.xml', new Uint8Array([1])).then(() => {
      done = true;
    });
    let turns = 0;
    while (!done && turns < 10_000) {
      for (let i = 0; i < 50 && yields.length === 0 && !done; i++) await Promise.resolve();
      yields.shift()?.();
      turns++;
    }
    await opening;
    expect(turns).toBeGreaterThan(2); // the first paint plus several slices
    expect(timeouts).toHaveLength(0);
    expect(store.getState().task).toBeNull();
    expect(store.getState().doc?.entries).toHaveLength(25_000);
  });
});
