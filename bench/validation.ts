/**
 * Validation speed: full validation of 50,000 entries (plain and the ~50 MB worst case with
 * hreflang alternates and images) and of the 1,000,000-URL document of bench:browser, and
 * one-entry revalidation in a 50,000- and a 1,000,000-entry document (median of 1,000 edits,
 * each changing one entry's loc and lastmod).
 */
import type { Entry, SitemapDocument } from '../src/core/model.ts';
import { entryPatch } from '../src/core/patch.ts';
import { Validator, validateDocument } from '../src/core/validate.ts';
import { plainDoc, prng, worstDoc } from './generate.ts';
import { medianRuns } from './measure.ts';
import { wanted } from './only.ts';
import type { BenchRow } from './types.ts';
import { millionDoc } from './validate-dev.ts';

const SETTINGS = { now: Date.UTC(2026, 10, 21) };

function fullRow(name: string, doc: SitemapDocument, runs = 5): BenchRow {
  let issues = 0;
  const { ms, cpu } = medianRuns(() => {
    issues = validateDocument(doc, SETTINGS).length;
  }, runs);
  const n = (x: number) => x.toLocaleString('en-US');
  return {
    group: 'validate',
    name,
    ms,
    note: `${n(doc.entries.length)} entries, ${n(issues)} issues, median of ${runs}, CPU ${cpu.toFixed(0)} ms`,
  };
}

function editRow(doc: SitemapDocument): BenchRow {
  const v = new Validator(SETTINGS);
  v.load(doc);
  const current = new Map<number, Entry>(doc.entries.map((e) => [e.id, e]));
  const rnd = prng(7);
  const times: number[] = [];
  for (let k = 0; k < 1000; k++) {
    const id = Math.floor(rnd() * doc.entries.length);
    const before = current.get(id)!;
    const after: Entry = {
      ...before,
      loc: `${before.loc}-e${k}`,
      lastmod: k % 2 ? '2023-02-29' : '2024-06-24',
    };
    const t = performance.now();
    v.apply(entryPatch({ updated: [[before, after]] }));
    times.push(performance.now() - t);
    current.set(id, after);
  }
  times.sort((a, b) => a - b);
  const p99 = times[Math.floor(times.length * 0.99)];
  return {
    group: 'validate',
    name: `revalidate one edited entry (${doc.entries.length.toLocaleString('en-US')} entries)`,
    ms: times[500],
    note: `median of 1,000 edits; p99 ${p99.toFixed(3)} ms`,
  };
}

/** Bench section for `npm run bench` (bench/core.bench.ts). */
export async function benchValidation(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const want = (name: string) => wanted('validate', name);
  const edit = (n: string) => `revalidate one edited entry (${n} entries)`;
  const plain = plainDoc(50_000);
  if (want('full validation, 50,000 plain entries'))
    rows.push(fullRow('full validation, 50,000 plain entries', plain));
  const WORST = 'full validation, 50 MB worst case (alternates + images)';
  if (want(WORST)) rows.push(fullRow(WORST, worstDoc(50_000)));
  if (want(edit('50,000'))) rows.push(editRow(plain));
  const MILLION = 'full validation, 1,000,000 entries (images, alternates)';
  if (!want(MILLION) && !want(edit('1,000,000'))) return rows;
  const million = millionDoc();
  if (want(MILLION)) rows.push(fullRow(MILLION, million, 3));
  if (want(edit('1,000,000'))) rows.push(editRow(million));
  return rows;
}

if (process.argv[1]?.endsWith('validation.ts')) {
  for (const r of await benchValidation()) console.log(`${r.name}: ${r.ms.toFixed(3)} ms (${r.note})`);
}
