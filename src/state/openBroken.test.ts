import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { createMemoryPersistence } from './persist.ts';
import { createMemoryRecent } from './recent.ts';
import { createAppStore } from './store.ts';
import { fakeClient, realTimers } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const NOW = Date.UTC(2026, 0, 2, 10, 30);
const newStore = () =>
  createAppStore({ worker: fakeClient((b, n) => parseSitemap(b, { fileName: n })), now: () => NOW });
const urlset = (...locs: string[]) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n')}\n</urlset>`;
const OK = { name: 'post-ok.xml', bytes: enc(urlset('https://a.example/1', 'https://a.example/2')) };
// Cut off inside the second entry's end tag: line 3, column 30.
const CUT = {
  name: 'truncated.xml',
  bytes: enc(urlset('https://b.example/1', 'https://b.example/2').slice(0, 120)),
};
const OTHER = { name: 'other.xml', bytes: enc(urlset('https://c.example/1')) };

function session() {
  const storage = createMemoryPersistence();
  const recent = createMemoryRecent();
  const ws = createWorkspaceStore({
    primary: newStore(),
    createStore: newStore,
    timers: realTimers,
    now: () => NOW,
    storage,
    recent,
  });
  return { ws, storage, recent };
}

describe('a file that does not read never takes the place of the open document', () => {
  it('Replace with a broken file keeps the edited document: name, content, history, autosave, Recent', async () => {
    const { ws, storage, recent } = session();
    await ws.commands.open([OK]);
    const store = ws.activeStore();
    store.commands.setCell(0, 'lastmod', '2024-06-01');
    const doc = store.getState().doc;
    await ws.commands.open([CUT]);
    expect(ws.getState().ask?.incoming).toEqual(['truncated.xml']);
    await ws.commands.answer('replace');

    const s = ws.getState();
    expect(s.files.map((f) => f.name)).toEqual(['post-ok.xml']);
    expect(ws.activeStore()).toBe(store);
    const after = store.getState();
    expect(after.doc).toBe(doc);
    expect(after.fileName).toBe('post-ok.xml');
    expect(after.history.undoDepth).toBe(1);
    expect(after.dirty).toBe(true);
    // No error card over the document: the error is a notice saying what, where and which rule.
    expect(after.loadError).toBeNull();
    expect(s.notices.at(-1)).toMatchObject({ level: 'error' });
    expect(s.notices.at(-1)?.message).toMatch(
      /^Could not open truncated\.xml: .+ at line 3, column \d+ \(ENC-004\)\./,
    );
    expect(s.notices.at(-1)?.message).toContain('Nothing was replaced: post-ok.xml is open as it was.');
    expect(s.notices.some((n) => /Closed post-ok/.test(n.message))).toBe(false);
    // Nothing was put aside: it is still open.
    expect(s.recent).toEqual([]);
    expect(await recent.list()).toEqual([]);
    expect(recent.slots.size).toBe(0);
    // The autosave keeps post-ok.xml under its own name with its edit.
    await ws.commands.flush();
    await new Promise((r) => setTimeout(r, 1100));
    await ws.commands.flush();
    expect(storage.saved?.files.map((f) => f.fileName)).toEqual(['post-ok.xml']);
    expect(storage.saved?.files[0].doc.entries[0].lastmod).toBe('2024-06-01');
    expect(storage.saved?.files[0].undo).toHaveLength(1);
  });

  it('an unedited document is not replaced by a broken file either (no question asked)', async () => {
    const { ws } = session();
    await ws.commands.open([OK]);
    const doc = ws.activeStore().getState().doc;
    await ws.commands.open([CUT]);
    expect(ws.getState().ask).toBeNull();
    expect(ws.getState().files.map((f) => f.name)).toEqual(['post-ok.xml']);
    expect(ws.activeStore().getState().doc).toBe(doc);
    expect(ws.activeStore().getState().loadError).toBeNull();
  });

  it('with nothing open, the broken file shows its error card (the entries before the error can be opened)', async () => {
    const { ws } = session();
    await ws.commands.open([CUT]);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['truncated.xml']);
    expect(ws.activeStore().getState().loadError).toMatchObject({
      fileName: 'truncated.xml',
      partialEntries: 1,
      error: { line: 3, rule: 'ENC-004' },
    });
  });

  it('a Replace by several files where the first is broken: the others open, the broken one in its own file', async () => {
    const { ws } = session();
    await ws.commands.open([OK]);
    const store = ws.activeStore();
    store.commands.setCell(0, 'lastmod', '2024-06-01');
    await ws.commands.open([CUT, OTHER]);
    await ws.commands.answer('replace');
    const s = ws.getState();
    expect(s.files.map((f) => f.name)).toEqual(['truncated.xml', 'other.xml']);
    // The store that held post-ok.xml is no file of the new session: post-ok.xml is in Recent.
    expect(s.files.some((f) => f.store === store)).toBe(false);
    expect(s.files[0].store.getState()).toMatchObject({
      doc: null,
      loadError: { fileName: 'truncated.xml' },
    });
    expect(s.recent.map((e) => e.files)).toEqual([['post-ok.xml']]);
  });
});
