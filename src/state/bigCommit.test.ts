import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { Validator } from '../core/validate.ts';
import type { Patch } from './patch.ts';
import { type AppStoreDeps, createAppStore } from './store.ts';
import { fakeClient, findingLines, makeDocument } from './testing.ts';
import type { AppStore } from './types.ts';

// Issue #17: a big patch (Remove noindex URLs, Add missing pages, Fix all, a bulk edit at
// 1,000,000 URLs) was one long task. On a big document it is now committed in slices; the result
// must be exactly what the one-task commit gives: the same document, findings and undo step.

/** Big enough for the sliced path (slices.ts BIG_DOCUMENT is 20,000; storeCore's BIG_PATCH 2,000). */
const N = 24_000;
const NOW = Date.UTC(2026, 0, 15);

/** A document with duplicates (makeDocument's), hreflang clusters and a few bad values. */
function bigDoc(): SitemapDocument {
  const doc = makeDocument(N, 7);
  const entries = doc.entries.map((e, i) => {
    if (i % 50 === 3)
      return {
        ...e,
        alternates: [
          { hreflang: 'en', href: e.loc },
          { hreflang: 'de', href: doc.entries[i + 1].loc },
        ],
      };
    if (i % 97 === 5) return { ...e, priority: '2.5' };
    if (i % 89 === 4) return { ...e, lastmod: '2026-13-40' };
    return e;
  });
  return { ...doc, entries };
}

/** Every finding of the store's document (document-level and each entry's), sorted. */
const findings = (store: AppStore) =>
  findingLines(store.getState().validation.validator, store.getState().doc?.entries ?? []);

/** What a user sees of the document and its history. */
function seen(store: AppStore) {
  const s = store.getState();
  return { entries: s.doc?.entries, nextId: s.doc?.nextId, history: s.history, findings: findings(store) };
}

/** Waits until the store shows a task (the sliced commit's module loads first). */
async function started(store: AppStore): Promise<void> {
  for (let i = 0; i < 400 && !store.getState().task; i++) await new Promise((r) => setTimeout(r, 5));
}

/** A store whose timers run only when the test says (`settle`), or none at all (every commit at once). */
async function harness(
  doc: SitemapDocument,
  sliced: boolean,
  createValidator?: AppStoreDeps['createValidator'],
) {
  const queued: Array<() => void> = [];
  let clock = NOW;
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => clock++,
    timers: sliced ? { setTimeout: (fn) => queued.push(fn), clearTimeout: () => undefined } : undefined,
    ...(createValidator ? { createValidator } : {}),
  });
  /** Runs queued tasks until none is left (the sliced commit's module loads in between). */
  const settle = async () => {
    let tasks = 0;
    for (let idle = 0; idle < 20; ) {
      const fn = queued.shift();
      if (fn) {
        fn();
        tasks++;
        idle = 0;
      } else {
        await new Promise((r) => setTimeout(r, 5));
        idle++;
      }
    }
    return tasks;
  };
  const opening = store.commands.openFile('big.xml', new Uint8Array([1]));
  await settle();
  await opening;
  return { store, settle };
}

describe('a big patch on a big document is committed in slices', () => {
  it('deletes, undoes and redoes exactly as the one-task commit does', async () => {
    const doc = bigDoc();
    const one = await harness(doc, false);
    const sl = await harness(doc, true);
    expect(seen(sl.store)).toEqual(seen(one.store));
    const ids = doc.entries.filter((_, i) => i % 7 === 2 || i % 50 === 4).map((e) => e.id);
    expect(ids.length).toBeGreaterThan(2_000);

    one.store.commands.deleteRows(ids);
    sl.store.commands.deleteRows(ids);
    await started(sl.store);
    // Not applied yet: the status bar says what runs; nothing else changed.
    expect(sl.store.getState().doc?.entries.length).toBe(N);
    expect(sl.store.getState().history.canUndo).toBe(false);
    expect(sl.store.getState().task?.label).toMatch(/^Applying: Delete/);
    expect(await sl.settle()).toBeGreaterThan(0);
    expect(sl.store.getState().task).toBeNull();
    expect(sl.store.getState().doc?.entries.length).toBe(N - ids.length);
    expect(seen(sl.store)).toEqual(seen(one.store));
    expect(sl.store.getState().history.undoDepth).toBe(1);

    one.store.commands.undo();
    sl.store.commands.undo();
    await started(sl.store);
    expect(sl.store.getState().task?.label).toMatch(/^Undoing: Delete/);
    await sl.settle();
    expect(seen(sl.store)).toEqual(seen(one.store));
    expect(sl.store.getState().doc?.entries).toEqual(doc.entries);

    one.store.commands.redo();
    sl.store.commands.redo();
    await started(sl.store);
    expect(sl.store.getState().task?.label).toMatch(/^Redoing: Delete/);
    await sl.settle();
    expect(seen(sl.store)).toEqual(seen(one.store));
  });

  it('adds and bulk-edits rows as the one-task commit does', async () => {
    const doc = bigDoc();
    const one = await harness(doc, false);
    const sl = await harness(doc, true);
    const urls = Array.from({ length: 3_000 }, (_, i) =>
      i % 10 === 0 ? doc.entries[i].loc : `https://www.example.com/new/${i}`,
    );
    expect(sl.store.commands.appendUrls(urls)).toEqual(one.store.commands.appendUrls(urls));
    await sl.settle();
    expect(seen(sl.store)).toEqual(seen(one.store));

    const ids = doc.entries.filter((_, i) => i % 3 === 0).map((e) => e.id);
    one.store.commands.bulkSet('priority', '0.3', ids);
    sl.store.commands.bulkSet('priority', '0.3', ids);
    await sl.settle();
    expect(seen(sl.store)).toEqual(seen(one.store));
    expect(sl.store.getState().history.undoLabel).toBe(one.store.getState().history.undoLabel);

    one.store.commands.undo();
    one.store.commands.undo();
    sl.store.commands.undo();
    sl.store.commands.undo();
    await sl.settle();
    expect(seen(sl.store)).toEqual(seen(one.store));
    expect(sl.store.getState().doc?.entries).toEqual(doc.entries);
  });

  it('queues undo asked meanwhile, refuses other edits with a notice, and keeps small edits at once', async () => {
    const doc = bigDoc();
    const { store, settle } = await harness(doc, true);
    const ids = doc.entries.slice(0, 5_000).map((e) => e.id);
    store.commands.deleteRows(ids);
    store.commands.undo();
    store.commands.setCell(doc.entries[10_000].id, 'priority', '0.9');
    expect(store.getState().notices.at(-1)?.message).toMatch(/^Still applying "Delete/);
    await settle();
    // The delete, then its undo: back where it started, with the delete to redo; the refused edit is not made.
    expect(store.getState().doc?.entries).toEqual(doc.entries);
    expect(store.getState().history.canRedo).toBe(true);
    expect(store.getState().history.canUndo).toBe(false);

    // One cell is a small patch: applied in the call, even with timers.
    store.commands.setCell(doc.entries[10_000].id, 'priority', '0.9');
    expect(store.getState().doc?.entries[10_000].priority).toBe('0.9');
    expect(store.getState().task).toBeNull();
  });

  it('puts the document in place in a task after the last slice, not in it', async () => {
    // Issue #17: the last slice (the validator's last parts) and the document's swap with its
    // render ran in one task: 36-58 ms CPU of a crawl action at 1,000,000 URLs.
    let task = 0;
    let lastPart = -1;
    class Tracking extends Validator {
      override apply(change: Patch): void {
        lastPart = task;
        super.apply(change);
      }
    }
    const queued: Array<() => void> = [];
    const doc = bigDoc();
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      // A clock that stands still: the slice's time never runs out, so the last steps always
      // share a slice with the ones before (as at 1,000,000 URLs, where a part takes ~1 ms).
      now: () => NOW,
      timers: { setTimeout: (fn) => queued.push(fn), clearTimeout: () => undefined },
      createValidator: (settings) => new Tracking(settings),
    });
    const run = async () => {
      for (let idle = 0; idle < 20; ) {
        const fn = queued.shift();
        if (fn) {
          task++;
          fn();
          idle = 0;
        }
        // Each task's microtasks (a slice after its pause) run before the next task.
        await new Promise((r) => setTimeout(r, fn ? 0 : 5));
        if (!fn) idle++;
      }
    };
    const opening = store.commands.openFile('big.xml', new Uint8Array([1]));
    await run();
    await opening;
    let swapped = -1;
    const before = store.getState().doc;
    store.subscribe(() => {
      if (swapped < 0 && store.getState().doc !== before) swapped = task;
    });
    store.commands.deleteRows(doc.entries.filter((_, i) => i % 7 === 2).map((e) => e.id));
    await run();
    expect(store.getState().doc?.entries.length).toBeLessThan(N);
    expect(lastPart).toBeGreaterThan(0);
    expect(swapped).toBeGreaterThan(lastPart);
  });

  it('a commit that fails after the validator began leaves the document and its findings as they were', async () => {
    // A validator that throws on the third part of the next big patch it follows (a bug, say).
    let failAt = 0;
    class Failing extends Validator {
      override apply(change: Patch): void {
        if (failAt > 0 && --failAt === 0) throw new Error('the validator failed');
        super.apply(change);
      }
    }
    const doc = bigDoc();
    const one = await harness(doc, false);
    const { store, settle } = await harness(doc, true, (settings) => new Failing(settings));
    const ids = doc.entries.filter((_, i) => i % 5 === 1).map((e) => e.id);
    failAt = 3;
    store.commands.deleteRows(ids);
    await settle();
    expect(failAt).toBe(0);
    expect(store.getState().notices.at(-1)?.message).toMatch(
      /^Could not apply "Delete.*The sitemap is unchanged\.$/,
    );
    expect(store.getState().doc?.entries).toEqual(doc.entries);
    expect(store.getState().history.canUndo).toBe(false);
    expect(store.getState().task).toBeNull();
    // The findings are the unchanged document's, not those of the part of the delete it followed.
    expect(findings(store)).toEqual(findings(one.store));
  });
});
