/**
 * The store's dependencies in the browser: worker client, wall clock, IndexedDB autosave,
 * window timers, the core validator and fixes. The one place in state/ that reads globals.
 */
import { fixAll, getFix } from '../core/fixes.ts';
import { Validator } from '../core/validate.ts';
import { createSitemapClient } from '../workers/client.ts';
import { createIdbPersistence } from './idbPersistence.ts';
import type { AppStoreDeps } from './store.ts';

/**
 * Build the browser dependencies.
 *
 * @example const store = createAppStore(createBrowserDeps());
 */
export function createBrowserDeps(): AppStoreDeps {
  const storage = createIdbPersistence();
  return {
    worker: createSitemapClient(),
    now: () => Date.now(),
    ...(storage ? { storage } : {}),
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    createValidator: (settings) => new Validator(settings),
    fixes: { getFix, fixAll },
  };
}
