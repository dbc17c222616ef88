import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CRAWLED_SITEMAP_URLS } from '../core/__fixtures__/crawl/sitemapUrls.ts';
import { CrawlJoin } from '../core/crawl/join.ts';
import { CrawlPreset, exactRows, listLocs } from '../core/crawl/match.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import type { SitemapDocument } from '../core/model.ts';
import { CrawlPart } from '../core/validate/crawlPart.ts';
import { Validator } from '../core/validate.ts';
import { readCrawlFile } from '../workers/crawlClient.ts';
import { createValidatorLoader } from './deferredValidator.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';

const CSV = readFileSync(new URL('../core/__fixtures__/crawl/sf-internal-all.csv', import.meta.url));

/** 60,000 URLs (a sliced join): the fixture's own first, then ones the crawl does not have. */
const LOCS = Array.from({ length: 60_000 }, (_, i) =>
  i < CRAWLED_SITEMAP_URLS.length ? CRAWLED_SITEMAP_URLS[i] : `https://www.example.com/${i}/page`,
);

function docOf(locs: string[]): SitemapDocument {
  return { kind: 'urlset', entries: locs.map((loc, id) => ({ id, loc })), nextId: locs.length };
}

/** A store with LOCS open whose slices (after the open) are held in `queue` and run by `pump`. */
async function heldStore() {
  const queue: Array<() => void> = [];
  let held = false;
  let clock = 0;
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: docOf(LOCS), issues: [], fatal: null })),
    now: () => (clock += 10),
    timers: {
      setTimeout: (fn) => (held ? queue.push(fn) : setTimeout(fn, 0)),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  await new Promise((r) => setTimeout(r, 50));
  held = true;
  const pump = async (until: () => boolean) => {
    for (let n = 0; n < 100_000 && !until(); n++) {
      const next = queue.shift();
      if (next) next();
      else await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { store, queue, pump };
}

const crawlFindings = (store: Awaited<ReturnType<typeof heldStore>>['store']) => {
  const v = store.getState().validation.validator;
  return v
    .all()
    .filter((i) => i.rule.startsWith('CRAWL-'))
    .map((i) => `${i.rule} ${i.entry ?? ''} ${i.message}`);
};

describe('attaching a crawl at scale', () => {
  it('joins with the matches the crawl reader made, to the same findings as the page join', async () => {
    const file = new File([CSV], 'internal_all.csv', { type: 'text/csv' });
    // The page's own join, for reference.
    const own = await heldStore();
    const table = await readCrawlFile(
      file,
      undefined,
      () => {},
      () => null,
    ).result;
    own.store.commands.attachCrawl(table);
    await own.pump(() => own.store.getState().notices.some((n) => n.message.startsWith('Attached')));

    const { store, pump } = await heldStore();
    const listing = store.commands.listCrawlUrls();
    const phases = new Set<string>();
    const reading = readCrawlFile(
      file,
      undefined,
      (_d, _t, phase) => phases.add(phase),
      () => null,
      listing.urls,
    );
    const resultP = reading.result;
    await pump(() => reading.matches !== null);
    const read = await resultP;
    // (The small fixture parses under the 1 MB progress step: only the join phase reports.)
    expect(phases.has('join')).toBe(true);
    expect(reading.matches?.rows.length).toBe(LOCS.length);
    // Edited while the crawl was read: matched again on the page.
    store.commands.setCell(1, 'loc', 'https://www.example.com/gone');
    const edited = store.getState().doc?.entries[1];
    store.commands.attachCrawl(read, undefined, {
      table: read,
      entries: listing.entries,
      positions: listing.positions!,
      matches: reading.matches!,
    });
    await pump(() => store.getState().notices.some((n) => n.message.startsWith('Attached')));

    own.store.commands.setCell(1, 'loc', 'https://www.example.com/gone');
    await own.pump(() => own.store.getState().validation.validator.crawlRowOf?.(edited?.id ?? -1) === 3);
    expect(crawlFindings(store)).toEqual(crawlFindings(own.store));
    expect(crawlFindings(store).some((f) => f.startsWith(`CRAWL-001 ${edited?.id} `))).toBe(true);
    expect(store.getState().notices.at(-1)?.message).toContain('joined with 60,000 URLs listed');
  });

  it("lists the URLs for the crawl worker in tasks of their own, none in the drop's task", async () => {
    const { store, pump } = await heldStore();
    // The crawl commands loaded (their first use loads them in a later task anyway).
    const first = store.commands.listCrawlUrls();
    let listed: unknown = null;
    void first.urls.then((u) => (listed = u));
    await pump(() => listed !== null);
    // Reads of the first entry's URL: the listing's first step reads it.
    const entry = store.getState().doc!.entries[0];
    const loc = entry.loc;
    let reads = 0;
    Object.defineProperty(entry, 'loc', {
      get: () => {
        reads++;
        return loc;
      },
      configurable: true,
    });
    const listing = store.commands.listCrawlUrls();
    // The drop's task (the dialog, the file's sniff, the workers' start) does no listing: the
    // 1,000,000-URL listing's first slice (its 12 MB of arrays, then 8 ms of steps) made that
    // task one of the replace's longest (issue #17).
    expect(reads).toBe(0);
    let urls: unknown = null;
    void listing.urls.then((u) => (urls = u));
    await pump(() => urls !== null);
    expect(reads).toBeGreaterThan(0);
    expect(listing.positions?.[entry.id]).toBe(0);
  });

  it('Cancel during the join takes the crawl data out again and says so; the sitemap is unchanged', async () => {
    const file = new File([CSV], 'internal_all.csv', { type: 'text/csv' });
    const table = await readCrawlFile(
      file,
      undefined,
      () => {},
      () => null,
    ).result;
    const { store, queue, pump } = await heldStore();
    const doc = store.getState().doc;
    store.commands.attachCrawl(table);
    expect(store.getState().task).toMatchObject({ label: 'Auditing with the crawl data', cancellable: true });
    expect(queue.length).toBeGreaterThan(0);
    store.commands.cancelTask();
    await pump(() => store.getState().crawl === null && store.getState().task === null);
    const s = store.getState();
    expect(s.crawl).toBeNull();
    expect(s.doc).toBe(doc);
    expect(s.history.canUndo).toBe(false);
    expect(s.view.hiddenColumns).toContain('crawlStatus');
    expect(s.notices.at(-1)?.message).toBe(
      'Stopped attaching internal_all.csv: no crawl data is attached. The sitemap itself is unchanged.',
    );
    await pump(() => queue.length === 0);
    expect(crawlFindings(store)).toEqual([]);
    expect(s.notices.some((n) => n.message.startsWith('Attached'))).toBe(false);
  });

  it('Cancel while replacing the crawl data keeps the crawl that was attached before', async () => {
    const read = (name: string) =>
      readCrawlFile(
        new File([CSV], name, { type: 'text/csv' }),
        undefined,
        () => {},
        () => null,
      ).result;
    const first = await read('first.csv');
    const second = await read('second.csv');
    const { store, pump } = await heldStore();
    store.commands.attachCrawl(first);
    await pump(() => store.getState().task === null && store.getState().notices.length > 0);
    const before = crawlFindings(store);
    expect(before.length).toBeGreaterThan(0);
    store.commands.attachCrawl(second);
    store.commands.cancelTask();
    await pump(() => store.getState().crawl !== second && store.getState().task === null);
    const s = store.getState();
    expect(s.crawl).toBe(first);
    expect(s.view.hiddenColumns).not.toContain('crawlStatus');
    expect(s.notices.at(-1)?.message).toBe(
      'Stopped attaching second.csv: the crawl data of first.csv stays attached. The sitemap itself is unchanged.',
    );
    expect(crawlFindings(store)).toEqual(before);
  });
  it('a sliced join shows its findings after its first step and at its end, not at every step', async () => {
    const table = await readCrawlFile(
      new File([CSV], 'internal_all.csv', { type: 'text/csv' }),
      undefined,
      () => {},
      () => null,
    ).result;
    const { store, pump } = await heldStore();
    const seen = new Set<unknown>([store.getState().validation]);
    let progress = 0;
    const off = store.subscribe(() => {
      seen.add(store.getState().validation);
      if (store.getState().task?.progress) progress++;
    });
    store.commands.attachCrawl(table);
    await pump(() => store.getState().notices.some((n) => n.message.startsWith('Attached')));
    off();
    // Every view of the findings re-renders once per new validation: the progress updates of a
    // 60-step join do not each make one.
    expect(progress).toBeGreaterThan(5);
    expect(seen.size).toBeLessThanOrEqual(3);
    // The findings are all there at the end (the attach test above compares them with the
    // crawl worker's join).
    expect(crawlFindings(store).length).toBeGreaterThan(0);
    expect(store.getState().validation.validator.crawlRowOf?.(0)).toBeGreaterThanOrEqual(0);
  });

  it("the join's slice in which its first findings show ends there: their render is not after 8 ms of steps", async () => {
    const table = await readCrawlFile(
      new File([CSV], 'internal_all.csv', { type: 'text/csv' }),
      undefined,
      () => {},
      () => null,
    ).result;
    // A clock that never moves: a slice ends only when the join says so.
    const queue: Array<() => void> = [];
    let held = false;
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: docOf(LOCS), issues: [], fatal: null })),
      now: () => 0,
      timers: {
        setTimeout: (fn) => (held ? queue.push(fn) : setTimeout(fn, 0)),
        clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      },
    });
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    await new Promise((r) => setTimeout(r, 50));
    held = true;
    let joined = 0;
    const attach = CrawlPart.prototype.attach;
    const spy = vi.spyOn(CrawlPart.prototype, 'attach').mockImplementation(function (this: CrawlPart, ...a) {
      joined++;
      return attach.apply(this, a);
    });
    store.commands.attachCrawl(table);
    // Per task: entries joined, and whether the findings shown changed in it.
    const tasks: Array<{ joined: number; changed: boolean }> = [];
    for (
      let n = 0;
      n < 1_000 && !store.getState().notices.some((x) => x.message.startsWith('Attached'));
      n++
    ) {
      const fn = queue.shift();
      if (!fn) {
        await new Promise((r) => setTimeout(r, 0));
        continue;
      }
      const version = store.getState().validation.version;
      joined = 0;
      fn();
      tasks.push({ joined, changed: store.getState().validation.version !== version });
    }
    spy.mockRestore();
    const first = tasks.findIndex((t) => t.changed);
    expect(first).toBeGreaterThanOrEqual(0);
    // One step of the join (1,000 entries) in that task; the rest of the 60,000 in later ones.
    expect(tasks[first].joined).toBeLessThanOrEqual(1_000);
    expect(tasks.slice(first + 1).reduce((n, t) => n + t.joined, 0)).toBeGreaterThanOrEqual(
      LOCS.length - 1_000,
    );
    expect(crawlFindings(store).length).toBeGreaterThan(0);
  });

  it('a second attach during a join takes over its task: progress and Cancel stay in the status bar', async () => {
    const read = (name: string) =>
      readCrawlFile(
        new File([CSV], name, { type: 'text/csv' }),
        undefined,
        () => {},
        () => null,
      ).result;
    const first = await read('first.csv');
    const second = await read('second.csv');
    const { store, pump } = await heldStore();
    store.commands.attachCrawl(first);
    await pump(() => (store.getState().task?.progress ?? 0) > 0.1);
    store.commands.attachCrawl(second);
    const tasks: Array<{ label: string; progress: number | null } | null> = [];
    const replaced = () => store.getState().notices.some((n) => n.message.startsWith('Replaced'));
    await pump(() => {
      if (!replaced()) tasks.push(store.getState().task);
      return replaced();
    });
    // Shown from the second attach until its join is done, starting over from its own start.
    expect(tasks.length).toBeGreaterThan(10);
    expect(tasks.every((t) => t?.label === 'Auditing with the crawl data')).toBe(true);
    const shown = tasks.map((t) => t?.progress ?? 0);
    expect(shown[0]).toBeLessThan(0.1);
    expect(Math.max(...shown)).toBeGreaterThan(0.9);
    expect(store.getState().task).toBeNull();
    expect(store.getState().crawl).toBe(second);
    expect(store.getState().notices.filter((n) => n.message.startsWith('Attached'))).toEqual([]);
    expect(store.getState().notices.at(-1)?.message).toContain('Replaced the crawl data with second.csv');

    // Cancel during a taken-over join goes back to the crawl attached before it.
    const third = await read('third.csv');
    store.commands.attachCrawl(third);
    await pump(() => (store.getState().task?.progress ?? 0) > 0.1);
    const fourth = await read('fourth.csv');
    store.commands.attachCrawl(fourth);
    expect(store.getState().task?.cancellable).toBe(true);
    store.commands.cancelTask();
    await pump(() => store.getState().notices.at(-1)?.message.startsWith('Stopped') === true);
    expect(store.getState().crawl).toBe(third);
    expect(store.getState().notices.at(-1)?.message).toBe(
      'Stopped attaching fourth.csv: the crawl data of third.csv stays attached. The sitemap itself is unchanged.',
    );
  });

  it("the page's validator (made before its code loaded) uses the crawl worker's matches", async () => {
    const loader = createValidatorLoader(() => Promise.resolve(Validator));
    // The browser's first validator is a stand-in created before the code arrived; it stays.
    const v = loader.factory({ now: 0 });
    await loader.ready;
    const doc = docOf([...CRAWLED_SITEMAP_URLS]);
    v.load(doc);
    const table = readCrawl(new Uint8Array(CSV), 'internal_all.csv')!;
    const join = new CrawlJoin(table, v.crawlScope?.() ?? '');
    const missed = doc.entries.filter((e) => join.matchRow(e.loc) < 0).length;
    const steps = listLocs(doc.entries, doc.nextId);
    let r = steps.next();
    while (!r.done) r = steps.next();
    const rows = exactRows(table, r.value);
    const preset = new CrawlPreset(table, doc.entries, rows, r.value.positions);
    const lookups = vi.spyOn(join, 'matchRow');
    const joining = v.setCrawlSteps?.(join, 100, preset);
    while (joining && !joining.next().done);
    // Only the URLs the crawl does not have as written are looked up on the page.
    expect(lookups).toHaveBeenCalledTimes(missed);
    expect(missed).toBeLessThan(doc.entries.length);
  });
});
