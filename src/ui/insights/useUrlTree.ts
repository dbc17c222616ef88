import { useCallback, useEffect, useMemo, useState } from 'react';
import type { UrlTree } from '../../core/tree.ts';
import type { TreeSync } from '../../state/insightsTree.ts';
import type { AppState } from '../../state/types.ts';
import { buildUrlTree, NOT_A_URL, ROOT } from '../../state/urlTree.ts';
import { useAppState, useDerived } from '../useAppState.ts';

const selDoc = (s: AppState) => s.doc;
const selValidation = (s: AppState) => s.validation;

/**
 * Re-read stale severities in slices once edits pause (300 ms), one slice per task, so typing in
 * a 1,000,000-row table never waits for a full pass. Calls `onStep` after each slice.
 */
function useSeverityRefresh(sync: TreeSync, key: unknown, onStep: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the refresh after each sync
  useEffect(() => {
    if (!sync.severitiesPending) return;
    let timer = setTimeout(function step() {
      const done = sync.refreshStep(25_000);
      onStep();
      if (!done) timer = setTimeout(step, 0);
    }, 300);
    return () => clearTimeout(timer);
  }, [sync, key, onStep]);
}

/**
 * The URL tree of the open document, kept in step with edits by the store (see TreeSync).
 * `version` changes whenever the tree did, for memoizing derived rows.
 */
export function useUrlTree(): { tree: UrlTree; version: number } | 'building' | null {
  const doc = useAppState(selDoc);
  const validation = useAppState(selValidation);
  // The store keeps the tree across panel unmounts and follows every edit (kernel applyStep).
  const sync = useDerived().urlTree;
  const [, setTick] = useState(0);
  const bump = useCallback(() => setTick((t) => t + 1), []);
  // A big first build waits one task, so the tab shows "Building…" instead of freezing blank.
  const [mayBuild, setMayBuild] = useState(() => sync.built || (doc?.entries.length ?? 0) < 50_000);
  useEffect(() => {
    if (mayBuild) return;
    const t = setTimeout(() => setMayBuild(true), 30);
    return () => clearTimeout(t);
  }, [mayBuild]);
  const tree = useMemo(
    () => (doc && mayBuild ? sync.sync(doc.entries, validation.version, buildUrlTree) : null),
    [sync, doc, validation, mayBuild],
  );
  useSeverityRefresh(sync, validation, bump);
  if (doc && !mayBuild) return 'building';
  return tree ? { tree, version: tree.version } : null;
}

/** A node's stable name across rebuilds: its URL prefix, or its label for "(not a URL)". */
export function nodeKey(tree: UrlTree, id: number): string {
  return tree.prefixOf(id) ?? tree.node(id).label;
}

/** Inverse of {@link nodeKey}; -1 when the node is gone. */
export function findByKey(tree: UrlTree, key: string): number {
  if (key === NOT_A_URL) {
    for (const c of tree.childrenOf(ROOT)) if (tree.node(c).label === NOT_A_URL) return c;
    return -1;
  }
  return tree.findNode(key);
}

/** A short display name: the path with a trailing `/` (`/blog/2024/`), or the origin. */
export function shortName(tree: UrlTree, id: number): string {
  const info = tree.node(id);
  if (info.depth === 0) return info.label;
  const parts: string[] = [];
  for (let n = id; tree.node(n).depth > 0; n = tree.node(n).parent) parts.push(tree.node(n).label);
  return `/${parts.reverse().join('/')}/`;
}
