import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ParseResult } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { readStreamed } from './readStreamed.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const corpusDir = path.resolve(repoRoot, '../shared/fixtures/real');
const present = existsSync(path.join(corpusDir, 'SOURCES.md'));
if (!present) console.warn(`readStreamed.test: ${corpusDir} is missing; the corpus comparison is skipped`);

/** A ParseResult as JSON without the source layout (the streamed reading does not make one). */
function findingsJson(r: ParseResult): string {
  const { layout: _layout, ...rest } = r;
  return JSON.stringify(rest);
}

const WINDOW = 2048;

describe.skipIf(!present)('streamed reading of the real corpus', () => {
  const files = present ? readdirSync(corpusDir).filter((f) => f !== 'SOURCES.md') : [];
  it('gives the whole-file result for every file, streaming most of them', async () => {
    let streamed = 0;
    for (const f of files) {
      const p = path.join(corpusDir, f);
      const whole = parseSitemap(new Uint8Array(readFileSync(p)), { fileName: f });
      const r = await readStreamed(p, f, undefined, WINDOW);
      if (r.path === 'streamed') streamed++;
      expect(findingsJson(r.result), f).toBe(findingsJson(whole));
    }
    expect(files.length).toBeGreaterThan(50);
    expect(streamed).toBeGreaterThan(files.length / 2);
  });
});

describe('streamed reading of gzip files (zlib stream)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'smw-stream-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const rows = Array.from({ length: 400 }, (_, i) => `<url><loc>https://a.example/${i}</loc></url>`);
  const xml = `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>\n`;
  const gz = gzipSync(xml);
  const half = xml.length >> 1;
  const multi = Buffer.concat([gzipSync(xml.slice(0, half)), gzipSync(xml.slice(half))]);
  const badCrc = Buffer.from(gz);
  badCrc[badCrc.length - 8] ^= 0xff;
  const cases: Array<[string, Buffer, 'streamed' | 'whole', number?]> = [
    ['clean.xml.gz', gz, 'streamed'],
    ['multi.xml.gz', multi, 'whole'],
    ['padded.xml.gz', Buffer.concat([gz, Buffer.alloc(16)]), 'whole'],
    ['crc.xml.gz', badCrc, 'whole'],
    ['cut.xml.gz', gz.subarray(0, gz.length >> 1), 'whole'],
    ['bomb.xml.gz', gz, 'streamed', 1000],
  ];
  for (const [name, bytes, via, max] of cases) {
    it(`${name}: same findings as the whole-file parse (${via})`, async () => {
      const p = path.join(dir, name);
      writeFileSync(p, bytes);
      const whole = parseSitemap(new Uint8Array(bytes), { fileName: name, maxDecompressedBytes: max });
      const r = await readStreamed(p, name, max, 256);
      expect(r.path).toBe(via);
      expect(findingsJson(r.result)).toBe(findingsJson(whole));
    });
  }
});
