import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from './model.ts';
import { applyPatch, type Patch } from './patch.ts';
import { applyPatchSteps, patchParts } from './patchSteps.ts';
import { runSteps } from './steps.ts';

const doc = (n: number): SitemapDocument => ({
  kind: 'urlset',
  entries: Array.from({ length: n }, (_, i) => ({ id: i * 2, loc: `https://a.example/${i}` })),
  nextId: n * 2,
});

/** A patch removing, updating and adding rows of `d`, picked by `seed`. */
function patchOf(d: SitemapDocument, seed: number): Patch {
  const removed = d.entries.flatMap((entry, index) => (index % (3 + seed) === 1 ? [{ entry, index }] : []));
  const gone = new Set(removed.map((r) => r.entry.id));
  const updated: Array<[Entry, Entry]> = d.entries
    .filter((e, i) => i % (5 + seed) === 2 && !gone.has(e.id))
    .map((e) => [e, { ...e, priority: '0.5' }]);
  const left = d.entries.length - removed.length;
  const added = Array.from({ length: 4 + seed }, (_, i) => ({
    entry: { id: d.nextId + i, loc: `https://a.example/new/${i}` },
    index: Math.min(left + i, (i * 7 + seed) % (left + 1)),
  }));
  return { label: 'Test', removed, updated, added: seed % 2 ? added : added.slice(0, 0) };
}

describe('applyPatchSteps', () => {
  it('builds the document applyPatch builds, for every step size', () => {
    for (const seed of [0, 1, 2, 3])
      for (const rows of [1, 2, 7, 64, 1000]) {
        const d = doc(50 + seed);
        const p = patchOf(d, seed);
        const steps = applyPatchSteps(d, p, rows);
        let yields = 0;
        let r = steps.next();
        for (; !r.done; r = steps.next()) yields++;
        expect(r.value).toEqual(applyPatch(d, p));
        if (rows === 1) expect(yields).toBeGreaterThan(10);
      }
  });

  it('copies the rows of an update-only patch in steps too', () => {
    // Issue #17: "Replace canonicalised URLs" (7,273 updates of 1,000,000 rows) copied the rows
    // and built their id index in one step, the start of a 41 ms task on the page.
    const d = doc(100);
    const p: Patch = {
      label: 'x',
      removed: [],
      updated: d.entries.filter((_, i) => i % 9 === 4).map((e) => [e, { ...e, lastmod: '2026-01-01' }]),
      added: [],
    };
    const steps = applyPatchSteps(d, p, 10);
    let yields = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) yields++;
    expect(yields).toBeGreaterThanOrEqual(9);
    expect(r.value).toEqual(applyPatch(d, p));
    expect(r.value.entries).not.toBe(d.entries);
    expect(d.entries.every((e) => e.lastmod === undefined)).toBe(true);
  });

  it('throws as applyPatch does when the patch does not fit', () => {
    const d = doc(10);
    const p: Patch = {
      label: 'x',
      removed: [{ entry: { id: 999, loc: 'x' }, index: 0 }],
      updated: [],
      added: [],
    };
    expect(() => applyPatch(d, p)).toThrow(/does not fit/);
    expect(() => runSteps(applyPatchSteps(d, p, 3))).toThrow(/does not fit/);
  });

  it('cuts a patch into parts that together hold it, removals first', () => {
    const d = doc(40);
    const p = { ...patchOf(d, 1), added: patchOf(d, 1).added };
    const parts = [...patchParts(p, 3)];
    expect(parts.every((x) => x.removed.length + x.updated.length + x.added.length <= 3)).toBe(true);
    expect(parts.flatMap((x) => x.removed)).toEqual(p.removed);
    expect(parts.flatMap((x) => x.updated)).toEqual(p.updated);
    expect(parts.flatMap((x) => x.added)).toEqual(p.added);
    const firstAdd = parts.findIndex((x) => x.added.length > 0);
    expect(parts.slice(firstAdd).every((x) => x.removed.length === 0)).toBe(true);
  });
});
