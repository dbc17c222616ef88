import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import type { ColumnId } from './columns.ts';
import { applyPatch, type Patch } from './patch.ts';
import { buildSortIndex, updateSortIndex, walkSortIndex } from './sortIndex.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';
import { createParseIssuesValidator } from './validation.ts';

const v = createParseIssuesValidator();

/** Reference: stable comparison sort of rows, empties last, ties in document order. */
function reference(
  entries: Entry[],
  key: (e: Entry) => string | number | undefined,
  dir: 'asc' | 'desc',
): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return entries
    .map((e, i) => ({ k: key(e), i }))
    .sort((a, b) => {
      if (a.k === b.k) return a.i - b.i;
      if (a.k === undefined) return 1;
      if (b.k === undefined) return -1;
      return (a.k < b.k ? -1 : 1) * sign;
    })
    .map((x) => x.i);
}

const keys: Partial<Record<ColumnId, (e: Entry) => string | number | undefined>> = {
  loc: (e) => e.loc || undefined,
  lastmod: (e) => e.lastmod || undefined,
  priority: (e) => (e.priority ? Number(e.priority) : undefined),
};

describe('sort index', () => {
  it('walks both directions like a stable comparison sort, with empties last', () => {
    const entries = makeDocument(3000).entries;
    for (const [column, key] of Object.entries(keys) as Array<
      [ColumnId, (e: Entry) => string | number | undefined]
    >) {
      const index = buildSortIndex(entries, column, v);
      for (const dir of ['asc', 'desc'] as const) {
        expect(Array.from(walkSortIndex(index, dir, null, v))).toEqual(reference(entries, key, dir));
      }
    }
  });

  it('orders numeric keys with ties, unparseable values and empties like a comparison sort', () => {
    const values = ['0.5', '', '-0', 'high', '0', ' 0.5 ', '1e3', undefined, '0.50', 'x', '-2', '0.1'];
    const entries = Array.from({ length: 600 }, (_, i) => ({
      id: i,
      loc: `https://a.example/${i}`,
      priority: values[(i * 7) % values.length],
    }));
    const key = (e: Entry) => {
      if (e.priority === undefined || e.priority.trim() === '') return undefined;
      const p = Number(e.priority);
      return Number.isNaN(p) ? Number.MAX_VALUE : p === 0 ? 0 : p;
    };
    const index = buildSortIndex(entries, 'priority', v);
    expect(index.filled).toBe(entries.filter((e) => key(e) !== undefined).length);
    for (const dir of ['asc', 'desc'] as const) {
      expect(Array.from(walkSortIndex(index, dir, null, v))).toEqual(reference(entries, key, dir));
    }
  });

  it('orders a numeric column with many distinct keys (ranked through a map)', () => {
    const entries = Array.from({ length: 900 }, (_, i) => ({
      id: i,
      loc: `https://a.example/${i}`,
      priority: i % 9 === 0 ? undefined : String(((i * 37) % 101) / 7),
    }));
    const key = (e: Entry) => (e.priority === undefined ? undefined : Number(e.priority));
    const index = buildSortIndex(entries, 'priority', v);
    for (const dir of ['asc', 'desc'] as const) {
      expect(Array.from(walkSortIndex(index, dir, null, v))).toEqual(reference(entries, key, dir));
    }
  });

  it('keeps only masked rows', () => {
    const entries = makeDocument(50).entries;
    const mask = new Uint8Array(50);
    for (let i = 0; i < 50; i += 3) mask[i] = 1;
    const walked = Array.from(walkSortIndex(buildSortIndex(entries, 'loc', v), 'desc', mask, v));
    expect(walked).toEqual(reference(entries, keys.loc!, 'desc').filter((i) => mask[i] === 1));
  });

  it('carried across cell edits equals a fresh build (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            row: fc.nat(),
            value: fc.constantFrom('', '0.1', '0.5', '1.0', 'https://a.example/x', '2024-01-01'),
          }),
          {
            maxLength: 20,
          },
        ),
        fc.constantFrom<ColumnId>('loc', 'lastmod', 'priority', 'changefreq'),
        (edits, column) => {
          const doc = makeDocument(200);
          const field = column as 'loc' | 'lastmod' | 'priority' | 'changefreq';
          const touched = new Map<number, Entry>();
          for (const { row, value } of edits) {
            const before = doc.entries[row % 200];
            touched.set(before.id, { ...before, [field]: value });
          }
          const patch: Patch = {
            label: 'edit',
            added: [],
            removed: [],
            updated: [...touched.values()].map((after) => [doc.entries[after.id], after]),
          };
          const next = applyPatch(doc, patch).entries;
          const original = buildSortIndex(doc.entries, column, v);
          // Half the runs start from an index whose run flags exist (the copy path of the carry).
          if (edits.length % 2 === 0) walkSortIndex(original, 'desc', null, v);
          const carried = updateSortIndex(original, next, patch, v);
          const fresh = buildSortIndex(next, column, v);
          expect(carried && Array.from(carried.asc)).toEqual(Array.from(fresh.asc));
          expect(carried && Array.from(walkSortIndex(carried, 'desc', null, v))).toEqual(
            Array.from(walkSortIndex(fresh, 'desc', null, v)),
          );
        },
      ),
    );
  });

  it('is not carried across inserts or deletes', () => {
    const doc = makeDocument(5);
    const patch: Patch = {
      label: 'del',
      added: [],
      updated: [],
      removed: [{ entry: doc.entries[0], index: 0 }],
    };
    expect(
      updateSortIndex(buildSortIndex(doc.entries, 'loc', v), applyPatch(doc, patch).entries, patch, v),
    ).toBeNull();
  });

  it('the store view stays sorted after an edit, a delete and an undo', async () => {
    const doc = makeDocument(100);
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 0,
    });
    await store.commands.openFile('s.xml', new Uint8Array());
    store.commands.setSort({ column: 'loc', dir: 'asc' });
    const locs = () => {
      const s = store.getState();
      return Array.from(s.rowOrder, (i) => s.doc!.entries[i].loc);
    };
    expect(locs()).toEqual(doc.entries.map((e) => e.loc).sort());
    store.commands.setCell(5, 'loc', 'https://a.example/first');
    expect(locs()[0]).toBe('https://a.example/first');
    store.commands.deleteRows([5]);
    store.commands.appendUrls(['https://zzz.example/']);
    const now = store.getState().doc!.entries.map((e) => e.loc);
    expect(locs()).toEqual([...now].sort());
    store.commands.undo();
    store.commands.undo();
    expect(locs()[0]).toBe('https://a.example/first');
    expect(store.getState().rowOrder).toHaveLength(100);
  });
});
