import { describe, expect, it } from 'vitest';
import { eachLimited, runSliced } from './workspaceOpening.ts';

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

describe('eachLimited', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachLimited([5, 1, 4, 2, 3], 2, async (ms, k) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, ms));
      done.push(k);
      running--;
    });
    expect(most).toBe(2);
    expect(done.sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('runSliced', () => {
  function* counter(n: number): Generator<number, string, void> {
    for (let i = 0; i < n; i++) yield i;
    return 'built';
  }

  it('drives the steps to their result, reporting each yielded value', async () => {
    const seen: number[] = [];
    expect(
      await runSliced(
        counter(10),
        { timers },
        () => false,
        (v) => seen.push(v),
      ),
    ).toBe('built');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((v, i) => i === 0 || v > seen[i - 1])).toBe(true);
  });

  it('stops with null once a newer build makes it stale', async () => {
    let stale = false;
    const out = runSliced(counter(1000), { timers }, () => stale);
    stale = true;
    expect(await out).toBeNull();
  });

  it('with a clock, runs as many steps per slice as fit in the slice', async () => {
    let t = 0;
    let pauses = 0;
    const counting = {
      setTimeout: (fn: () => void, ms: number) => {
        pauses++;
        return setTimeout(fn, ms);
      },
      clearTimeout: timers.clearTimeout,
    };
    // Each clock read advances 1 ms: a 20 ms slice holds about 20 steps.
    expect(await runSliced(counter(200), { timers: counting, now: () => t++ }, () => false)).toBe('built');
    expect(pauses).toBeGreaterThan(5);
    expect(pauses).toBeLessThan(40);
  });
});
