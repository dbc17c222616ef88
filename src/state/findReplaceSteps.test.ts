/**
 * Session 18 left find & replace over all columns as one task of 212–340 ms CPU at 1,000,000 rows
 * for the preview count and again for the apply. It runs in steps (as the view's field filters
 * read the columns): the stepped result is the one-shot result, and a big document's preview and
 * replace are worked out over several tasks.
 */
import { describe, expect, it } from 'vitest';
import { runSteps } from '../core/steps.ts';
import { findReplacePatch, findReplaceSteps, NEW_FIND_REPLACE } from './findReplace.ts';
import { BIG_DOCUMENT } from './slices.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';
import type { FindReplaceRequest } from './types.ts';

const req = (over: Partial<FindReplaceRequest>): FindReplaceRequest => ({ ...NEW_FIND_REPLACE, ...over });

describe('find & replace in steps', () => {
  const doc = makeDocument(5_000);
  const rows = Int32Array.from({ length: 1_200 }, (_, k) => (k * 37) % 5_000);
  const cases: Array<[string, FindReplaceRequest, Int32Array | null]> = [
    ['all columns', req({ column: 'all', find: 'blog', replace: 'journal' }), null],
    ['all columns, a date and a priority', req({ column: 'all', find: '0.5', replace: '0.6' }), null],
    [
      'regex in lastmod',
      req({ column: 'lastmod', find: '^2023-(\\d\\d)', replace: '2025-$1', regex: true }),
      null,
    ],
    [
      'case-sensitive changefreq',
      req({ column: 'changefreq', find: 'Weekly', replace: 'daily', caseSensitive: true }),
      null,
    ],
    ['no match', req({ column: 'all', find: 'zzz-none', replace: 'x' }), null],
    ['rows in view', req({ column: 'all', find: 'item-1', replace: 'thing-1' }), rows],
  ];
  for (const [name, r, scope] of cases)
    it(`gives the one-shot result, step by step: ${name}`, () => {
      const once = findReplacePatch(doc, r, scope);
      let yields = 0;
      const steps = findReplaceSteps(doc, r, scope, 256);
      let step = steps.next();
      for (; !step.done; step = steps.next()) {
        yields++;
        expect(step.value).toBe(yields * 256);
      }
      expect(step.value).toEqual(once);
      expect(runSteps(findReplaceSteps(doc, r, scope))).toEqual(once);
      const n = scope ? scope.length : doc.entries.length;
      expect(yields).toBe(Math.ceil(n / 256) - 1);
    });

  it('a big document: the preview and the replace are worked out over several tasks, same counts', async () => {
    const big = makeDocument(BIG_DOCUMENT + 5_000);
    let clock = 0;
    let tasks = 0;
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: big, issues: [], fatal: null })),
      // Every reading of the clock is 10 ms later: each step ends its slice.
      now: () => (clock += 10),
      timers: {
        setTimeout: (fn) => {
          tasks++;
          return setTimeout(fn, 0);
        },
        clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      },
    });
    await store.commands.openFile('s.xml', new Uint8Array());
    for (let i = 0; i < 100 && store.getState().task !== null; i++)
      await new Promise((r) => setTimeout(r, 20));
    const r = req({ column: 'all', find: 'blog', replace: 'journal', scope: 'all' });
    const expected = findReplacePatch(store.getState().doc!, r, null).cells;
    expect(expected).toBeGreaterThan(0);
    tasks = 0;
    expect(await store.commands.previewFindReplace(r)).toBe(expected);
    expect(tasks).toBeGreaterThan(4);
    // A newer request stops it: null, nothing counted.
    expect(await store.commands.previewFindReplace(r, () => true)).toBeNull();
    tasks = 0;
    expect(await store.commands.findReplace(r)).toBe(expected);
    expect(tasks).toBeGreaterThan(4);
    // A big patch is applied in slices too (the sliced commit): one undo step when it is done.
    for (let i = 0; i < 200 && store.getState().history.undoDepth === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(store.getState().history.undoDepth).toBe(1);
    expect(store.getState().doc!.entries.filter((e) => e.loc.includes('journal')).length).toBeGreaterThan(0);
  });
});
