/**
 * `-` for standard input (`check -`, `check FILE --crawl -`, `convert - -o out.xml`): stdin is
 * written to a private temporary file first, streamed (never whole in memory), so every reader
 * that sniffs a file's head (gzip, zip, a crawl CSV's header) or reads it twice reads it as any
 * other file. The input is shown as `stdin`.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { CliArgs } from './args.ts';

/** The argument that names standard input. */
export const STDIN = '-';
/** How standard input is named in reports and messages. */
export const STDIN_NAME = 'stdin';

/** Standard input buffered in a temporary file: its path, and `dispose` to remove it. */
export interface BufferedStdin {
  path: string;
  dispose(): void;
}

/** How many arguments of `args` name standard input (it can be read once). */
export function stdinUses(args: CliArgs): number {
  if (args.command === 'check')
    return args.files.filter((f) => f === STDIN).length + (args.crawl === STDIN ? 1 : 0);
  if (args.command === 'convert') return args.file === STDIN ? 1 : 0;
  return 0;
}

/**
 * Write `input` (stdin) to a new temporary file.
 *
 * @example const s = await bufferStdin(process.stdin); try { read(s.path) } finally { s.dispose() }
 */
export async function bufferStdin(
  input: AsyncIterable<Uint8Array> | NodeJS.ReadableStream,
): Promise<BufferedStdin> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-workbench-stdin-'));
  const file = path.join(dir, STDIN_NAME);
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    await pipeline(input as NodeJS.ReadableStream, createWriteStream(file));
  } catch (e) {
    dispose();
    throw e;
  }
  return { path: file, dispose };
}
