import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { UrlTree } from '../../core/tree.ts';
import type { AppState } from '../../state/types.ts';
import { IdSet, ROOT } from '../../state/urlTree.ts';
import { fmtInt, plural } from '../format.ts';
import { useAppState, useCommands } from '../useAppState.ts';
import { RenameDialog } from './RenameDialog.tsx';
import { findByKey, nodeKey, shortName, useUrlTree } from './useUrlTree.ts';
import './insights.css';

const ROW_H = 28;
const selEntryFilter = (s: AppState) => s.view.filters.entryIds;

/** Table filter label for a tree node. */
export function treeFilterLabel(tree: UrlTree, id: number): string {
  return `Folder ${shortName(tree, id)}`;
}

function useExpanded(tree: UrlTree | null) {
  const [keys, setKeys] = useState<ReadonlySet<string> | null>(null);
  // Start with the origins open when there are only a few.
  const open =
    keys ??
    (tree && tree.childrenOf(ROOT).length <= 3
      ? new Set(Array.from(tree.childrenOf(ROOT), (c) => nodeKey(tree, c)))
      : new Set<string>());
  const toggle = (key: string, to?: boolean) => {
    const next = new Set(open);
    const want = to ?? !next.has(key);
    if (want) next.add(key);
    else next.delete(key);
    setKeys(next);
  };
  return { open, toggle, set: setKeys };
}

function TreeRow({
  tree,
  id,
  active,
  selected,
  expanded,
  onClick,
  onToggle,
  pos,
}: {
  tree: UrlTree;
  id: number;
  active: boolean;
  selected: boolean;
  expanded: boolean;
  onClick(): void;
  onToggle(): void;
  pos: { top: number; setSize: number; posInSet: number };
}) {
  const n = tree.node(id);
  const cls = `tree-row${active ? ' active' : ''}${selected ? ' selected' : ''}`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys go to the tree, which tracks the active item (aria-activedescendant)
    <div
      id={`tree-node-${id}`}
      tabIndex={-1}
      role="treeitem"
      aria-level={n.depth + 1}
      aria-setsize={pos.setSize}
      aria-posinset={pos.posInSet}
      aria-expanded={n.childCount > 0 ? expanded : undefined}
      aria-selected={selected}
      className={cls}
      style={{ transform: `translateY(${pos.top}px)`, paddingLeft: 6 + n.depth * 14 }}
      onClick={onClick}
    >
      <span
        className={n.childCount > 0 ? 'twisty' : 'twisty leaf'}
        aria-hidden="true"
        onClick={(e) => {
          e.stopPropagation();
          onToggle();
        }}
      >
        {n.childCount > 0 ? (expanded ? '▾' : '▸') : ''}
      </span>
      <span className="tree-label" title={tree.prefixOf(id) ?? n.label}>
        {n.depth === 0 ? n.label : `/${n.label}`}
      </span>
      {n.errorCount > 0 ? (
        <span className="tree-badge error" title={`${plural(n.errorCount, 'URL')} with errors`}>
          {fmtInt(n.errorCount)}
          <span className="visually-hidden"> with errors</span>
        </span>
      ) : null}
      {n.warningCount > 0 ? (
        <span className="tree-badge warning" title={`${plural(n.warningCount, 'URL')} with warnings`}>
          {fmtInt(n.warningCount)}
          <span className="visually-hidden"> with warnings</span>
        </span>
      ) : null}
      <span className="tree-count">
        {fmtInt(n.count)}
        <span className="visually-hidden"> {n.count === 1 ? 'URL' : 'URLs'}</span>
      </span>
    </div>
  );
}

/** Position of each visible row among its siblings, for aria-posinset / aria-setsize. */
function siblingInfo(tree: UrlTree, id: number): { setSize: number; posInSet: number } {
  const kids = tree.childrenOf(tree.node(id).parent);
  return { setSize: kids.length, posInSet: kids.indexOf(id) + 1 };
}

/** The URL tree side panel: hosts → folders with counts; click filters, F2 renames. */
export function TreePanel() {
  const result = useUrlTree();
  const bound = result === 'building' ? null : result;
  const tree = bound?.tree ?? null;
  const commands = useCommands();
  const entryFilter = useAppState(selEntryFilter);
  const exp = useExpanded(tree);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'rename' | 'move' | null>(null);
  // After a rename or move: show the folder at its new place once the tree has followed the edit.
  const [reveal, setReveal] = useState<{ key: string; refilter: boolean } | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree mutates in place; version marks changes
  const rows = useMemo(() => {
    if (!tree) return new Int32Array(0);
    const ids = new Set<number>();
    for (const k of exp.open) {
      const n = findByKey(tree, k);
      if (n >= 0) ids.add(n);
    }
    return tree.visibleRows(ids);
  }, [tree, bound?.version, exp.open]);
  const activeId = tree && activeKey !== null ? findByKey(tree, activeKey) : -1;
  const activeRow = activeId >= 0 ? rows.indexOf(activeId) : -1;
  const virt = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 8,
  });
  useEffect(() => {
    if (activeRow >= 0) virt.scrollToIndex(activeRow, { align: 'auto' });
  }, [activeRow, virt]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the tree (version) catches up
  useEffect(() => {
    if (!tree || !reveal) return;
    const moved = findByKey(tree, reveal.key);
    if (moved < 0) return;
    setReveal(null);
    setActiveKey(reveal.key);
    const open = new Set(exp.open);
    for (let n = tree.node(moved).parent; n !== ROOT; n = tree.node(n).parent) open.add(nodeKey(tree, n));
    exp.set(open);
    if (reveal.refilter) {
      commands.setFilter({
        entryIds: { ids: new IdSet(tree.entryIdsUnder(moved)), label: treeFilterLabel(tree, moved) },
      });
    }
  }, [tree, bound?.version, reveal]);
  if (result === 'building') return <p className="empty-note">Building the URL tree…</p>;
  if (!tree) return null;
  const filterLabel = entryFilter?.label;
  const select = (id: number) => {
    setActiveKey(nodeKey(tree, id));
    commands.setFilter({
      entryIds: { ids: new IdSet(tree.entryIdsUnder(id)), label: treeFilterLabel(tree, id) },
    });
  };
  const onKey = (e: KeyboardEvent) =>
    treeKeys(e, { tree, rows, activeRow, exp, setActiveKey, select, setDialog });
  // Read before a rename runs: the store's tree follows the edit at once, in place.
  const activeFiltered = activeId >= 0 && filterLabel === treeFilterLabel(tree, activeId);
  const canRename = activeId >= 0 && tree.prefixOf(activeId) !== null;
  const canMove = canRename && tree.node(activeId).depth > 0;
  return (
    <div className="tree-panel">
      <div className="tree-head">
        <span className="count">
          {plural(tree.size, 'URL')} · {plural(tree.childrenOf(ROOT).length, 'host')}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="btn small"
          disabled={!canRename}
          onClick={() => setDialog('rename')}
          title="Rename the selected folder (F2)"
        >
          Rename…
        </button>
        <button type="button" className="btn small" disabled={!canMove} onClick={() => setDialog('move')}>
          Move to…
        </button>
      </div>
      <div
        ref={scrollRef}
        className="tree-scroll"
        role="tree"
        aria-label="URL tree"
        tabIndex={0}
        aria-activedescendant={activeRow >= 0 ? `tree-node-${activeId}` : undefined}
        onKeyDown={onKey}
        onFocus={() => {
          if (activeRow < 0 && rows.length > 0) setActiveKey(nodeKey(tree, rows[0]));
        }}
      >
        <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
          {virt.getVirtualItems().map((item) => {
            const id = rows[item.index];
            const key = nodeKey(tree, id);
            return (
              <TreeRow
                key={id}
                tree={tree}
                id={id}
                active={item.index === activeRow}
                selected={filterLabel === treeFilterLabel(tree, id)}
                expanded={exp.open.has(key)}
                onClick={() => {
                  scrollRef.current?.focus();
                  select(id);
                }}
                onToggle={() => exp.toggle(key)}
                pos={{ top: item.start, ...siblingInfo(tree, id) }}
              />
            );
          })}
        </div>
      </div>
      {dialog && activeId >= 0 ? (
        <RenameDialog
          tree={tree}
          nodeId={activeId}
          mode={dialog}
          onClose={() => setDialog(null)}
          onDone={(newPrefix) => {
            setDialog(null);
            setReveal({ key: newPrefix, refilter: activeFiltered });
          }}
        />
      ) : null}
    </div>
  );
}

interface KeyCtx {
  tree: UrlTree;
  rows: Int32Array;
  activeRow: number;
  exp: ReturnType<typeof useExpanded>;
  setActiveKey(key: string): void;
  select(id: number): void;
  setDialog(d: 'rename' | 'move'): void;
}

const KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'ArrowRight', 'ArrowLeft', 'F2', 'Enter', ' ']);

/** WAI-ARIA tree keys: arrows move / open / close, Home / End, Enter filters, F2 renames. */
function treeKeys(e: KeyboardEvent, c: KeyCtx): void {
  const { tree, rows, activeRow: i } = c;
  if (rows.length === 0) return;
  const go = (row: number) =>
    c.setActiveKey(nodeKey(tree, rows[Math.max(0, Math.min(rows.length - 1, row))]));
  const id = i >= 0 ? rows[i] : -1;
  const key = id >= 0 ? nodeKey(tree, id) : '';
  const open = id >= 0 && c.exp.open.has(key);
  const hasKids = id >= 0 && tree.node(id).childCount > 0;
  const parent = id >= 0 ? tree.node(id).parent : ROOT;
  if (!KEYS.has(e.key)) return;
  e.preventDefault();
  if (i < 0) {
    go(0);
    return;
  }
  switch (e.key) {
    case 'ArrowDown': {
      go(i + 1);
      return;
    }
    case 'ArrowUp': {
      go(i - 1);
      return;
    }
    case 'Home': {
      go(0);
      return;
    }
    case 'End': {
      go(rows.length - 1);
      return;
    }
    case 'ArrowRight':
      if (hasKids && !open) c.exp.toggle(key, true);
      else if (hasKids) go(i + 1);
      return;
    case 'ArrowLeft':
      if (open) c.exp.toggle(key, false);
      else if (parent !== ROOT) c.setActiveKey(nodeKey(tree, parent));
      return;
    case 'F2':
      if (tree.prefixOf(id) !== null) c.setDialog('rename');
      return;
    default:
      c.select(id);
  }
}
