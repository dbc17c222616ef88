/**
 * "Edited" follows the history (session 14): at the exported (or opened) point — undone back to
 * it, or redone forward to it — the document is not edited, and that survives a reload; an
 * export is durable at once, before the debounced save.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { AUTOSAVE_DELAY_MS } from './autosave.ts';
import { MAX_HISTORY } from './history.ts';
import { createMemoryPersistence, type PersistenceAdapter } from './persist.ts';
import { createAppStore } from './store.ts';
import { fakeClient, realTimers } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const timers = realTimers;
const NOW = Date.UTC(2026, 0, 2, 10, 30);
const enc = (s: string) => new TextEncoder().encode(s);
const newStore = () =>
  createAppStore({
    worker: fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name })),
    now: () => NOW,
  });
const session = (storage: PersistenceAdapter) =>
  createWorkspaceStore({ primary: newStore(), createStore: newStore, timers, now: () => NOW, storage });
const A = {
  name: 'a.xml',
  bytes: enc(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/1</loc></url><url><loc>https://a.example/2</loc></url></urlset>',
  ),
};
const B = {
  name: 'b.xml',
  bytes: enc(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/3</loc></url></urlset>',
  ),
};

describe('the document is edited only away from the exported point', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('undoing every edit is unedited again; redoing one is edited', async () => {
    const store = newStore();
    await store.commands.openFile('a.xml', A.bytes);
    const c = store.commands;
    c.setCell(0, 'priority', '0.1');
    c.setCell(1, 'priority', '0.2');
    expect(store.getState().dirty).toBe(true);
    c.undo();
    expect(store.getState().dirty).toBe(true);
    c.undo();
    expect(store.getState().dirty).toBe(false);
    c.redo();
    expect(store.getState().dirty).toBe(true);
  });

  it('the exported point is clean from either side; an edit after undoing past it loses it', async () => {
    const store = newStore();
    await store.commands.openFile('a.xml', A.bytes);
    const c = store.commands;
    c.setCell(0, 'priority', '0.1');
    c.markExported();
    expect(store.getState().dirty).toBe(false);
    c.setCell(1, 'priority', '0.2');
    expect(store.getState().dirty).toBe(true);
    c.undo();
    expect(store.getState().dirty).toBe(false);
    c.undo();
    expect(store.getState().dirty).toBe(true);
    c.redo();
    expect(store.getState().dirty).toBe(false);
    // Undone past the export, then a new edit: no step leads back to the exported document.
    c.undo();
    c.setCell(1, 'priority', '0.3');
    c.undo();
    expect(store.getState().dirty).toBe(true);
  });

  it('an opened point dropped off the undo stack (its budget) is not claimed by the oldest step kept', async () => {
    const store = newStore();
    await store.commands.openFile('a.xml', A.bytes);
    const c = store.commands;
    for (let i = 0; i <= MAX_HISTORY; i++) c.setCell(0, 'priority', i % 2 ? '0.2' : '0.1');
    expect(store.getState().history.undoDepth).toBe(MAX_HISTORY);
    for (let i = 0; i < MAX_HISTORY; i++) c.undo();
    expect(store.getState().history.canUndo).toBe(false);
    expect(store.getState().doc?.entries[0].priority).toBe('0.1');
    expect(store.getState().dirty).toBe(true);
  });

  it('the exported point survives a reload: undo there after it is unedited', async () => {
    const storage = createMemoryPersistence();
    const first = session(storage);
    await first.commands.open([A]);
    const c = first.activeStore().commands;
    c.setCell(0, 'priority', '0.1');
    c.markExported();
    c.setCell(1, 'priority', '0.2');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const second = session(storage);
    await second.ready;
    const store = second.activeStore();
    expect(store.getState().dirty).toBe(true);
    store.commands.undo();
    expect(store.getState().dirty).toBe(false);
    expect(second.unexported()).toEqual([]);
  });

  it('an export is durable at once: a reload before the next save does not bring back "edited"', async () => {
    const storage = createMemoryPersistence();
    const first = session(storage);
    await first.commands.open([A, B]);
    const [a, b] = first.getState().files;
    a.store.commands.setCell(0, 'priority', '0.1');
    b.store.commands.setCell(0, 'priority', '0.4');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const saves = storage.saves;
    a.store.commands.markExported();
    await vi.advanceTimersByTimeAsync(0);
    // No save of the session yet (the debounced one is still pending).
    expect(storage.saves).toBe(saves);
    const second = session(storage);
    await second.ready;
    const [a2, b2] = second.getState().files;
    expect(a2.store.getState().dirty).toBe(false);
    expect(b2.store.getState().dirty).toBe(true);
    expect(second.unexported()).toEqual(['b.xml']);
    // The exported file is clean at the top of its history: undo makes it edited.
    a2.store.commands.undo();
    expect(a2.store.getState().dirty).toBe(true);
  });
});
