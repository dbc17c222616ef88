/**
 * Issue #18, the split open: above the worker's whole-validation limit the worker runs the
 * per-entry pass of the validation and sends it with most entry chunks; the page files its
 * validator from those columns as they arrive (running the pass itself, in slices, for the other
 * chunks) and then runs only the checks across entries. What the user sees — cells, counts, document issues — and what
 * edits, undo and a settings change do afterwards are exactly what a page-side validation gives.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryIssues } from '../core/validate/entryIssues.ts';
import { Validator } from '../core/validate.ts';
import { createSitemapClient } from '../workers/client.ts';
import { createEngine } from '../workers/engine.ts';
import { BIG_DOCUMENT } from './slices.ts';
import { createAppStore } from './store.ts';
import { engineWorker } from './testing.ts';

const NOW = Date.UTC(2026, 0, 1);
/** The worker validates split from this many entries on (the app's limit is 200,000). */
const SPLIT_FROM = 1_000;

/** URLs with duplicates, bad and future dates, bad priorities, hreflang, images, cross-host, an XSD order finding. */
function sitemap(n: number): string {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const loc = [
      'https://www.example.com/a',
      'http://www.example.com/a',
      `https://www.example.com/p${i}`,
      `https://other.example.org/q${i % 50}`,
    ][i % 4];
    const lastmod =
      i % 4 === 0 ? '<lastmod>2023-02-29</lastmod>' : i % 4 === 1 ? '<lastmod>2031-01-01</lastmod>' : '';
    const prio = i % 5 === 0 ? '<priority>1,0</priority>' : '';
    const img =
      i % 7 === 0 ? `<image:image><image:loc>https://cdn.example.net/${i}.jpg</image:loc></image:image>` : '';
    const alt =
      i % 9 === 0
        ? `<xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/p${i + 1}"/><xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/p${i}"/>`
        : '';
    const body = i % 11 === 0 ? `${prio}<loc>${loc}</loc>${lastmod}` : `<loc>${loc}</loc>${lastmod}${prio}`;
    urls.push(`<url>${body}${img}${alt}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout };

type Store = ReturnType<typeof createAppStore>;
function shown(store: Store) {
  const { doc, validation } = store.getState();
  const v = validation.validator;
  return {
    counts: v.counts(),
    documentIssues: v.documentIssues(),
    cells: (doc?.entries ?? []).map((e) => [e.id, v.issuesOf(e.id), v.worstSeverity(e.id)]),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('open: the per-entry pass from the worker, the rest on the page', () => {
  it('a big document: the page files its validator from the columns and shows what validating on the page shows, before and after edits, undo and a settings change', async () => {
    const n = BIG_DOCUMENT + 500;
    const requests: string[] = [];
    const viaWorker = createAppStore({
      worker: createSitemapClient({ createWorker: () => engineWorker(requests, { splitFrom: SPLIT_FROM }) }),
      now: () => NOW,
      timers,
    });
    const onPage = createAppStore({
      worker: createSitemapClient({
        createWorker: () => null,
        engine: createEngine({ decompressionStream: null, gzipStreams: null }),
      }),
      now: () => NOW,
      timers,
    });
    const xml = new TextEncoder().encode(sitemap(n));
    const added = vi.spyOn(Validator.prototype, 'addCheckedSteps');
    const fromColumns = vi.spyOn(EntryIssues.prototype, 'insertChecked');
    // A received row not read yet is filed by its row number (core/lazyEntries.ts).
    const fromRows = vi.spyOn(EntryIssues.prototype, 'insertCheckedRow');
    const checkedOnPage = vi.spyOn(EntryIssues.prototype, 'insert');
    const checkedRowOnPage = vi.spyOn(EntryIssues.prototype, 'insertRow');
    await viaWorker.commands.openFile('s.xml', xml.slice());
    expect(requests).toEqual(['parse +validate']);
    // Every chunk was filed as it came: half from the worker's pass, every second with the page's own (PAGE_PASS_EVERY).
    const runs = added.mock.calls.map(([, , c]) => c);
    expect(runs.length).toBeGreaterThan(3);
    expect(runs.reduce((sum, c) => sum + c.n, 0)).toBe(n);
    const ownPass = runs.filter((c) => !c.pass).reduce((sum, c) => sum + c.n, 0);
    expect(ownPass).toBeGreaterThan(0);
    expect(checkedOnPage.mock.calls.length + checkedRowOnPage.mock.calls.length).toBe(ownPass);
    expect(checkedRowOnPage.mock.calls.length).toBeGreaterThan(0);
    expect(fromColumns.mock.calls.length + fromRows.mock.calls.length).toBe(n - ownPass);
    expect(fromRows.mock.calls.length).toBeGreaterThan(0);
    await onPage.commands.openFile('s.xml', xml.slice());
    expect(viaWorker.getState().doc?.entries).toHaveLength(n);
    const before = shown(onPage);
    expect(before.counts.error + before.counts.warning).toBeGreaterThan(0);
    expect(before.counts.byRule.has('HREF-001') || before.counts.byRule.size > 5).toBe(true);
    expect(shown(viaWorker)).toEqual(before);

    for (const store of [viaWorker, onPage]) {
      const [first, second, third] = store.getState().doc?.entries ?? [];
      store.commands.setCell(first.id, 'lastmod', '2024-01-01');
      store.commands.setCell(second.id, 'loc', 'https://www.example.com/p2');
      store.commands.setCell(third.id, 'loc', 'https://www.example.com/a');
    }
    expect(shown(viaWorker)).toEqual(shown(onPage));
    expect(shown(viaWorker)).not.toEqual(before);
    for (const store of [viaWorker, onPage]) {
      store.commands.undo();
      store.commands.undo();
    }
    expect(shown(viaWorker)).toEqual(shown(onPage));

    // A settings change after the open re-checks (in slices: wait for both to end).
    for (const store of [viaWorker, onPage]) store.commands.setSettings({ profile: 'strict' });
    await vi.waitFor(() => expect(viaWorker.getState().task ?? onPage.getState().task).toBeNull(), {
      timeout: 60_000,
    });
    expect(shown(viaWorker)).toEqual(shown(onPage));
    expect(viaWorker.getState().validation.validator.counts().byRule.has('XML-006')).toBe(true);
  }, 120_000);

  it('a masked read that bails out after chunks went out: the page drops their filing and shows what validating on the page shows', async () => {
    const n = BIG_DOCUMENT + 500;
    // Sparse non-ASCII values (read masked) and, two thirds in, a non-ASCII element name: the
    // worker streamed chunks of the masked read, then reads the file again decoded (a restart).
    const lines = sitemap(n).split('\n');
    let row = 0;
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith('<url>')) continue;
      if (row === Math.floor((n * 2) / 3))
        lines[i] = lines[i].replace('</url>', '<x:größe xmlns:x="urn:x">1</x:größe></url>');
      else if (row % 40 === 1) lines[i] = lines[i].replace('</url>', '<x:a xmlns:x="urn:x">é</x:a></url>');
      row++;
    }
    const xml = new TextEncoder().encode(lines.join('\n'));
    const viaWorker = createAppStore({
      worker: createSitemapClient({ createWorker: () => engineWorker([], { splitFrom: SPLIT_FROM }) }),
      now: () => NOW,
      timers,
    });
    const onPage = createAppStore({
      worker: createSitemapClient({
        createWorker: () => null,
        engine: createEngine({ decompressionStream: null, gzipStreams: null }),
      }),
      now: () => NOW,
      timers,
    });
    const added = vi.spyOn(Validator.prototype, 'addCheckedSteps');
    await viaWorker.commands.openFile('s.xml', xml.slice());
    // Two loads began at entry 0: the masked read's (dropped) and the decoded read's.
    expect(added.mock.calls.filter(([, from]) => from === 0)).toHaveLength(2);
    await onPage.commands.openFile('s.xml', xml.slice());
    expect(viaWorker.getState().doc?.entries).toHaveLength(n);
    const shownOnPage = shown(onPage);
    expect(shownOnPage.counts.error + shownOnPage.counts.warning).toBeGreaterThan(0);
    expect(shown(viaWorker)).toEqual(shownOnPage);
  }, 120_000);

  it("a big text file: every chunk comes with the worker's pass, none is checked on the page, and it shows what validating on the page shows", async () => {
    const n = BIG_DOCUMENT + 500;
    const lines = Array.from({ length: n }, (_, i) =>
      i % 97 === 0
        ? 'https://www.example.com/dup'
        : i % 89 === 0
          ? `http://other.example.org/${i}`
          : `https://www.example.com/p${i}`,
    );
    const text = new TextEncoder().encode(lines.join('\n'));
    const viaWorker = createAppStore({
      worker: createSitemapClient({ createWorker: () => engineWorker([], { splitFrom: SPLIT_FROM }) }),
      now: () => NOW,
      timers,
    });
    const onPage = createAppStore({
      worker: createSitemapClient({
        createWorker: () => null,
        engine: createEngine({ decompressionStream: null, gzipStreams: null }),
      }),
      now: () => NOW,
      timers,
    });
    const added = vi.spyOn(Validator.prototype, 'addCheckedSteps');
    const checkedOnPage = vi.spyOn(EntryIssues.prototype, 'insert');
    const checkedRowOnPage = vi.spyOn(EntryIssues.prototype, 'insertRow');
    await viaWorker.commands.openFile('urls.txt', text.slice());
    const runs = added.mock.calls.map(([, , c]) => c);
    expect(runs.length).toBeGreaterThan(2);
    expect(runs.reduce((sum, c) => sum + c.n, 0)).toBe(n);
    expect(runs.filter((c) => !c.pass)).toEqual([]);
    expect(checkedOnPage.mock.calls.length + checkedRowOnPage.mock.calls.length).toBe(0);
    await onPage.commands.openFile('urls.txt', text.slice());
    expect(viaWorker.getState().doc?.kind).toBe('text');
    expect(viaWorker.getState().doc?.entries).toHaveLength(n);
    const shownOnPage = shown(onPage);
    expect(shownOnPage.counts.byRule.size).toBeGreaterThan(1);
    expect(shown(viaWorker)).toEqual(shownOnPage);
  }, 120_000);
});
