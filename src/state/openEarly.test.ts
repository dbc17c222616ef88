/**
 * Issue #18, a big open the worker validates whole: the rows are shown as soon as the document is
 * parsed, under a "Checking" task, while the worker checks them; the worker's issues are put in
 * place when they come. The status never says done before the findings are those of a page-side
 * validation, and an edit made while the worker checks is not lost (the document is checked
 * afresh instead).
 */
import { describe, expect, it } from 'vitest';
import type { Validator } from '../core/validate.ts';
import { createSitemapClient } from '../workers/client.ts';
import { createEngine } from '../workers/engine.ts';
import { BIG_DOCUMENT } from './slices.ts';
import { createAppStore } from './store.ts';
import { engineWorker } from './testing.ts';

const NOW = Date.UTC(2026, 0, 1);

/** URLs with duplicates, bad and future dates, bad priorities, cross-host entries. */
function sitemap(n: number): Uint8Array {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const loc = [
      'https://www.example.com/a',
      `https://www.example.com/p${i}`,
      `https://other.example.org/q${i}`,
    ][i % 3];
    const lastmod =
      i % 4 === 0 ? '<lastmod>2023-02-29</lastmod>' : i % 4 === 1 ? '<lastmod>2031-01-01</lastmod>' : '';
    const prio = i % 5 === 0 ? '<priority>1,0</priority>' : '';
    urls.push(`<url><loc>${loc}</loc>${lastmod}${prio}</url>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new TextEncoder().encode(xml);
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

function stores() {
  const requests: string[] = [];
  const viaWorker = createAppStore({
    worker: createSitemapClient({ createWorker: () => engineWorker(requests) }),
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
  return { requests, viaWorker, onPage };
}

describe('open: rows shown while the worker checks them', () => {
  it('shows the rows under "Checking" first, and says done only with the findings of a page-side validation', async () => {
    const n = BIG_DOCUMENT + 500;
    const { requests, viaWorker, onPage } = stores();
    const xml = sitemap(n);
    await onPage.commands.openFile('s.xml', xml.slice());
    const expected = shown(onPage);
    expect(expected.counts.error + expected.counts.warning).toBeGreaterThan(0);

    const seen: string[] = [];
    let lies = 0;
    const unsubscribe = viaWorker.subscribe(() => {
      const st = viaWorker.getState();
      // `behind`: the status bar shows no counts (they are not the document's yet).
      const what = `${st.doc ? 'rows' : 'none'} ${st.task?.label ?? '(no task)'}${st.validation.behind ? ' behind' : ''}`;
      if (seen.at(-1) !== what) seen.push(what);
      // Counts shown (not behind) with the rows: they must be the real ones.
      if (
        st.doc &&
        !st.validation.behind &&
        JSON.stringify(shown(viaWorker).counts) !== JSON.stringify(expected.counts)
      )
        lies++;
    });
    await viaWorker.commands.openFile('s.xml', xml.slice());
    unsubscribe();
    expect(requests).toEqual(['parse +validate']);
    const checking = `rows Checking ${n.toLocaleString('en-US')} URLs behind`;
    // The rows come while the worker checks them (the first states are one task's: one render).
    expect(seen.indexOf(checking)).toBeGreaterThan(0);
    expect(seen.slice(seen.indexOf(checking) + 1)).toEqual(['rows (no task)']);
    expect(lies).toBe(0);
    // The worker's findings, not a page-side check: the indexes edits need are built later.
    expect((viaWorker.getState().validation.validator as unknown as Validator).deferred).toBe(true);
    expect(shown(viaWorker)).toEqual(expected);

    // Edits and undo afterwards as on a page-side validation.
    for (const store of [viaWorker, onPage]) {
      const [first, second] = store.getState().doc?.entries ?? [];
      store.commands.setCell(first.id, 'lastmod', '2024-01-01');
      store.commands.setCell(second.id, 'loc', 'https://www.example.com/a');
    }
    expect(shown(viaWorker)).toEqual(shown(onPage));
    for (const store of [viaWorker, onPage]) store.commands.undo();
    expect(shown(viaWorker)).toEqual(shown(onPage));
  }, 120_000);

  it('with a document open, it stays in view until the new one is checked (no rows before their issues)', async () => {
    const { viaWorker } = stores();
    await viaWorker.commands.openFile('small.xml', sitemap(10));
    const seen = new Set<string>();
    const unsubscribe = viaWorker.subscribe(() => {
      const st = viaWorker.getState();
      seen.add(`${st.doc?.entries.length} ${st.task?.label ?? '(no task)'} ${st.validation.behind}`);
    });
    await viaWorker.commands.openFile('s.xml', sitemap(BIG_DOCUMENT + 10));
    unsubscribe();
    const big = `${BIG_DOCUMENT + 10} `;
    expect([...seen].filter((x) => x.startsWith(big))).toEqual([`${big}(no task) false`]);
    expect([...seen].filter((x) => x.includes('Checking') || x.endsWith('true'))).toEqual([]);
  }, 120_000);

  it('an edit made while the worker checks: the worker’s findings are not used, the document is checked afresh', async () => {
    const n = BIG_DOCUMENT + 100;
    const { viaWorker, onPage } = stores();
    const xml = sitemap(n);
    let edited = false;
    const unsubscribe = viaWorker.subscribe(() => {
      const st = viaWorker.getState();
      if (edited || !st.doc || !st.task?.label.startsWith('Checking')) return;
      edited = true;
      // Before the worker's issues come (they arrive in a later task).
      queueMicrotask(() =>
        viaWorker.commands.setCell(st.doc!.entries[1].id, 'loc', 'https://www.example.com/a'),
      );
    });
    await viaWorker.commands.openFile('s.xml', xml.slice());
    unsubscribe();
    expect(edited).toBe(true);
    // The re-check of the document as edited, in slices under its own task.
    await new Promise<void>((resolve) => {
      const check = () => (viaWorker.getState().task ? setTimeout(check, 10) : resolve());
      check();
    });
    await onPage.commands.openFile('s.xml', xml.slice());
    onPage.commands.setCell(onPage.getState().doc!.entries[1].id, 'loc', 'https://www.example.com/a');
    expect(viaWorker.getState().doc?.entries[1].loc).toBe('https://www.example.com/a');
    expect(shown(viaWorker)).toEqual(shown(onPage));
  }, 120_000);
});
