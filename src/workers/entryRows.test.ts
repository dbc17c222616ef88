/**
 * A received document's entries are made when read (core/lazyEntries.ts over entryRows.ts): the
 * array reads as a plain `Entry[]`, each entry is made once and keeps its identity across the
 * documents an edit makes, and the passes over every row (validator, id index, edit copy,
 * patches, autosave) make no entry.
 */
import { describe, expect, it } from 'vitest';
import {
  copyEntries,
  type EntrySource,
  lazyEntries,
  lazyRows,
  plainEntries,
  type Slot,
  slotsOf,
} from '../core/lazyEntries.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { applyPatch, entryPatch, idIndexOf, invertPatch, type Patch, prepareCopy } from '../core/patch.ts';
import { runSteps } from '../core/steps.ts';
import { checkColumns, checkedRun } from '../core/validate/checked.ts';
import { Validator } from '../core/validate.ts';
import { createSitemapClient } from './client.ts';
import { encodeEntryColumns } from './entryColumnsEncode.ts';
import { EntryRows } from './entryRows.ts';

const NOW = Date.UTC(2026, 10, 21);

function sitemap(n: number): Uint8Array {
  const urls = Array.from(
    { length: n },
    (_, i) =>
      `<url><loc>https://www.example.com/p/${i % 97 === 5 ? 3 : i}</loc>${i % 2 ? `<lastmod>2024-0${(i % 9) + 1}-01</lastmod>` : ''}${
        i % 7 ? '' : `<image:image><image:loc>https://cdn.example.com/${i}.jpg</image:loc></image:image>`
      }${i % 50 === 7 ? `<xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/${i}"/>` : ''}${
        i % 400 === 3 ? '<video:video><video:title>v</video:title></video:video>' : ''
      }</url>`,
  );
  return new TextEncoder().encode(
    `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>`,
  );
}

/** `entries` as a received document holds them: columns in chunks of `chunk`, a source counting what it makes. */
function received(entries: readonly Entry[], chunk = 700) {
  const rows = new EntryRows();
  const slots: Slot[] = [];
  for (let from = 0; from < entries.length; from += chunk) {
    const c = structuredClone(encodeEntryColumns(entries, from, Math.min(entries.length, from + chunk)));
    rows.add(c);
  }
  for (let i = 0; i < rows.n; i++) slots.push(i);
  const made = new Set<number>();
  const counting: EntrySource = {
    entry(row) {
      made.add(row);
      return rows.entry(row);
    },
    peek: (row) => rows.peek(row),
    id: (row) => rows.id(row),
    loc: (row) => rows.loc(row),
    field: (row, name) => rows.field(row, name),
  };
  return { entries: lazyEntries(counting, slots), made: () => made.size };
}

const unread = (entries: readonly Entry[]) =>
  slotsOf(entries).slots.filter((s) => typeof s === 'number').length;

describe('a received document: entries made when read', () => {
  it('comes out of the client lazily, reads as the parsed entries, and each entry is made once', async () => {
    const bytes = sitemap(3000);
    const direct = parseSitemap(bytes.slice()).document.entries;
    const { document } = await createSitemapClient({ createWorker: () => null }).parse(bytes, 'a.xml');
    const entries = document.entries;
    expect(lazyRows(entries)).not.toBeNull();
    expect(unread(entries)).toBe(3000);
    expect(Array.isArray(entries)).toBe(true);
    expect(entries.length).toBe(3000);
    const e5 = entries[5];
    expect(entries[5]).toBe(e5);
    expect(unread(entries)).toBe(2999);
    // A copy (the next edit's) reads the same objects, for rows made before and after it.
    const copy = copyEntries(entries);
    expect(lazyRows(copy)).not.toBeNull();
    expect(copy[5]).toBe(e5);
    expect(copy[6]).toBe(entries[6]);
    // Every way of reading an array.
    expect(entries).toStrictEqual(direct);
    expect([...entries]).toStrictEqual(direct);
    expect(entries.slice(10, 20)).toStrictEqual(direct.slice(10, 20));
    expect(entries.map((e) => e.loc)).toEqual(direct.map((e) => e.loc));
    expect(entries.indexOf(e5)).toBe(5);
    expect(Object.keys(entries)).toHaveLength(3000);
    expect(Object.getOwnPropertyDescriptor(entries, '7')?.value).toBe(entries[7]);
    expect(JSON.stringify(entries)).toBe(JSON.stringify(direct));
    // A Proxy is not cloneable; its plain array is, with the same objects.
    expect(() => structuredClone(copyEntries(document.entries))).toThrow();
    const plain = plainEntries(entries);
    expect(lazyRows(plain)).toBeNull();
    expect(plain[5]).toBe(e5);
    expect(structuredClone(plain)).toStrictEqual(direct);
  });

  it('edits, undo and redo keep the document lazy, make only the entries they touch, and keep identity', () => {
    const doc = parseSitemap(sitemap(2000)).document;
    const { entries, made } = received(doc.entries);
    let cur: SitemapDocument = { ...doc, entries };
    expect(idIndexOf(cur.entries)[1234]).toBe(1234);
    prepareCopy(cur.entries);
    expect(made()).toBe(0);
    const history: Patch[] = [];
    const step = (p: Patch) => {
      cur = applyPatch(cur, p);
      history.push(p);
      expect(lazyRows(cur.entries)).not.toBeNull();
    };
    const before = cur.entries[10];
    step(entryPatch({ updated: [[before, { ...before, priority: '0.9' }]] }));
    const removed = cur.entries[500];
    step({ label: 'remove', added: [], updated: [], removed: [{ entry: removed, index: 500 }] });
    const added: Entry = { id: cur.nextId, loc: 'https://www.example.com/new' };
    step({ label: 'add', added: [{ entry: added, index: 3 }], updated: [], removed: [] });
    const order = Int32Array.from([...cur.entries].map((e) => e.id).reverse());
    const made0 = made();
    const reordered = applyPatch(cur, {
      label: 'sort',
      added: [],
      updated: [],
      removed: [],
      reorder: { before: Int32Array.from(order).reverse(), after: order },
    });
    expect(made()).toBe(made0);
    expect(reordered.entries[0]).toBe(cur.entries[cur.entries.length - 1]);
    // Only the rows the patches name were made (and those the reorder's ids came from the columns).
    cur = { ...doc, entries };
    history.length = 0;
    const fresh = received(doc.entries);
    cur = { ...doc, entries: fresh.entries };
    const b = cur.entries[10];
    step(entryPatch({ updated: [[b, { ...b, priority: '0.9' }]] }));
    const r = cur.entries[500];
    step({ label: 'remove', added: [], updated: [], removed: [{ entry: r, index: 500 }] });
    step({ label: 'add', added: [{ entry: added, index: 3 }], updated: [], removed: [] });
    expect(fresh.made()).toBe(2);
    const after = cur;
    // Undo all, then redo all: the same entries, the same objects.
    for (const p of [...history].reverse()) cur = applyPatch(cur, invertPatch(p));
    expect(cur.entries).toStrictEqual(doc.entries);
    expect(cur.entries[10]).toBe(b);
    expect(cur.entries[500]).toBe(r);
    for (const p of history) cur = applyPatch(cur, p);
    expect(cur.entries).toStrictEqual(after.entries);
    for (let i = 0; i < cur.entries.length; i += 97) expect(cur.entries[i]).toBe(after.entries[i]);
  });

  it('a validator filed from the columns makes no entry, and answers as one filed from entries', () => {
    const doc = parseSitemap(sitemap(3000)).document;
    const { entries, made } = received(doc.entries);
    const settings = { now: NOW, publishUrl: 'https://www.example.com/sitemap.xml' };
    const run = checkedRun(doc.kind, doc.entries, [], settings);
    const plain = new Validator(settings);
    const lazy = new Validator(settings);
    for (let from = 0; from < 3000; from += 1000) {
      // The run at 1000 without the worker's pass: the page checks those rows itself.
      const c = checkColumns(run, doc.entries, from, from + 1000, from !== 1000);
      plain.addChecked(doc.entries, from, c);
      lazy.addChecked(entries, from, structuredClone(c));
    }
    runSteps(plain.finishCheckedSteps(doc));
    runSteps(lazy.finishCheckedSteps({ ...doc, entries }));
    // Nothing is kept: the duplicates' (every 97th row repeats a loc) and the hreflang rows'
    // messages read their rows and drop them.
    expect(lazy.all().some((i) => i.rule === 'HREF-006')).toBe(true);
    expect(made()).toBe(0);
    expect(lazy.all()).toStrictEqual(plain.all());
    expect(lazy.counts()).toStrictEqual(plain.counts());
    // An edit of a row not made before.
    const e = entries[2001];
    const patch = entryPatch({ updated: [[e, { ...e, loc: 'https://www.example.com/p/4' }]] });
    plain.apply(entryPatch({ updated: [[doc.entries[2001], patch.updated[0][1]]] }));
    lazy.apply(patch);
    expect(lazy.all()).toStrictEqual(plain.all());
  });
});
