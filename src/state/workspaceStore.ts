/**
 * The session: every open file (one document, or several as a workspace), each in its own
 * `AppStore`, and the one way content comes in — `commands.open(inputs, intent)` — for drops, the
 * file input, Paste, New sitemap, Try a sample, CSV files and zips. The decision (open, add,
 * replace, ask first) is `decideOpen` (openDecision.ts); the whole session is autosaved together
 * and restored at start-up (autosave.ts), and only one tab at a time owns the saved session.
 */

import { appendAll } from '../core/arrays.ts';
import { isCsvName } from '../core/crawl/format.ts';
import { plural } from '../core/format.ts';
import { isGzip } from '../core/magic.ts';
import { entryCounts, type Issue, type SitemapDocument } from '../core/model.ts';
import { crossFileUrls } from '../core/workspace/checks.ts';
import type { CrossFileUrls } from '../core/workspace/crossFile.ts';
import { freeName } from '../core/workspace/match.ts';
import type { ZipFiles } from '../core/workspace/zipInput.ts';
import {
  buildWorkspaceSteps,
  type SeverityCounts,
  type Workspace,
  type WorkspaceBuildProgress,
  type WorkspaceInput,
  type WorkspaceSettings,
} from '../core/workspace.ts';
import { AUTOSAVE_DELAY_MS, createSessionSaver, type SessionSaver } from './autosave.ts';
import { visibleColumns } from './columns.ts';
import { describePlan, type MissingPagesPlan, planMissingPages } from './crawlWorkspace.ts';
import { hreflangClusterAcross, returnLinkEdits } from './hreflangCluster.ts';
import {
  decideCrawl,
  decideOpen,
  type EditedFile,
  type OpenIntent,
  type OpenSituation,
} from './openDecision.ts';
import { idIndexOf } from './patch.ts';
import type { PersistenceAdapter, SavedSession, Timers } from './persist.ts';
import { fitsInRecent, planRecent, RECENT_MAX, type RecentEntry, type RecentStore } from './recent.ts';
import type { AppStore, LoadError, Notice } from './types.ts';
import { expandZips, inputOf, isZip, stamp, type ZipReader } from './workspaceInputs.ts';
import { eachLimited, followTask, type OpeningItem, runSliced } from './workspaceOpening.ts';
import { refreshWorkspace } from './workspaceRefresh.ts';

export type { OpenIntent } from './openDecision.ts';
export type { OpeningItem } from './workspaceOpening.ts';

/** One file of the session and the store that edits it. */
export interface WorkspaceSlot {
  /** Stable id (not a position: positions change when files are added). */
  id: number;
  name: string;
  store: AppStore;
  /**
   * The index `<loc>` the user said this file is, when same-name files left the index entry
   * undecided (`ChildRef.candidates`): see `commands.chooseChild`.
   */
  chosenFor?: string;
}

/** The question asked before work would be lost (see `decideOpen`). */
export interface OpenQuestion {
  /** Names of what comes in. */
  incoming: string[];
  /** Names of the files open now (all of them are closed by Replace). */
  open: string[];
  /** Open files with edits that were not exported. */
  lost: EditedFile[];
  /**
   * Replace puts the open session (with `lost`'s edits) in Recent: a Recent store that answers
   * and a session within its size. False: replacing loses those edits.
   */
  keptInRecent: boolean;
  /** *Add to workspace* makes sense (not for a blank document). */
  canAdd: boolean;
}

/** What came back from storage at start-up. */
export interface RestoredInfo {
  savedAt: number;
  files: string[];
  /** Page URLs (urlset entries); index entries are `sitemaps`. */
  urls: number;
  sitemaps: number;
  undoSteps: number;
}

/**
 * Another tab of the app owns the saved session: `waiting` (this tab has not touched it; offer
 * Take over / Separate copy), `copy` (this tab works on a separate copy that is not autosaved),
 * `lost` (another tab took over from this one; this tab no longer saves).
 */
export type OtherTab = 'waiting' | 'copy' | 'lost' | null;

/** A snapshot of the session. A new object on every change. */
export interface WorkspaceState {
  /** Open files in opening order: none, one document, or a workspace. `model.files[k]` is `files[k]`. */
  files: readonly WorkspaceSlot[];
  /** Id of the active file, or `'all'` for the combined read-only table. */
  active: number | 'all';
  /** The workspace model when two or more files are open (null otherwise). */
  model: Workspace | null;
  /**
   * Per file (aligned with `files`): its validator's counts, which hold its cross-file findings
   * too (`Commands.setCrossFileIssues`): the same numbers as its status bar and Issues tab.
   */
  counts: readonly SeverityCounts[];
  /**
   * Files opening right now, and the cross-file checks while they run in slices (name ''), each
   * with its task's label, progress and Cancel, for the workspace panel.
   */
  opening: readonly OpeningItem[];
  /** Opening would lose work: the question to show (Add to workspace / Replace / Cancel). */
  ask: OpenQuestion | null;
  /** A CSV file that came in: the CSV import dialog maps its columns, then `csvImportDone()`. */
  csvImport: FileBytes | null;
  /**
   * A crawl export that came in while a document is open (issue 17): the Crawl dialog reads and
   * attaches it for the audit (the sitemap is not replaced), then `crawlImportDone()`.
   */
  crawlImport: FileBytes | null;
  /** The file to compare the active document with (`open(inputs, 'compare')`), until `compareDone()`. */
  compare: FileBytes | null;
  /** What was restored at start-up (banner with Discard), null otherwise. */
  restored: RestoredInfo | null;
  /** Another tab owns the saved session (see {@link OtherTab}). */
  otherTab: OtherTab;
  /** Session notices: what each open did, autosave problems. */
  notices: readonly Notice[];
  /** Sessions put aside (replaced or discarded), newest first: `commands.openRecent(id)`. */
  recent: readonly RecentEntry[];
  /** +1 on every change. */
  version: number;
}

/** A file to open: name (may carry zip folders) and its bytes. */
export interface FileBytes {
  name: string;
  bytes: Uint8Array;
  /**
   * The file as the browser gave it, when there is one: a reader handing it on (the crawl
   * dialog) passes this instead of copying `bytes` into a new File (hundreds of MB for a crawl).
   */
  blob?: Blob;
  /** Pasted text: `name` is made up, not a file name to check (TXT-004). */
  pasted?: boolean;
  /**
   * `bytes` holds only the start of `blob` (a big file that may be a crawl export: recognised by
   * its header row and handed on without reading it all into the page). `open` reads the rest
   * for any other kind.
   */
  partial?: boolean;
}

/** The input with all its bytes (a `partial` one read from its blob). */
async function completed(input: OpenInput): Promise<OpenInput> {
  if (!('bytes' in input) || !input.partial || !input.blob) return input;
  return { name: input.name, bytes: new Uint8Array(await input.blob.arrayBuffer()), blob: input.blob };
}

/** Anything that can be opened: file bytes, pasted text, or a new blank document. */
export type OpenInput = FileBytes | { name: string; text: string } | { blank: SitemapDocument['kind'] };

/** What an input is, decided from its name and bytes. */
export type InputKind = 'zip' | 'crawl' | 'csv' | 'sitemap' | 'blank';

/** Recognises a crawl export by the header row at the start of its bytes (core `sniffCrawl`). */
export type CrawlSniffer = (bytes: Uint8Array) => boolean;

/**
 * Could these file bytes be a crawl export? Cheap: sitemaps (`<` first, after a BOM and blanks)
 * are not, so opening them never loads the CSV reader. A gzip may be (`internal_all.csv.gz`): the
 * sniffer looks at what its start inflates to. A zip is not: its CSV members are looked at once
 * extracted (`open`, core/crawl/zipCrawl.ts).
 */
export function mayBeCrawl(input: OpenInput): input is FileBytes {
  if (!('bytes' in input) || isZip(input)) return false;
  const b = input.bytes;
  if (isGzip(b)) return true;
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (i < b.length && i < 4096 && (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d)) i++;
  return i < b.length && b[i] !== 0x3c;
}

/**
 * The kind of one input. The extension point: a new kind is one more value here and one more
 * branch in `open`. `isCrawl` (given by `open` only while a document is open) recognises a
 * crawl export by its header row, whatever its name.
 *
 * @example kindOf({ name: 'data.csv', bytes }) // 'csv'
 * @example kindOf({ name: 'internal_all.csv', bytes }, sniffer) // 'crawl'
 */
export function kindOf(
  input: OpenInput,
  isCrawl?: CrawlSniffer,
  zipInGzip?: ReadonlySet<OpenInput>,
): InputKind {
  if ('blank' in input) return 'blank';
  if ('bytes' in input && (isZip(input) || zipInGzip?.has(input))) return 'zip';
  if (isCrawl && mayBeCrawl(input) && isCrawl(input.bytes.subarray(0, CRAWL_SNIFF_BYTES))) return 'crawl';
  if (isCsvName(input.name)) return 'csv';
  return 'sitemap';
}

/** Bytes looked at to recognise a crawl export. */
const CRAWL_SNIFF_BYTES = 64 * 1024;

/** What `open` did. Every outcome is also announced in one session notice. */
export interface OpenOutcome {
  /**
   * `single`: one document open; `workspace`: several files; `asked`: work would be lost, the
   * question is in `ask` (answer with `commands.answer`); `none`: nothing opened (cancelled, or
   * only a CSV, which went to the import dialog through `csvImport`).
   */
  mode: 'single' | 'workspace' | 'asked' | 'none';
  /** Kept for callers of the old API: always empty (several files always open together now). */
  notOpened: string[];
  /** Zip members left out, and zip errors. */
  skipped: Array<{ name: string; reason: string }>;
  /**
   * Files added under another name because the open file of their name has edits that are not
   * exported: that file is kept as it is, the opened one joins as `as`.
   */
  renamed?: Array<{ name: string; as: string }>;
}

/**
 * The file whose settings are the workspace's (publish URL, cross-submission): the first index
 * file, else the first file. Its publish URL is the index's, so it is the base a workspace
 * export proposes; another file's own publish URL (a child's) says only where that child lives.
 *
 * @example settingsSlot(ws.getState().files).store.getState().settings.publishUrl
 */
export function settingsSlot<T extends { store: AppStore }>(files: readonly T[]): T | undefined {
  return files.find((f) => f.store.getState().doc?.kind === 'sitemapindex') ?? files[0];
}

export { freeName };

const bytesOf = (input: FileBytes | { name: string; text: string }): FileBytes =>
  'bytes' in input ? input : { name: input.name, bytes: new TextEncoder().encode(input.text), pasted: true };

/** True when index entry `loc` names a file called `name` (folders and `.gz` allowed). */
function namesFile(loc: string, name: string): boolean {
  const l = loc.trim().toLowerCase().replace(/\.gz$/, '');
  const n = name.toLowerCase().replace(/\.gz$/, '');
  return l === n || l.endsWith(`/${n}`);
}

/** Session commands. */
export interface WorkspaceCommands {
  /**
   * The one way in. Inputs are sorted by kind (`kindOf`): a .zip expands to its members, a CSV
   * goes to the import dialog (`csvImport`), text and bytes are parsed, `blank` is a new
   * document. Then `decideOpen` with `intent`: with nothing open they open (several files as
   * one workspace, with or without an index); a missing child of an open index joins it; one
   * unedited document is replaced; otherwise `ask` is set and nothing changes until `answer`.
   * Files open two at a time, listed in `opening` with Cancel. Announced in one notice.
   */
  open(inputs: readonly OpenInput[], intent?: OpenIntent | 'compare'): Promise<OpenOutcome>;
  /** The comparison was closed. */
  compareDone(): void;
  /** Answer the open question: add the files, replace what is open, or leave everything as it is. */
  answer(choice: 'add' | 'replace' | 'cancel'): Promise<OpenOutcome>;
  /** The CSV import dialog took (or dropped) `csvImport`. */
  csvImportDone(): void;
  /** The Crawl dialog took (or dropped) `crawlImport`. */
  crawlImportDone(): void;
  /** Show a file (by slot id) or the combined table. */
  setActive(target: number | 'all'): void;
  /**
   * The user says which open file index entry `loc` is (same-name files the content could not
   * tell apart, `ChildRef.candidates`). Another file chosen for `loc` before is released.
   */
  chooseChild(fileId: number, loc: string): void;
  /** Make the file active and select entry `entryIndex` (its position in the document). */
  reveal(fileId: number, entryIndex: number): void;
  /**
   * Leave the workspace: the active file stays open alone. The workspace goes to Recent first
   * (when worked on), and the notice names the files closed and any unexported edits.
   */
  close(): Promise<void>;
  /** Record every file as exported (after the workspace .zip was downloaded). */
  markExported(): void;
  /** Rebuild the model now (normally debounced after edits). */
  rebuild(): void;
  /**
   * Add every missing return link of the hreflang cluster of entry `entryId` of file `fileId`,
   * across the open files: each edited file gets one undo step. Returns the links added and the
   * names of the files they went into.
   */
  addMissingReturnLinks(fileId: number, entryId: number): { links: number; files: string[] };
  /**
   * Where the indexable pages no file lists (CRAWL-006) would go: each to the file whose folder
   * it belongs to, else the active file (`into`: all to that file). Null without crawl data.
   */
  planMissingPages(into?: number): MissingPagesPlan | null;
  /**
   * Add the pages of a plan: one undo step in each file that receives pages, one notice naming
   * them. Returns the pages added.
   */
  addMissingPages(plan: MissingPagesPlan): number;
  /** Open a Recent session (asks first when open work would be lost); what was open goes to Recent. */
  openRecent(id: number): Promise<OpenOutcome>;
  /** Close everything and delete the saved session (the restore banner's Discard). */
  discardSaved(): Promise<void>;
  /** Another tab owns the saved session: take it over (that tab stops saving), or work on a copy. */
  takeOver(): Promise<void>;
  separateCopy(): void;
  dismissNotice(id: number): void;
  /** Save now if a save is pending (page hidden). */
  flush(): Promise<void>;
}

/** What {@link createWorkspaceStore} returns. */
export interface WorkspaceStore {
  getState(): WorkspaceState;
  subscribe(listener: () => void): () => void;
  /** The store the UI shows: the active file's, or the blank `primary` with nothing open / 'all'. */
  activeStore(): AppStore;
  /** Names of the open files with edits that were not exported. */
  unexported(): string[];
  /** The store shown while nothing is open; the first file opened into an empty session uses it. */
  primary: AppStore;
  /** Resolves once the saved session was read (and restored when there was one). */
  ready: Promise<void>;
  commands: WorkspaceCommands;
}

/** The one-tab-at-a-time lock on the saved session (Web Locks in the browser). */
export interface SessionLock {
  /** Try to hold the lock; `steal` takes it from another tab. `onLost` runs if a tab steals it later. */
  acquire(steal: boolean, onLost: () => void): Promise<boolean>;
}

/** Dependencies of {@link createWorkspaceStore}. */
export interface WorkspaceDeps {
  /** The store shown while nothing is open; the first file opened into an empty session goes here. */
  primary: AppStore;
  /** A new store for another file, e.g. sharing the primary's worker client. */
  createStore(): AppStore;
  /** Debounce for rebuilds and autosave; without timers the model is rebuilt synchronously. */
  timers?: Timers;
  /** Rebuild delay after an edit, ms. Default 250. */
  debounceMs?: number;
  /** Clock (ms) for slicing long model builds and for save times. */
  now?: () => number;
  /** Files opened at once when several are dropped. Default 2. */
  openConcurrency?: number;
  /**
   * Extract a .zip off the main thread (the worker's `unzip`, with `decompress` progress and
   * cancel); without it the core reader runs here (tests, no worker).
   */
  readZip?: (
    bytes: Uint8Array,
    onProgress?: (phase: string, done: number, total: number) => void,
    signal?: AbortSignal,
  ) => Promise<ZipFiles>;
  /** Autosave target (with `timers`); without it the session lives in memory only. */
  storage?: PersistenceAdapter;
  /** Only one tab saves; without a lock this tab always owns the saved session. */
  lock?: SessionLock;
  /** Where replaced and discarded sessions are kept for a while; without it they are gone. */
  recent?: RecentStore;
}

/** From this many URLs on, a full model build runs in slices (when timers are given). */
const SLICED_FROM = 50_000;
/** Entries per step of a sliced model build. */
const BUILD_STEP = 4096;

/** A model's cross-file findings by file, as the issues of that file's validator (null: no model). */
function issuesByFile(model: Workspace | null): Map<number, Issue[]> | null {
  if (model === null) return null;
  const out = new Map<number, Issue[]>();
  for (const { file, relatedFiles: _, ...issue } of model.issues) {
    const list = out.get(file);
    if (list === undefined) out.set(file, [issue]);
    else list.push(issue);
  }
  return out;
}

/**
 * Why a file did not open, with where and the rule (the notice when it did not replace anything).
 *
 * @example unreadText('a.xml', loadError) // 'a.xml: Unexpected end of input at line 8, column 52 (ENC-004)'
 */
function unreadText(name: string, e: LoadError): string {
  const { message, line, column, rule } = e.error;
  const where = e.refused ? '' : ` at line ${line}, column ${column}`;
  return `${name}: ${message.replace(/\.$/, '')}${where}${rule ? ` (${rule})` : ''}`;
}

/** "a.xml", "a.xml and b.xml", "a.xml, b.xml and 3 more files". */
function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= 3) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, 2).join(', ')} and ${plural(names.length - 2, 'more file')}`;
}

/**
 * Create the session.
 *
 * @example
 * const ws = createWorkspaceStore({ primary, createStore: () => createAppStore(deps) });
 * await ws.commands.open([{ name: 'sitemap.xml', bytes }, { name: 'sitemap-0.xml', bytes: b0 }]);
 * ws.getState().model?.files[1].role // 'child'
 */
export function createWorkspaceStore(deps: WorkspaceDeps): WorkspaceStore {
  const { primary } = deps;
  const now = deps.now ?? (() => Date.now());
  const listeners = new Set<() => void>();
  let state: WorkspaceState = {
    files: [],
    active: 0,
    model: null,
    counts: [],
    opening: [],
    ask: null,
    csvImport: null,
    crawlImport: null,
    compare: null,
    restored: null,
    otherTab: null,
    notices: [],
    recent: [],
    version: 0,
  };
  let nextId = 1;
  let unsubscribers: Array<() => void> = [];
  let pending: unknown = null;
  const stamps = new Map<number, unknown[]>();
  const saveStamps = new Map<number, unknown[]>();
  let noticeId = 0;

  const set = (patch: Partial<WorkspaceState>) => {
    state = { ...state, ...patch, version: state.version + 1 };
    for (const l of [...listeners]) l();
  };
  /** Replaces of the open files so far: session notices are about the files open when given. */
  let session = 0;
  /** A notice about the open files (`tab`: about this tab, e.g. autosave, kept across replaces). */
  const notify = (level: Notice['level'], message: string, tab = false) => {
    const notice: Notice = { id: ++noticeId, level, message, at: now() };
    if (!tab) notice.about = session;
    set({ notices: [...state.notices.slice(-4), notice] });
  };
  /** Everything open was replaced: its notices ("Added …", "Closed …") no longer apply. */
  const replacedSession = () => {
    session++;
    if (state.notices.some((n) => n.about !== undefined))
      set({ notices: state.notices.filter((n) => n.about === undefined) });
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

  /** True while a file is handed its cross-file notes: their new version is no edit. */
  let noting = false;
  /**
   * File `f`'s HREF-006 notes the others answer (`Workspace.unloadedNotes`) and its cross-file
   * findings (`Workspace.issues` of `f`; none without a model), and its counts worked out with
   * them (the validator keeps them for its version). From here on the file's validator is the
   * one count of its findings: the workspace list, the status bar, the Issues tab and the export.
   */
  const noteFile = (
    slot: WorkspaceSlot,
    f: number,
    model: Workspace | null,
    issues: ReadonlyMap<number, Issue[]> | null = issuesByFile(model),
  ) => {
    noting = true;
    try {
      slot.store.commands.setCrossFileNotes(model?.unloadedNotes?.get(f) ?? null);
      slot.store.commands.setCrossFileIssues(issues?.get(f) ?? null);
      // A child is checked against the URL its index names it by (core `resolveChildren`), as
      // the CLI checks a child it follows: HOST-001 and the other host rules while the file has
      // no publish URL of its own. Derived from the workspace, it is no setting of the file.
      const file = model?.files[f];
      slot.store.commands.setIndexPublishUrl((file?.role === 'child' && file.publishUrl) || null);
    } finally {
      noting = false;
    }
    if (model !== null) slot.store.getState().validation.validator.counts();
  };
  const setCrossFileNotes = (files: readonly WorkspaceSlot[], model: Workspace | null) => {
    const issues = issuesByFile(model);
    files.forEach((slot, f) => {
      noteFile(slot, f, model, issues);
    });
  };
  /**
   * A sliced build, then each file handed its notes in a step of its own (a file's counts with
   * them read its noted entries once: ~50,000 for a full child).
   */
  function* buildAndNote(
    files: readonly WorkspaceSlot[],
    steps: Generator<WorkspaceBuildProgress, Workspace, void>,
  ): Generator<WorkspaceBuildProgress, Workspace, void> {
    const model = yield* steps;
    for (let f = 0; f < files.length; f++) {
      if (model.unloadedNotes?.has(f)) {
        noteFile(files[f], f, model);
        yield { done: 1, total: 1 };
      }
    }
    return model;
  }

  const finish = (files: readonly WorkspaceSlot[], model: Workspace, settings: WorkspaceSettings) => {
    built = settings;
    setCrossFileNotes(files, model);
    // Each file's validator holds its cross-file findings now: its counts are the file's.
    const counts = files.map((slot) => {
      const c = slot.store.getState().validation.validator.counts();
      return { error: c.error, warning: c.warning, info: c.info };
    });
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
    return runSliced(buildAndNote(files, steps), clock, () => token !== buildToken, progress).then(
      (model) => {
        setOpening(key, null);
        if (model !== null) finish(files, model, settings);
      },
    );
  };

  /** Full build, or the fast refresh when only non-URL fields changed (see workspaceRefresh.ts). */
  const rebuild = (full: boolean): Promise<void> | undefined => {
    if (pending !== null) deps.timers?.clearTimeout(pending);
    pending = null;
    const files = current();
    if (files.length < 2) {
      // One document (or none) is no workspace: no model to build.
      buildToken++;
      const layout = target ?? {};
      target = null;
      built = null;
      setCrossFileNotes(files, null);
      set({ ...layout, model: null, counts: [] });
      return;
    }
    const { publishUrl, crossSubmission } = settingsSlot(files)!.store.getState().settings;
    // Each file's own Validator already reports IDX-004/005/007 and the SIZE limits: the
    // workspace model adds only what needs several files, so nothing is computed or listed twice.
    // A child the index names that was not dropped is a note at the index's row (it may well
    // exist: "drop it here to check it"), not the CLI's error for a child missing from disk.
    const settings: WorkspaceSettings =
      publishUrl.trim() === ''
        ? { crossSubmission, perFileRules: false, missingChildren: 'not-open' }
        : { publishUrl, crossSubmission, perFileRules: false, missingChildren: 'not-open' };
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

  // ---- autosave ---------------------------------------------------------------------------

  const snapshot = (): SavedSession | null => {
    const files = current();
    const saved: SavedSession['files'] = [];
    let active: number | 'all' = 'all';
    for (const slot of files) {
      const f = slot.store.commands.persistable();
      if (f === null) continue;
      if (slot.id === (target?.active ?? state.active)) active = saved.length;
      saved.push(
        slot.chosenFor === undefined
          ? { ...f, fileName: slot.name }
          : { ...f, fileName: slot.name, chosenFor: slot.chosenFor },
      );
    }
    if (saved.length === 0) return null;
    if (active === 'all' && (target?.active ?? state.active) !== 'all') active = 0;
    return { format: 2, savedAt: now(), active, files: saved };
  };
  const saver: SessionSaver | null =
    deps.storage && deps.timers
      ? createSessionSaver({
          storage: deps.storage,
          timers: deps.timers,
          snapshot,
          report: (message) => notify('warning', message, true),
        })
      : null;
  const persist = () => saver?.schedule();
  /** Tell storage at once which files are as exported (see `SessionSaver.markClean`). */
  const markClean = () => {
    const states: string[] = [];
    for (const slot of current()) {
      const s = slot.store.getState();
      const state = s.dirty ? null : slot.store.commands.savedState();
      if (state !== null) states.push(state);
    }
    saver?.markClean(states);
  };

  /** Fingerprint of what autosave writes for one store. */
  const saveStamp = (store: AppStore): unknown[] => {
    const s = store.getState();
    return [s.doc, s.dirty, s.settings, s.fileName, s.crawl];
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
    saveStamps.clear();
    crawls.clear();
    // A crawl restored (or attached) in one file is spread to the others with one shared join;
    // until its join is ready the slot is left unrecorded, so its next change tries again.
    const withCrawl = slots.find((slot) => slot.store.getState().crawl !== null);
    const spread = withCrawl ? spreadCrawl(withCrawl, slots) : true;
    unsubscribers = slots.map((slot) => {
      stamps.set(slot.id, stamp(slot.store.getState()));
      saveStamps.set(slot.id, saveStamp(slot.store));
      if (spread || slot !== withCrawl) crawls.set(slot.id, slot.store.getState().crawl);
      return slot.store.subscribe(() => {
        const crawl = slot.store.getState().crawl;
        if (crawl !== crawls.get(slot.id) && spreadCrawl(slot, slots)) crawls.set(slot.id, crawl);
        const saving = saveStamp(slot.store);
        const was = saveStamps.get(slot.id);
        if (!was || saving.some((v, i) => !Object.is(v, was[i]))) {
          saveStamps.set(slot.id, saving);
          persist();
          // Exported (or undone back to the export): durable at once, ahead of the debounced save.
          if (was?.[1] === true && saving[1] === false && saving[0] === was[0]) markClean();
        }
        const next = stamp(slot.store.getState());
        const prev = stamps.get(slot.id);
        if (prev && next.every((v, i) => Object.is(v, prev[i]))) return;
        stamps.set(slot.id, next);
        if (!noting) schedule();
      });
    });
  };

  /** Show `files` (with `active`) together with their model: at once, or when the sliced build ends. */
  const setFiles = (files: WorkspaceSlot[], active: number | 'all'): Promise<void> | undefined => {
    watch(files);
    persist();
    target = { files, active };
    return rebuild(true);
  };

  // A document put straight into the blank store (a CSV import with nothing open, or a bench
  // driving the store) becomes the session's one file, so it is shown and autosaved.
  primary.subscribe(() => {
    if (opens > 0 || current().length > 0 || primary.getState().doc === null) return;
    const slot = { id: nextId++, name: primary.getState().fileName ?? 'new-sitemap.xml', store: primary };
    void setFiles([slot], slot.id);
  });

  // ---- opening ----------------------------------------------------------------------------

  /** Opens running through {@link openInto}. */
  let opens = 0;
  /**
   * Open `file` into `store`, mirroring its task as an opening item; `cancellable` offers Cancel.
   * Resolves true when the file was opened (or failed to parse), false when it was cancelled.
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
    const before = store.getState().doc;
    try {
      await store.commands.openFile(file.name, file.bytes, file.pasted ? { pasted: true } : undefined);
    } finally {
      stop();
      opens--;
      setOpening(key, null);
    }
    const s = store.getState();
    // The store's own Cancel (status bar) keeps its previous document: that is a cancel too.
    return !cancelled && (s.doc !== before || s.loadError !== null);
  };

  /** The store the UI shows (see WorkspaceStore.activeStore). */
  const shownStore = (): AppStore => {
    if (state.active === 'all') return settingsSlot(state.files)?.store ?? primary;
    return state.files.find((s) => s.id === state.active)?.store ?? primary;
  };

  const edited = (): EditedFile[] =>
    current()
      .filter((slot) => slot.store.getState().dirty && slot.store.getState().doc !== null)
      .map((slot) => ({ name: slot.name, ...slot.store.commands.unexportedSteps() }));

  /** Expanded inputs: files to parse, or a blank document. */
  interface Incoming {
    files: FileBytes[];
    blank: SitemapDocument['kind'] | null;
    /** A whole saved session (from Recent). */
    saved?: { session: SavedSession; id: number };
    skipped: OpenOutcome['skipped'];
  }
  let asked: Incoming | null = null;
  /** The open question said Replace keeps the edits in Recent (`OpenQuestion.keptInRecent`). */
  let promisedRecent = false;

  const situation = (incoming: Incoming): OpenSituation => {
    const files = current();
    const names = new Set(files.map((f) => f.name));
    const indexLocs: string[] = [];
    for (const slot of files) {
      const doc = slot.store.getState().doc;
      if (doc?.kind === 'sitemapindex') for (const e of doc.entries) indexLocs.push(e.loc);
    }
    const childrenOfOpenIndex =
      incoming.files.length > 0 &&
      incoming.files.every((f) => !names.has(f.name) && indexLocs.some((loc) => namesFile(loc, f.name)));
    const blank = incoming.blank !== null || incoming.saved !== undefined;
    return { files: files.length, edited: edited(), childrenOfOpenIndex, blank };
  };

  const skippedNote = (skipped: OpenOutcome['skipped']) =>
    skipped.length > 0
      ? ` Left out of the archive: ${skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}.`
      : '';

  /**
   * Put the open session aside in Recent when the user worked on it. Returns the sentence for
   * the notice ('' when nothing was kept).
   */
  const remember = async (): Promise<string> => (await putAside(false)).text;

  /**
   * `remember`; `undoable`: for a replace that may yet not happen (every file it opens fails to
   * read), the sessions Recent evicts for this one are dropped only by `settle(true)`, and
   * `settle(false)` puts Recent back as it was (`planRecent` never puts the new session in an
   * evicted one's slot). `blank`: a new document replaces the session (`Commands.newDocument`
   * starts from the default settings): a publish URL a file carries without a step of its own
   * is work to keep too.
   */
  const putAside = async (
    undoable: boolean,
    blank = false,
  ): Promise<{ text: string; settle(replaced: boolean): Promise<void> }> => {
    const none = { text: '', settle: async () => undefined };
    const recent = deps.recent;
    const states = current().map((slot) => slot.store.getState());
    // A settings change is work too, though no edit of the file.
    const edits = states.some((s) => s.dirty || s.history.editsEntries);
    const settings = states.some((s) => s.history.changesSettings);
    // New starts from the default settings: a publish URL chosen before the file was opened (no step).
    const carried = blank && !settings && states.some((s) => s.doc && s.settings.publishUrl.trim());
    // An attached crawl is work too: the next open may clear it (another site, siteChange.ts),
    // and re-opening the session from Recent brings it back.
    const crawl = states.some((s) => s.crawl !== null);
    const session = recent && (edits || settings || carried || crawl) ? snapshot() : null;
    if (!recent || !session) return none;
    try {
      const was = await recent.list();
      const plan = planRecent(was, session);
      if (plan.list === null) return { ...none, text: ' It is too big to keep in Recent.' };
      // Room first (quota), unless the replace may yet be called off.
      if (!undoable) for (const e of plan.evicted) await recent.drop(e.slot);
      await recent.write(plan.list, plan.slot, session);
      set({ recent: plan.list });
      const evicted =
        plan.evicted.length > 0
          ? ` Recent keeps ${RECENT_MAX} sessions: ${listNames(plan.evicted.map((e) => e.files[0] ?? 'a session'))} ${plan.evicted.length === 1 ? 'was' : 'were'} removed from it.`
          : '';
      const what = listNames(
        [
          edits && 'edits',
          settings && 'settings changes',
          carried && 'settings',
          crawl && 'crawl data',
        ].filter((w) => w !== false),
      );
      // Recent keeps the whole session: for several files, say so (not "it", which reads as one file).
      const subject =
        session.files.length > 1 ? `The workspace (${plural(session.files.length, 'file')})` : 'It';
      const settle = async (replaced: boolean) => {
        try {
          if (!undoable) return;
          if (replaced) for (const e of plan.evicted) await recent.drop(e.slot);
          else {
            await recent.write(was, null, null);
            await recent.drop(plan.slot);
            set({ recent: was });
          }
        } catch (e) {
          saver?.failed('Recent could not be saved', e);
        }
      };
      return { text: ` ${subject} is in Recent, with its ${what}.${evicted}`, settle };
    } catch (e) {
      saver?.failed('Recent could not be saved', e);
      return none;
    }
  };

  /**
   * Whether `remember` would keep the open session: a Recent store that answers (IndexedDB may
   * be missing or refuse, e.g. in private windows) and a session it has room for.
   */
  const recentWouldKeep = async (): Promise<boolean> => {
    const recent = deps.recent;
    if (!recent) return false;
    const docs: SitemapDocument[] = [];
    for (const slot of current()) {
      const doc = slot.store.getState().doc;
      if (doc) docs.push(doc);
    }
    const held = entryCounts(docs);
    if (!fitsInRecent(held.urls + held.sitemaps)) return false;
    try {
      await recent.list();
      return true;
    } catch {
      return false;
    }
  };

  /** Take a session out of Recent (it is open now). */
  const forget = async (id: number) => {
    const recent = deps.recent;
    if (!recent) return;
    try {
      const list = await recent.list();
      const entry = list.find((e) => e.id === id);
      if (!entry) return;
      const rest = list.filter((e) => e.id !== id);
      await recent.write(rest, null, null);
      await recent.drop(entry.slot);
      set({ recent: rest });
    } catch (e) {
      saver?.failed('Recent could not be saved', e);
    }
  };

  /** Stores holding a saved session's files; the first one is `first`. */
  const restoreSlots = (saved: SavedSession, first: AppStore): WorkspaceSlot[] => {
    // A workspace's crawl (one table in every file) comes back in the first file that has it;
    // `watch` spreads it to the others with one shared join, as when it was attached.
    const holder = saved.files.find((f) => f.crawl);
    return saved.files.map((file, k) => {
      const store = k === 0 ? first : deps.createStore();
      opens++;
      const shared = file !== holder && file.crawl !== undefined && file.crawl === holder?.crawl;
      store.commands.restoreFile(shared ? { ...file, crawl: undefined } : file);
      opens--;
      const slot: WorkspaceSlot = { id: nextId++, name: file.fileName ?? 'sitemap.xml', store };
      if (file.chosenFor !== undefined) slot.chosenFor = file.chosenFor;
      return slot;
    });
  };

  /** Replace everything open with the incoming files (or a blank document, or a Recent session). */
  const replaceWith = async (incoming: Incoming): Promise<OpenOutcome> => {
    const before = current();
    const closed = before.map((s) => s.name);
    const lost = edited();
    // Written to Recent before the files are read (the first one replaces the shown document as
    // soon as it is read), and taken out again when nothing is replaced after all.
    const aside = before.length > 0 ? await putAside(true, incoming.blank !== null) : null;
    const kept = aside?.text ?? '';
    // The prompt said the edits go to Recent, but Recent could not take them: ask again, saying
    // that replacing now loses them (remember reported the failure).
    if (lost.length > 0 && kept === '' && promisedRecent) {
      promisedRecent = false;
      asked = incoming;
      set({
        ask: { ...questionOf(incoming, lost, !incoming.blank && !incoming.saved), keptInRecent: false },
      });
      return { mode: 'asked', notOpened: [], skipped: incoming.skipped };
    }
    promisedRecent = false;
    const activeSlot = before.find((s) => s.id === (target?.active ?? state.active));
    // The first file opens into the store on screen: it keeps its document until the new one is
    // ready, and its own Cancel (status bar) keeps it.
    const shown = activeSlot?.store ?? before[0]?.store ?? primary;
    const { skipped } = incoming;
    let slots: WorkspaceSlot[];
    /** The store that held what was open is no file of the new session (its document is dropped). */
    let dropShown = false;
    if (incoming.saved) {
      slots = restoreSlots(incoming.saved.session, shown);
      await forget(incoming.saved.id);
    } else if (incoming.blank !== null) {
      shown.commands.newDocument(incoming.blank);
      slots = [{ id: nextId++, name: 'new-sitemap.xml', store: shown }];
    } else {
      const files = incoming.files;
      // A file that does not read never takes the place of a document: with one open, the
      // replace happens only when a file was read.
      const keepOpen = before.some((slot) => slot.store.getState().doc !== null);
      // A store showing a file that did not read keeps its own error: the first file gets another.
      const first = shown.getState().loadError === null ? shown : deps.createStore();
      // Siblings often share a name (en/sitemap.xml and fr/sitemap.xml chosen without folders).
      const taken = new Set<string>();
      const made: WorkspaceSlot[] = files.map((f, k) => {
        const name = taken.has(f.name) ? freeName(f.name, taken) : f.name;
        taken.add(name);
        return { id: nextId++, name, store: k === 0 ? first : deps.createStore() };
      });
      const opened = made.map(() => true);
      await eachLimited(made, deps.openConcurrency ?? 2, async (slot, k) => {
        opened[k] = await openInto(slot.store, files[k], k > 0);
      });
      if (!opened[0]) {
        await aside?.settle(false);
        notify('info', `Opening ${files[0].name} was cancelled; nothing was closed.`);
        return { mode: 'none', notOpened: [], skipped };
      }
      const unread = made.filter((slot, k) => opened[k] && slot.store.getState().loadError !== null);
      if (keepOpen && unread.length === made.filter((_, k) => opened[k]).length) {
        // Not one file was read: everything open stays as it was (name, content, history,
        // autosave), the error shows as a notice, not as a card in place of the document.
        const why = unread.map((slot) => unreadText(slot.name, slot.store.getState().loadError!));
        if (first === shown) shown.commands.dismissLoadError();
        await aside?.settle(false);
        const open = `${listNames(closed)} ${closed.length === 1 ? 'is open as it was' : 'are open as they were'}`;
        notify('error', `Could not open ${why.join('; ')}. Nothing was replaced: ${open}.`);
        return { mode: before.length > 1 ? 'workspace' : 'single', notOpened: [], skipped };
      }
      if (keepOpen && first === shown && unread.includes(made[0])) {
        // Others were read: the first file's error goes to a file of its own, read again there
        // (the shown store still holds what was open, which goes).
        shown.commands.dismissLoadError();
        const store = deps.createStore();
        await openInto(store, files[0], false);
        made[0] = { ...made[0], store };
        dropShown = true;
      }
      slots = made.filter((_, k) => opened[k]);
    }
    await aside?.settle(true);
    const saved = incoming.saved?.session;
    const index = slots.find((s) => s.store.getState().doc?.kind === 'sitemapindex') ?? slots[0];
    const active =
      saved && saved.active !== 'all' && slots.length > 1 ? (slots[saved.active] ?? index).id : index.id;
    replacedSession();
    await setFiles(slots, active);
    if (dropShown) shown.commands.closeDocument();
    set({ restored: null });
    const names = slots.map((s) => s.name);
    // One verb: "Reopened a.xml from Recent", not "Reopened from Recent: Opened a.xml".
    const verb = saved ? 'Reopened' : 'Opened';
    const from = saved ? ' from Recent' : '';
    const what =
      slots.length === 1
        ? slots[0].store.getState().loadError
          ? `Could not open ${names[0]}` // the load error says why
          : `${verb} ${names[0]}${from}`
        : `${verb} ${plural(slots.length, 'file')} as one workspace${from}: ${listNames(names)}`;
    const gone =
      closed.length === 0
        ? ''
        : lost.length > 0
          ? ` Closed ${listNames(closed)}; the edits in ${listNames(lost.map((f) => f.name))} were not exported.${kept || ' They are gone.'}`
          : ` Closed ${listNames(closed)} (no unexported edits).${kept}`;
    // A file that could not be read completely says so in its own view: no "Opened" beside it.
    const unread = slots.length === 1 && slots[0].store.getState().loadError !== null;
    const rest = `${gone}${skippedNote(skipped)}`.trim();
    if (!unread) notify('info', `${what}.${gone}${skippedNote(skipped)}`);
    else if (rest) notify('info', rest);
    return { mode: slots.length === 1 ? 'single' : 'workspace', notOpened: [], skipped };
  };

  /** Add the incoming files (or a blank document) to the open ones. */
  const addTo = async (incoming: Incoming): Promise<OpenOutcome> => {
    const { skipped } = incoming;
    const renamed: Array<{ name: string; as: string }> = [];
    const taken = new Set(current().map((f) => f.name));
    const jobs: Array<{ slot: WorkspaceSlot; file: FileBytes | null; replaces: boolean }> = [];
    if (incoming.blank !== null) {
      const name = taken.has('new-sitemap.xml') ? freeName('new-sitemap.xml', taken) : 'new-sitemap.xml';
      const store = deps.createStore();
      store.commands.newDocument(incoming.blank);
      jobs.push({ slot: { id: nextId++, name, store }, file: null, replaces: false });
    }
    for (const opened of incoming.files) {
      let file = opened;
      let same = current().find((s) => s.name === file.name);
      // A file whose edits are not exported is never replaced (that would drop them): the opened
      // file joins beside it under a free name.
      if (same?.store.getState().dirty) {
        file = { ...file, name: freeName(file.name, taken) };
        renamed.push({ name: opened.name, as: file.name });
        same = undefined;
      }
      taken.add(file.name);
      const slot = same ?? { id: nextId++, name: file.name, store: deps.createStore() };
      jobs.push({ slot, file, replaces: same !== undefined });
    }
    const done = jobs.map(() => true);
    await eachLimited(jobs, deps.openConcurrency ?? 2, async (job, k) => {
      if (job.file) done[k] = await openInto(job.slot.store, job.file, true);
    });
    const added = jobs.filter((j, k) => done[k] && !j.replaces).map((j) => j.slot);
    const replacedNames = jobs.filter((j, k) => done[k] && j.replaces).map((j) => j.slot.name);
    const out: OpenOutcome = { mode: 'workspace', notOpened: [], skipped };
    if (renamed.length > 0) out.renamed = renamed;
    if (added.length === 0 && replacedNames.length === 0) {
      notify('info', 'Opening was cancelled; the workspace is unchanged.');
      return { ...out, mode: current().length > 1 ? 'workspace' : 'single' };
    }
    const all = [...current(), ...added];
    const show = added.at(-1) ?? jobs.find((_j, k) => done[k])!.slot;
    await setFiles(all, show.id);
    const parts: string[] = [];
    if (added.length > 0) parts.push(`Added ${listNames(added.map((s) => s.name))} to the workspace`);
    if (replacedNames.length > 0)
      parts.push(`reloaded ${listNames(replacedNames)} (it had no unexported edits)`);
    let text = `${parts.join('; ')} (${plural(all.length, 'file')} open).`;
    for (const r of renamed)
      text += ` ${r.name} in this workspace has edits that are not exported yet, so it stays as it is; the file you opened was added as ${r.as}.`;
    notify('info', text + skippedNote(skipped));
    if (all.length === 1) out.mode = 'single';
    return out;
  };

  /** The prompt's question for `incoming` (where the edits go is `keptInRecent`, filled by the caller). */
  const questionOf = (
    incoming: Incoming,
    lost: readonly EditedFile[],
    canAdd: boolean,
  ): Omit<OpenQuestion, 'keptInRecent'> => ({
    incoming: incoming.saved
      ? incoming.saved.session.files.map((f) => f.fileName ?? 'Untitled sitemap')
      : incoming.blank !== null
        ? ['a new sitemap']
        : incoming.files.map((f) => f.name),
    open: current().map((s) => s.name),
    lost: [...lost],
    canAdd,
  });

  const apply = async (incoming: Incoming, intent: OpenIntent): Promise<OpenOutcome> => {
    const decision = decideOpen(situation(incoming), intent);
    if (decision.action === 'replace') return replaceWith(incoming);
    if (decision.action === 'add') return addTo(incoming);
    const keptInRecent = decision.lost.length > 0 && (await recentWouldKeep());
    promisedRecent = keptInRecent;
    asked = incoming;
    set({ ask: { ...questionOf(incoming, decision.lost, decision.canAdd), keptInRecent } });
    return { mode: 'asked', notOpened: [], skipped: incoming.skipped };
  };

  // ---- restore, two tabs ------------------------------------------------------------------

  /** Put a saved session on screen (nothing open yet). */
  const restore = (saved: SavedSession) => {
    if (current().length > 0 || saved.files.length === 0) return;
    const slots = restoreSlots(saved, primary);
    const active = saved.active === 'all' ? 'all' : (slots[saved.active] ?? slots[0]).id;
    void setFiles(slots, slots.length > 1 ? active : slots[0].id);
    let undoSteps = 0;
    for (const f of saved.files) undoSteps += f.undo.length;
    const { urls, sitemaps } = entryCounts(saved.files.map((f) => f.doc));
    set({ restored: { savedAt: saved.savedAt, files: slots.map((s) => s.name), urls, sitemaps, undoSteps } });
  };

  const load = async () => {
    const storage = deps.storage;
    if (!storage || !saver) return;
    try {
      const saved = await storage.load();
      if (saved) restore(saved);
    } catch (e) {
      saver.failed('Saved work could not be read', e);
    }
    saver.resume();
  };

  const lost = () => {
    saver?.pause();
    set({ otherTab: 'lost' });
    notify(
      'warning',
      'Another tab took over the saved work: this tab no longer saves. Export to keep its edits.',
      true,
    );
  };

  const start = async () => {
    deps.recent?.list().then(
      (recent) => set({ recent }),
      () => undefined,
    );
    if (!saver) return;
    if (deps.lock && !(await deps.lock.acquire(false, lost).catch(() => true))) {
      set({ otherTab: 'waiting' });
      return;
    }
    await load();
  };
  const ready = start();

  // ---- commands ---------------------------------------------------------------------------

  const commands: WorkspaceCommands = {
    async open(given, intent = 'open') {
      await ready;
      let inputs = given;
      // Compare reads the file beside the open document: nothing open changes.
      if (intent === 'compare') {
        inputs = await Promise.all(inputs.map(completed));
        const first = inputs.find((i) => kindOf(i) === 'sitemap');
        if (first) set({ compare: bytesOf(first as FileBytes | { name: string; text: string }) });
        return { mode: 'none', notOpened: [], skipped: [] };
      }
      // A gzip file may hold a zip (`sitemaps.zip.gz`): told by the bytes its start inflates to
      // (core `holdsZip`, loaded only when a gzip file comes in), then read as that zip.
      const gzipped = inputs.filter((i): i is FileBytes => 'bytes' in i && isGzip(i.bytes) && !isZip(i));
      const zipInGzip =
        gzipped.length === 0
          ? undefined
          : await import('../core/parse/gzip.ts').then(
              (m) => new Set<OpenInput>(gzipped.filter((i) => m.holdsZip(i.bytes))),
            );
      // No await unless a .zip or a gzip file is among the inputs, or a file that may be a crawl
      // export comes in while a document is open: opening plain sitemaps starts synchronously.
      // Zips inflate in the worker when it offers `readZip`; otherwise the core reader loads here.
      const zip =
        inputs.some((i) => kindOf(i, undefined, zipInGzip) === 'zip') && !deps.readZip
          ? await import('../core/workspace/zipInput.ts')
          : undefined;
      const isCrawl: CrawlSniffer | undefined =
        decideCrawl(current().length) === 'attach' && inputs.some(mayBeCrawl)
          ? await import('../core/crawl/read.ts').then(
              (m) => (bytes: Uint8Array) => m.sniffCrawl(bytes).detected !== null,
            )
          : undefined;
      // Only a crawl export stays partial (its reader takes the file itself).
      if (inputs.some((i) => 'bytes' in i && i.partial))
        inputs = await Promise.all(
          inputs.map(async (i) => {
            if (kindOf(i, isCrawl) === 'crawl') return i;
            const whole = await completed(i);
            if (zipInGzip?.has(i)) zipInGzip.add(whole);
            return whole;
          }),
        );
      const incoming: Incoming = { files: [], blank: null, skipped: [] };
      const zips: FileBytes[] = [];
      let crawl: FileBytes | null = null;
      for (const input of inputs) {
        switch (kindOf(input, isCrawl, zipInGzip)) {
          case 'blank':
            incoming.blank = (input as { blank: SitemapDocument['kind'] }).blank;
            break;
          case 'zip':
            zips.push(input as FileBytes);
            break;
          case 'crawl':
            // Crawl data for the audit of what is open: attached by the Crawl dialog, never opened.
            if (crawl === null) crawl = input as FileBytes;
            else
              notify(
                'warning',
                `One crawl file is attached at a time: ${(input as FileBytes).name} was not read.`,
              );
            break;
          case 'csv':
            // Columns need mapping first: the import dialog adds the rows to the active file.
            set({ csvImport: bytesOf(input as FileBytes | { name: string; text: string }) });
            break;
          case 'sitemap':
            incoming.files.push(bytesOf(input as FileBytes | { name: string; text: string }));
            break;
        }
      }
      if (zips.length > 0) {
        // The shown store carries the extraction as its task: progress and Cancel where the
        // user looks (the loading view with nothing open, else the status bar).
        const { readZip } = deps;
        const reader: ZipReader | undefined = readZip
          ? (bytes, name) =>
              shownStore().commands.runTask(`Extracting ${name}`, (onProgress, signal) =>
                readZip(bytes, onProgress, signal),
              )
          : zip && ((bytes) => zip.readZipFiles(bytes));
        const attach = decideCrawl(current().length) === 'attach';
        for (const archive of zips) {
          const z = await expandZips([archive], reader);
          appendAll(incoming.skipped, z.skipped);
          // A CSV member is never a sitemap: crawl data (a Search Console export is a zip of
          // CSVs), or left out with its reason.
          const csvs = z.files.filter((f) => isCsvName(f.name));
          appendAll(incoming.files, csvs.length === 0 ? z.files : z.files.filter((f) => !isCsvName(f.name)));
          if (csvs.length === 0) continue;
          const found = await import('../core/crawl/zipCrawl.ts').then((m) => ({
            r: m.crawlFromZip(archive.name, csvs),
            note: m.zipCrawlNote,
          }));
          const { r } = found;
          if (r.crawl !== null && attach && crawl === null) {
            crawl = r.crawl;
            notify('info', found.note(archive.name, r));
            continue;
          }
          if (r.crawl !== null)
            incoming.skipped.push({
              name: r.crawl.name,
              reason: attach
                ? 'one crawl file is attached at a time'
                : 'crawl data: open a sitemap first, then drop it again to audit the sitemap against it',
            });
          appendAll(incoming.skipped, r.ignored);
        }
      }
      if (crawl !== null) set({ crawlImport: crawl });
      if (incoming.files.length > 0) incoming.blank = null;
      else if (incoming.blank === null) {
        if (incoming.skipped.length > 0) notify('warning', `Nothing opened.${skippedNote(incoming.skipped)}`);
        return { mode: 'none', notOpened: [], skipped: incoming.skipped };
      }
      return apply(incoming, intent);
    },
    async answer(choice) {
      const incoming = asked;
      asked = null;
      set({ ask: null });
      if (incoming === null || choice === 'cancel')
        return { mode: 'none', notOpened: [], skipped: incoming?.skipped ?? [] };
      return apply(incoming, choice);
    },
    compareDone() {
      if (state.compare !== null) set({ compare: null });
    },
    csvImportDone() {
      if (state.csvImport !== null) set({ csvImport: null });
    },
    crawlImportDone() {
      if (state.crawlImport !== null) set({ crawlImport: null });
    },
    chooseChild(fileId, loc) {
      const files = current();
      if (!files.some((s) => s.id === fileId)) return;
      const next = files.map((slot): WorkspaceSlot => {
        if (slot.id === fileId) return { ...slot, chosenFor: loc };
        if (slot.chosenFor !== loc) return slot;
        const { chosenFor: _, ...rest } = slot;
        return rest;
      });
      void setFiles(next, target?.active ?? state.active);
    },
    setActive(next) {
      if (next === state.active || (next === 'all' && state.model === null)) return;
      set({ active: next });
      persist();
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
      for (const slot of state.files) slot.store.commands.markExported();
    },
    async close() {
      const files = current();
      const keep = files.find((s) => s.id === state.active) ?? files[0];
      if (!keep || files.length < 2) return;
      const others = files.filter((s) => s !== keep);
      const edits = edited().filter((f) => f.name !== keep.name);
      // The whole workspace goes to Recent first, so closing it can be taken back.
      const kept = edits.length > 0 || others.length > 0 ? await remember() : '';
      await setFiles([keep], keep.id);
      const lost =
        edits.length > 0
          ? ` The edits in ${listNames(edits.map((f) => f.name))} were not exported.${kept || ' They are gone.'}`
          : kept;
      notify('info', `Closed ${listNames(others.map((s) => s.name))}; ${keep.name} stays open.${lost}`);
    },
    rebuild: () => void rebuild(true),
    addMissingReturnLinks(fileId, entryId) {
      const files = current();
      const docs = files.map((slot) => slot.store.getState().doc?.entries ?? []);
      const at = files.findIndex((slot) => slot.id === fileId);
      const cluster = at < 0 ? null : hreflangClusterAcross(docs, at, entryId);
      if (!cluster) return { links: 0, files: [] };
      let links = 0;
      const names: string[] = [];
      for (const [f, entries] of returnLinkEdits(cluster, docs)) {
        const at = idIndexOf(docs[f]);
        let n = 0;
        for (const e of entries)
          n += (e.alternates?.length ?? 0) - (docs[f][at[e.id]].alternates?.length ?? 0);
        const label = `Add ${n} missing return ${n === 1 ? 'link' : 'links'}`;
        if (files[f].store.commands.replaceEntries(entries, label) > 0) {
          links += n;
          names.push(files[f].name);
        }
      }
      return { links, files: names };
    },
    planMissingPages: (into) => planMissingPages(current(), state.active, into),
    addMissingPages(plan) {
      let added = 0;
      const done: MissingPagesPlan['groups'] = [];
      for (const g of plan.groups) {
        const slot = current().find((f) => f.id === g.id);
        const n = slot ? slot.store.commands.addCrawlPages(g.rows) : 0;
        if (n > 0) done.push({ ...g, rows: g.rows.slice(0, n) });
        added += n;
      }
      if (added > 0)
        notify(
          'info',
          `Added ${plural(added, 'indexable page')}: ${describePlan({ total: added, groups: done })}${done.length > 1 ? ' (one undo step in each file)' : ''}.`,
        );
      return added;
    },
    async openRecent(id) {
      await ready;
      const entry = state.recent.find((e) => e.id === id);
      const session = entry && deps.recent ? await deps.recent.read(entry.slot).catch(() => null) : null;
      if (!session) {
        notify('warning', 'That Recent session could not be read any more.');
        return { mode: 'none', notOpened: [], skipped: [] };
      }
      return apply({ files: [], blank: null, skipped: [], saved: { session, id } }, 'open');
    },
    async discardSaved() {
      asked = null;
      const kept = await remember();
      if (kept) notify('info', `Discarded ${listNames(current().map((s) => s.name))}.${kept}`);
      await setFiles([], 0);
      // An empty store, not an empty document: the start page comes back.
      opens++;
      primary.commands.closeDocument();
      opens--;
      set({ restored: null, ask: null });
      await saver?.clear();
    },
    async takeOver() {
      if (!deps.lock || !saver) return;
      await deps.lock.acquire(true, lost);
      set({ otherTab: null });
      if (current().length === 0) await load();
      else {
        saver.resume();
        persist();
      }
    },
    separateCopy() {
      set({ otherTab: 'copy' });
      notify('info', 'This tab works on a separate copy: it is not autosaved. Export to keep it.', true);
    },
    dismissNotice(id) {
      set({ notices: state.notices.filter((n) => n.id !== id) });
    },
    flush: () => saver?.flush() ?? Promise.resolve(),
  };

  const ws: WorkspaceStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unexported() {
      return edited().map((f) => f.name);
    },
    activeStore: shownStore,
    primary,
    ready,
    commands,
  };
  // Bench builds only (see store.ts): `npm run bench:browser` opens a workspace from the page.
  if (import.meta.env?.VITE_SW_BENCH === '1')
    (globalThis as { __sitemapWorkspace?: WorkspaceStore }).__sitemapWorkspace ??= ws;
  return ws;
}

/** Autosave delay, re-exported for the UI's "saved within a second" wording. */
export { AUTOSAVE_DELAY_MS };
