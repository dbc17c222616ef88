/**
 * The URL tree bound to the store's document (issue #8): built once per document with core
 * `buildUrlTree` (lazily, when the tree is first shown), then kept in step by following each
 * applied patch in the kernel's `applyStep` (O(changed entries × depth), no diff of entry arrays),
 * so typing in a 1,000,000-row table never rebuilds the tree. Also `IdSet`, a compact id set for
 * the table's `entryIds` filter.
 */
import type { Entry } from '../core/model.ts';
import { buildUrlTree, type UrlTree } from '../core/tree.ts';
import { type AppliedPatch, idIndexOf } from './patch.ts';
import type { ValidatorLike } from './validation.ts';

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
 * const tree = sync.sync(state.doc.entries, state.validation.version);
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

  /** The tree for `entries` (the store's current document), with severities at validation `version`. */
  sync(entries: readonly Entry[], version: number): UrlTree {
    if (!this.tree || this.entries !== entries) this.rebuild(entries);
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

  private rebuild(entries: readonly Entry[]): void {
    // Severities come later in slices (refreshStep): the build itself only places URLs.
    this.tree = buildUrlTree(entries, () => undefined);
    this.entries = entries;
    this.cursor = 0;
    this.lastSync = 'build';
  }
}

/**
 * A read-only set of entry ids backed by a bitmap: O(k) to build from k ids, O(1) `has`, a few
 * bytes per id instead of a `Set`'s ~40. Used for the tree's `entryIds` table filter, which can
 * hold 1,000,000 ids.
 *
 * @example commands.setFilter({ entryIds: { ids: new IdSet(tree.entryIdsUnder(node)), label: 'Folder /blog' } })
 */
export class IdSet implements ReadonlySet<number> {
  private readonly bits: Uint8Array;
  private readonly list: Int32Array;

  /** @param ids entry ids (any order; duplicates are kept once). */
  constructor(ids: Int32Array | readonly number[]) {
    let max = -1;
    for (let i = 0; i < ids.length; i++) if (ids[i] > max) max = ids[i];
    this.bits = new Uint8Array(max + 1);
    let n = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (id >= 0 && this.bits[id] === 0) {
        this.bits[id] = 1;
        n++;
      }
    }
    this.list = new Int32Array(n);
    let k = 0;
    for (let id = 0; id < this.bits.length; id++) if (this.bits[id]) this.list[k++] = id;
  }

  get size(): number {
    return this.list.length;
  }

  has(id: number): boolean {
    return id >= 0 && id < this.bits.length && this.bits[id] === 1;
  }

  forEach(fn: (value: number, key: number, set: ReadonlySet<number>) => void, thisArg?: unknown): void {
    for (const id of this.list) fn.call(thisArg, id, id, this);
  }

  [Symbol.iterator](): SetIterator<number> {
    return this.list.values() as unknown as SetIterator<number>;
  }

  values(): SetIterator<number> {
    return this[Symbol.iterator]();
  }

  keys(): SetIterator<number> {
    return this[Symbol.iterator]();
  }

  union<U>(other: ReadonlySetLike<U>): Set<number | U> {
    const out = new Set<number | U>(this.list);
    for (const x of iter(other)) out.add(x);
    return out;
  }

  intersection<U>(other: ReadonlySetLike<U>): Set<number & U> {
    const out = new Set<number & U>();
    for (const id of this.list) if (other.has(id as number & U)) out.add(id as number & U);
    return out;
  }

  difference<U>(other: ReadonlySetLike<U>): Set<number> {
    const out = new Set<number>();
    for (const id of this.list) if (!other.has(id as unknown as U)) out.add(id);
    return out;
  }

  symmetricDifference<U>(other: ReadonlySetLike<U>): Set<number | U> {
    const out = this.difference(other) as Set<number | U>;
    for (const x of iter(other)) if (!this.has(x as unknown as number)) out.add(x);
    return out;
  }

  isSubsetOf(other: ReadonlySetLike<unknown>): boolean {
    for (const id of this.list) if (!other.has(id)) return false;
    return true;
  }

  isSupersetOf(other: ReadonlySetLike<unknown>): boolean {
    for (const x of iter(other)) if (!this.has(x as number)) return false;
    return true;
  }

  isDisjointFrom(other: ReadonlySetLike<unknown>): boolean {
    for (const id of this.list) if (other.has(id)) return false;
    return true;
  }

  entries(): SetIterator<[number, number]> {
    return Array.from(this.list, (id): [number, number] => [id, id]).values() as unknown as SetIterator<
      [number, number]
    >;
  }
}

function iter<U>(set: ReadonlySetLike<U>): Iterable<U> {
  return { [Symbol.iterator]: () => set.keys() };
}

/** Tree values the UI needs (ui/ reaches core through state/). */
export { findRenameCollisions, moveTarget, NOT_A_URL, planPrefixRename, ROOT } from '../core/tree.ts';
