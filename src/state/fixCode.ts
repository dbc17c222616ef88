/**
 * The rule fixes' code (fixCommands.ts with core/fixes.ts, ~3.5 KB gzip) loads out of the page's
 * first chunk: the first paint and the open do not run it. The UI parts that show a fix button
 * (the table's cell tips, the side panel, the row drawer) load it together with their own code
 * (ui/lazyParts.ts `withFixes`), so by the time a fix is visible its code is there and the
 * commands answer at once. Stores made by `createAppStore` (tests, bench) get the commands
 * directly (`StoreDeps.fixCommands`).
 */
import type { FixCommands } from './fixCommands.ts';
import type { Kernel } from './kernel.ts';

type FixModule = typeof import('./fixCommands.ts');

let loaded: FixModule | null = null;
let loading: Promise<FixModule> | null = null;

/** Start (or join) the load of the fix commands; settles once any store's fixes answer at once. */
export function loadFixes(): Promise<void> {
  loading ??= import('./fixCommands.ts').then(
    (m) => {
      loaded = m;
      return m;
    },
    (e: unknown) => {
      // Offline before the chunk was cached: the next call tries again.
      loading = null;
      throw e;
    },
  );
  return loading.then(() => undefined);
}

/** True once the fix commands' code is there (`loadFixes` settled). */
export function fixesLoaded(): boolean {
  return loaded !== null;
}

/**
 * A store's fix commands over the lazily loaded module: once it is there they are the real ones.
 * Before (no UI shows a fix then; a caller that asks anyway), a fix is not dropped: applying
 * commands load the code and then run; the preview and the outlook answer as for a document
 * whose outlook is not known yet (the button offered, nothing counted).
 */
export function lazyFixCommands(k: Kernel): FixCommands {
  let real: FixCommands | null = null;
  const now = (): FixCommands | null => {
    if (!real && loaded) real = loaded.createFixCommands(k);
    return real;
  };
  const later = (run: (c: FixCommands) => unknown) => {
    void loadFixes().then(
      () => run(now()!),
      () => k.notify('error', 'The fix could not be loaded (offline?). Reload the page and try again.'),
    );
  };
  return {
    applyFix(issue, given) {
      const c = now();
      if (c) return c.applyFix(issue, given);
      later((c) => c.applyFix(issue, given));
      return false;
    },
    previewFixAll(rule, given) {
      const c = now();
      if (c) return c.previewFixAll(rule, given);
      void loadFixes();
      return { rows: 0, removed: 0, cannot: 0, needs: {}, samples: [] };
    },
    fixAllOutlook(rule) {
      const c = now();
      if (c) return c.fixAllOutlook(rule);
      void loadFixes();
      return 'fix';
    },
    fixAll(rule, given) {
      const c = now();
      if (c) return c.fixAll(rule, given);
      later((c) => c.fixAll(rule, given));
      return 0;
    },
    addMissingReturnLinks(entryId) {
      const c = now();
      if (c) return c.addMissingReturnLinks(entryId);
      later((c) => c.addMissingReturnLinks(entryId));
      return 0;
    },
  };
}
