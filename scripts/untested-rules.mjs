#!/usr/bin/env node
/**
 * Lists the rules of the registry (src/core/rules/registry.ts) that no test names: neither a unit
 * test (src/**\/*.test.ts[x], scripts/*.test.ts) nor an e2e spec (e2e/*.spec.ts) mentions the id.
 * Rules marked 'not-checked' are listed apart (they have no code to test).
 *
 *   node scripts/untested-rules.mjs          # prints the list, exits 0
 *   node scripts/untested-rules.mjs --check  # exits 1 when a checked rule has no test
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const registry = readFileSync(path.join(root, 'src/core/rules/registry.ts'), 'utf8');
const rules = [...registry.matchAll(/^\s*'([A-Z]+-\d{3})': \['\w+', '([\w-]+)'/gm)].map((m) => ({
  id: m[1],
  stage: m[2],
}));

function* files(dir, test) {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) {
      if (d.name !== 'node_modules' && !d.name.startsWith('.')) yield* files(p, test);
    } else if (test(d.name)) yield p;
  }
}
const isTest = (name) => /\.(test\.tsx?|spec\.ts)$/.test(name);
let text = '';
for (const dir of ['src', 'e2e', 'scripts'])
  for (const f of files(path.join(root, dir), isTest)) text += readFileSync(f, 'utf8');

const untested = rules.filter((r) => !text.includes(r.id));
const checked = untested.filter((r) => r.stage !== 'not-checked');
const notChecked = untested.filter((r) => r.stage === 'not-checked');
console.log(`${rules.length} rules; ${rules.length - untested.length} named by a test.`);
console.log(
  `Checked rules with no test (${checked.length}): ${checked.map((r) => r.id).join(' ') || 'none'}`,
);
console.log(
  `Not-checked rules with no test (${notChecked.length}): ${notChecked.map((r) => r.id).join(' ') || 'none'}`,
);
if (process.argv.includes('--check') && checked.length > 0) process.exit(1);
