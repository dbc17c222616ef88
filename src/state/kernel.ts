/**
 * The store's inner state machine: holds the current fields, builds immutable snapshots, and
 * owns the single path every document change takes: patch → document → validator → history.
 * Commands (editCommands.ts, ioCommands.ts, viewCommands.ts) are thin functions over it.
 */
import type { CrawlTable } from '../core/crawl/table.ts';
import type { KeepSource } from '../core/keep/source.ts';
import { parseAfterPatch } from '../core/keptParse.ts';
import type { Entry, Issue, SitemapDocument, ValidationSettings } from '../core/model.ts';
import type { ColumnOrder } from '../core/sort/columnOrder.ts';
import type { SlicesDone } from '../core/steps.ts';
import type { SitemapClient } from '../workers/client.ts';
import { type ColumnId, CRAWL_COLUMNS, hiddenForKind, readsIssues } from './columns.ts';
import type { CrawlCommands } from './crawlCommands.ts';
import { hideUnusedExtensionColumns, type UsedColumns } from './extensionColumns.ts';
import type { FixCommands } from './fixCommands.ts';
import { EMPTY_HISTORY, type History, popRedo, popUndo, record, summarize } from './history.ts';
import { DocumentSize } from './insightsCharts.ts';
import { TreeSync } from './insightsTree.ts';
import {
  type AppliedPatch,
  applyPatch,
  changesEntries,
  idIndexSteps,
  invertPatch,
  isEmptyPatch,
  type Patch,
  prepareCopy,
} from './patch.ts';
import type { Timers } from './persist.ts';
import { DEFAULT_SETTINGS } from './settingsStep.ts';
import { BIG_DOCUMENT, inNextTask, inSlices, pauseWith } from './slices.ts';
import { createSortHints } from './sortHints.ts';
import { buildSortIndex, type SortIndex, updateSortIndex } from './sortIndex.ts';
import type {
  AppState,
  Commands,
  DerivedViews,
  LoadError,
  Notice,
  NoticeUndo,
  Selection,
  Settings,
  Task,
  ViewPending,
  ViewState,
} from './types.ts';
import type { ValidatorFactory, ValidatorLike } from './validation.ts';
import { computeRowOrder, isIdentityView, rowOrderSteps, viewDependsOnIssues } from './view.ts';

/** Dependencies of the store; everything with a side effect comes in here. */
export interface StoreDeps {
  /** Parses and serializes off the main thread (src/workers/client.ts). */
  worker: SitemapClient;
  /** Clock in ms since epoch, for validation "now" and notice times. */
  now: () => number;
  /** Timer functions for validating big documents in slices. */
  timers?: Timers;
  /** Validator factory; the browser wiring passes the core `Validator`. */
  createValidator: ValidatorFactory;
  /** The CSV import's command (csvCommands.ts), when given; otherwise loaded on first use. */
  csvCommands?: (k: Kernel) => Pick<Commands, 'importCsvRows'>;
  /**
   * The crawl audit's commands (crawlCommands.ts `createCrawlCommands`), when given; otherwise
   * storeCore.ts loads them on first use, out of the page's first chunk.
   */
  crawlCommands?: (k: Kernel, runTask: Commands['runTask']) => CrawlCommands;
  /**
   * The rule fixes' commands (fixCommands.ts `createFixCommands`), when given; otherwise
   * storeCore.ts loads them with the UI that shows a fix (fixCode.ts), out of the first chunk.
   */
  fixCommands?: (k: Kernel) => FixCommands;
}

/** Mutable fields behind the snapshots. */
export interface Fields {
  doc: SitemapDocument | null;
  docVersion: number;
  fileName: string | null;
  settings: Settings;
  /** The URL the workspace's index gives the file (`AppState.indexPublishUrl`), or null. */
  indexPublishUrl: string | null;
  view: ViewState;
  selection: Selection;
  history: History;
  task: Task | null;
  notices: readonly Notice[];
  dirty: boolean;
  loadError: LoadError | null;
  crawl: CrawlTable | null;
  /** The document came from a file whose formatting an export can keep (see `Kernel.keepSource`). */
  keepable: boolean;
  /** A view being worked out in slices before it is shown (`Kernel.setView`), or null. */
  viewPending: ViewPending | null;
}

/** Default view: document order, nothing filtered, every column shown but the crawl columns (no crawl yet). */
export const DEFAULT_VIEW: ViewState = { sort: null, search: '', filters: {}, hiddenColumns: CRAWL_COLUMNS };

/**
 * From this many rows on, the next change's copy of the entries array is made after every change
 * and open, once its frame is painted (core/patch.ts `prepareCopy`, `Timers.afterPaint`): at
 * 1,000,000 rows the copy is an array of a million pointers (4 MB in Chromium) whose allocation
 * started the GCs that set the edit's p95 (docs/perf.md "Session 12: the 1M edit"). Below, the
 * copy in the edit's task is cheap.
 */
export const PREPARE_COPY_MIN_ROWS = 100_000;

/**
 * Rows per step of a big document's idle id-index build (`indexIds`): a step reads each row's id
 * from the received columns (the first read of a chunk finds where its entries start), ~2-3 ms
 * of thread CPU for 8,192 rows with images and links under load. 65,536 (core's default) read a
 * 50,000-row document in one step, twice, in one idle task of 15-17 ms of CPU (docs/perf.md,
 * "Session 18").
 */
export const ID_INDEX_ROWS = 8_192;

/** Empty selection. */
export const NO_SELECTION: Selection = { active: null, ranges: [] };

/** The kernel commands are built on. */
export interface Kernel {
  readonly deps: StoreDeps;
  readonly validator: ValidatorLike;
  readonly derived: DerivedViews;
  readonly f: Readonly<Fields>;
  getState(): AppState;
  subscribe(listener: () => void): () => void;
  /** Change non-document fields and notify subscribers. */
  set(partial: Partial<Fields>): void;
  /**
   * Put `view` in place (the one way the view commands change it; `keepSelection` false: new
   * row positions, so the selection is cleared). From `BIG_DOCUMENT` rows on, a view whose row
   * order takes passes over every row (a crawl filter, a first sort by a crawl or numeric
   * column: 57-81 ms of CPU in one task at 1,000,000 rows, docs/perf.md "Session 14 … s14-crawl")
   * is worked out in slices first, under `viewPending`, and put in place when done: the old view
   * stays until then. The next `setView` supersedes it; a document put in place or a view set
   * by other means meanwhile drops it.
   */
  setView(view: ViewState, keepSelection?: boolean): void;
  /** The view the next view command starts from: the one `setView` is working out, else `f.view`. */
  nextView(): ViewState;
  /**
   * Apply a patch as one undoable step. Returns false (and records nothing) for an empty patch,
   * or while a big patch is still being committed (see `committing`; the user is told).
   */
  commit(patch: Patch): boolean;
  undo(): void;
  redo(): void;
  /**
   * A column order the worker computed for `entries` (a parse result's array, see OrderFn): kept
   * for the first sort by that column while the document is those entries or edits of them.
   */
  offerSortOrder(entries: readonly Entry[], order: ColumnOrder): void;
  /** Forget the orders that are not for the open document (after an open ended either way). */
  dropStaleSortOrders(): void;
  /**
   * Replace the document (open, new, restore): not undoable, history replaced. `validated`: the
   * validator already holds this document (loaded in slices and adopted), so it is not loaded again;
   * `'later'`: the validator is cleared and checks it afterwards (`recheck(true)`, a restore: the
   * rows show first); otherwise it is loaded here under the current settings.
   * `used`: the extension columns its entries use, when the parse reported them (no scan here).
   */
  replaceDocument(
    doc: SitemapDocument | null,
    issues: readonly Issue[],
    fileName: string | null,
    history?: History,
    validated?: boolean | 'later',
    source?: KeepSource | null,
    used?: UsedColumns,
  ): void;
  /**
   * The file the open document was read from (bytes, entry spans, parsed entries), for exports
   * that keep its formatting; null for new, pasted-over or restored documents. Kept here, off the
   * snapshots, so the bytes never reach React.
   */
  keepSource(): KeepSource | null;
  /**
   * Take `src` as the open document's keep source, when `opened` (a value of `openCount()`)
   * says the document has not been replaced since: a restored document gets its source back
   * once the worker has re-read the saved file bytes. False when it came too late.
   */
  adoptKeepSource(src: KeepSource, opened: number): boolean;
  /** How many times a document was put in place (opened, restored, replaced). */
  openCount(): number;
  /** Post a notice; `undo`: what its Undo button takes back (`Notice.undo`). */
  notify(level: Notice['level'], message: string, undo?: NoticeUndo, kind?: Notice['kind']): void;
  /** Sort a view that edits kept in place (`AppState.sortStale`) again. */
  resort(): void;
  /** Post the notice of a change just committed (when it was): its count, and an Undo of its step. */
  notifyStep(patch: Patch, message: string, level?: Notice['level']): void;
  /**
   * The document as it is now is the user's file (exported, or as opened): not dirty, and it
   * is again whenever undo or redo comes back to this point of the history (or to its entries
   * under other settings: a settings step does not make the file edited).
   */
  markClean(): void;
  /**
   * Where the clean point (see `markClean`) is in the history: undo steps from the bottom of
   * the undo stack (0..undo.length), or past its top into redo (undo.length + k: after k
   * redos); null when no undo or redo reaches it any more. `at` puts it back (a restore), and
   * `dirty` follows. Settings steps are no edit of the file: the depths of the settings steps
   * right above the clean point are clean too (this says the lowest).
   */
  cleanDepth(): number | null;
  setCleanDepth(at: number | null): void;
  /** Names the document's current state (unique across kernels and page loads): see `SavedFile.state`. */
  stateToken(): string;
  /**
   * The parse findings the open document still has (an edit drops those of the field it
   * changes): what a re-check loads afresh and what autosave keeps, so a reload or a Recent
   * reopen shows the same findings. Known without the validator from the document's put in
   * place until its first edit (no deferred index is built for it), and while the validator is
   * behind (a restore: the saved findings, following every edit); else the validator's. The
   * same array while nothing changed them.
   */
  parseFindings(): readonly Issue[];
  validationSettings(): ValidationSettings;
  /**
   * Join the attached crawl (`f.crawl`) with the current document anew, or drop the join when
   * none is attached: after an open, a restore, a settings change (the sitemap's scope moves).
   * Set by crawlCommands.ts; a no-op until then.
   */
  rejoinCrawl: () => void;
  /**
   * Check the open document anew under the current settings: at once when it is small, else in
   * slices into a fresh validator under a status-bar task, then adopted (see ioCommands.ts, which
   * sets it; a no-op until then). `restored`: the validator holds nothing yet (the document was
   * put in place with `validated = 'later'`).
   */
  recheck: (restored?: boolean) => void;
  /**
   * The document's settings went from `previous` to `settings` (a settings step committed, undone
   * or redone, already shown): bring the findings to them (recheck.ts `settingsChanged`, installed
   * by ioCommands.ts; until then the listeners are only told).
   */
  settingsChanged: (previous: Settings, settings: Settings) => void;
  /**
   * Set while a sliced re-check runs (ioCommands.ts): handed every applied patch, after the
   * validator followed it, so the fresh validator can catch up before it is adopted.
   */
  onPatch: ((patch: Patch) => void) | null;
  /**
   * True while the validator does not hold the open document (restored, checked in slices):
   * patches pass it by (`onPatch` keeps them for the fresh validator) and it answers no issue.
   */
  validatorBehind: boolean;
  /**
   * Set by storeCore.ts: takes a big patch (commit, undo or redo: `verb` says which, for the
   * status bar) to apply in slices (bigCommit.ts) and returns true, or false for one to apply at
   * once. Null: all at once.
   */
  sliceCommit: ((patch: Patch, history: History, verb: string) => boolean) | null;
  /**
   * While a big patch is applied in slices: its label, the undo and redo asked meanwhile (run
   * after it, in order) and the validator's version before it (what snapshots show meanwhile,
   * so the views do not re-render for each part). Other edits are refused with a notice.
   */
  committing: { label: string; after: Array<() => void>; version: number } | null;
  /**
   * The end of every document change: `after` (= applyPatch(doc, patch), made here when not
   * given) becomes the document, the derived views follow (the validator and `onPatch` unless
   * `validated`: a sliced commit gave them the patch already), then the patch's settings (and
   * `settingsChanged`), history, version, listeners. A settings step changes no entry: the
   * document, its version and the derived views stay as they are.
   */
  applyStep(patch: Patch, history: History, after?: SitemapDocument, validated?: boolean): void;
}

/** Kernels made in this page (part of `stateToken`). */
let kernelsMade = 0;

/**
 * The clean point: the last step that changed entries at it (`entryTop`), null when none below it
 * is left on the undo stack, 'gone' when unreachable. Settings steps do not move it: "edited"
 * says the file an export writes differs from the one exported (or opened), and settings are
 * not in it; they are saved with the document by autosave.
 */
type CleanPoint = Patch | null | 'gone';

/** The last step of `steps` (up to `end`) that changes entries, or null. */
function entryTop(steps: readonly Patch[], end = steps.length): Patch | null {
  for (let i = end - 1; i >= 0; i--) if (changesEntries(steps[i])) return steps[i];
  return null;
}

/**
 * The clean point once the history went from `was` to `now` (an edit, undo or redo): an edit
 * after undoing past it drops the redo steps that led to it, and the oldest steps dropped off
 * the undo stack (`record`'s budget) can take it along, or leave it at the new bottom (when it
 * was the last of them to change entries).
 */
function followClean(clean: CleanPoint, was: History, now: History): CleanPoint {
  if (clean === 'gone') return clean;
  if (clean !== null && (now.undo.includes(clean) || now.redo.includes(clean))) return clean;
  // The steps dropped off the bottom of the undo stack (all of them when none is left below the new one).
  const bottom = now.undo.length === 0 ? 0 : was.undo.indexOf(now.undo[0]);
  const dropped = bottom < 0 ? was.undo.length : bottom;
  return entryTop(was.undo, dropped) === clean ? null : 'gone';
}

/**
 * The publish URL the host rules check against: the user's (`s.publishUrl`), else the one the
 * workspace's index gives the file (`indexUrl`, `AppState.indexPublishUrl`); '' when neither.
 *
 * @example effectivePublishUrl({ publishUrl: '', crossSubmission: false }, 'https://a.example/s.xml') // 'https://a.example/s.xml'
 */
export function effectivePublishUrl(s: Settings, indexUrl: string | null): string {
  return s.publishUrl.trim() || indexUrl || '';
}

/**
 * The rules' settings for the document's `settings` at `now`: what the page validates with and
 * sends to the worker. Always the same fields in the same order (so the worker's optimized code,
 * warmed with these before a first open, sees one object shape: state/warmOpen.ts).
 *
 * @example validationSettingsOf(DEFAULT_SETTINGS, null, 0) // { publishUrl: undefined, crossSubmission: false, now: 0, … }
 */
export function validationSettingsOf(s: Settings, indexUrl: string | null, now: number): ValidationSettings {
  return {
    publishUrl: effectivePublishUrl(s, indexUrl) || undefined,
    crossSubmission: s.crossSubmission,
    now,
    profile: s.profile,
    dateOrder: s.dateOrder,
  };
}

/** Create the kernel. `createAppStore` is the public entry point. */
export function createKernel(deps: StoreDeps): Kernel {
  const listeners = new Set<() => void>();
  const f: Fields = {
    doc: null,
    docVersion: 0,
    fileName: null,
    settings: DEFAULT_SETTINGS,
    indexPublishUrl: null,
    view: DEFAULT_VIEW,
    selection: NO_SELECTION,
    history: EMPTY_HISTORY,
    task: null,
    notices: [],
    dirty: false,
    loadError: null,
    crawl: null,
    keepable: false,
    viewPending: null,
  };
  let source: KeepSource | null = null;
  let opened = 0;
  // The parse findings known without asking the validator (see `parseFindings`), and the last
  // list the validator gave (per document version: an array that stays the same while unchanged).
  let heldParse: readonly Issue[] | null = [];
  let clean: CleanPoint = null;
  const id = `${deps.now().toString(36)}.${(++kernelsMade).toString(36)}.${Math.random().toString(36).slice(2, 8)}`;
  const atClean = (h: History) => clean !== 'gone' && entryTop(h.undo) === clean;
  let askedParse: { version: number; list: readonly Issue[] } | null = null;
  const validationSettings = (): ValidationSettings =>
    validationSettingsOf(f.settings, f.indexPublishUrl, deps.now());
  const validator = deps.createValidator(validationSettings());
  const derived: DerivedViews = { urlTree: new TreeSync(validator), size: new DocumentSize() };
  let snapshot: AppState | null = null;
  let memo: {
    doc: SitemapDocument | null;
    view: ViewState;
    vv: number;
    order: Int32Array;
    /** Kept across in-place edits of a sorted view: the rows may be out of sort order. */
    stale?: true;
  } | null = null;
  // Sorted index of the last sorted column, carried across edits (see sortIndex.ts).
  let sortIndex: SortIndex | null = null;
  let sortIndexVv = -1;
  // Orders the worker computed after a big parse, for the first sort by loc or lastmod.
  const hints = createSortHints();
  let identityOrder: Int32Array | null = null;
  let noticeId = 0;

  // The sort index of `column` for `doc` at validator version `vv` when one is at hand (the last
  // one, carried across edits, or a worker's hint), else null: it must be built.
  const indexAtHand = (doc: SitemapDocument, column: ColumnId, vv: number): SortIndex | null => {
    const fresh =
      sortIndex !== null &&
      sortIndex.entries === doc.entries &&
      sortIndex.column === column &&
      !(readsIssues(column) && sortIndexVv !== vv);
    if (fresh) return sortIndex;
    const hinted = hints.take(doc.entries, column, validator);
    if (hinted) {
      sortIndex = hinted;
      sortIndexVv = vv;
    }
    return hinted;
  };

  // Views whose rows are the same (they differ in hidden columns at most).
  const sameOrder = (a: ViewState, b: ViewState) =>
    a.sort === b.sort && a.search === b.search && a.filters === b.filters;
  const memoFits = (doc: SitemapDocument | null, view: ViewState, vv: number) =>
    memo !== null &&
    memo.doc === doc &&
    (memo.view === view || sameOrder(memo.view, view)) &&
    (memo.vv === (viewDependsOnIssues(view) ? vv : -1) || memo.stale === true);

  const rowOrder = (doc: SitemapDocument | null, view: ViewState, vv: number): Int32Array => {
    if (memoFits(doc, view, vv)) {
      // The same order under another view object (columns hidden or shown): that view's now.
      if (memo!.view !== view) memo = { ...memo!, view };
      return memo!.order;
    }
    // The findings changed under a big view whose rows read them (a crawl joined again, a
    // re-check): its rows stay until `setView`'s slices have worked them out anew.
    if (memo !== null && memo.doc === doc && sameOrder(memo.view, view) && slowView(view)) {
      workOutAgain(vv);
      return memo.order;
    }
    const vKey = viewDependsOnIssues(view) ? vv : -1;
    const column = view.sort?.column;
    if (doc && column && indexAtHand(doc, column, vv) === null) {
      sortIndex = buildSortIndex(doc.entries, column, validator);
      sortIndexVv = vv;
    }
    // Unsorted and unfiltered, the order is 0..n-1: reuse it across edits instead of
    // allocating n ints per keystroke (rowOrder is read-only for every consumer).
    const plain = doc !== null && isIdentityView(view);
    const order =
      plain && identityOrder?.length === doc.entries.length
        ? identityOrder
        : computeRowOrder(doc, view, validator, sortIndex);
    if (plain) identityOrder = order;
    memo = { doc, view, vv: vKey, order };
    return order;
  };

  // Parts derived per snapshot keep their identity while unchanged, so selectors stay quiet.
  let historyOf: { history: History; summary: AppState['history'] } | null = null;
  let validation: AppState['validation'] = { validator, version: validator.version };
  const build = (): AppState => {
    const { history, ...rest } = f;
    const vv = k.committing?.version ?? validator.version;
    if (historyOf?.history !== history) historyOf = { history, summary: summarize(history) };
    const behind = k.validatorBehind;
    if (validation.version !== vv || (validation.behind ?? false) !== behind) {
      validation = behind ? { validator, version: vv, behind } : { validator, version: vv };
    }
    const state = {
      ...rest,
      history: historyOf.summary,
      validation,
      get rowOrder() {
        return rowOrder(rest.doc, rest.view, vv);
      },
      get sortStale() {
        // Only a sorted view can be out of order (and its grid reads the order anyway).
        if (!rest.view.sort) return false;
        rowOrder(rest.doc, rest.view, vv);
        return memo?.stale === true;
      },
    };
    return state;
  };

  const emit = () => {
    snapshot = null;
    for (const l of [...listeners]) l();
  };

  // Every derived view follows the same applied patch, in this order (the validator first: the
  // others may read issues). A new derived view is one line here.
  let validated = false;
  const followers: ReadonlyArray<(step: AppliedPatch) => void> = [
    ({ patch }) => {
      if (validated) return;
      if (!k.validatorBehind) validator.apply(patch);
      k.onPatch?.(patch);
    },
    ({ patch, before, after }) => hints.patched(before.entries, after.entries, patch),
    // A sorted view keeps its rows where they are across edits that keep every row in place (no
    // add, remove or reorder): the edited row does not jump away; `resort` sorts again. No work
    // per edit (the order is the same array), and the sort index below still follows.
    // A big crawl-filtered view keeps its rows across such an edit too, for the moment: they are
    // worked out again in `setView`'s slices (`rowOrder`), not in the edit's render.
    ({ patch, before, after }) => {
      const inPlace = patch.added.length === 0 && patch.removed.length === 0 && !patch.reorder;
      if (!inPlace || memo?.doc !== before || memo.view !== f.view) return;
      if (memo.view.sort) memo = { ...memo, doc: after, stale: true };
      else if (memo.view.filters.crawl && slowFilter(after)) memo = { ...memo, doc: after };
    },
    ({ patch, before, after }) => {
      sortIndex =
        sortIndex?.entries === before.entries
          ? updateSortIndex(sortIndex, after.entries, patch, validator)
          : null;
    },
    (step) => derived.urlTree.follow(step),
    (step) => derived.size.follow(step),
  ];

  // The next change's copy of a big document's entries, made in a task of its own once the
  // change's frame is painted (else when the page is idle): one request at a time; it copies the
  // document open then, not the one of the change that asked. (A hidden page paints no frames:
  // the copy waits until it shows again, and an edit meanwhile copies for itself.)
  let copyAsked = false;
  const prepareNextCopy = () => {
    const later = deps.timers?.afterPaint ?? deps.timers?.whenIdle;
    if (copyAsked || !later || !f.doc || f.doc.entries.length < PREPARE_COPY_MIN_ROWS) return;
    copyAsked = true;
    later(() => {
      copyAsked = false;
      if (f.doc && f.doc.entries.length >= PREPARE_COPY_MIN_ROWS) prepareCopy(f.doc.entries);
    });
  };

  // A big document's id → row index (`idIndexOf`), built in slices once it is in place, for as
  // long as it is open unedited (an edit's copy is indexed by it): else the first edit, or the
  // Issues panel's Fix all outlook once the findings show, builds it in one task (~5 ms at
  // 1,000,000 rows on a quiet machine, 30-130 ms under load; 31-38 ms of thread CPU in traced 1M
  // restores, docs/perf.md "Session 13"). Every open, CSV import and restore passes here. When
  // idle after an open (checked already); at once when the rows are checked after (a restore:
  // its re-check keeps the page busy past the idle callback's timeout, and ends in the outlook).
  const indexIds = (checkedAfter: boolean) => {
    const entries = f.doc?.entries;
    const timers = deps.timers;
    if (!entries || entries.length < BIG_DOCUMENT || !timers) return;
    const start = checkedAfter ? (fn: () => void) => inNextTask(timers, fn) : timers.whenIdle;
    start?.(() => {
      const steps = idIndexSteps(entries, ID_INDEX_ROWS);
      void inSlices(
        { now: deps.now, timers },
        () => steps.next(),
        () => undefined,
        () => f.doc?.entries !== entries,
      );
    });
  };

  // The one path of every document change: document, derived views, settings, history,
  // version, listeners.
  const applyStep = (patch: Patch, history: History, after?: SitemapDocument, done = false) => {
    if (!f.doc) return;
    const entries = changesEntries(patch);
    if (entries) {
      const step: AppliedPatch = { patch, before: f.doc, after: after ?? applyPatch(f.doc, patch) };
      f.doc = step.after;
      validated = done;
      try {
        for (const follow of followers) follow(step);
      } finally {
        validated = false;
      }
      // Behind, the validator holds no findings: the kept list follows the edit instead.
      heldParse = k.validatorBehind && heldParse !== null ? parseAfterPatch(heldParse, patch) : null;
      f.docVersion++;
    }
    const previous = f.settings;
    if (patch.settings) f.settings = { ...previous, ...patch.settings.after };
    clean = followClean(clean, f.history, history);
    f.history = history;
    // A notice's Undo takes back its own step only while that step is the last one; a report of
    // a step that was undone no longer says what happened ("Deleted 3 URLs." after its Undo): it goes.
    const top = history.undo.at(-1);
    if (f.notices.some((n) => n.undo && n.undo.step !== top))
      f.notices = f.notices.flatMap((n) =>
        !n.undo || n.undo.step === top
          ? [n]
          : (history.redo as readonly object[]).includes(n.undo.step)
            ? []
            : [{ ...n, undo: undefined }],
      );
    f.dirty = !atClean(history);
    emit();
    // The setting shows at once; the findings follow (in slices for a big document).
    if (patch.settings) k.settingsChanged(previous, f.settings);
    if (entries) prepareNextCopy();
  };

  // A patch goes to the sliced commit when it is big, else it is applied here at once.
  const step = (patch: Patch, history: History, verb: string) => {
    if (!k.sliceCommit?.(patch, history, verb)) applyStep(patch, history);
  };

  // The view `setView` is working out in slices (null: none), the view in place when it started
  // (another one in place by then drops it), and a count that supersedes older runs.
  let pendingView: { view: ViewState; from: ViewState } | null = null;
  let viewRuns = 0;
  const versionShown = () => k.committing?.version ?? validator.version;
  // True when `view`'s row order takes passes over every row of a big document (see `setView`).
  const slowView = (view: ViewState): boolean => {
    const doc = f.doc;
    if (!doc || doc.entries.length < BIG_DOCUMENT || !deps.timers || memoFits(doc, view, versionShown()))
      return false;
    if (view.filters.crawl) return true;
    const column = view.sort?.column;
    return column !== undefined && column !== 'row' && indexAtHand(doc, column, versionShown()) === null;
  };
  // A crawl filter over `doc` is worked out in slices (see `slowView`).
  const slowFilter = (doc: SitemapDocument) =>
    doc.entries.length >= BIG_DOCUMENT && deps.timers !== undefined;
  const showView = (view: ViewState, keepSelection: boolean) => {
    pendingView = null;
    k.set({
      view,
      ...(keepSelection ? {} : { selection: NO_SELECTION }),
      ...(f.viewPending !== null ? { viewPending: null } : {}),
    });
  };
  // Works the pending view's order out in slices (a new task first: the click's task does none
  // of it), then puts it in place in a task of its own with its order and sort index at hand.
  // The document or the findings changed meanwhile: again, twice at most, then at once.
  const workOutView = async (run: number, keepSelection: boolean) => {
    const timers = deps.timers!;
    const at = opened;
    // Superseded by a newer setView, or another view or document put in place: dropped.
    const dropped = () =>
      run !== viewRuns || pendingView === null || f.view !== pendingView.from || opened !== at;
    for (let attempt = 0; attempt < 3; attempt++) {
      await pauseWith(timers);
      if (dropped()) return quiet(run);
      const doc = f.doc;
      const vv = versionShown();
      const view = pendingView!.view;
      const column = view.sort?.column;
      const index = doc && column ? indexAtHand(doc, column, vv) : null;
      const steps = rowOrderSteps(doc, view, validator, index);
      let done: SlicesDone<{ order: Int32Array; index: SortIndex | null }> | null;
      try {
        done = await inSlices(
          { now: deps.now, timers },
          () => steps.next(),
          () => undefined,
          dropped,
        );
      } catch {
        break;
      }
      if (done === null) return quiet(run);
      // Shown in a task of its own (the grid's render), not after the last slice's work.
      await pauseWith(timers);
      if (dropped()) return quiet(run);
      if (f.doc !== doc || versionShown() !== vv) continue;
      const target = pendingView!.view;
      if (done.value.index && column) {
        sortIndex = done.value.index;
        sortIndexVv = vv;
      }
      memo = { doc, view: target, vv: viewDependsOnIssues(target) ? vv : -1, order: done.value.order };
      return showView(target, keepSelection);
    }
    if (!dropped()) showView(pendingView!.view, keepSelection);
    else quiet(run);
  };
  // The view in place worked out again in slices for findings at version `vv` (once per version,
  // and not while a view is being worked out: that one reads the findings when it is done).
  // Started after the render that read the rows, as a view command would be.
  let againFor = -1;
  const workOutAgain = (vv: number) => {
    if (againFor === vv || pendingView !== null) return;
    againFor = vv;
    queueMicrotask(() => {
      if (pendingView !== null || memo === null || memoFits(f.doc, f.view, versionShown())) return;
      if (!slowView(f.view)) return k.set({});
      const run = ++viewRuns;
      pendingView = { view: f.view, from: f.view };
      const label: ViewPending = f.view.filters.crawl ? 'Filtering' : 'Sorting';
      if (f.viewPending !== label) k.set({ viewPending: label });
      void workOutView(run, true);
    });
  };
  // A dropped run's "Sorting…" goes, unless a newer run put its own.
  const quiet = (run: number) => {
    if (run !== viewRuns) return;
    pendingView = null;
    if (f.viewPending !== null) k.set({ viewPending: null });
  };

  const k: Kernel = {
    deps,
    validator,
    derived,
    f,
    sliceCommit: null,
    committing: null,
    applyStep,
    rejoinCrawl: () => {},
    recheck: () => {},
    settingsChanged: () => k.set({}),
    onPatch: null,
    validatorBehind: false,
    validationSettings,
    getState() {
      if (!snapshot) snapshot = build();
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(partial) {
      Object.assign(f, partial);
      emit();
    },
    setView(view, keepSelection = false) {
      const pending = pendingView;
      // Hidden columns changed while the order is worked out: the same work, the newer view.
      if (pending !== null && sameOrder(pending.view, view)) {
        pendingView = { ...pending, view };
        return;
      }
      const run = ++viewRuns;
      if (!slowView(view)) return showView(view, keepSelection);
      const label: ViewPending = view.sort !== k.nextView().sort ? 'Sorting' : 'Filtering';
      pendingView = { view, from: f.view };
      if (f.viewPending !== label) k.set({ viewPending: label });
      void workOutView(run, keepSelection);
    },
    nextView: () => pendingView?.view ?? f.view,
    commit(patch) {
      if (!f.doc || isEmptyPatch(patch)) return false;
      if (k.committing) {
        k.notify(
          'info',
          `Still applying "${k.committing.label}": nothing else was changed. Try again when it is done.`,
        );
        return false;
      }
      step(patch, record(f.history, patch), 'Applying');
      return true;
    },
    undo() {
      if (k.committing) return void k.committing.after.push(k.undo);
      const s = f.doc ? popUndo(f.history) : null;
      if (s) step(invertPatch(s.patch), s.history, 'Undoing');
    },
    redo() {
      if (k.committing) return void k.committing.after.push(k.redo);
      const s = f.doc ? popRedo(f.history) : null;
      if (s) step(s.patch, s.history, 'Redoing');
    },
    keepSource: () => source,
    openCount: () => opened,
    markClean() {
      clean = entryTop(f.history.undo);
      if (f.dirty) k.set({ dirty: false });
    },
    cleanDepth() {
      const { undo, redo } = f.history;
      if (clean === 'gone') return null;
      if (clean === null) return 0;
      const u = undo.indexOf(clean);
      if (u >= 0) return u + 1;
      const r = redo.indexOf(clean);
      return r >= 0 ? undo.length + (redo.length - r) : null;
    },
    setCleanDepth(at) {
      const { undo, redo } = f.history;
      if (at === null || at < 0 || at > undo.length + redo.length) clean = 'gone';
      // The steps up to `at`, in the order they were made: the undo stack, then redo from its top.
      else clean = entryTop([...undo, ...redo.toReversed()], at);
      const dirty = !atClean(f.history);
      if (dirty !== f.dirty) k.set({ dirty });
    },
    stateToken: () => `${id}:${f.docVersion}`,
    parseFindings() {
      if (heldParse !== null) return heldParse;
      if (askedParse?.version !== f.docVersion)
        askedParse = { version: f.docVersion, list: validator.parseFindings?.() ?? [] };
      return askedParse.list;
    },
    adoptKeepSource(src, at) {
      if (at !== opened || !f.doc || f.doc.kind !== src.kind) return false;
      source = src;
      f.keepable = true;
      emit();
      return true;
    },
    replaceDocument(doc, issues, fileName, history = EMPTY_HISTORY, validated = false, src = null, used) {
      opened++;
      // Notices about the replaced document ("Fixed 12 …", "Exported …") no longer apply.
      if (f.notices.length > 0) f.notices = f.notices.filter((n) => n.about === undefined);
      const previousKind = f.doc?.kind;
      f.doc = doc;
      heldParse = doc ? issues : [];
      askedParse = null;
      source = src;
      f.keepable = src !== null;
      sortIndex = null;
      hints.reset(doc?.entries ?? null);
      k.validatorBehind = validated === 'later';
      if (validated === 'later') validator.clear?.();
      else if (!validated) {
        // Under the settings shown (a sliced re-check may still be bringing the validator to them).
        validator.clear?.();
        validator.setSettings(validationSettings());
        validator.load(doc ?? { kind: 'urlset', entries: [], nextId: 0 }, doc ? issues : []);
      }
      f.fileName = fileName;
      f.history = history;
      // Put in place as the user's file (a restore then says where its clean point is).
      clean = history.undo[history.undo.length - 1] ?? null;
      f.docVersion++;
      f.dirty = false;
      f.selection = NO_SELECTION;
      // The columns of the document's kind (an index has no changefreq, priority or extension
      // columns), and its unused extension columns hidden.
      const ofKind = hiddenForKind(f.view.hiddenColumns, doc?.kind, previousKind);
      const hiddenColumns = hiddenForKind(hideUnusedExtensionColumns(ofKind, doc, used) ?? ofKind, doc?.kind);
      f.view = { ...f.view, search: '', filters: {}, hiddenColumns };
      if (f.crawl && validated !== 'later') k.rejoinCrawl();
      emit();
      prepareNextCopy();
      indexIds(validated === 'later');
    },
    resort() {
      if (!memo?.stale) return;
      const shown = memo;
      memo = null;
      // A big view whose order takes passes over every row (a crawl or numeric column whose sort
      // index the edits made stale) is sorted again in `setView`'s slices: the rows shown stay
      // until then, "Sorting…" in the status bar.
      if (pendingView === null && slowView(f.view)) {
        memo = shown;
        const run = ++viewRuns;
        pendingView = { view: f.view, from: f.view };
        if (f.viewPending !== 'Sorting') k.set({ viewPending: 'Sorting' });
        void workOutView(run, true);
        return;
      }
      emit();
    },
    notifyStep(patch, message, level = 'info') {
      // A big change is still being applied: its step is on the stack once it is done.
      const pending = k.committing !== null;
      // One step report at a time: the earlier steps are in the undo history (their Undo had
      // already gone, as the newest step is the only one a notice's Undo takes back).
      if (f.notices.some((n) => n.kind === 'step')) f.notices = f.notices.filter((n) => n.kind !== 'step');
      k.notify(
        level,
        message,
        pending || f.history.undo.at(-1) === patch ? { step: patch } : undefined,
        'step',
      );
    },
    offerSortOrder(entries, order) {
      hints.offer(entries, order);
    },
    dropStaleSortOrders() {
      hints.reset(f.doc?.entries ?? null);
    },
    notify(level, message, undo, kind) {
      const notice: Notice = { id: ++noticeId, level, message, at: deps.now(), about: opened };
      if (undo) notice.undo = undo;
      if (kind) notice.kind = kind;
      // Keep the list short: the UI shows the latest few.
      f.notices = [...f.notices.slice(-9), notice];
      emit();
    },
  };
  return k;
}
