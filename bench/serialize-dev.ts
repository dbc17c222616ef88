/**
 * SERFAST's quick measuring script for the serializer: the three `npm run bench` inputs, ours
 * (string and bytes) against fast-xml-parser's XMLBuilder given the same content and pretty layout.
 * Median CPU time (user + system) because the machine is shared; prints SHA-256 of our outputs so
 * an optimisation can be checked to be byte-identical. Run: `npx tsx bench/serialize-dev.ts [runs] [only]`.
 */
import { createHash } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import type { SitemapDocument } from '../src/core/model.ts';
import { serializeFiles, serializeSitemap } from '../src/core/serialize.ts';
import { fxpObject } from './fxpObject.ts';
import { plainDoc, worstDoc } from './generate.ts';
import { medianRuns } from './measure.ts';

const sha = (x: string | Uint8Array) => createHash('sha256').update(x).digest('hex').slice(0, 16);

const runs = Number(process.argv[2] ?? 7);
const only = process.argv[3];
const inputs: Array<[string, () => SitemapDocument]> = [
  ['ascii', () => plainDoc()],
  ['intl', () => plainDoc(50_000, true)],
  ['worst', () => worstDoc()],
];
const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });
for (const [name, make] of inputs) {
  if (only && only !== name) continue;
  const doc = make();
  const obj = fxpObject(doc);
  const text = serializeSitemap(doc);
  const bytes = serializeFiles(doc).files[0].bytes;
  const base = medianRuns(() => builder.build(obj), Math.max(3, Math.floor(runs / 2)), { gc: true }).cpu;
  const str = medianRuns(() => serializeSitemap(doc), runs, { gc: true }).cpu;
  const byt = medianRuns(() => serializeFiles(doc), runs, { gc: true }).cpu;
  console.log(
    `${name.padEnd(6)} ${(bytes.length / 1e6).toFixed(1)} MB | XMLBuilder ${base.toFixed(0)} | string ${str.toFixed(1)} (${(base / str).toFixed(2)}x) | bytes ${byt.toFixed(1)} (${(base / byt).toFixed(2)}x) | sha ${sha(text)} ${sha(bytes)}`,
  );
}
