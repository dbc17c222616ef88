import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { createBrowserDeps } from '../../state/browserDeps.ts';
import { createAppStore } from '../../state/store.ts';
import {
  createWorkspaceStore,
  type WorkspaceState,
  type WorkspaceStore,
} from '../../state/workspaceStore.ts';

/** The app's workspace (several files at once), provided by `App`. */
export const WorkspaceContext = createContext<WorkspaceStore | null>(null);

/**
 * The app's workspace store: the primary store is today's one store (worker, autosave); every
 * other file gets a store without autosave that shares the primary's worker client.
 */
export function createAppWorkspace(): WorkspaceStore {
  const deps = createBrowserDeps();
  const primary = createAppStore(deps);
  const { storage: _storage, ...shared } = deps;
  return createWorkspaceStore({
    primary,
    createStore: () => createAppStore(shared),
    now: deps.now,
    // Zips inflate in the worker (streamed, capped, cancellable); the core reader is the fallback.
    readZip: deps.worker.unzip?.bind(deps.worker),
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
