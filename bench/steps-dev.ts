/**
 * The page's side of the split open, step by step, in Node: `npx tsx bench/steps-dev.ts [file]`
 * (default bench/out/hostile/text-1M-lines.txt). The worker's side (parse, `checkColumns`, the
 * chunks `v8.serialize`d) runs first; then, as the page does, each chunk is deserialized, decoded
 * and filed with `addCheckedSteps(…, 250)`, and the end of the load runs as
 * `finishCheckedSteps(…, 250)`. Every generator step is timed (performance.now): printed are the
 * longest steps of each phase with where they were, and the steps over `OVER_MS` (default 2).
 * What a page slice (8 ms, clock looked at between steps) cannot bound is a step longer than it.
 * `node --trace-gc` (NODE_OPTIONS) shows whether a long step holds a GC.
 */
import { readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { deserialize, serialize } from 'node:v8';
import type { Entry } from '../src/core/model.ts';
import { parseSitemap } from '../src/core/parse.ts';
import { type CheckedColumns, checkColumns, checkedRun } from '../src/core/validate/checked.ts';
import { Validator } from '../src/core/validate.ts';
import { decodeEntryColumns, type EntryColumns } from '../src/workers/entryColumns.ts';
import { encodeEntryColumns } from '../src/workers/entryColumnsEncode.ts';
import { chunkEnds, PARSE_ENTRY_CHUNK } from '../src/workers/protocol.ts';

const file = process.argv[2] ?? 'bench/out/hostile/text-1M-lines.txt';
const OVER_MS = Number(process.env.OVER_MS ?? 2);
const settings = { now: Date.UTC(2026, 10, 27) };

const r = parseSitemap(new Uint8Array(readFileSync(file)), { fileName: file.split('/').pop() });
const entries = r.document.entries;
const ends = chunkEnds(entries, PARSE_ENTRY_CHUNK);
const run = checkedRun(r.document.kind, entries, r.issues, settings);
const messages: Buffer[] = [];
let start = 0;
for (let k = 0; k < ends.length; k++) {
  const end = ends[k];
  const columns = encodeEntryColumns(entries, start, end);
  const checked = checkColumns(run, entries, start, end, k % 3 !== 1);
  messages.push(serialize({ columns, checked }));
  start = end;
}
console.log(`${file}: ${entries.length} entries, ${messages.length} chunks`);

interface Step {
  /** Thread CPU (the process's: Node's GC helpers add to it only inside a GC), wall, page faults. */
  ms: number;
  wall: number;
  faults: number;
  where: string;
  at: number;
}
// GCs (Node's perf entries: kind 1 scavenge, 2 mark-compact, …), matched to the steps at the end.
const gcs: Array<{ at: number; ms: number; kind: number }> = [];
new PerformanceObserver((l) => {
  for (const e of l.getEntries())
    gcs.push({
      at: e.startTime,
      ms: e.duration,
      kind: (e as PerformanceEntry & { detail?: { kind: number } }).detail?.kind ?? 0,
    });
}).observe({ entryTypes: ['gc'] });
const gcIn = (s: Step) => {
  const inside = gcs.filter((g) => g.at >= s.at && g.at < s.at + s.wall);
  return inside.length
    ? ` gc ${inside.map((g) => `${g.kind === 1 ? 'S' : g.kind === 2 ? 'MC' : g.kind}${g.ms.toFixed(0)}`).join('+')}`
    : '';
};
const phases = new Map<string, Step[]>();
function timed(phase: string, where: (v: unknown) => string, steps: Iterator<unknown>): void {
  const list = phases.get(phase) ?? [];
  phases.set(phase, list);
  for (;;) {
    const r0 = process.resourceUsage();
    const t = performance.now();
    const s = steps.next();
    const wall = performance.now() - t;
    const r1 = process.resourceUsage();
    const ms = (r1.userCPUTime + r1.systemCPUTime - r0.userCPUTime - r0.systemCPUTime) / 1000;
    const faults = r1.minorPageFault - r0.minorPageFault;
    list.push({ ms, wall, faults, at: t, where: s.done ? 'end' : where(s.value) });
    if (s.done) return;
  }
}

const into: Entry[] = [];
const v = new Validator(settings);
const t0 = performance.now();
messages.forEach((m, k) => {
  const { columns, checked } = deserialize(m) as { columns: EntryColumns; checked?: CheckedColumns };
  const from = into.length;
  decodeEntryColumns(columns, into);
  if (checked)
    timed(
      checked.pass ? 'file (pass in worker)' : 'file (pass here)',
      (d) => `chunk ${k} +${d}`,
      v.addCheckedSteps(into, from, checked, 250),
    );
});
const t1 = performance.now();
const doc = { ...r.document, entries: into };
timed('finish', (d) => `unit ${d}`, v.finishCheckedSteps(doc, r.issues, 250));
const t2 = performance.now();
const c = v.counts();
await new Promise((ok) => setTimeout(ok, 50));
const gcSum = (from: number, to: number, scavenge: boolean) => {
  const list = gcs.filter((g) => g.at >= from && g.at < to && (g.kind === 1) === scavenge);
  const max = Math.max(0, ...list.map((g) => g.ms));
  return `${list.length} (Σ ${list.reduce((n, g) => n + g.ms, 0).toFixed(0)}, max ${max.toFixed(0)} ms)`;
};
console.log(
  `receive ${(t1 - t0).toFixed(0)} ms (scavenges ${gcSum(t0, t1, true)}, other GCs ${gcSum(t0, t1, false)}), finish ${(t2 - t1).toFixed(0)} ms (scavenges ${gcSum(t1, t2, true)}, other ${gcSum(t1, t2, false)}); heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB; counts ${JSON.stringify(c)}`,
);
for (const [phase, list] of phases) {
  const sorted = [...list].sort((a, b) => b.ms - a.ms);
  const over = list.filter((s) => s.ms > OVER_MS).length;
  const overNoGc = list.filter((s) => s.ms > OVER_MS && gcIn(s) === '').length;
  const faults = list.reduce((n, s) => n + s.faults, 0);
  const sum = list.reduce((n, s) => n + s.ms, 0);
  console.log(
    `${phase}: ${list.length} steps, Σ ${sum.toFixed(0)} ms CPU, ${faults} page faults; over ${OVER_MS} ms CPU: ${over} (${overNoGc} without a GC); longest ${sorted
      .slice(0, Number(process.env.TOP ?? 8))
      .map((s) => `${s.ms.toFixed(1)} (${s.where}, ${s.faults} pf${gcIn(s)})`)
      .join(', ')}`,
  );
}
