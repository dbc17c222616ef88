/** Dev timing for full validation of plainDoc(50,000) (arg `intl`: non-ASCII, `worst`: worstDoc): median wall and CPU over 21 runs after warm-ups. */
import { validateDocument } from '../src/core/validate.ts';
import { plainDoc, worstDoc } from './generate.ts';

const SETTINGS = { now: Date.UTC(2026, 10, 21) };
const which = process.argv[2] ?? 'plain';
const doc = which === 'worst' ? worstDoc(50_000) : plainDoc(50_000, which === 'intl');
let issues = 0;
for (let i = 0; i < 5; i++) issues = validateDocument(doc, SETTINGS).length;
const times: number[] = [];
const cpus: number[] = [];
for (let i = 0; i < 21; i++) {
  const c = process.cpuUsage();
  const t = performance.now();
  validateDocument(doc, SETTINGS);
  times.push(performance.now() - t);
  const u = process.cpuUsage(c);
  cpus.push((u.user + u.system) / 1000);
}
times.sort((a, b) => a - b);
cpus.sort((a, b) => a - b);
console.log(
  `issues=${issues} wall median=${times[10].toFixed(1)}ms min=${times[0].toFixed(1)} cpu median=${cpus[10].toFixed(1)}ms min=${cpus[0].toFixed(1)}`,
);
