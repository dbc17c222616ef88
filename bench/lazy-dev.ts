/**
 * What keeping the received chunks as columns would save the page's scavenges, in Node:
 * `node --no-allocation-site-pretenuring --expose-gc --max-old-space-size=6000 --import tsx
 * bench/lazy-dev.ts <file> keep|columns` (the flag: Chromium does not pretenure the decoder's
 * literals, Node 20 does; docs/perf.md "Session 14 … s14-receive").
 * The worker's side runs first (parse, chunks encoded and `v8.serialize`d as the page receives
 * them); then every chunk is deserialized and decoded as the page does. `keep`: the decoded
 * entries are kept (today's page). `columns`: the chunk's columns are kept and its entries made
 * and dropped (a store that makes an entry on read, every row read once, none kept). Printed: the
 * scavenges and mark-compacts while the chunks are received (count, longest, Σ ms, from Node's GC
 * perf entries).
 */
import { readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { deserialize, serialize } from 'node:v8';
import type { Entry } from '../src/core/model.ts';
import { parseSitemap } from '../src/core/parse.ts';
import { decodeEntryColumns, type EntryColumns } from '../src/workers/entryColumns.ts';
import { encodeEntryColumns } from '../src/workers/entryColumnsEncode.ts';
import { chunkEnds, PARSE_CHUNK_MIN_CHARS, PARSE_ENTRY_CHUNK } from '../src/workers/protocol.ts';

const file = process.argv[2] ?? 'bench/out/inputs/v1/million.xml';
const mode = process.argv[3] ?? 'keep';
const messages: Buffer[] = [];
{
  const r = parseSitemap(new Uint8Array(readFileSync(file)), { fileName: file.split('/').pop() });
  const entries = r.document.entries;
  const ends = chunkEnds(entries, PARSE_ENTRY_CHUNK, PARSE_CHUNK_MIN_CHARS);
  let start = 0;
  for (const end of ends) {
    messages.push(serialize(encodeEntryColumns(entries, start, end)));
    start = end;
  }
}
(globalThis as { gc?: () => void }).gc?.();
const gcs: Array<{ ms: number; kind: number }> = [];
let on = false;
new PerformanceObserver((l) => {
  for (const e of l.getEntries())
    if (on)
      gcs.push({
        ms: e.duration,
        kind: (e as PerformanceEntry & { detail?: { kind: number } }).detail?.kind ?? 0,
      });
}).observe({ entryTypes: ['gc'] });
on = true;
const t0 = performance.now();
const kept: Entry[] = [];
const columns: EntryColumns[] = [];
const scratch: Entry[] = [];
let locChars = 0;
for (const m of messages) {
  const c = deserialize(m) as EntryColumns;
  if (mode === 'keep') decodeEntryColumns(c, kept);
  else {
    columns.push(c);
    decodeEntryColumns(c, scratch);
    for (const e of scratch) locChars += e.loc.length;
    scratch.length = 0;
  }
}
const ms = performance.now() - t0;
await new Promise((r) => setTimeout(r, 50));
on = false;
const of = (kind: number) => {
  const l = gcs.filter((g) => g.kind === kind).map((g) => g.ms);
  return `${l.length}× max ${Math.max(0, ...l).toFixed(1)} Σ ${l.reduce((a, b) => a + b, 0).toFixed(1)} ms`;
};
console.log(
  `${file.split('/').pop()} ${mode}: ${messages.length} chunks, ${kept.length || columns.length} kept, receive ${ms.toFixed(0)} ms; scavenges ${of(1)}; mark-compacts ${of(4)}; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB; ${locChars} loc characters read`,
);
