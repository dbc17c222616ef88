import { describe, expect, it } from 'vitest';
import type { Entry, Issue, SitemapDocument } from '../core/model.ts';
import { buildUrlTree } from '../core/tree.ts';
import { Validator } from '../core/validate.ts';
import { DocumentSize } from './insightsCharts.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument, treeShape } from './testing.ts';
import type { AppStore } from './types.ts';

const NOW = Date.UTC(2026, 0, 1);

const key = (i: Issue) => `${i.entry ?? '-'} ${i.rule} ${i.field ?? ''} ${i.message}`;

/** Every derived view of the store, read as the UI reads it. */
function views(store: AppStore) {
  const s = store.getState();
  const doc = s.doc!;
  const v = s.validation.validator;
  const tree = store.derived.urlTree.sync(doc.entries, s.validation.version, buildUrlTree);
  while (!store.derived.urlTree.refreshStep(97)) {
    // severities in slices, as the UI does when idle
  }
  const counts = v.counts();
  return {
    tree: treeShape(tree),
    size: store.derived.size.of(doc),
    issues: v.all().map(key).sort(),
    counts: { error: counts.error, warning: counts.warning, info: counts.info },
  };
}

/** The same views built from nothing for `doc`. */
function fresh(doc: SitemapDocument) {
  const v = new Validator({ now: NOW, crossSubmission: false });
  v.load(doc);
  const counts = v.counts();
  return {
    tree: treeShape(buildUrlTree(doc.entries, (id) => v.worstSeverity(id))),
    size: new DocumentSize().of(doc),
    issues: v.all().map(key).sort(),
    counts: { error: counts.error, warning: counts.warning, info: counts.info },
  };
}

describe('derived views follow every patch (kernel applyStep)', () => {
  it('edit, undo and redo leave the URL tree, the size and the issues equal to a fresh build', async () => {
    const doc = makeDocument(200);
    const entries: Entry[] = doc.entries.map((e, i) =>
      i === 9 ? { ...e, alternates: [{ hreflang: 'de', href: doc.entries[10].loc }] } : e,
    );
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: { ...doc, entries }, issues: [], fatal: null })),
      now: () => NOW,
    });
    await store.commands.openFile('s.xml', new Uint8Array([1]));
    views(store); // the tree exists from here on, so edits replay into it
    const check = () => expect(views(store)).toEqual(fresh(store.getState().doc!));
    const steps: Array<() => void> = [
      () => store.commands.setCell(3, 'loc', store.getState().doc!.entries[4].loc), // a duplicate
      () => store.commands.setCell(10, 'loc', 'https://other.example/moved'), // an hreflang target moves
      () => store.commands.setCell(5, 'lastmod', '2023-02-29'),
      () => store.commands.deleteRows([0, 1, 2]),
      () => store.commands.appendUrls(['https://www.example.com/new/a', 'not a url']),
      () =>
        store.commands.setCells([
          { id: 20, field: 'priority', value: '2' },
          { id: 21, field: 'loc', value: 'http://www.example.com/x' },
        ]),
    ];
    for (const step of steps) {
      step();
      check();
    }
    for (let i = 0; i < steps.length; i++) {
      store.commands.undo();
      check();
    }
    expect(views(store)).toEqual(fresh({ ...doc, entries }));
    for (let i = 0; i < steps.length; i++) {
      store.commands.redo();
      check();
    }
  });

  it('keeps the tree from patches without rebuilding it', async () => {
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: makeDocument(50), issues: [], fatal: null })),
      now: () => NOW,
    });
    await store.commands.openFile('s.xml', new Uint8Array([1]));
    views(store);
    expect(store.derived.urlTree.lastSync).toBe('build');
    store.commands.setCell(3, 'loc', 'https://www.example.com/a/much/longer/path/than/before');
    expect(store.derived.urlTree.lastSync).toBe('incremental');
    views(store);
    expect(store.derived.urlTree.lastSync).toBe('incremental');
  });
});
