import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CRAWLED_SITEMAP_URLS } from '../core/__fixtures__/crawl/sitemapUrls.ts';
import { CrawlJoin } from '../core/crawl/join.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import { plural } from '../core/format.ts';
import type { SitemapDocument } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { runSteps } from '../core/steps.ts';
import {
  crawlCategoryOf,
  crawlCellText,
  crawlSortKey,
  crawlSummary,
  workspaceCrawlSummarySteps,
} from './crawlView.ts';
import { createMemoryPersistence } from './persist.ts';
import { type AppStoreDeps, createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const crawl = () =>
  readCrawl(
    new Uint8Array(readFileSync(new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url))),
    'internal_all.csv',
  )!;

const LOCS: string[] = [...CRAWLED_SITEMAP_URLS];

function docOf(locs: string[]): SitemapDocument {
  return { kind: 'urlset', entries: locs.map((loc, id) => ({ id, loc })), nextId: locs.length };
}

async function openStore(extra: Partial<AppStoreDeps> = {}) {
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: docOf(LOCS), issues: [], fatal: null })),
    now: () => 0,
    ...extra,
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  return store;
}

const crawlRules = (store: { getState: Awaited<ReturnType<typeof openStore>>['getState'] }) =>
  [...store.getState().validation.validator.counts().byRule.keys()]
    .filter((r) => r.startsWith('CRAWL-'))
    .sort();

describe('crawl commands', () => {
  it('a settings change joins the crawl once, with the new scope, to the same findings', async () => {
    const table = crawl();
    const store = await openStore();
    store.commands.attachCrawl(table);
    const settings = { publishUrl: 'https://www.example.com/sitemap.xml' };
    const reference = await openStore();
    reference.commands.setSettings(settings);
    reference.commands.attachCrawl(table);
    const lookups = vi.spyOn(CrawlJoin.prototype, 'matchRow');
    store.commands.setSettings(settings);
    // One lookup per listed URL (the reload did not join them with the old join first).
    expect(lookups).toHaveBeenCalledTimes(LOCS.length);
    lookups.mockRestore();
    const all = (s: typeof store) =>
      s
        .getState()
        .validation.validator.all()
        .filter((i) => i.rule.startsWith('CRAWL-'))
        .map((i) => `${i.rule} ${i.entry ?? ''} ${i.message}`);
    expect(all(store)).toEqual(all(reference));
    expect(crawlRules(store)).toContain('CRAWL-006');
  });

  it('attaching shows the crawl columns and findings but changes nothing in the document', async () => {
    const store = await openStore();
    const before = store.getState().doc;
    expect(store.getState().view.hiddenColumns).toContain('crawlStatus');
    store.commands.attachCrawl(crawl());
    const s = store.getState();
    expect(s.doc).toBe(before);
    expect(s.history.canUndo).toBe(false);
    expect(s.view.hiddenColumns).not.toContain('crawlStatus');
    expect(crawlRules(store)).toEqual([
      'CRAWL-001',
      'CRAWL-002',
      'CRAWL-003',
      'CRAWL-004',
      'CRAWL-005',
      'CRAWL-006',
      'CRAWL-007',
    ]);
    store.commands.removeCrawl();
    expect(store.getState().doc).toBe(before);
    expect(crawlRules(store)).toEqual([]);
    expect(store.getState().view.hiddenColumns).toContain('crawlStatus');
  });

  it('joins a big document in slices, with its progress as the task, to the same findings', async () => {
    const locs = Array.from({ length: 60_000 }, (_, i) =>
      LOCS[i % LOCS.length].replace('.com/', `.com/${i}/`),
    );
    locs.splice(0, LOCS.length, ...LOCS);
    const queue: Array<() => void> = [];
    let held = false;
    let clock = 0;
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: docOf(locs), issues: [], fatal: null })),
      // Every reading of the clock takes 10 ms: a 30 ms slice ends after 3 readings.
      now: () => (clock += 10),
      // Opening runs on real timers; the join's slices are held and run one by one below.
      timers: {
        setTimeout: (fn) => (held ? queue.push(fn) : setTimeout(fn, 0)),
        clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      },
    });
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    await new Promise((r) => setTimeout(r, 50));
    held = true;
    store.commands.attachCrawl(crawl());
    const tasks: Array<number | null> = [];
    for (let n = 0; queue.length > 0 && n < 10_000; n++) {
      const t = store.getState().task;
      if (t?.label === 'Auditing with the crawl data') tasks.push(t.progress);
      queue.shift()?.();
    }
    expect(tasks.length).toBeGreaterThan(1);
    expect(tasks).toEqual([...tasks].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(store.getState().task).toBeNull();
    const v = store.getState().validation.validator;
    // The first rows are the small fixture's: the same findings as the one-go join.
    expect(v.entriesWithRule('CRAWL-003')).toEqual([3]);
    expect(v.entriesWithRule('CRAWL-007').length).toBe(60_000 - LOCS.length + 1);
    expect(store.getState().notices.at(-1)?.message).toContain('joined with 60,000 URLs listed');
  });

  it('says what its findings are by severity, so they add up with the Issues tab (errors + warnings)', async () => {
    const store = await openStore();
    store.commands.attachCrawl(crawl());
    const c = store.getState().validation.validator.counts();
    let error = 0;
    let warning = 0;
    let info = 0;
    for (const [rule, g] of c.byRule)
      if (rule.startsWith('CRAWL-')) {
        if (g.severity === 'error') error += g.count;
        else if (g.severity === 'warning') warning += g.count;
        else info += g.count;
      }
    expect(error * warning * info).toBeGreaterThan(0);
    expect(store.getState().notices.at(-1)?.message).toContain(
      `listed, ${plural(error + warning + info, 'crawl finding')}: ${plural(error, 'error')}, ${plural(warning, 'warning')}, ${plural(info, 'note')}.`,
    );
  });

  it('shows counts before actions and runs each as one undo step', async () => {
    const store = await openStore();
    store.commands.attachCrawl(crawl());
    const c = store.commands;
    expect(c.crawlActionCount('remove-noindex')).toBe(1);
    expect(c.crawlActionCount('remove-errors')).toBe(1);
    expect(c.crawlActionCount('remove-blocked')).toBe(1);
    expect(c.crawlActionCount('replace-redirects')).toBe(1);
    expect(c.crawlActionCount('replace-canonicals')).toBe(1);
    // new, article, ~team, about
    expect(c.crawlActionCount('add-missing')).toBe(4);
    expect(c.runCrawlAction('remove-noindex')).toBe(1);
    expect(store.getState().history.undoLabel).toBe('Remove noindex URLs (1 URL)');
    expect(store.getState().doc?.entries.map((e) => e.loc)).not.toContain('https://www.example.com/private');
    expect(c.runCrawlAction('replace-redirects')).toBe(1);
    // /new is listed now: one page fewer is missing.
    expect(c.crawlActionCount('add-missing')).toBe(3);
    expect(c.runCrawlAction('add-missing')).toBe(3);
    expect(store.getState().history.undoLabel).toBe('Add missing indexable pages (3 URLs)');
    expect(store.getState().doc?.entries.at(-3)).toMatchObject({
      loc: 'https://www.example.com/article',
      lastmod: '2024-06-01',
    });
    expect(crawlRules(store)).not.toContain('CRAWL-006');
    c.undo();
    c.undo();
    c.undo();
    expect(store.getState().doc?.entries.map((e) => e.loc)).toEqual(LOCS);
    expect(c.crawlActionCount('add-missing')).toBe(4);
  });

  it('removes a redirecting URL whose target the sitemap lists, in the same undo step as replacements', async () => {
    const store = await openStore();
    store.commands.attachCrawl(crawl());
    const c = store.commands;
    // /old redirects to /new; adding the missing pages lists /new.
    expect(c.runCrawlAction('add-missing')).toBe(4);
    expect(c.crawlActionCount('replace-redirects')).toBe(1);
    expect(c.runCrawlAction('replace-redirects')).toBe(1);
    expect(store.getState().history.undoLabel).toBe('Replace or remove redirecting URLs (1 URL)');
    const locs = store.getState().doc?.entries.map((e) => e.loc) ?? [];
    expect(locs).not.toContain('https://www.example.com/old');
    expect(locs.filter((l) => l === 'https://www.example.com/new')).toHaveLength(1);
    expect(crawlRules(store)).not.toContain('CRAWL-002');
    c.undo();
    expect(store.getState().doc?.entries.map((e) => e.loc)).toContain('https://www.example.com/old');
  });

  it('a sitemap index gets no CRAWL rule on its rows, and the summary leaves them out', async () => {
    const index: SitemapDocument = { ...docOf(LOCS), kind: 'sitemapindex' };
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'sitemapindex', document: index, issues: [], fatal: null })),
      now: () => 0,
    });
    await store.commands.openFile('sitemap_index.xml', new Uint8Array([1]));
    store.commands.attachCrawl(crawl());
    const { validator } = store.getState().validation;
    expect(crawlRules(store)).toEqual([]);
    // True whether its files are open beside it in a workspace (they carry the audit) or not
    // (s16 review: "open its files to audit them" while they were open and audited).
    expect(store.getState().notices.at(-1)?.message).toContain(
      'A sitemap index lists sitemaps, not pages: the urlset files it lists carry the audit, those open here (open the others to audit them too).',
    );
    const summary = crawlSummary(validator, index.entries);
    expect(Object.values(summary?.listed ?? {}).reduce((a, b) => a + b, 0)).toBe(0);
    expect(crawlCellText(validator, index.entries[0], 'crawlStatus')).toBe('');
    expect(crawlCategoryOf(validator, index.entries[0])).toBeNull();
    for (const action of ['remove-errors', 'replace-redirects', 'replace-canonicals', 'add-missing'] as const)
      expect(store.commands.crawlActionCount(action)).toBe(0);
    // Pages never become <sitemap> rows.
    expect(store.commands.runCrawlAction('add-missing')).toBe(0);
    expect(store.getState().doc?.entries).toBe(index.entries);
  });

  it('counts an action over a big document in steps, to the count of the one-go pass', async () => {
    const locs = Array.from({ length: 60_000 }, (_, i) =>
      LOCS[i % LOCS.length].replace('.com/', `.com/${i}/`),
    );
    locs.splice(0, LOCS.length, ...LOCS);
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: docOf(locs), issues: [], fatal: null })),
      now: () => 0,
    });
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    store.commands.attachCrawl(crawl());
    for (const action of ['replace-canonicals', 'replace-redirects'] as const) {
      const steps = store.commands.crawlActionCountSteps(action);
      let yielded = 0;
      let r = steps.next();
      for (; !r.done; r = steps.next()) yielded++;
      expect(yielded).toBeGreaterThan(0);
      expect(r.value).toBe(1);
      expect(store.commands.crawlActionCount(action)).toBe(1);
    }
  });

  it('runs the fix its stepped count made, and makes it again after an edit', async () => {
    const store = await openStore();
    store.commands.attachCrawl(crawl());
    const c = store.commands;
    const run = (steps: Generator<number, number>) => {
      let r = steps.next();
      while (!r.done) r = steps.next();
      return r.value;
    };
    expect(run(c.crawlActionCountSteps('remove-noindex'))).toBe(1);
    const v = store.getState().validation.validator;
    const scans = vi.spyOn(v, 'entriesWithRuleSteps');
    expect(c.runCrawlAction('remove-noindex')).toBe(1);
    expect(scans).not.toHaveBeenCalled();
    c.undo();
    expect(run(c.crawlActionCountSteps('remove-errors'))).toBe(1);
    // The 404 is gone another way: the counted fix is stale and not run.
    const gone = store.getState().doc!.entries.find((e) => e.loc === 'https://www.example.com/gone')!;
    c.deleteRows([gone.id]);
    expect(c.runCrawlAction('remove-errors')).toBe(0);
    expect(store.getState().history.undoLabel).not.toContain('Remove error URLs');
    scans.mockRestore();
  });

  it('adds the missing pages its stepped count made, the same as made at once, and anew after an edit', async () => {
    const run = (steps: Generator<number, number>) => {
      let r = steps.next();
      while (!r.done) r = steps.next();
      return r.value;
    };
    const once = await openStore();
    once.commands.attachCrawl(crawl());
    expect(once.commands.runCrawlAction('add-missing')).toBe(4);
    const store = await openStore();
    store.commands.attachCrawl(crawl());
    const c = store.commands;
    expect(run(c.crawlActionCountSteps('add-missing'))).toBe(4);
    const join = store.getState().validation.validator.crawlJoin?.();
    const rows = vi.spyOn(join!, 'missingRows');
    expect(c.runCrawlAction('add-missing')).toBe(4);
    expect(rows).not.toHaveBeenCalled();
    expect(store.getState().doc).toEqual(once.getState().doc);
    expect(store.getState().history.undoLabel).toBe('Add missing indexable pages (4 URLs)');
    c.undo();
    // Counted, then an edit lists one of them: the counted patch is stale, the action makes it anew.
    expect(run(c.crawlActionCountSteps('add-missing'))).toBe(4);
    c.appendUrls(['https://www.example.com/article']);
    expect(c.runCrawlAction('add-missing')).toBe(3);
    expect(rows).toHaveBeenCalledTimes(1);
    rows.mockRestore();
  });

  it('sorts and filters by the crawl columns and summary buckets', async () => {
    const store = await openStore();
    store.commands.attachCrawl(crawl());
    store.commands.setSort({ column: 'crawlStatus', dir: 'desc' });
    const order = [...store.getState().rowOrder].map((i) => LOCS[i]);
    expect(order[0]).toBe('https://www.example.com/gone');
    store.commands.setSort(null);
    store.commands.setFilter({ crawl: { category: 'notCrawled', label: 'Not crawled' } });
    expect([...store.getState().rowOrder]).toEqual([6]);
    store.commands.setFilter({ crawl: undefined, field: { column: 'crawlIndexability', value: 'noindex' } });
    expect([...store.getState().rowOrder]).toEqual([3]);
  });

  it('a replace keeps the view (a sorted view is not worked out again for the new table)', async () => {
    const store = await openStore();
    store.commands.attachCrawl(crawl());
    store.commands.setSort({ column: 'crawlStatus', dir: 'desc' });
    const view = store.getState().view;
    store.commands.attachCrawl(crawl());
    expect(store.getState().view).toBe(view);
    store.commands.removeCrawl();
    store.commands.attachCrawl(crawl());
    // Attached anew: the crawl columns show again.
    expect(store.getState().view.hiddenColumns.some((c) => c.startsWith('crawl'))).toBe(false);
  });

  it('the crawl filter and sort read every row in one pass, the same rows as per entry', async () => {
    const store = await openStore();
    store.commands.attachCrawl(crawl());
    // A row with no URL has no bucket; a row edited after the join still lists its crawl row.
    store.commands.appendUrls(['   ']);
    const v = store.getState().validation.validator;
    const entries = store.getState().doc!.entries;
    // One batch lookup for the whole view, not one per row (issue #17: at 1,000,000 rows the
    // per-row lookups were a task of ~80 ms on the page).
    const perRow = vi.spyOn(v, 'crawlRowOf');
    for (const category of ['ok', 'redirect', 'error', 'noindex', 'canonicalised', 'notCrawled'] as const) {
      store.commands.setFilter({ crawl: { category, label: category } });
      const expected = entries.flatMap((e, i) => (crawlCategoryOf(v, e) === category ? [i] : []));
      perRow.mockClear();
      expect([...store.getState().rowOrder]).toEqual(expected);
      expect(perRow).not.toHaveBeenCalled();
    }
    store.commands.setFilter({ crawl: undefined });
    perRow.mockClear();
    store.commands.setSort({ column: 'crawlStatus', dir: 'asc' });
    const order = [...store.getState().rowOrder];
    expect(perRow).not.toHaveBeenCalled();
    perRow.mockRestore();
    const status = (i: number) => {
      const key = crawlSortKey(v, entries[i], 'crawlStatus');
      return Number.isNaN(key) ? Number.POSITIVE_INFINITY : key;
    };
    expect(order.map(status)).toEqual([...order.map(status)].sort((a, b) => a - b));
    expect(order).toHaveLength(entries.length);
  });

  it('keeps the crawl with the autosaved session and brings it back on reload', async () => {
    const storage = createMemoryPersistence();
    const timers = {
      setTimeout: (fn: () => void) => setTimeout(fn, 0),
      clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    const tick = () => new Promise((r) => setTimeout(r, 5));
    const sitemapStore = () =>
      createAppStore({
        worker: fakeClient(() => ({ kind: 'urlset', document: docOf(LOCS), issues: [], fatal: null })),
        now: () => 0,
      });
    const ws = createWorkspaceStore({ primary: sitemapStore(), createStore: sitemapStore, timers, storage });
    await ws.commands.open([{ name: 'sitemap.xml', bytes: new Uint8Array([1]) }]);
    await tick();
    const saves = storage.saves;
    // Attaching crawl data is a change autosave writes (the session's save trigger), by itself.
    ws.activeStore().commands.attachCrawl(crawl());
    await tick();
    expect(storage.saves).toBeGreaterThan(saves);
    expect(storage.saved?.files[0].crawl?.rows).toBe(11);

    const again = createWorkspaceStore({
      primary: sitemapStore(),
      createStore: sitemapStore,
      timers,
      storage,
    });
    await again.ready;
    const restored = again.activeStore();
    expect(restored.getState().crawl?.fileName).toBe('internal_all.csv');
    expect(crawlRules(restored)).toContain('CRAWL-003');
    expect(restored.getState().view.hiddenColumns).not.toContain('crawlStatus');

    // Removing it is saved too: the next reload has no audit.
    restored.commands.removeCrawl();
    await tick();
    expect(storage.saved?.files[0].crawl).toBeUndefined();
  });
});

describe('what the crawl reader noticed', () => {
  it('is a warning notice on attach and in the summary, and the audit still runs', async () => {
    const store = await openStore();
    const csv = [
      'Address,Status Code,Indexability,Title 1',
      `${LOCS[0]},404,Non-Indexable,Gone`,
      `${LOCS[0]},200,Indexable,Again`,
      `${LOCS[1]},200,Indexable,"Never closed`,
      `${LOCS[2]},200,Indexable,Eaten`,
      '',
    ].join('\n');
    const table = readCrawl(new TextEncoder().encode(csv), 'crawl.csv');
    store.commands.attachCrawl(table!);
    const notices = store.getState().notices;
    expect(notices.at(-1)).toMatchObject({
      level: 'warning',
      message:
        'crawl.csv: line 4:43: unclosed quote; the rest of the file was read as one field. crawl.csv: 1 crawl row repeats the URL of an earlier row: the first row of each URL is used.',
    });
    // The first row of LOCS[0] (404) is the one joined.
    expect(crawlRules(store)).toContain('CRAWL-001');
    const { validator } = store.getState().validation;
    expect(crawlSummary(validator, store.getState().doc!.entries)?.duplicates).toBe(1);
  });
});

describe('crawl data in a workspace', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const urlset = (...locs: string[]) =>
    enc(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
    );
  const newStore = () =>
    createAppStore({
      worker: fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name })),
      now: () => 0,
    });

  it('attaching in one file joins every file, and a page listed in any file is not missing', async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    const index = enc(
      '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://www.example.com/a.xml</loc></sitemap><sitemap><loc>https://www.example.com/b.xml</loc></sitemap></sitemapindex>',
    );
    await ws.commands.open([
      { name: 'sitemap_index.xml', bytes: index },
      { name: 'a.xml', bytes: urlset('https://www.example.com/', 'https://www.example.com/private') },
      { name: 'b.xml', bytes: urlset('https://www.example.com/new', 'https://www.example.com/article') },
    ]);
    const [idx, a, b] = ws.getState().files;
    expect(a.name).toBe('a.xml');
    a.store.commands.attachCrawl(crawl());
    expect(b.store.getState().crawl).toBe(a.store.getState().crawl);
    const joinA = a.store.getState().validation.validator.crawlJoin?.();
    expect(b.store.getState().validation.validator.crawlJoin?.()).toBe(joinA);
    // ~team and about: /new and /article are listed by b.
    expect(joinA?.missing).toBe(2);
    expect(crawlRules(b.store).filter((r) => r !== 'CRAWL-006')).toEqual([]);
    expect(crawlRules(a.store)).toContain('CRAWL-003');
    // The index's <sitemap> rows (a.xml, b.xml: not crawled) get no CRAWL rule.
    expect(idx.store.getState().validation.validator.crawlJoin?.()).toBe(joinA);
    expect(crawlRules(idx.store)).toEqual([]);
    b.store.commands.removeCrawl();
    expect(a.store.getState().crawl).toBeNull();
  });

  it('the workspace summary counts a page two files list once, and each not-crawled URL once', async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([
      // Both list the home page (and a URL the crawl lacks); b.xml lists /new twice.
      {
        name: 'a.xml',
        bytes: urlset(
          'https://www.example.com/',
          'https://www.example.com/private',
          'https://www.example.com/x-none',
        ),
      },
      {
        name: 'b.xml',
        bytes: urlset(
          'https://www.example.com/',
          'https://www.example.com/new',
          'https://www.example.com/new',
          'https://www.example.com/x-none',
        ),
      },
    ]);
    const [a, b] = ws.getState().files;
    a.store.commands.attachCrawl(crawl());
    const files = [a, b].map((f) => ({
      validator: f.store.getState().validation.validator,
      entries: f.store.getState().doc?.entries ?? [],
    }));
    // Each file's own card counts what it lists: the home page is in both.
    const own = files.map((f) => crawlSummary(f.validator, f.entries));
    expect((own[0]?.listed.ok ?? 0) + (own[1]?.listed.ok ?? 0)).toBe(4);
    for (const chunk of [1, 2, 100]) {
      const all = runSteps(workspaceCrawlSummarySteps(files, chunk));
      // Home and /new once each; /private (noindex) once; /x-none once though both list it.
      expect(all?.listed).toMatchObject({ ok: 2, noindex: 1, notCrawled: 1 });
      expect(all?.missing).toBe(a.store.getState().validation.validator.crawlJoin?.()?.missing);
    }
  });

  it('a reload brings the crawl back in every file with one shared join', async () => {
    const storage = createMemoryPersistence();
    const timers = {
      setTimeout: (fn: () => void) => setTimeout(fn, 0),
      clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    const session = () =>
      createWorkspaceStore({ primary: newStore(), createStore: newStore, timers, storage });
    const ws = session();
    await ws.commands.open([
      { name: 'a.xml', bytes: urlset('https://www.example.com/', 'https://www.example.com/private') },
      { name: 'b.xml', bytes: urlset('https://www.example.com/new', 'https://www.example.com/article') },
    ]);
    ws.getState().files[1].store.commands.attachCrawl(crawl());
    await new Promise((r) => setTimeout(r, 5));
    expect(storage.saved?.files.map((f) => f.crawl?.rows)).toEqual([11, 11]);

    const again = session();
    await again.ready;
    const [a, b] = again.getState().files;
    expect(a.store.getState().crawl).not.toBeNull();
    expect(b.store.getState().crawl).toBe(a.store.getState().crawl);
    const joinA = a.store.getState().validation.validator.crawlJoin?.();
    expect(b.store.getState().validation.validator.crawlJoin?.()).toBe(joinA);
    expect(joinA?.missing).toBe(2);
    expect(crawlRules(a.store)).toContain('CRAWL-003');
  });
});
