import { createBrowserDeps } from '../state/browserDeps.ts';
import { createAppStore } from '../state/store.ts';
import type { AppStore } from '../state/types.ts';

/** Create the app's one store: worker client, IndexedDB autosave, core validator and fixes. */
export function createStore(): AppStore {
  return createAppStore(createBrowserDeps());
}
