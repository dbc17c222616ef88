import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { AppState, AppStore, Commands, DerivedViews } from '../state/types.ts';

/** The one store of the app, provided by `App`. */
export const StoreContext = createContext<AppStore | null>(null);

function useStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppState needs <StoreContext.Provider>');
  return store;
}

/**
 * Read a slice of app state. The component re-renders only when the selected value changes
 * (compared with Object.is), so selectors must return primitives or parts of the state itself,
 * never freshly built objects or arrays.
 */
export function useAppState<T>(selector: (state: AppState) => T): T {
  const store = useStore();
  const getSnapshot = useCallback(() => selector(store.getState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

/** The store's commands: the only way the UI changes state. */
export function useCommands(): Commands {
  return useStore().commands;
}

/** The store's derived views (URL tree, export size): read them, the store keeps them current. */
export function useDerived(): DerivedViews {
  return useStore().derived;
}

/** The current state without subscribing (for event handlers). */
export function useGetState(): () => AppState {
  const store = useStore();
  return store.getState;
}
