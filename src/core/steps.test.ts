import { describe, expect, it } from 'vitest';
import { END_SLICE, runInSlices, runSteps, type SliceClock } from './steps.ts';

/** Steps that each take `cost` ms of a fake clock; returns `result` after `n` steps. */
function* work(clock: { t: number }, n: number, cost: number, result: string): Generator<number, string> {
  for (let i = 1; i <= n; i++) {
    clock.t += cost;
    yield i;
  }
  return result;
}

function fakeClock(sliceMs: number) {
  const time = { t: 0 };
  let pauses = 0;
  const clock: SliceClock = {
    now: () => time.t,
    pause: async () => {
      pauses++;
    },
    sliceMs,
  };
  return { time, clock, pauses: () => pauses };
}

describe('runInSlices', () => {
  it("pauses once per slice, reports each slice's progress and returns the steps' value", async () => {
    const { time, clock, pauses } = fakeClock(10);
    const seen: number[] = [];
    const steps = work(time, 10, 4, 'built');
    const done = await runInSlices(
      () => steps.next(),
      clock,
      (n) => seen.push(n),
      () => false,
    );
    expect(done?.value).toBe('built');
    // 4 ms steps in 10 ms slices: a pause after every third step, none after the last.
    expect(seen).toEqual([3, 6, 9]);
    expect(pauses()).toBe(3);
    expect(done?.lastSliceAt).toBe(36);
    expect(runSteps(work({ t: 0 }, 3, 1, 'same'))).toBe('same');
  });

  it('ends a slice at a step that yields END_SLICE, whatever the clock, and reports the units done before it', async () => {
    const { time, clock, pauses } = fakeClock(10);
    function* steps(): Generator<number, string> {
      time.t += 1;
      yield 1;
      yield END_SLICE;
      time.t += 1;
      yield 2;
      yield END_SLICE;
      yield END_SLICE;
      time.t += 1;
      yield 3;
      return 'built';
    }
    const run = steps();
    const seen: number[] = [];
    const done = await runInSlices(
      () => run.next(),
      clock,
      (n) => seen.push(n),
      () => false,
    );
    expect(done?.value).toBe('built');
    // 1 ms steps in 10 ms slices: no pause but those asked for, each reporting the last units done.
    expect(seen).toEqual([1, 2, 2]);
    expect(pauses()).toBe(3);
  });

  it('stops after a pause when asked, with null and no more steps run', async () => {
    const { time, clock } = fakeClock(10);
    const steps = work(time, 10, 4, 'built');
    let ran = 0;
    const done = await runInSlices(
      () => {
        ran++;
        return steps.next();
      },
      clock,
      () => undefined,
      () => true,
    );
    expect(done).toBeNull();
    expect(ran).toBe(3);
  });
});
