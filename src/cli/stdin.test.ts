/** `-` for standard input: check, check --crawl and convert read it as they read a file. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { zipFiles } from '../core/zip.ts';
import { runCli } from './main.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'smw-stdin-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://www.example.com/</loc></url>
  <url><loc>https://www.example.com/private</loc><priority>2</priority></url>
</urlset>
`;

async function run(argv: string[], stdin: Uint8Array | string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    now: () => Date.UTC(2026, 10, 26),
    stdin: () => Readable.from([typeof stdin === 'string' ? strToU8(stdin) : stdin]),
  });
  return { code, out: out.join(''), err: err.join('') };
}

describe('- reads standard input', () => {
  it('check - reads XML, a gzip and a zip from stdin, shown as stdin', async () => {
    const xml = await run(['check', '-', '--json'], SITEMAP);
    const report = JSON.parse(xml.out) as { file: string; issues: Array<{ rule: string }> };
    expect(report.file).toBe('stdin');
    expect(report.issues.map((i) => i.rule)).toContain('PRIO-001');
    expect(xml.code).toBe(1);
    // Told by its first bytes, as a file is: gzip, then a zip of sitemaps.
    const gz = await run(['check', '-', '--json'], gzipSync(strToU8(SITEMAP)));
    expect((JSON.parse(gz.out) as { file: string }).file).toBe('stdin');
    expect(gz.code).toBe(1);
    const zip = await run(['check', '-', '--json'], zipFiles([{ name: 'a.xml', bytes: strToU8(SITEMAP) }]));
    expect((JSON.parse(zip.out) as Array<{ file: string }>).map((r) => r.file)).toEqual(['stdin/a.xml']);
  });

  it('convert - -o out.xml writes the canonical form of what came on stdin', async () => {
    const out = path.join(tmp, 'out.xml');
    const r = await run(['convert', '-', '--to', 'xml', '-o', out], gzipSync(strToU8(SITEMAP)));
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('<loc>https://www.example.com/private</loc>');
    // Into a folder: named after stdin.
    const dir = `${path.join(tmp, 'dir')}/`;
    expect((await run(['convert', '-', '--to', 'gz', '-o', dir], SITEMAP)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'stdin.xml.gz')).length).toBeGreaterThan(20);
  });

  it('check FILE --crawl - reads the crawl export from stdin', async () => {
    const file = path.join(tmp, 'sitemap.xml');
    writeFileSync(file, SITEMAP);
    const csv =
      'Address,Status Code,Indexability\nhttps://www.example.com/,200,Indexable\nhttps://www.example.com/private,404,Non-Indexable\nhttps://www.example.com/private,200,Indexable\n';
    const r = await run(['check', file, '--crawl', '-', '--json'], gzipSync(strToU8(csv)));
    const rules = (JSON.parse(r.out) as { issues: Array<{ rule: string }> }).issues.map((i) => i.rule);
    expect(rules).toContain('CRAWL-001');
    expect(r.err).toContain(
      'sitemap-workbench: stdin: 1 crawl row repeats the URL of an earlier row: the first row of each URL is used.',
    );
  });

  it('stdin can be named once', async () => {
    const r = await run(['check', '-', '--crawl', '-'], SITEMAP);
    expect(r.code).toBe(2);
    expect(r.err).toContain('standard input (-) can be read once');
  });
});
