/**
 * The lazy passes over a received 1M document that still read rows (session 18, s18-misc):
 * `node --expose-gc --max-old-space-size=6000 --import tsx bench/passes1m-dev.ts [file]`.
 * Builds the page's received document (rows kept as columns in the worker's chunks, entries made
 * when read: core/lazyEntries.ts), then runs each pass as the app does (its steps driven one
 * after another) and prints thread CPU, the longest step (the page's longest task for that
 * pass, in process CPU: wall is the machine's load), and how many rows it made (entries
 * peeked: made and dropped).
 */
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { type EntrySource, lazyEntries, type Slot } from '../src/core/lazyEntries.ts';
import { parseSitemap } from '../src/core/parse.ts';
import { Validator } from '../src/core/validate.ts';
import { viewStepRows } from '../src/state/crawlView.ts';
import { findReplacePatch } from '../src/state/findReplace.ts';
import { buildSortIndexSteps } from '../src/state/sortIndex.ts';
import type { ViewState } from '../src/state/types.ts';
import { rowOrderSteps } from '../src/state/view.ts';
import type { EntryColumns } from '../src/workers/entryColumns.ts';
import { encodeEntryColumns } from '../src/workers/entryColumnsEncode.ts';
import { EntryRows } from '../src/workers/entryRows.ts';
import { chunkEnds, PARSE_CHUNK_MIN_CHARS, PARSE_ENTRY_CHUNK } from '../src/workers/protocol.ts';

const file = process.argv[2] ?? 'bench/out/inputs/v1/million.xml';
const plain = parseSitemap(new Uint8Array(readFileSync(file)), { fileName: 'million.xml' }).document;
const rows = new EntryRows();
{
  const ends = chunkEnds(plain.entries, PARSE_ENTRY_CHUNK, PARSE_CHUNK_MIN_CHARS);
  let start = 0;
  for (const end of ends) {
    rows.add(deserialize(serialize(encodeEntryColumns(plain.entries, start, end))) as EntryColumns);
    start = end;
  }
}
let peeked = 0;
const source: EntrySource = {
  entry: (r) => rows.entry(r),
  peek: (r) => {
    peeked++;
    return rows.peek(r);
  },
  id: (r) => rows.id(r),
  loc: (r) => rows.loc(r),
  field: (r, name) => rows.field(r, name),
};
const slots: Slot[] = Array.from({ length: rows.n }, (_, i) => i);
const doc = { ...plain, entries: lazyEntries(source, slots) };
plain.entries.length = 0;
const v = new Validator({ now: Date.UTC(2026, 10, 28), publishUrl: 'https://www.example.com/sitemap.xml' });
v.load(doc);
(globalThis as { gc?: () => void }).gc?.();

function steps<T>(name: string, make: () => Generator<void, T>): T {
  peeked = 0;
  const cpu0 = process.cpuUsage();
  const g = make();
  let longest = 0;
  let n = 0;
  for (;;) {
    const t = process.cpuUsage();
    const r = g.next();
    const d = process.cpuUsage(t);
    longest = Math.max(longest, (d.user + d.system) / 1000);
    n++;
    if (r.done) {
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `${name.padEnd(34)} CPU ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(5)} ms  longest step CPU ${longest.toFixed(0).padStart(5)} ms  steps ${String(n).padStart(4)}  rows made ${peeked}`,
      );
      return r.value;
    }
  }
}
const view = (over: Partial<ViewState>): ViewState => ({
  sort: null,
  search: '',
  filters: {},
  hiddenColumns: [],
  ...over,
});
const chunk = viewStepRows(doc.entries.length);
const runs = Number(process.env.RUNS ?? 2);
for (let run = 0; run < runs; run++) {
  steps('field filter changefreq=weekly', () =>
    rowOrderSteps(
      doc,
      view({ filters: { field: { column: 'changefreq', value: 'weekly' } } }),
      v,
      null,
      chunk,
    ),
  );
  steps('field filter lastmod', () =>
    rowOrderSteps(
      doc,
      view({ filters: { field: { column: 'lastmod', value: '2024-01-01' } } }),
      v,
      null,
      chunk,
    ),
  );
  steps('chart filter priority 0.5', () =>
    rowOrderSteps(
      doc,
      view({
        filters: {
          bucket: { filter: { kind: 'priority', value: '0.5' }, label: '0.5' },
        } as ViewState['filters'],
      }),
      v,
      null,
      chunk,
    ),
  );
  steps('chart filter changefreq weekly', () =>
    rowOrderSteps(
      doc,
      view({
        filters: {
          bucket: { filter: { kind: 'changefreq', value: 'weekly' }, label: 'weekly' },
        } as ViewState['filters'],
      }),
      v,
      null,
      chunk,
    ),
  );
  steps('sort images', () => buildSortIndexSteps(doc.entries, 'images', v, chunk));
  steps('sort videos', () => buildSortIndexSteps(doc.entries, 'videos', v, chunk));
  // biome-ignore lint/correctness/useYield: find & replace is one task today; this measures it
  steps('find & replace, all columns', function* () {
    return findReplacePatch(
      doc,
      { column: 'all', find: 'zzz-none', replace: 'x', regex: false, caseSensitive: false, scope: 'all' },
      null,
    );
  });
}

// The autosave's first save of the document (state/idbPersistence.ts `save`): each 2,000-row
// chunk's rows read (peeked) and encoded as columns, then structured-cloned by IndexedDB's put;
// one chunk per task.
if (process.env.AUTOSAVE !== '0') {
  const { CHUNK_SIZE } = await import('../src/state/idbPersistence.ts');
  const { slotsOf } = await import('../src/core/lazyEntries.ts');
  for (let run = 0; run < runs; run++)
    steps('autosave: every chunk encoded', function* () {
      const { slots, source: src } = slotsOf(doc.entries);
      for (let from = 0; from < slots.length; from += CHUNK_SIZE) {
        const rows = slots
          .slice(from, Math.min(slots.length, from + CHUNK_SIZE))
          .map((s) => (typeof s === 'number' ? (src as EntrySource).peek(s) : s));
        structuredClone(encodeEntryColumns(rows, 0, rows.length));
        yield;
      }
    });
}
