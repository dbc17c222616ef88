/**
 * The store's dependencies in the browser: worker client, wall clock, IndexedDB autosave,
 * window timers, the core validator, and the Web Locks session lock. The one place in state/
 * that reads globals.
 */
import { createSitemapClient } from '../workers/client.ts';
import { createValidatorLoader } from './deferredValidator.ts';
import { loadFixes } from './fixCode.ts';
import type { StoreDeps } from './kernel.ts';
import type { PersistenceAdapter } from './persist.ts';
import type { RecentStore } from './recent.ts';
import type { SessionLock } from './workspaceStore.ts';

/**
 * Stands in when the browser has no IndexedDB at all (some private modes): every call fails, so
 * autosave shows its one "your work stays in this tab only" notice instead of silently not saving.
 */
function unavailableStorage(): PersistenceAdapter {
  const fail = () =>
    Promise.reject(new Error('this browser offers no IndexedDB storage here, e.g. in a private window'));
  return { load: fail, save: fail, clear: fail };
}

const noop = () => undefined;

/** Longest wait for the first frame before the start-up loads begin anyway (a tab opened hidden). */
const FIRST_FRAME_WAIT_MS = 250;

/**
 * Settles in a task of its own after the first frame (or FIRST_FRAME_WAIT_MS): the start-up
 * loads (the validator's and IndexedDB's code with their preload links, the worker) are begun
 * there, not in the first render's task, which had them all besides React's own work (session 16:
 * that task was 25–50 ms of CPU in a fresh page).
 */
function afterFirstFrame(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => globalThis.setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(go);
    globalThis.setTimeout(resolve, FIRST_FRAME_WAIT_MS);
  });
}

// The IndexedDB code (idb and the adapters, ~3.5 KB gzip) loads on the first call, out of the
// page's first chunk: the restore asks right after the first screen.
let idbCode: Promise<typeof import('./idbPersistence.ts')> | undefined;
const idbModule = (started: Promise<void>) => (idbCode ??= started.then(() => import('./idbPersistence.ts')));

/** `createIdbPersistence()` made on the first call (once `started`); null without IndexedDB. */
function lazyIdbPersistence(started: Promise<void>): PersistenceAdapter | null {
  if (typeof indexedDB === 'undefined') return null;
  let made: Promise<PersistenceAdapter> | undefined;
  const real = () => (made ??= idbModule(started).then((m) => m.createIdbPersistence()!));
  return {
    load: async () => (await real()).load(),
    save: async (session) => (await real()).save(session),
    clear: async () => (await real()).clear(),
    markClean: async (states) => (await real()).markClean?.(states),
  };
}

/** `createIdbRecent()` made on the first call (once `started`); null without IndexedDB. */
function lazyIdbRecent(started: Promise<void>): RecentStore | null {
  if (typeof indexedDB === 'undefined') return null;
  let made: Promise<RecentStore> | undefined;
  const real = () => (made ??= idbModule(started).then((m) => m.createIdbRecent()!));
  return {
    list: async () => (await real()).list(),
    write: async (list, slot, session) => (await real()).write(list, slot, session),
    read: async (slot) => (await real()).read(slot),
    drop: async (slot) => (await real()).drop(slot),
  };
}

const LOCK_NAME = 'sitemap-workbench-session';

/**
 * The saved session's owner lock over Web Locks: held for the life of the tab; a tab that steals
 * it makes the holder's `onLost` run. Without Web Locks every tab owns it (the old behaviour).
 */
function webLock(): SessionLock | undefined {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return undefined;
  return {
    acquire(steal, onLost) {
      return new Promise<boolean>((resolve) => {
        const opts: LockOptions = steal ? { steal: true } : { ifAvailable: true };
        locks
          .request(LOCK_NAME, opts, (lock) => {
            if (!lock) {
              resolve(false);
              return undefined;
            }
            resolve(true);
            // Held until the tab closes.
            return new Promise<void>(() => undefined);
          })
          .catch(() => onLost());
      });
    },
  };
}

/** Everything the browser app needs: store dependencies plus the session's storage and lock. */
export interface BrowserDeps extends StoreDeps {
  storage: PersistenceAdapter;
  lock?: SessionLock;
  recent?: RecentStore;
  /**
   * Settles once the validator's code has loaded (it loads after the first screen); true when
   * a store had already been given changes, which are now validated: re-render them.
   */
  validatorReady: Promise<boolean>;
}

/** Longest wait for an idle period before an autosave starts anyway. */
const IDLE_WAIT_MS = 3000;

/**
 * Build the browser dependencies.
 *
 * @example const deps = createBrowserDeps(); const store = createAppStore(deps);
 */
export function createBrowserDeps(): BrowserDeps {
  // The validator and its rules load beside the first screen, not in the first chunk; documents
  // (parsed, restored, reopened from Recent) are handed over only once they are there.
  const started = afterFirstFrame();
  const validator = createValidatorLoader(() =>
    started.then(() => import('../core/validate.ts')).then((m) => m.Validator),
  );
  const idb = lazyIdbPersistence(started);
  const storage: PersistenceAdapter = idb
    ? { ...idb, load: () => validator.after(idb.load()) }
    : unavailableStorage();
  const client = createSitemapClient();
  // Load and start the worker while the page starts, not when the first file is dropped (a
  // parse before that starts it itself).
  void started.then(() => client.start?.());
  // The rule fixes' code, beside the validator's: the table and panels that show a fix wait for
  // it (fixCode.ts), so it is there before an open could show them. A failed load is tried again
  // by those parts.
  void started.then(loadFixes).catch(noop);
  const worker: typeof client = Object.create(client);
  let opened = false;
  worker.parse = (...args) => {
    opened = true;
    return validator.after(client.parse(...args));
  };
  // Once the page is idle, the open path runs on small generated sitemaps (warmOpen.ts).
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(
      () => void import('./warmOpen.ts').then((m) => m.warmIdle(client, () => opened), noop),
    );
  const lock = webLock();
  const yieldTask = taskYielder();
  const idbRecent = lazyIdbRecent(started);
  const recent: RecentStore | undefined = idbRecent
    ? { ...idbRecent, read: (slot) => validator.after(idbRecent.read(slot)) }
    : undefined;
  return {
    worker,
    now: () => Date.now(),
    storage,
    ...(lock ? { lock } : {}),
    ...(recent ? { recent } : {}),
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
      yieldTask,
      ...(typeof requestIdleCallback === 'function'
        ? { whenIdle: (fn: () => void) => void requestIdleCallback(() => fn(), { timeout: IDLE_WAIT_MS }) }
        : {}),
      ...(typeof requestAnimationFrame === 'function'
        ? {
            afterPaint: (fn: () => void) =>
              void requestAnimationFrame(() => (yieldTask ? yieldTask(fn) : globalThis.setTimeout(fn, 0))),
          }
        : {}),
    },
    createValidator: validator.factory,
    validatorReady: validator.ready,
  };
}

/**
 * A new task per call through one MessageChannel (not clamped like nested zero timeouts);
 * undefined where MessageChannel is missing (callers fall back to a zero timeout).
 */
function taskYielder(): ((fn: () => void) => void) | undefined {
  if (typeof MessageChannel === 'undefined') return undefined;
  const queue: Array<() => void> = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => queue.shift()?.();
  return (fn) => {
    queue.push(fn);
    channel.port2.postMessage(null);
  };
}
