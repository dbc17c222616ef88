import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { createBrowserDeps } from '../../state/browserDeps.ts';
import { createStoreWith } from '../../state/storeCore.ts';
import type { AppStore } from '../../state/types.ts';
import {
  createWorkspaceStore,
  type WorkspaceState,
  type WorkspaceStore,
} from '../../state/workspaceStore.ts';

/** The app's session (one document or a workspace of files), provided by `App`. */
export const WorkspaceContext = createContext<WorkspaceStore | null>(null);

/**
 * The app's session: every file gets a store sharing one worker client; the session autosaves
 * them all to IndexedDB and holds the one-tab lock.
 */
export function createAppWorkspace(): WorkspaceStore {
  const { storage, lock, recent, validatorReady, ...shared } = createBrowserDeps();
  // Stores made before the validator's code was there; null once it is.
  let early: AppStore[] | null = [];
  const createStore = () => {
    const store = createStoreWith(shared);
    early?.push(store);
    return store;
  };
  void validatorReady.then((replayed) => {
    // Changes given to those stores are validated now: let them re-render.
    if (replayed) for (const store of early ?? []) store.commands.setSettings({});
    early = null;
  });
  return createWorkspaceStore({
    primary: createStore(),
    createStore,
    now: shared.now,
    // Zips inflate in the worker (streamed, capped, cancellable); the core reader is the fallback.
    readZip: shared.worker.unzip?.bind(shared.worker),
    storage,
    ...(lock ? { lock } : {}),
    ...(recent ? { recent } : {}),
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    },
  });
}

/** The workspace store (throws outside the provider). */
export function useWorkspaceStore(): WorkspaceStore {
  const ws = useContext(WorkspaceContext);
  if (!ws) throw new Error('useWorkspace needs <WorkspaceContext.Provider>');
  return ws;
}

/** Read a slice of the workspace state; re-renders when the selected value changes (Object.is). */
export function useWorkspace<T>(selector: (state: WorkspaceState) => T): T {
  const ws = useWorkspaceStore();
  const get = useCallback(() => selector(ws.getState()), [ws, selector]);
  return useSyncExternalStore(ws.subscribe, get, get);
}
