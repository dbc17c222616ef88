import type { CrawlJoin } from '../core/crawl/join.ts';
import {
  type Entry,
  type Issue,
  type Severity,
  type SitemapDocument,
  severityRank,
  type ValidationSettings,
} from '../core/model.ts';

/** An incremental change fed to the validator (same shape as core `EntryChange`). */
export interface EntryChange {
  added?: Entry[];
  updated?: Array<{ before: Entry; after: Entry }>;
  removed?: Entry[];
}

/** Issue totals as core `Validator.counts()` returns them. */
export interface IssueCounts {
  error: number;
  warning: number;
  info: number;
  byRule: Map<string, { severity: Severity; count: number }>;
}

/**
 * The part of core `Validator` (src/core/validate.ts, see CONTRACTS.md) the store and the UI use.
 * The store owns the instance: it calls `load` after open, `apply` after every patch and
 * `setSettings` when settings change. The UI only reads (`issuesOf`, `worstSeverity`, `counts`).
 */
export interface ValidatorLike {
  load(doc: SitemapDocument, parseIssues?: Issue[]): void;
  apply(change: EntryChange): void;
  setSettings(settings: ValidationSettings): void;
  issuesOf(entryId: number): readonly Issue[];
  documentIssues(): readonly Issue[];
  all(): Issue[];
  counts(): IssueCounts;
  entriesWithRule(rule: string): number[];
  worstSeverity(entryId: number): Severity | undefined;
  readonly version: number;
  /**
   * Optional (core `Validator.loadSteps`): `load` as an iterator yielding units done of
   * `2 × entries`, so opening a big document can validate in slices without blocking the page.
   */
  loadSteps?(doc: SitemapDocument, parseIssues?: readonly Issue[], chunk?: number): Iterator<number, void>;
  /** Optional (core `Validator.adopt`): take over a fresh instance's full state in O(1). */
  adopt?(other: ValidatorLike): void;
  /** Optional (core `Validator.setCrawl`): join every entry with crawl data, or drop it (null). */
  setCrawl?(join: CrawlJoin | null): void;
  /** Optional (core `Validator.setCrawlSteps`): `setCrawl` in steps, for big documents. */
  setCrawlSteps?(join: CrawlJoin | null, chunk?: number): Iterator<number, void>;
  /** Optional (core `Validator.crawlJoin`): the join in use. */
  crawlJoin?(): CrawlJoin | null;
  /** Optional (core `Validator.crawlRowOf`): an entry's crawl row, -1 when none. */
  crawlRowOf?(entryId: number): number;
  /** Optional (core `Validator.crawlScope`): URL prefix of the pages the sitemap should hold. */
  crawlScope?(): string;
}

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
      for (const e of change.removed ?? []) byEntry.delete(e.id);
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

/** Context given to fixes (same shape as core `FixContext`). */
export interface FixContextLike {
  document: SitemapDocument;
  settings: ValidationSettings;
  crawl?: CrawlJoin | null;
}

/** What a fix produces (same shape as core `FixResult`): replacement entries by id, ids to remove. */
export interface FixResultLike {
  update?: Entry[];
  remove?: number[];
}

/** The part of core `src/core/fixes.ts` the store uses (`getFix`, `fixAll`). */
export interface FixProvider {
  getFix(
    rule: string,
  ): { label: string; apply(issue: Issue, ctx: FixContextLike): FixResultLike | null } | undefined;
  fixAll(rule: string, issues: readonly Issue[], ctx: FixContextLike): FixResultLike;
}

/** A provider with no fixes, until core fixes are wired. */
export const NO_FIXES: FixProvider = {
  getFix: () => undefined,
  fixAll: () => ({}),
};
