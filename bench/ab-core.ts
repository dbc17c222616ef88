/**
 * A/B of the core parse / serialize / validate between two source trees in ONE process,
 * interleaved round by round (bench/paired.ts), output compared for identity first:
 * `npx tsx bench/ab-core.ts <baseTree> <op,op,…> [rounds]` (ops as bench/cpu-dev.ts: worst,
 * ascii, intl, ser, serintl, serfiles, serworst, validate, validateworst). The other side is this
 * tree. Prints per op the median of per-round ratios base ms / this tree's ms (> 1: this tree is faster).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchInputs } from './generate.ts';
import { formatRatio, interleaved, medianOf, pairRatio } from './paired.ts';

type Core = {
  parseSitemap: (b: Uint8Array) => unknown;
  serializeSitemap: (d: unknown) => string;
  serializeFiles: (d: unknown, o?: object) => { files: Array<{ bytes: Uint8Array }> };
  validateDocument: (d: unknown, s: object) => unknown[];
};

async function load(tree: string): Promise<Core> {
  const u = (p: string) => pathToFileURL(path.resolve(tree, p)).href;
  const parse = await import(u('src/core/parse.ts'));
  const ser = await import(u('src/core/serialize.ts'));
  const val = await import(u('src/core/validate.ts'));
  return { ...parse, ...ser, ...val } as Core;
}

const [baseTree, opsArg = 'worst,ser', roundsArg = '9'] = process.argv.slice(2);
const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const A = await load(baseTree);
const B = await load(here);
const [ascii, intl, worst] = benchInputs();
const S = { now: Date.UTC(2026, 10, 21) };
const ops = (c: Core): Record<string, () => unknown> => ({
  worst: () => c.parseSitemap(worst.bytes),
  ascii: () => c.parseSitemap(ascii.bytes),
  intl: () => c.parseSitemap(intl.bytes),
  ser: () => c.serializeSitemap(ascii.doc),
  serintl: () => c.serializeSitemap(intl.doc),
  serfiles: () => c.serializeFiles(ascii.doc, { verify: false }).files[0].bytes,
  serfilesintl: () => c.serializeFiles(intl.doc, { verify: false }).files[0].bytes,
  serworst: () => c.serializeSitemap(worst.doc),
  validate: () => c.validateDocument(ascii.doc, S),
  validateworst: () => c.validateDocument(worst.doc, S),
});
const opsA = ops(A);
const opsB = ops(B);
const same = (x: unknown, y: unknown) => {
  if (typeof x === 'string') return x === y;
  if (x instanceof Uint8Array) return Buffer.compare(Buffer.from(x), Buffer.from(y as Uint8Array)) === 0;
  return JSON.stringify(x) === JSON.stringify(y);
};
for (const op of opsArg.split(',')) {
  if (!same(opsA[op](), opsB[op]())) {
    console.log(`${op}: OUTPUTS DIFFER`);
    process.exitCode = 1;
    continue;
  }
  const l0 = loadavg()[0];
  const got = await interleaved(
    [
      { name: 'base', fn: opsA[op] },
      { name: 'this', fn: opsB[op] },
    ],
    Number(roundsArg),
  );
  const a = got.get('base')!;
  const b = got.get('this')!;
  const r = pairRatio(a, b);
  const ahead = a.cpu.filter((x, k) => x > b.cpu[k]).length;
  console.log(
    `${op}: base ${medianOf(a.cpu).toFixed(1)} ms, this ${medianOf(b.cpu).toFixed(1)} ms CPU; base/this ${formatRatio(r)}; this ahead in ${ahead}/${a.cpu.length}; load ${l0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
  );
}
