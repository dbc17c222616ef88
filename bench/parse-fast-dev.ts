/**
 * PARSEFAST's quick check: the exact `npm run bench` inputs (bench/generate.ts), our parseSitemap
 * vs fast-xml-parser XMLParser (ignoreAttributes:false, as in core.bench.ts), median CPU ms.
 * Run: `node --expose-gc --import tsx bench/parse-fast-dev.ts [runs] [only-index]` (NOFXP=1: ours only).
 */
import { XMLParser } from 'fast-xml-parser';
import { parseSitemap } from '../src/core/parse.ts';
import { benchInputs } from './generate.ts';

const gcFn = (globalThis as { gc?: () => void }).gc;

/**
 * Median CPU time (user + system, ms) of `runs` calls after one warm-up. As in bench/measure.ts:
 * a full GC, then 40 ms for the concurrent sweeper threads (whose CPU time process.cpuUsage
 * would otherwise bill to the run), before each call.
 */
async function time(fn: () => unknown, runs: number): Promise<number> {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    gcFn?.();
    await new Promise((resolve) => setTimeout(resolve, 40));
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
const inputs = benchInputs();
for (let k = 0; k < inputs.length; k++) {
  const input = inputs[k];
  if (only >= 0 && k !== only) continue;
  const text = new TextDecoder().decode(input.bytes);
  const ours = await time(() => parseSitemap(input.bytes), runs);
  const theirs = skipFxp ? Number.NaN : await time(() => fxp.parse(text), Math.max(3, Math.floor(runs / 2)));
  const mb = (input.bytes.length / 1e6).toFixed(1);
  console.log(
    `${input.name.padEnd(48)} ${mb.padStart(5)} MB | ours ${ours.toFixed(1).padStart(7)} ms | fxp ${theirs.toFixed(1).padStart(7)} ms | ${(theirs / ours).toFixed(2)}x`,
  );
}
