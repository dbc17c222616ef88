/** The e2e build's hold on the re-check's slices (e2eHold.ts): held between slices until released. */
import { describe, expect, it } from 'vitest';
import { heldSlices, type RecheckHold } from './e2eHold.ts';
import { inSlices } from './slices.ts';
import { manualTimers } from './testing.ts';

/** Ten steps; the clock moves a slice's length per step, so every step is a slice of its own. */
function run(stop: () => boolean) {
  const { timers, settle } = manualTimers();
  let clock = 0;
  const sliced = heldSlices((next, onSlice, s) =>
    inSlices({ now: () => (clock += 8), timers }, next, onSlice, s),
  );
  const hold = (globalThis as { __swRecheckHold?: RecheckHold }).__swRecheckHold!;
  let done = 0;
  const steps = (function* () {
    for (let i = 1; i <= 10; i++) {
      done = i;
      yield i;
    }
    return 'end';
  })();
  const result = sliced(
    () => steps.next(),
    () => undefined,
    stop,
  );
  return { hold, settle, result, done: () => done };
}

describe('heldSlices', () => {
  it('stops after the first slice while held, and goes on to the end once released', async () => {
    const r = run(() => false);
    r.hold.hold();
    await r.settle();
    expect(r.hold.held).toBe(true);
    const at = r.done();
    expect(at).toBeLessThan(10);
    await r.settle();
    expect(r.done()).toBe(at);
    r.hold.release();
    expect(r.hold.held).toBe(false);
    await r.settle();
    expect((await r.result)?.value).toBe('end');
    expect(r.done()).toBe(10);
  });

  it('ends (null) when the run was stopped while held', async () => {
    let stopped = false;
    const r = run(() => stopped);
    r.hold.hold();
    await r.settle();
    expect(r.hold.held).toBe(true);
    stopped = true;
    r.hold.release();
    await r.settle();
    expect(await r.result).toBeNull();
    expect(r.done()).toBeLessThan(10);
  });

  it('without a hold, runs as the slices it wraps', async () => {
    const r = run(() => false);
    await r.settle();
    expect((await r.result)?.value).toBe('end');
  });
});
