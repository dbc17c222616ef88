import { useEffect } from 'react';
import type { AppState } from '../state/types.ts';
import { useAppState } from './useAppState.ts';

const selDirty = (s: AppState) => s.dirty && s.doc !== null;

/**
 * While the document has changes that were not exported, closing or reloading the tab asks
 * first (the browser shows its own "Leave site?" prompt). Autosave keeps the work either way.
 */
export function useBeforeUnload(): void {
  const dirty = useAppState(selDirty);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
