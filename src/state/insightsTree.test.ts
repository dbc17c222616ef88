import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import { buildUrlTree, planPrefixRename, ROOT } from '../core/tree.ts';
import { TreeSync } from './insightsTree.ts';
import { applyPatch, entryPatch } from './patch.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument, treeShape } from './testing.ts';
import { IdSet } from './urlTree.ts';

const e = (id: number, loc: string, more: Partial<Entry> = {}): Entry => ({ id, loc, ...more });

describe('TreeSync', () => {
  it('follows store edits from their patches and matches a fresh build, through undo and redo', async () => {
    const doc = makeDocument(300);
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 0,
    });
    await store.commands.openFile('s.xml', new Uint8Array([1]));
    const sync = store.derived.urlTree;
    const read = () => {
      const s = store.getState();
      const tree = sync.sync(s.doc!.entries, s.validation.version, buildUrlTree);
      while (!sync.refreshStep(64)) {
        // severities in slices, as the UI does when idle
      }
      return tree;
    };
    expect(read().size).toBe(300);
    expect(sync.lastSync).toBe('build');
    const fresh = () => {
      const s = store.getState();
      return treeShape(buildUrlTree(s.doc!.entries, (id) => s.validation.validator.worstSeverity(id)));
    };
    store.commands.setCell(3, 'loc', 'https://www.example.com/moved/here');
    store.commands.setCell(4, 'loc', 'not a url');
    // A duplicate changes the issues of an entry that was not edited (entry 8).
    store.commands.setCell(7, 'loc', store.getState().doc!.entries[8].loc);
    expect(sync.lastSync).toBe('incremental');
    expect(treeShape(read())).toEqual(fresh());
    const tree = read();
    expect(
      tree.node(tree.childrenOf(ROOT)[0]).errorCount + tree.node(tree.childrenOf(ROOT)[0]).warningCount,
    ).toBeGreaterThan(0);
    store.commands.setCell(7, 'loc', 'https://www.example.com/unique');
    const s = store.getState();
    sync.sync(s.doc!.entries, s.validation.version, buildUrlTree);
    expect(sync.lastSync).toBe('incremental');
    expect(sync.severitiesPending).toBe(true);
    expect(treeShape(read())).toEqual(fresh());
    expect(sync.severitiesPending).toBe(false);
    store.commands.deleteRows([5, 6]);
    store.commands.appendUrls(['https://other.org/a/b']);
    expect(treeShape(read())).toEqual(fresh());
    expect(read().size).toBe(299);
    store.commands.undo();
    store.commands.undo();
    expect(treeShape(read())).toEqual(fresh());
    store.commands.redo();
    expect(sync.lastSync).toBe('incremental');
    expect(treeShape(read())).toEqual(fresh());
    expect(sync.lastSync).toBe('incremental');
  });

  it('ignores patches of another entries array and rebuilds for another document', () => {
    const v = { worstSeverity: () => undefined };
    const sync = new TreeSync(v);
    const first = [e(0, 'https://a.com/x')];
    sync.sync(first, 0, buildUrlTree);
    const next = Array.from({ length: 2000 }, (_, i) => e(i, `https://b.com/${i}`));
    const other = { kind: 'urlset' as const, entries: next, nextId: 2000 };
    sync.follow({ patch: entryPatch({ removed: [next[0]] }), before: other, after: other });
    const tree = sync.sync(next, 1, buildUrlTree);
    expect(sync.lastSync).toBe('build');
    expect(tree.size).toBe(2000);
  });

  it('drops the tree after a patch bigger than a replay is worth, and rebuilds it when read', () => {
    const sync = new TreeSync({ worstSeverity: () => undefined });
    const entries = Array.from({ length: 2000 }, (_, i) => e(i, `https://a.com/${i}`));
    const before = { kind: 'urlset' as const, entries, nextId: 2000 };
    sync.sync(entries, 0, buildUrlTree);
    const patch = entryPatch({ updated: entries.map((x) => [x, { ...x, loc: `${x.loc}/moved` }]) });
    const after = applyPatch(before, patch);
    sync.follow({ patch, before, after });
    expect(sync.built).toBe(false);
    expect(sync.sync(after.entries, 1, buildUrlTree).findNode('https://a.com/7/moved')).toBeGreaterThan(0);
  });
});

describe('replaceEntries (folder rename as one step)', () => {
  it('applies a planned rename as one undoable step with the given label', async () => {
    const doc = {
      kind: 'urlset' as const,
      entries: [e(0, 'https://a.com/blog/x'), e(1, 'https://a.com/blog/y/z'), e(2, 'https://a.com/shop')],
      nextId: 3,
    };
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 0,
    });
    await store.commands.openFile('s.xml', new Uint8Array([1]));
    const plan = planPrefixRename(store.getState().doc!.entries, 'https://a.com/blog', 'https://a.com/news');
    const n = store.commands.replaceEntries(
      plan.map((c) => c.after),
      'Rename /blog/ → /news/ on 2 URLs',
    );
    expect(n).toBe(2);
    const locs = () => store.getState().doc!.entries.map((x) => x.loc);
    expect(locs()).toEqual(['https://a.com/news/x', 'https://a.com/news/y/z', 'https://a.com/shop']);
    expect(store.getState().history.undoLabel).toBe('Rename /blog/ → /news/ on 2 URLs');
    store.commands.undo();
    expect(locs()).toEqual(['https://a.com/blog/x', 'https://a.com/blog/y/z', 'https://a.com/shop']);
    expect(store.getState().history.canUndo).toBe(false);
  });

  it('records nothing when no entry changes', async () => {
    const store = createAppStore({ worker: fakeClient(), now: () => 0 });
    await store.commands.openFile('s.xml', new Uint8Array([1]));
    const same = store.getState().doc!.entries.slice(0, 2);
    expect(store.commands.replaceEntries(same, 'Nothing')).toBe(0);
    expect(store.getState().history.canUndo).toBe(false);
  });
});

describe('IdSet', () => {
  it('answers membership like a Set and iterates ids ascending, once each', () => {
    const s = new IdSet(new Int32Array([9, 2, 5, 2]));
    expect(s.size).toBe(3);
    expect([...s]).toEqual([2, 5, 9]);
    expect(s.has(5)).toBe(true);
    expect(s.has(4)).toBe(false);
    expect(s.has(100)).toBe(false);
    expect(s.has(-1)).toBe(false);
    expect([...s.union(new Set([1]))].sort((a, b) => a - b)).toEqual([1, 2, 5, 9]);
    expect(s.isSubsetOf(new Set([2, 5, 9, 10]))).toBe(true);
  });
});
