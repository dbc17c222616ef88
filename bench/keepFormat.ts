/**
 * Keep-format export vs normalized export of the 50,000-URL file with 100 edits (issue #16):
 * both write the whole file; keep-format mostly copies byte spans. Also the diff the Export
 * dialog shows for each choice.
 */
import { diffOfOps, lineDiff } from '../src/core/keep/diff.ts';
import { keepFormat } from '../src/core/keep/keepFormat.ts';
import { keepSourceOf } from '../src/core/keep/source.ts';
import type { Entry } from '../src/core/model.ts';
import { parseSitemap } from '../src/core/parse.ts';
import { serializeFiles } from '../src/core/serialize.ts';
import { benchInputs } from './generate.ts';
import { type Measured, mbPerS, measure } from './measure.ts';
import type { BenchRow } from './types.ts';

function row(name: string, m: Measured, base: Measured | null, bytes: number): BenchRow {
  return {
    group: 'export · 50k URLs (ASCII), 100 lastmods edited',
    name,
    ms: m.cpuMs,
    ratio: base === null ? 'baseline' : `${(base.cpuMs / m.cpuMs).toFixed(2)}×`,
    mbPerS: mbPerS(bytes, m.cpuMs),
    note: `wall ${m.wallMs.toFixed(0)} ms, ${m.runs} run(s)`,
  };
}

/** The rows (CPU medians; a fresh source per run, so the first-use work is counted). */
export async function benchKeepFormat(): Promise<BenchRow[]> {
  const input = benchInputs()[0];
  const parsed = parseSitemap(input.bytes);
  const src = keepSourceOf(input.bytes, parsed);
  if (!src) throw new Error('no keep source for the bench input');
  const entries: Entry[] = parsed.document.entries.slice();
  for (let i = 0; i < entries.length; i += 500) entries[i] = { ...entries[i], lastmod: '2026-11-26' };
  const doc = { ...parsed.document, entries };
  const fresh = () => ({ ...src, cache: undefined });
  const size = input.bytes.length;
  const normalized = await measure(() => serializeFiles(doc, { format: 'xml' }));
  const kept = await measure(() => keepFormat(doc, fresh()));
  const keptDiff = await measure(() => {
    const out = keepFormat(doc, fresh());
    return diffOfOps(out.source, out.ops, out.edited, (b) => new TextDecoder().decode(b));
  });
  const normalizedBytes = serializeFiles(doc, { format: 'xml' }).files[0].bytes;
  const dec = new TextDecoder();
  const normalizedDiff = await measure(() =>
    lineDiff(dec.decode(input.bytes), dec.decode(normalizedBytes), [], 0),
  );
  const rows = [
    row('normalized export: serializeFiles → bytes', normalized, null, size),
    row('keep-format export: keepFormat → bytes', kept, normalized, size),
    row('keep-format export + its diff (Export dialog)', keptDiff, normalized, size),
    row('diff of the normalized export (Export dialog)', normalizedDiff, normalized, size),
  ];
  for (const r of rows) process.stderr.write(`  ${r.group} · ${r.name}: ${r.ms.toFixed(1)} ms ${r.ratio}\n`);
  return rows;
}
