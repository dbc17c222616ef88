/**
 * `sitemap-workbench` command line: `check` and `convert` over the pure core.
 * Run with `npm run cli -- check file.xml` or the `sitemap-workbench` bin.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { HELP, parseArgs, UsageError } from './args.ts';
import { type CliIo, runCheck } from './check.ts';
import { runConvert } from './convert.ts';
import { runMerge } from './merge.ts';
import { reclaimer } from './reclaim.ts';
import { type BufferedStdin, bufferStdin, STDIN_NAME, stdinUses } from './stdin.ts';
import { VERSION } from './version.ts';

/** Run the CLI with `argv` (arguments after the script name); resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`sitemap-workbench: ${e.message}\nRun "sitemap-workbench --help" for usage.\n`);
    return 2;
  }
  if (args.command === 'help') {
    io.out(HELP);
    return 0;
  }
  if (args.command === 'version') {
    io.out(`${VERSION}\n`);
    return 0;
  }
  if (args.command === 'merge') return runMerge(args, io);
  const uses = stdinUses(args);
  if (uses > 1) {
    io.err(
      `sitemap-workbench: standard input (-) can be read once; it is named ${uses} times.\nRun "sitemap-workbench --help" for usage.\n`,
    );
    return 2;
  }
  let stdin: BufferedStdin | null = null;
  if (uses === 1) {
    try {
      stdin = await bufferStdin(io.stdin?.() ?? process.stdin);
    } catch (e) {
      io.err(`sitemap-workbench: cannot read stdin: ${(e as Error).message}\n`);
      return 2;
    }
  }
  try {
    if (args.command === 'check')
      return await runCheck(stdin ? { ...args, stdinPath: stdin.path } : args, io);
    return await runConvert(stdin ? { ...args, path: stdin.path, file: STDIN_NAME } : args, io);
  } finally {
    stdin?.dispose();
  }
}

// Output piped into a reader that stops early (| head): end quietly instead of an EPIPE trace.
process.stdout.on?.('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

/** Real process I/O; progress only when stderr is a terminal. */
export const processIo: CliIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  now: () => Date.now(),
  reclaim: reclaimer(),
  ...(process.stderr.isTTY ? { progress: (t: string) => process.stderr.write(`\r\x1b[2K${t}`) } : {}),
};

function isMain(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMainThread && isMain()) {
  runCli(process.argv.slice(2), processIo).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`sitemap-workbench: internal error: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 2;
    },
  );
}
