/** `convert -o`: where the output goes, named after the input, never over an existing file unasked. */
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
import { gunzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { runConvert } from './convert.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'smw-convert-out-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (loc: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"><url><loc>${loc}</loc></url></urlset>\n`;

/** Two inputs in a folder of their own, and an empty output folder beside them. */
function setUp(name: string) {
  const dir = path.join(tmp, name);
  mkdirSync(path.join(dir, 'in'), { recursive: true });
  const news = path.join(dir, 'in', 'news.xml');
  const video = path.join(dir, 'in', 'video.xml');
  writeFileSync(news, urlset('https://a.example/news'));
  writeFileSync(video, urlset('https://a.example/video'));
  return { dir, news, video, out: path.join(dir, 'out') };
}

async function convert(...argv: string[]) {
  const args = parseArgs(['convert', ...argv]);
  if (args.command !== 'convert') throw new Error('args');
  const err: string[] = [];
  const code = await runConvert(args, { out: () => {}, err: (t) => err.push(t), now: () => 0 });
  return { code, err: err.join('') };
}

describe('convert -o FOLDER/', () => {
  it('names each output after its input (stem + new extension), one file per input', async () => {
    const { news, video, out } = setUp('names');
    expect((await convert(news, '--to', 'xml', '-o', `${out}/`)).code).toBe(0);
    expect((await convert(video, '--to', 'xml', '-o', `${out}/`)).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['news.xml', 'video.xml']);
    expect(readFileSync(path.join(out, 'video.xml'), 'utf8')).toContain('https://a.example/video');
    expect((await convert(news, '--to', 'gz', '-o', out)).code).toBe(0);
    expect(new TextDecoder().decode(gunzipSync(readFileSync(path.join(out, 'news.xml.gz'))))).toContain(
      'https://a.example/news',
    );
    expect((await convert(news, '--to', 'txt', '-o', out)).code).toBe(0);
    expect(readFileSync(path.join(out, 'news.txt'), 'utf8')).toBe('https://a.example/news\n');
    expect((await convert(news, '--to', 'zip', '-o', out)).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['news.txt', 'news.xml', 'news.xml.gz', 'news.zip', 'video.xml']);
  });

  it('--keep-format into a folder: the input name too', async () => {
    const { news, out } = setUp('keep');
    mkdirSync(out);
    expect((await convert(news, '--to', 'xml', '--keep-format', '-o', out)).code).toBe(0);
    expect(readFileSync(path.join(out, 'news.xml'), 'utf8')).toBe(readFileSync(news, 'utf8'));
    expect((await convert(news, '--to', 'gz', '--keep-format', '-o', `${out}/`)).code).toBe(0);
    expect(existsSync(path.join(out, 'news.xml.gz'))).toBe(true);
  });

  it('refuses to write over an existing file (exit 2, naming it) unless --force', async () => {
    const { news, video, out } = setUp('force');
    mkdirSync(out);
    const target = path.join(out, 'news.xml');
    writeFileSync(target, 'mine');
    for (const extra of [[], ['--keep-format']]) {
      const r = await convert(news, '--to', 'xml', ...extra, '-o', `${out}/`);
      expect(r.code, extra.join()).toBe(2);
      expect(r.err, extra.join()).toContain(`${target} exists`);
      expect(r.err, extra.join()).toContain('--force');
      expect(readFileSync(target, 'utf8')).toBe('mine');
    }
    // An explicit output file too.
    const file = path.join(out, 'chosen.xml');
    writeFileSync(file, 'mine');
    const r = await convert(video, '--to', 'xml', '-o', file);
    expect([r.code, readFileSync(file, 'utf8')]).toEqual([2, 'mine']);
    expect(r.err).toContain(`${file} exists`);
    // --force overwrites.
    expect((await convert(news, '--to', 'xml', '-o', `${out}/`, '--force')).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toContain('https://a.example/news');
    expect((await convert(video, '--to', 'xml', '-o', file, '--force')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('https://a.example/video');
  });

  it('a split checks every file it would write before writing any', async () => {
    const { dir, out } = setUp('split');
    const list = path.join(dir, 'in', 'posts.txt');
    writeFileSync(list, 'https://a.example/1\nhttps://a.example/2\nhttps://a.example/3\n');
    mkdirSync(out);
    writeFileSync(path.join(out, 'posts-2.xml'), 'mine');
    const base = ['--base', 'https://a.example/sitemap_index.xml'];
    const r = await convert(list, '--to', 'xml', '--split', '2', ...base, '-o', `${out}/`);
    expect(r.code).toBe(2);
    expect(readdirSync(out)).toEqual(['posts-2.xml']);
    expect(
      (await convert(list, '--to', 'xml', '--split', '2', ...base, '-o', `${out}/`, '--force')).code,
    ).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['posts-1.xml', 'posts-2.xml', 'sitemap_index.xml']);
  });
});
