import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AppStore } from '../../state/types.ts';
import type { WorkspaceState, WorkspaceStore } from '../../state/workspaceStore.ts';
import { createAppWorkspace, useWorkspace } from './workspaceContext.ts';

/**
 * The app's workspace and the store of its active file (what `StoreContext` provides). Opening
 * files anywhere in the app goes through the workspace while it is mounted.
 */
export function useWorkspaceApp(): { ws: WorkspaceStore; store: AppStore } {
  const [ws] = useState(createAppWorkspace);
  const store = useSyncExternalStore(ws.subscribe, ws.activeStore, ws.activeStore);
  // Every file is autosaved; still, leaving with edits that were not exported asks first, and a
  // pending save is written when the page is hidden.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (ws.unexported().length === 0) return;
      e.preventDefault();
      e.returnValue = '';
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') void ws.commands.flush();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [ws]);
  return { ws, store };
}

const selInWorkspace = (s: WorkspaceState) => s.model !== null;
const selAll = (s: WorkspaceState) => s.model !== null && s.active === 'all';

/** Whether a workspace is open, and whether the combined "All files" table is shown. */
export function useWorkspaceView(): { inWorkspace: boolean; all: boolean } {
  return { inWorkspace: useWorkspace(selInWorkspace), all: useWorkspace(selAll) };
}
