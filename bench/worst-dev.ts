/**
 * The worker's side of one open, in Node, by phase (CPU): `npx tsx bench/worst-dev.ts [file] [rounds]`
 * (default bench/out/inputs/v1/worst.xml, 3 rounds in one process: the first is the cold one).
 * Runs the engine's parse request as the page sends it (validated in the worker), with every
 * message `v8.serialize`d as postMessage clones it, and prints per round: parse, the columns'
 * encode + clone, the validation, the snapshot and its clone; then the issues by rule.
 */
import { readFileSync } from 'node:fs';
import { serialize } from 'node:v8';
import { parseSitemap } from '../src/core/parse.ts';
import { Validator } from '../src/core/validate.ts';
import { encodeEntryColumns } from '../src/workers/entryColumnsEncode.ts';
import { chunkEnds, PARSE_CHUNK_MIN_CHARS, PARSE_ENTRY_CHUNK } from '../src/workers/protocol.ts';

const file = process.argv[2] ?? 'bench/out/inputs/v1/worst.xml';
const rounds = Number(process.argv[3] ?? 3);
const settings = { now: Date.UTC(2026, 10, 27) };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const bytes = new Uint8Array(readFileSync(file));
for (let round = 0; round < rounds; round++) {
  const times: Record<string, number> = {};
  let t = cpu();
  const lap = (k: string) => {
    const now = cpu();
    times[k] = Math.round(now - t);
    t = now;
  };
  const r = parseSitemap(bytes, { fileName: 'worst.xml' });
  lap('parse');
  const entries = r.document.entries;
  const ends = chunkEnds(entries, PARSE_ENTRY_CHUNK, PARSE_CHUNK_MIN_CHARS);
  let start = 0;
  let cloned = 0;
  for (const end of ends) {
    const cols = encodeEntryColumns(entries, start, end);
    cloned += serialize(cols).length;
    start = end;
  }
  lap('encode+clone');
  const v = new Validator(settings);
  v.load(r.document, r.issues);
  lap('validate');
  const snap = v.snapshot();
  lap('snapshot');
  const snapBytes = serialize(snap).length;
  lap('snapClone');
  const total = Object.values(times).reduce((a, b) => a + b, 0);
  console.log(
    `round ${round}: ${Object.entries(times)
      .map(([k, ms]) => `${k} ${ms}`)
      .join(
        ' · ',
      )} · total ${total} ms; columns ${(cloned / 1e6).toFixed(1)} MB, snapshot ${(snapBytes / 1e6).toFixed(1)} MB (${snap.text.length} chars of text, ${snap.issues.length / 7} issues)`,
  );
  if (round === rounds - 1) {
    const byRule = new Map<string, number>();
    for (const i of v.all()) byRule.set(i.rule, (byRule.get(i.rule) ?? 0) + 1);
    console.log([...byRule].map(([k, n]) => `${k} ${n}`).join(', '));
  }
}
