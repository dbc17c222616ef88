/**
 * The e2e build's hold on the settings re-check. Only the e2e build flavour uses it
 * (scripts/e2e.mjs builds with VITE_SW_E2E=1; ioCommands.ts wraps the re-check's slices with it
 * there, and every other build leaves this module out, as VITE_SW_BENCH does the bench hooks).
 * A spec holds the re-check between two of its slices, its task and Cancel showing, acts, and
 * lets it go on: no race with a re-check that ends in about a second
 * (e2e/settings-recheck.spec.ts).
 *
 *   window.__swRecheckHold.hold()    // the next re-check stops after its first slice
 *   window.__swRecheckHold.held      // true while one is held
 *   window.__swRecheckHold.release() // it goes on (or ends, when it was cancelled meanwhile)
 */
import type { RecheckHost } from './recheck.ts';

/** What the page's `window.__swRecheckHold` offers a spec. */
export interface RecheckHold {
  hold(): void;
  release(): void;
  readonly held: boolean;
}

let armed = false;
let resume: (() => void) | null = null;

const hold: RecheckHold = {
  hold() {
    armed = true;
  },
  release() {
    armed = false;
    const go = resume;
    resume = null;
    go?.();
  },
  get held() {
    return resume !== null;
  },
};

/**
 * `sliced` that stops at a pause between slices while a hold is asked (`hold()`), and goes on
 * from the next step once released; installs `window.__swRecheckHold`.
 *
 * @example createRecheck(k, { ...host, sliced: heldSlices(sliced) })
 */
export function heldSlices(sliced: RecheckHost['sliced']): RecheckHost['sliced'] {
  (globalThis as { __swRecheckHold?: RecheckHold }).__swRecheckHold = hold;
  return async (next, onSlice, stop) => {
    for (;;) {
      const done = await sliced(next, onSlice, () => stop() || armed);
      if (done !== null || stop()) return done;
      if (!armed) continue;
      await new Promise<void>((go) => {
        resume = go;
      });
      if (stop()) return null;
    }
  };
}
