/**
 * s14-cpu's profiling driver: runs one core operation on a `npm run bench` input in a loop and
 * prints the median CPU ms and a SHA-256 of the output (to check a change is byte-identical).
 * `PROF=file.cpuprofile` also writes a CPU profile of the timed loop only (inputs and warm-up
 * left out). Run: `node --expose-gc --import tsx bench/cpu-dev.ts <op> [runs]`.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { parseSitemap } from '../src/core/parse.ts';
import { serializeFiles, serializeSitemap } from '../src/core/serialize.ts';
import { validateDocument } from '../src/core/validate.ts';
import { benchInputs } from './generate.ts';
import { medianRuns } from './measure.ts';

const op = process.argv[2] ?? 'worst';
const runs = Number(process.argv[3] ?? 10);
const [ascii, intl, worst] = benchInputs();
const sha = (x: string | Uint8Array) => createHash('sha256').update(x).digest('hex').slice(0, 16);
const SETTINGS = { now: Date.UTC(2026, 10, 21) };
const fns: Record<string, () => unknown> = {
  worst: () => parseSitemap(worst.bytes),
  ascii: () => parseSitemap(ascii.bytes),
  intl: () => parseSitemap(intl.bytes),
  ser: () => serializeSitemap(ascii.doc),
  serintl: () => serializeSitemap(intl.doc),
  serfiles: () => serializeFiles(ascii.doc, { verify: false }).files[0].bytes,
  serworst: () => serializeSitemap(worst.doc),
  validate: () => validateDocument(ascii.doc, SETTINGS).length,
  validateworst: () => validateDocument(worst.doc, SETTINGS).length,
};
const fn = fns[op];
const out = fn();
const digest =
  typeof out === 'string' || out instanceof Uint8Array
    ? sha(out)
    : out && typeof out === 'object' && 'document' in out
      ? sha(JSON.stringify(out))
      : String(out);
const file = process.env.PROF;
const session = file ? new Session() : null;
const post = (m: string, p?: object) =>
  new Promise<unknown>((res, rej) => (session as Session).post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))));
if (session) {
  session.connect();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
}
const m = medianRuns(fn, runs, { gc: !process.env.NOGC });
if (session && file) {
  const r = (await post('Profiler.stop')) as { profile: unknown };
  writeFileSync(file, JSON.stringify(r.profile));
}
console.log(
  `${op}: median CPU ${m.cpu.toFixed(1)} ms (wall ${m.ms.toFixed(1)}) over ${runs} runs; ${digest}`,
);
