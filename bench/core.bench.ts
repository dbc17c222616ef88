/**
 * `npm run bench`: core speed against the libraries people would otherwise use.
 * Parse: ours vs fast-xml-parser XMLParser vs sitemap.js; serialize: ours vs XMLBuilder; gzip.
 * Optional sections (bench/validation.ts, bench/insights.ts, bench/tree.ts) run when present.
 * Prints one table and writes it to bench/out/latest.md. Medians over several runs, one process.
 * `BENCH_ONLY=parse,validate` runs only the rows naming those words (bench/only.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { parseSitemap as sitemapJsParse } from 'sitemap';
import { gzipBytes } from '../src/core/gzip.ts';
import type { SitemapDocument } from '../src/core/model.ts';
import { parseSitemap } from '../src/core/parse.ts';
import { serializeFiles, serializeSitemap } from '../src/core/serialize.ts';
import { fxpObject } from './fxpObject.ts';
import { benchInputs } from './generate.ts';
import { type Measured, mbPerS, measure } from './measure.ts';
import { filtered, wanted } from './only.ts';
import type { BenchRow } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `base`: the baseline measured (null: this row is the baseline; undefined: skipped by BENCH_ONLY). */
function row(
  group: string,
  name: string,
  m: Measured,
  base: Measured | null | undefined,
  bytes?: number,
  note = '',
): BenchRow {
  const r: BenchRow = {
    group,
    name,
    ms: m.cpuMs,
    ratio: base === null ? 'baseline' : base === undefined ? '' : `${(base.cpuMs / m.cpuMs).toFixed(2)}×`,
    note: `${note}${note ? ', ' : ''}wall ${m.wallMs.toFixed(0)} ms, ${m.runs} run(s)`,
  };
  if (bytes !== undefined) r.mbPerS = mbPerS(bytes, m.cpuMs);
  return r;
}

function progress(rows: BenchRow[]): BenchRow[] {
  for (const r of rows)
    process.stderr.write(`  ${r.group} · ${r.name}: ${r.ms.toFixed(1)} ms ${r.ratio ?? ''}\n`);
  return rows;
}

/** Measures `fn` when BENCH_ONLY keeps the row `group · name`, else undefined. */
async function maybe(
  group: string,
  name: string,
  fn: () => unknown,
  runs?: number,
): Promise<Measured | undefined> {
  return wanted(group, name) ? measure(fn, runs) : undefined;
}

/** The rows that ran (null: skipped by BENCH_ONLY), printed as they come. */
function ran(rows: Array<BenchRow | null>): BenchRow[] {
  return progress(rows.filter((r): r is BenchRow => r !== null));
}

async function benchParse(name: string, bytes: Uint8Array): Promise<BenchRow[]> {
  const group = `parse · ${name}`;
  const text = new TextDecoder().decode(bytes);
  const fxp = new XMLParser({ ignoreAttributes: false });
  const FXP = 'fast-xml-parser XMLParser (decoded string in)';
  const SJS = 'sitemap.js parseSitemap (stream)';
  const OURS = 'ours parseSitemap (bytes in, full model + issues)';
  const base = await maybe(group, FXP, () => fxp.parse(text));
  const sjs = await maybe(group, SJS, () => sitemapJsParse(Readable.from([Buffer.from(bytes)])), 3);
  const ours = await maybe(group, OURS, () => parseSitemap(bytes));
  const mb = `${(bytes.length / 1e6).toFixed(1)} MB`;
  const vsSjs = sjs && ours ? `${(sjs.cpuMs / ours.cpuMs).toFixed(2)}× faster than sitemap.js` : '';
  return ran([
    base ? row(group, FXP, base, null, bytes.length, mb) : null,
    sjs ? row(group, SJS, sjs, base, bytes.length) : null,
    ours ? row(group, OURS, ours, base, bytes.length, vsSjs) : null,
  ]);
}

async function benchSerialize(name: string, doc: SitemapDocument): Promise<BenchRow[]> {
  const group = `serialize · ${name}`;
  const FXB = 'fast-xml-parser XMLBuilder (object prepared, untimed)';
  const STR = 'ours serializeSitemap → string';
  const FILES = 'ours serializeFiles → UTF-8 bytes, limits checked';
  if (!wanted(group, FXB) && !wanted(group, STR) && !wanted(group, FILES)) return [];
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });
  const obj = wanted(group, FXB) ? fxpObject(doc) : null;
  const base = await maybe(group, FXB, () => builder.build(obj));
  const ours = await maybe(group, STR, () => serializeSitemap(doc));
  const bytes = serializeFiles(doc).files[0].bytes.length;
  const files = await maybe(group, FILES, () => serializeFiles(doc));
  return ran([
    base ? row(group, FXB, base, null, bytes) : null,
    ours ? row(group, STR, ours, base, bytes) : null,
    files ? row(group, FILES, files, base, bytes) : null,
  ]);
}

async function benchGzip(doc: SitemapDocument): Promise<BenchRow[]> {
  const group = 'gzip · 50k URLs (ASCII) serialized';
  const L6 = 'gzipBytes level 6 (default)';
  const L9 = 'gzipBytes level 9';
  if (!wanted(group, L6) && !wanted(group, L9)) return [];
  const bytes = serializeFiles(doc).files[0].bytes;
  const l6 = await maybe(group, L6, () => gzipBytes(bytes));
  const l9 = await maybe(group, L9, () => gzipBytes(bytes, { level: 9 }));
  const size = (level: number) => `→ ${(gzipBytes(bytes, { level }).length / 1e6).toFixed(2)} MB`;
  return ran([
    l6 ? row(group, L6, l6, null, bytes.length, size(6)) : null,
    l9 ? row(group, L9, l9, l6, bytes.length, size(9)) : null,
  ]);
}

async function optionalSection(file: string, exportName: string): Promise<BenchRow[]> {
  if (!existsSync(path.join(here, file))) return [];
  // The validation section filters its own rows; the others run whole when their file is named.
  if (file !== 'validation.ts' && !wanted(file)) return [];
  const mod = (await import(`./${file}`)) as Record<string, () => Promise<BenchRow[]>>;
  const fn = mod[exportName];
  return typeof fn === 'function' ? fn() : [];
}

function table(rows: BenchRow[]): string {
  const head =
    '| group | name | median ms (CPU) | MB/s | ratio vs baseline (× faster) | note |\n|---|---|---:|---:|---|---|\n';
  const line = (r: BenchRow) =>
    `| ${r.group} | ${r.name} | ${r.ms.toFixed(1)} | ${r.mbPerS === undefined ? '' : r.mbPerS.toFixed(1)} | ${r.ratio ?? ''} | ${r.note ?? ''} |`;
  return head + rows.map(line).join('\n');
}

/** CPU ms of the row `name` in `group`, or NaN when that row did not run. */
function msOf(rows: BenchRow[], group: string, name: string): number {
  return rows.find((r) => r.group === group && r.name.startsWith(name))?.ms ?? Number.NaN;
}

/**
 * The ratios issue #18 asks of parse and serialize (issue #2's sitemap.js line kept), read off
 * the measured rows. "Speed" of the non-ASCII input is per document (the same 50,000 URLs), so
 * its larger byte size counts against it; MB/s ratios are in the note.
 */
function targets(rows: BenchRow[]): string {
  const p = (input: string) => `parse · ${input}`;
  const sz = (input: string) => `serialize · ${input}`;
  const plain = '50k URLs (ASCII)';
  const intl = '50k URLs (non-ASCII)';
  const worst = '50k URLs + 5 hreflang + 2 images (worst case)';
  const ours = 'ours parseSitemap';
  const oursS = 'ours serializeSitemap';
  const fxp = 'fast-xml-parser XMLParser';
  const xb = 'fast-xml-parser XMLBuilder';
  const sjs = 'sitemap.js';
  const mbs = (group: string, name: string) =>
    rows.find((r) => r.group === group && r.name.startsWith(name))?.mbPerS ?? Number.NaN;
  const lines: Array<[string, number, number, string, string]> = [
    ['parse 50k vs fast-xml-parser', msOf(rows, p(plain), fxp) / msOf(rows, p(plain), ours), 15, '×', '#18'],
    ['parse 50k vs sitemap.js', msOf(rows, p(plain), sjs) / msOf(rows, p(plain), ours), 25, '×', '#2'],
    [
      'parse 50 MB worst case vs fast-xml-parser',
      msOf(rows, p(worst), fxp) / msOf(rows, p(worst), ours),
      7,
      '×',
      '#18',
    ],
    ['serialize 50k vs XMLBuilder', msOf(rows, sz(plain), xb) / msOf(rows, sz(plain), oursS), 7, '×', '#18'],
    [
      'non-ASCII parse speed / ASCII parse speed (time per 50k URLs)',
      msOf(rows, p(plain), ours) / msOf(rows, p(intl), ours),
      0.7,
      '',
      `#18; by MB/s ${(mbs(p(intl), ours) / mbs(p(plain), ours)).toFixed(2)}`,
    ],
    [
      'non-ASCII serialize speed / ASCII serialize speed (time per 50k URLs)',
      msOf(rows, sz(plain), oursS) / msOf(rows, sz(intl), oursS),
      0.7,
      '',
      `#18; by MB/s of output ${(mbs(sz(intl), oursS) / mbs(sz(plain), oursS)).toFixed(2)}`,
    ],
  ];
  const body = lines
    .map(([name, v, min, unit, note]) =>
      Number.isNaN(v)
        ? `| ${name} | — | ≥ ${min}${unit} | not run (BENCH_ONLY) | ${note} |`
        : `| ${name} | ${v.toFixed(2)}${unit} | ≥ ${min}${unit} | ${v >= min ? 'yes' : `**no** (${((v / min) * 100).toFixed(0)}% of target)`} | ${note} |`,
    )
    .join('\n');
  return `## Targets (issues #18 and #2, CPU medians above; load average at start ${loadavg()[0].toFixed(1)})\n\n| ratio | measured | target | met | note |\n|---|--:|--:|---|---|\n${body}\n`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const inputs = benchInputs();
  const rows: BenchRow[] = [];
  process.stderr.write(`inputs generated in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  for (const input of inputs) {
    rows.push(...(await benchParse(input.name, input.bytes)));
    rows.push(...(await benchSerialize(input.name, input.doc)));
  }
  rows.push(...(await benchGzip(inputs[0].doc)));
  rows.push(...(await optionalSection('validation.ts', 'benchValidation')));
  rows.push(...(await optionalSection('insights.ts', 'benchInsights')));
  rows.push(...(await optionalSection('tree.ts', 'benchTree')));
  rows.push(...(await optionalSection('keepFormat.ts', 'benchKeepFormat')));
  const md = `# npm run bench — ${new Date().toISOString()}\n\nNode ${process.version}, ${process.platform}/${process.arch}. Median CPU time (user + system) per operation, several runs in one process; ratio = baseline CPU ms / this row's CPU ms. Load average at start: ${loadavg()[0].toFixed(1)}${filtered ? `; BENCH_ONLY=${process.env.BENCH_ONLY}` : ''}. Total ${((performance.now() - started) / 1000).toFixed(0)} s.\n\n${table(rows)}\n\n${targets(rows)}`;
  process.stdout.write(`${md}\n`);
  process.stderr.write(`\n${targets(rows)}`);
  mkdirSync(path.join(here, 'out'), { recursive: true });
  // A filtered run does not replace the full table.
  writeFileSync(path.join(here, 'out', filtered ? 'latest-only.md' : 'latest.md'), md);
}

await main();
