/**
 * The URL tree's code for the insights panel (issue #8), loaded with it and not with the first
 * screen (issue #18): core `buildUrlTree`, which the panel hands to the store's `TreeSync`
 * (state/insightsTree.ts), the tree's other values the UI needs (ui/ reaches core through state/),
 * and `IdSet`, a compact id set for the table's `entryIds` filter.
 */

/** Tree values the UI needs. */
export {
  buildUrlTree,
  findRenameCollisions,
  moveTarget,
  NOT_A_URL,
  planPrefixRename,
  ROOT,
} from '../core/tree.ts';

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
