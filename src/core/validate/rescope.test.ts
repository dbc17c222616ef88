import { describe, expect, it } from 'vitest';
import { prng } from '../../../bench/generate.ts';
import type { Entry, SitemapDocument, ValidationSettings } from '../model.ts';
import { entryPatch, type Patch } from '../patch.ts';
import { issueLine } from '../testing/issues.ts';
import { Validator, validateDocument } from '../validate.ts';

// Issue #18: a change of the publish URL or cross-submission re-checks only the host scope, in
// steps, in the validator that holds the document (`rescopeSteps`). Whatever edits come between
// the steps, it must end where a full validation under the new settings ends.

const NOW = Date.UTC(2026, 10, 21);
const key = issueLine;

const LOCS = [
  'https://www.example.com/shop/a',
  'https://www.example.com/blog/b',
  'http://www.example.com/shop/c',
  'https://example.com/d',
  'https://shop.example.org/e',
  'https://www.example.com:8443/shop/f',
  '/rel',
];
const SETTINGS: ValidationSettings[] = [
  { now: NOW },
  { now: NOW, publishUrl: 'https://www.example.com/sitemap.xml' },
  { now: NOW, publishUrl: 'https://www.example.com/shop/sitemap.xml' },
  { now: NOW, publishUrl: 'https://www.example.com/shop/sitemap.xml', crossSubmission: true },
  { now: NOW, publishUrl: 'https://shop.example.org/sitemap.xml', crossSubmission: true },
  { now: NOW, publishUrl: 'not a url' },
];

function randomEntry(rnd: () => number, id: number): Entry {
  const e: Entry = { id, loc: LOCS[Math.floor(rnd() * LOCS.length)] };
  if (rnd() < 0.3) e.priority = rnd() < 0.5 ? '0.5' : '7';
  return e;
}

const findings = (v: Validator) => v.all().map(key).sort();

describe('Validator.rescopeSteps', () => {
  it.each([1, 2, 3, 4, 5, 6])(
    'ends where a full validation does, edits between its steps (seed %i)',
    (seed) => {
      const rnd = prng(seed);
      const kind: SitemapDocument['kind'] = seed % 3 === 0 ? 'sitemapindex' : 'urlset';
      let nextId = 0;
      let entries: Entry[] = Array.from({ length: 60 }, () => randomEntry(rnd, nextId++));
      let held = SETTINGS[seed % SETTINGS.length];
      const v = new Validator(held);
      v.load({ kind, entries, nextId });
      const edit = () => {
        const r = rnd();
        let change: Patch;
        if (r < 0.25) {
          const added = randomEntry(rnd, nextId++);
          entries = [...entries, added];
          change = entryPatch({ added: [added] });
        } else if (r < 0.45 && entries.length > 5) {
          const removed = entries[Math.floor(rnd() * entries.length)];
          entries = entries.filter((e) => e !== removed);
          change = entryPatch({ removed: [removed] });
        } else {
          const before = entries[Math.floor(rnd() * entries.length)];
          const after = { ...randomEntry(rnd, before.id) };
          entries = entries.map((e) => (e === before ? after : e));
          change = entryPatch({ updated: [[before, after]] });
        }
        v.apply(change);
      };
      for (let round = 0; round < 8; round++) {
        const next = SETTINGS[Math.floor(rnd() * SETTINGS.length)];
        const run = v.rescopeSteps(next, 7);
        expect(run).not.toBeNull();
        const version = v.version;
        let halfway = false;
        for (const done of run!.steps) {
          // Until the findings go in place, reads answer the held settings' findings.
          if (!halfway && done <= run!.total / 2) {
            expect(findings(v)).toEqual(validateDocument({ kind, entries, nextId }, held).map(key).sort());
          } else halfway = true;
          if (rnd() < 0.4) edit();
        }
        expect(v.version).toBeGreaterThan(version);
        held = next;
        const doc: SitemapDocument = { kind, entries, nextId };
        expect(findings(v), `round ${round}`).toEqual(validateDocument(doc, held).map(key).sort());
        // Edits after it follow the new settings.
        edit();
        expect(findings(v)).toEqual(validateDocument({ kind, entries, nextId }, held).map(key).sort());
        const c = v.counts();
        expect(c.error + c.warning + c.info).toBe(v.all().length);
      }
    },
  );

  it('is refused for a change of the profile (that needs a fresh load)', () => {
    const v = new Validator({ now: NOW });
    v.load({ kind: 'urlset', entries: [{ id: 0, loc: 'https://www.example.com/a' }], nextId: 1 });
    expect(v.rescopeSteps({ now: NOW, profile: 'strict' })).toBeNull();
    expect(v.rescopeSteps({ now: NOW, publishUrl: 'https://www.example.com/x.xml' })).not.toBeNull();
  });

  it('stops when the validator loads another document meanwhile', () => {
    const v = new Validator({ now: NOW });
    const a: SitemapDocument = {
      kind: 'urlset',
      entries: [{ id: 0, loc: 'https://a.example/x' }],
      nextId: 1,
    };
    v.load(a);
    const run = v.rescopeSteps({ now: NOW, publishUrl: 'https://b.example/sitemap.xml' }, 1)!;
    run.steps.next();
    const b: SitemapDocument = {
      kind: 'urlset',
      entries: [{ id: 0, loc: 'https://c.example/y' }],
      nextId: 1,
    };
    v.load(b);
    const before = findings(v);
    for (const _ of run.steps);
    expect(findings(v)).toEqual(before);
    expect(findings(v)).toEqual(validateDocument(b, { now: NOW }).map(key).sort());
  });
});
