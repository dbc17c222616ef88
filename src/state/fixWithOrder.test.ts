/**
 * Review s16 b12: picking "Day first" on the way to a date fix set the setting as one undo step
 * and left the date unfixed until Fix was clicked after it. The pick and the conversion are now
 * one action: one step, one Undo (for one cell's fix and for Fix all).
 */
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeEntry } from './testing.ts';
import type { AppStore } from './types.ts';

const NOW = Date.UTC(2026, 0, 15);
const doc = (): SitemapDocument => ({
  kind: 'urlset',
  entries: [
    makeEntry(0, { loc: 'https://a.example/', lastmod: '03/02/2024' }),
    makeEntry(1, { loc: 'https://a.example/b', lastmod: '04/05/2024' }),
  ],
  nextId: 2,
});

async function storeWith(d: SitemapDocument): Promise<AppStore> {
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: d, issues: [], fatal: null })),
    now: () => NOW,
  });
  await store.commands.openFile('s.xml', new Uint8Array());
  return store;
}
const dates = (s: AppStore) => s.getState().doc!.entries.map((e) => e.lastmod);

describe('a day/month order given on the way to a fix', () => {
  it("one cell's fix: the order and the date in one step", async () => {
    const store = await storeWith(doc());
    const issue = store
      .getState()
      .validation.validator.issuesOf(0)
      .find((i) => i.rule === 'LASTMOD-001')!;
    expect(store.commands.applyFix(issue, { dateOrder: 'dmy' })).toBe(true);
    expect(dates(store)).toEqual(['2024-02-03', '04/05/2024']);
    expect(store.getState().settings.dateOrder).toBe('dmy');
    expect(store.getState().history.undoLabel).toMatch(
      /^Convert to W3C format.*\(read dates as day\/month\)$/,
    );
    store.commands.undo();
    expect(dates(store)).toEqual(['03/02/2024', '04/05/2024']);
    expect(store.getState().settings.dateOrder).toBeUndefined();
    expect(store.getState().history.canUndo).toBe(false);
  });

  it('Fix all: the preview as if given, then one step', async () => {
    const store = await storeWith(doc());
    const c = store.commands;
    expect(c.previewFixAll('LASTMOD-001')).toMatchObject({ rows: 0, needs: { dateOrder: 2 } });
    expect(c.previewFixAll('LASTMOD-001', { dateOrder: 'mdy' })).toMatchObject({ rows: 2, cannot: 0 });
    expect(store.getState().settings.dateOrder).toBeUndefined();
    expect(c.fixAll('LASTMOD-001', { dateOrder: 'mdy' })).toBe(2);
    expect(dates(store)).toEqual(['2024-03-02', '2024-04-05']);
    c.undo();
    expect(dates(store)).toEqual(['03/02/2024', '04/05/2024']);
    expect(store.getState().settings.dateOrder).toBeUndefined();
    expect(store.getState().history.canUndo).toBe(false);
  });
});
