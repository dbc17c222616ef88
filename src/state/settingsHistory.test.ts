/**
 * Session 15: a settings change is a document edit with one path, command → patch → store →
 * history. A setting given on the way to a fix (LOC-001 asks for the publish URL) is an undo step:
 * Undo and Redo bring the setting back with its findings, the notice's Undo is that step's, the
 * edited point stays where the file's entries are, and autosave keeps the step.
 */
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { createMemoryPersistence } from './persist.ts';
import { createAppStore } from './store.ts';
import { fakeClient, findingLines, makeEntry } from './testing.ts';
import type { AppStore } from './types.ts';

const NOW = Date.UTC(2026, 0, 15);
const URL_ = 'https://a.example/sitemap.xml';
/** A publish URL on another host: HOST-001 on the absolute loc. */
const ELSEWHERE = 'https://shop.example.org/sitemap.xml';

/** Two relative locs (LOC-001, fixable once the publish URL is known) and an absolute one. */
const doc = (): SitemapDocument => ({
  kind: 'urlset',
  entries: [
    makeEntry(0, { loc: '/about' }),
    makeEntry(1, { loc: 'https://a.example/' }),
    makeEntry(2, { loc: '/blog/' }),
  ],
  nextId: 3,
});

async function storeWith(d: SitemapDocument): Promise<AppStore> {
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: d, issues: [], fatal: null })),
    now: () => NOW,
  });
  await store.commands.openFile('s.xml', new Uint8Array());
  return store;
}

const findings = (store: AppStore) =>
  findingLines(store.getState().validation.validator, store.getState().doc?.entries ?? []);
const locs = (store: AppStore) => store.getState().doc!.entries.map((e) => e.loc);

describe('a setting given on the way to a fix is a history step', () => {
  it('fix sets the publish URL → undo: the setting and the findings are the old ones; redo: again', async () => {
    const store = await storeWith(doc());
    const c = store.commands;
    const before = findings(store);
    expect(before.filter((f) => f.includes('LOC-001'))).toHaveLength(2);
    expect(c.fixAllOutlook('LOC-001')).toBe('needs');

    // What the Issues panel does: the publish URL asked for in place, then Fix all.
    c.setSettings({ publishUrl: URL_ }, true);
    const set = findings(store);
    expect(c.fixAll('LOC-001')).toBe(2);
    const fixed = findings(store);
    expect(locs(store)).toEqual(['https://a.example/about', 'https://a.example/', 'https://a.example/blog/']);
    expect(fixed.filter((f) => f.includes('LOC-001'))).toEqual([]);

    c.undo();
    expect(locs(store)).toEqual(['/about', 'https://a.example/', '/blog/']);
    expect(store.getState().settings.publishUrl).toBe(URL_);
    expect(findings(store)).toEqual(set);
    c.undo();
    expect(store.getState().settings.publishUrl).toBe('');
    expect(findings(store)).toEqual(before);
    expect(store.getState().history).toMatchObject({ canUndo: false, redoLabel: 'Set publish URL' });

    c.redo();
    expect(store.getState().settings.publishUrl).toBe(URL_);
    expect(findings(store)).toEqual(set);
    c.redo();
    expect(findings(store)).toEqual(fixed);
    expect(locs(store)[0]).toBe('https://a.example/about');
  });

  it("the fix's notice offers the normal Undo: the step's, and Redo brings the setting back", async () => {
    const store = await storeWith(doc());
    const c = store.commands;
    c.setSettings({ publishUrl: URL_ }, true);
    const notice = store.getState().notices.at(-1)!;
    expect(notice.message).toBe(`Publish URL set to ${URL_}.`);
    expect(notice.undo).toEqual({ step: expect.anything() });
    c.undoNotice(notice.id);
    expect(store.getState().settings.publishUrl).toBe('');
    expect(store.getState().notices.find((n) => n.id === notice.id)).toBeUndefined();
    c.redo();
    expect(store.getState().settings.publishUrl).toBe(URL_);
    // Once another step is on top, the notice's Undo is gone (as for every step's notice).
    c.setSettings({ dateOrder: 'dmy' }, true);
    const order = store.getState().notices.at(-1)!;
    expect(order.message).toBe('Read dates as day/month.');
    c.setCell(1, 'priority', '0.4');
    expect(store.getState().notices.find((n) => n.id === order.id)?.undo).toBeUndefined();
  });

  it('settings set to what they are record nothing; every settings field is one labelled step', async () => {
    const store = await storeWith(doc());
    const c = store.commands;
    c.setSettings({ publishUrl: '', crossSubmission: false });
    expect(store.getState().history.canUndo).toBe(false);
    const labels: string[] = [];
    for (const partial of [
      { crossSubmission: true },
      { profile: 'strict' as const },
      { dateOrder: 'mdy' as const },
      { dateOrder: undefined },
      { publishUrl: URL_ },
      { publishUrl: '' },
    ]) {
      c.setSettings(partial);
      labels.push(store.getState().history.undoLabel ?? '');
    }
    expect(labels).toEqual([
      'Turn cross-submission on',
      'Severity profile: Strict (XSD)',
      'Read dates as month/day',
      'Ask for the date order',
      'Set publish URL',
      'Clear publish URL',
    ]);
    for (let i = 0; i < labels.length; i++) c.undo();
    expect(store.getState().settings).toMatchObject({ publishUrl: '', crossSubmission: false });
    expect(store.getState().settings.profile).toBeUndefined();
    expect(store.getState().settings.dateOrder).toBeUndefined();
  });
});

describe('settings steps and the edited point', () => {
  it('a settings step does not make the file edited; undo and redo around it keep the exported point', async () => {
    const store = await storeWith(doc());
    const c = store.commands;
    c.setSettings({ publishUrl: URL_ });
    expect(store.getState().dirty).toBe(false);
    c.setCell(1, 'priority', '0.5');
    c.markExported();
    c.setSettings({ crossSubmission: true });
    expect(store.getState().dirty).toBe(false);
    c.undo();
    expect(store.getState().dirty).toBe(false);
    c.undo();
    expect(store.getState().dirty).toBe(true);
    c.undo();
    expect(store.getState().dirty).toBe(true);
    c.redo();
    c.redo();
    expect(store.getState().dirty).toBe(false);
    c.redo();
    expect(store.getState().dirty).toBe(false);
    // A settings step after undoing past the exported point drops the redo that led to it.
    c.undo();
    c.undo();
    c.setSettings({ profile: 'strict' });
    expect(store.getState().dirty).toBe(true);
  });

  it('autosave keeps the step and the clean point: a restored store undoes the setting', async () => {
    const store = await storeWith(doc());
    const c = store.commands;
    c.setCell(1, 'priority', '0.5');
    c.markExported();
    c.setSettings({ publishUrl: ELSEWHERE }, true);
    const saved = c.persistable()!;
    expect(saved.settings.publishUrl).toBe(ELSEWHERE);
    expect(saved.undo.map((p) => p.label)).toEqual(['Edit priority', 'Set publish URL']);
    // Through the storage's structured copy, as IndexedDB keeps it.
    const storage = createMemoryPersistence();
    await storage.save({ format: 2, savedAt: NOW, active: 0, files: [structuredClone(saved)] });
    const file = (await storage.load())!.files[0];

    const restored = await storeWith(doc());
    restored.commands.restoreFile(file);
    expect(restored.getState().settings.publishUrl).toBe(ELSEWHERE);
    expect(restored.getState().dirty).toBe(false);
    const withUrl = findings(restored);
    expect(withUrl.some((f) => f.includes('HOST-001'))).toBe(true);
    restored.commands.undo();
    expect(restored.getState().settings.publishUrl).toBe('');
    expect(restored.getState().dirty).toBe(false);
    expect(findings(restored).filter((f) => f.includes('HOST-'))).toEqual([]);
    restored.commands.undo();
    expect(restored.getState().dirty).toBe(true);
    restored.commands.redo();
    restored.commands.redo();
    expect(restored.getState().settings.publishUrl).toBe(ELSEWHERE);
    expect(findings(restored)).toEqual(withUrl);
  });

  it("a save from before session 16 kept the index's URL in the settings: a restore drops it", async () => {
    const store = await storeWith(doc());
    const saved = store.commands.persistable()!;
    const old = { ...saved, settings: { ...saved.settings, indexPublishUrl: ELSEWHERE } };
    const restored = await storeWith(doc());
    restored.commands.restoreFile(old);
    // Not a setting (the workspace store gives it again once the index is open), and not checked against.
    expect(restored.getState().settings).toEqual({ publishUrl: '', crossSubmission: false });
    expect(restored.getState().indexPublishUrl).toBeNull();
    expect(findings(restored).filter((f) => f.includes('HOST-'))).toEqual([]);
  });
});
