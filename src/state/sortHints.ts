/**
 * Sort orders computed ahead of time (by the worker, right after a big parse: OrderMessage) for
 * a document's string columns, kept until the first sort by that column. Cell edits made before
 * then are collected and the order is carried across all of them in one merge when it is used
 * (updateSortIndex); rows added, removed or moved, or more edits than a fresh sort would cost,
 * drop it and the page sorts as before.
 */
import type { Entry } from '../core/model.ts';
import type { ColumnOrder } from '../core/sort/columnOrder.ts';
import type { ColumnId } from './columns.ts';
import type { Patch } from './patch.ts';
import { type SortIndex, updateSortIndex } from './sortIndex.ts';
import type { ValidatorLike } from './validation.ts';

interface Hint {
  order: ColumnOrder;
  /** The entries the order was computed for. */
  base: readonly Entry[];
  /** The entries after the edits recorded since. */
  tail: readonly Entry[];
  /** Every [before, after] pair of those edits, in order. */
  updated: Array<[Entry, Entry]>;
}

/** The hints of one store (see the module comment). */
export interface SortHints {
  /** Keep `order` of `entries` (a parse result's array); hints of other documents are dropped. */
  offer(entries: readonly Entry[], order: ColumnOrder): void;
  /** A patch took the document from `before` to `after` entries. */
  patched(before: readonly Entry[], after: readonly Entry[], patch: Patch): void;
  /** A new document was loaded: only hints for its entries stay. */
  reset(entries: readonly Entry[] | null): void;
  /** The sorted index of `column` over `entries`, when a hint leads there; used once. */
  take(entries: readonly Entry[], column: ColumnId, v: ValidatorLike): SortIndex | null;
}

/**
 * Create an empty set of hints.
 *
 * @example const hints = createSortHints(); hints.offer(doc.entries, order); hints.take(doc.entries, 'loc', v)
 */
export function createSortHints(): SortHints {
  let hints: Hint[] = [];
  return {
    offer(entries, order) {
      hints = hints.filter((h) => h.base === entries && h.order.column !== order.column);
      if (order.asc.length === entries.length)
        hints.push({ order, base: entries, tail: entries, updated: [] });
    },
    patched(before, after, patch) {
      if (hints.length === 0) return;
      const structural = patch.added.length > 0 || patch.removed.length > 0 || patch.reorder !== undefined;
      // Past this many edited rows, merging them back costs more than sorting afresh.
      const most = Math.max(1024, after.length >> 4);
      hints = hints.filter(
        (h) => h.tail === before && !structural && h.updated.length + patch.updated.length <= most,
      );
      for (const h of hints) {
        for (const pair of patch.updated) h.updated.push(pair);
        h.tail = after;
      }
    },
    reset(entries) {
      hints = hints.filter((h) => h.base === entries && h.tail === entries);
    },
    take(entries, column, v) {
      const h = hints.find((x) => x.tail === entries && x.order.column === column);
      if (!h) return null;
      hints = hints.filter((x) => x !== h);
      const { asc, filled, runEnd } = h.order;
      const index: SortIndex = { entries: h.base, column, asc, filled, runEnd };
      if (h.updated.length === 0) return index;
      return updateSortIndex(index, entries, { label: '', added: [], removed: [], updated: h.updated }, v);
    },
  };
}
