/**
 * The workspace build's steps with 1,000,000 cross-file hreflang links, in Node:
 * `npx tsx bench/xfile-dev.ts [runs]`. 20 files × 50,000 URLs; page k of file f lists itself and
 * its twin (page k of file f ^ 1, which links back): every per-file HREF-006 note is answered
 * across files (session 14's s14-misc setup). Set MISSING=1 for twins that do not link back
 * (1,000,000 HREF-006 issues). `buildWorkspaceSteps(…, 4096)` as the store runs it (BUILD_STEP);
 * every step is timed by wall (performance.now) and process CPU (process.cpuUsage): printed are
 * the step count, the longest steps and the whole build.
 */
import { performance } from 'node:perf_hooks';
import type { Entry, ParseResult } from '../src/core/model.ts';
import { buildWorkspaceSteps, type WorkspaceInput } from '../src/core/workspace.ts';

const FILES = 20;
const PER = 50_000;
const S = 'https://www.example.com/';
const missing = process.env.MISSING === '1';

function inputs(): WorkspaceInput[] {
  const out: WorkspaceInput[] = [];
  for (let f = 0; f < FILES; f++) {
    const twin = f ^ 1;
    const entries: Entry[] = new Array(PER);
    for (let k = 0; k < PER; k++) {
      const loc = `${S}f${f}/p${k}`;
      const links = [{ rel: 'alternate', hreflang: `x${f}`, href: loc }];
      if (!missing || f % 2 === 0)
        links.push({ rel: 'alternate', hreflang: `x${twin}`, href: `${S}f${twin}/p${k}` });
      entries[k] = { id: k, loc, line: k + 3, column: 1, alternates: links };
    }
    const document = { kind: 'urlset' as const, entries, nextId: PER };
    out.push({
      name: `f${f}.xml`,
      result: { kind: 'urlset', document, issues: [], fatal: null } as unknown as ParseResult,
      issues: [],
    });
  }
  return out;
}

const runs = Number(process.argv[2] ?? 2);
const ins = inputs();
for (let r = 0; r < runs; r++) {
  const steps = buildWorkspaceSteps(ins, {}, 4096);
  const times: Array<{ wall: number; cpu: number; k: number }> = [];
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  for (let k = 0; ; k++) {
    const w = performance.now();
    const c = process.cpuUsage();
    const step = steps.next();
    const cu = process.cpuUsage(c);
    times.push({ wall: performance.now() - w, cpu: (cu.user + cu.system) / 1000, k });
    if (step.done) {
      const issues = step.value.issues.length;
      const cw = process.cpuUsage(c0);
      const top = [...times].sort((a, b) => b.cpu - a.cpu).slice(0, 3);
      console.log(
        `run ${r + 1}: ${times.length} steps, ${issues} issues, ${step.value.hreflangLinks} links; whole ${(performance.now() - w0).toFixed(0)} ms wall, ${((cw.user + cw.system) / 1000).toFixed(0)} ms CPU; longest steps (CPU / wall ms, #): ${top.map((t) => `${t.cpu.toFixed(0)} / ${t.wall.toFixed(0)} #${t.k}`).join(', ')}`,
      );
      break;
    }
  }
}
