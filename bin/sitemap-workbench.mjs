#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader API (tsx is a runtime dependency).
import { tsImport } from 'tsx/esm/api';

const { runCli, processIo } = await tsImport('../src/cli/main.ts', import.meta.url);
try {
  process.exitCode = await runCli(process.argv.slice(2), processIo);
} catch (e) {
  process.stderr.write(`sitemap-workbench: internal error: ${e?.stack ?? e}\n`);
  process.exitCode = 2;
}
