import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from './check.ts';
import { runCli } from './main.ts';
import type { FileReport } from './report.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'smw-crawl-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function check(...argv: string[]): Promise<string> {
  let out = '';
  const io: CliIo = { out: (t) => (out += t), err: () => {}, now: () => Date.UTC(2026, 10, 26) };
  await runCli(['check', ...argv], io);
  return out;
}

function write(name: string, text: string): string {
  const p = path.join(tmp, name);
  writeFileSync(p, text);
  return p;
}

const SITEMAP = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '  <url>',
  '    <loc>https://a.example/</loc>',
  '  </url>',
  '  <url>',
  '    <loc>https://a.example/gone/</loc>',
  '    <lastmod>2024-01-01</lastmod>',
  '  </url>',
  '</urlset>',
  '',
].join('\n');

const CSV = (missing: number) =>
  [
    'Address,Content Type,Status Code,Indexability',
    'https://a.example/,text/html,200,Indexable',
    'https://a.example/gone/,text/html,404,Non-Indexable',
    'https://a.example/page/#section,text/html,200,Indexable',
    ...Array.from({ length: missing }, (_, k) => `https://a.example/p${k}/,text/html,200,Indexable`),
  ].join('\n');

describe('check --crawl output', () => {
  it('places CRAWL findings at the <loc> of their entry, not at <url>', async () => {
    const f = write('s.xml', SITEMAP);
    const out = await check(f, '--crawl', write('c.csv', CSV(0)));
    expect(out).toContain(`${f}:7:5  error  CRAWL-001`);
  });

  it('lists the missing pages: in JSON the first 1,000 with the total, in text a few', async () => {
    const f = write('s.xml', SITEMAP);
    const csv = write('big.csv', CSV(1_205));
    const report = JSON.parse(await check(f, '--crawl', csv, '--json')) as FileReport & {
      issues: Array<{ rule: string; urls?: string[]; urlCount?: number }>;
    };
    const missing = report.issues.find((i) => i.rule === 'CRAWL-006');
    expect(missing?.urlCount).toBe(1_205);
    expect(missing?.urls).toHaveLength(1_000);
    expect(missing?.urls?.[0]).toBe('https://a.example/p0/');
    // A #fragment URL is no page of its own to add.
    expect(missing?.urls).not.toContain('https://a.example/page/#section');
    const text = await check(f, '--crawl', csv);
    expect(text).toContain('    https://a.example/p0/');
    expect(text).toContain('    https://a.example/p4/');
    expect(text).not.toContain('    https://a.example/p5/');
    expect(text).toContain('…and 1,200 more');
  });
});
