import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fx = (name: string) => path.join('src/cli/__fixtures__', name);
const tmp = mkdtempSync(path.join(tmpdir(), 'smw-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], bin = false): Promise<Run> {
  const [cmd, argv] = bin
    ? ['node', ['bin/sitemap-workbench.mjs', ...args]]
    : ['npx', ['tsx', 'src/cli/main.ts', ...args]];
  return new Promise((resolve) => {
    execFile(cmd, argv, { cwd: repoRoot, maxBuffer: 10_000_000 }, (err, stdout, stderr) => {
      const code = err ? Number((err as { code?: number }).code ?? 99) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('sitemap-workbench check', () => {
  it('exits 0 for a file without errors and prints a summary', async () => {
    const r = await run(['check', fx('valid.xml')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 file\(s\), 2 entries: 0 error\(s\)/);
  });

  it('exits 1 with errors and prints the documented JSON shape', async () => {
    const r = await run(['check', fx('errors.xml'), '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(['file', 'kind', 'entries', 'fatal', 'issues']);
    expect(report.kind).toBe('urlset');
    expect(report.fatal).toBeNull();
    expect(report.entries).toEqual([
      { loc: 'https://www.example.com/a' },
      { loc: 'https://www.example.com/b', lastmod: '24/06/2024', priority: '2.5' },
    ]);
    const bad = report.issues.filter((i: { severity: string }) => i.severity === 'error');
    expect(
      bad.map((i: { rule: string; entry: number; field: string }) => [i.rule, i.entry, i.field]).sort(),
    ).toEqual([
      ['LASTMOD-001', 1, 'lastmod'],
      ['PRIO-001', 1, 'priority'],
    ]);
    for (const i of report.issues) {
      expect(typeof i.rule).toBe('string');
      expect(['error', 'warning', 'info']).toContain(i.severity);
      expect(typeof i.message).toBe('string');
    }
  });

  it('human output lists each issue as file:line:col  severity  RULE  message', async () => {
    const r = await run(['check', fx('errors.xml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^src\/cli\/__fixtures__\/errors\.xml:\d+:\d+ {2}error {2}PRIO-001 {2}\S/m);
  });

  it('reports a not well-formed file as fatal (exit 1) and several files as an array', async () => {
    const r = await run(['check', fx('broken.xml'), fx('valid.xml'), '--json']);
    expect(r.code).toBe(1);
    const reports = JSON.parse(r.stdout);
    expect(reports).toHaveLength(2);
    expect(Object.keys(reports[0].fatal).sort()).toEqual(['column', 'line', 'message']);
    expect(reports[0].fatal.line).toBe(8);
    expect(reports[1].fatal).toBeNull();
  });

  it('exits 2 with a clear message for unreadable input or bad arguments', async () => {
    const missing = await run(['check', fx('nope.xml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read src/cli/__fixtures__/nope.xml: no such file');
    const badOpt = await run(['check', fx('valid.xml'), '--frobnicate']);
    expect(badOpt.code).toBe(2);
    expect(badOpt.stderr).toContain('Unknown option for check: --frobnicate');
    const badBase = await run(['check', fx('valid.xml'), '--base', 'example.com']);
    expect(badBase.code).toBe(2);
  });

  it('exits 2 for a file the reader refuses unread, as convert does, whatever --fail-on says', async () => {
    // A zip of sitemaps is read (convertFit.test.ts); a gzip inside a gzip is refused unread.
    const zip = path.join(tmp, 'twice.xml.gz');
    writeFileSync(zip, gzipSync(gzipSync(strToU8('<urlset/>'))));
    for (const argv of [
      ['check', zip],
      ['check', zip, '--fail-on', 'never'],
      ['convert', zip, '--to', 'txt'],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(`${r.stdout}${r.stderr}`).toContain('contains another gzip file');
    }
    // A file that was read and is not a sitemap is a finding (exit 1) in both.
    const html = path.join(tmp, 'page.html');
    writeFileSync(html, '<html><body>hi</body></html>');
    expect((await run(['check', html])).code).toBe(1);
    expect((await run(['convert', html, '--to', 'txt'])).code).toBe(1);
  });
});

describe('sitemap-workbench convert', () => {
  it('converts a text sitemap to canonical XML on stdout', async () => {
    const r = await run(['convert', fx('urls.txt'), '--to', 'xml']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns=')).toBe(true);
    expect(r.stdout.match(/<loc>/g)).toHaveLength(3);
  });

  it('leaves the lines of a text sitemap that are not URLs out of XML, and says how many', async () => {
    const file = path.join(
      repoRoot,
      '../shared/fixtures/real/google-sitemapgen-example-urllist-comments.txt',
    );
    const r = await run(['convert', file, '--to', 'xml']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('<loc>#');
    expect(r.stdout.match(/<loc>/g)).toHaveLength(3);
    expect(r.stderr).toContain(
      'info  TXT-001  21 lines that are not URLs left out: an XML sitemap holds URLs only',
    );
  });

  it('writes gzip to -o', async () => {
    const out = path.join(tmp, 'one.xml.gz');
    const r = await run(['convert', fx('valid.xml'), '--to', 'gz', '-o', out]);
    expect(r.code).toBe(0);
    const xml = new TextDecoder().decode(gunzipSync(new Uint8Array(readFileSync(out))));
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/"/>');
  });

  it('splits into children plus an index with --split and --base', async () => {
    const dir = path.join(tmp, 'split');
    const r = await run([
      'convert',
      fx('urls.txt'),
      '--to',
      'xml',
      '--split',
      '2',
      '--base',
      'https://www.example.com/sitemap.xml',
      '-o',
      `${dir}/`,
    ]);
    expect(r.code).toBe(0);
    // The children are named after the input, the index after the file --base names.
    expect(readdirSync(dir).sort()).toEqual(['sitemap.xml', 'urls-1.xml', 'urls-2.xml']);
    expect(readFileSync(path.join(dir, 'sitemap.xml'), 'utf8')).toContain(
      '<loc>https://www.example.com/urls-2.xml</loc>',
    );
  });

  it('refuses to split without --base: exit 2, nothing written, the CLI wording (OUT-008)', async () => {
    for (const to of ['xml', 'zip']) {
      const dir = path.join(tmp, `nobase-${to}`);
      const r = await run(['convert', fx('urls.txt'), '--to', to, '--split', '2', '-o', `${dir}/`]);
      expect(r.code, to).toBe(2);
      expect(r.stderr, to).toContain('OUT-008');
      expect(r.stderr, to).toContain('--base URL');
      expect(r.stderr, to).not.toContain('Set the publish URL');
      expect(r.stderr, to).toContain('Nothing written.');
      expect(existsSync(dir), to).toBe(false);
    }
  });

  it('says on stderr what converting changes, per OUT rule (as the Export dialog does)', async () => {
    const file = path.join(tmp, 'encode.txt');
    writeFileSync(
      file,
      'https://www.example.com/a b\nhttps://www.example.com/caf\u00e9\nhttps://www.example.com/c\n',
    );
    const r = await run(['convert', file, '--to', 'xml']);
    expect(r.stdout).toContain('<loc>https://www.example.com/a%20b</loc>');
    expect(r.stderr).toContain(`${file}  changed  OUT-004  2 URLs percent-encoded (spaces, non-ASCII)`);
    // Nothing to change: nothing said.
    const clean = await run(['convert', fx('urls.txt'), '--to', 'xml']);
    expect(clean.stderr).not.toContain('changed');
  });

  it('rejects an unknown target format (exit 2)', async () => {
    const r = await run(['convert', fx('valid.xml'), '--to', 'pdf']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--to xml|txt|gz|zip');
  });
});

describe('bin/sitemap-workbench.mjs', () => {
  it('runs the TypeScript CLI through tsx', async () => {
    const r = await run(['--help'], true);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('sitemap-workbench check FILE|FOLDER|ZIP|robots.txt...');
  });
});
