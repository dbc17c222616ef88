// The worker's native inflate and the core's fflate inflate run the same checks on what the gzip
// holds (empty, another gzip, a tar): a file opens in the app the way the CLI reads it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Entry, ParseResult } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { zipFiles } from '../core/zip.ts';
import { createEngine } from './engine.ts';
import { decodeEntryColumns } from './entryColumns.ts';
import { platformDecompressionStream } from './nativeGunzip.ts';
import { PROTOCOL_VERSION, type WorkerResponse } from './protocol.ts';

const real = (f: string) =>
  new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../../shared/fixtures/real', f)));
const native = platformDecompressionStream();

async function viaEngine(bytes: Uint8Array, fileName: string): Promise<ParseResult> {
  const out: WorkerResponse[] = [];
  const engine = createEngine({ decompressionStream: native });
  await engine.handle({ version: PROTOCOL_VERSION, requestId: 1, type: 'parse', bytes, fileName }, (m) =>
    out.push(m),
  );
  const r = out.find((m) => m.type === 'result');
  if (r?.type !== 'result' || r.kind !== 'parse') throw new Error('no parse result');
  // The entries came ahead as columns (the page rebuilds them): put them back.
  const entries: Entry[] = [];
  for (const m of out) if (m.type === 'columns') decodeEntryColumns(m.columns, entries);
  return { ...r.result, document: { ...r.result.document, entries } };
}

const summary = (r: ParseResult) => ({
  fatal: r.fatal?.message ?? null,
  rules: r.issues.map((i) => `${i.rule} ${i.message}`),
  entries: r.document.entries.length,
  gzip: r.document.source?.gzip,
  bytes: r.document.source?.bytes,
});

const cases: Array<[string, () => Uint8Array, string]> = [
  ['a tar inside the gzip', () => real('sitemapr-tarball-not-sitemap.tar.gz'), 'x.tar.gz'],
  ['a gzip inside the gzip', () => gzipSync(real('mkdocs-topbarplus-sitemap.xml.gz')), 'double.xml.gz'],
  ['an empty gzip', () => gzipSync(new Uint8Array(0)), 'empty.xml.gz'],
  [
    'a zip inside the gzip',
    () => gzipSync(zipFiles([{ name: 'a.xml', bytes: real('crawlercommons-image.xml') }])),
    'z.xml.gz',
  ],
  ['a gzip without a .gz name', () => real('mkdocs-topbarplus-sitemap.xml.gz'), 'sitemap.xml'],
];

describe.skipIf(!native)('the worker and the core read a gzip file alike', () => {
  for (const [what, bytes, name] of cases) {
    it(what, async () => {
      const core = parseSitemap(bytes(), { fileName: name });
      expect(summary(await viaEngine(bytes(), name))).toEqual(summary(core));
    });
  }

  it('refuses a tar or a nested gzip with GZ-005 and no rows', async () => {
    const tar = await viaEngine(real('sitemapr-tarball-not-sitemap.tar.gz'), 'x.tar.gz');
    expect(tar.issues.map((i) => i.rule)).toContain('GZ-005');
    expect(tar.document.entries).toEqual([]);
    const dbl = await viaEngine(gzipSync(real('mkdocs-topbarplus-sitemap.xml.gz')), 'double.xml.gz');
    expect(dbl.fatal?.message).toMatch(/another gzip/);
    expect(dbl.document.entries).toEqual([]);
  });

  it('refuses a zip inside the gzip with GZ-005 when it reaches the parser (the store opens a .zip.gz as the zip before)', async () => {
    const z = gzipSync(zipFiles([{ name: 'a.xml', bytes: real('crawlercommons-image.xml') }]));
    const r = await viaEngine(z, 'z.xml.gz');
    expect(r.fatal?.message).toMatch(
      /^The gzip file contains a ZIP archive, not a single sitemap: open the file itself/,
    );
    expect(r.issues.map((i) => i.rule)).toEqual(['GZ-005']);
    expect(r.document.entries).toEqual([]);
  });
});
