/**
 * Review s18: HOST-002 (a URL on the other scheme than the sitemap's) had no fix. Its fix
 * (SITEMAP-RULES 6.5: `http://www.example.com/a` → `https://www.example.com/a`) is one click on
 * a row and one Fix all, each one undo step; a row whose fixed URL is listed already is merged.
 */
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeEntry } from './testing.ts';

const NOW = Date.UTC(2026, 0, 15);
const doc = (): SitemapDocument => ({
  kind: 'urlset',
  entries: [
    makeEntry(0, { loc: 'https://www.example.com/' }),
    makeEntry(1, { loc: 'http://www.example.com/a' }),
    makeEntry(2, { loc: 'https://www.example.com/b' }),
    makeEntry(3, { loc: 'http://www.example.com:80/c?x=1' }),
    makeEntry(4, { loc: 'http://www.example.com/b' }),
    makeEntry(5, { loc: 'https://www.example.com/d' }),
    makeEntry(6, { loc: 'https://www.example.com/e' }),
  ],
  nextId: 7,
});

async function open() {
  const d = doc();
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: d, issues: [], fatal: null })),
    now: () => NOW,
  });
  await store.commands.openFile('s.xml', new Uint8Array());
  return store;
}

const locs = (s: Awaited<ReturnType<typeof open>>) => s.getState().doc!.entries.map((e) => e.loc);
const host002 = (s: Awaited<ReturnType<typeof open>>, id: number) =>
  s
    .getState()
    .validation.validator.issuesOf(id)
    .find((i) => i.rule === 'HOST-002');

describe('HOST-002 fix', () => {
  it('one row: switches its scheme to the sitemap’s, one undo step', async () => {
    const store = await open();
    const issue = host002(store, 1);
    expect(issue).toBeDefined();
    expect(store.commands.applyFix(issue!)).toBe(true);
    expect(locs(store)[1]).toBe('https://www.example.com/a');
    expect(host002(store, 1)).toBeUndefined();
    store.commands.undo();
    expect(locs(store)[1]).toBe('http://www.example.com/a');
  });

  it('Fix all: every row in one step; the default port goes; a listed URL is merged', async () => {
    const store = await open();
    expect(store.commands.previewFixAll('HOST-002')).toMatchObject({ rows: 3, removed: 1, cannot: 0 });
    const undoDepth = store.getState().history.undoDepth;
    expect(store.commands.fixAll('HOST-002')).toBe(3);
    expect(locs(store)).toEqual([
      'https://www.example.com/',
      'https://www.example.com/a',
      'https://www.example.com/b',
      'https://www.example.com/c?x=1',
      'https://www.example.com/d',
      'https://www.example.com/e',
    ]);
    expect(store.getState().validation.validator.entriesWithRule('HOST-002').length).toBe(0);
    expect(store.getState().history.undoDepth).toBe(undoDepth + 1);
    store.commands.undo();
    expect(locs(store)).toEqual(doc().entries.map((e) => e.loc));
  });

  it('towards http when the publish URL is http', async () => {
    const store = await open();
    store.commands.setSettings({ publishUrl: 'http://www.example.com/sitemap.xml' });
    expect(store.commands.fixAll('HOST-002')).toBeGreaterThan(0);
    expect(locs(store).every((l) => l.startsWith('http://'))).toBe(true);
  });
});
