/**
 * The store's dependencies in the browser: worker client, wall clock, IndexedDB autosave,
 * window timers, the core validator and fixes. The one place in state/ that reads globals.
 */
import { fixAll, getFix, planFixAll } from '../core/fixes.ts';
import { Validator } from '../core/validate.ts';
import { createSitemapClient } from '../workers/client.ts';
import { createIdbPersistence } from './idbPersistence.ts';
import type { PersistenceAdapter } from './persist.ts';
import type { AppStoreDeps } from './store.ts';

/**
 * Stands in when the browser has no IndexedDB at all (some private modes): every call fails, so
 * autosave shows its one "your work stays in this tab only" notice instead of silently not saving.
 */
function unavailableStorage(): PersistenceAdapter {
  const fail = () =>
    Promise.reject(new Error('this browser offers no IndexedDB storage here, e.g. in a private window'));
  return { load: fail, save: fail, clear: fail };
}

/**
 * Build the browser dependencies.
 *
 * @example const store = createAppStore(createBrowserDeps());
 */
export function createBrowserDeps(): AppStoreDeps {
  const storage = createIdbPersistence() ?? unavailableStorage();
  const worker = createSitemapClient();
  // Load and start the worker while the page starts, not when the first file is dropped.
  worker.start?.();
  return {
    worker,
    now: () => Date.now(),
    storage,
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    createValidator: (settings) => new Validator(settings),
    fixes: { getFix, fixAll, planFixAll },
  };
}
