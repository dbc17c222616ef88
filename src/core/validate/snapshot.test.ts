import { describe, expect, it } from 'vitest';
import { type Issue, makeIssue } from '../model.ts';
import { SnapshotReads, SnapshotWriter } from './snapshot.ts';

const counts = { error: 2, warning: 2, info: 1, byRule: new Map() };

/** Entries 7, 2 and 5 in document order (ids out of order), with every optional key present or not. */
const byEntry: Array<[number, Issue[]]> = [
  [
    7,
    [
      makeIssue('LOC-001', 'error', 'Not absolute: /a', { entry: 7, field: 'loc', line: 3, column: 5 }),
      makeIssue('LASTMOD-001', 'warning', 'Bad date', { entry: 7, field: 'lastmod' }),
    ],
  ],
  [2, [makeIssue('LOC-001', 'error', 'Not absolute: /b', { entry: 2, line: 9 })]],
  [4, []],
  [
    5,
    [
      makeIssue('HREF-006', 'info', 'Bad date', { entry: 5 }),
      makeIssue('LASTMOD-001', 'warning', 'Bad date', { entry: 5, field: 'lastmod', column: 0 }),
    ],
  ],
];

function snapshot() {
  const w = new SnapshotWriter();
  for (const [id, list] of byEntry) w.add(id, list);
  const doc = [makeIssue('HOST-001', 'warning', 'Mixed hosts')];
  // Sent like a worker message.
  return structuredClone(w.finish(doc, counts));
}

describe('ValidationSnapshot', () => {
  it('answers each entry with the issues it was given, keys and their order included', () => {
    const r = new SnapshotReads(snapshot());
    for (const [id, list] of byEntry) {
      expect(r.issuesOf(id)).toStrictEqual(list);
      expect(r.issuesOf(id).map((i) => Object.keys(i))).toEqual(list.map((i) => Object.keys(i)));
    }
    expect(r.issuesOf(0)).toEqual([]);
    expect(r.issuesOf(99)).toEqual([]);
    expect(r.issuesOf(-1)).toEqual([]);
    // The same list answers every read (what the grid's memoised rows compare).
    expect(r.issuesOf(7)).toBe(r.issuesOf(7));
  });

  it('lists every issue and the entries with a rule in document order', () => {
    const r = new SnapshotReads(snapshot());
    expect(r.entryIssues()).toStrictEqual(byEntry.flatMap(([, list]) => list));
    expect(r.entriesWithRule('LOC-001')).toEqual([7, 2]);
    expect(r.entriesWithRule('LASTMOD-001')).toEqual([7, 5]);
    expect(r.entriesWithRule('Bad date')).toEqual([]);
    expect(r.entriesWithRule('XML-001')).toEqual([]);
    expect(r.snap.docIssues[0].rule).toBe('HOST-001');
  });

  it('carries no object per issue: typed arrays and one string of the distinct strings', () => {
    const s = snapshot();
    for (const k of ['ids', 'pos', 'starts', 'issues', 'ends'] as const)
      expect(s[k]).toBeInstanceOf(Int32Array);
    // Each distinct string once: rules, severities, messages and fields.
    expect(s.text.split('Bad date').length - 1).toBe(1);
    expect(s.ids).toEqual(Int32Array.from([7, 2, 5]));
  });

  it('is empty for a validator without entry issues', () => {
    const r = new SnapshotReads(new SnapshotWriter().finish([], counts));
    expect(r.issuesOf(0)).toEqual([]);
    expect(r.entryIssues()).toEqual([]);
    expect(r.entriesWithRule('LOC-001')).toEqual([]);
  });
});
