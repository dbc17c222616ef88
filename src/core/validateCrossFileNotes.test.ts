import { describe, expect, it } from 'vitest';
import { fixtureDoc, hreflangLink as link, SITE as S } from './testing/workspaceFixtures.ts';
import { Validator } from './validate.ts';

// Two pages whose alternates name pages of another file (de) and of none (fr).
const doc = fixtureDoc([
  { loc: `${S}en/`, alternates: [link('en', `${S}en/`), link('de', `${S}de/`)] },
  { loc: `${S}en/a`, alternates: [link('en', `${S}en/a`), link('de', `${S}de/a`), link('fr', `${S}fr/a`)] },
]);
const NOW = Date.UTC(2026, 10, 28);
const href006 = (v: Validator) => ({
  byEntry: [0, 1].map((id) =>
    v
      .issuesOf(id)
      .filter((i) => i.rule === 'HREF-006')
      .map((i) => i.message),
  ),
  count: v.counts().byRule.get('HREF-006')?.count ?? 0,
  info: v.counts().info,
  rows: v.entriesWithRule('HREF-006'),
  all: v.all().filter((i) => i.rule === 'HREF-006').length,
});

describe('Validator.setCrossFileNotes: HREF-006 notes the other open files answer', () => {
  const answered = new Map([
    [0, 0],
    [1, 1],
  ]);

  it('withdraws or rewords the notes in every read, and null brings them back', () => {
    const v = new Validator({ now: NOW });
    v.load(doc);
    const held = href006(v);
    expect(held.count).toBe(2);
    const version = v.version;
    v.setCrossFileNotes(answered);
    expect(v.version).toBeGreaterThan(version);
    expect(href006(v)).toEqual({
      byEntry: [
        [],
        [
          '1 alternate URL has no entry in the open files, so return links cannot be checked here; load the sibling sitemaps to verify.',
        ],
      ],
      count: 1,
      info: held.info - 1,
      rows: [1],
      all: 1,
    });
    expect(v.worstSeverity(0)).toBeUndefined();
    v.setCrossFileNotes(null);
    expect(href006(v)).toEqual(held);
  });

  it('answers the same from a snapshot (loadFrom) and after an edit removes the note', () => {
    const worker = new Validator({ now: NOW });
    worker.load(doc);
    const v = new Validator({ now: NOW });
    v.loadFrom(doc, [], { now: NOW }, worker.snapshot());
    v.setCrossFileNotes(answered);
    expect(href006(v).rows).toEqual([1]);
    expect(href006(v).count).toBe(1);
    // Entry 1 drops its alternates: no note left to revise, and none counted below zero.
    v.apply({
      label: 'Edit',
      added: [],
      removed: [],
      updated: [[doc.entries[1], { ...doc.entries[1], alternates: [] }]],
    });
    expect(href006(v)).toMatchObject({ byEntry: [[], []], count: 0, rows: [], all: 0 });
  });
});
