// `npm run fuzz`: the property tests of src/core/fuzz.test.ts with many more cases than `npm test`.
// FUZZ_RUNS sets the cases per property (default 20,000); extra arguments go to Vitest.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS || '20000' };
console.log(`Fuzzing with FUZZ_RUNS=${env.FUZZ_RUNS} cases per property`);
const args = ['vitest', 'run', 'src/core/fuzz.test.ts', '--testTimeout=0', ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
