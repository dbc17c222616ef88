import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { csvToEntries, guessMapping } from '../core/csv.ts';
import { Validator } from '../core/validate.ts';
import { parseCsv } from '../workers/csvTokens.ts';
import { csvImportPlan } from './csv.ts';
import { createAppStore } from './store.ts';
import { createStoreWith } from './storeCore.ts';
import { fakeClient, makeDocument } from './testing.ts';

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../core/__fixtures__/csv', name), 'utf8');

function mappedRows(text: string) {
  const parsed = parseCsv(text);
  const { entries, issues } = csvToEntries(parsed, guessMapping(parsed.headers), { firstId: 0 });
  return { rows: entries.map(({ id: _id, ...body }) => body), skipped: issues.length };
}

async function openStore(n: number) {
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: makeDocument(n), issues: [], fatal: null })),
    now: () => 0,
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  return store;
}

describe('importCsvRows', () => {
  it('appends a Screaming Frog export to the open document as one undo step', async () => {
    const store = await openStore(3);
    const { rows, skipped } = mappedRows(fixture('screaming-frog-internal-html.csv'));
    const ids = store.commands.importCsvRows(rows, 'internal_html.csv', skipped);
    const s = store.getState();
    expect(ids).toHaveLength(rows.length);
    expect(s.doc?.entries.slice(3).map((e) => e.loc)).toEqual(rows.map((r) => r.loc));
    expect(s.doc?.entries[3].lastmod).toBe(rows[0].lastmod);
    expect(s.history.undoLabel).toBe(`Import ${rows.length} URLs from internal_html.csv`);
    expect(s.notices.at(-1)?.message).toContain(`${skipped} rows without a URL skipped`);
    store.commands.undo();
    expect(store.getState().doc?.entries).toHaveLength(3);
    expect(store.getState().history.canUndo).toBe(false);
  });

  it('re-importing the own CSV export updates the rows by loc and adds the new ones, one undo step', async () => {
    const store = await openStore(3);
    const [a, b] = store.getState().doc?.entries ?? [];
    const rows = [
      { loc: a.loc, lastmod: '2025-01-01', priority: '0.8' },
      { loc: ` ${b.loc} `, changefreq: 'weekly' },
      { loc: 'https://www.example.com/new-page' },
    ];
    // The counts the dialog shows before it runs.
    expect(csvImportPlan(store.getState().doc, rows)).toEqual({ matching: 2, added: 1, total: 3 });
    const ids = store.commands.importCsvRows(rows, 'sitemap.csv', 0, 'update');
    const s = store.getState();
    expect(s.doc?.entries).toHaveLength(4);
    expect(s.doc?.entries[0]).toMatchObject({ id: a.id, loc: a.loc, lastmod: '2025-01-01', priority: '0.8' });
    expect(s.doc?.entries[1]).toMatchObject({ id: b.id, changefreq: 'weekly' });
    expect(s.doc?.entries[3].loc).toBe('https://www.example.com/new-page');
    expect(ids).toEqual([a.id, b.id, s.doc?.entries[3].id]);
    expect(s.history.undoLabel).toBe('Import 3 URLs from sitemap.csv (2 updated, 1 added)');
    expect(s.notices.at(-1)?.message).toBe('Updated 2 URLs and added 1 URL from sitemap.csv.');
    store.commands.undo();
    expect(store.getState().doc?.entries).toHaveLength(3);
    expect(store.getState().doc?.entries[0].lastmod).toBe(a.lastmod);
    expect(store.getState().history.canUndo).toBe(false);
  });

  it('append (the default) adds every row, a loc already listed a second time', async () => {
    const store = await openStore(2);
    const [a] = store.getState().doc?.entries ?? [];
    store.commands.importCsvRows([{ loc: a.loc, lastmod: '2025-01-01' }], 'sitemap.csv');
    expect(
      store
        .getState()
        .doc?.entries.map((e) => e.loc)
        .filter((l) => l === a.loc),
    ).toHaveLength(2);
  });

  it('opens the rows as a new document named after the CSV when nothing is open', () => {
    const store = createAppStore({ worker: fakeClient(), now: () => 0 });
    const { rows } = mappedRows(fixture('search-console-pages.csv'));
    const ids = store.commands.importCsvRows(rows, 'Pages.csv');
    const s = store.getState();
    expect(s.fileName).toBe('Pages.xml');
    expect(s.doc?.kind).toBe('urlset');
    expect(s.doc?.entries.map((e) => e.loc)).toEqual(rows.map((r) => r.loc));
    expect(ids).toEqual(s.doc?.entries.map((e) => e.id));
    expect(s.history.canUndo).toBe(false);
    // New rows after the import get fresh ids.
    const [next] = store.commands.insertRows(Number.MAX_SAFE_INTEGER, 1);
    expect(ids).not.toContain(next);
  });

  it('records nothing and warns when no row has a URL', async () => {
    const store = await openStore(2);
    expect(store.commands.importCsvRows([], 'empty.csv', 4)).toEqual([]);
    const s = store.getState();
    expect(s.history.canUndo).toBe(false);
    expect(s.notices.at(-1)).toMatchObject({ level: 'warning' });
    expect(s.notices.at(-1)?.message).toContain('4 rows without a URL skipped');
  });

  it("the browser's store loads the command on first use, then imports as one undo step", async () => {
    const store = createStoreWith({
      worker: fakeClient(() => ({ kind: 'urlset', document: makeDocument(2), issues: [], fatal: null })),
      now: () => 0,
      createValidator: (settings) => new Validator(settings),
    });
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    const [a] = store.getState().doc?.entries ?? [];
    store.commands.importCsvRows(
      [{ loc: a.loc, lastmod: '2025-01-01' }, { loc: 'https://x.example/' }],
      'x.csv',
      0,
      'update',
    );
    await vi.waitFor(() => expect(store.getState().doc?.entries).toHaveLength(3));
    expect(store.getState().doc?.entries[0].lastmod).toBe('2025-01-01');
    expect(store.getState().history.undoLabel).toBe('Import 2 URLs from x.csv (1 updated, 1 added)');
  });
});
