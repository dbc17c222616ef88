import { useMemo } from 'react';
import { NOT_A_URL, ROOT, type UrlTree } from '../../core/tree.ts';
import { TreeSync } from '../../state/insightsTree.ts';
import type { AppState, Commands } from '../../state/types.ts';
import { useAppState, useCommands } from '../useAppState.ts';

const selDoc = (s: AppState) => s.doc;
const selValidation = (s: AppState) => s.validation;

// One tree per store, kept across panel unmounts so re-opening the tab does not rebuild it.
const syncs = new WeakMap<Commands, TreeSync>();

/**
 * The URL tree of the open document, kept in step with edits (incrementally, see TreeSync).
 * `version` changes whenever the tree did, for memoizing derived rows.
 */
export function useUrlTree(): { tree: UrlTree; version: number } | null {
  const commands = useCommands();
  const doc = useAppState(selDoc);
  const validation = useAppState(selValidation);
  return useMemo(() => {
    if (!doc) return null;
    let sync = syncs.get(commands);
    if (!sync) {
      sync = new TreeSync();
      syncs.set(commands, sync);
    }
    const tree = sync.sync(doc.entries, validation.validator, validation.version);
    return { tree, version: tree.version };
  }, [commands, doc, validation]);
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
