import { useEffect, useMemo, useState } from 'react';
import type { PrefixRenameChange, UrlTree } from '../../core/tree.ts';
import type { AppState } from '../../state/types.ts';
import { findRenameCollisions, moveTarget, planPrefixRename, ROOT } from '../../state/urlTree.ts';
import { Dialog, DialogActions } from '../Dialog.tsx';
import { fmtInt, plural } from '../format.ts';
import { useAppState, useCommands } from '../useAppState.ts';
import { shortName } from './useUrlTree.ts';

const selEntries = (s: AppState) => s.doc?.entries ?? null;
const MAX_TARGETS = 400;

/** Folders a node may move under: every node but itself, its subtree and its current parent. */
function moveTargets(tree: UrlTree, nodeId: number): number[] {
  const out: number[] = [];
  const stack = Array.from(tree.childrenOf(ROOT)).reverse();
  const parent = tree.node(nodeId).parent;
  while (stack.length > 0 && out.length < MAX_TARGETS) {
    const n = stack.pop()!;
    if (n === nodeId || tree.prefixOf(n) === null) continue;
    if (n !== parent) out.push(n);
    const kids = tree.childrenOf(n);
    for (let i = kids.length - 1; i >= 0; i--) if (tree.node(kids[i]).childCount > 0) stack.push(kids[i]);
  }
  return out;
}

/** The same origin → paths only ("/blog/ → /news/"), else full prefixes. */
export function renameLabel(from: string, to: string, n: number, verb: 'Rename' | 'Move' = 'Rename'): string {
  const origin = (u: string) => /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(u)?.[0] ?? '';
  const o = origin(from);
  const short = (u: string) => {
    const p = o && origin(u).toLowerCase() === o.toLowerCase() ? u.slice(o.length) : u;
    return p.endsWith('/') ? p : `${p}/`;
  };
  return `${verb} ${short(from)} → ${short(to)} on ${plural(n, 'URL')}`;
}

function usePlan(from: string, to: string) {
  const entries = useAppState(selEntries);
  const [settled, setSettled] = useState(to);
  // Planning scans every entry: wait for a pause in typing before previewing.
  useEffect(() => {
    const t = setTimeout(() => setSettled(to), 200);
    return () => clearTimeout(t);
  }, [to]);
  return useMemo(() => {
    const target = settled.trim();
    if (!entries || target === '' || target.replace(/\/+$/, '') === from.replace(/\/+$/, '')) {
      return { plan: [] as PrefixRenameChange[], collisions: [] as string[], target };
    }
    const plan = planPrefixRename(entries, from, target);
    return { plan, collisions: findRenameCollisions(entries, plan), target };
  }, [entries, from, settled]);
}

export interface RenameDialogProps {
  tree: UrlTree;
  nodeId: number;
  mode: 'rename' | 'move';
  onClose(): void;
  /** After applying: the node's new prefix. */
  onDone(newPrefix: string): void;
}

/** Rename a folder (edit its URL prefix) or move it under another folder, with a preview. */
export function RenameDialog({ tree, nodeId, mode, onClose, onDone }: RenameDialogProps) {
  const commands = useCommands();
  const from = tree.prefixOf(nodeId) ?? '';
  const targets = useMemo(() => (mode === 'move' ? moveTargets(tree, nodeId) : []), [mode, tree, nodeId]);
  const [text, setText] = useState(from);
  const [parent, setParent] = useState<number>(targets[0] ?? -1);
  const to = mode === 'rename' ? text : parent >= 0 ? (moveTarget(tree, nodeId, parent) ?? '') : '';
  const { plan, collisions, target } = usePlan(from, to);
  const pending = target !== to.trim();
  const apply = () => {
    const n = commands.replaceEntries(
      plan.map((c) => c.after),
      renameLabel(
        from,
        target,
        plan.filter((c) => c.before.loc !== c.after.loc).length,
        mode === 'move' ? 'Move' : 'Rename',
      ),
    );
    if (n > 0) onDone(target.replace(/\/+$/, ''));
    else onClose();
  };
  const title = mode === 'rename' ? `Rename ${shortName(tree, nodeId)}` : `Move ${shortName(tree, nodeId)}`;
  const moved = plan.filter((c) => c.before.loc !== c.after.loc).length;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      wide
      footer={
        <DialogActions onCancel={onClose} onAct={apply} disabled={pending || plan.length === 0}>
          {mode === 'rename' ? 'Rename' : 'Move'} {moved > 0 ? plural(moved, 'URL') : ''}
        </DialogActions>
      }
    >
      {mode === 'rename' ? (
        <label className="field">
          <span>New folder URL</span>
          <input
            type="text"
            className="mono-input"
            value={text}
            spellCheck={false}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !pending && plan.length > 0) apply();
            }}
          />
        </label>
      ) : (
        <label className="field">
          <span>New parent folder</span>
          <select value={parent} onChange={(e) => setParent(Number(e.currentTarget.value))}>
            {targets.map((n) => (
              <option key={n} value={n}>
                {tree.node(n).depth === 0
                  ? tree.node(n).label
                  : `${shortName(tree, n)}  (${tree.node(n).label})`}
              </option>
            ))}
          </select>
        </label>
      )}
      <RenamePreview plan={plan} collisions={collisions} pending={pending} />
    </Dialog>
  );
}

function RenamePreview({
  plan,
  collisions,
  pending,
}: {
  plan: PrefixRenameChange[];
  collisions: string[];
  pending: boolean;
}) {
  const moved = plan.filter((c) => c.before.loc !== c.after.loc);
  const linksOnly = plan.length - moved.length;
  return (
    <section className="rename-preview" aria-label="Preview" aria-busy={pending}>
      <p role="status">
        {plan.length === 0
          ? 'Nothing would change.'
          : `${plural(moved.length, 'URL')} will be rewritten${
              linksOnly > 0 ? `, and hreflang links in ${plural(linksOnly, 'other URL')}` : ''
            }.`}
      </p>
      {moved.length > 0 ? (
        <ul className="rename-examples">
          {moved.slice(0, 4).map((c) => (
            <li key={c.id}>
              <span className="before">{c.before.loc}</span>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> becomes </span>
              <span className="after">{c.after.loc}</span>
            </li>
          ))}
          {moved.length > 4 ? <li className="more">and {fmtInt(moved.length - 4)} more</li> : null}
        </ul>
      ) : null}
      {collisions.length > 0 ? (
        <div className="rename-collisions" role="alert">
          {plural(collisions.length, 'URL')} would then appear twice:
          <ul>
            {collisions.slice(0, 3).map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
