#!/usr/bin/env node
// The installed CLI runs the compiled bundle (dist-cli/cli.mjs, built by `npm run build:cli` /
// `prepare`) on plain Node. In a checkout with the TypeScript sources, the sources run through
// tsx instead, so the bin never runs a stale build while developing.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
const compiled = new URL('../dist-cli/cli.mjs', import.meta.url);

async function load() {
  if (existsSync(source) || !existsSync(compiled)) {
    try {
      const { tsImport } = await import('tsx/esm/api');
      return await tsImport('../src/cli/main.ts', import.meta.url);
    } catch (e) {
      if (!existsSync(compiled)) throw e;
    }
  }
  return import(compiled.href);
}

const { runCli, processIo } = await load();
try {
  process.exitCode = await runCli(process.argv.slice(2), processIo);
} catch (e) {
  process.stderr.write(`sitemap-workbench: internal error: ${e?.stack ?? e}\n`);
  process.exitCode = 2;
}
