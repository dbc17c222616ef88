/**
 * How much of the page's work on a big open overlaps the worker's parse task, from traces kept by
 * `TRACE_OUT=prefix npx tsx bench/browser/longab.ts …`: `npx tsx bench/browser/overlap-dev.ts
 * prefix-1.json …`. Per trace: the sitemap worker's longest task (the parse, with the chunks
 * posted from it since session 19) in wall and thread CPU; the page main thread's CPU before it,
 * during it and after it up to the first-rows frame (the first Layout of ≥ 300 dirty objects);
 * when the page first filed a chunk (its first task of ≥ 3 ms CPU in the parse task);
 * the wall from the parse task's start to that frame ("parse → rows") and from its end ("tail");
 * and the CPU of every Chromium thread in that span. Under load read the CPU columns: the walls
 * wait for cores.
 */
import { readFileSync } from 'node:fs';
import { eventsByThread, type TraceEvent, threadNames } from './trace.ts';

for (const file of process.argv.slice(2)) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const names = threadNames(events);
  const by = eventsByThread(events);
  const tasksOf = (key: string) => (by.get(key) ?? []).filter((e) => e.name === 'RunTask');
  const cpu = (list: TraceEvent[]) => list.reduce((n, e) => n + (e.tdur ?? 0) / 1000, 0);
  const keys = [...by.keys()];
  const main = keys.find((k) => names.get(k) === 'CrRendererMain' && cpu(tasksOf(k)) > 500);
  const worker = keys
    .filter((k) => names.get(k) === 'DedicatedWorker thread')
    .sort((a, b) => cpu(tasksOf(b)) - cpu(tasksOf(a)))[0];
  if (!main || !worker) {
    console.log(`${file}: no page or worker thread`);
    continue;
  }
  const parse = tasksOf(worker).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  const p0 = parse.ts;
  const p1 = parse.ts + (parse.dur ?? 0);
  const frame = (by.get(main) ?? []).find(
    (e) =>
      e.name === 'Layout' &&
      e.ts > p0 &&
      ((e.args as { beginData?: { dirtyObjects?: number } } | undefined)?.beginData?.dirtyObjects ?? 0) >=
        300,
  );
  const rows = frame ? frame.ts + (frame.dur ?? 0) : Number.NaN;
  const page = tasksOf(main);
  const inSpan = (list: TraceEvent[], a: number, b: number) => list.filter((e) => e.ts >= a && e.ts < b);
  const t0 = Math.min(...page.map((e) => e.ts));
  const all = keys.flatMap((k) => tasksOf(k));
  // The first entry chunk's filing: the first page task in the parse task of ≥ 3 ms CPU.
  const first = page.find((e) => e.ts > p0 && (e.tdur ?? 0) >= 3000);
  const s = (us: number) => (us / 1e6).toFixed(2);
  console.log(
    `${file}: first chunk filed at ${first ? s(first.ts - p0) : '?'} s; parse task ${s(p1 - p0)} s wall, ${(cpu([parse]) / 1000).toFixed(2)} s CPU; page CPU before ${cpu(inSpan(page, t0, p0)).toFixed(0)} · during ${cpu(inSpan(page, p0, p1)).toFixed(0)} · after → rows ${cpu(inSpan(page, p1, rows)).toFixed(0)} ms; parse → rows ${s(rows - p0)} s, tail ${s(rows - p1)} s; all threads' CPU parse → rows ${(cpu(inSpan(all, p0, rows)) / 1000).toFixed(2)} s`,
  );
}
