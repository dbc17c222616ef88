/**
 * Review s18: a workspace export regenerates the index's lastmods (a child edited since it was
 * opened gets the export time, OUT-008), but the open index kept its old ones: the exported file
 * and the editor disagreed, silently. After the export the open index takes the lastmods it was
 * written with: one undo step, said in a notice with its Undo.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { exportWorkspace, followExportedIndexes, w3cNow } from './workspaceExport.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const real = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../shared/fixtures/real', name));

function newStore() {
  return createAppStore({
    worker: fakeClient((bytes, name) => ({ ...parseSitemap(bytes, { fileName: name }), file: bytes })),
    now: () => Date.UTC(2024, 5, 24, 9, 30),
  });
}

async function hugo() {
  const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
  await ws.commands.open([
    { name: 'sitemap.xml', bytes: real('hugo-multilingual-index-relative.xml') },
    { name: 'sitemap.xml', bytes: real('hugo-multilingual-en-hreflang-relative.xml') },
    { name: 'sitemap.xml', bytes: real('hugo-multilingual-fr-hreflang-relative.xml') },
  ]);
  return ws;
}

describe('after a workspace export the open index has the lastmods it was written with', () => {
  it('an edited child: its index entry gets the export time, one undo step, a notice with Undo', async () => {
    const ws = await hugo();
    const [index, en] = ws.getState().files;
    en.store.commands.setCell(0, 'priority', '0.3');
    const now = Date.UTC(2024, 6, 1, 12);
    const files = exportWorkspace(ws.getState(), { publishBase: 'https://example.org/', now });
    const written = parseSitemap(files.find((f) => f.name === 'sitemap.xml')!.bytes).document.entries;
    const lastmods = () => index.store.getState().doc!.entries.map((e) => e.lastmod);
    const before = lastmods();
    expect(written.map((e) => e.lastmod)).not.toEqual(before);
    const depth = index.store.getState().history.undoDepth;

    expect(followExportedIndexes(ws.getState(), files, index.store)).toBe(1);
    // The editor now says what the file says.
    expect(lastmods()).toEqual(written.map((e) => e.lastmod));
    expect(lastmods()).toContain(w3cNow(now));
    const s = index.store.getState();
    expect(s.history.undoDepth).toBe(depth + 1);
    const notice = s.notices.at(-1)!;
    expect(notice.message).toMatch(/^Set 1 child lastmod in sitemap\.xml as exported/);
    expect(notice.undo).toBeDefined();
    // Nothing more to set: the same export again changes nothing.
    expect(followExportedIndexes(ws.getState(), files, index.store)).toBe(0);
    index.store.commands.undo();
    expect(lastmods()).toEqual(before);
  });

  it('the file shown is told too when it is not the index', async () => {
    const ws = await hugo();
    const [, en] = ws.getState().files;
    en.store.commands.setCell(0, 'priority', '0.3');
    const files = exportWorkspace(ws.getState(), { publishBase: 'https://example.org/', now: 0 });
    followExportedIndexes(ws.getState(), files, en.store);
    expect(en.store.getState().notices.at(-1)?.message).toMatch(/Undo in sitemap\.xml takes it back\.$/);
  });
});
