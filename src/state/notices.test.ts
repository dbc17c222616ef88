import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { Validator } from '../core/validate.ts';
import { fixAllReport } from './fixCommands.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const newStore = () =>
  createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: makeDocument(2), issues: [], fatal: null })),
    now: () => 0,
  });

describe('notices: one list in the store', () => {
  it('shows a notice from the UI and dismisses it, without touching the history', () => {
    const store = newStore();
    store.commands.notify('info', 'Exported 2 rows to sitemap.csv.');
    const [notice] = store.getState().notices;
    expect(notice).toMatchObject({ level: 'info', message: 'Exported 2 rows to sitemap.csv.' });
    expect(store.getState().history.canUndo).toBe(false);
    store.commands.dismissNotice(notice.id);
    expect(store.getState().notices).toEqual([]);
  });

  it('keeps only the latest notices', () => {
    const store = newStore();
    for (let i = 0; i < 15; i++) store.commands.notify('info', `n${i}`);
    const shown = store.getState().notices.map((n) => n.message);
    expect(shown.length).toBeLessThan(15);
    expect(shown.at(-1)).toBe('n14');
  });
});

describe('notices: calm', () => {
  it('a step report replaces the earlier ones (they are in the undo history); other notices stay', async () => {
    const base = makeDocument(6);
    const doc = {
      ...base,
      entries: base.entries.map((e, i) =>
        i === 0
          ? { ...e, priority: '0,5' }
          : i === 1
            ? { ...e, changefreq: 'Weekly' }
            : i === 2
              ? { ...e, lastmod: '2024-1-5' }
              : e,
      ),
    };
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 1_700_000_000_000,
      createValidator: (settings) => new Validator(settings),
    });
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    store.commands.notify('info', 'Opened sitemap.xml.');
    expect(store.commands.fixAll('PRIO-001')).toBe(1);
    expect(store.commands.fixAll('CF-001')).toBe(1);
    expect(store.getState().history.undoDepth).toBe(2);
    const shown = store.getState().notices;
    expect(shown.map((n) => n.message)).toEqual(['Opened sitemap.xml.', 'Fixed 1 URL (CF-001).']);
    expect(shown[1].undo).toBeDefined();
  });

  it('a step report goes once its step is undone: it no longer says what happened (session 19)', async () => {
    const base = makeDocument(4);
    const doc = { ...base, entries: base.entries.map((e, i) => (i === 0 ? { ...e, priority: '0,5' } : e)) };
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 1_700_000_000_000,
      createValidator: (settings) => new Validator(settings),
    });
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    store.commands.notify('info', 'Opened sitemap.xml.');
    expect(store.commands.fixAll('PRIO-001')).toBe(1);
    store.commands.deleteRows([3]);
    const messages = () => store.getState().notices.map((n) => n.message);
    expect(messages()).toEqual(['Opened sitemap.xml.', 'Deleted 1 URL.']);
    store.commands.undo();
    // "Deleted 1 URL." was taken back: the notice does not stay to say it.
    expect(messages()).toEqual(['Opened sitemap.xml.']);
    store.commands.redo();
    expect(messages()).toEqual(['Opened sitemap.xml.']);
  });

  it('a Fix all report counts what is left in words that agree', () => {
    const plan = { result: {}, rows: 1, removed: 0, cannot: 1, needs: {} };
    expect(fixAllReport('CF-001', 2, plan)).toBe(
      'Fixed 2 URLs (CF-001). 1 left: 1 URL has no safe automatic correction: edit it by hand.',
    );
    expect(fixAllReport('CF-001', 2, { ...plan, cannot: 3 })).toBe(
      'Fixed 2 URLs (CF-001). 3 left: 3 URLs have no safe automatic correction: edit them by hand.',
    );
  });
});

describe('notices: scoped to the document or session they talk about', () => {
  const parsing = () => fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name }));
  const urlset = (...locs: string[]) =>
    new TextEncoder().encode(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
    );
  const store = () => createAppStore({ worker: parsing(), now: () => 0 });

  it('a file opened in place of another drops the notices about the replaced one, and keeps the new ones', async () => {
    const s = store();
    await s.commands.openFile('a.xml', urlset('https://a.example/1'));
    s.commands.notify('info', 'Fixed 3 entries.');
    s.commands.notify('error', 'Export failed: disk full');
    s.commands.setSettings({ publishUrl: 'https://a.example/sitemap.xml' });
    await s.commands.openFile('b.xml', urlset('https://b.example/1'));
    // Only the notice the open itself gave (another site: its publish URL was cleared).
    expect(s.getState().notices.map((n) => n.message)).toEqual([expect.stringContaining('publish URL')]);
    s.commands.notify('info', 'Exported b.xml.');
    expect(
      s
        .getState()
        .notices.map((n) => n.message)
        .at(-1),
    ).toBe('Exported b.xml.');
  });

  it('a session replaced drops the notices about the files it closed; autosave-style tab notices stay', async () => {
    const ws = createWorkspaceStore({ primary: store(), createStore: store });
    await ws.commands.open([{ name: 'a.xml', bytes: urlset('https://a.example/1') }]);
    await ws.commands.open([{ name: 'b.xml', bytes: urlset('https://a.example/2') }], 'add');
    expect(ws.getState().notices.map((n) => n.message)).toContain(
      'Added b.xml to the workspace (2 files open).',
    );
    ws.commands.separateCopy();
    await ws.commands.open([{ name: 'c.xml', bytes: urlset('https://a.example/3') }]);
    await ws.commands.answer('replace');
    expect(ws.getState().notices.map((n) => n.message)).toEqual([
      'This tab works on a separate copy: it is not autosaved. Export to keep it.',
      'Opened c.xml. Closed a.xml and b.xml (no unexported edits).',
    ]);
  });
});
