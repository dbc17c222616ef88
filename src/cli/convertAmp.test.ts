/** `convert` names the unescaped & it writes as &amp; (ENC-005), with or without --keep-format (review s16 b11). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { parseArgs } from './args.ts';
import { runConvert } from './convert.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://www.example.com/fish-&-chips/</loc>
  </url>
  <url>
    <loc>https://www.example.com/a?x=1&amp;y=2&z=3</loc>
  </url>
</urlset>
`;
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const tmp = mkdtempSync(path.join(tmpdir(), 'smw-amp-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('convert and ENC-005', () => {
  it('convert says so, with or without --keep-format', async () => {
    const input = path.join(tmp, 'amp.xml');
    writeFileSync(input, XML);
    const said = {
      '--keep-format': 'changed  OUT-004  2 unescaped “&” written as &amp; (ENC-005)',
      '--normalize': 'changed  OUT-004  2 values with an unescaped “&” written as &amp; (ENC-005)',
    };
    for (const flag of ['--keep-format', '--normalize'] as const) {
      const out = path.join(tmp, `out${flag}.xml`);
      const args = parseArgs(['convert', input, '--to', 'xml', flag, '-o', out]);
      if (args.command !== 'convert') throw new Error('args');
      const err: string[] = [];
      await runConvert(args, { out: () => {}, err: (t) => err.push(t), now: () => 0 });
      expect(err.join(''), flag).toContain(said[flag]);
      expect(parseSitemap(readFileSync(out)).fatal, flag).toBeNull();
      expect(dec(readFileSync(out)), flag).toContain('fish-&amp;-chips');
    }
  });
});
