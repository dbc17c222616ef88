/**
 * `convert --keep-format` is the identity on every well-formed corpus file (../shared/fixtures/real),
 * but for what the spec forbids before the root (a BOM, a DOCTYPE: core/keep/prolog.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { exportableText } from '../core/testing/exportable.ts';
import { parseArgs } from './args.ts';
import { runConvert } from './convert.ts';

const corpusDir = path.resolve(import.meta.dirname, '../../../shared/fixtures/real');
const present = existsSync(path.join(corpusDir, 'SOURCES.md'));
if (!present) console.warn(`cli keepFormat.test: ${corpusDir} is missing; corpus tests are skipped`);
const files = present ? readdirSync(corpusDir).filter((f) => f !== 'SOURCES.md') : [];
const tmp = mkdtempSync(path.join(tmpdir(), 'smw-keep-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const io = () => {
  const err: string[] = [];
  return { err, io: { out: () => {}, err: (t: string) => err.push(t), now: () => 0 } };
};

describe('convert --keep-format', () => {
  it.skipIf(!present)(
    'writes every well-formed corpus file back byte for byte, but a BOM or DOCTYPE',
    async () => {
      let checked = 0;
      for (const file of files) {
        const input = path.join(corpusDir, file);
        const bytes = readFileSync(input);
        const r = parseSitemap(new Uint8Array(bytes), { fileName: file });
        if (r.fatal || r.kind === 'feed' || r.kind === 'robots') continue;
        // Not well-formed: an unescaped & is written as &amp; (core keepAmp.test.ts).
        if (r.issues.some((i) => i.rule === 'ENC-005')) continue;
        const to = r.document.source?.gzip ? 'gz' : r.kind === 'text' ? 'txt' : 'xml';
        const out = path.join(tmp, `${checked}-${file}`);
        const args = parseArgs(['convert', input, '--to', to, '--keep-format', '-o', out]);
        if (args.command !== 'convert') throw new Error('args');
        const { io: cli, err } = io();
        expect(await runConvert(args, cli), `${file}: ${err.join('')}`).toBe(0);
        checked++;
        // What the spec forbids before the root is left out (core/keep/prolog.ts), and only that.
        const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
        const allowed = r.document.source?.gzip ? text : exportableText(text, r.kind);
        if (allowed !== text) {
          expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(readFileSync(out)), file).toBe(allowed);
          continue;
        }
        expect(readFileSync(out).equals(bytes), file).toBe(true);
      }
      expect(checked).toBeGreaterThan(55);
    },
  );

  it('refuses another format with exit 2, and --normalize writes the canonical form', async () => {
    const input = path.join(import.meta.dirname, '__fixtures__/valid.xml');
    const keep = parseArgs(['convert', input, '--to', 'txt', '--keep-format']);
    if (keep.command !== 'convert') throw new Error('args');
    const { io: cli, err } = io();
    expect(await runConvert(keep, cli)).toBe(2);
    expect(err.join('')).toMatch(/cannot keep its formatting as txt/);
    const norm = parseArgs(['convert', input, '--to', 'xml', '--normalize']);
    expect(norm).toMatchObject({ command: 'convert', keepFormat: false });
  });
});
