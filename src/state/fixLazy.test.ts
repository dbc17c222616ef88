import { describe, expect, it, vi } from 'vitest';
import { Validator } from '../core/validate.ts';
import { fixesLoaded, loadFixes } from './fixCode.ts';
import { createStoreWith } from './storeCore.ts';
import { fakeClient, makeEntry } from './testing.ts';

// The browser's stores load the rule fixes' commands with the UI parts that show a fix
// (fixCode.ts, out of the first chunk). Once loaded, every store's fix commands answer at once;
// a fix asked for before that is not dropped: it runs when the code is there.

async function lazyStore() {
  const store = createStoreWith({
    worker: fakeClient(() => ({
      kind: 'urlset',
      document: {
        kind: 'urlset',
        entries: [
          makeEntry(0, { loc: 'https://www.example.com/a', priority: '1.5' }),
          makeEntry(1, { loc: 'https://www.example.com/b', priority: '2' }),
        ],
        nextId: 2,
      },
      issues: [],
      fatal: null,
    })),
    now: () => 0,
    createValidator: (settings) => new Validator(settings),
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  return store;
}

const prioIssue = (store: Awaited<ReturnType<typeof lazyStore>>, id: number) =>
  store
    .getState()
    .validation.validator.issuesOf(id)
    .find((i) => i.rule.startsWith('PRIO-'))!;

describe('fix commands loaded with the parts that show a fix', () => {
  it('a fix asked for before the code is there runs once it has loaded', async () => {
    const store = await lazyStore();
    expect(fixesLoaded()).toBe(false);
    const issue = prioIssue(store, 0);
    expect(issue).toBeDefined();
    expect(store.commands.applyFix(issue)).toBe(false);
    await vi.waitFor(() => expect(store.getState().doc!.entries[0].priority).toBe('1.0'));
    expect(fixesLoaded()).toBe(true);
    expect(store.getState().history.undoLabel).toMatch(/priority/i);
  });

  it('once loaded, a new store fixes, previews and plans at once', async () => {
    await loadFixes();
    const store = await lazyStore();
    const c = store.commands;
    const rule = prioIssue(store, 1).rule;
    expect(c.fixAllOutlook(rule)).toBe('fix');
    expect(c.previewFixAll(rule).rows).toBe(2);
    expect(c.applyFix(prioIssue(store, 1))).toBe(true);
    expect(store.getState().doc!.entries[1].priority).toBe('1.0');
  });
});
