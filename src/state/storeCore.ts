/**
 * The app store over explicit dependencies (`createValidator` included): what `createAppStore`
 * (store.ts) builds, without a static import of the core validator, so the browser app can load
 * the validator's code after its first screen (deferredValidator.ts, src/entryGraph.test.ts).
 */
import { createPersistCommands } from './autosave.ts';
import { createCrawlCommands } from './crawlCommands.ts';
import { createCsvCommands } from './csvCommands.ts';
import { createEditCommands } from './editCommands.ts';
import { createEntryCommands } from './entryCommands.ts';
import { createIoCommands } from './ioCommands.ts';
import { createKernel, type StoreDeps } from './kernel.ts';
import { createRenameCommands } from './renameCommand.ts';
import type { AppStore } from './types.ts';
import { createViewCommands } from './viewCommands.ts';

/**
 * Create the app store.
 *
 * @example
 * const store = createStoreWith({ worker: createSitemapClient(), now: () => Date.now(), createValidator });
 * await store.commands.openFile('sitemap.xml', bytes);
 * store.commands.setCell(0, 'priority', '0.8');
 * store.getState().history.undoLabel; // 'Edit priority'
 */
export function createStoreWith(deps: StoreDeps): AppStore {
  const kernel = createKernel(deps);
  const io = createIoCommands(kernel);
  const commands = {
    ...createEditCommands(kernel),
    ...createEntryCommands(kernel),
    ...createViewCommands(kernel),
    ...io,
    ...createRenameCommands(kernel),
    ...createCsvCommands(kernel),
    ...createCrawlCommands(kernel, io.runTask),
    ...createPersistCommands(kernel),
  };
  const store: AppStore = {
    getState: kernel.getState,
    subscribe: kernel.subscribe,
    commands,
    keepSource: kernel.keepSource,
    derived: kernel.derived,
  };
  // Bench builds only (bench/browser/vite.config.ts defines the flag): `npm run bench:browser`
  // drives the store from the page. In every other build this branch is removed as dead code.
  // The first store is the app's primary one; stores made later for workspace files keep it.
  if (import.meta.env?.VITE_SW_BENCH === '1')
    (globalThis as { __sitemapWorkbench?: AppStore }).__sitemapWorkbench ??= store;
  return store;
}
