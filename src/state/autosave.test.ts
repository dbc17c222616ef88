import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, HISTORY_KEPT_IN_STORAGE, trimHistory } from './autosave.ts';
import type { Patch } from './patch.ts';
import { createMemoryPersistence, type PersistenceAdapter, type Timers } from './persist.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument, makeEntry } from './testing.ts';

const timers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

function newStore(storage: PersistenceAdapter, n = 5) {
  return createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: makeDocument(n), issues: [], fatal: null })),
    now: () => Date.UTC(2026, 0, 2, 10, 30),
    storage,
    timers,
  });
}

async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

describe('autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, shortly after a burst of edits, never on the typing path', async () => {
    const storage = createMemoryPersistence();
    const store = newStore(storage);
    await settle();
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    store.commands.setCell(1, 'priority', '0.15');
    store.commands.setCell(2, 'priority', '0.25');
    store.commands.setCell(3, 'priority', '0.35');
    expect(storage.saves).toBe(0);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(storage.saves).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(storage.saves).toBe(1);
    expect(storage.saved?.doc.entries[3].priority).toBe('0.35');
    expect(storage.saved?.undo).toHaveLength(3);
    expect(storage.saved).toMatchObject({
      fileName: 'sitemap.xml',
      dirty: true,
      savedAt: Date.UTC(2026, 0, 2, 10, 30),
    });
  });

  it('restores the saved workspace on the next visit, with working undo, and says what and when', async () => {
    const storage = createMemoryPersistence();
    const first = newStore(storage);
    await settle();
    await first.commands.openFile('sitemap.xml', new Uint8Array([1]));
    first.commands.setSettings({ publishUrl: 'https://www.example.com/sitemap.xml' });
    first.commands.setCell(0, 'loc', 'https://www.example.com/new');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);

    const second = newStore(storage);
    await settle();
    const s = second.getState();
    expect(s.doc?.entries[0].loc).toBe('https://www.example.com/new');
    expect(s.settings.publishUrl).toBe('https://www.example.com/sitemap.xml');
    expect(s.restored).toEqual({
      savedAt: Date.UTC(2026, 0, 2, 10, 30),
      fileName: 'sitemap.xml',
      entries: 5,
      undoSteps: 1,
    });
    expect(s.dirty).toBe(true);
    second.commands.undo();
    expect(second.getState().doc?.entries[0].loc).toBe(makeDocument(5).entries[0].loc);
  });

  it('discard drops the restored work and the saved copy', async () => {
    const storage = createMemoryPersistence();
    const first = newStore(storage);
    await settle();
    await first.commands.openFile('sitemap.xml', new Uint8Array([1]));
    first.commands.appendUrls(['https://x.example/']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const second = newStore(storage);
    await settle();
    await second.commands.discardSaved();
    expect(second.getState().doc).toBeNull();
    expect(second.getState().restored).toBeNull();
    expect(storage.saved).toBeNull();
  });

  it('offers instead of overwriting when a document is already open, and restores on request', async () => {
    const saved = createMemoryPersistence();
    const first = newStore(saved);
    await settle();
    await first.commands.openFile('old.xml', new Uint8Array([1]));
    first.commands.setCell(0, 'priority', '0.75');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const savesBefore = saved.saves;

    let release: () => void = () => undefined;
    const slow: PersistenceAdapter = {
      load: () => new Promise((resolve) => (release = () => resolve(saved.saved))),
      save: saved.save,
      clear: saved.clear,
    };
    const second = newStore(slow, 3);
    await second.commands.openFile('new.xml', new Uint8Array([1]));
    release();
    await settle();
    expect(second.getState().savedOffer).toMatchObject({ fileName: 'old.xml', undoSteps: 1 });
    second.commands.setCell(0, 'priority', '0.2');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(saved.saves).toBe(savesBefore);
    second.commands.restoreSaved();
    expect(second.getState().fileName).toBe('old.xml');
    expect(second.getState().doc?.entries[0].priority).toBe('0.75');
    expect(second.getState().savedOffer).toBeNull();
  });

  it('reports a storage failure once and keeps working in memory', async () => {
    const failing: PersistenceAdapter = {
      load: async () => null,
      save: async () => {
        throw new Error('QuotaExceededError');
      },
      clear: async () => undefined,
    };
    const store = newStore(failing);
    await settle();
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    store.commands.setCell(0, 'priority', '0.9');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    store.commands.setCell(1, 'priority', '0.9');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const warnings = store.getState().notices.filter((n) => n.level === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/Autosave failed \(QuotaExceededError\)/);
    expect(store.getState().doc?.entries[1].priority).toBe('0.9');
    expect(store.getState().history.undoDepth).toBe(2);
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
