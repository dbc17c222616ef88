import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { stepsText } from './history.ts';
import type { SavedSession } from './persist.ts';
import {
  createMemoryRecent,
  planRecent,
  RECENT_MAX,
  RECENT_MAX_URLS,
  type RecentStore,
  recentEntryOf,
} from './recent.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const session = (name: string, urls: number, savedAt: number): SavedSession => ({
  format: 2,
  savedAt,
  active: 0,
  files: [
    {
      fileName: name,
      doc: { ...makeDocument(0), entries: new Array(urls) },
      settings: { publishUrl: '', crossSubmission: false },
      undo: [],
      redo: [],
      dirty: true,
    },
  ],
});

describe('recentEntryOf', () => {
  it('counts page URLs apart from the sitemaps an index lists', () => {
    const s = session('sitemap.xml', 2, 0);
    s.files[0].doc.kind = 'sitemapindex';
    s.files.push({ ...session('a.xml', 5, 0).files[0] }, { ...session('b.xml', 3, 0).files[0] });
    expect(recentEntryOf(s, 1, 0)).toMatchObject({ urls: 8, sitemaps: 2 });
  });
});

describe('Recent and the Replace prompt count edits and settings changes apart', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const newStore = () =>
    createAppStore({ worker: fakeClient((b, n) => parseSitemap(b, { fileName: n })), now: () => 0 });
  const a = {
    name: 'a.xml',
    bytes: enc(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/1</loc></url><url><loc>https://a.example/2</loc></url></urlset>',
    ),
  };
  const other = { name: 'c.xml', bytes: enc('https://c.example/\n') };

  it('an edit and a publish URL are "1 edit and a settings change", in the prompt and in Recent', async () => {
    const ws = createWorkspaceStore({
      primary: newStore(),
      createStore: newStore,
      recent: createMemoryRecent(),
      now: () => 7,
    });
    await ws.commands.open([a]);
    const c = ws.getState().files[0].store.commands;
    c.setCell(0, 'priority', '0.4');
    c.setSettings({ publishUrl: 'https://a.example/sitemap.xml' });
    await ws.commands.open([other]);
    const lost = ws.getState().ask?.lost ?? [];
    expect(lost).toEqual([{ name: 'a.xml', edits: 1, settings: 1 }]);
    expect(stepsText(lost[0])).toBe('1 edit and a settings change');
    await ws.commands.answer('replace');
    const [entry] = ws.getState().recent;
    expect([entry.edits, entry.settings]).toEqual([1, 1]);
    expect(ws.getState().notices.at(-1)?.message).toMatch(
      /It is in Recent, with its edits and settings changes\.$/,
    );
  });

  it('the prompt counts what was done since the export: edits exported before are not "not exported"', async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore, now: () => 7 });
    await ws.commands.open([a]);
    const c = ws.getState().files[0].store.commands;
    c.setCell(0, 'priority', '0.4');
    c.setCell(1, 'priority', '0.5');
    c.markExported();
    c.setCell(0, 'priority', '0.6');
    await ws.commands.open([other]);
    expect(ws.getState().ask?.lost).toEqual([{ name: 'a.xml', edits: 1, settings: 0 }]);
  });

  it('words: edits, settings changes, both, none', () => {
    expect(stepsText({ edits: 3, settings: 0 })).toBe('3 edits');
    expect(stepsText({ edits: 1, settings: 0 })).toBe('1 edit');
    expect(stepsText({ edits: 0, settings: 1 })).toBe('a settings change');
    expect(stepsText({ edits: 0, settings: 2 })).toBe('2 settings changes');
    expect(stepsText({ edits: 2, settings: 3 })).toBe('2 edits and 3 settings changes');
    expect(stepsText({ edits: 0, settings: 0 })).toBe('');
  });
});

describe('planRecent', () => {
  it('keeps the newest first and evicts the oldest beyond the count', () => {
    let list = planRecent([], session('s0.xml', 5, 0)).list!;
    for (let i = 1; i < RECENT_MAX; i++) list = planRecent(list, session(`s${i}.xml`, 5, i)).list!;
    expect(list).toHaveLength(RECENT_MAX);
    const plan = planRecent(list, session('new.xml', 5, 100));
    expect(plan.evicted.map((e) => e.files)).toEqual([['s0.xml']]);
    expect(plan.list?.map((e) => e.files[0]).slice(0, 2)).toEqual(['new.xml', `s${RECENT_MAX - 1}.xml`]);
    // The evicted session's slot is not reused: a replace that does not happen puts it back.
    expect(plan.slot).not.toBe(plan.evicted[0].slot);
    expect(new Set(plan.list?.map((e) => e.slot)).size).toBe(RECENT_MAX);
  });

  it('evicts for size too, and does not keep a session bigger than the bound', () => {
    const big = planRecent([], session('big.xml', RECENT_MAX_URLS - 10, 0)).list!;
    const plan = planRecent(big, session('small.xml', 20, 1));
    expect(plan.evicted.map((e) => e.files[0])).toEqual(['big.xml']);
    expect(planRecent([], session('huge.xml', RECENT_MAX_URLS + 1, 0)).list).toBeNull();
  });
});

describe('Recent through the session', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const file = (name: string, loc: string) => ({
    name,
    bytes: enc(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${loc}</loc></url></urlset>`,
    ),
  });
  const newStore = () =>
    createAppStore({ worker: fakeClient((b, n) => parseSitemap(b, { fileName: n })), now: () => 0 });

  it('a confirmed Replace puts the edited session in Recent; opening it brings the edits back', async () => {
    const recent = createMemoryRecent();
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore, recent, now: () => 7 });
    await ws.commands.open([file('a.xml', 'https://a.example/1'), file('b.xml', 'https://a.example/2')]);
    ws.getState().files[1].store.commands.setCell(0, 'priority', '0.4');
    await ws.commands.open([file('c.xml', 'https://c.example/')]);
    await ws.commands.answer('replace');
    expect(ws.getState().recent.map((e) => [e.files, e.urls, e.edits])).toEqual([[['a.xml', 'b.xml'], 2, 1]]);
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Opened c.xml. Closed a.xml and b.xml; the edits in b.xml were not exported. The workspace (2 files) is in Recent, with its edits.',
    );
    // c.xml is unedited: it opens from Recent without asking, and is not kept itself.
    await ws.commands.openRecent(ws.getState().recent[0].id);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['a.xml', 'b.xml']);
    expect(ws.getState().files[1].store.getState().doc?.entries[0].priority).toBe('0.4');
    expect(ws.getState().files[1].store.getState().history.undoDepth).toBe(1);
    // One verb: reopened (not "Reopened from Recent: Opened …").
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Reopened 2 files as one workspace from Recent: a.xml and b.xml. Closed c.xml (no unexported edits).',
    );
    expect(ws.getState().recent).toEqual([]);
    expect(recent.slots.size).toBe(0);
    // Closing the workspace keeps it in Recent too.
    await ws.commands.close();
    expect(ws.getState().files.map((f) => f.name)).toEqual(['a.xml']);
    expect(ws.getState().recent.map((e) => e.files)).toEqual([['a.xml', 'b.xml']]);
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Closed b.xml; a.xml stays open. The edits in b.xml were not exported. The workspace (2 files) is in Recent, with its edits.',
    );
  });

  it('the Replace prompt says the edits go to Recent only when Recent can take them', async () => {
    const edited = async (recent: RecentStore | undefined) => {
      const ws = createWorkspaceStore({
        primary: newStore(),
        createStore: newStore,
        now: () => 7,
        ...(recent ? { recent } : {}),
      });
      await ws.commands.open([file('a.xml', 'https://a.example/1')]);
      ws.primary.commands.setCell(0, 'priority', '0.4');
      await ws.commands.open([file('c.xml', 'https://c.example/')]);
      return ws;
    };
    expect((await edited(createMemoryRecent())).getState().ask?.keptInRecent).toBe(true);
    // No Recent (no IndexedDB), or one that does not answer (a private window): the edits are lost.
    expect((await edited(undefined)).getState().ask?.keptInRecent).toBe(false);
    const broken: RecentStore = { ...createMemoryRecent(), list: () => Promise.reject(new Error('denied')) };
    expect((await edited(broken)).getState().ask?.keptInRecent).toBe(false);
    // Recent answers but cannot store the session: nothing is replaced, and the prompt asks again, now saying so.
    const full: RecentStore = { ...createMemoryRecent(), write: () => Promise.reject(new Error('quota')) };
    const ws = await edited(full);
    expect(ws.getState().ask?.keptInRecent).toBe(true);
    expect((await ws.commands.answer('replace')).mode).toBe('asked');
    expect(ws.getState().ask).toMatchObject({ lost: [{ name: 'a.xml', edits: 1 }], keptInRecent: false });
    expect(ws.primary.getState().doc?.entries[0].priority).toBe('0.4');
    expect((await ws.commands.answer('replace')).mode).toBe('single');
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Opened c.xml. Closed a.xml; the edits in a.xml were not exported. They are gone.',
    );
  });
});
