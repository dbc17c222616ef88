import { describe, expect, it, vi } from 'vitest';
import type { Entry } from './model.ts';
import { entryPatch } from './patch.ts';
import { fixtureDoc, hreflangLink as link, SITE as S } from './testing/workspaceFixtures.ts';
import { SlotTable } from './validate/slots.ts';
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

describe('Validator.counts with cross-file notes, across edits', () => {
  // 300 pages each naming an unloaded de page (a note each); the notes map answers the even ones.
  const N = 300;
  const page = (k: number, extra = 0): Omit<Entry, 'id'> => ({
    loc: `${S}en/${k}`,
    alternates: [
      link('en', `${S}en/${k}`),
      link('de', `${S}de/${k}`),
      ...(extra > 0 ? [link('fr', `${S}fr/${k}`)] : []),
    ],
  });
  const notes = new Map(Array.from({ length: N }, (_, k) => [k, k % 2 === 0 ? 0 : 1]));
  const fresh = (entries: readonly Entry[]) => {
    const v = new Validator({ now: NOW });
    v.load({ kind: 'urlset', entries: [...entries], nextId: N + 1 });
    v.setCrossFileNotes(notes);
    return v.counts();
  };

  it('follows each edit without counting the notes again, as a fresh count would', () => {
    const entries = fixtureDoc(Array.from({ length: N }, (_, k) => page(k))).entries;
    const v = new Validator({ now: NOW });
    v.load({ kind: 'urlset', entries: [...entries], nextId: N + 1 });
    v.setCrossFileNotes(notes);
    expect(v.counts().byRule.get('HREF-006')?.count).toBe(N / 2);
    const current = [...entries];
    const edits: Array<() => Parameters<Validator['apply']>[0]> = [
      // An answered page loses its alternates; another one gains an unloaded one (its note stays withdrawn).
      () => entryPatch({ updated: [[current[2], { ...current[2], alternates: [] }]] }),
      () => entryPatch({ updated: [[current[4], { ...current[4], ...page(4, 1) }]] }),
      // An answered page goes; another one gets its alternates back.
      () => entryPatch({ removed: [current[8]] }),
      () => entryPatch({ updated: [[current[2], { ...current[2], ...page(2) }]] }),
    ];
    const issuesOf = vi.spyOn(SlotTable.prototype, 'issuesOf');
    try {
      for (const edit of edits) {
        const change = edit();
        v.apply(change);
        for (const [before, after] of change.updated) current[current.indexOf(before)] = after;
        for (const gone of change.removed) current.splice(current.indexOf(gone.entry), 1);
        issuesOf.mockClear();
        const counts = v.counts();
        // No look at the notes' entries one by one: the table kept the count while the lists changed.
        expect(issuesOf).not.toHaveBeenCalled();
        expect(counts).toEqual(fresh(current));
      }
    } finally {
      issuesOf.mockRestore();
    }
  });
});
