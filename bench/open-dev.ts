/**
 * The 50k open's worker task in Node, by phase, for profiling (s19-open): parses the file as the
 * worker does, then validates it with the settings a real open sends (`validationSettingsOf`),
 * `rounds` times in one process. `npx tsx bench/open-dev.ts [file] [rounds]`; PROF=file.cpuprofile
 * writes a CPU profile of the rounds after the first `WARM` (default 3). Prints parse and
 * validation CPU per round and a digest of the issues (to check a change keeps every finding).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { parseSitemap } from '../src/core/parse.ts';
import { Validator } from '../src/core/validate.ts';
import { validationSettingsOf } from '../src/state/kernel.ts';
import { DEFAULT_SETTINGS } from '../src/state/settingsStep.ts';

const file = process.argv[2] ?? 'bench/out/inputs/v1/plain.xml';
const rounds = Number(process.argv[3] ?? 12);
const warm = Number(process.env.WARM ?? 3);
const settings = validationSettingsOf(DEFAULT_SETTINGS, null, Date.UTC(2026, 10, 27));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const bytes = new Uint8Array(readFileSync(file));
const session = process.env.PROF ? new Session() : null;
const post = (m: string, p?: object) =>
  new Promise<unknown>((res, rej) => (session as Session).post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))));
if (session) {
  session.connect();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
}
const parses: number[] = [];
const validations: number[] = [];
let digest = '';
for (let round = 0; round < rounds; round++) {
  if (session && round === warm) await post('Profiler.start');
  let t = cpu();
  const r = parseSitemap(bytes, { fileName: file.split('/').pop() });
  const parse = cpu() - t;
  t = cpu();
  const v = new Validator(settings);
  v.load(r.document, r.issues);
  const snap = v.snapshot();
  const validate = cpu() - t;
  if (round >= warm) {
    parses.push(parse);
    validations.push(validate);
  }
  if (round === 0)
    digest = createHash('sha256')
      .update(JSON.stringify(v.all()))
      .update(JSON.stringify(snap.issues.length))
      .digest('hex')
      .slice(0, 16);
}
if (session && process.env.PROF) {
  const r = (await post('Profiler.stop')) as { profile: unknown };
  writeFileSync(process.env.PROF, JSON.stringify(r.profile));
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(
  `${file}: parse median ${med(parses).toFixed(0)} · validate median ${med(validations).toFixed(0)} ms (min ${Math.min(...validations).toFixed(0)}) over ${parses.length} rounds; issues ${digest}`,
);
