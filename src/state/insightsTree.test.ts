import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import { buildUrlTree, planPrefixRename, ROOT } from '../core/tree.ts';
import { diffEntries, IdSet, TreeSync } from './insightsTree.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';

const e = (id: number, loc: string, more: Partial<Entry> = {}): Entry => ({ id, loc, ...more });

/** Node counts by prefix, for comparing an incrementally kept tree with a fresh build. */
function shape(tree: ReturnType<typeof buildUrlTree>): string[] {
  const out: string[] = [];
  const walk = (n: number) => {
    for (const c of tree.childrenOf(n)) {
      const info = tree.node(c);
      out.push(`${tree.prefixOf(c) ?? info.label}:${info.count}:${info.errorCount}:${info.warningCount}`);
      walk(c);
    }
  };
  walk(ROOT);
  return out;
}

describe('diffEntries', () => {
  it('reports updated entries by reference when positions are unchanged', () => {
    const a = [e(0, 'https://a.com/x'), e(1, 'https://a.com/y')];
    const b = [a[0], { ...a[1], loc: 'https://a.com/z' }];
    const d = diffEntries(a, b)!;
    expect(d.updated).toEqual([{ before: a[1], after: b[1] }]);
    expect(d.size).toBe(1);
  });

  it('reports added and removed entries by id after inserts and deletes', () => {
    const a = [e(0, 'https://a.com/x'), e(1, 'https://a.com/y'), e(2, 'https://a.com/z')];
    const b = [a[0], e(5, 'https://a.com/new'), a[2]];
    const d = diffEntries(a, b)!;
    expect(d.removed).toEqual([a[1]]);
    expect(d.added).toEqual([b[1]]);
    expect(d.updated).toEqual([]);
  });

  it('gives up (null) once more than the limit changed', () => {
    const a = [e(0, 'x'), e(1, 'y'), e(2, 'z')];
    const b = a.map((x) => ({ ...x, priority: '0.5' }));
    expect(diffEntries(a, b, 2)).toBeNull();
    expect(diffEntries(a, b, 3)?.size).toBe(3);
  });
});

describe('TreeSync', () => {
  it('follows store edits incrementally and matches a fresh build, through undo and redo', async () => {
    const doc = makeDocument(300);
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 0,
    });
    await store.commands.openFile('s.xml', new Uint8Array([1]));
    const sync = new TreeSync();
    const read = () => {
      const s = store.getState();
      const tree = sync.sync(s.doc!.entries, s.validation.validator, s.validation.version);
      while (!sync.refreshStep(64)) {
        // severities in slices, as the UI does when idle
      }
      return tree;
    };
    expect(read().size).toBe(300);
    expect(sync.lastSync).toBe('build');
    const fresh = () => {
      const s = store.getState();
      return shape(buildUrlTree(s.doc!.entries, (id) => s.validation.validator.worstSeverity(id)));
    };
    store.commands.setCell(3, 'loc', 'https://www.example.com/moved/here');
    store.commands.setCell(4, 'loc', 'not a url');
    // A duplicate changes the issues of an entry that was not edited (entry 8).
    store.commands.setCell(7, 'loc', store.getState().doc!.entries[8].loc);
    expect(shape(read())).toEqual(fresh());
    const tree = read();
    expect(
      tree.node(tree.childrenOf(ROOT)[0]).errorCount + tree.node(tree.childrenOf(ROOT)[0]).warningCount,
    ).toBeGreaterThan(0);
    store.commands.setCell(7, 'loc', 'https://www.example.com/unique');
    const s = store.getState();
    sync.sync(s.doc!.entries, s.validation.validator, s.validation.version);
    expect(sync.lastSync).toBe('incremental');
    expect(sync.severitiesPending).toBe(true);
    expect(shape(read())).toEqual(fresh());
    expect(sync.severitiesPending).toBe(false);
    store.commands.deleteRows([5, 6]);
    store.commands.appendUrls(['https://other.org/a/b']);
    expect(shape(read())).toEqual(fresh());
    expect(read().size).toBe(299);
    store.commands.undo();
    store.commands.undo();
    expect(shape(read())).toEqual(fresh());
    store.commands.redo();
    const redone = store.getState();
    sync.sync(redone.doc!.entries, redone.validation.validator, redone.validation.version);
    expect(sync.lastSync).toBe('incremental');
    expect(shape(read())).toEqual(fresh());
  });

  it('rebuilds when most entries changed (another document)', () => {
    const sync = new TreeSync();
    const v = { worstSeverity: () => undefined } as never;
    sync.sync([e(0, 'https://a.com/x')], v, 0);
    const next = Array.from({ length: 2000 }, (_, i) => e(i, `https://b.com/${i}`));
    const tree = sync.sync(next, v, 1);
    expect(sync.lastSync).toBe('build');
    expect(tree.size).toBe(2000);
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
