import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFiles } from '../core/zip.ts';
import { parseArgs } from './args.ts';
import { runCheck } from './check.ts';

const CRAWL = path.resolve(import.meta.dirname, '../core/__fixtures__/crawl/sf-internal-all.csv');

function run(argv: string[], crawlMax?: number) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (t: string) => out.push(t),
    err: (t: string) => err.push(t),
    now: () => Date.UTC(2026, 10, 26),
    crawlMax,
  };
  const args = parseArgs(argv);
  if (args.command !== 'check') throw new Error('not check');
  return runCheck(args, io).then((code) => ({ code, out: out.join(''), err: err.join('') }));
}

function sitemap(...locs: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crawl-cli-'));
  const file = path.join(dir, 'sitemap.xml');
  const body = locs.map((l) => `<url><loc>${l}</loc></url>`).join('');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>\n`,
  );
  return file;
}

describe('check --crawl', () => {
  it('reports the CRAWL rules with their ids and fails on their errors', async () => {
    const file = sitemap(
      'https://www.example.com/',
      'https://www.example.com/private',
      'https://www.example.com/old',
    );
    const r = await run(['check', file, '--crawl', CRAWL, '--json']);
    const rules = (JSON.parse(r.out) as { issues: Array<{ rule: string; entry?: number }> }).issues
      .filter((i) => i.rule.startsWith('CRAWL-'))
      .map((i) => `${i.rule}@${i.entry ?? '-'}`);
    expect(rules).toEqual(['CRAWL-006@-', 'CRAWL-003@1', 'CRAWL-002@2']);
    expect(r.code).toBe(1);
  });
  it('passes a clean sitemap (warnings only do not fail)', async () => {
    const file = sitemap('https://www.example.com/', 'https://www.example.com/new');
    const r = await run(['check', file, `--crawl=${CRAWL}`]);
    expect(r.out).toContain('CRAWL-006');
    expect(r.code).toBe(0);
  });
  it('words CRAWL-006 for the command line (no button there) and lists the missing URLs in every format', async () => {
    const file = sitemap('https://www.example.com/', 'https://www.example.com/new');
    const human = await run(['check', file, '--crawl', CRAWL]);
    const line = human.out.split('\n').find((l) => l.includes('CRAWL-006')) ?? '';
    expect(line).not.toContain('Add missing indexable pages');
    expect(line).toContain('add them to the sitemap');
    const gh = await run(['check', file, '--crawl', CRAWL, '--format', 'github']);
    const annotation = gh.out.split('\n').find((l) => l.includes('CRAWL-006')) ?? '';
    expect(annotation).not.toContain('Add missing indexable pages');
    // The URLs on lines of their own inside the annotation (%0A is its line break).
    expect(annotation).toMatch(/%0A {2}https:\/\/www\.example\.com\/\S+/);
    const junit = await run(['check', file, '--crawl', CRAWL, '--format', 'junit']);
    const failure =
      junit.out.match(/<failure type="warning" message="[^"]*missing[^"]*">([^<]*)</)?.[1] ?? '';
    expect(failure).toMatch(/\n {2}https:\/\/www\.example\.com\/\S+/);
  });
  it('says where a quote never closes, and how many rows repeat a URL; the audit goes on', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'crawl-cli-'));
    const csv = path.join(dir, 'crawl.csv');
    writeFileSync(
      csv,
      [
        'Address,Status Code,Indexability,Title 1',
        'https://www.example.com/,200,Indexable,Home',
        'https://www.example.com/gone,404,Non-Indexable,Gone',
        'https://www.example.com/gone,200,Indexable,Gone again',
        'https://www.example.com/x,200,Indexable,"Unclosed',
        'https://www.example.com/y,200,Indexable,Y',
        '',
      ].join('\n'),
    );
    const file = sitemap('https://www.example.com/', 'https://www.example.com/gone');
    const r = await run(['check', file, '--crawl', csv, '--json']);
    expect(r.err).toContain(
      `sitemap-workbench: ${csv}: line 5:41: unclosed quote; the rest of the file was read as one field.`,
    );
    expect(r.err).toContain(
      `sitemap-workbench: ${csv}: 1 crawl row repeats the URL of an earlier row: the first row of each URL is used.`,
    );
    // The first /gone row (404) is the one joined: CRAWL-001, and /x (read before the quote) is missing.
    const issues = (JSON.parse(r.out) as { issues: Array<{ rule: string; entry?: number; urls?: string[] }> })
      .issues;
    expect(
      issues.filter((i) => i.rule.startsWith('CRAWL-')).map((i) => `${i.rule}@${i.entry ?? '-'}`),
    ).toEqual(['CRAWL-006@-', 'CRAWL-001@1']);
    expect(issues.find((i) => i.rule === 'CRAWL-006')?.urls).toEqual(['https://www.example.com/x']);
    expect(r.code).toBe(1);
  });
  it('exits 2 when the crawl file is not crawl data', async () => {
    const other = path.resolve(import.meta.dirname, '../core/__fixtures__/crawl/not-crawl.csv');
    const r = await run(['check', sitemap('https://www.example.com/'), '--crawl', other]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('not recognised as crawl data');
  });
  it('reads a Search Console export zip: Pages.csv is the crawl, the other members are named', async () => {
    const dir = path.resolve(import.meta.dirname, '../core/__fixtures__/crawl/gsc-perf-zip');
    const zip = path.join(mkdtempSync(path.join(tmpdir(), 'crawl-cli-')), 'gsc-perf.zip');
    const members = ['Chart.csv', 'Pages.csv', 'Queries.csv'].map((name) => ({
      name,
      bytes: new Uint8Array(readFileSync(path.join(dir, name))),
    }));
    writeFileSync(zip, zipFiles(members));
    const file = sitemap('https://www.example.com/', 'https://www.example.com/other');
    const r = await run(['check', file, '--crawl', zip, '--json']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('Pages.csv is read for the audit');
    expect(r.err).toContain('Ignored: Chart.csv (not crawl data: no URL column), Queries.csv');
    const rules = (JSON.parse(r.out) as { issues: Array<{ rule: string; entry?: number }> }).issues
      .filter((i) => i.rule.startsWith('CRAWL-'))
      .map((i) => `${i.rule}@${i.entry ?? '-'}`);
    expect(rules).toEqual(['CRAWL-006@-', 'CRAWL-007@1']);
  });
  it('reads a Search Console page-indexing list (URL, Last crawled) and its zip with Metadata.csv', async () => {
    const lone = path.resolve(import.meta.dirname, '../core/__fixtures__/crawl/gsc-indexing.csv');
    const file = sitemap('https://www.example.com/old-tag', 'https://www.example.com/fine');
    const plain = await run(['check', file, '--crawl', lone, '--json']);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.out).issues.filter((i: { rule: string }) => i.rule.startsWith('CRAWL-'))).toEqual(
      [],
    );
    const dir = path.resolve(import.meta.dirname, '../core/__fixtures__/crawl/gsc-noindex-zip');
    const zip = path.join(mkdtempSync(path.join(tmpdir(), 'crawl-cli-')), 'noindex.zip');
    const members = ['Chart.csv', 'Metadata.csv', 'Table.csv'].map((name) => ({
      name,
      bytes: new Uint8Array(readFileSync(path.join(dir, name))),
    }));
    writeFileSync(zip, zipFiles(members));
    const r = await run(['check', file, '--crawl', zip, '--json']);
    expect(r.code).toBe(1);
    const rules = (JSON.parse(r.out) as { issues: Array<{ rule: string; entry?: number }> }).issues
      .filter((i) => i.rule.startsWith('CRAWL-'))
      .map((i) => `${i.rule}@${i.entry ?? '-'}`);
    expect(rules).toEqual(['CRAWL-003@0']);
  });
  it('reads a gzipped crawl export as the CSV it holds (crawls are big and often gzipped)', async () => {
    const file = sitemap('https://www.example.com/', 'https://www.example.com/private');
    const gz = path.join(mkdtempSync(path.join(tmpdir(), 'crawl-cli-')), 'internal_all.csv.gz');
    writeFileSync(gz, gzipSync(new Uint8Array(readFileSync(CRAWL))));
    const r = await run(['check', file, '--crawl', gz, '--json']);
    const rules = (JSON.parse(r.out) as { issues: Array<{ rule: string; entry?: number }> }).issues
      .filter((i) => i.rule.startsWith('CRAWL-'))
      .map((i) => `${i.rule}@${i.entry ?? '-'}`);
    expect(rules).toEqual(['CRAWL-006@-', 'CRAWL-003@1']);
    expect(r.code).toBe(1);
  });
  it('a gzipped crawl over the inflate limit is refused with the limit, exit 2', async () => {
    const file = sitemap('https://www.example.com/');
    const gz = path.join(mkdtempSync(path.join(tmpdir(), 'crawl-cli-')), 'bomb.csv.gz');
    const head = new TextEncoder().encode('Address,Status Code\nhttps://www.example.com/,200\n');
    const body = new Uint8Array(head.length + 3000).fill(10);
    body.set(head);
    writeFileSync(gz, gzipSync(body));
    const r = await run(['check', file, '--crawl', gz], 2000);
    expect(r.code).toBe(2);
    expect(r.err).toContain('2,000-byte limit');
  });
  it('over an index and its children, a missing page is one no file lists, reported on the file of its folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'crawl-tree-'));
    const urlset = (...locs: string[]) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>\n`;
    writeFileSync(path.join(dir, 'a.xml'), urlset('https://s.example/a/1', 'https://s.example/a/3'));
    writeFileSync(path.join(dir, 'b.xml'), urlset('https://s.example/b/1', 'https://s.example/b/3'));
    writeFileSync(
      path.join(dir, 'index.xml'),
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://s.example/a.xml</loc></sitemap><sitemap><loc>https://s.example/b.xml</loc></sitemap></sitemapindex>\n',
    );
    const crawl = path.join(dir, 'crawl.csv');
    const pages = ['a/1', 'a/2', 'a/3', 'b/1', 'b/2', 'b/3'];
    writeFileSync(
      crawl,
      `Address,Status Code,Indexability\n${pages.map((p) => `https://s.example/${p},200,Indexable`).join('\n')}\n`,
    );
    const r = await run(['check', path.join(dir, 'index.xml'), '--crawl', crawl, '--json']);
    const reports = JSON.parse(r.out) as Array<{
      file: string;
      issues: Array<{ rule: string; urls?: string[] }>;
    }>;
    const missing = Object.fromEntries(
      reports.map((f) => [
        path.basename(f.file),
        f.issues.filter((i) => i.rule === 'CRAWL-006').map((i) => i.urls),
      ]),
    );
    expect(missing).toEqual({
      'index.xml': [],
      'a.xml': [['https://s.example/a/2']],
      'b.xml': [['https://s.example/b/2']],
    });
    const human = await run(['check', path.join(dir, 'index.xml'), '--crawl', crawl]);
    expect(human.out).toContain('1 indexable page of the crawl is missing');
    expect(human.out).not.toContain('3 indexable pages');
  });
  it('reads the crawl file in chunks, and says so when it cannot be read', async () => {
    const file = sitemap('https://www.example.com/', 'https://www.example.com/private');
    const ok = await run(['check', file, '--crawl', CRAWL, '--format', 'json']);
    expect(ok.out).toContain('CRAWL-003');
    const missing = await run(['check', file, '--crawl', `${CRAWL}.missing`]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read');
  });
});
