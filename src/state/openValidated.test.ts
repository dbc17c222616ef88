/**
 * Issue #18: opening through a worker that validates the parsed document shows exactly the
 * issues (cells, counts, document issues) the page's own validation shows, and edits revalidate
 * the same way whether the page's indexes were built yet or not.
 */
import { describe, expect, it, vi } from 'vitest';
import { Validator } from '../core/validate.ts';
import { createSitemapClient } from '../workers/client.ts';
import { createEngine } from '../workers/engine.ts';
import { createValidatorLoader } from './deferredValidator.ts';
import { createAppStore } from './store.ts';
import { engineWorker } from './testing.ts';

const NOW = Date.UTC(2026, 0, 1);

function sitemap(n: number): string {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const loc = ['https://www.example.com/a', 'http://www.example.com/a', `https://www.example.com/p${i}`][
      i % 3
    ];
    const lastmod =
      i % 4 === 0 ? '<lastmod>2023-02-29</lastmod>' : i % 4 === 1 ? '<lastmod>2031-01-01</lastmod>' : '';
    const prio = i % 5 === 0 ? '<priority>1,0</priority>' : '';
    urls.push(`<url><loc>${loc}</loc>${lastmod}${prio}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function stores(timers: boolean, loaded: boolean) {
  const requests: string[] = [];
  // As in the browser (browserDeps.ts): the store's validator is a stand-in whose core code loads after.
  const loader = loaded ? null : createValidatorLoader(() => Promise.resolve(Validator));
  const t = timers
    ? { timers: { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout } }
    : {};
  const viaWorker = createAppStore({
    worker: createSitemapClient({ createWorker: () => engineWorker(requests) }),
    now: () => NOW,
    ...t,
    ...(loader ? { createValidator: loader.factory } : {}),
  });
  const onPage = createAppStore({
    worker: createSitemapClient({
      createWorker: () => null,
      engine: createEngine({ decompressionStream: null, gzipStreams: null }),
    }),
    now: () => NOW,
    ...t,
  });
  return { viaWorker, onPage, requests };
}

type Store = ReturnType<typeof createAppStore>;
/** The core validator behind the store's (a stand-in holds it as `target`). */
function coreOf(store: Store): Validator {
  const v = store.getState().validation.validator as unknown as Validator & { target?: Validator };
  return v.target ?? v;
}
function shown(store: Store) {
  const { doc, validation } = store.getState();
  const v = validation.validator;
  return {
    counts: v.counts(),
    documentIssues: v.documentIssues(),
    cells: (doc?.entries ?? []).map((e) => [e.id, v.issuesOf(e.id), v.worstSeverity(e.id)]),
  };
}

describe('open: issues found in the worker', () => {
  it.each([
    [30, false, true],
    [30, false, false],
    [30, true, false],
    [6_000, true, true],
  ])(
    '%i URLs (timers: %s, validator code loaded first: %s): same issues as validating on the page, before and after an edit',
    async (n, timers, loaded) => {
      const { viaWorker, onPage, requests } = stores(timers, loaded);
      const xml = new TextEncoder().encode(sitemap(n));
      await viaWorker.commands.openFile('s.xml', xml.slice());
      await onPage.commands.openFile('s.xml', xml.slice());
      expect(requests).toEqual(['parse +validate']);
      const before = shown(onPage);
      expect(before.counts.error + before.counts.warning).toBeGreaterThan(0);
      expect(shown(viaWorker)).toEqual(before);
      // The page answered from the worker's issues: its own indexes come later (or with the edit).
      if (!timers) expect(coreOf(viaWorker).deferred).toBe(true);
      else {
        const v = coreOf(viaWorker);
        await vi.waitFor(() => expect(v.deferred).toBe(false), { timeout: 10_000 });
        expect(shown(viaWorker)).toEqual(before);
      }
      for (const store of [viaWorker, onPage]) {
        const [first, second] = store.getState().doc?.entries ?? [];
        store.commands.setCell(first.id, 'lastmod', '2024-01-01');
        store.commands.setCell(second.id, 'loc', 'https://www.example.com/p2');
      }
      expect(shown(viaWorker)).toEqual(shown(onPage));
      expect(shown(viaWorker)).not.toEqual(before);
    },
  );
});

describe("open: an edit while the page builds its indexes from the worker's issues", () => {
  it('an edit and its undo between two slices of the build give the issues of validating on the page', async () => {
    // A clock that moves 4 ms per read, so the build yields every other step (SLICE_MS), and
    // timers that run the store's pauses; the edit lands after the second pause.
    let clock = NOW;
    const now = () => (clock += 4);
    let pauses = 0;
    let edited = false;
    const requests: string[] = [];
    let viaWorker: Store | null = null;
    const checks: Array<() => void> = [];
    const timers = {
      setTimeout: (fn: () => void, ms: number) =>
        setTimeout(() => {
          fn();
          if (ms === 0 && ++pauses === 2 && viaWorker) {
            const store = viaWorker;
            const deferred = coreOf(store).deferred;
            const [first] = store.getState().doc?.entries ?? [];
            store.commands.setCell(first.id, 'loc', 'https://www.example.com/p5');
            const afterEdit = shown(store);
            store.commands.undo();
            edited = true;
            checks.push(
              () => expect(deferred).toBe(true),
              () => expect(afterEdit).not.toEqual(shown(store)),
            );
          }
        }, ms),
      clearTimeout,
    };
    viaWorker = createAppStore({
      worker: createSitemapClient({ createWorker: () => engineWorker(requests) }),
      now,
      timers,
    });
    const onPage = createAppStore({
      worker: createSitemapClient({
        createWorker: () => null,
        engine: createEngine({ decompressionStream: null, gzipStreams: null }),
      }),
      now: () => NOW,
    });
    const xml = new TextEncoder().encode(sitemap(6_000));
    await viaWorker.commands.openFile('s.xml', xml.slice());
    await onPage.commands.openFile('s.xml', xml.slice());
    expect(requests).toEqual(['parse +validate']);
    const store = viaWorker;
    await vi.waitFor(() => expect(edited && !coreOf(store).deferred).toBe(true), { timeout: 30_000 });
    for (const check of checks) check();
    // The edit took the build over (indexes built at once); after the undo the issues are the page's own.
    expect(shown(store)).toEqual(shown(onPage));
  }, 60_000);
});

describe("a crawl dropped while the page builds its indexes from the worker's issues", () => {
  it('lists the URLs for the crawl worker with that build in slices, not in one task', async () => {
    let clock = NOW;
    let held = false;
    const queue: Array<() => void> = [];
    const store = createAppStore({
      worker: createSitemapClient({ createWorker: () => engineWorker([]) }),
      // 10 ms per read: every slice (SLICE_MS) ends after one step.
      now: () => (clock += 10),
      timers: {
        setTimeout: (fn: () => void, ms: number) => (held ? queue.push(fn) : setTimeout(fn, ms)),
        clearTimeout,
      },
    });
    await store.commands.openFile('s.xml', new TextEncoder().encode(sitemap(6_000)));
    held = true;
    const v = coreOf(store);
    expect(v.deferred).toBe(true);
    const listing = store.commands.listCrawlUrls();
    // The first slice ran in this call: the build goes on in the next ones.
    expect(v.deferred).toBe(true);
    let urls: Awaited<typeof listing.urls> | undefined;
    void listing.urls.then((u) => {
      urls = u;
    });
    let tasks = 0;
    for (let n = 0; n < 100_000 && urls === undefined; n++) {
      const next = queue.shift();
      if (next) {
        tasks++;
        next();
      } else await new Promise((r) => setTimeout(r, 0));
    }
    expect(v.deferred).toBe(false);
    expect(urls?.scope).toBe('https://www.example.com/');
    expect(urls?.starts.length).toBe(6_001);
    // 6,000 entries built in steps of 1,000 units (3 per entry), one step per task.
    expect(tasks).toBeGreaterThan(10);
  }, 60_000);
});
