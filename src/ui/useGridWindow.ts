import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useMemo } from 'react';
import type { Entry } from '../core/model.ts';
import type { ColumnId } from '../state/columns.ts';
import { gridColumns, gridFeatures } from './columnDefs.ts';

/** Row height in px; must match `--row-h` in styles.css. */
export const ROW_H = 32;

/**
 * The rows on screen. react-virtual picks the window of view rows; TanStack Table gets ONLY
 * those entries as `data` (row ids = entry ids), so it never builds models over the whole
 * document. The store's `rowOrder` already holds sort, filter and search.
 */
export function useGridWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  entries: readonly Entry[],
  rowOrder: Int32Array,
  docVersion: number,
  hidden: readonly ColumnId[],
) {
  const virt = useVirtualizer({
    count: rowOrder.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 6,
    // The sticky header row sits above the first body row inside the same scroller.
    paddingStart: ROW_H,
    scrollPaddingStart: ROW_H,
  });
  const items = virt.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.length ? items[items.length - 1].index : -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: docVersion marks edits of entries
  const windowRows = useMemo(() => {
    const out: Entry[] = [];
    for (let i = first; i <= last; i++) out.push(entries[rowOrder[i]]);
    return out;
  }, [first, last, entries, rowOrder, docVersion]);
  const columnVisibility = useMemo(() => Object.fromEntries(hidden.map((c) => [c, false])), [hidden]);
  const table = useTable({
    features: gridFeatures,
    columns: gridColumns,
    data: windowRows,
    getRowId: (e) => String(e.id),
    state: { columnVisibility },
  });
  return { virt, items, first, last, rows: table.getRowModel().rows };
}
