/**
 * Review s16 b13/b14: LOC-009's fix on a row whose clean URL is listed already removes the row
 * (no exact duplicate, no LOC-006 after it), and the preview and the cell's button say why.
 */
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { fixPreview } from './rules.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeEntry } from './testing.ts';

const NOW = Date.UTC(2026, 0, 15);
const doc = (): SitemapDocument => ({
  kind: 'urlset',
  entries: [
    makeEntry(0, { loc: 'https://www.example.com/bags/' }),
    makeEntry(1, { loc: 'https://www.example.com/bags/?utm_source=newsletter' }),
    makeEntry(2, { loc: 'https://www.example.com/shoes/?utm_source=newsletter' }),
  ],
  nextId: 3,
});

describe('LOC-009 where the clean URL is listed', () => {
  it('Fix all: one row changed, one removed, and says why; no duplicate after it', async () => {
    const d = doc();
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: d, issues: [], fatal: null })),
      now: () => NOW,
    });
    await store.commands.openFile('s.xml', new Uint8Array());
    const c = store.commands;
    const issue = store
      .getState()
      .validation.validator.issuesOf(1)
      .find((i) => i.rule === 'LOC-009')!;
    const s = store.getState();
    expect(fixPreview(issue, s.doc, { ...s.settings, now: NOW })).toBe(
      'remove this row (its clean URL is already listed)',
    );
    expect(c.previewFixAll('LOC-009')).toMatchObject({
      rows: 2,
      removed: 1,
      removes: { one: 'its clean URL is already listed' },
    });
    expect(c.fixAll('LOC-009')).toBe(2);
    expect(store.getState().doc!.entries.map((e) => e.loc)).toEqual([
      'https://www.example.com/bags/',
      'https://www.example.com/shoes/',
    ]);
    expect(store.getState().validation.validator.counts().warning).toBe(0);
  });
});
