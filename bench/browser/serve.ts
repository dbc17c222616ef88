/**
 * One `vite preview` of the bench build (bench/browser/vite.config.ts, BENCH_DIST) for
 * browser.bench.ts, profile.ts and threads.ts. Refuses a port that already answers: an old
 * preview left running would otherwise be measured instead of the build just made.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');
/** The bench build folder (BENCH_DIST, default bench/out/dist). */
export const DIST = resolve(ROOT, process.env.BENCH_DIST ?? 'bench/out/dist');

/** Port (BENCH_PORT, else `fallback`) and base URL of the preview a bench script serves. */
export function benchAddress(fallback: number): { port: number; base: string } {
  const port = Number(process.env.BENCH_PORT ?? fallback);
  return { port, base: `http://127.0.0.1:${port}` };
}

const answers = async (base: string): Promise<boolean> => {
  try {
    return (await fetch(base)).ok;
  } catch {
    return false;
  }
};

/** Start the preview on 127.0.0.1:`port` and resolve once it serves the page. */
export async function servePreview(port: number): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  if (await answers(base)) {
    throw new Error(
      `${base} already answers: stop the old server (or set BENCH_PORT) so this build is measured.`,
    );
  }
  const args = ['vite', 'preview', '-c', 'bench/browser/vite.config.ts', '--host', '127.0.0.1'];
  const child = spawn('npx', [...args, '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 100; i++) {
    if (await answers(base)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not start on ${base}`);
}
