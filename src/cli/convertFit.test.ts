/**
 * `convert` and `check` against what the output can hold and where it can go (session 17's review):
 * an index is never written as text (OUT-009), a split never turns `-o FILE` or stdout into a
 * folder, the default split passes SIZE-005, counts are grouped, a zip is named .zip, and the
 * zips convert writes are read back by check.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipBytes } from '../core/gzip.ts';
import type { CliIo } from './check.ts';
import { runCli } from './main.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'smw-convert-fit-'));
const cwdBefore = new Set(readdirSync('.'));
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  // The old code wrote split files into the working directory: leave it as it was.
  for (const f of readdirSync('.'))
    if (!cwdBefore.has(f) && /^(many-\d+\.xml|sitemap\.xml)$/.test(f)) rmSync(f, { force: true });
});

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITE = 'https://www.example.com/';

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    now: () => Date.UTC(2026, 0, 1),
  };
  const code = await runCli(argv, io);
  return { code, out, err };
}

function dir(name: string): string {
  const d = path.join(tmp, name);
  mkdirSync(d, { recursive: true });
  return d;
}

const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((l) => `  <url><loc>${l}</loc></url>\n`).join('')}</urlset>\n`;
const sitemapIndex = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((l) => `  <sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

/** A text sitemap of `n` URLs. */
function manyUrls(d: string, n: number): string {
  const file = path.join(d, 'many.txt');
  let text = '';
  for (let i = 0; i < n; i++) text += `${SITE}p/${i}\n`;
  writeFileSync(file, text);
  return file;
}

describe('convert: an index is never written as text (OUT-009)', () => {
  it('refuses --to txt for a sitemap index: exit 2, the rule named, nothing written', async () => {
    const d = dir('index-txt');
    const file = path.join(d, 'sitemap.xml');
    writeFileSync(file, sitemapIndex([`${SITE}pages.xml`, `${SITE}posts.xml`]));
    const toStdout = await cli('convert', file, '--to', 'txt');
    expect(toStdout.code).toBe(2);
    expect(toStdout.out).toBe('');
    expect(toStdout.err).toContain('OUT-009');
    expect(toStdout.err).toContain('sitemap index');
    expect(toStdout.err).toContain('Nothing written.');
    const toFile = await cli('convert', file, '--to', 'txt', '-o', path.join(d, 'out.txt'));
    expect(toFile.code).toBe(2);
    expect(readdirSync(d)).toEqual(['sitemap.xml']);
    // XML and gzipped XML still are.
    expect((await cli('convert', file, '--to', 'xml')).code).toBe(0);
  });
});

describe('convert: a split goes into a folder the user named, never a made-up one', () => {
  it('-o FILE and a split: exit 2, says to pass -o DIR/, creates nothing', async () => {
    const d = dir('split-file');
    const input = manyUrls(d, 5);
    const target = path.join(d, 'x.gz');
    const r = await cli(
      'convert',
      input,
      '--to',
      'gz',
      '--split',
      '2',
      '--base',
      `${SITE}sitemap.xml`,
      '-o',
      target,
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('-o DIR/');
    expect(r.err).toContain('Nothing written.');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(d)).toEqual(['many.txt']);
  });

  it('XML to stdout and a split: exit 2, nothing written into the working directory', async () => {
    const d = dir('split-stdout');
    const input = manyUrls(d, 5);
    const r = await cli('convert', input, '--to', 'xml', '--split', '2', '--base', `${SITE}sitemap.xml`);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('-o DIR/');
    expect(existsSync('many-1.xml')).toBe(false);
  });

  it('-o DIR/ still takes the split', async () => {
    const d = dir('split-dir');
    const input = manyUrls(d, 5);
    const out = path.join(d, 'out');
    const r = await cli(
      'convert',
      input,
      '--to',
      'gz',
      '--split',
      '2',
      '--base',
      `${SITE}sitemap.xml`,
      '-o',
      `${out}/`,
    );
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      'many-1.txt.gz',
      'many-2.txt.gz',
      'many-3.txt.gz',
      'sitemap.xml.gz',
    ]);
  });
});

describe('convert: the default split passes SIZE-005', () => {
  it('splits 45,001 URLs at 45,000 without --split, and check --fail-on warning passes the files', async () => {
    const d = dir('headroom');
    const input = manyUrls(d, 45_001);
    const out = path.join(d, 'out');
    const r = await cli('convert', input, '--to', 'xml', '--base', `${SITE}sitemap.xml`, '-o', `${out}/`);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['many-1.xml', 'many-2.xml', 'sitemap.xml']);
    const check = await cli('check', path.join(out, 'sitemap.xml'), '--fail-on', 'warning');
    expect(check.out).not.toContain('SIZE-005');
  });

  it('an explicit --split above 45,000 is kept, and convert says SIZE-005 will warn', async () => {
    const d = dir('explicit');
    const input = manyUrls(d, 45_001);
    const out = path.join(d, 'out');
    const r = await cli(
      'convert',
      input,
      '--to',
      'xml',
      '--split',
      '50000',
      '--base',
      `${SITE}sitemap.xml`,
      '-o',
      `${out}/`,
    );
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual(['many.xml']);
    expect(r.err).toContain('SIZE-005');
    expect(r.err).toContain('45,000');
  });
});

describe('convert: wording', () => {
  it('groups the counts in its summary lines as its messages do', async () => {
    const d = dir('counts');
    const input = manyUrls(d, 1200);
    const r = await cli('convert', input, '--to', 'xml', '-o', path.join(d, 'out.xml'));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/\(1,200 entries, \d{1,3}(,\d{3})+ bytes\)/);
  });

  it('--to zip -o NAME without .zip writes NAME.zip and says so', async () => {
    const d = dir('zipname');
    const input = manyUrls(d, 3);
    const r = await cli('convert', input, '--to', 'zip', '-o', path.join(d, 'out5'));
    expect(r.code).toBe(0);
    expect(readdirSync(d).sort()).toEqual(['many.txt', 'out5.zip']);
    expect(r.err).toContain('out5.zip');
    expect(r.err).toContain('.zip added');
  });
});

describe('check and convert read a zip of sitemaps as the app does', () => {
  /** An index and its two children (one gzipped), as a Yoast site serves them, zipped. */
  function yoastZip(d: string): string {
    const file = path.join(d, 'yoast.zip');
    const zip = zipSync({
      'sitemap_index.xml': strToU8(sitemapIndex([`${SITE}page-sitemap.xml`, `${SITE}post-sitemap.xml.gz`])),
      'page-sitemap.xml': strToU8(urlset([`${SITE}`, `${SITE}about/`])),
      'post-sitemap.xml.gz': gzipBytes(strToU8(urlset([`${SITE}hello/`, `${SITE}about/`]))),
    });
    writeFileSync(file, zip);
    return file;
  }

  it('check reads each member and runs the cross-file checks (as for an index and its children)', async () => {
    const d = dir('zip-check');
    const file = yoastZip(d);
    const r = await cli('check', file, '--base', `${SITE}sitemap_index.xml`, '--format', 'json');
    expect(r.err).not.toContain('GZ-001');
    expect(r.code).toBe(0);
    const reports = JSON.parse(r.out) as Array<{
      file: string;
      urls: number;
      issues: Array<{ rule: string }>;
    }>;
    expect(reports.map((x) => [x.file, x.urls])).toEqual([
      [`${file}/sitemap_index.xml`, 2],
      [`${file}/page-sitemap.xml`, 2],
      [`${file}/post-sitemap.xml.gz`, 2],
    ]);
    // The URL in both children: the workspace's cross-file LOC-006.
    expect(reports.flatMap((x) => x.issues.map((i) => i.rule))).toContain('LOC-006');
  });

  it('check reads the zip convert writes', async () => {
    const d = dir('zip-roundtrip');
    const input = manyUrls(d, 5);
    const zip = path.join(d, 'out.zip');
    expect(
      (await cli('convert', input, '--to', 'zip', '--split', '2', '--base', `${SITE}sitemap.xml`, '-o', zip))
        .code,
    ).toBe(0);
    expect(Object.keys(unzipSync(readFileSync(zip))).sort()).toEqual([
      'out-1.xml',
      'out-2.xml',
      'out-3.xml',
      'sitemap.xml',
    ]);
    const r = await cli('check', zip);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/4 file\(s\), 8 entries: 0 error\(s\)/);
  });

  it('member names are data: a name that climbs out of the archive is read, never written outside', async () => {
    const d = dir('zip-names');
    const file = path.join(d, 'names.zip');
    writeFileSync(
      file,
      zipSync({ '../../evil.xml': strToU8(urlset([`${SITE}a`])), __proto__x: strToU8(urlset([`${SITE}b`])) }),
    );
    const r = await cli('check', file, '--format', 'json');
    expect(r.code).toBe(0);
    const names = (JSON.parse(r.out) as Array<{ file: string }>).map((x) => x.file);
    expect(names).toEqual([`${file}/evil.xml`, `${file}/__proto__x`]);
    expect(existsSync(path.join(d, '..', 'evil.xml'))).toBe(false);
  });

  it('convert of a zip: one sitemap member is converted, several are refused with the reason', async () => {
    const d = dir('zip-convert');
    const one = path.join(d, 'one.zip');
    writeFileSync(one, zipSync({ 'page-sitemap.xml': strToU8(urlset([`${SITE}a`])) }));
    const r = await cli('convert', one, '--to', 'txt');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${SITE}a\n`);
    const several = await cli('convert', yoastZip(d), '--to', 'xml');
    expect(several.code).toBe(2);
    expect(several.err).toContain('3 files');
    // It says exactly what to run.
    expect(several.err).toContain(`run "convert ${path.join(d, 'yoast.zip')} --to xml -o yoast-xml/"`);
    expect(several.err).toMatch(/\. Nothing written\.\n$/);
  });

  it('convert of a zip of several into -o DIR/: each member under its own safe name, folders kept', async () => {
    const d = dir('zip-convert-many');
    const file = path.join(d, 'hugo.zip');
    writeFileSync(
      file,
      zipSync({
        'sitemap.xml': strToU8(sitemapIndex([`${SITE}en/sitemap.xml`, `${SITE}fr/sitemap.xml`])),
        'en/sitemap.xml': strToU8(urlset([`${SITE}en/`])),
        'fr/sitemap.xml': strToU8(urlset([`${SITE}fr/`])),
        '../evil.xml': strToU8(urlset([`${SITE}x`])),
      }),
    );
    const out = path.join(d, 'out');
    const r = await cli('convert', file, '--to', 'gz', '-o', `${out}/`);
    expect(r.code).toBe(0);
    expect(readdirSync(out, { recursive: true }).map(String).sort()).toEqual([
      'en',
      'en/sitemap.xml.gz',
      'evil.xml.gz',
      'fr',
      'fr/sitemap.xml.gz',
      'sitemap.xml.gz',
    ]);
    expect(existsSync(path.join(d, 'evil.xml.gz'))).toBe(false);
    expect(r.err).toContain(`wrote ${path.join(out, 'fr/sitemap.xml.gz')} (1 entries`);
    expect(r.err).toContain(`converted 4 of the 4 sitemaps in ${file} into ${out}/`);
    // Again: the files exist, nothing is written, and no "wrote" line says otherwise.
    const again = await cli('convert', file, '--to', 'gz', '-o', `${out}/`);
    expect(again.code).toBe(2);
    expect(again.err).not.toContain('wrote');
    expect(again.err).toMatch(/exists \(and 3 more of the files to write\); nothing written/);
    // As text: the index cannot be (OUT-009), named and left out; the children are written.
    const txt = await cli('convert', file, '--to', 'txt', '-o', `${path.join(d, 'txt')}/`);
    expect(txt.code).toBe(2);
    expect(txt.err).toContain(`${file}/sitemap.xml: OUT-009`);
    expect(readFileSync(path.join(d, 'txt', 'fr', 'sitemap.txt'), 'utf8')).toBe(`${SITE}fr/\n`);
  });

  it('a zip inside a gzip (sitemaps.zip.gz) is read by check and convert as the zip it holds', async () => {
    const d = dir('zip-gz');
    const file = path.join(d, 'sitemaps.zip.gz');
    writeFileSync(file, gzipBytes(readFileSync(yoastZip(d))));
    const r = await cli('check', file, '--format', 'json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as Array<{ file: string; urls: number }>).map((x) => [x.file, x.urls])).toEqual(
      [
        [`${file}/sitemap_index.xml`, 2],
        [`${file}/page-sitemap.xml`, 2],
        [`${file}/post-sitemap.xml.gz`, 2],
      ],
    );
    const one = path.join(d, 'one.dat');
    writeFileSync(one, gzipBytes(zipSync({ 'page-sitemap.xml': strToU8(urlset([`${SITE}a`])) })));
    const converted = await cli('convert', one, '--to', 'txt');
    expect(converted.err).toBe('');
    expect(converted.out).toBe(`${SITE}a\n`);
  });

  it('a gzip inside a gzip is refused naming the file (GZ-005), not read as text', async () => {
    const d = dir('gz-gz');
    const file = path.join(d, 'sitemap.xml.gz.gz');
    writeFileSync(file, gzipBytes(gzipBytes(strToU8(urlset([`${SITE}a`])))));
    const r = await cli('check', file);
    expect(r.out).toContain(`${file}:1:1  error  GZ-005  The gzip file contains another gzip file`);
  });
});
