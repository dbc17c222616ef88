import type { CrawlCategory, CrawlJoin } from '../core/crawl/join.ts';
import type { CrawlMatches, ListedUrls } from '../core/crawl/match.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import type { FixAllOutlook } from '../core/fixes.ts';
import type { ExportDiff } from '../core/keep/diff.ts';
import type { KeepSource } from '../core/keep/source.ts';
import type { DocumentSettings, Entry, FatalError, Issue, Severity, SitemapDocument } from '../core/model.ts';
import type { TextDrops } from '../core/serialize/entries.ts';
import type { ExportChange } from '../core/serialize/exportChanges.ts';
import type { BucketFilter } from '../core/stats.ts';
import type { OutputFile, SerializeOptions } from '../workers/coreTypes.ts';
import type { ColumnId, EditableField } from './columns.ts';
import type { EntryCommands } from './entryCommands.ts';
import type { HistorySummary, StepCounts } from './history.ts';
import type { DocumentSize } from './insightsCharts.ts';
import type { TreeSync } from './insightsTree.ts';
import type { SavedFile } from './persist.ts';
import type { ValidatorLike } from './validation.ts';

/**
 * The document's settings (core `DocumentSettings`: publish URL, cross-submission, severity
 * profile, day/month order): what the user chose, each change one undo step
 * (`Commands.setSettings`), saved with the document. Values derived from elsewhere (the URL a
 * workspace's index gives the file: `AppState.indexPublishUrl`) are not settings.
 */
export type Settings = DocumentSettings;

/** A setting a fix asks for and sets in its own step (`Commands.applyFix`): the day/month order. */
export type FixSettings = Pick<Settings, 'dateOrder'>;

/** Counts shown before "Fix all" runs (`Commands.previewFixAll`). */
export interface FixAllPreview {
  /** Rows the fix will change or remove. */
  rows: number;
  /** Of `rows`: rows it will remove. */
  removed: number;
  /** Issues it cannot fix automatically. */
  cannot: number;
  /** Of `cannot`: issues waiting for a setting (publish URL, day/month order). */
  needs: Partial<Record<'publishUrl' | 'dateOrder', number>>;
  /** A few of the changes, as the fix writes them (`“1.5” → “1.0”`; at most FIX_ALL_SAMPLES). */
  samples: string[];
  /**
   * A merge fix (LOC-006, IDX-007): ids of the first rows it removes, for examples that name the
   * row kept (`mergeSample`).
   */
  merged?: number[];
  /** Why the removed rows are removed, when the fix's label does not say it (`Fix.removes`). */
  removes?: { one: string; many: string };
}

/** Sort state of the view. Sorting the view never changes the document (see `applySort`). */
export interface SortState {
  column: ColumnId;
  dir: 'asc' | 'desc';
}

/** Filters combine with AND. Every filter is optional. */
export interface Filters {
  /** Rows having at least one issue with this rule id. */
  rule?: string;
  /** Rows whose worst issue is at least this severe (error ⊂ warning ⊂ info). */
  severity?: Severity;
  /** Rows whose cell text in `column` equals `value` exactly ('' = empty cell). */
  field?: { column: ColumnId; value: string };
  /** Rows whose entry id is in this set (tree / chart filters), with a label for the chip. */
  entryIds?: { ids: ReadonlySet<number>; label: string };
  /** Rows in a chart bucket (core/stats `BucketFilter`), with a label for the chip. */
  bucket?: { filter: BucketFilter; label: string };
  /** Rows in a crawl summary bucket (crawlView.ts `crawlCategoryOf`), with a label for the chip. */
  crawl?: { category: CrawlCategory; label: string };
}

/** How the document is looked at. Changing the view never touches history. */
export interface ViewState {
  sort: SortState | null;
  /** Case-insensitive substring over loc, lastmod, changefreq, priority. '' = no search. */
  search: string;
  filters: Filters;
  hiddenColumns: readonly ColumnId[];
}

/** A rectangle of cells in VIEW coordinates (row = view row, col = visible column index), inclusive. */
export interface CellRange {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

/** Selection in view coordinates. Ctrl+A is one range; never a set of ids. */
export interface Selection {
  active: { row: number; col: number } | null;
  ranges: readonly CellRange[];
}

/** Long work in progress (open, export). */
export interface Task {
  label: string;
  /** 0..1, or null when unknown. */
  progress: number | null;
  cancellable: boolean;
}

/** A non-blocking notification. */
export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
  /** ms since epoch (deps.now()). */
  at: number;
  /**
   * What the notice talks about, so a replace can drop what no longer applies: in a file's store
   * the document (its open count), in the session the open files (a count of replaces). Absent:
   * about this tab itself (autosave, another tab), kept.
   */
  about?: number;
  /**
   * What the notice's Undo button takes back: the history step it reports (kept only while that
   * step is the last one: `step` is the patch on top of the undo stack). A setting given on the
   * way to a fix is such a step too.
   */
  undo?: NoticeUndo;
  /**
   * 'step': the report of an undo step (`notifyStep`). The next one replaces it: the step itself
   * stays reachable in the undo history.
   */
  kind?: 'step';
}

/** See `Notice.undo`. */
export type NoticeUndo = { step: object };

/** A file that could not be parsed as well-formed; the previous document is kept untouched. */
export interface LoadError {
  fileName: string;
  error: FatalError & { excerpt?: string };
  /** Entries recovered before the error; open them with `commands.openPartial()`. */
  partialEntries: number;
  /** The reader refused the file without reading it (core `refusal`: a zip, a tar, over GZ-006). */
  refused?: boolean;
}

/** Validation handle: read issues through `validator`; `version` changes whenever issues may have. */
export interface ValidationState {
  validator: ValidatorLike;
  version: number;
  /**
   * The validator has not caught up with the document yet (a restore's or CSV import's rows shown
   * before their re-check ends): its counts are not the document's, so nothing may claim them.
   */
  behind?: true;
}

/**
 * One immutable snapshot of the app. A new object is created on every change, and unchanged
 * parts keep their identity, so `useSyncExternalStore` selectors can compare by reference.
 */
export interface AppState {
  doc: SitemapDocument | null;
  /** Increments on every document change (open, edit, undo, redo). */
  docVersion: number;
  fileName: string | null;
  settings: Settings;
  /**
   * In a workspace, the publish URL the index that names this file gives it (the absolute
   * `<loc>` of its entry, core `WorkspaceFile.publishUrl`): derived from the workspace, not a
   * setting. The host rules check against it while `settings.publishUrl` is empty, as the CLI's
   * `check` does for a child it follows, and Settings shows it as the publish URL's placeholder.
   * Set by the workspace store (`Commands.setIndexPublishUrl`): never an undo step, never saved;
   * null when the file is open alone or no index names it.
   */
  indexPublishUrl: string | null;
  validation: ValidationState;
  view: ViewState;
  /**
   * Entry INDEXES (into `doc.entries`) in view order after filter, search and sort. Computed
   * lazily on first read and memoized per (document, view, validation version).
   */
  readonly rowOrder: Int32Array;
  /**
   * A sorted view kept its row order across in-place edits (a spreadsheet's way: the edited row
   * stays where it is) and may be out of sort order: `Commands.resort` sorts it again.
   */
  readonly sortStale: boolean;
  selection: Selection;
  history: HistorySummary;
  task: Task | null;
  notices: readonly Notice[];
  /**
   * Not as last exported (or as opened): follows the history, so undoing back to that point (or
   * redoing forward to it) makes the document unedited again.
   */
  dirty: boolean;
  loadError: LoadError | null;
  /** Crawl data attached for the audit (never part of the document), or null. */
  crawl: CrawlTable | null;
  /** The document came from a file this session: export can keep that file's formatting. */
  keepable: boolean;
  /**
   * A sort or filter asked for is being worked out (a big document's crawl filter or first sort
   * by a crawl or numeric column, in slices): `view` is still the one before it until it is done.
   */
  viewPending: ViewPending | null;
}

/** What `AppState.viewPending` works out. */
export type ViewPending = 'Sorting' | 'Filtering';

/** One cell change for `setCells`. */
export interface CellChange {
  id: number;
  field: EditableField;
  /** '' clears an optional field (loc becomes ''). */
  value: string;
}

/** Find and replace request. */
export interface FindReplaceRequest {
  column: EditableField | 'all';
  find: string;
  replace: string;
  regex: boolean;
  caseSensitive: boolean;
  /** 'selection' = rows of the current selection; 'filtered' = rows in the current view. */
  scope: 'all' | 'selection' | 'filtered';
  /**
   * This file's part of one replace over several files (state/workspaceFindReplace.ts): the cells
   * it changes in all of them and their names, so each file's undo step and notice name the whole
   * replace (one Undo takes back all of it).
   */
  across?: { cells: number; files: readonly string[] };
}

/** Export options: the serializer's, plus the choice between the file's formatting and normalized output. */
export interface ExportOptions extends SerializeOptions {
  /** Keep the source file's formatting (only the changed entries re-written); default false = normalize. */
  keepFormat?: boolean;
}

/** Result of an export. */
export interface ExportResult {
  files: OutputFile[];
  issues: Issue[];
  /** What the export changes in the file it came from (documents opened from a file, one output file). */
  diff?: ExportDiff;
  /** True when the output keeps the file's formatting. */
  kept?: boolean;
  /** Why the file's formatting could not be kept (the output is normalized instead). */
  keepNote?: string;
  /** Kept formatting: entries written whole because images, videos, news, alternates or other elements were added or removed. */
  wholeEntries?: number;
  /**
   * Kept formatting: what the export changes beyond the user's edits, i.e. what the spec forbids
   * before the root and the export left out (core/keep/prolog.ts: a byte order mark, a DOCTYPE,
   * leading space); absent when nothing.
   */
  changes?: ExportChange[];
  /** Kept formatting: unescaped `&` of the file written as `&amp;` (ENC-005), so it is well-formed. */
  escaped?: number;
  /** A text file (URLs only) left out values the document holds: how many rows, which fields. */
  dropped?: TextDrops;
}

/** New rows for `insertRows`: ready entries (ids are reassigned) or a count of blank rows. */
export type NewRows = ReadonlyArray<Omit<Entry, 'id'>> | number;

/** Everything the UI can do. Document-changing commands each record exactly one undo step. */
export interface Commands extends EntryCommands {
  /** Open file bytes; `pasted`: text with no file name of its own (`name` only names it here). */
  openFile(name: string, bytes: Uint8Array, options?: { pasted?: boolean }): Promise<void>;
  openText(text: string, name?: string): Promise<void>;
  openPartial(): void;
  dismissLoadError(): void;
  newDocument(kind?: SitemapDocument['kind']): void;
  /** Close the document: nothing open (the start page). Not undoable; the session asks first. */
  closeDocument(): void;
  setCell(entryId: number, field: EditableField, value: string): void;
  /**
   * Several cell changes as one step (paste, fill-down, clear). `append` adds rows at the end in
   * the same step (a paste running past the last row). Returns the appended rows' ids.
   */
  setCells(
    changes: readonly CellChange[],
    label?: string,
    append?: ReadonlyArray<Omit<Entry, 'id'>>,
  ): number[];
  insertRows(atViewRow: number, rows: NewRows): number[];
  appendUrls(urls: readonly string[]): number[];
  duplicateRows(ids: readonly number[]): number[];
  deleteRows(ids: readonly number[]): void;
  bulkSet(field: EditableField, value: string | undefined, ids: readonly number[]): void;
  /**
   * Cells a find/replace would change. A big document is scanned in slices (a task each);
   * resolves null when `stop()` says to stop (a newer request).
   */
  previewFindReplace(req: FindReplaceRequest, stop?: () => boolean): Promise<number | null>;
  /** Replace as one undo step, with a notice; resolves with the cells changed (scanned as above). */
  findReplace(req: FindReplaceRequest): Promise<number>;
  migrateScheme(): number;
  migrateHost(from: string, to: string): number;
  /**
   * Applies one issue's fix as one undo step. `settings`: what the fix asked for on the way (how
   * to read day and month), set in the same step, so one Undo takes back what was one action.
   */
  applyFix(issue: Issue, settings?: FixSettings): boolean;
  /**
   * What `fixAll(rule, settings)` would change, before it runs: rows changed, issues it cannot fix
   * and why (`settings`: as if given, not set).
   */
  previewFixAll(rule: string, settings?: FixSettings): FixAllPreview;
  /**
   * Whether Fix all of a rule can change a row (`fix`), can once a setting is given (`needs`), or
   * cannot (`none`: no button is offered). Stops at the first fixable row; kept until the document,
   * its issues or the settings change.
   */
  fixAllOutlook(rule: string): FixAllOutlook;
  /**
   * Applies a rule's fix to every row as one labelled undo step and reports the result; with
   * `settings` (see `applyFix`) set in the same step.
   */
  fixAll(rule: string, settings?: FixSettings): number;
  applySort(): void;
  /**
   * Replace entries (matched by id; unknown ids and unchanged entries skipped) as ONE undo step
   * labelled `label`, e.g. a folder rename from the URL tree. Returns how many entries changed.
   * `notice`: said when it is done, with the Undo of its step.
   */
  replaceEntries(entries: readonly Entry[], label: string, notice?: string): number;
  /**
   * Rows mapped from a CSV import: appended as ONE undo step ("Import 12 URLs from crawl.csv"), or
   * with `mode` 'update' matched by `loc` to the listed entries (updated) and the rest appended,
   * one step; opened as a new urlset document ("crawl.xml") when none is open. `skipped` = rows
   * without a URL, named in the info notice. Returns the rows' entry ids (matched or new); empty
   * at the browser's first import, which runs once its module has loaded.
   */
  importCsvRows(
    rows: ReadonlyArray<Omit<Entry, 'id'>>,
    source: string,
    skipped?: number,
    mode?: 'append' | 'update',
  ): number[];
  undo(): void;
  redo(): void;
  /**
   * Change the document's settings as ONE undo step ("Set publish URL"; keys set to what they
   * are change nothing and record nothing): the setting shows at once, the findings follow (at
   * once, or re-checked in slices for a big document), and Undo / Redo bring both back. Without
   * a document there is no history: the settings are simply set. `announce`: the change was
   * made on the way to a fix (a publish URL asked for in place): a notice says so, with the Undo
   * of its step.
   */
  setSettings(partial: Partial<Settings>, announce?: boolean): void;
  setSort(sort: SortState | null): void;
  setSearch(search: string): void;
  setFilter(filters: Partial<Filters>): void;
  clearFilters(): void;
  setHiddenColumns(hidden: readonly ColumnId[]): void;
  setSelection(selection: Selection): void;
  /**
   * Serialize in the worker. `'download'` (default) marks the document exported (not dirty)
   * unless the file left values out (`dropped`);
   * `'preview'` (sizes shown before downloading) leaves that alone — call `markExported()` when
   * the previewed files are actually downloaded.
   */
  export(options: ExportOptions, mode?: 'download' | 'preview'): Promise<ExportResult>;
  /**
   * The current document was saved by the user (download of a previewed export). Given the
   * downloaded result, a file that left values out (`dropped`: text holds URLs only) keeps the
   * document marked unexported.
   */
  markExported(result?: Pick<ExportResult, 'dropped'>): void;
  /**
   * The steps made since the document was last exported (or opened), by what they change: the
   * undo steps above its clean point, all of them when no undo or redo reaches that point any
   * more; none when the way back to it is in redo (undone: the file is edited, by no step on the
   * undo stack). What the Replace prompt names as not exported.
   */
  unexportedSteps(): StepCounts;
  /**
   * The HREF-006 notes ("no entry in this file, load the sibling sitemaps") the other files open
   * in the workspace answer: per entry id, the alternates no open file holds (0: the note is
   * withdrawn); null when this file is open alone. Set by the workspace store after each model
   * build (`Workspace.unloadedNotes`); the issue list, counts and filters follow at once.
   */
  setCrossFileNotes(notes: ReadonlyMap<number, number> | null): void;
  /**
   * This file's findings only the open files together show (`Workspace.issues` of this file:
   * LOC-006 across files, IDX-003 staleness, IDX-006), or null when it is open alone. Set by the
   * workspace store after each model build; the status bar, issue list, filters and export count
   * them with the file's own (one count for the file everywhere).
   */
  setCrossFileIssues(issues: readonly Issue[] | null): void;
  /**
   * The publish URL the workspace's index gives this file (`AppState.indexPublishUrl`; null:
   * none). Set by the workspace store after each model build; not a setting, so no undo step
   * and the settings stay as the user left them. The host rules re-check when the URL they use
   * (`effectivePublishUrl`) changes, without Cancel: there is no choice of the user to put back.
   */
  setIndexPublishUrl(url: string | null): void;
  cancelTask(): void;
  /**
   * Run `work` as this store's cancellable task `label`: its progress and Cancel show where the
   * store's tasks show (the loading view, the status bar). Rejects with an AbortError when
   * cancelled. Another task already running is left alone: `work` then runs untracked.
   */
  runTask<T>(
    label: string,
    work: (
      onProgress: (phase: string, done: number, total: number) => void,
      signal: AbortSignal,
    ) => Promise<T>,
  ): Promise<T>;
  dismissNotice(id: number): void;
  /** Sort the view again after edits kept its rows in place (`AppState.sortStale`). */
  resort(): void;
  /** The Undo of a notice (`Notice.undo`): undo its step while it is the last one. */
  undoNotice(id: number): void;
  /** Show a non-blocking notice (e.g. "Exported 120 rows to shop.csv."): the one notice list. */
  notify(level: Notice['level'], message: string): void;
  /** This file as autosave writes it (document, settings, recent history); null with no document. */
  persistable(): SavedFile | null;
  /** Load a saved file back: document, settings, history and the edited flag (not undoable). */
  restoreFile(saved: SavedFile): void;
  /** The name of the document's state as `persistable` saves it (`SavedFile.state`); null with no document. */
  savedState(): string | null;
  /**
   * Attach (or replace) crawl data for the audit: the entries are joined and the CRAWL rules
   * reported; the document is not changed and nothing is recorded in history. `shared`: the join
   * of another workspace file for the same table, so the join spans every file (quietly).
   * `matched`: the crawl worker's matches of `listCrawlUrls`' URLs (the join then only adopts
   * them). The join runs as the store's task: its Cancel takes the crawl data out again.
   */
  attachCrawl(table: CrawlTable, shared?: CrawlJoin, matched?: MatchedCrawl): void;
  /**
   * The document's URLs for the crawl worker to join (encoded in slices, beside its parse), and
   * the entries they are of; `urls` is null without a document.
   */
  listCrawlUrls(): {
    entries: readonly Entry[];
    urls: Promise<ListedUrls | null>;
    /** Position of each entry id in `entries`, set when `urls` resolves. */
    positions: Int32Array | null;
  };
  /** Remove the crawl data (and its columns, filters and findings); the document is not changed. */
  removeCrawl(): void;
  /** How many URLs a crawl action would change (shown before it runs). */
  crawlActionCount(action: CrawlAction): number;
  /**
   * `crawlActionCount` in steps (each yields the entries looked at so far), for a caller that
   * spreads the pass over a 1,000,000-entry document over several tasks; returns the count.
   */
  crawlActionCountSteps(action: CrawlAction): Generator<number, number>;
  /** Run a crawl action as ONE undo step; returns how many URLs it changed. */
  runCrawlAction(action: CrawlAction): number;
  /**
   * Crawl rows of the indexable pages no file lists (CRAWL-006), in crawl order; [] without
   * crawl data. Read the URL of a row with `validation.validator.crawlJoin().url(row)`.
   */
  missingCrawlRows(): number[];
  /**
   * Append the pages of these crawl rows (those still not listed) as ONE undo step "Add missing
   * indexable pages (N URLs)", with lastmod from the crawl; returns how many were added.
   */
  addCrawlPages(rows: readonly number[]): number;
}

/** The crawl worker's matches of the listed URLs of `entries` against `table` (`attachCrawl`). */
export interface MatchedCrawl {
  table: CrawlTable;
  entries: readonly Entry[];
  /** Position of each entry id in `entries` (`listCrawlUrls`). */
  positions: Int32Array;
  matches: CrawlMatches;
}

/** The crawl audit's bulk actions (crawlCommands.ts). */
export type CrawlAction =
  | 'remove-errors'
  | 'remove-noindex'
  | 'remove-blocked'
  | 'replace-redirects'
  | 'replace-canonicals'
  | 'add-missing';

/**
 * Views derived from the document that the store keeps beside it, each following every applied
 * patch in `applyStep` (the validator, sort index and sort hints are kernel-internal).
 */
export interface DerivedViews {
  /** The URL tree of the insights panel (built when first shown). */
  readonly urlTree: TreeSync;
  /** The document's estimated export size (insights file-size chart). */
  readonly size: DocumentSize;
}

/** What `createAppStore` returns. */
export interface AppStore {
  getState(): AppState;
  subscribe(listener: () => void): () => void;
  commands: Commands;
  /** The file the open document came from, for exports that keep its formatting (see Kernel.keepSource). */
  keepSource?(): KeepSource | null;
  /** Views derived from the document, kept current from every patch (URL tree, export size). */
  derived: DerivedViews;
}
