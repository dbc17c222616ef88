/**
 * When each thread did what during a crawl attach (issue #17, "drop → audit"): `npx tsx
 * bench/browser/crawltimeline.ts <trace.json> <dist> [port] [bucketMs]` after `WPROFILE=1
 * TRACE_DIR=<dir> npx tsx bench/browser/crawlab.ts <dist> <dist> attach 1` (BENCH_PORT=port-10).
 * Prints the page's marks (crawl-drop, the table's arrival, crawl-joined) and, per renderer thread
 * with samples, each bucket's (default 200 ms) top functions by sampled self time, from the drop.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { labeler, type Profile, type TraceEvent } from './trace.ts';

const [file, dist, portArg, bucketArg] = process.argv.slice(2);
const port = Number(portArg ?? 4940);
const bucket = Number(bucketArg ?? 200) * 1000;
const raw = JSON.parse(readFileSync(file, 'utf8'));
const events: TraceEvent[] = raw.traceEvents ?? raw;
const label = labeler(resolve(dist), `http://127.0.0.1:${port}`);
const marks = events.filter((e) => e.name === 'TimeStamp');
const drop = marks.find((e) => JSON.stringify(e.args ?? {}).includes('crawl-drop'));
if (!drop) throw new Error('no crawl-drop mark');
const t0 = drop.ts;
const at = (ts: number) => ((ts - t0) / 1e6).toFixed(2);
for (const m of marks) {
  const msg = (m.args as { data?: { message?: string } })?.data?.message ?? '';
  if (m.ts >= t0 - 1e5) console.log(`${at(m.ts)} s  mark ${msg}`);
}
/** What a trace's Profile / ProfileChunk events carry. */
interface ChunkArgs {
  data?: {
    startTime?: number;
    cpuProfile?: { nodes?: Profile['nodes']; samples?: number[] };
    timeDeltas?: number[];
  };
}
const starts = new Map<string, number>();
for (const e of events)
  if (e.name === 'Profile')
    starts.set(`${e.pid}:${(e as { id?: string }).id}`, (e.args as ChunkArgs)?.data?.startTime ?? e.ts);
const byThread = new Map<string, Map<number, Map<string, number>>>();
const nodes = new Map<string, Map<number, Profile['nodes'][number]>>();
const clock = new Map<string, number>();
for (const e of events) {
  if (e.name !== 'ProfileChunk') continue;
  const id = `${e.pid}:${(e as { id?: string }).id}`;
  const data = (e.args as ChunkArgs)?.data;
  const byId = nodes.get(id) ?? new Map();
  nodes.set(id, byId);
  for (const n of data?.cpuProfile?.nodes ?? []) byId.set(n.id, n);
  let t = clock.get(id) ?? starts.get(id) ?? e.ts;
  const deltas: number[] = data?.timeDeltas ?? [];
  const buckets = byThread.get(`${e.tid}`) ?? new Map();
  byThread.set(`${e.tid}`, buckets);
  (data?.cpuProfile?.samples ?? []).forEach((sid: number, i: number) => {
    t += deltas[i] ?? 0;
    const n = byId.get(sid);
    if (!n) return;
    const f = n.callFrame;
    let k: string;
    try {
      k = label({ ...f, lineNumber: f.lineNumber ?? -1, columnNumber: f.columnNumber ?? 0 });
    } catch {
      k = `${f.functionName || '(anon)'}`;
    }
    if (k === '(idle)' || k === '(root)' || k === '(program)') return;
    k = k.replace(/ src\/[^ ]*/, '');
    const b = Math.floor((t - t0) / bucket);
    const m = buckets.get(b) ?? new Map<string, number>();
    buckets.set(b, m);
    m.set(k, (m.get(k) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  clock.set(id, t);
}
for (const [tid, buckets] of byThread) {
  const total = [...buckets.values()].reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0);
  if (total < 100) continue;
  console.log(`\nthread ${tid} (${total.toFixed(0)} ms sampled)`);
  for (const b of [...buckets.keys()].sort((x, y) => x - y)) {
    if (b < -2) continue;
    const m = buckets.get(b)!;
    const sum = [...m.values()].reduce((a, c) => a + c, 0);
    if (sum < 5) continue;
    const top = [...m]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`);
    console.log(`  ${((b * bucket) / 1e6).toFixed(1)} s  ${sum.toFixed(0).padStart(4)}  ${top.join('; ')}`);
  }
}

// The serial tail: from the last sample of the CSV scan in any worker to the table's arrival.
const PARSE = /^(scan|asciiUrl|findQuote|row|skipRest|findBreakOrQuote|firstMarked|feed) /;
let parseEnd = 0;
const lastParse = new Map<string, number>();
{
  const clock2 = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const id = `${e.pid}:${(e as { id?: string }).id}`;
    const data = (e.args as ChunkArgs)?.data;
    const byId = nodes.get(id)!;
    let t = clock2.get(id) ?? starts.get(id) ?? e.ts;
    (data?.cpuProfile?.samples ?? []).forEach((sid: number, i: number) => {
      t += data?.timeDeltas?.[i] ?? 0;
      const f = byId.get(sid)?.callFrame;
      if (!f) return;
      let k: string;
      try {
        k = label({ ...f, lineNumber: f.lineNumber ?? -1, columnNumber: f.columnNumber ?? 0 });
      } catch {
        k = f.functionName;
      }
      if (PARSE.test(`${k} `)) lastParse.set(`${e.tid}`, Math.max(lastParse.get(`${e.tid}`) ?? 0, t));
    });
    clock2.set(id, t);
  }
  parseEnd = Math.max(0, ...lastParse.values());
}
const table = marks.find((e) => JSON.stringify(e.args ?? {}).includes('crawl-state table'));
const joined = marks.find((e) => JSON.stringify(e.args ?? {}).includes('crawl-joined'));
console.log(
  `\nlast CSV scan sample per thread: ${[...lastParse].map(([t, ts]) => `${t} ${at(ts)} s`).join(', ')}; ` +
    `tail (last scan → table on the page) ${table ? ((table.ts - parseEnd) / 1000).toFixed(0) : '?'} ms; ` +
    `table → joined ${table && joined ? ((joined.ts - table.ts) / 1000).toFixed(0) : '?'} ms; drop → joined ${joined ? at(joined.ts) : '?'} s`,
);

// Each thread's CPU in the tail (top-level complete events starting in it): the tail's own work.
if (table) {
  const cpuIn = new Map<string, number>();
  const names = new Map<string, string>();
  for (const e of events)
    if (e.name === 'thread_name') names.set(`${e.tid}`, (e.args as { name?: string })?.name ?? '');
  const ends = new Map<string, number>();
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.ph !== 'X' || e.pid !== drop.pid || e.ts < parseEnd || e.ts > table.ts) continue;
    const key = `${e.tid}`;
    if (e.ts < (ends.get(key) ?? 0)) continue;
    ends.set(key, e.ts + (e.dur ?? 0));
    cpuIn.set(key, (cpuIn.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
  }
  console.log(
    `tail CPU by thread: ${[...cpuIn]
      .filter(([, ms]) => ms >= 5)
      .sort((a, b) => b[1] - a[1])
      .map(([t, ms]) => `${names.get(t) ?? t} ${t}: ${ms.toFixed(0)}`)
      .join(' · ')}`,
  );
}
