/**
 * Issues #18 / #20 case 10, the split open: the page files its validator from each entry chunk in
 * slices as the chunks arrive. When several chunks wait (the page is behind the worker), each one
 * is filed in tasks of its own: a chunk's filing that began in the same task as the end of the
 * previous one would get a fresh slice there, and a backlog of chunks ran in one long task.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryIssues } from '../core/validate/entryIssues.ts';
import { createSitemapClient } from '../workers/client.ts';
import { PARSE_ENTRY_CHUNK } from '../workers/protocol.ts';
import { BIG_DOCUMENT } from './slices.ts';
import { createAppStore } from './store.ts';
import { engineWorker } from './testing.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('open: a backlog of entry chunks is filed one chunk per task at most', () => {
  it('never files two chunks in one task, and files every entry', async () => {
    // Plain URLs, long enough that every chunk holds exactly PARSE_ENTRY_CHUNK entries (ids in
    // document order; see PARSE_CHUNK_MIN_CHARS); a big document, so that the page files it in
    // slices as it arrives.
    const chunkCount = Math.ceil(BIG_DOCUMENT / PARSE_ENTRY_CHUNK) + 1;
    const n = PARSE_ENTRY_CHUNK * (chunkCount - 1) + 10;
    const urls = Array.from(
      { length: n },
      (_, i) =>
        `<url><loc>https://www.example.com/a-section/a-path-long-enough-for-a-full-chunk/p${i}</loc></url>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    // Every macrotask (the worker's messages, the store's yields and timeouts) gets a number.
    let task = 0;
    let clock = Date.UTC(2026, 0, 1);
    const run = (fn: () => void) => () => {
      task++;
      fn();
    };
    const timers = {
      setTimeout: (fn: () => void, ms: number) => setTimeout(run(fn), ms),
      clearTimeout,
      yieldTask: (fn: () => void) => void setTimeout(run(fn), 0),
    };
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) =>
      realSetTimeout(run(fn), ms)) as typeof setTimeout);
    const store = createAppStore({
      worker: createSitemapClient({ createWorker: () => engineWorker([], { splitFrom: 1_000 }) }),
      // A clock that moves 1 ms per look: a chunk's filing (10 steps of 250 entries) pauses once
      // (SLICE_MS is 8), and the chunks that arrive meanwhile wait behind it.
      now: () => (clock += 1),
      timers,
    });
    const chunksIn = new Map<number, Set<number>>();
    const filed = (id: number) => {
      const set = chunksIn.get(task) ?? new Set<number>();
      set.add(Math.floor(id / PARSE_ENTRY_CHUNK));
      chunksIn.set(task, set);
    };
    let fromWorker = 0;
    const fromColumns = EntryIssues.prototype.insertChecked;
    const own = EntryIssues.prototype.insert;
    vi.spyOn(EntryIssues.prototype, 'insertChecked').mockImplementation(function (
      this: EntryIssues,
      e,
      ...rest
    ) {
      filed(e.id);
      fromWorker++;
      return fromColumns.call(this, e, ...rest);
    });
    // A received row not read yet is filed by its row number (core/lazyEntries.ts); a parse
    // result's rows are its ids.
    const fromRow = EntryIssues.prototype.insertCheckedRow;
    vi.spyOn(EntryIssues.prototype, 'insertCheckedRow').mockImplementation(function (
      this: EntryIssues,
      row,
      ...rest
    ) {
      filed(row);
      fromWorker++;
      return fromRow.call(this, row, ...rest);
    });
    const ownRow = EntryIssues.prototype.insertRow;
    vi.spyOn(EntryIssues.prototype, 'insertRow').mockImplementation(function (this: EntryIssues, e, ...rest) {
      filed(e.id);
      return ownRow.call(this, e, ...rest);
    });
    vi.spyOn(EntryIssues.prototype, 'insert').mockImplementation(function (this: EntryIssues, e, ...rest) {
      filed(e.id);
      return own.call(this, e, ...rest);
    });
    await store.commands.openFile('big.xml', new TextEncoder().encode(xml));
    expect(store.getState().doc?.entries).toHaveLength(n);
    const chunks = new Set([...chunksIn.values()].flatMap((s) => [...s]));
    expect(chunks.size).toBe(chunkCount);
    // Most chunks came with the worker's pass (the split open), the others were checked here.
    expect(fromWorker).toBeGreaterThan(n / 2);
    const shared = [...chunksIn.entries()].filter(([, s]) => s.size > 1).map(([t, s]) => `${t}: ${[...s]}`);
    expect(shared).toEqual([]);
  }, 60_000);
});
