/**
 * Find & replace over a received 1M document, as the app scans it (session 19, s19-misc):
 * `node --expose-gc --max-old-space-size=6000 --import tsx bench/findreplace1m-dev.ts [file]`.
 * The page's received document is built as in bench/passes1m-dev.ts (rows kept as the worker's
 * columns, entries made when read); then the scan behind the preview count and the apply
 * (`findReplaceSteps` in `viewStepRows` steps where the code has it, else the one-shot
 * `findReplacePatch`: main before session 19) runs RUNS times per request, printing process CPU,
 * the longest step's CPU (the page's longest task for the scan), the steps and the rows made.
 */
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { type EntrySource, lazyEntries, type Slot } from '../src/core/lazyEntries.ts';
import { parseSitemap } from '../src/core/parse.ts';
import * as fr from '../src/state/findReplace.ts';
import type { FindReplaceRequest } from '../src/state/types.ts';
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
  entry: (r) => {
    peeked++;
    return rows.entry(r);
  },
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
(globalThis as { gc?: () => void }).gc?.();

type Steps = (
  d: typeof doc,
  r: FindReplaceRequest,
  rows: Int32Array | null,
) => Generator<unknown, { cells: number; patch: { updated: unknown[] } }>;
const stepped = (fr as { findReplaceSteps?: Steps }).findReplaceSteps;
const scan: Steps =
  stepped ??
  // biome-ignore lint/correctness/useYield: main's scan is one task; measured as one step
  function* (d, r, s) {
    return fr.findReplacePatch(d, r, s);
  };

function measure(name: string, r: FindReplaceRequest): void {
  peeked = 0;
  (globalThis as { gc?: () => void }).gc?.();
  const cpu0 = process.cpuUsage();
  const g = scan(doc, r, null);
  let longest = 0;
  let n = 0;
  const each: number[] = [];
  for (;;) {
    const t = process.cpuUsage();
    const step = g.next();
    const d = process.cpuUsage(t);
    longest = Math.max(longest, (d.user + d.system) / 1000);
    each.push(Math.round((d.user + d.system) / 1000));
    n++;
    if (step.done) {
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `${name.padEnd(36)} CPU ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(5)} ms  longest step CPU ${longest.toFixed(0).padStart(5)} ms  steps ${String(n).padStart(3)}  cells ${step.value.cells}  rows made ${peeked}`,
      );
      // STEPS=1: each step's CPU, in order (which step is the longest: the first, or a GC's).
      if (process.env.STEPS === '1') console.log(`  steps' CPU ms: ${each.join(' ')}`);
      return;
    }
  }
}

const req = (over: Partial<FindReplaceRequest>): FindReplaceRequest => ({
  column: 'all',
  find: '',
  replace: 'x',
  regex: false,
  caseSensitive: false,
  scope: 'all',
  ...over,
});
console.log(
  `${stepped ? 'stepped (findReplaceSteps)' : 'one-shot (findReplacePatch)'}, ${doc.entries.length} rows`,
);
for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
  measure('all columns, no match', req({ find: 'zzz-none' }));
  measure('all columns, regex, no match', req({ find: '\\bzzz\\d', regex: true }));
  measure('URL column, id=777 (1,111 rows)', req({ column: 'loc', find: 'id=777', replace: 'id=778' }));
}
