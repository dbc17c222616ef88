/**
 * The URL tree bound to the store's document (issue #8): built once per document with core
 * `buildUrlTree`, then brought in step with edits through `applyChange` from an id-based diff
 * of the old and new entry arrays (O(n) reference compares, no re-parse of URLs), so typing in
 * a 1,000,000-row table never rebuilds the tree. Also `IdSet`, a compact id set for the table's
 * `entryIds` filter.
 */
import type { Entry } from '../core/model.ts';
import { buildUrlTree, type SeverityOf, type TreeChange, type UrlTree } from '../core/tree.ts';
import { idIndexOf } from './patch.ts';
import type { ValidatorLike } from './validation.ts';

/** A tree change plus its size (entries touched). */
export interface EntryDiff extends TreeChange {
  size: number;
}

const at = (index: Int32Array, id: number) => (id >= 0 && id < index.length ? index[id] : -1);

/**
 * What changed from `before` to `after`, matching entries by id and comparing entry objects by
 * reference (the store replaces an entry object when it changes). Returns `null` as soon as
 * more than `limit` entries changed (the caller rebuilds instead). O(n).
 *
 * @example diffEntries(prev.entries, next.entries) // { updated: [{ before, after }], size: 1 }
 */
export function diffEntries(
  before: readonly Entry[],
  after: readonly Entry[],
  limit = Number.POSITIVE_INFINITY,
): EntryDiff | null {
  const updated: Array<{ before: Entry; after: Entry }> = [];
  if (before.length === after.length) {
    let sameIds = true;
    for (let i = 0; i < before.length; i++) {
      const a = before[i];
      const b = after[i];
      if (a === b) continue;
      if (a.id !== b.id) {
        sameIds = false;
        break;
      }
      updated.push({ before: a, after: b });
      if (updated.length > limit) return null;
    }
    if (sameIds) return { updated, size: updated.length };
    updated.length = 0;
  }
  const oldAt = idIndexOf(before);
  const newAt = idIndexOf(after);
  const removed: Entry[] = [];
  const added: Entry[] = [];
  for (let i = 0; i < before.length; i++) {
    const e = before[i];
    const j = at(newAt, e.id);
    if (j < 0) removed.push(e);
    else if (after[j] !== e) updated.push({ before: e, after: after[j] });
    if (removed.length + updated.length > limit) return null;
  }
  for (let j = 0; j < after.length; j++) {
    if (at(oldAt, after[j].id) < 0) added.push(after[j]);
    if (removed.length + updated.length + added.length > limit) return null;
  }
  return { added, updated, removed, size: added.length + updated.length + removed.length };
}

/**
 * Keeps one `UrlTree` in step with whatever entries array it is shown. Call `sync` whenever
 * the document or the validation version may have changed; it is cheap when nothing did:
 * structure follows edits at once (changed entries re-read their severity), while the
 * severities of OTHER entries (an edit can create or clear a duplicate elsewhere) are re-read in
 * slices by `refreshStep`, which the UI runs when idle. Reading a severity costs ~1 µs, so a
 * full pass at 1,000,000 URLs must not run on every keystroke.
 *
 * @example
 * const sync = new TreeSync();
 * const tree = sync.sync(state.doc.entries, state.validation.validator, state.validation.version);
 * while (!sync.refreshStep()) {} // or one step per idle callback
 */
export class TreeSync {
  private tree: UrlTree | null = null;
  private entries: readonly Entry[] | null = null;
  private validator: ValidatorLike | null = null;
  private validationVersion = -1;
  /** Next entry id whose severity must be re-read; -1 when all are current. */
  private cursor = -1;
  /** How the last `sync` brought the tree up to date (for tests and measurements). */
  lastSync: 'none' | 'build' | 'incremental' = 'none';

  /** The tree for `entries`, with severities from `validator` at `version`. */
  sync(entries: readonly Entry[], validator: ValidatorLike, version: number): UrlTree {
    const severityOf: SeverityOf = (id) => validator.worstSeverity(id);
    this.lastSync = 'none';
    this.validator = validator;
    if (!this.tree || !this.entries) {
      this.rebuild(entries);
    } else if (this.entries !== entries) {
      // A big change (open, undo of a bulk edit) is faster to rebuild than to replay.
      const diff = diffEntries(this.entries, entries, Math.max(1000, entries.length >> 2));
      if (!diff) this.rebuild(entries);
      else {
        this.tree.applyChange(diff, severityOf);
        this.lastSync = 'incremental';
      }
    }
    if (this.validationVersion !== version) this.cursor = 0;
    this.entries = entries;
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
    if (this.cursor < 0 || !tree || !v || !this.entries) return true;
    const end = Math.min(this.cursor + budget, idIndexOf(this.entries).length);
    for (let id = this.cursor; id < end; id++) tree.setSeverity(id, v.worstSeverity(id));
    this.cursor = end >= idIndexOf(this.entries).length ? -1 : end;
    return this.cursor < 0;
  }

  private rebuild(entries: readonly Entry[]): void {
    // Severities come later in slices (refreshStep): the build itself only places URLs.
    this.tree = buildUrlTree(entries, () => undefined);
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
