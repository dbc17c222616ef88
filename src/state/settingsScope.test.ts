import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import { Validator } from '../core/validate.ts';
import { createValidatorLoader } from './deferredValidator.ts';
import { createAppStore } from './store.ts';
import { fakeClient, findingLines, makeDocument, manualTimers } from './testing.ts';
import type { AppStore } from './types.ts';

// Issue #18 (session 11): on a big document, a change of the publish URL or cross-submission alone
// re-checks the host scope in the store's validator, in slices: no second validator of every
// entry is made (its making was most of a settings change's time and garbage collection at
// 1,000,000 URLs). The findings are those of a one-shot check; a profile change still loads a
// fresh validator.

const BIG = 25_000;
const NOW = Date.UTC(2026, 0, 15);
const FOLDER = { publishUrl: 'https://www.example.com/shop/sitemap.xml' };

const findings = (store: AppStore) =>
  findingLines(store.getState().validation.validator, store.getState().doc?.entries ?? []);

function freshFindings(doc: SitemapDocument, publishUrl: string, profile?: 'strict'): string[] {
  const v = new Validator({ publishUrl: publishUrl || undefined, crossSubmission: false, profile, now: NOW });
  v.load(doc);
  return findingLines(v, doc.entries);
}

/**
 * A store over `doc`, its timers run by `step`; counts the validators it makes. `loaded`: through
 * the browser's loader (deferredValidator.ts: the store's validator is its wrapper).
 */
async function harness(doc: SitemapDocument, loaded = false) {
  // The code arrives after the store made its validator, as in the page (a wrapper of the core one).
  let arrive: (v: typeof Validator) => void = () => undefined;
  const code = new Promise<typeof Validator>((resolve) => {
    arrive = resolve;
  });
  const loader = loaded ? createValidatorLoader(() => code) : null;
  const { timers, step, settle } = manualTimers();
  let clock = NOW;
  let made = 0;
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => clock++,
    timers,
    createValidator: (settings) => {
      made++;
      return loader ? loader.factory(settings) : new Validator(settings);
    },
  });
  arrive(Validator);
  await loader?.ready;
  const opening = store.commands.openFile('big.xml', new Uint8Array([1]));
  await settle();
  await opening;
  return { store, step, settle, made: () => made };
}

describe('a change of the host scope on a big document', () => {
  it('re-checks in slices without a second validator and ends where a one-shot check does', async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle, made } = await harness(doc);
    const before = findings(store);
    const validators = made();
    store.commands.setSettings(FOLDER);
    expect(store.getState().task).toMatchObject({ label: 'Re-checking 25,000 URLs', cancellable: true });
    await step();
    await step();
    expect(store.getState().task?.progress).toBeGreaterThan(0);
    expect(findings(store)).toEqual(before);
    store.commands.setCell(4, 'loc', 'https://www.example.com/shop/moved');
    await settle();
    expect(store.getState().task).toBeNull();
    expect(made()).toBe(validators);
    const after = findings(store);
    expect(after.some((f) => f.includes('HOST-004'))).toBe(true);
    expect(after).toEqual(freshFindings(store.getState().doc!, FOLDER.publishUrl));
    // And back: the publish URL cleared, the reference is the leading origin again.
    store.commands.setSettings({ publishUrl: '' });
    await settle();
    expect(made()).toBe(validators);
    expect(findings(store)).toEqual(freshFindings(store.getState().doc!, ''));
  });

  it('does so too through the browser wiring (the validator of the loader)', async () => {
    const doc = makeDocument(BIG);
    const { store, settle, made } = await harness(doc, true);
    const validators = made();
    store.commands.setSettings(FOLDER);
    await settle();
    expect(made()).toBe(validators);
    expect(findings(store)).toEqual(freshFindings(doc, FOLDER.publishUrl));
  });

  it('offers no Cancel once the new findings are being put in place', async () => {
    const doc = makeDocument(BIG);
    const { store, step, settle } = await harness(doc);
    store.commands.setSettings(FOLDER);
    let task = store.getState().task;
    for (let i = 0; i < 10_000 && task !== null && (task.progress ?? 0) <= 0.5; i++) {
      await step();
      task = store.getState().task;
    }
    expect(task).toMatchObject({ cancellable: false });
    store.commands.cancelTask();
    await settle();
    expect(store.getState().settings.publishUrl).toBe(FOLDER.publishUrl);
    expect(findings(store)).toEqual(freshFindings(store.getState().doc!, FOLDER.publishUrl));
  });

  it('a profile change still loads a fresh validator', async () => {
    const doc = makeDocument(BIG);
    const { store, settle, made } = await harness(doc);
    const validators = made();
    store.commands.setSettings({ profile: 'strict' });
    await settle();
    expect(made()).toBe(validators + 1);
    expect(findings(store)).toEqual(freshFindings(doc, '', 'strict'));
  });
});
