/**
 * The findings of reading a file survive a reload, a Recent reopen and a workspace restore
 * (session 14: a restore put the document back without them, so ENC-001, ENC-009, XML-002, a
 * partial read's ENC-004 … vanished after a reload and the export no longer warned).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { AUTOSAVE_DELAY_MS } from './autosave.ts';
import { createMemoryPersistence, type PersistenceAdapter } from './persist.ts';
import { createMemoryRecent, type RecentStore } from './recent.ts';
import { BIG_DOCUMENT } from './slices.ts';
import { createAppStore } from './store.ts';
import { fakeClient, realTimers } from './testing.ts';
import type { AppStore } from './types.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const timers = realTimers;
const NOW = Date.UTC(2026, 0, 2, 10, 30);
const enc = (s: string) => new TextEncoder().encode(s);
const newStore = () =>
  createAppStore({
    worker: fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name })),
    now: () => NOW,
    timers,
  });
const session = (storage: PersistenceAdapter, recent?: RecentStore) =>
  createWorkspaceStore({
    primary: newStore(),
    createStore: newStore,
    timers,
    now: () => NOW,
    storage,
    ...(recent ? { recent } : {}),
  });

/** A UTF-8 BOM before a declaration of ISO-8859-1 (ENC-001 error, ENC-002 note). */
const BOM_LIES = {
  name: 'bom.xml',
  bytes: new Uint8Array([
    0xef,
    0xbb,
    0xbf,
    ...enc(
      '<?xml version="1.0" encoding="ISO-8859-1"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/1</loc></url><url><loc>https://a.example/2</loc></url></urlset>',
    ),
  ]),
};
/** Not well-formed after the first entry (ENC-004 on open of the entry read before it). */
const BROKEN = {
  name: 'broken.xml',
  bytes: enc(
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://a.example/1.xml</loc></sitemap><sitemap><loc>https://a.example/2.xml</loc><lastmod>2005-01-01<</lastmod></sitemap></sitemapindex>',
  ),
};
const OTHER = {
  name: 'other.xml',
  bytes: enc(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://b.example/</loc></url></urlset>',
  ),
};

/** What the Issues panel counts, and the rules of the file's own findings. */
function findings(store: AppStore) {
  const s = store.getState();
  const v = s.validation.validator;
  const { error, warning, info } = v.counts();
  const rules = v
    .all()
    .map((i) => i.rule)
    .sort();
  return { error, warning, info, rules, partial: s.doc?.partial ?? false };
}

describe('the findings of reading a file survive a restore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after an edit and a reload, the same findings, counts and rules', async () => {
    const storage = createMemoryPersistence();
    const first = session(storage);
    await first.commands.open([BOM_LIES]);
    first.activeStore().commands.setCell(1, 'priority', '0.7');
    const before = findings(first.activeStore());
    expect(before.rules).toEqual(expect.arrayContaining(['ENC-001', 'ENC-002']));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);

    const second = session(storage);
    await second.ready;
    expect(findings(second.activeStore())).toEqual(before);
    // Saved again after the restore, and read back once more: still the same.
    second.activeStore().commands.setCell(0, 'priority', '0.8');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const third = session(storage);
    await third.ready;
    expect(findings(third.activeStore())).toEqual(findings(second.activeStore()));
  });

  it('a partial read keeps its error (and stays partial) after a reload', async () => {
    const storage = createMemoryPersistence();
    const first = session(storage);
    await first.commands.open([BROKEN]);
    const store = first.activeStore();
    expect(store.getState().loadError?.partialEntries).toBe(1);
    store.commands.openPartial();
    await vi.advanceTimersByTimeAsync(0);
    const before = findings(store);
    expect(before.partial).toBe(true);
    expect(before.error).toBeGreaterThan(0);
    store.commands.setCell(0, 'lastmod', '2024-01-01');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);

    const second = session(storage);
    await second.ready;
    expect(findings(second.activeStore())).toEqual(before);
  });

  it('a Recent reopen brings the findings back with the edits', async () => {
    const storage = createMemoryPersistence();
    const recent = createMemoryRecent();
    const ws = session(storage, recent);
    await ws.commands.open([BOM_LIES]);
    ws.activeStore().commands.setCell(1, 'priority', '0.7');
    const before = findings(ws.activeStore());
    expect(before.rules).toContain('ENC-001');
    await ws.commands.open([OTHER]);
    await ws.commands.answer('replace');
    expect(findings(ws.activeStore()).rules).not.toContain('ENC-001');
    await ws.commands.openRecent(ws.getState().recent[0].id);
    await vi.advanceTimersByTimeAsync(0);
    if (ws.getState().ask) await ws.commands.answer('replace');
    expect(ws.activeStore().getState().fileName).toBe('bom.xml');
    expect(findings(ws.activeStore())).toEqual(before);
  });

  it('an edit of the field a finding is about drops it, before and after the reload alike', async () => {
    const storage = createMemoryPersistence();
    const first = session(storage);
    const cdata = {
      name: 'cdata.xml',
      bytes: enc(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc><![CDATA[https://a.example/1]]></loc></url><url><loc><![CDATA[https://a.example/2]]></loc></url></urlset>',
      ),
    };
    await first.commands.open([cdata]);
    const store = first.activeStore();
    const opened = findings(store).info;
    expect(opened).toBeGreaterThanOrEqual(2);
    store.commands.setCell(0, 'loc', 'https://a.example/one');
    const edited = findings(store);
    expect(edited.info).toBe(opened - 1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const second = session(storage);
    await second.ready;
    expect(findings(second.activeStore())).toEqual(edited);
  });

  it(`a big document (${BIG_DOCUMENT.toLocaleString('en-US')}+ rows) gets them back after its sliced check, edits meanwhile followed`, async () => {
    const rows = BIG_DOCUMENT + 10;
    const locs = Array.from(
      { length: rows },
      (_, i) => `<url><loc><![CDATA[https://a.example/${i}]]></loc></url>`,
    );
    const big = {
      name: 'big.xml',
      bytes: enc(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`),
    };
    const storage = createMemoryPersistence();
    const first = session(storage);
    const opening = first.commands.open([big]);
    await vi.runAllTimersAsync();
    await opening;
    first.activeStore().commands.setCell(5, 'priority', '0.7');
    await vi.runAllTimersAsync();
    const before = findings(first.activeStore());
    expect(before.info).toBeGreaterThanOrEqual(rows);

    const second = session(storage);
    const ready = second.ready;
    await vi.advanceTimersByTimeAsync(0);
    await ready;
    const store = second.activeStore();
    // An edit of a field with a finding while the restored rows are still being checked.
    store.commands.setCell(0, 'loc', 'https://a.example/zero');
    await vi.runAllTimersAsync();
    expect(store.getState().validation.behind).toBeUndefined();
    const after = findings(store);
    expect(after.info).toBe(before.info - 1);
    expect(after.rules).toEqual(before.rules.slice(1));
  });
});
