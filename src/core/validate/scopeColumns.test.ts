import { describe, expect, it } from 'vitest';
import { prng } from '../../../bench/generate.ts';
import {
  type Entry,
  type Issue,
  type SitemapDocument,
  severityRank,
  type ValidationSettings,
} from '../model.ts';
import { entryPatch } from '../patch.ts';
import { issueLine } from '../testing/issues.ts';
import { Validator, validateDocument } from '../validate.ts';
import { SCOPE_GENS } from './slots.ts';

// Session 14 (issue #18): the validator keeps each row's scope finding (HOST-001…004, IDX-004,
// -005, -007) as a code by row and makes its `Issue` when read. Every read must answer what the
// issue objects it used to keep answered: the same issue, message and totals, a re-check stopped
// halfway leaving each row with the findings of the settings it was checked under.

const NOW = Date.UTC(2026, 10, 21);

const LOCS = [
  'https://www.example.com/shop/a',
  'https://www.example.com/blog/b',
  'http://www.example.com/shop/c',
  'https://example.com/d',
  'https://shop.example.org/e',
  'https://www.example.com:8443/shop/f',
  ' https://www.example.com/shop/trimmed ',
  'https://www.example.com/sitemap.xml',
  '/rel',
];
/** Publish URLs set: the reference depends on the settings alone, so each row's findings do too. */
const SET: ValidationSettings[] = [
  { now: NOW, publishUrl: 'https://www.example.com/sitemap.xml' },
  { now: NOW, publishUrl: 'https://www.example.com/shop/sitemap.xml' },
  { now: NOW, publishUrl: 'https://www.example.com/shop/sitemap.xml', crossSubmission: true },
  { now: NOW, publishUrl: 'https://shop.example.org/sitemap.xml', crossSubmission: true },
  { now: NOW, publishUrl: 'http://www.example.com/blog/sitemap.xml' },
];

function randomDoc(seed: number, n: number): SitemapDocument {
  const rnd = prng(seed);
  const kind: SitemapDocument['kind'] = seed % 3 === 0 ? 'sitemapindex' : 'urlset';
  const entries: Entry[] = Array.from({ length: n }, (_, id) => {
    const e: Entry = { id, loc: LOCS[Math.floor(rnd() * LOCS.length)] };
    if (rnd() < 0.3) e.priority = rnd() < 0.5 ? '0.5' : '7';
    return e;
  });
  return { kind, entries, nextId: n };
}

/** Each entry's issues (as lines, in order) under `settings`, from a full validation. */
function byEntry(doc: SitemapDocument, settings: ValidationSettings): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const i of validateDocument(doc, settings)) {
    if (i.entry === undefined) continue;
    const list = out.get(i.entry) ?? [];
    list.push(issueLine(i));
    out.set(i.entry, list);
  }
  return out;
}

const lines = (list: readonly Issue[]) => list.map(issueLine);

describe('scope findings kept as codes', () => {
  it.each([1, 2, 3])(
    're-checks stopped in their second half leave each row as checked, past every reference number (seed %i)',
    (seed) => {
      const rnd = prng(seed + 100);
      const doc = randomDoc(seed, 40);
      const expected = SET.map((s) => byEntry(doc, s));
      let held = 0;
      const v = new Validator(SET[held]);
      v.load(doc);
      // What each row was last checked under (an index of SET).
      const under = doc.entries.map(() => held);
      // More stopped re-checks than there are reference numbers: numbers are reused only when free.
      for (let round = 0; round < SCOPE_GENS * 2 + 3; round++) {
        let next = Math.floor(rnd() * SET.length);
        if (next === held) next = (next + 1) % SET.length;
        const run = v.rescopeSteps(SET[next], 1)!;
        const stopAt = run.total / 2 + 1 + Math.floor(rnd() * (doc.entries.length - 1));
        for (const done of run.steps) if (done >= stopAt) break;
        // The rows put in place so far are under `next`, the others as they were.
        for (let q = 0; q < stopAt - run.total / 2; q++) under[q] = next;
        held = next;
        for (const e of doc.entries)
          expect(lines(v.issuesOf(e.id)), `round ${round}, entry ${e.id}`).toEqual(
            expected[under[e.id]].get(e.id) ?? [],
          );
        const c = v.counts();
        expect(c.error + c.warning + c.info).toBe(v.all().length);
      }
      // One run to the end: every row under the last settings.
      const last = (held + 1) % SET.length;
      for (const _ of v.rescopeSteps(SET[last], 3)!.steps);
      expect(v.all().map(issueLine).sort()).toEqual(validateDocument(doc, SET[last]).map(issueLine).sort());
    },
  );

  it('checks the rows left on old references again under the held settings once every number is in use', () => {
    // Every row has a finding under both settings (another host: HOST-001, an error without
    // cross-submission, a warning with it). Each re-check stops after putting one row fewer in
    // place, so each leaves one more reference with rows on it: past 16, no number is free, and
    // the rows on references other than the held one are checked under the held settings first.
    const n = SCOPE_GENS + 8;
    const doc: SitemapDocument = {
      kind: 'urlset',
      entries: Array.from({ length: n }, (_, id) => ({ id, loc: `https://other.example.net/p${id}` })),
      nextId: n,
    };
    const both = [SET[1], SET[2]];
    const expected = both.map((s) => byEntry(doc, s));
    const v = new Validator(both[0]);
    v.load(doc);
    // The model: the re-check (round) each row was last put in place by (0: the load), and the
    // settings of each.
    const by = doc.entries.map(() => 0);
    const settingsOf = new Map([[0, 0]]);
    let held = 0;
    let fellBack = 0;
    for (let round = 1; round <= SCOPE_GENS + 4; round++) {
      const next = round % 2;
      const run = v.rescopeSteps(both[next], 1)!;
      const placed = n - round;
      for (const done of run.steps) if (done >= run.total / 2 + placed) break;
      if (new Set(by).size >= SCOPE_GENS) {
        fellBack++;
        for (let q = 0; q < n; q++) if (by[q] !== held) by[q] = held;
      }
      for (let q = 0; q < placed; q++) by[q] = round;
      settingsOf.set(round, next);
      held = round;
      for (const e of doc.entries)
        expect(lines(v.issuesOf(e.id)), `round ${round}, entry ${e.id}`).toEqual(
          expected[settingsOf.get(by[e.id])!].get(e.id) ?? [],
        );
      const c = v.counts();
      expect(c.error + c.warning + c.info).toBe(v.all().length);
    }
    expect(fellBack).toBeGreaterThan(0);
  });

  it.each([1, 2, 3, 4])(
    'answers severity, rule and totals from the codes as from the issues read (seed %i)',
    (seed) => {
      const rnd = prng(seed + 200);
      const doc = randomDoc(seed, 50);
      let entries = doc.entries;
      const v = new Validator({ now: NOW });
      v.load(doc);
      for (let round = 0; round < 6; round++) {
        for (const _ of v.rescopeSteps(SET[Math.floor(rnd() * SET.length)], 4)!.steps);
        const before = entries[Math.floor(rnd() * entries.length)];
        const after: Entry = { id: before.id, loc: LOCS[Math.floor(rnd() * LOCS.length)] };
        entries = entries.map((e) => (e === before ? after : e));
        v.apply(entryPatch({ updated: [[before, after]] }));
        const tally = new Map<string, number>();
        for (const i of v.all()) tally.set(i.rule, (tally.get(i.rule) ?? 0) + 1);
        const c = v.counts();
        expect(new Map([...c.byRule].map(([r, x]) => [r, x.count]))).toEqual(tally);
        for (const e of entries) {
          const issues = v.issuesOf(e.id);
          // The same issues on every read.
          expect(lines(v.issuesOf(e.id))).toEqual(lines(issues));
          let worst: Issue['severity'] | undefined;
          for (const i of issues) if (severityRank(i.severity) > severityRank(worst)) worst = i.severity;
          expect(v.worstSeverity(e.id)).toBe(worst);
        }
        for (const rule of tally.keys())
          expect(v.entriesWithRule(rule)).toEqual(
            entries.filter((e) => v.issuesOf(e.id).some((i) => i.rule === rule)).map((e) => e.id),
          );
      }
    },
  );

  it('makes the issue a full check makes: message, field, line and key order', () => {
    const entry: Entry = { id: 0, loc: 'https://www.example.com/blog/x', line: 7 };
    const v = new Validator({ now: NOW, publishUrl: 'https://www.example.com/shop/sitemap.xml' });
    v.load({ kind: 'urlset', entries: [entry], nextId: 1 });
    const [issue] = v.issuesOf(0);
    expect(Object.keys(issue)).toEqual(['rule', 'severity', 'message', 'entry', 'field', 'line']);
    expect(issue).toEqual({
      rule: 'HOST-004',
      severity: 'warning',
      message:
        "URL “https://www.example.com/blog/x” is outside the sitemap's folder “/shop/”; sitemaps.org ignores it. Publish the sitemap at the site root or remove the entry.",
      entry: 0,
      field: 'loc',
      line: 7,
    });
  });
});
