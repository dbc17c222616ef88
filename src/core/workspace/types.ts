/**
 * Types of a whole-site workspace (issue 7): one or more sitemap index files, their children and
 * any other files opened together. Built by `buildWorkspace` in `../workspace.ts`.
 */

import type { DocumentKind, Issue, ParseResult, SitemapDocument, ValidationSettings } from '../model.ts';

/** One file given to `buildWorkspace`. */
export interface WorkspaceInput {
  /**
   * File name as supplied; may carry folders from a zip or a dropped directory
   * (`fr/sitemap.xml`), which helps to tell apart children with the same last segment.
   */
  name: string;
  result: ParseResult;
  /** Where this file is published, when known (e.g. it was fetched from there). */
  publishUrl?: string;
  /**
   * Every issue of this file for the summary, e.g. `Validator.all()` (which already holds the
   * parse issues). When absent, the parse issues in `result.issues` are counted.
   */
  issues?: readonly Issue[];
  /**
   * Entry count of a file whose entries were not kept (`result.document.entries` is empty: the
   * CLI streams files through a `CrossFileIndex`); default the document's entry count.
   */
  urls?: number;
  /**
   * The `<loc>` of the index entry the user said this file is (several same-name files could be
   * it, see `ChildRef.candidates`): matched before any name or content.
   */
  chosenFor?: string;
}

/**
 * Workspace-wide settings: `publishUrl` is the publish URL of the first index file (in the editor,
 * that file's own setting: `settingsSlot` in state/workspaceStore.ts).
 */
export interface WorkspaceSettings extends Pick<ValidationSettings, 'publishUrl' | 'crossSubmission'> {
  /**
   * Also report the rules the per-file Validator already checks on each document: IDX-004,
   * IDX-005, IDX-007 and SIZE-001/002/003/005. Default true. Pass false when every file's
   * `Validator` issues are shown too, so these are not reported twice; the checks only a
   * workspace can make (LOC-006 across files, IDX-003 staleness, IDX-006) always run.
   */
  perFileRules?: boolean;
  /**
   * Report each child no supplied file matches, as IDX-006 at the index's `<loc>` (SITEMAP-RULES
   * 6.9: the rule whose check needs the child loaded, info while it is not). `'not-found'`: an
   * error, for a whole tree read from disk or from reports (the CLI's `check` and `merge`), where
   * a child that is not there is a broken build (a crawler gets a 404). `'not-open'`: a note, for
   * the editor, where a child that was not dropped may well exist ("drop it to check it").
   * Default: not reported.
   */
  missingChildren?: 'not-found' | 'not-open';
  /**
   * Where a `'not-found'` child was looked for, for its message (e.g. "on disk, under dist/ or
   * next to the index"); default "among the files".
   */
  lookedIn?: string;
}

/** What a file is in the workspace: an index, a file named by an index, or a file no index names. */
export type FileRole = 'index' | 'child' | 'extra';

/** Issue counts by severity. */
export interface SeverityCounts {
  error: number;
  warning: number;
  info: number;
}

/** What the file list shows for one file. */
export interface FileSummary {
  /** Entries in the file: `<url>` (or lines) for a urlset, `<sitemap>` for an index. */
  urls: number;
  /** Decompressed, decoded byte length (0 when unknown, e.g. a document made in the editor). */
  decodedBytes: number;
  /** The file's own issues (`WorkspaceInput.issues`, else its parse issues) + its workspace issues. */
  issues: SeverityCounts;
  /** The file was not well-formed; only a recovered prefix is loaded. */
  fatal: boolean;
}

/** One loaded file of the workspace. */
export interface WorkspaceFile {
  name: string;
  kind: DocumentKind;
  document: SitemapDocument;
  /** Known publish URL, or the absolute child URL of the index entry that names this file. */
  publishUrl?: string;
  role: FileRole;
  /** Files (indexes) whose entries name this file. */
  parents: number[];
  summary: FileSummary;
}

/**
 * How a child entry was matched to a supplied file: `chosen` by the user, then most to least
 * certain. A name match among same-name files was decided by their content.
 */
export type MatchKind = 'chosen' | 'url' | 'name' | 'name-ci' | 'name-gz' | 'name-gz-ci';

/** One `<sitemap>` entry of an index, and the supplied file it names (if any). */
export interface ChildRef {
  /** Position of the index in `Workspace.files`. */
  index: number;
  /** Id and position of the `<sitemap>` entry in the index document. */
  entryId: number;
  entryIndex: number;
  /** `<loc>` as written, trimmed. */
  loc: string;
  /** Absolute URL: `loc` itself, or resolved against the index's publish URL when relative. */
  url?: string;
  /** Matched file, or `null` when the file was not supplied (missing). */
  file: number | null;
  match?: MatchKind;
  /**
   * With `file` null: the open files this child could be (same name, nothing in their content
   * tells which). The user picks one (`WorkspaceInput.chosenFor`); never guessed.
   */
  candidates?: number[];
}

/** A cross-file issue; `entry`, when present, is an entry id of `file`. */
export interface WorkspaceIssue extends Issue {
  /** The file the issue is shown on. */
  file: number;
  /** Other files involved (e.g. the other files listing a duplicate URL). */
  relatedFiles?: number[];
}

/**
 * The combined table: row `r` shows `files[fileIndex[r]].document.entries[entryIndex[r]]`.
 * Two typed arrays instead of one object per row (8 bytes per row).
 */
export interface CombinedRows {
  fileIndex: Int32Array;
  entryIndex: Int32Array;
  length: number;
}

/**
 * The result of `buildWorkspace`: plain data (typed arrays, no class instances), so it can be
 * posted from a worker. For edits, keep a `CrossFileUrls` (`crossFileUrls(ws.files)` in
 * workspace/checks.ts) beside it: `apply(file, change)` returns the URLs to re-check with
 * `crossFileIssue` instead of a rebuild.
 */
export interface Workspace {
  files: WorkspaceFile[];
  /** Positions of the index files, in input order. */
  indexes: number[];
  /** Every `<sitemap>` entry of every index, index by index in document order. */
  children: ChildRef[];
  /** The child refs whose file was not supplied. */
  missing: ChildRef[];
  /** Positions of files no index names (other than index files themselves). */
  extra: number[];
  combined: CombinedRows;
  issues: WorkspaceIssue[];
  /**
   * hreflang links the cross-file checks indexed: when non-zero, an edit of a `<loc>` or of
   * alternates can change HREF-006 across files, so it needs a full build.
   */
  hreflangLinks?: number;
  /**
   * The per-file HREF-006 notes ("no entry in this file, load the sibling sitemaps") the files
   * read together answer, by file, then entry id: the alternates of that entry that no file
   * holds (0: the note is withdrawn). Each file's own issues are revised with it
   * (`reviseUnloadedNotes` in rules/hreflangCluster.ts; in the editor, `Validator.setCrossFileNotes`).
   */
  unloadedNotes?: ReadonlyMap<number, ReadonlyMap<number, number>>;
}
