import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from './check.ts';
import { runCli } from './main.ts';
import type { FileReport } from './report.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'smw-pos-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function check(file: string, ...flags: string[]): Promise<string> {
  let out = '';
  const io: CliIo = { out: (t) => (out += t), err: () => {}, now: () => Date.UTC(2026, 0, 1) };
  await runCli(['check', file, ...flags], io);
  return out;
}

function write(name: string, text: string | Uint8Array): string {
  const p = path.join(tmp, name);
  writeFileSync(p, text);
  return p;
}

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const VIDEO = 'xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';

describe('check places each finding at its field (line and column of its element)', () => {
  const multi = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset ${NS} ${VIDEO}>`,
    '<url>',
    '  <loc>/relative/page/</loc>',
    '</url>',
    '   <url>',
    '     <loc>https://a.example/v</loc>',
    '     <video:video>',
    '       <video:thumbnail_loc>https://a.example/t.jpg</video:thumbnail_loc>',
    '       <video:title>T</video:title>',
    '       <video:description>D</video:description>',
    '       <video:content_loc>',
    '          https://a.example/v.mp4</video:content_loc>',
    '     </video:video>',
    '   </url>',
    '</urlset>',
    '',
  ].join('\n');

  it('in text output: the <loc> of a relative URL, a video content_loc on its own line', async () => {
    const f = write('multi.xml', multi);
    const out = await check(f);
    expect(out).toContain(`${f}:4:3  error  LOC-001`);
    expect(out).toContain(`${f}:12:8  warning  LOC-005`);
    expect(out).not.toMatch(/:\d+:1 {2}(error|warning)/);
  });

  it('in JSON: line and column of the field, gzipped the same', async () => {
    const f = write('multi.xml.gz', gzipSync(new TextEncoder().encode(multi)));
    const reports = [JSON.parse(await check(f, '--json')) as FileReport];
    const at = (rule: string) =>
      reports[0].issues.filter((i) => i.rule === rule).map((i) => [i.field, i.line, i.column]);
    expect(at('LOC-001')).toEqual([['loc', 4, 3]]);
    expect(at('LOC-005')).toEqual([['videos.0.content_loc', 12, 8]]);
  });

  it('in a one-line file: each finding at its own column', async () => {
    const entries = ['/a', 'https://b.example/ok', '/c'].map((l) => `<url><loc>${l}</loc></url>`).join('');
    const text = `<?xml version="1.0" encoding="UTF-8"?><urlset ${NS}>${entries}</urlset>`;
    const f = write('oneline.xml', text);
    const reports = [JSON.parse(await check(f, '--json')) as FileReport];
    const cols = reports[0].issues.filter((i) => i.rule === 'LOC-001').map((i) => [i.line, i.column]);
    expect(cols).toEqual([
      [1, text.indexOf('<loc>/a') + 1],
      [1, text.indexOf('<loc>/c') + 1],
    ]);
  });
});
