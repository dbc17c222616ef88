#!/usr/bin/env node
// Compiles the CLI (src/cli/main.ts and the core it uses) into one self-contained ES module,
// dist-cli/cli.mjs, so the installed `sitemap-workbench` bin runs on plain Node (no tsx at run
// time). Run by `npm run build:cli` and by `prepare` (npm install in a checkout, npm pack).
// Usage: node scripts/build-cli.mjs [OUT_DIR]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist-cli'));
mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [path.join(root, 'src/cli/main.ts')],
  outfile: path.join(outDir, 'cli.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  // The entry's "run when executed directly" check compares import.meta.url with argv[1]:
  // the bin imports the bundle instead, so it never fires twice.
});
console.log(`built ${path.relative(process.cwd(), path.join(outDir, 'cli.mjs'))}`);
