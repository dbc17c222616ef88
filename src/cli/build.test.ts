import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'smw-build-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function node(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('node', args, { cwd: repoRoot, maxBuffer: 10_000_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 99) : 0, stdout, stderr });
    });
  });
}

describe('the compiled CLI (what npm pack ships)', () => {
  it('builds into one module that runs on plain Node: --version, --help, check', async () => {
    const built = await node(['scripts/build-cli.mjs', tmp]);
    expect(built.code).toBe(0);
    const cli = path.join(tmp, 'cli.mjs');
    const bundle = readFileSync(cli, 'utf8');
    expect(bundle).not.toMatch(/from ["']tsx/);
    const version = await node([cli, '--version']);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(version.stdout).toBe(`${pkg.version}\n`);
    const help = await node([cli, '--help']);
    expect(help.stdout).toContain('--format human|json|junit|sarif|github');
    const check = await node([cli, 'check', 'src/cli/__fixtures__/errors.xml', '--format', 'github']);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^::error file=src\/cli\/__fixtures__\/errors\.xml,line=\d+/m);
  });

  it('runs check workers in the bundle, also when imported by `node --input-type=module -e`', async () => {
    const built = await node(['scripts/build-cli.mjs', tmp]);
    expect(built.code).toBe(0);
    const cli = path.join(tmp, 'cli.mjs');
    const files = ['valid.xml', 'errors.xml', 'urls.txt'].map((f) => `src/cli/__fixtures__/${f}`);
    // The bench's way: the bundle imported from -e code (workers must not inherit --input-type / -e).
    const code = `
      const { runCli } = await import(${JSON.stringify(cli)});
      let out = '';
      let workers = -1;
      const io = { out: (t) => { out += t; }, err: () => {}, now: () => 0, workerFiles: (n) => { workers = n; } };
      const jobs = process.env.JOBS;
      await runCli(['check', ...${JSON.stringify(files)}, '--format', 'json', '--jobs', jobs], io);
      console.log(JSON.stringify({ workers, out }));
    `;
    const run = (jobs: string) =>
      new Promise<{ workers: number; out: string }>((resolve, reject) => {
        execFile(
          'node',
          ['--input-type=module', '-e', code],
          { cwd: repoRoot, env: { ...process.env, JOBS: jobs }, maxBuffer: 10_000_000 },
          (err, stdout, stderr) => (err ? reject(new Error(stderr)) : resolve(JSON.parse(stdout))),
        );
      });
    const pooled = await run('2');
    const alone = await run('1');
    expect(pooled.workers).toBe(3);
    expect(alone.workers).toBe(0);
    expect(pooled.out).toBe(alone.out);
    expect(JSON.parse(pooled.out)).toHaveLength(3);
  });
});
