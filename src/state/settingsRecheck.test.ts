import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCrawl } from '../core/crawl/reader.ts';
import type { SitemapDocument } from '../core/model.ts';
import { Validator } from '../core/validate.ts';
import { createAppStore } from './store.ts';
import { fakeClient, findingLines, makeDocument, manualTimers } from './testing.ts';
import type { AppStore, Settings } from './types.ts';

// Issues #17 / #18: a settings change (or a restore) at 1,000,000 URLs must not freeze the page.
// A big document is re-checked in slices into a fresh validator, with progress and Cancel in the
// status bar; edits made meanwhile are kept and caught up with; the result is what a one-shot
// reload gives.

/** Big enough to be re-checked in slices (ioCommands' BIG_DOCUMENT is 20,000). */
const BIG = 25_000;
const NOW = Date.UTC(2026, 0, 15);
const ELSEWHERE = { publishUrl: 'https://shop.example.org/sitemap.xml' };

/** Every finding of `store`'s document, sorted (document-level ones and each entry's). */
const findings = (store: AppStore) =>
  findingLines(store.getState().validation.validator, store.getState().doc?.entries ?? []);

/** The findings of a fresh validator loaded with `doc` under `settings` (a one-shot check). */
function freshFindings(doc: SitemapDocument, settings: Partial<Settings>): string[] {
  const v = new Validator({
    publishUrl: settings.publishUrl || undefined,
    crossSubmission: settings.crossSubmission ?? false,
    profile: settings.profile,
    now: NOW,
  });
  v.load(doc);
  return findingLines(v, doc.entries);
}

/** A store over `doc` whose timers run only when the test says (`step`), or none (one-shot). */
async function harness(doc: SitemapDocument, sliced = true) {
  const manual = manualTimers();
  const { step, settle } = manual;
  let clock = NOW;
  let next = doc;
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: next, issues: [], fatal: null })),
    // Every read moves the clock 1 ms: a slice (8 ms) is a few steps. Findings do not depend on it
    // (lastmods are days apart).
    now: () => clock++,
    timers: sliced ? manual.timers : undefined,
  });
  /** Opens `d` (the fake worker's next parse). */
  const open = (d: SitemapDocument) => {
    next = d;
    return store.commands.openFile('big.xml', new Uint8Array([1]));
  };
  const opening = open(doc);
  await settle();
  await opening;
  return { store, step, settle, open };
}

describe('settings change on a big document: re-checked in slices', () => {
  it('shows the setting at once, re-checks in slices with progress, and ends where a one-shot check does', async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle } = await harness(doc);
    const before = findings(store);
    store.commands.setSettings(ELSEWHERE);
    // The setting applies at once; the findings are the previous ones until the re-check ends.
    expect(store.getState().settings.publishUrl).toBe(ELSEWHERE.publishUrl);
    expect(store.getState().task).toEqual({
      label: 'Re-checking 25,000 URLs',
      progress: null,
      cancellable: true,
    });
    expect(findings(store)).toEqual(before);
    await step(); // the first paint
    await step(); // a slice
    expect(store.getState().task?.progress).toBeGreaterThan(0);
    expect(store.getState().task?.progress).toBeLessThan(1);
    expect(findings(store)).toEqual(before);
    const tasks = await settle();
    expect(tasks).toBeGreaterThan(5);
    expect(store.getState().task).toBeNull();
    const after = findings(store);
    expect(after).not.toEqual(before);
    expect(after).toEqual(freshFindings(store.getState().doc!, ELSEWHERE));
    const oneShot = (await harness(doc, false)).store;
    oneShot.commands.setSettings(ELSEWHERE);
    expect(store.getState().validation.validator.counts()).toEqual(
      oneShot.getState().validation.validator.counts(),
    );
  });

  it('keeps edits, undo and redo made mid-way, and ends with the findings of a one-shot reload', async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle } = await harness(doc);
    const oneShot = (await harness(doc, false)).store;
    store.commands.setSettings(ELSEWHERE);
    await step();
    await step();
    const edit = (s: AppStore) => {
      s.commands.setCell(3, 'loc', 'https://shop.example.org/moved');
      s.commands.setCell(8, 'priority', '7');
      s.commands.undo();
      s.commands.redo();
      s.commands.deleteRows([11, 12]);
      s.commands.appendUrls(['https://shop.example.org/new', 'https://www.example.com/blog/item-1']);
    };
    edit(store);
    await step();
    store.commands.setCell(20, 'lastmod', 'yesterday');
    expect(store.getState().task?.label).toBe('Re-checking 25,000 URLs');
    await settle();
    oneShot.commands.setSettings(ELSEWHERE);
    edit(oneShot);
    oneShot.commands.setCell(20, 'lastmod', 'yesterday');

    expect(store.getState().doc?.entries.length).toBe(BIG);
    expect(store.getState().history.undoLabel).toBe(oneShot.getState().history.undoLabel);
    expect(findings(store)).toEqual(findings(oneShot));
    expect(findings(store)).toEqual(freshFindings(store.getState().doc!, ELSEWHERE));
    expect(findings(store).some((f) => f.startsWith('20 ') && f.includes('lastmod'))).toBe(true);
    expect(store.getState().validation.validator.counts()).toEqual(
      oneShot.getState().validation.validator.counts(),
    );
  });

  it('Cancel puts the previous setting back, says so once, and keeps the previous findings and the edits', async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle } = await harness(doc);
    store.commands.setSettings({ profile: 'strict' });
    await settle();
    store.commands.setSettings(ELSEWHERE);
    await step();
    await step();
    store.commands.setCell(5, 'priority', '3');
    const notices = store.getState().notices.length;
    store.commands.cancelTask();
    expect(store.getState().task).toBeNull();
    expect(store.getState().settings).toMatchObject({ publishUrl: '', profile: 'strict' });
    expect(store.getState().notices).toHaveLength(notices + 1);
    expect(store.getState().notices.at(-1)?.message).toBe(
      'Re-check cancelled: the publish URL is empty again. The findings are those of that setting, as before.',
    );
    await settle();
    expect(store.getState().notices).toHaveLength(notices + 1);
    expect(store.getState().doc?.entries.find((e) => e.id === 5)?.priority).toBe('3');
    expect(findings(store)).toEqual(freshFindings(store.getState().doc!, { profile: 'strict' }));
  });

  it("Cancel goes back through the history: it undoes the step, or redoes it for an Undo's re-check", async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle } = await harness(doc);
    const before = findings(store);
    const c = store.commands;
    // Cancel of the change just made: its step is undone (and can be redone).
    c.setSettings(ELSEWHERE);
    await step();
    await step();
    c.cancelTask();
    expect(store.getState().settings.publishUrl).toBe('');
    expect(store.getState().history).toMatchObject({ canUndo: false, redoLabel: 'Set publish URL' });
    expect(store.getState().task).toBeNull();
    expect(findings(store)).toEqual(before);
    // Redo re-checks in slices, as the change did; Undo of it too.
    c.redo();
    expect(store.getState().settings.publishUrl).toBe(ELSEWHERE.publishUrl);
    expect(store.getState().task?.label).toBe('Re-checking 25,000 URLs');
    await settle();
    const elsewhere = findings(store);
    expect(elsewhere).toEqual(freshFindings(doc, ELSEWHERE));
    c.undo();
    expect(store.getState().settings.publishUrl).toBe('');
    expect(store.getState().task).toMatchObject({ label: 'Re-checking 25,000 URLs', cancellable: true });
    await step();
    await step();
    // Cancel of an Undo's re-check: the step is redone, the findings stay those of its setting.
    c.cancelTask();
    expect(store.getState().settings.publishUrl).toBe(ELSEWHERE.publishUrl);
    expect(store.getState().history).toMatchObject({ undoLabel: 'Set publish URL', canRedo: false });
    expect(store.getState().notices.at(-1)?.message).toBe(
      `Re-check cancelled: the publish URL is back to “${ELSEWHERE.publishUrl}”. The findings are those of that setting, as before.`,
    );
    await settle();
    expect(store.getState().task).toBeNull();
    expect(findings(store)).toEqual(elsewhere);
    // With an edit made meanwhile, the way back is a step of its own (the edit stays).
    c.setSettings({ publishUrl: '' });
    await step();
    c.setCell(5, 'priority', '3');
    c.cancelTask();
    expect(store.getState().settings.publishUrl).toBe(ELSEWHERE.publishUrl);
    expect(store.getState().history.undoLabel).toBe('Set publish URL');
    await settle();
    expect(findings(store)).toEqual(freshFindings(store.getState().doc!, ELSEWHERE));
    expect(store.getState().doc?.entries.find((e) => e.id === 5)?.priority).toBe('3');
  });

  it('a second change during a re-check supersedes the first: one task, one re-check ends, the last settings', async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle } = await harness(doc);
    const v = store.getState().validation.validator;
    // Re-checks that ended: a fresh validator adopted, or the scope re-checked in place.
    let adopted = 0;
    const adopt = v.adopt!.bind(v);
    v.adopt = (other) => {
      adopted++;
      adopt(other);
    };
    const rescope = v.rescopeSteps!.bind(v);
    v.rescopeSteps = (settings, chunk) => {
      const r = rescope(settings, chunk);
      if (r === null) return null;
      return {
        total: r.total,
        steps: (function* () {
          yield* r.steps;
          adopted++;
        })(),
      };
    };
    store.commands.setSettings(ELSEWHERE);
    await step();
    await step();
    await step();
    const firstProgress = store.getState().task?.progress ?? 0;
    expect(firstProgress).toBeGreaterThan(0);
    store.commands.setSettings({ crossSubmission: true });
    expect(store.getState().task).toMatchObject({ label: 'Re-checking 25,000 URLs', progress: null });
    await settle();
    expect(adopted).toBe(1);
    expect(store.getState().task).toBeNull();
    expect(findings(store)).toEqual(freshFindings(doc, { ...ELSEWHERE, crossSubmission: true }));
    // Cancel of the superseding change would have gone back to the settings before the first one.
    store.commands.setSettings({ publishUrl: '' });
    await step();
    store.commands.setSettings({ crossSubmission: false });
    await step();
    store.commands.cancelTask();
    expect(store.getState().settings).toMatchObject({ ...ELSEWHERE, crossSubmission: true });
    expect(store.getState().notices.at(-1)?.message).toContain(
      `the publish URL is back to “${ELSEWHERE.publishUrl}”, cross-submission is on again`,
    );
  });

  it('setting a value back during its re-check stops it: nothing to re-check, no notice', async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle } = await harness(doc);
    const before = findings(store);
    const v = store.getState().validation.validator;
    let adopted = 0;
    const adopt = v.adopt!.bind(v);
    v.adopt = (other) => {
      adopted++;
      adopt(other);
    };
    const notices = store.getState().notices.length;
    store.commands.setSettings(ELSEWHERE);
    await step();
    await step();
    store.commands.setSettings({ publishUrl: '' });
    expect(store.getState().task).toBeNull();
    await settle();
    expect(adopted).toBe(0);
    expect(store.getState().notices).toHaveLength(notices);
    expect(findings(store)).toEqual(before);
    // The same value again is no change at all.
    store.commands.setSettings({ publishUrl: '' });
    expect(store.getState().task).toBeNull();
  });

  it('an export during the re-check does not cancel it', async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle } = await harness(doc);
    store.commands.setSettings(ELSEWHERE);
    await step();
    await step();
    expect(store.getState().task?.label).toBe('Re-checking 25,000 URLs');
    const exported = store.commands.export({ format: 'xml' }, 'preview');
    await settle();
    await exported;
    expect(store.getState().settings.publishUrl).toBe(ELSEWHERE.publishUrl);
    expect(store.getState().task).toBeNull();
    expect(findings(store)).toEqual(freshFindings(doc, ELSEWHERE));
  });

  it('a change made while a big file is checked on open applies to the file opened', async () => {
    const { store, step, settle, open } = await harness(makeDocument(3));
    const opening = open(makeDocument(BIG, 7));
    await step();
    await step();
    expect(store.getState().task?.label).toBe('Checking 25,000 URLs');
    store.commands.setSettings(ELSEWHERE);
    await settle();
    await opening;
    expect(store.getState().task).toBeNull();
    expect(findings(store)).toEqual(freshFindings(store.getState().doc!, ELSEWHERE));
  });

  it('a small document changes at once: no task, no slice', async () => {
    const doc = makeDocument(200);
    const { store } = await harness(doc);
    store.commands.setSettings(ELSEWHERE);
    expect(store.getState().task).toBeNull();
    expect(findings(store)).toEqual(freshFindings(doc, ELSEWHERE));
  });
});

describe('restore of a big saved document', () => {
  const crawl = () =>
    readCrawl(
      new Uint8Array(
        readFileSync(new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url)),
      ),
      'internal_all.csv',
    )!;

  it('shows the rows first, checks them in slices (edits kept), with the crawl joined after', async () => {
    const doc = makeDocument(BIG);
    const table = crawl();
    const run = async (sliced: boolean) => {
      const { store, step, settle } = await harness(makeDocument(3), sliced);
      store.commands.restoreFile({
        fileName: 'saved.xml',
        doc,
        settings: { ...ELSEWHERE, crossSubmission: false },
        undo: [],
        redo: [],
        dirty: true,
        crawl: table,
      });
      return { store, step, settle };
    };
    const { store, step, settle } = await run(true);
    // The rows are there at once; no finding of the previous document, none yet of this one.
    expect(store.getState().doc?.entries).toHaveLength(BIG);
    expect(store.getState().validation.validator.all()).toEqual([]);
    // So the status bar claims no counts ("0 errors") before the rows are checked.
    expect(store.getState().validation.behind).toBe(true);
    expect(store.getState().task).toEqual({
      label: 'Checking 25,000 URLs',
      progress: null,
      cancellable: false,
    });
    await step();
    await step();
    store.commands.setCell(4, 'loc', 'https://shop.example.org/kept');
    await settle();
    expect(store.getState().task).toBeNull();
    expect(store.getState().validation.behind).toBeUndefined();
    expect(store.getState().validation.validator.crawlJoin?.()).not.toBeNull();

    const oneShot = (await run(false)).store;
    oneShot.commands.setCell(4, 'loc', 'https://shop.example.org/kept');
    expect(findings(store)).toEqual(findings(oneShot));
    expect(findings(store).some((f) => f.includes('CRAWL-'))).toBe(true);
    expect(store.getState().dirty).toBe(true);
  });
});
