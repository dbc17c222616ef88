import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { AUTOSAVE_DELAY_MS, createSessionSaver, HISTORY_KEPT_IN_STORAGE, trimHistory } from './autosave.ts';
import type { Patch } from './patch.ts';
import {
  createMemoryPersistence,
  type PersistenceAdapter,
  type SavedWorkspaceV1,
  type Timers,
} from './persist.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument, makeEntry, realTimers } from './testing.ts';
import { createWorkspaceStore, type SessionLock } from './workspaceStore.ts';

const timers: Timers = realTimers;
const enc = (s: string) => new TextEncoder().encode(s);
const NOW = Date.UTC(2026, 0, 2, 10, 30);

function newStore() {
  return createAppStore({
    worker: fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name })),
    now: () => NOW,
  });
}

function session(storage: PersistenceAdapter, lock?: SessionLock) {
  return createWorkspaceStore({
    primary: newStore(),
    createStore: newStore,
    timers,
    now: () => NOW,
    storage,
    ...(lock ? { lock } : {}),
  });
}

const urlset = (...locs: string[]) =>
  enc(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
  );
const INDEX = {
  name: 'sitemap.xml',
  bytes: enc(
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://a.example/a.xml</loc></sitemap><sitemap><loc>https://a.example/b.xml</loc></sitemap></sitemapindex>',
  ),
};
const A = { name: 'a.xml', bytes: urlset('https://a.example/1', 'https://a.example/2') };
const B = { name: 'b.xml', bytes: urlset('https://a.example/3', 'https://a.example/4') };

describe('autosave of the whole session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, shortly after a burst of edits, never on the typing path', async () => {
    const storage = createMemoryPersistence();
    const ws = session(storage);
    await ws.commands.open([A]);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const saves = storage.saves;
    const c = ws.activeStore().commands;
    c.setCell(0, 'priority', '0.15');
    c.setCell(1, 'priority', '0.25');
    expect(storage.saves).toBe(saves);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(storage.saves).toBe(saves);
    await vi.advanceTimersByTimeAsync(1);
    expect(storage.saves).toBe(saves + 1);
    expect(storage.saved?.files[0].doc.entries[1].priority).toBe('0.25');
    expect(storage.saved?.files[0].undo).toHaveLength(2);
    expect(storage.saved).toMatchObject({ savedAt: NOW, active: 0 });
  });

  it('restores every file of a workspace with its edits, history and the active file', async () => {
    const storage = createMemoryPersistence();
    const first = session(storage);
    await first.commands.open([INDEX, A, B]);
    const [, a, b] = first.getState().files;
    a.store.commands.setCell(0, 'priority', '0.1');
    b.store.commands.setCell(1, 'priority', '0.9');
    b.store.commands.setSettings({ publishUrl: 'https://a.example/sitemap.xml' });
    first.commands.setActive(b.id);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);

    const second = session(storage);
    await second.ready;
    const s = second.getState();
    expect(s.files.map((f) => f.name)).toEqual(['sitemap.xml', 'a.xml', 'b.xml']);
    expect(second.activeStore()).toBe(s.files[2].store);
    expect(s.files[1].store.getState().doc?.entries[0].priority).toBe('0.1');
    expect(s.files[2].store.getState().doc?.entries[1].priority).toBe('0.9');
    expect(s.files[2].store.getState().dirty).toBe(true);
    expect(s.model?.files.map((f) => f.role)).toEqual(['index', 'child', 'child']);
    expect(s.restored).toEqual({
      savedAt: NOW,
      files: ['sitemap.xml', 'a.xml', 'b.xml'],
      urls: 4,
      sitemaps: 2,
      // The publish URL is a step too.
      undoSteps: 3,
    });
    s.files[1].store.commands.undo();
    expect(s.files[1].store.getState().doc?.entries[0].priority).toBeUndefined();
    expect(s.files[2].store.getState().settings.publishUrl).toBe('https://a.example/sitemap.xml');
    s.files[2].store.commands.undo();
    expect(s.files[2].store.getState().settings.publishUrl).toBe('');
    expect(s.files[2].store.getState().doc?.entries[1].priority).toBe('0.9');
  });

  it("restores a store saved in today's format 1 (one document)", async () => {
    const v1: SavedWorkspaceV1 = {
      format: 1,
      savedAt: NOW,
      fileName: 'old.xml',
      doc: makeDocument(5),
      settings: { publishUrl: 'https://www.example.com/sitemap.xml', crossSubmission: false },
      undo: [],
      redo: [],
      dirty: true,
    };
    const ws = session(createMemoryPersistence(v1));
    await ws.ready;
    const s = ws.activeStore().getState();
    expect(s.fileName).toBe('old.xml');
    expect(s.doc?.entries).toEqual(makeDocument(5).entries);
    expect(s.settings.publishUrl).toBe('https://www.example.com/sitemap.xml');
    expect(s.dirty).toBe(true);
    expect(ws.getState().files).toHaveLength(1);
  });

  it('discard closes everything and deletes the saved session', async () => {
    const storage = createMemoryPersistence();
    const first = session(storage);
    await first.commands.open([A]);
    first.activeStore().commands.appendUrls(['https://x.example/']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const second = session(storage);
    await second.ready;
    await second.commands.discardSaved();
    expect(second.activeStore().getState().doc).toBeNull();
    expect(second.getState().files).toEqual([]);
    expect(second.getState().restored).toBeNull();
    expect(storage.saved).toBeNull();
  });

  it('reports a storage failure once and keeps working in memory', async () => {
    const failing: PersistenceAdapter = {
      load: async () => null,
      save: async () => {
        throw new Error('QuotaExceededError');
      },
      clear: async () => undefined,
    };
    const ws = session(failing);
    await ws.commands.open([A]);
    ws.activeStore().commands.setCell(0, 'priority', '0.9');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    ws.activeStore().commands.setCell(1, 'priority', '0.9');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const warnings = ws.getState().notices.filter((n) => n.level === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/Autosave failed \(QuotaExceededError\)/);
    expect(ws.activeStore().getState().history.undoDepth).toBe(2);
  });

  it('a second tab neither restores nor saves until it takes over; the first then stops saving', async () => {
    const storage = createMemoryPersistence();
    let owner: { lost(): void } | null = null;
    const lock = (): SessionLock => ({
      async acquire(steal, onLost) {
        if (owner && !steal) return false;
        owner?.lost();
        owner = { lost: onLost };
        return true;
      },
    });
    const a = session(storage, lock());
    await a.commands.open([A]);
    a.activeStore().commands.setCell(0, 'priority', '0.5');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const b = session(storage, lock());
    await b.ready;
    expect(b.getState().otherTab).toBe('waiting');
    expect(b.getState().files).toEqual([]);
    b.commands.separateCopy();
    await b.commands.open([B]);
    b.activeStore().commands.setCell(0, 'priority', '0.7');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(storage.saved?.files.map((f) => f.fileName)).toEqual(['a.xml']);
    a.activeStore().commands.setCell(1, 'priority', '0.6');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(storage.saved?.files[0].doc.entries[1].priority).toBe('0.6');

    const c = session(storage, lock());
    await c.ready;
    await c.commands.takeOver();
    expect(a.getState().otherTab).toBe('lost');
    expect(c.activeStore().getState().doc?.entries[1].priority).toBe('0.6');
    a.activeStore().commands.setCell(0, 'priority', '0.0');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(storage.saved?.files[0].doc.entries[0].priority).toBe('0.5');
  });
});

describe('autosave waits for an idle period', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function idleSaver() {
    const storage = createMemoryPersistence();
    const idle: Array<() => void> = [];
    const saver = createSessionSaver({
      storage,
      timers: { ...timers, whenIdle: (fn) => idle.push(fn) },
      snapshot: () => ({ format: 2, savedAt: NOW, active: 0, files: [] }),
      report: () => undefined,
    });
    const runIdle = async () => {
      for (const fn of idle.splice(0)) fn();
      await vi.advanceTimersByTimeAsync(0);
    };
    saver.resume();
    return { storage, saver, runIdle };
  }

  it('starts a save only once the page is idle, after the debounce', async () => {
    const { storage, saver, runIdle } = idleSaver();
    saver.schedule();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 10);
    expect(storage.saves).toBe(0);
    await runIdle();
    expect(storage.saves).toBe(1);
  });

  it('a pause while waiting drops the save; a flush saves at once and only once', async () => {
    const { storage, saver, runIdle } = idleSaver();
    saver.schedule();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    saver.pause();
    await runIdle();
    expect(storage.saves).toBe(0);
    saver.resume();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await saver.flush();
    expect(storage.saves).toBe(1);
    await runIdle();
    expect(storage.saves).toBe(1);
  });
});

describe('trimHistory', () => {
  const step = (n: number): Patch => ({
    label: `step ${n}`,
    added: [],
    updated: Array.from({ length: n }, (_, i) => [makeEntry(i), makeEntry(i, { priority: '0.1' })]),
    removed: [],
  });

  it('keeps the newest steps within the count cap', () => {
    const stack = Array.from({ length: HISTORY_KEPT_IN_STORAGE + 10 }, () => step(1));
    const kept = trimHistory(stack);
    expect(kept).toHaveLength(HISTORY_KEPT_IN_STORAGE);
    expect(kept.at(-1)).toBe(stack.at(-1));
  });

  it('drops old steps that would make the save too big', () => {
    const kept = trimHistory([step(90_000), step(50_000), step(10)]);
    expect(kept.map((p) => p.label)).toEqual(['step 50000', 'step 10']);
  });
});
