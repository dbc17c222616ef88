/**
 * The split open's two sides, in Node, CPU: `npx tsx bench/split-dev.ts <mode> [file]` with mode
 * `whole` (main: the worker encodes the entry chunks; the page decodes them, then validates every
 * entry, `Validator.loadSteps`) or `split` (the worker runs the per-entry pass on each chunk too,
 * `checkColumns`, except every third, whose pass the page runs; the page decodes and files each
 * chunk, `addChecked`, then runs the checks across entries, `finishCheckedSteps`) or `splitall`
 * (the worker runs the pass for every chunk). Chunks are `v8.serialize`d and `v8.deserialize`d as postMessage
 * clones them. Prints each side's CPU and the part after the last chunk (what the page does once
 * the worker is done: the chain's tail). One mode per process: alternate them.
 */
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { Entry } from '../src/core/model.ts';
import { parseSitemap } from '../src/core/parse.ts';
import { runSteps } from '../src/core/steps.ts';
import { type CheckedColumns, checkColumns, checkedRun } from '../src/core/validate/checked.ts';
import { Validator } from '../src/core/validate.ts';
import { decodeEntryColumns, type EntryColumns } from '../src/workers/entryColumns.ts';
import { encodeEntryColumns } from '../src/workers/entryColumnsEncode.ts';
import { PAGE_PASS_EVERY } from '../src/workers/entryStream.ts';
import { chunkEnds, PARSE_ENTRY_CHUNK } from '../src/workers/protocol.ts';

const mode = process.argv[2] ?? 'split';
const file = process.argv[3] ?? 'bench/out/inputs/v1/million.xml';
const settings = { now: Date.UTC(2026, 10, 27) };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const r = parseSitemap(new Uint8Array(readFileSync(file)), { fileName: 'million.xml' });
const entries = r.document.entries;
const ends = chunkEnds(entries, PARSE_ENTRY_CHUNK);

// Worker side: every message serialized (as postMessage does).
let t = cpu();
const run = mode !== 'whole' ? checkedRun(r.document.kind, entries, r.issues, settings) : null;
const messages: Buffer[] = [];
let start = 0;
for (let k = 0; k < ends.length; k++) {
  const end = ends[k];
  const columns = encodeEntryColumns(entries, start, end);
  // As the engine does: the page runs the pass of every PAGE_PASS_EVERY-th chunk; `splitall`: none.
  const checked = run
    ? checkColumns(run, entries, start, end, mode === 'splitall' || k % PAGE_PASS_EVERY !== 1)
    : undefined;
  messages.push(serialize({ columns, checked }));
  start = end;
}
const worker = cpu() - t;

// Page side: each message deserialized and decoded (and filed, split).
t = cpu();
const into: Entry[] = [];
const v = new Validator(settings);
for (const m of messages) {
  const { columns, checked } = deserialize(m) as { columns: EntryColumns; checked?: CheckedColumns };
  const from = into.length;
  decodeEntryColumns(columns, into);
  if (checked) v.addChecked(into, from, checked);
}
const receive = cpu() - t;
t = cpu();
const doc = { ...r.document, entries: into };
if (mode !== 'whole') runSteps(v.finishCheckedSteps(doc, r.issues, 250));
else runSteps(v.loadSteps(doc, r.issues, 250));
const tail = cpu() - t;
const c = v.counts();
console.log(
  `${mode}: worker ${worker.toFixed(0)} ms · page receive ${receive.toFixed(0)} ms · page after the last chunk ${tail.toFixed(0)} ms · page total ${(receive + tail).toFixed(0)} ms · issues ${c.error + c.warning + c.info}`,
);
