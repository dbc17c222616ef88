/**
 * Whole-site workspace (issue 7): several sitemap files open at once, each in its own
 * `AppStore` (own document, validator, history and undo), plus the workspace model from core
 * `buildWorkspace` (index → children, missing, extra, cross-file issues), rebuilt after each
 * file's document or validation changes. React-free; the UI gives the ACTIVE file's store to
 * every existing component, so the grid, issues, detail and export work unchanged per file.
 *
 * Single-file mode (no workspace) is today's behaviour: `files` is empty and the primary store
 * is the active one. Autosave covers the primary store (the workspace's first file) only.
 */
import type { Entry } from '../core/model.ts';
import { crossFileUrls } from '../core/workspace/checks.ts';
import type { CrossFileUrls } from '../core/workspace/crossFile.ts';
import type { ZipFiles } from '../core/workspace/zipInput.ts';
import {
  buildWorkspace,
  type SeverityCounts,
  type Workspace,
  type WorkspaceInput,
  type WorkspaceSettings,
} from '../core/workspace.ts';
import { visibleColumns } from './columns.ts';
import type { Timers } from './persist.ts';
import type { AppState, AppStore } from './types.ts';
import { refreshWorkspace } from './workspaceRefresh.ts';

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
  /** Files opening right now (names), for a progress line. */
  opening: readonly string[];
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
}

/** Workspace commands. */
export interface WorkspaceCommands {
  /**
   * Open files: several files with an index among them, or a .zip, build a new workspace; one
   * file joins the current workspace (replacing a file of the same name) when one is open or the
   * open document is an index, else it opens alone. Several files without an index: the first
   * opens alone (`notOpened` names the rest).
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
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(file: FileBytes): boolean {
  const b = file.bytes;
  return /\.zip$/i.test(file.name) || ZIP_MAGIC.every((v, i) => b[i] === v);
}

/** Reads a .zip (core `readZipFiles`); loaded on demand, so fflate's inflate is not in the initial bundle. */
type ZipReader = (bytes: Uint8Array) => ZipFiles;

function expandZips(
  list: readonly FileBytes[],
  readZipFiles: ZipReader | undefined,
): {
  files: FileBytes[];
  fromZip: boolean;
  skipped: OpenOutcome['skipped'];
} {
  const files: FileBytes[] = [];
  const skipped: OpenOutcome['skipped'] = [];
  let fromZip = false;
  for (const item of list) {
    if (!isZip(item) || !readZipFiles) {
      files.push(item);
      continue;
    }
    fromZip = true;
    const z = readZipFiles(item.bytes);
    if (z.error !== undefined) skipped.push({ name: item.name, reason: z.error });
    skipped.push(...z.skipped);
    files.push(...z.files);
  }
  return { files, fromZip, skipped };
}

/** The workspace input of one slot: its current document (an empty urlset when none). */
function inputOf(slot: WorkspaceSlot): WorkspaceInput {
  const s = slot.store.getState();
  const document = s.doc ?? { kind: 'urlset' as const, entries: [] as Entry[], nextId: 0 };
  const fatal = s.doc === null && s.loadError !== null ? { message: s.loadError.error.message } : null;
  return {
    name: slot.name,
    result: { kind: document.kind, document, issues: [], fatal } as WorkspaceInput['result'],
    issues: [],
  };
}

/** Fingerprint of what the model depends on in one store. */
function stamp(s: AppState): unknown[] {
  return [s.doc, s.validation.version, s.loadError, s.settings.publishUrl];
}

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
  /** Full build, or the fast refresh when only non-URL fields changed (see workspaceRefresh.ts). */
  const rebuild = (full: boolean) => {
    if (pending !== null) deps.timers?.clearTimeout(pending);
    pending = null;
    if (state.files.length === 0) return;
    const { publishUrl, crossSubmission } = primary.getState().settings;
    // Each file's own Validator already reports IDX-004/005/007 and the SIZE limits: the
    // workspace model adds only what needs several files, so nothing is computed or listed twice.
    const settings: WorkspaceSettings =
      publishUrl.trim() === ''
        ? { crossSubmission, perFileRules: false }
        : { publishUrl, crossSubmission, perFileRules: false };
    const inputs = state.files.map(inputOf);
    const same = built?.publishUrl === settings.publishUrl && built?.crossSubmission === crossSubmission;
    const docs = inputs.map((i) => i.result.document);
    const old = state.model;
    const fast = !full && same && old ? refreshWorkspace(old, docs, settings, () => urlsOf(old)) : null;
    const model = fast ?? buildWorkspace(inputs, settings);
    // The URL index was updated in place by the refresh: it now describes the new model.
    if (fast !== null && urlIndex?.model === old) urlIndex.model = fast;
    built = settings;
    const counts = state.files.map((slot) => {
      const c = slot.store.getState().validation.validator.counts();
      return { error: c.error, warning: c.warning, info: c.info };
    });
    for (const issue of model.issues) counts[issue.file][issue.severity]++;
    set({ model, counts });
  };

  const schedule = () => {
    if (!deps.timers) return rebuild(false);
    if (pending !== null) deps.timers.clearTimeout(pending);
    pending = deps.timers.setTimeout(() => rebuild(false), deps.debounceMs ?? 250);
  };

  const watch = (slots: readonly WorkspaceSlot[]) => {
    for (const off of unsubscribers) off();
    stamps.clear();
    unsubscribers = slots.map((slot) => {
      stamps.set(slot.id, stamp(slot.store.getState()));
      return slot.store.subscribe(() => {
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
    if (state.opening.length > 0 || s.task !== null || name === slot.name) return false;
    const files = state.files.map((f) => (f.id === slot.id ? { ...f, name } : f));
    exportedDocs.delete(slot.id);
    setFiles(files, state.active);
    return true;
  };

  /** Document of each slot when opened or last exported. */
  const exportedDocs = new Map<number, unknown>();
  const setFiles = (files: WorkspaceSlot[], active: number | 'all') => {
    for (const slot of files)
      if (!exportedDocs.has(slot.id)) exportedDocs.set(slot.id, slot.store.getState().doc);
    watch(files);
    set({ files, active });
    rebuild(true);
  };

  const openInto = async (store: AppStore, file: FileBytes) => {
    await store.commands.openFile(file.name, file.bytes);
  };

  const openNew = async (files: FileBytes[], fromZip: boolean, skipped: OpenOutcome['skipped']) => {
    set({ opening: files.map((f) => f.name) });
    const slots: WorkspaceSlot[] = files.map((f, k) => ({
      id: nextId++,
      name: f.name,
      store: k === 0 ? primary : deps.createStore(),
    }));
    await Promise.all(slots.map((slot, k) => openInto(slot.store, files[k])));
    set({ opening: [] });
    const hasIndex = slots.some((s) => s.store.getState().doc?.kind === 'sitemapindex');
    if (!hasIndex && !fromZip) {
      setFiles([], 0);
      set({ model: null, counts: [] });
      return { mode: 'single' as const, notOpened: files.slice(1).map((f) => f.name), skipped };
    }
    const index = slots.find((s) => s.store.getState().doc?.kind === 'sitemapindex') ?? slots[0];
    setFiles(slots, index.id);
    return { mode: 'workspace' as const, notOpened: [], skipped };
  };

  const addOne = async (file: FileBytes) => {
    let files = state.files;
    if (files.length === 0)
      files = [{ id: nextId++, name: primary.getState().fileName ?? 'sitemap.xml', store: primary }];
    const same = files.find((s) => s.name === file.name);
    const slot = same ?? { id: nextId++, name: file.name, store: deps.createStore() };
    set({ opening: [file.name] });
    await openInto(slot.store, file);
    set({ opening: [] });
    exportedDocs.delete(slot.id);
    setFiles(same ? [...files] : [...files, slot], slot.id);
  };

  const commands: WorkspaceCommands = {
    async open(list) {
      // No await unless a .zip is among the files: opening plain files starts synchronously.
      const zip = list.some(isZip) ? await import('../core/workspace/zipInput.ts') : undefined;
      const { files, fromZip, skipped } = expandZips(list, zip?.readZipFiles);
      if (files.length === 0)
        return { mode: state.files.length ? 'workspace' : 'single', notOpened: [], skipped };
      if (files.length > 1) return openNew(files, fromZip, skipped);
      const joins = state.files.length > 0 || primary.getState().doc?.kind === 'sitemapindex';
      if (joins) {
        await addOne(files[0]);
        return { mode: 'workspace', notOpened: [], skipped };
      }
      await openInto(primary, files[0]);
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
    rebuild: () => rebuild(true),
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
