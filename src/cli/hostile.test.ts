// The CLI's convert verifies what it writes (issue 20 case 1): a file that would not read back
// as the document is not written.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipBomb } from '../../bench/hostileInputs.ts';
import type { CliIo } from './check.ts';
import { runCli } from './main.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'smw-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'src/cli/main.ts', ...args],
      { cwd: repoRoot, maxBuffer: 10_000_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 99) : 0, stdout, stderr });
      },
    );
  });
}

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';

describe('sitemap-workbench convert on data it must not lose', () => {
  it('writes mixed content and foreign children exactly', async () => {
    const file = path.join(tmp, 'chef.xml');
    writeFileSync(
      file,
      `<urlset xmlns="${NS}" xmlns:video="${VIDEO}" xmlns:x="urn:x"><url><loc>https://a.example/</loc><video:video><video:title>t</video:title><video:description>Grill <b>perfect</b> steaks.</video:description><x:y>z</x:y></video:video></url></urlset>`,
    );
    const r = await run(['convert', file, '--to', 'xml']);
    expect(r.stdout).toContain('<video:description>Grill <b>perfect</b> steaks.</video:description>');
    expect(r.stdout).toContain('<x:y xmlns:x="urn:x">z</x:y>');
  });

  it('writes nothing when the export would not read back as the document', async () => {
    const file = path.join(tmp, 'undeclared.xml');
    writeFileSync(
      file,
      `<urlset xmlns="${NS}" xmlns:video="${VIDEO}"><url><loc>https://a.example/</loc><video:video><video:title>t</video:title><q:r>s</q:r></video:video></url></urlset>`,
    );
    const out = path.join(tmp, 'out.xml');
    const r = await run(['convert', file, '--to', 'xml', '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Export blocked: out\.xml .*a\.example/);
    expect(r.stderr).toMatch(/nothing written/);
    expect(existsSync(out)).toBe(false);
  });
});

/** The CLI in this process (a tsx child takes most of a minute on a loaded machine). */
async function inProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    out: (t) => {
      out.stdout += t;
    },
    err: (t) => {
      out.stderr += t;
    },
    now: () => Date.UTC(2026, 0, 1),
  };
  return { code: await runCli(argv, io), ...out };
}

describe('a gzip file over the inflate limit (GZ-006)', () => {
  const said =
    'The file inflates to more than 200,000,000 bytes, the limit for reading a gzip file; nothing was read, and no option raises the limit. A sitemap that large breaks SIZE-004 (at most 52,428,800 bytes uncompressed) anyway: split it, or decompress the file and open the .xml, which has no such limit.';

  it('is a refused input for convert: what limit, its number, exit 2 (could not read)', async () => {
    const file = path.join(tmp, 'big.xml.gz');
    writeFileSync(file, gzipBomb(210));
    const r = await inProcess(['convert', file, '--to', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`sitemap-workbench: ${file}: could not read: ${said} Nothing written.\n`);
  }, 180_000); // inflates 200 MB: slow on a loaded 2-core machine

  it('is said by check in the same words, once, and exits 2 as convert does (could not read)', async () => {
    const file = path.join(tmp, 'big2.xml.gz');
    writeFileSync(file, gzipBomb(210));
    const r = await inProcess(['check', file]);
    expect(r.stdout).toBe(
      `${file}  error  GZ-006  ${said}\n1 file(s), 0 entries: 1 error(s), 0 warning(s), 0 info, 1 not read\n`,
    );
    expect(r.code).toBe(2);
  }, 180_000); // inflates 200 MB: slow on a loaded 2-core machine
});
