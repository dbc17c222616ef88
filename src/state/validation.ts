import { type Issue, type Severity, severityRank, type ValidationSettings } from '../core/model.ts';
import type { Validator } from '../core/validate.ts';

/** Issue totals as core `Validator.counts()` returns them. */
export type IssueCounts = ReturnType<Validator['counts']>;

/**
 * The part of core `Validator` (src/core/validate.ts) the store and the UI use, picked from the
 * class so the two cannot drift. The store owns the instance: it calls `load` after open, `apply`
 * after every patch and `setSettings` when settings change. The UI only reads (`issuesOf`,
 * `worstSeverity`, `counts`). `loadSteps` and `adopt` are optional for test stand-ins.
 */
export type ValidatorLike = Pick<
  Validator,
  | 'load'
  | 'apply'
  | 'setSettings'
  | 'issuesOf'
  | 'documentIssues'
  | 'all'
  | 'counts'
  | 'entriesWithRule'
  | 'worstSeverity'
  | 'version'
> & {
  loadSteps?: Validator['loadSteps'];
  /** Per-row issues a file-level profile note stands for (core `Validator.quietIssues`). */
  quietIssues?: Validator['quietIssues'];
  /** Issues found elsewhere (the worker), indexes built later (core `Validator.loadFrom`). */
  loadFrom?: Validator['loadFrom'];
  /** A load whose per-entry pass ran in the worker (core `Validator.addCheckedSteps`, `checkedEntries`, `finishCheckedSteps`). */
  addCheckedSteps?: Validator['addCheckedSteps'];
  checkedEntries?: number;
  finishCheckedSteps?: Validator['finishCheckedSteps'];
  /** Builds what `loadFrom` deferred, in steps (core `Validator.finishSteps`). */
  finishSteps?: Validator['finishSteps'];
  /** The parse findings a reload with other settings starts from (core `Validator.parseFindings`). */
  parseFindings?: Validator['parseFindings'];
  /** A settings change that moves only the host scope, in steps (core `Validator.rescopeSteps`). */
  rescopeSteps?: Validator['rescopeSteps'];
  /** Forget the document until the next load or adopt (core `Validator.clear`). */
  clear?: Validator['clear'];
  /** The HREF-006 notes the other open files answer (core `Validator.setCrossFileNotes`). */
  setCrossFileNotes?: Validator['setCrossFileNotes'];
  /** The file's findings only the open files together show (core `Validator.setCrossFileIssues`). */
  setCrossFileIssues?: Validator['setCrossFileIssues'];
  /** Take over a fresh instance's full state in O(1). */
  adopt?(other: ValidatorLike): void;
  /** Join every entry with crawl data, or drop it (null) (core `Validator.setCrawl`). */
  setCrawl?: Validator['setCrawl'];
  /** `setCrawl` in steps, for big documents (core `Validator.setCrawlSteps`). */
  setCrawlSteps?: Validator['setCrawlSteps'];
  /** `entriesWithRule` in steps (core `Validator.entriesWithRuleSteps`). */
  entriesWithRuleSteps?: Validator['entriesWithRuleSteps'];
  /** The crawl join in use (core `Validator.crawlJoin`). */
  crawlJoin?: Validator['crawlJoin'];
  /** False for a sitemap index: its rows get no crawl audit (core `Validator.crawlJoinsRows`). */
  crawlJoinsRows?: Validator['crawlJoinsRows'];
  /** An entry's crawl row, -1 when none (core `Validator.crawlRowOf`). */
  crawlRowOf?: Validator['crawlRowOf'];
  /** `crawlRowOf` of every entry, by index (core `Validator.crawlRowsOf`). */
  crawlRowsOf?: Validator['crawlRowsOf'];
  /** `crawlRowsOf` in steps (core `Validator.crawlRowsOfSteps`). */
  crawlRowsOfSteps?: Validator['crawlRowsOfSteps'];
  /** URL prefix of the pages the sitemap should hold (core `Validator.crawlScope`). */
  crawlScope?: Validator['crawlScope'];
};

/** Builds a validator for the given settings. */
export type ValidatorFactory = (settings: ValidationSettings) => ValidatorLike;

const NO_ISSUES: readonly Issue[] = [];

/**
 * A validator that only remembers parse issues: used in tests and as a stand-in until the core
 * validator is wired. Its `version` still increments on every call so subscribers re-render.
 *
 * @example const v = createParseIssuesValidator(); v.load(doc, parseIssues); v.issuesOf(0)
 */
export function createParseIssuesValidator(): ValidatorLike {
  let byEntry = new Map<number, Issue[]>();
  let docIssues: Issue[] = [];
  let version = 0;
  return {
    load(_doc, parseIssues = []) {
      byEntry = new Map();
      docIssues = [];
      for (const issue of parseIssues) {
        if (issue.entry === undefined) docIssues.push(issue);
        else {
          const list = byEntry.get(issue.entry);
          if (list) list.push(issue);
          else byEntry.set(issue.entry, [issue]);
        }
      }
      version++;
    },
    apply(change) {
      for (const { entry } of change.removed) byEntry.delete(entry.id);
      version++;
    },
    setSettings() {
      version++;
    },
    issuesOf: (id) => byEntry.get(id) ?? NO_ISSUES,
    documentIssues: () => docIssues,
    all: () => [...docIssues, ...[...byEntry.values()].flat()],
    counts() {
      const c: IssueCounts = { error: 0, warning: 0, info: 0, byRule: new Map() };
      for (const issue of [...docIssues, ...[...byEntry.values()].flat()]) {
        c[issue.severity]++;
        const r = c.byRule.get(issue.rule);
        if (r) r.count++;
        else c.byRule.set(issue.rule, { severity: issue.severity, count: 1 });
      }
      return c;
    },
    entriesWithRule: (rule) =>
      [...byEntry.entries()].filter(([, list]) => list.some((i) => i.rule === rule)).map(([id]) => id),
    worstSeverity(id) {
      const list = byEntry.get(id);
      if (!list) return undefined;
      return worstOf(list);
    },
    get version() {
      return version;
    },
  };
}

export { severityRank };

function worstOf(list: readonly Issue[]): Severity | undefined {
  let best: Severity | undefined;
  for (const i of list) if (severityRank(i.severity) > severityRank(best)) best = i.severity;
  return best;
}
