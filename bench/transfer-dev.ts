/**
 * Dev timing of a parse result's trip from the worker to the page, as `postMessage` makes it:
 * the file is parsed once, then each chunk (`chunkEnds`, `PARSE_ENTRY_CHUNK`) is cloned with
 * `v8.serialize` ("send", the worker's side) and rebuilt with `v8.deserialize` and appended to one
 * array ("receive", the page's side). Run one mode per process, alternating:
 * `node --expose-gc --import tsx bench/transfer-dev.ts objects|columns [file]`
 * (default file: bench/out/inputs/v1/million.xml). Prints CPU of both sides, the scavenges and GC
 * time during the receive, and the heap after a full GC with only the received entries alive.
 */
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { Entry } from '../src/core/model.ts';
import { parseSitemap } from '../src/core/parse.ts';
import { decodeEntryColumns, type EntryColumns } from '../src/workers/entryColumns.ts';
import { encodeEntryColumns } from '../src/workers/entryColumnsEncode.ts';
import { chunkEnds, PARSE_ENTRY_CHUNK } from '../src/workers/protocol.ts';

const mode = process.argv[2] === 'objects' ? 'objects' : 'columns';
const file = process.argv[3] ?? 'bench/out/inputs/v1/million.xml';
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

const parsed = parseSitemap(new Uint8Array(readFileSync(file))).document;
const ends = chunkEnds(parsed.entries, PARSE_ENTRY_CHUNK);
const sent: Buffer[] = [];
const sendFrom = process.cpuUsage();
let start = 0;
for (const end of ends) {
  const payload =
    mode === 'columns' ? encodeEntryColumns(parsed.entries, start, end) : parsed.entries.slice(start, end);
  sent.push(v8.serialize(payload));
  start = end;
}
const send = cpuMs(sendFrom);
parsed.entries = [];
gc();

let scavenges = 0;
let gcMs = 0;
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === 1) scavenges++;
  }
});
observer.observe({ entryTypes: ['gc'] });
const received: Entry[] = [];
const receiveFrom = process.cpuUsage();
for (const b of sent) {
  const v = v8.deserialize(b) as EntryColumns | Entry[];
  if (mode === 'columns') decodeEntryColumns(v as EntryColumns, received);
  else for (const e of v as Entry[]) received.push(e);
}
const receive = cpuMs(receiveFrom);
setTimeout(() => {
  observer.disconnect();
  gc();
  const heap = process.memoryUsage().heapUsed / 1e6;
  const bytes = sent.reduce((n, b) => n + b.length, 0) / 1e6;
  console.log(
    `${mode}: send ${send.toFixed(0)} ms CPU, ${bytes.toFixed(1)} MB cloned; receive ${receive.toFixed(0)} ms CPU, ${scavenges} scavenges, GC ${gcMs.toFixed(0)} ms; heap ${heap.toFixed(0)} MB with ${received.length} entries`,
  );
}, 50);
