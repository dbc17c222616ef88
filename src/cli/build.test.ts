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
});
