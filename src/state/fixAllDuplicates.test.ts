/** Fix all of LOC-006: the preview, its button, the undo label and the notice say the same thing, and name the kept row. */
import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import { mergeSample } from '../core/rules/mergeSample.ts';
import { Validator } from '../core/validate.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';

async function storeOf(entries: Entry[]) {
  const doc = { ...makeDocument(0), entries };
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => 1_700_000_000_000,
    createValidator: (settings) => new Validator(settings),
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  return store;
}

describe('Fix all LOC-006', () => {
  it('a duplicate with nothing to add: removes its row, keeping the first, and says so everywhere', async () => {
    const store = await storeOf([
      { id: 0, loc: 'https://a.example/a', lastmod: '2026-11-05' },
      { id: 1, loc: 'https://a.example/b' },
      { id: 2, loc: 'https://a.example/a', lastmod: '2026-11-05' },
    ]);
    const p = store.commands.previewFixAll('LOC-006');
    expect(p).toMatchObject({
      rows: 1,
      removed: 1,
      removes: { one: 'it repeats the URL of an earlier row, which is kept' },
    });
    expect(p.merged).toEqual([2]);
    const doc = store.getState().doc!;
    expect(p.merged?.map((id) => mergeSample(doc, id))).toEqual([
      'Row 3 removed: row 1 (https://a.example/a) is kept',
    ]);
    expect(store.commands.fixAll('LOC-006')).toBe(1);
    expect(store.getState().doc?.entries.map((e) => e.id)).toEqual([0, 1]);
    expect(store.getState().history.undoLabel).toBe(
      'Remove the duplicate, keeping the first row (1 row removed)',
    );
    expect(store.getState().notices.at(-1)?.message).toBe('Removed 1 row (LOC-006).');
  });

  it('values the kept row lacks are merged into it: the preview names them', async () => {
    const store = await storeOf([
      { id: 0, loc: 'https://a.example/a' },
      { id: 1, loc: 'https://a.example/a', lastmod: '2026-11-05', changefreq: 'weekly' },
    ]);
    const p = store.commands.previewFixAll('LOC-006');
    expect(p).toMatchObject({ rows: 2, removed: 1 });
    const doc = store.getState().doc!;
    expect(p.merged?.map((id) => mergeSample(doc, id))).toEqual([
      'Row 2 removed: row 1 (https://a.example/a) is kept and takes its lastmod “2026-11-05”, changefreq “weekly”',
    ]);
    expect(store.commands.fixAll('LOC-006')).toBe(2);
    expect(store.getState().doc?.entries).toEqual([
      { id: 0, loc: 'https://a.example/a', lastmod: '2026-11-05', changefreq: 'weekly' },
    ]);
    expect(store.getState().history.undoLabel).toBe(
      'Remove the duplicate, keeping the first row (1 row removed, 1 changed)',
    );
    expect(store.getState().notices.at(-1)?.message).toBe('Removed 1 row and changed 1 (LOC-006).');
  });
});
