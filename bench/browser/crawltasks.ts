/**
 * The page's tasks in crawlab.ts traces, each named by its cause (issue #17, "the page never
 * blocked for more than 50 ms"): `npx tsx bench/browser/crawltasks.ts <TRACE_DIR> <distA> <distB>
 * A B B A …` after `GC=1 PROFILE=1 TRACE_DIR=<dir> npx tsx bench/browser/crawlab.ts <distA>
 * <distB> <steps> <runs>` (BENCH_PORT=4940: crawlab serves A on 4950, B on 4951, which the
 * source maps need). The build labels name the runs in the order crawlab made them (it alternates
 * A B, B A, …). Per step and run it lists every page main-thread task of MIN (default 15) ms
 * thread CPU or more with what its trace events and sampled profile say it held: a GC's final
 * pause (memory reducer or not), marking, scavenges, showModal, the CSV sniff, IndexedDB puts,
 * join slices, React renders, style / layout / paint, the listing, IssuesPanel's own samples.
 * Tasks whose thread time exceeds 1.05 × their wall time (a trace artefact) are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { labeler, type Profile, type TraceEvent } from './trace.ts';

const MIN = Number(process.env.MIN ?? 15);
const [dir, distA, distB, ...builds] = process.argv.slice(2); // builds: A/B in run order
const port = Number(process.env.BENCH_PORT ?? 4940);
const labels = {
  A: labeler(resolve(distA), `http://127.0.0.1:${port + 10}`),
  B: labeler(resolve(distB), `http://127.0.0.1:${port + 11}`),
};
for (const step of ['attach', 'replace', 'sort', 'filter', 'unfilter', 'remove']) {
  const files = readdirSync(dir)
    .filter((f) => f.startsWith(`${step}-`) && f.endsWith('.json'))
    .sort();
  files.forEach((f, i) => {
    const raw = JSON.parse(readFileSync(resolve(dir, f), 'utf8'));
    const events: TraceEvent[] = raw.traceEvents ?? raw;
    let profile: (Profile & { startTime: number }) | undefined;
    try {
      profile = JSON.parse(readFileSync(resolve(dir, f.replace('.json', '.cpuprofile')), 'utf8'));
    } catch {}
    const mark = events.find(
      (e) => e.name === 'TimeStamp' && JSON.stringify(e.args ?? {}).includes('crawlab-step'),
    )!;
    const same = (e: TraceEvent) => e.pid === mark.pid && e.tid === mark.tid;
    const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
    const tasks = events.filter(
      (e) =>
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        same(e) &&
        e.ts >= mark.ts &&
        cpu(e) >= MIN &&
        (e.dur ?? 0) >= (e.tdur ?? 0) * 0.95,
    );
    const out = tasks.map((t) => {
      const end = t.ts + (t.dur ?? 0);
      const ins = events.filter((e) => e.ph === 'X' && same(e) && e.ts >= t.ts && e.ts < end);
      const sum = (re: RegExp) => ins.filter((e) => re.test(e.name)).reduce((n, e) => n + cpu(e), 0);
      const major = sum(/^MajorGC$/);
      const marking = sum(/^V8\.GCIncrementalMarking$/);
      const scav = sum(/^MinorGC$/);
      const style = sum(/^UpdateLayoutTree$/);
      const paint = sum(/^(Paint|Layout|PrePaint|Layerize)$/);
      const reduce = ins.some((e) => e.name === 'V8.GCFinalizeMCReduceMemory');
      const self = new Map<string, number>();
      if (profile) {
        const byId = new Map(profile.nodes.map((x) => [x.id, x]));
        let at = profile.startTime;
        profile.samples.forEach((id, k) => {
          at += profile!.timeDeltas[k] ?? 0;
          if (at < t.ts || at > end) return;
          const n = byId.get(id);
          const fn = n
            ? labels[(builds[i] ?? 'A') as 'A' | 'B'](n.callFrame).split(' ')[0] +
              (labels[(builds[i] ?? 'A') as 'A' | 'B'](n.callFrame).includes('IssuesPanel')
                ? ':IssuesPanel'
                : '')
            : '';
          self.set(fn, (self.get(fn) ?? 0) + (profile!.timeDeltas[k] ?? 0) / 1000);
        });
      }
      const has = (...names: string[]) => names.some((n) => self.has(n));
      const tags: string[] = [];
      if (major > 0) tags.push(`${reduce ? 'reduce-memory ' : ''}GC final pause ${major.toFixed(0)}`);
      if (marking > 2) tags.push(`marking ${marking.toFixed(0)}`);
      if (scav > 2) tags.push(`scavenge ${scav.toFixed(0)}`);
      if (has('showModal')) tags.push('showModal');
      const ip = [...self].filter(([k]) => k.includes(':IssuesPanel')).reduce((n, [, v]) => n + v, 0);
      if (ip >= 3) tags.push(`IssuesPanel ${ip.toFixed(0)} sampled`);
      if (has('fieldCounts', 'scanCsv', 'csvHead', 'sniffDelimiter')) tags.push('sniff');
      if (has('put', 'save')) tags.push('IDB put');
      if (has('joinSlot', 'leave', 'matchRow', 'attach', 'prepare')) tags.push('join slice');
      if (
        has(
          'performUnitOfWork',
          'beginWork',
          'completeWork',
          'commitHostUpdate',
          'setAttribute',
          'setInitialProperties',
          'jsxProd',
        )
      )
        tags.push('React render');
      if (style > 3) tags.push(`style ${style.toFixed(0)}`);
      if (paint > 3) tags.push(`layout/paint ${paint.toFixed(0)}`);
      if (has('listLocs', 'encodeInto')) tags.push('listing');
      return `${cpu(t).toFixed(1)} @${((t.ts - mark.ts) / 1e6).toFixed(1)}s [${tags.join(', ') || '?'}]`;
    });
    console.log(
      `${step.padEnd(8)} ${builds[i] ?? '?'} ${f.slice(step.length + 1, -5)}: ${out.join(' · ') || `none ≥ ${MIN}`}`,
    );
  });
}
