import { crossFileUrls } from '../core/workspace/checks.ts';
import type { CrossFileUrls } from '../core/workspace/crossFile.ts';
import {
  buildWorkspaceSteps,
  type SeverityCounts,
  type Workspace,
  type WorkspaceInput,
  type WorkspaceSettings,
} from '../core/workspace.ts';
import { visibleColumns } from './columns.ts';
import type { Timers } from './persist.ts';
import type { AppStore } from './types.ts';
import { expandZips, inputOf, isZip, stamp } from './workspaceInputs.ts';
import { eachLimited, followTask, type OpeningItem, runSliced } from './workspaceOpening.ts';
import { refreshWorkspace } from './workspaceRefresh.ts';

export type { OpeningItem } from './workspaceOpening.ts';

/** One file of the workspace and the store that edits it. */
export interface WorkspaceSlot {
  /** Stable id (not a position: positions change when files are added). */
  id: number;
  name: string;
  store: AppStore;
}

/** A snapshot of the workspace. A new object on every change. */
export interface WorkspaceState {
  /** Files in opening order; empty in single-file mode. `model.files[k]` is `files[k]`. */
  files: readonly WorkspaceSlot[];
  /** Id of the active file, or `'all'` for the combined read-only table. */
  active: number | 'all';
  /** The workspace model (null in single-file mode). Files that failed to parse are empty urlsets. */
  model: Workspace | null;
  /** Per file (aligned with `files`): the file's own validator counts + its cross-file-only issues. */
  counts: readonly SeverityCounts[];
  /**
   * Files opening right now, and the cross-file checks while they run in slices (name ''), each
   * with its task's label, progress and Cancel, for the workspace panel.
   */
  opening: readonly OpeningItem[];
  /** +1 on every change. */
  version: number;
}

/** A file to open: name (may carry zip folders) and its bytes. */
export interface FileBytes {
  name: string;
  bytes: Uint8Array;
}

/** What `open` did, for the UI's notices. */
export interface OpenOutcome {
  mode: 'single' | 'workspace';
  /** Files not opened (several files dropped but none is an index: today's one-file behaviour). */
  notOpened: string[];
  /** Zip members left out, and zip errors. */
  skipped: Array<{ name: string; reason: string }>;
  /**
   * Files opened under another name because the workspace file of their name has edits that are
   * not exported: that file is kept as it is, the opened one joins as `as`.
   */
  renamed?: Array<{ name: string; as: string }>;
}

/** `name` with ` (2)`, ` (3)`, … before its extension: the first one no file in `taken` has. */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  const slash = name.lastIndexOf('/');
  const dot = name.indexOf('.', slash + 1);
  const stem = dot === -1 ? name : name.slice(0, dot);
  const ext = dot === -1 ? '' : name.slice(dot);
  for (let k = 2; ; k++) {
    const candidate = `${stem} (${k})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Workspace commands. */
export interface WorkspaceCommands {
  /**
   * Open files: several files with an index among them, or a .zip, build a new workspace; one
   * file joins the current workspace (replacing a file of the same name) when one is open, the
   * open document is an index or has unsaved edits, else it opens alone. Several files without an index: the first
   * opens alone (`notOpened` names the rest). Files open two at a time; each one is listed in
   * `opening` while it opens, and one cancelled there is left out (a replaced file keeps its
   * document). Resolves once the new files are shown with their model (built in slices when big).
   */
  open(list: readonly FileBytes[]): Promise<OpenOutcome>;
  /** Show a file (by slot id) or the combined table. */
  setActive(target: number | 'all'): void;
  /** Make the file active and select entry `entryIndex` (its position in the document). */
  reveal(fileId: number, entryIndex: number): void;
  /** Leave the workspace: the primary store (first file) stays open alone. */
  close(): void;
  /** Record every file as exported (after the workspace .zip was downloaded). */
  markExported(): void;
  /** Rebuild the model now (normally debounced after edits). */
  rebuild(): void;
}

/** What {@link createWorkspaceStore} returns. */
export interface WorkspaceStore {
  getState(): WorkspaceState;
  subscribe(listener: () => void): () => void;
  /** The store the UI shows: the active file's, or the primary store in single-file mode / 'all'. */
  activeStore(): AppStore;
  /**
   * Names of the files other than the primary (which autosaves) whose document changed since it
   * was opened or last exported with {@link WorkspaceCommands.markExported}: work a reload loses.
   */
  unexported(): string[];
  /** The store opened first; the app's autosaved store. */
  primary: AppStore;
  commands: WorkspaceCommands;
}

/** Dependencies of {@link createWorkspaceStore}. */
export interface WorkspaceDeps {
  /** The app's store (with autosave); holds the first file of a workspace. */
  primary: AppStore;
  /** A new store for another file (no autosave), e.g. sharing the primary's worker client. */
  createStore(): AppStore;
  /** Debounce for rebuilds after edits; without timers the model is rebuilt synchronously. */
  timers?: Timers;
  /** Rebuild delay after an edit, ms. Default 250. */
  debounceMs?: number;
  /** Clock (ms) for slicing long model builds; without it slices are counted in steps. */
  now?: () => number;
  /** Files opened at once when several are dropped. Default 2. */
  openConcurrency?: number;
}

/** From this many URLs on, a full model build runs in slices (when timers are given). */
const SLICED_FROM = 50_000;
/** Entries per step of a sliced model build. */
const BUILD_STEP = 4096;

/**
 * Create the workspace store.
 *
 * @example
 * const ws = createWorkspaceStore({ primary, createStore: () => createAppStore(deps) });
 * await ws.commands.open([{ name: 'sitemap.xml', bytes }, { name: 'sitemap-0.xml', bytes: b0 }]);
 * ws.getState().model?.files[1].role // 'child'
 */
export function createWorkspaceStore(deps: WorkspaceDeps): WorkspaceStore {
  const { primary } = deps;
  const listeners = new Set<() => void>();
  let state: WorkspaceState = { files: [], active: 0, model: null, counts: [], opening: [], version: 0 };
  let nextId = 1;
  let unsubscribers: Array<() => void> = [];
  let pending: unknown = null;
  const stamps = new Map<number, unknown[]>();

  const set = (patch: Partial<WorkspaceState>) => {
    state = { ...state, ...patch, version: state.version + 1 };
    for (const l of [...listeners]) l();
  };

  let built: WorkspaceSettings | null = null;
  /** Cross-file URL index of one model, built on the first URL edit and then kept up to date. */
  let urlIndex: { model: Workspace; urls: CrossFileUrls } | null = null;
  const urlsOf = (model: Workspace) => {
    if (urlIndex?.model !== model) urlIndex = { model, urls: crossFileUrls(model.files) };
    return urlIndex.urls;
  };
  /** Files (and active file) waiting for their model: shown together with it once built. */
  let target: { files: WorkspaceSlot[]; active: number | 'all' } | null = null;
  /** +1 per full build started: a sliced build that is no longer the latest stops. */
  let buildToken = 0;
  let openingKey = 0;
  const current = () => target?.files ?? state.files;

  const setOpening = (key: number, item: OpeningItem | null) => {
    const rest = state.opening.filter((o) => o.key !== key);
    set({
      opening:
        item === null
          ? rest
          : state.opening.some((o) => o.key === key)
            ? state.opening.map((o) => (o.key === key ? item : o))
            : [...rest, item],
    });
  };

  const finish = (files: readonly WorkspaceSlot[], model: Workspace, settings: WorkspaceSettings) => {
    built = settings;
    const counts = files.map((slot) => {
      const c = slot.store.getState().validation.validator.counts();
      return { error: c.error, warning: c.warning, info: c.info };
    });
    for (const issue of model.issues) counts[issue.file][issue.severity]++;
    const layout = target ?? {};
    target = null;
    set({ ...layout, model, counts });
  };

  /** A full build: in one go when small or without timers, else in slices with a progress item. */
  const fullBuild = (
    files: readonly WorkspaceSlot[],
    inputs: WorkspaceInput[],
    settings: WorkspaceSettings,
  ) => {
    const token = ++buildToken;
    const steps = buildWorkspaceSteps(inputs, settings, BUILD_STEP);
    let urls = 0;
    for (const input of inputs) urls += input.result.document.entries.length;
    if (!deps.timers || urls < SLICED_FROM) {
      let step = steps.next();
      while (!step.done) step = steps.next();
      finish(files, step.value, settings);
      return;
    }
    const key = --openingKey;
    const label = 'Checking across files';
    const progress = (p: { done: number; total: number }) => {
      const item = state.opening.find((o) => o.key === key);
      const value = p.total > 0 ? p.done / p.total : null;
      if (item === undefined || value === null || value - (item.progress ?? 0) >= 0.05)
        setOpening(key, { key, name: '', label, progress: value });
    };
    const clock = { timers: deps.timers, now: deps.now };
    return runSliced(steps, clock, () => token !== buildToken, progress).then((model) => {
      setOpening(key, null);
      if (model !== null) finish(files, model, settings);
    });
  };

  /** Full build, or the fast refresh when only non-URL fields changed (see workspaceRefresh.ts). */
  const rebuild = (full: boolean): Promise<void> | undefined => {
    if (pending !== null) deps.timers?.clearTimeout(pending);
    pending = null;
    const files = current();
    if (files.length === 0) return;
    const { publishUrl, crossSubmission } = primary.getState().settings;
    // Each file's own Validator already reports IDX-004/005/007 and the SIZE limits: the
    // workspace model adds only what needs several files, so nothing is computed or listed twice.
    const settings: WorkspaceSettings =
      publishUrl.trim() === ''
        ? { crossSubmission, perFileRules: false }
        : { publishUrl, crossSubmission, perFileRules: false };
    const inputs = files.map(inputOf);
    const same = built?.publishUrl === settings.publishUrl && built?.crossSubmission === crossSubmission;
    const docs = inputs.map((i) => i.result.document);
    const old = state.model;
    const fast =
      !full && target === null && same && old
        ? refreshWorkspace(old, docs, settings, () => urlsOf(old))
        : null;
    if (fast === null) return fullBuild(files, inputs, settings);
    // The URL index was updated in place by the refresh: it now describes the new model.
    if (urlIndex?.model === old) urlIndex.model = fast;
    buildToken++;
    finish(files, fast, settings);
  };

  const schedule = () => {
    if (!deps.timers) return void rebuild(false);
    if (pending !== null) deps.timers.clearTimeout(pending);
    pending = deps.timers.setTimeout(() => rebuild(false), deps.debounceMs ?? 250);
  };

  /** Crawl data seen per slot: attaching or removing it in one file does it in every file. */
  const crawls = new Map<number, unknown>();
  /** False (nothing done) while `from` has not joined its new crawl yet. */
  const spreadCrawl = (from: WorkspaceSlot, slots: readonly WorkspaceSlot[]): boolean => {
    const s = from.store.getState();
    const join = s.validation.validator.crawlJoin?.() ?? undefined;
    if (s.crawl !== null && join?.table !== s.crawl) return false;
    for (const other of slots) {
      const o = other.store.getState();
      if (other === from || o.crawl === s.crawl) continue;
      if (s.crawl === null) other.store.commands.removeCrawl();
      else other.store.commands.attachCrawl(s.crawl, join);
    }
    return true;
  };
  const watch = (slots: readonly WorkspaceSlot[]) => {
    for (const off of unsubscribers) off();
    stamps.clear();
    crawls.clear();
    const withCrawl = slots.find((slot) => slot.store.getState().crawl !== null);
    if (withCrawl) spreadCrawl(withCrawl, slots);
    unsubscribers = slots.map((slot) => {
      stamps.set(slot.id, stamp(slot.store.getState()));
      crawls.set(slot.id, slot.store.getState().crawl);
      return slot.store.subscribe(() => {
        const crawl = slot.store.getState().crawl;
        if (crawl !== crawls.get(slot.id) && spreadCrawl(slot, slots)) crawls.set(slot.id, crawl);
        const next = stamp(slot.store.getState());
        const prev = stamps.get(slot.id);
        if (prev && next.every((v, i) => Object.is(v, prev[i]))) return;
        stamps.set(slot.id, next);
        if (replaced(slot)) return;
        schedule();
      });
    });
  };

  /**
   * A file's store opened another document outside the workspace (sample, paste, New sitemap):
   * the slot now holds that document under its new name, and the workspace is rebuilt.
   */
  const replaced = (slot: WorkspaceSlot): boolean => {
    const s = slot.store.getState();
    const name = s.fileName ?? 'new-sitemap.xml';
    if (opens > 0 || s.task !== null || name === slot.name) return false;
    const files = current().map((f) => (f.id === slot.id ? { ...f, name } : f));
    exportedDocs.delete(slot.id);
    void setFiles(files, target?.active ?? state.active);
    return true;
  };

  /** Document of each slot when opened or last exported. */
  const exportedDocs = new Map<number, unknown>();
  /** Show `files` (with `active`) together with their model: at once, or when the sliced build ends. */
  const setFiles = (files: WorkspaceSlot[], active: number | 'all'): Promise<void> | undefined => {
    for (const slot of files)
      if (!exportedDocs.has(slot.id)) exportedDocs.set(slot.id, slot.store.getState().doc);
    watch(files);
    if (files.length === 0) {
      target = null;
      buildToken++;
      set({ files, active });
      return;
    }
    target = { files, active };
    return rebuild(true);
  };

  /** Opens running through {@link openInto}; a file store's new document is not a "replace" then. */
  let opens = 0;
  /**
   * Open `file` into `store`, mirroring its task as an opening item; `cancellable` offers Cancel.
   * Resolves true when the file was opened (or failed to parse), false when it was cancelled here.
   */
  const openInto = async (store: AppStore, file: FileBytes, cancellable: boolean) => {
    const key = ++openingKey;
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      store.commands.cancelTask();
    };
    const item = (label: string | null, progress: number | null): OpeningItem => {
      const out: OpeningItem = { key, name: file.name, label: label ?? `Opening ${file.name}`, progress };
      if (cancellable) out.cancel = cancel;
      return out;
    };
    opens++;
    setOpening(key, item(null, null));
    const stop = followTask(store, (label, progress) => {
      if (label !== null) setOpening(key, item(label, progress));
    });
    try {
      await store.commands.openFile(file.name, file.bytes);
    } finally {
      stop();
      opens--;
      setOpening(key, null);
    }
    return !cancelled;
  };

  const openNew = async (files: FileBytes[], fromZip: boolean, skipped: OpenOutcome['skipped']) => {
    const slots: WorkspaceSlot[] = files.map((f, k) => ({
      id: nextId++,
      name: f.name,
      store: k === 0 ? primary : deps.createStore(),
    }));
    const opened = slots.map(() => true);
    // The primary's own Cancel (status bar) stays; the other files can be left out from the panel.
    await eachLimited(slots, deps.openConcurrency ?? 2, async (slot, k) => {
      opened[k] = await openInto(slot.store, files[k], k > 0);
    });
    const kept = slots.filter((_, k) => opened[k]);
    const hasIndex = kept.some((s) => s.store.getState().doc?.kind === 'sitemapindex');
    if (!hasIndex && !fromZip) {
      await setFiles([], 0);
      set({ model: null, counts: [] });
      return { mode: 'single' as const, notOpened: files.slice(1).map((f) => f.name), skipped };
    }
    const index = kept.find((s) => s.store.getState().doc?.kind === 'sitemapindex') ?? kept[0];
    await setFiles(kept, index.id);
    return { mode: 'workspace' as const, notOpened: [], skipped };
  };

  /** Edited since it was opened, and not exported since (alone or with the workspace). */
  const hasUnexportedEdits = (slot: WorkspaceSlot): boolean => {
    const s = slot.store.getState();
    return s.dirty && s.doc !== exportedDocs.get(slot.id);
  };

  /** Adds or replaces one file; returns the name it joined under when that differs from its own. */
  const addOne = async (opened: FileBytes): Promise<string | null> => {
    let files = current();
    if (files.length === 0)
      files = [{ id: nextId++, name: primary.getState().fileName ?? 'sitemap.xml', store: primary }];
    let file = opened;
    let same = files.find((s) => s.name === file.name);
    // A file whose edits are not exported is never replaced (that would drop them): the opened
    // file joins beside it under a free name.
    if (same && hasUnexportedEdits(same)) {
      file = { ...file, name: freeName(file.name, new Set(files.map((f) => f.name))) };
      same = undefined;
    }
    const slot = same ?? { id: nextId++, name: file.name, store: deps.createStore() };
    const before = slot.store.getState().doc;
    // Cancelled: a new file is left out; a replaced file keeps its document (the store kept it).
    const done = await openInto(slot.store, file, slot.store !== primary);
    const renamed = file.name !== opened.name ? file.name : null;
    if (!done && (same === undefined || slot.store.getState().doc === before)) return renamed;
    exportedDocs.delete(slot.id);
    const now = current().length > 0 ? current() : files;
    await setFiles(same ? [...now] : [...now, slot], slot.id);
    return renamed;
  };

  const commands: WorkspaceCommands = {
    async open(list) {
      // No await unless a .zip is among the files: opening plain files starts synchronously.
      const zip = list.some(isZip) ? await import('../core/workspace/zipInput.ts') : undefined;
      const { files, fromZip, skipped } = expandZips(list, zip?.readZipFiles);
      if (files.length === 0)
        return { mode: state.files.length ? 'workspace' : 'single', notOpened: [], skipped };
      if (files.length > 1) return openNew(files, fromZip, skipped);
      // An edited document is never replaced by the next file (that would drop the edits): the
      // file joins it as a workspace instead, and both stay open.
      const open = primary.getState();
      const joins =
        current().length > 0 || open.doc?.kind === 'sitemapindex' || (open.doc !== null && open.dirty);
      if (joins) {
        const as = await addOne(files[0]);
        const out: OpenOutcome = { mode: 'workspace', notOpened: [], skipped };
        if (as !== null) out.renamed = [{ name: files[0].name, as }];
        return out;
      }
      await primary.commands.openFile(files[0].name, files[0].bytes);
      return { mode: 'single', notOpened: [], skipped };
    },
    setActive(target) {
      if (target !== state.active) set({ active: target });
    },
    reveal(fileId, entryIndex) {
      const slot = state.files.find((s) => s.id === fileId);
      if (!slot) return;
      set({ active: fileId });
      const { commands: c, getState } = slot.store;
      const view = getState().view;
      if (view.sort !== null) c.setSort(null);
      if (view.search !== '') c.setSearch('');
      if (Object.keys(view.filters).length > 0) c.clearFilters();
      const col = Math.max(0, visibleColumns(getState().view.hiddenColumns).indexOf('loc'));
      const row = Math.min(entryIndex, getState().rowOrder.length - 1);
      if (row < 0) return;
      c.setSelection({ active: { row, col }, ranges: [{ r0: row, r1: row, c0: col, c1: col }] });
    },
    markExported() {
      for (const slot of state.files) exportedDocs.set(slot.id, slot.store.getState().doc);
    },
    close() {
      setFiles([], 0);
      set({ model: null, counts: [] });
    },
    rebuild: () => void rebuild(true),
  };

  const ws: WorkspaceStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unexported() {
      return state.files
        .filter((s) => s.store !== primary && s.store.getState().doc !== exportedDocs.get(s.id))
        .map((s) => s.name);
    },
    activeStore() {
      if (state.active === 'all') return primary;
      return state.files.find((s) => s.id === state.active)?.store ?? primary;
    },
    primary,
    commands,
  };
  // Bench builds only (see store.ts): `npm run bench:browser` opens a workspace from the page.
  if (import.meta.env?.VITE_SW_BENCH === '1')
    (globalThis as { __sitemapWorkspace?: WorkspaceStore }).__sitemapWorkspace ??= ws;
  return ws;
}
