import { describe, expect, it } from 'vitest';
import type { Entry, ParseResult } from '../core/model.ts';
import { columnOrder } from '../core/sort/columnOrder.ts';
import { applyPatch, type Patch } from './patch.ts';
import { createSortHints } from './sortHints.ts';
import { buildSortIndex, walkSortIndex } from './sortIndex.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';
import { createParseIssuesValidator } from './validation.ts';

const v = createParseIssuesValidator();

const edit = (entries: Entry[], row: number, loc: string): Patch => ({
  label: 'edit',
  added: [],
  removed: [],
  updated: [[entries[row], { ...entries[row], loc }]],
});

function sameOrder(a: ReturnType<typeof buildSortIndex> | null, b: ReturnType<typeof buildSortIndex>) {
  expect(a).not.toBeNull();
  if (!a) return;
  expect(Array.from(walkSortIndex(a, 'asc', null, v))).toEqual(Array.from(walkSortIndex(b, 'asc', null, v)));
  expect(Array.from(walkSortIndex(a, 'desc', null, v))).toEqual(
    Array.from(walkSortIndex(b, 'desc', null, v)),
  );
}

describe('sort hints (orders computed by the worker after a parse)', () => {
  it('give the index a fresh sort would, in both directions, for the entries they were made for', () => {
    const { entries } = makeDocument(2000);
    const hints = createSortHints();
    hints.offer(entries, columnOrder(entries, 'loc'));
    hints.offer(entries, columnOrder(entries, 'lastmod'));
    sameOrder(hints.take(entries, 'lastmod', v), buildSortIndex(entries, 'lastmod', v));
    sameOrder(hints.take(entries, 'loc', v), buildSortIndex(entries, 'loc', v));
    // Used once: the store carries its own index from then on.
    expect(hints.take(entries, 'loc', v)).toBeNull();
  });

  it('are carried across cell edits made before the first sort', () => {
    const doc = makeDocument(2000);
    const hints = createSortHints();
    hints.offer(doc.entries, columnOrder(doc.entries, 'loc'));
    let cur = doc;
    for (const [row, loc] of [
      [5, 'https://a.example/'],
      [1999, 'zzz'],
      [5, 'https://m.example/again'],
      [700, ''],
    ] as const) {
      const patch = edit(cur.entries, row, loc);
      const next = applyPatch(cur, patch);
      hints.patched(cur.entries, next.entries, patch);
      cur = next;
    }
    sameOrder(hints.take(cur.entries, 'loc', v), buildSortIndex(cur.entries, 'loc', v));
  });

  it('are dropped when rows are added, or when the document is another one', () => {
    const doc = makeDocument(200);
    const hints = createSortHints();
    hints.offer(doc.entries, columnOrder(doc.entries, 'loc'));
    const added: Patch = {
      label: 'add',
      added: [{ index: 0, entry: { ...doc.entries[0], id: 10_000 } }],
      removed: [],
      updated: [],
    };
    const next = applyPatch(doc, added);
    hints.patched(doc.entries, next.entries, added);
    expect(hints.take(next.entries, 'loc', v)).toBeNull();

    const other = makeDocument(200, 7);
    hints.offer(doc.entries, columnOrder(doc.entries, 'loc'));
    hints.reset(other.entries);
    expect(hints.take(doc.entries, 'loc', v)).toBeNull();
    hints.offer(doc.entries, columnOrder(other.entries.slice(1), 'loc'));
    expect(hints.take(doc.entries, 'loc', v)).toBeNull();
  });
});

describe('the store and worker orders', () => {
  it("takes the first sort by loc from the worker's order of the opened file", async () => {
    const doc = makeDocument(50);
    const result: ParseResult = { kind: 'urlset', document: doc, issues: [], fatal: null };
    const client = fakeClient(() => result);
    // The worker's order, reversed: if the store sorted on its own, this could not show through.
    const order = columnOrder(doc.entries, 'loc');
    const reversed = { ...order, asc: order.asc.slice().reverse(), runEnd: new Uint8Array(50).fill(1) };
    const parse = client.parse;
    client.parse = async (bytes, name, onProgress, signal, onOrder) => {
      const r = await parse(bytes, name, onProgress, signal);
      queueMicrotask(() => onOrder?.(reversed, r.document.entries));
      return r;
    };
    const store = createAppStore({ worker: client, now: () => 0 });
    await store.commands.openFile('big.xml', new Uint8Array([60]));
    store.commands.setSort({ column: 'loc', dir: 'asc' });
    expect(Array.from(store.getState().rowOrder)).toEqual(Array.from(reversed.asc));
    // A second sort by another column is the store's own.
    store.commands.setSort({ column: 'lastmod', dir: 'asc' });
    const own = walkSortIndex(buildSortIndex(doc.entries, 'lastmod', v), 'asc', null, v);
    expect(Array.from(store.getState().rowOrder)).toEqual(Array.from(own));
  });

  it("asks for the worker's orders once the open is done, and takes the order that comes then", async () => {
    const doc = makeDocument(50);
    const result: ParseResult = { kind: 'urlset', document: doc, issues: [], fatal: null };
    const client = fakeClient(() => result);
    const order = columnOrder(doc.entries, 'loc');
    const reversed = { ...order, asc: order.asc.slice().reverse(), runEnd: new Uint8Array(50).fill(1) };
    const parse = client.parse;
    let send: (() => void) | null = null;
    client.parse = async (bytes, name, onProgress, signal, onOrder) => {
      const r = await parse(bytes, name, onProgress, signal);
      send = () => onOrder?.(reversed, r.document.entries);
      return r;
    };
    const asked: Array<number | undefined> = [];
    const store = createAppStore({ worker: client, now: () => 0 });
    client.releaseOrders = () => {
      asked.push(store.getState().doc?.entries.length);
      (send as (() => void) | null)?.();
    };
    await store.commands.openFile('big.xml', new Uint8Array([60]));
    // Asked once, with the document already open (and checked).
    expect(asked).toEqual([50]);
    store.commands.setSort({ column: 'loc', dir: 'asc' });
    expect(Array.from(store.getState().rowOrder)).toEqual(Array.from(reversed.asc));
  });

  it('keeps no order for a file that did not open', async () => {
    const doc = makeDocument(50);
    const fatal = { message: 'broken', line: 1, column: 1 };
    const result: ParseResult = { kind: 'urlset', document: doc, issues: [], fatal };
    const client = fakeClient(() => result);
    const order = columnOrder(doc.entries, 'loc');
    const reversed = { ...order, asc: order.asc.slice().reverse(), runEnd: new Uint8Array(50).fill(1) };
    let late: (() => void) | null = null;
    const parse = client.parse;
    client.parse = async (bytes, name, onProgress, signal, onOrder) => {
      const r = await parse(bytes, name, onProgress, signal);
      late = () => onOrder?.(reversed, r.document.entries);
      return r;
    };
    const store = createAppStore({ worker: client, now: () => 0 });
    await store.commands.openFile('broken.xml', new Uint8Array([60]));
    expect(store.getState().loadError).not.toBeNull();
    (late as (() => void) | null)?.();
    // Opened partially afterwards: the same entries, but the order came while they were not open.
    store.commands.openPartial();
    await new Promise((r) => setTimeout(r, 0));
    store.commands.setSort({ column: 'loc', dir: 'asc' });
    const own = walkSortIndex(buildSortIndex(doc.entries, 'loc', v), 'asc', null, v);
    expect(Array.from(store.getState().rowOrder)).toEqual(Array.from(own));
  });
});
