/**
 * The app store: one React-free object holding the document, view, selection and history.
 * Read with `getState()` (immutable snapshots) and `subscribe()`; change only through `commands`.
 * See src/state/API.md for the full command list. The store itself is built in storeCore.ts.
 */
import { Validator } from '../core/validate.ts';
import { createCrawlCommands } from './crawlCommands.ts';
import { createCsvCommands } from './csvCommands.ts';
import { createFixCommands } from './fixCommands.ts';
import type { StoreDeps } from './kernel.ts';
import { createStoreWith } from './storeCore.ts';
import type { AppStore } from './types.ts';

/** Store dependencies; `createValidator` defaults to the core `Validator`; the crawl, CSV and fix commands load with it. */
export type AppStoreDeps = Omit<StoreDeps, 'createValidator'> & Partial<Pick<StoreDeps, 'createValidator'>>;

/**
 * Create the app store.
 *
 * @example
 * const store = createAppStore({ worker: createSitemapClient(), now: () => Date.now() });
 * await store.commands.openFile('sitemap.xml', bytes);
 * store.commands.setCell(0, 'priority', '0.8');
 * store.getState().history.undoLabel; // 'Edit priority'
 */
export function createAppStore(deps: AppStoreDeps): AppStore {
  return createStoreWith({
    createValidator: (settings) => new Validator(settings),
    crawlCommands: createCrawlCommands,
    csvCommands: createCsvCommands,
    fixCommands: createFixCommands,
    ...deps,
  });
}
