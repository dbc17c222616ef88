/**
 * PARSEFAST's quick check: the exact `npm run bench` inputs (bench/generate.ts), our parseSitemap
 * vs fast-xml-parser XMLParser (ignoreAttributes:false, as in core.bench.ts), median CPU ms.
 * Run: `npx tsx bench/parse-fast-dev.ts [runs] [only-index]`.
 */
import { XMLParser } from 'fast-xml-parser';
import { parseSitemap } from '../src/core/parse.ts';
import { benchInputs } from './generate.ts';

const gcFn = (globalThis as { gc?: () => void }).gc;

/** Median CPU time (user + system, ms) of `runs` calls after one warm-up, GC before each. */
function time(fn: () => unknown, runs: number): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    gcFn?.();
    const c = process.cpuUsage();
    fn();
    const d = process.cpuUsage(c);
    times.push((d.user + d.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const runs = Number(process.argv[2] ?? 5);
const only = process.argv[3] === undefined ? -1 : Number(process.argv[3]);
const fxp = new XMLParser({ ignoreAttributes: false });
const skipFxp = process.env.NOFXP === '1';
benchInputs().forEach((input, k) => {
  if (only >= 0 && k !== only) return;
  const text = new TextDecoder().decode(input.bytes);
  const ours = time(() => parseSitemap(input.bytes), runs);
  const theirs = skipFxp ? Number.NaN : time(() => fxp.parse(text), Math.max(3, Math.floor(runs / 2)));
  const mb = (input.bytes.length / 1e6).toFixed(1);
  console.log(
    `${input.name.padEnd(48)} ${mb.padStart(5)} MB | ours ${ours.toFixed(1).padStart(7)} ms | fxp ${theirs.toFixed(1).padStart(7)} ms | ${(theirs / ours).toFixed(2)}x`,
  );
});
