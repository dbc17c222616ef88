import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import {
  applyPatch,
  hasPreparedCopy,
  idIndexOf,
  idIndexSteps,
  invertPatch,
  type Patch,
  prepareCopy,
} from './patch.ts';
import { makeDocument, makeEntry } from './testing.ts';

describe('applyPatch / invertPatch', () => {
  it('updates one entry and undoes it', () => {
    const doc = makeDocument(5);
    const before = doc.entries[2];
    const p: Patch = {
      label: 'Edit',
      added: [],
      updated: [[before, { ...before, priority: '0.9' }]],
      removed: [],
    };
    const next = applyPatch(doc, p);
    expect(next.entries[2].priority).toBe('0.9');
    expect(doc.entries[2]).toBe(before);
    expect(applyPatch(next, invertPatch(p)).entries).toEqual(doc.entries);
  });

  it('inserts at final indexes and removes by id', () => {
    const doc = makeDocument(4);
    const a = makeEntry(10);
    const b = makeEntry(11);
    const p: Patch = {
      label: 'Mixed',
      added: [
        { entry: b, index: 3 },
        { entry: a, index: 0 },
      ],
      updated: [],
      removed: [{ entry: doc.entries[1], index: 1 }],
    };
    const next = applyPatch(doc, p);
    expect(next.entries.map((e) => e.id)).toEqual([10, 0, 2, 11, 3]);
    expect(next.nextId).toBe(12);
    expect(applyPatch(next, invertPatch(p)).entries.map((e) => e.id)).toEqual([0, 1, 2, 3]);
  });

  it('reorders and restores the order', () => {
    const doc = makeDocument(3);
    const p: Patch = {
      label: 'Sort',
      added: [],
      updated: [],
      removed: [],
      reorder: { before: Int32Array.from([0, 1, 2]), after: Int32Array.from([2, 0, 1]) },
    };
    const next = applyPatch(doc, p);
    expect(next.entries.map((e) => e.id)).toEqual([2, 0, 1]);
    expect(applyPatch(next, invertPatch(p)).entries.map((e) => e.id)).toEqual([0, 1, 2]);
  });

  it('refuses a patch that does not fit the document', () => {
    const doc = makeDocument(2);
    const ghost = makeEntry(99);
    expect(() => applyPatch(doc, { label: 'x', added: [], updated: [[ghost, ghost]], removed: [] })).toThrow(
      /does not fit/,
    );
  });

  it('round-trips random patches (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (n, removeSeeds, updateSeeds, addSeeds) => {
          const doc = makeDocument(n);
          const removedIdx = n ? [...new Set(removeSeeds.map((s) => s % n))] : [];
          const removedIds = new Set(removedIdx.map((i) => doc.entries[i].id));
          const keep = doc.entries.filter((e) => !removedIds.has(e.id));
          const updIds = keep.length ? [...new Set(updateSeeds.map((s) => keep[s % keep.length].id))] : [];
          const finalLen = keep.length + addSeeds.length;
          // Pick addSeeds.length distinct final positions (partial Fisher-Yates).
          const pool = Array.from({ length: finalLen }, (_, i) => i);
          addSeeds.forEach((s, k) => {
            const j = k + (s % (finalLen - k));
            [pool[k], pool[j]] = [pool[j], pool[k]];
          });
          const addIdx = pool.slice(0, addSeeds.length);
          const at = idIndexOf(doc.entries);
          const p: Patch = {
            label: 'random',
            removed: removedIdx.map((index) => ({ entry: doc.entries[index], index })),
            updated: updIds.map((id) => [doc.entries[at[id]], { ...doc.entries[at[id]], priority: 'x' }]),
            added: addIdx.map((index, k) => ({ entry: makeEntry(1000 + k), index })),
          };
          const next = applyPatch(doc, p);
          for (const a of p.added) expect(next.entries[a.index]).toBe(a.entry);
          expect(next.entries.length).toBe(n - p.removed.length + p.added.length);
          expect(applyPatch(next, invertPatch(p)).entries).toEqual(doc.entries);
        },
      ),
    );
  });
});

describe('idIndexSteps', () => {
  // Ids out of order and with gaps, as after deletes, inserts and an applied sort.
  const shuffled = () => [7, 2, 11, 0, 5, 9].map((id) => ({ ...makeEntry(id), id }));

  it('builds in steps the index idIndexOf returns, ids out of order and with gaps', () => {
    const entries = shuffled();
    let steps = 0;
    for (const _ of idIndexSteps(entries, 2)) steps++;
    expect(steps).toBeGreaterThanOrEqual(4);
    const at = idIndexOf(entries);
    expect(at.length).toBe(12);
    for (const [i, e] of entries.entries()) expect(at[e.id]).toBe(i);
    for (const absent of [1, 3, 4, 6, 8, 10]) expect(at[absent]).toBe(-1);
  });

  it('keeps the index an edit built meanwhile, and has nothing to do once built', () => {
    const entries = shuffled();
    const steps = idIndexSteps(entries, 2);
    steps.next();
    steps.next();
    steps.next();
    steps.next();
    const byEdit = idIndexOf(entries);
    for (const _ of steps);
    expect(idIndexOf(entries)).toBe(byEdit);
    expect([...idIndexSteps(entries, 2)]).toEqual([]);
  });
});

describe('prepareCopy (the next change copy made ahead, issue #18)', () => {
  const edit = (doc: SitemapDocument, i: number, priority: string): Patch => ({
    label: 'Edit',
    added: [],
    updated: [[doc.entries[i], { ...doc.entries[i], priority }]],
    removed: [],
  });

  it('writes an update into the prepared copy, hands it out once and leaves the document as it was', () => {
    const doc = makeDocument(6);
    const was = doc.entries.slice();
    prepareCopy(doc.entries);
    expect(hasPreparedCopy(doc.entries)).toBe(true);
    const a = applyPatch(doc, edit(doc, 2, '0.9'));
    expect(hasPreparedCopy(doc.entries)).toBe(false);
    // A second patch of the same document gets a copy of its own, not the one `a` wrote into.
    const b = applyPatch(doc, edit(doc, 4, '0.1'));
    expect(b.entries).not.toBe(a.entries);
    expect(a.entries[2].priority).toBe('0.9');
    expect(a.entries[4]).toBe(doc.entries[4]);
    expect(b.entries[4].priority).toBe('0.1');
    expect(b.entries[2]).toBe(doc.entries[2]);
    expect(doc.entries).toEqual(was);
    for (const [i, e] of was.entries()) expect(doc.entries[i]).toBe(e);
    // Positions are unchanged: the id index is handed on, as for a copy made in the patch.
    expect(idIndexOf(a.entries)).toBe(idIndexOf(doc.entries));
  });

  it('is not taken by a patch that builds a new array anyway, and is kept for the next one', () => {
    const doc = makeDocument(4);
    prepareCopy(doc.entries);
    const removed = applyPatch(doc, {
      label: 'x',
      added: [],
      updated: [],
      removed: [{ entry: doc.entries[1], index: 1 }],
    });
    expect(removed.entries.map((e) => e.id)).toEqual([0, 2, 3]);
    expect(hasPreparedCopy(doc.entries)).toBe(true);
    const edited = applyPatch(doc, edit(doc, 1, '0.5'));
    expect(edited.entries.map((e) => e.id)).toEqual([0, 1, 2, 3]);
    expect(edited.entries[1].priority).toBe('0.5');
    expect(doc.entries[1].priority).not.toBe('0.5');
  });

  it('gives what a patch without it gives (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.nat(), { maxLength: 8 }), (n, seeds) => {
        const doc = makeDocument(n);
        const p: Patch = { label: 'random', added: [], updated: [], removed: [] };
        for (const id of new Set(seeds.map((s) => s % n)))
          p.updated.push([doc.entries[id], { ...doc.entries[id], priority: `0.${id % 10}` }]);
        const plain = applyPatch(doc, p).entries;
        prepareCopy(doc.entries);
        const prepared = applyPatch(doc, p).entries;
        expect(prepared).not.toBe(doc.entries);
        expect(prepared).toEqual(plain);
        expect(applyPatch({ ...doc, entries: prepared }, invertPatch(p)).entries).toEqual(doc.entries);
      }),
    );
  });
});
