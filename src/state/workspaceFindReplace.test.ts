import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { NEW_FIND_REPLACE } from './findReplace.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { previewAcross, replaceAcross } from './workspaceFindReplace.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const urlset = (...locs: string[]) =>
  enc(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
  );
const index = (...locs: string[]) =>
  enc(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`,
  );
const newStore = () =>
  createAppStore({ worker: fakeClient((b, n) => parseSitemap(b, { fileName: n })), now: () => 0 });

async function workspace() {
  const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
  await ws.commands.open([
    { name: 'sitemap.xml', bytes: index('http://a.example/posts.xml', 'http://a.example/pages.xml') },
    {
      name: 'posts.xml',
      bytes: urlset('http://a.example/p1', 'http://a.example/p2', 'https://a.example/p3'),
    },
    { name: 'pages.xml', bytes: urlset('https://a.example/about') },
  ]);
  const files = ws.getState().files;
  const locs = () => files.map((f) => f.store.getState().doc!.entries.map((e) => e.loc));
  return { ws, files, locs };
}

const REQ = { ...NEW_FIND_REPLACE, find: 'http://', replace: 'https://', scope: 'filtered' as const };

describe('find and replace across the files of a workspace', () => {
  it('counts per file first, then replaces in every file (all rows of each)', async () => {
    const { ws, files, locs } = await workspace();
    // The active file's view is filtered: the other files' rows are all in scope anyway.
    files[1].store.commands.setSearch('p1');
    expect((await previewAcross(files, REQ))?.map((f) => [f.name, f.cells])).toEqual([
      ['sitemap.xml', 2],
      ['posts.xml', 2],
      ['pages.xml', 0],
    ]);
    const out = await replaceAcross(files, REQ, ws.activeStore());
    expect(out).toEqual({ cells: 4, files: ['sitemap.xml', 'posts.xml'] });
    expect(locs()).toEqual([
      ['https://a.example/posts.xml', 'https://a.example/pages.xml'],
      ['https://a.example/p1', 'https://a.example/p2', 'https://a.example/p3'],
      ['https://a.example/about'],
    ]);
    expect(files[2].store.getState().history.canUndo).toBe(false);
    expect(ws.activeStore().getState().notices.at(-1)?.message).toBe(
      'Replaced “http://” in 4 cells across 2 files (sitemap.xml, posts.xml); one step: Undo in any of them undoes it in all.',
    );
  });

  it('is one undo step: Undo in any file takes it back in all, Redo brings it back in all', async () => {
    const { files, ws, locs } = await workspace();
    const before = locs();
    await replaceAcross(files, REQ, ws.activeStore());
    const after = locs();
    files[1].store.commands.undo();
    expect(locs()).toEqual(before);
    expect(files[0].store.getState().history.canUndo).toBe(false);
    files[0].store.commands.redo();
    expect(locs()).toEqual(after);
    files[0].store.commands.undo();
    expect(locs()).toEqual(before);
    // A new edit in one file drops its part of the link: the others keep their own history.
    files[1].store.commands.redo();
    expect(locs()).toEqual(after);
    files[1].store.commands.setCell(files[1].store.getState().doc!.entries[0].id, 'priority', '0.5');
    files[0].store.commands.undo();
    expect(locs()[0]).toEqual(before[0]);
    expect(locs()[1]).toEqual(after[1]);
  });

  it('says it once, and each file’s undo step names the whole replace (s18-review)', async () => {
    const { files, ws } = await workspace();
    ws.commands.setActive(files[1].id);
    await replaceAcross(files, REQ, ws.activeStore());
    const summary =
      'Replaced “http://” in 4 cells across 2 files (sitemap.xml, posts.xml); one step: Undo in any of them undoes it in all.';
    // One notice for one action, with its Undo: not the active file's part ("in 2 URLs") beside it.
    const active = ws.activeStore().getState().notices;
    expect(active.map((n) => n.message)).toEqual([summary]);
    expect(active[0].undo).toBeDefined();
    // The other file's step and notice say the same: its Undo takes back all 4 cells.
    expect(files[0].store.getState().notices.map((n) => n.message)).toEqual([summary]);
    for (const f of [files[0], files[1]])
      expect(f.store.getState().history.undoLabel).toBe('Replace “http://” in 4 cells across 2 files');
  });
});
