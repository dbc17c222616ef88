/**
 * A reload gives the user's work back exactly, and with it the file's formatting (issue #18's 1M
 * restore: the keep source comes back without the page receiving the parsed entries): the
 * restored document equals the saved one, and a keep-formatting export after the reload is
 * byte-identical to one made before it.
 */
import { describe, expect, it } from 'vitest';
import { entryPrintSteps, joinKeepSteps, keepParts } from '../core/keep/restore.ts';
import { plainEntries } from '../core/lazyEntries.ts';
import type { Entry } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { runSteps } from '../core/steps.ts';
import { createSitemapClient } from '../workers/client.ts';
import { decodeEntryColumns } from '../workers/entryColumns.ts';
import { encodeEntryColumns } from '../workers/entryColumnsEncode.ts';
import type { SavedFile } from './persist.ts';
import { createAppStore } from './store.ts';
import { engineWorker } from './testing.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>\r
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\r
\t<url>\r
\t\t<loc>https://a.example/</loc>\r
\t\t<lastmod>2024-01-01</lastmod>\r
\t</url>\r
  <url><loc>https://a.example/b</loc><lastmod>2024-01-02</lastmod>\r
\t\t<image:image><image:loc>https://a.example/b.png</image:loc></image:image></url>\r
\t<url>\r
\t\t<loc>https://a.example/c</loc>\r
\t\t<priority>0.5</priority>\r
\t</url>\r
\t<url>\r
\t\t<loc>https://a.example/d</loc>\r
\t</url>\r
</urlset>\r
`;

function newStore(requests: string[], sliced: boolean) {
  const worker = createSitemapClient({ createWorker: () => engineWorker(requests) });
  const timers = sliced
    ? { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: () => undefined }
    : undefined;
  return createAppStore({ worker, now: () => Date.UTC(2026, 0, 1), timers });
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(ok()).toBe(true);
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** A saved file as a reload reads it back (a clone; a received document's entries as a plain array). */
const reloaded = (file: unknown): SavedFile => {
  const f = file as SavedFile;
  return structuredClone({ ...f, doc: { ...f.doc, entries: plainEntries(f.doc.entries) } });
};

describe('a reload restores the document and its kept formatting', () => {
  for (const sliced of [false, true]) {
    it(`gives back the saved entries and history, and the same keep-format export${sliced ? ' (in slices)' : ''}`, async () => {
      const before = newStore([], false);
      await before.commands.openFile('s.xml', new TextEncoder().encode(XML));
      const ids = before.getState().doc?.entries.map((e) => e.id) ?? [];
      before.commands.setCell(ids[1], 'lastmod', '2025-06-30');
      before.commands.deleteRows([ids[3]]);
      before.commands.insertRows(0, 1);
      const kept = await before.commands.export({ format: 'xml', keepFormat: true }, 'preview');
      expect(kept.kept).toBe(true);
      const saved = reloaded(before.commands.persistable());
      expect(saved.source).toBeInstanceOf(Uint8Array);

      const requests: string[] = [];
      const after = newStore(requests, sliced);
      after.commands.restoreFile(structuredClone(saved));
      await until(() => after.getState().keepable);
      const doc = after.getState().doc;
      expect(doc?.entries).toEqual(saved.doc.entries);
      const back = after.commands.persistable();
      expect(back?.undo).toEqual(saved.undo);
      expect(back?.redo).toEqual(saved.redo);
      expect(after.getState().history.undoLabel).toBe('Insert row');
      const again = await after.commands.export({ format: 'xml', keepFormat: true }, 'preview');
      expect(again.kept).toBe(true);
      expect(text(again.files[0].bytes)).toBe(text(kept.files[0].bytes));
      expect(text(again.files[0].bytes)).toContain('2025-06-30');
      expect(text(again.files[0].bytes)).not.toContain('a.example/d<');
      // The worker parsed the file for its layout; the page did not ask for its entries.
      expect(requests).toContain('keep');
      expect(requests).not.toContain('parse');
      // The untouched entries are shared with the document, not held twice.
      const src = after.keepSource?.();
      expect(src?.entries[0]).toBe(doc?.entries.find((e) => e.id === 0));
    });
  }

  it('a save made before the formatting is back still keeps the file for the next reload', async () => {
    const before = newStore([], false);
    await before.commands.openFile('s.xml', new TextEncoder().encode(XML));
    const saved = reloaded(before.commands.persistable());
    const after = newStore([], true);
    after.commands.restoreFile(saved);
    expect(after.getState().keepable).toBe(false);
    const early = after.commands.persistable();
    expect(text(early?.source ?? new Uint8Array())).toBe(XML);
    await until(() => after.getState().keepable);
    expect(text(after.commands.persistable()?.source ?? new Uint8Array())).toBe(XML);
    // Another file replaces it: its source is not carried over.
    await after.commands.openFile('t.txt', new TextEncoder().encode('https://a.example/x\n'));
    expect(text(after.commands.persistable()?.source ?? new Uint8Array())).toBe('https://a.example/x\n');
  });

  it('undoing every edit after a reload exports the file byte for byte', async () => {
    const before = newStore([], false);
    await before.commands.openFile('s.xml', new TextEncoder().encode(XML));
    const first = before.getState().doc?.entries[0];
    if (!first) throw new Error('no entry');
    before.commands.setCell(first.id, 'loc', 'https://a.example/moved');
    const saved = reloaded(before.commands.persistable());
    const after = newStore([], true);
    after.commands.restoreFile(saved);
    await until(() => after.getState().keepable);
    after.commands.undo();
    const out = await after.commands.export({ format: 'xml', keepFormat: true }, 'preview');
    expect(text(out.files[0].bytes)).toBe(XML);
  });
});

describe('keep parts through the worker', () => {
  it('brings every parsed entry back, in chunks, after a bulk edit of all rows', async () => {
    const n = 6_000;
    const rows = Array.from({ length: n }, (_, i) => `<url><loc>https://a.example/${i}</loc></url>`);
    const bytes = new TextEncoder().encode(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>\n`,
    );
    const parsed = parseSitemap(bytes, { fileName: 'big.xml' }).document.entries;
    const edited = parsed.map((e) => ({ ...e, lastmod: '2026-01-01' }));
    const requests: string[] = [];
    const client = createSitemapClient({ createWorker: () => engineWorker(requests) });
    const prints = Promise.resolve(runSteps(entryPrintSteps(edited, n)));
    const parts = await client.keepParts?.(bytes.slice(), 'big.xml', prints);
    expect(parts?.count).toBe(n);
    expect(parts?.differ).toEqual(parsed);
    expect(requests).toEqual(['keep', 'prints']);
    const src = runSteps(joinKeepSteps(parts!, edited));
    expect(src.entries).toEqual(parsed);
  });

  it('ends with no keep source when the page gives up before its prints', async () => {
    const client = createSitemapClient({ createWorker: () => engineWorker([]) });
    const parts = await client.keepParts?.(new TextEncoder().encode(XML), 's.xml', Promise.resolve(null));
    expect(parts).toBeNull();
  });
});

describe('keep parts: only the parsed entries the page does not hold as they are', () => {
  const bytes = new TextEncoder().encode(XML);
  const parsed = parseSitemap(bytes, { fileName: 's.xml' }).document.entries;
  const split = (current: Entry[]) => {
    const prints = runSteps(entryPrintSteps(current, 100));
    const parts = keepParts(bytes, parseSitemap(bytes, { fileName: 's.xml' }), prints);
    if (!parts) throw new Error('no keep source');
    return { parts, src: runSteps(joinKeepSteps(parts, current)) };
  };

  it('sends none for equal copies and shares the page’s entries', () => {
    const current = structuredClone(parsed);
    const { parts, src } = split(current);
    expect(parts.differ).toEqual([]);
    expect(src.entries).toHaveLength(parsed.length);
    for (let k = 0; k < current.length; k++) expect(src.entries[k]).toBe(current[k]);
  });

  it('matches entries that list their keys in another order (as the page decodes them)', () => {
    const reordered = structuredClone(parsed).map(
      (e) => Object.fromEntries(Object.entries(e).reverse()) as Entry,
    );
    expect(Object.keys(reordered[0])).not.toEqual(Object.keys(parsed[0]));
    expect(split(reordered).parts.differ).toEqual([]);
    // What a big open gives the page: entries rebuilt from the worker's columns.
    const decoded: Entry[] = [];
    decodeEntryColumns(structuredClone(encodeEntryColumns(parsed, 0, parsed.length)), decoded);
    expect(decoded).toEqual(parsed);
    expect(split(decoded).parts.differ).toEqual([]);
  });

  const edits: Array<[string, (e: Entry) => Entry]> = [
    ['loc', (e) => ({ ...e, loc: `${e.loc}x` })],
    ['lastmod removed', (e) => ({ ...e, lastmod: undefined })],
    ['image loc', (e) => ({ ...e, images: [{ loc: 'https://a.example/other.png' }] })],
    ['source line', (e) => ({ ...e, line: (e.line ?? 0) + 1 })],
    [
      'one character moved between fields',
      (e) => ({ ...e, loc: e.loc.slice(0, -1), lastmod: `${e.loc.slice(-1)}${e.lastmod}` }),
    ],
  ];
  for (const [what, edit] of edits) {
    it(`sends the parsed form of an edited entry (${what})`, () => {
      const current = structuredClone(parsed);
      current[1] = edit(current[1]);
      const { parts, src } = split(current);
      expect(parts.differ).toEqual([parsed[1]]);
      expect(src.entries[1]).toEqual(parsed[1]);
      expect(src.entries[1]).not.toBe(current[1]);
      expect(src.entries[0]).toBe(current[0]);
    });
  }

  it('sends the parsed form of removed entries and ignores added ones', () => {
    const current = structuredClone(parsed).filter((e) => e.id !== 2);
    current.unshift({ id: 9, loc: 'https://a.example/new' });
    const { parts, src } = split(current);
    expect(parts.differ).toEqual([parsed[2]]);
    expect(src.entries).toHaveLength(parsed.length);
    expect(src.entries[2]).toEqual(parsed[2]);
  });
});
