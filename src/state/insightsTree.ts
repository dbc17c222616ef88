/**
 * The URL tree bound to the store's document (issue #8): built once per document with core
 * `buildUrlTree` (lazily, when the tree is first shown), then kept in step by following each
 * applied patch in the kernel's `applyStep` (O(changed entries × depth), no diff of entry arrays),
 * so typing in a 1,000,000-row table never rebuilds the tree.
 *
 * The kernel holds a `TreeSync` from the start, but the tree's code (core/tree.ts) is not in the
 * first chunk (issue #18): whoever shows the tree passes the builder to `sync`, and
 * state/urlTree.ts, loaded with the insights panel, holds it and the tree's other values.
 */
import type { Entry } from '../core/model.ts';
import type { UrlTree } from '../core/tree.ts';
import { type AppliedPatch, idIndexOf } from './patch.ts';
import type { ValidatorLike } from './validation.ts';

/** Core `buildUrlTree` (from state/urlTree.ts): places the URLs; severities come later. */
export type UrlTreeBuilder = (entries: readonly Entry[], severityOf: () => undefined) => UrlTree;

/**
 * Keeps one `UrlTree` in step with the store's document. The kernel calls `follow` with every
 * applied patch (after the validator has followed it); the UI calls `sync` to read the tree,
 * which builds it when there is none or when the document was replaced. Structure and the
 * severities of changed entries follow each patch at once, while the severities of OTHER entries
 * (an edit can create or clear a duplicate elsewhere) are re-read in slices by `refreshStep`,
 * which the UI runs when idle. Reading a severity costs ~1 µs, so a full pass at 1,000,000 URLs
 * must not run on every keystroke.
 *
 * @example
 * const sync = new TreeSync(validator); // the kernel owns it: store.derived.urlTree
 * const tree = sync.sync(state.doc.entries, state.validation.version, buildUrlTree);
 * while (!sync.refreshStep()) {} // or one step per idle callback
 */
export class TreeSync {
  private tree: UrlTree | null = null;
  /** The entries array the tree describes. */
  private entries: readonly Entry[] | null = null;
  private validationVersion = -1;
  /** Next entry id whose severity must be re-read; -1 when all are current. */
  private cursor = -1;
  /** How the tree was last brought up to date (for tests and measurements). */
  lastSync: 'none' | 'build' | 'incremental' = 'none';

  /** @param validator where severities are read (the store's validator). */
  constructor(private readonly validator: Pick<ValidatorLike, 'worstSeverity'>) {}

  /**
   * Follow one applied patch. A patch of the document the tree describes is replayed (changed
   * entries re-read their severity, so call this after the validator followed it); a big one
   * (undo of a bulk edit) drops the tree, which `sync` rebuilds faster than a replay. Patches of
   * another entries array (the tree is not built, or the document was replaced) are ignored.
   */
  follow(step: AppliedPatch): void {
    if (this.tree === null || this.entries !== step.before.entries) return;
    const { patch } = step;
    const size = patch.added.length + patch.updated.length + patch.removed.length;
    if (size > Math.max(1000, step.after.entries.length >> 2)) {
      this.tree = null;
      this.entries = null;
      return;
    }
    const v = this.validator;
    this.tree.applyChange(patch, (id) => v.worstSeverity(id));
    this.entries = step.after.entries;
    this.lastSync = 'incremental';
  }

  /**
   * The tree for `entries` (the store's current document), with severities at validation
   * `version`; `build` (core `buildUrlTree`) makes it when there is none for `entries`.
   */
  sync(entries: readonly Entry[], version: number, build: UrlTreeBuilder): UrlTree {
    if (!this.tree || this.entries !== entries) this.rebuild(entries, build);
    if (this.validationVersion !== version) this.cursor = 0;
    this.validationVersion = version;
    return this.tree!;
  }

  /** True once a tree exists (the first `sync` builds it: ~1 s of CPU at 1,000,000 URLs). */
  get built(): boolean {
    return this.tree !== null;
  }

  /** True while some severities may be stale (run `refreshStep`). */
  get severitiesPending(): boolean {
    return this.cursor >= 0;
  }

  /**
   * Re-read the severities of the next `budget` entry ids. Returns true when every severity is
   * current. O(budget).
   */
  refreshStep(budget = 100_000): boolean {
    const tree = this.tree;
    const v = this.validator;
    if (this.cursor < 0 || !tree || !this.entries) return true;
    const end = Math.min(this.cursor + budget, idIndexOf(this.entries).length);
    for (let id = this.cursor; id < end; id++) tree.setSeverity(id, v.worstSeverity(id));
    this.cursor = end >= idIndexOf(this.entries).length ? -1 : end;
    return this.cursor < 0;
  }

  private rebuild(entries: readonly Entry[], build: UrlTreeBuilder): void {
    // Severities come later in slices (refreshStep): the build itself only places URLs.
    this.tree = build(entries, () => undefined);
    this.entries = entries;
    this.cursor = 0;
    this.lastSync = 'build';
  }
}
