import { describe, expect, it } from 'vitest';
import type { Entry, Issue, SitemapDocument } from '../core/model.ts';
import { entryPatch } from '../core/patch.ts';
import { Validator } from '../core/validate.ts';
import { createValidatorLoader, type ValidatorClass } from './deferredValidator.ts';
import type { ValidatorLike } from './validation.ts';

const NOW = Date.UTC(2026, 10, 21);
const SETTINGS = { now: NOW };

/** A loader whose code arrives when the test says so. */
function manualLoader() {
  let arrive!: (v: ValidatorClass) => void;
  let fail!: (e: Error) => void;
  const loader = createValidatorLoader(
    () =>
      new Promise<ValidatorClass>((resolve, reject) => {
        arrive = resolve;
        fail = reject;
      }),
  );
  return { loader, arrive: () => arrive(Validator), fail: (e: Error) => fail(e) };
}

const key = (i: Issue) => `${i.entry ?? '-'} ${i.rule} ${i.severity} ${i.field ?? ''}`;
const issues = (v: ValidatorLike) => v.all().map(key).sort();

const doc = (entries: Entry[]): SitemapDocument => ({ kind: 'urlset', entries, nextId: entries.length });
const A: Entry = { id: 0, loc: 'https://www.example.com/a', priority: '2' };
const B: Entry = { id: 1, loc: '/relative' };
const DUP: Entry = { id: 2, loc: 'https://www.example.com/a' };
const PARSE: Issue = { rule: 'XML-006', severity: 'warning', message: 'order', entry: 0 } as Issue;

describe('createValidatorLoader', () => {
  it('validates calls made before the code arrived exactly as the core validator does', async () => {
    const { loader, arrive } = manualLoader();
    const early = loader.factory(SETTINGS);
    const fresh = loader.factory(SETTINGS);
    expect(early).not.toBeInstanceOf(Validator);

    const first = doc([A, B]);
    early.load(first, [PARSE]);
    // Before the code: only what the parse said.
    expect(issues(early)).toEqual([key(PARSE)]);
    const shownBefore = early.version;
    const fix = entryPatch({ updated: [[A, { ...A, priority: '0.5' }]], added: [DUP] });
    early.apply(fix);
    early.setSettings({ now: NOW, crossSubmission: true });
    // A fresh validator loaded in steps and adopted (as a big open does).
    const second = doc([B, DUP]);
    const steps = fresh.loadSteps?.(second, []);
    for (let s = steps?.next(); s && !s.done; s = steps?.next());
    early.adopt?.(fresh);
    early.apply(entryPatch({ removed: [DUP] }));

    arrive();
    expect(await loader.ready).toBe(true);

    const real = new Validator(SETTINGS);
    real.load(first, [PARSE]);
    real.apply(fix);
    real.setSettings({ now: NOW, crossSubmission: true });
    const realFresh = new Validator(SETTINGS);
    realFresh.load(second, []);
    real.adopt(realFresh);
    real.apply(entryPatch({ removed: [DUP] }));

    expect(issues(real).length).toBeGreaterThan(0);
    expect(issues(early)).toEqual(issues(real));
    expect(early.counts()).toEqual(real.counts());
    expect(early.worstSeverity(1)).toBe('error');
    expect(early.worstSeverity(1)).toBe(real.worstSeverity(1));
    // The store sees a new version, so it re-reads the issues.
    expect(early.version).toBeGreaterThan(shownBefore);

    // From now on changes go straight through, and new validators are core ones.
    const v = early.version;
    early.apply(entryPatch({ updated: [[B, { ...B, loc: 'https://www.example.com/c' }]] }));
    expect(early.worstSeverity(1)).toBeUndefined();
    expect(early.version).toBeGreaterThan(v);
    expect(loader.factory(SETTINGS)).toBeInstanceOf(Validator);
  });

  it('has nothing to replay when no change came early', async () => {
    const { loader, arrive } = manualLoader();
    const v = loader.factory(SETTINGS);
    arrive();
    expect(await loader.ready).toBe(false);
    v.load(doc([B]));
    expect(issues(v)).toEqual(issues(validated(doc([B]))));
  });

  it('hands results over only once the code is there, and fails the same way when it cannot load', async () => {
    const { loader, arrive } = manualLoader();
    let got: string | null = null;
    const out = loader.after(Promise.resolve('parsed')).then((r) => {
      got = r;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(got).toBeNull();
    arrive();
    await out;
    expect(got).toBe('parsed');

    const broken = manualLoader();
    broken.fail(new Error('offline'));
    await expect(broken.loader.after(Promise.resolve('parsed'))).rejects.toThrow('offline');
    expect(await broken.loader.ready).toBe(false);
  });
});

function validated(d: SitemapDocument): Validator {
  const v = new Validator(SETTINGS);
  v.load(d);
  return v;
}
