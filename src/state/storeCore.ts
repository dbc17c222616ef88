/**
 * The app store over explicit dependencies (`createValidator` included): what `createAppStore`
 * (store.ts) builds, without a static import of the core validator, so the browser app can load
 * the validator's code after its first screen (deferredValidator.ts, src/entryGraph.test.ts).
 */
import { createPersistCommands } from './autosave.ts';
import type { CrawlCommands } from './crawlCommands.ts';
import { createEditCommands } from './editCommands.ts';
import { createEntryCommands } from './entryCommands.ts';
import { lazyFixCommands } from './fixCode.ts';
import { patchSize } from './history.ts';
import { createIoCommands } from './ioCommands.ts';
import { createKernel, type Kernel, type StoreDeps } from './kernel.ts';
import { createRenameCommands } from './renameCommand.ts';
import { BIG_DOCUMENT } from './slices.ts';
import type { AppStore, Commands } from './types.ts';
import { createViewCommands } from './viewCommands.ts';

/** Entries a patch changes from which, on a BIG_DOCUMENT, it is committed in slices. */
export const BIG_PATCH = 2_000;

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
  // A big patch on a big document is committed in slices (bigCommit.ts, loaded on first use).
  kernel.sliceCommit = (patch, history, verb) => {
    const doc = kernel.f.doc;
    if (
      !deps.timers ||
      !doc ||
      patch.reorder ||
      doc.entries.length < BIG_DOCUMENT ||
      patchSize(patch) < BIG_PATCH
    )
      return false;
    kernel.committing = { label: patch.label, after: [], version: kernel.validator.version };
    import('./bigCommit.ts').then(
      (m) => m.commitInSlices(kernel, patch, history, verb),
      () => {
        // The module did not load: apply it at once, as a small patch is.
        kernel.committing = null;
        kernel.applyStep(patch, history);
      },
    );
    return true;
  };
  const io = createIoCommands(kernel);
  const commands = {
    ...createEditCommands(kernel),
    ...createEntryCommands(kernel),
    ...(deps.fixCommands?.(kernel) ?? lazyFixCommands(kernel)),
    ...createViewCommands(kernel),
    ...io,
    ...createRenameCommands(kernel),
    ...(deps.csvCommands?.(kernel) ?? lazyCsvCommands(kernel)),
    ...(deps.crawlCommands?.(kernel, io.runTask) ?? lazyCrawlCommands(kernel, io.runTask)),
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

/** No steps: a count of 0 (no crawl joined yet). */
function* none(): Generator<number, number> {
  yield* [];
  return 0;
}

/**
 * The CSV import's command, loaded with its first use (the import dialog is the only caller and
 * does not wait for the ids): the rows go in as soon as csvCommands.ts is there.
 */
function lazyCsvCommands(k: Kernel): Pick<Commands, 'importCsvRows'> {
  let real: Pick<Commands, 'importCsvRows'> | null = null;
  let loading: Promise<Pick<Commands, 'importCsvRows'>> | null = null;
  return {
    importCsvRows(...args) {
      if (real) return real.importCsvRows(...args);
      loading ??= import('./csvCommands.ts').then((m) => {
        real = m.createCsvCommands(k);
        return real;
      });
      void loading.then((c) => c.importCsvRows(...args));
      return [];
    },
  };
}

/**
 * The crawl audit's commands, loaded with their first use (crawlCommands.ts and the crawl core
 * it needs stay out of the page's first chunk). Until then no crawl is joined, so there is
 * nothing to count, fix or list: those answer 0 or nothing. Attaching, removing, listing the
 * URLs and a join asked for (a restore with a crawl) wait for the module.
 */
function lazyCrawlCommands(k: Kernel, runTask: Commands['runTask']): CrawlCommands {
  let real: CrawlCommands | null = null;
  let loading: Promise<CrawlCommands> | null = null;
  const load = () => {
    loading ??= import('./crawlCommands.ts').then((m) => {
      real = m.createCrawlCommands(k, runTask);
      return real;
    });
    return loading;
  };
  // createCrawlCommands installs the real one.
  k.rejoinCrawl = () => void load().then(() => k.rejoinCrawl());
  return {
    attachCrawl: (...args) => void load().then((c) => c.attachCrawl(...args)),
    removeCrawl: () => void load().then((c) => c.removeCrawl()),
    crawlActionCount: (action) => real?.crawlActionCount(action) ?? 0,
    crawlActionCountSteps: (action) => real?.crawlActionCountSteps(action) ?? none(),
    runCrawlAction: (action) => real?.runCrawlAction(action) ?? 0,
    missingCrawlRows: () => real?.missingCrawlRows() ?? [],
    addCrawlPages: (rows) => real?.addCrawlPages(rows) ?? 0,
    listCrawlUrls() {
      if (real) return real.listCrawlUrls();
      const listing: ReturnType<CrawlCommands['listCrawlUrls']> = {
        entries: k.f.doc?.entries ?? [],
        urls: load().then(async (c) => {
          const l = c.listCrawlUrls();
          const urls = await l.urls;
          listing.entries = l.entries;
          listing.positions = l.positions;
          return urls;
        }),
        positions: null,
      };
      return listing;
    },
  };
}
