/**
 * The 1M cell edit in Node, the store alone (issue #18 "1M edit p95", docs/perf.md "Session 12:
 * the 1M edit"): `npx tsx bench/editGc.ts [edits] [rows]` (defaults 200, 1,000,000), with
 * `NODE_OPTIONS=--trace-gc` to see each GC. Opens a generated document (makeDocument) with the
 * core validator, builds the id index, then edits `priority` on the first rows the way the
 * browser bench does (`__probe.edits`: '0.3' unless the cell holds it, then '0.7') and reads what
 * the page reads after an edit (`rowOrder`, the validator's counts). Prints per-edit wall times
 * (p50, p95, max) and process CPU per edit, the GC time that fell inside edits (V8 `gc` performance entries, by kind) and
 * the heap growth: what one edit allocates that survives.
 */
import { type PerformanceEntry, PerformanceObserver, performance } from 'node:perf_hooks';
import { idIndexOf, prepareCopy } from '../src/core/patch.ts';
import { createAppStore } from '../src/state/store.ts';
import { fakeClient, makeDocument } from '../src/state/testing.ts';

const EDITS = Number(process.argv[2] ?? 200);
const ROWS = Number(process.argv[3] ?? 1_000_000);

const gcs: PerformanceEntry[] = [];
const obs = new PerformanceObserver((list) => gcs.push(...list.getEntries()));
obs.observe({ entryTypes: ['gc'] });

const doc = makeDocument(ROWS);
const store = createAppStore({
  worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
  now: () => Date.UTC(2026, 0, 1),
});
await store.commands.openFile('million.xml', new Uint8Array());
idIndexOf(store.getState().doc!.entries);
if (process.env.PREPARE === '1') prepareCopy(store.getState().doc!.entries);
store.getState().rowOrder;
(globalThis as { gc?: () => void }).gc?.();
await new Promise((r) => setTimeout(r, 100));
const heap0 = process.memoryUsage().heapUsed;
gcs.length = 0;

const spans: Array<[number, number]> = [];
const cpu: number[] = [];
for (let i = 0; i < EDITS; i++) {
  const st = store.getState();
  const entry = st.doc!.entries[st.rowOrder[i % 12]];
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  store.commands.setCell(entry.id, 'priority', entry.priority === '0.3' ? '0.7' : '0.3');
  const s = store.getState();
  s.rowOrder;
  s.validation.validator.counts();
  spans.push([t0, performance.now()]);
  const c1 = process.cpuUsage(c0);
  cpu.push((c1.user + c1.system) / 1000);
  // A task boundary, as between the page's edits (lets V8 finish GC work posted as tasks).
  await new Promise((r) => setImmediate(r));
  // PREPARE=1: the next edit's copy made in a task of its own between edits, as the page's idle
  // callback does (untimed).
  if (process.env.PREPARE === '1') {
    prepareCopy(store.getState().doc!.entries);
    await new Promise((r) => setImmediate(r));
  }
}
await new Promise((r) => setTimeout(r, 50));
const heap1 = process.memoryUsage().heapUsed;

const ms = spans.map(([a, b]) => b - a).sort((a, b) => a - b);
const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
const KIND: Record<number, string> = {
  1: 'scavenge',
  2: 'mark-compact',
  4: 'incremental',
  8: 'weak-cb',
  16: 'minor-mc',
};
const inside = new Map<string, { n: number; ms: number }>();
let all = 0;
for (const g of gcs) {
  all += g.duration;
  const hit = spans.some(([a, b]) => g.startTime >= a && g.startTime < b);
  if (!hit) continue;
  const kind = KIND[(g as PerformanceEntry & { detail?: { kind: number } }).detail?.kind ?? 0] ?? '?';
  const r = inside.get(kind) ?? { n: 0, ms: 0 };
  r.n++;
  r.ms += g.duration;
  inside.set(kind, r);
}
console.log(
  `${EDITS} edits on ${ROWS.toLocaleString('en-US')} rows: p50 ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms, max ${ms[ms.length - 1].toFixed(2)} ms`,
);
cpu.sort((a, b) => a - b);
const qc = (p: number) => cpu[Math.min(cpu.length - 1, Math.floor(p * cpu.length))];
console.log(
  `process CPU per edit (all threads, incl. GC helpers): p50 ${qc(0.5).toFixed(2)} ms, p95 ${qc(0.95).toFixed(2)} ms, max ${cpu[cpu.length - 1].toFixed(2)} ms`,
);
console.log(
  `GC inside edits: ${[...inside].map(([k, v]) => `${k} ${v.n}× ${v.ms.toFixed(1)} ms`).join(', ') || 'none'}; all GC during the round ${all.toFixed(1)} ms (${gcs.length} events)`,
);
console.log(
  `heap used ${(heap0 / 2 ** 20).toFixed(0)} → ${(heap1 / 2 ** 20).toFixed(0)} MB (${((heap1 - heap0) / EDITS / 1024).toFixed(0)} KB per edit before GC)`,
);
obs.disconnect();
