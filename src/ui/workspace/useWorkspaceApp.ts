import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AppStore } from '../../state/types.ts';
import type { WorkspaceState, WorkspaceStore } from '../../state/workspaceStore.ts';
import { setMultiFileOpener } from '../openFiles.ts';
import { openWithWorkspace } from './openWorkspace.ts';
import { createAppWorkspace, useWorkspace } from './workspaceContext.ts';

/**
 * The app's workspace and the store of its active file (what `StoreContext` provides). Opening
 * files anywhere in the app goes through the workspace while it is mounted.
 */
export function useWorkspaceApp(): { ws: WorkspaceStore; store: AppStore } {
  const [ws] = useState(createAppWorkspace);
  const store = useSyncExternalStore(ws.subscribe, ws.activeStore, ws.activeStore);
  useEffect(() => {
    setMultiFileOpener((files) => openWithWorkspace(files, ws));
    return () => setMultiFileOpener(null);
  }, [ws]);
  // Files other than the first are not autosaved: ask before a reload loses their edits.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (ws.unexported().length === 0) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [ws]);
  return { ws, store };
}

const selInWorkspace = (s: WorkspaceState) => s.model !== null;
const selAll = (s: WorkspaceState) => s.model !== null && s.active === 'all';

/** Whether a workspace is open, and whether the combined "All files" table is shown. */
export function useWorkspaceView(): { inWorkspace: boolean; all: boolean } {
  return { inWorkspace: useWorkspace(selInWorkspace), all: useWorkspace(selAll) };
}
