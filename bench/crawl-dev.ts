/**
 * The crawl worker's read in node (dev tool): `npx tsx bench/crawl-dev.ts [csv] [mode] [rounds]`,
 * mode `one` (one reader over the whole file) or `split` (two readers over its halves, the part
 * appended to the first, as the two crawl workers do), then `exactRows` of the 1,000,000 bench URLs (`listLocs`, cached in
 * /tmp/s13c). Prints CPU per phase. For a profile with line ticks, bundle it first:
 * `npx esbuild bench/crawl-dev.ts --bundle --platform=node --format=esm --outfile=/tmp/dev.mjs`,
 * then `node --cpu-prof /tmp/dev.mjs …`.
 */
import { existsSync, fstatSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { concatBytes } from '../src/core/arrays.ts';
import { crawlWanted } from '../src/core/crawl/join.ts';
import { exactRows, listLocs, matchHalf, mergeHalves } from '../src/core/crawl/match.ts';
import { CrawlReader, HEAD_BYTES, partBuffers } from '../src/core/crawl/reader.ts';
import { partReader } from '../src/core/crawl/split.ts';
import { hashBytes } from '../src/core/crawl/strings.ts';
import { plainDoc } from './generate.ts';

const file = process.argv[2] ?? 'bench/out/inputs/crawl-v1/internal_all.csv';
const mode = process.argv[3] ?? 'one';
const rounds = Number(process.argv[4] ?? 1);
const fd = openSync(file, 'r');
const size = fstatSync(fd).size;
const CHUNK = 8 << 20;
const chunks: Uint8Array[] = [];
const to = size;
for (let at = 0; mode !== 'split' && at < to; at += CHUNK) {
  const b = new Uint8Array(Math.min(CHUNK, to - at));
  readSync(fd, b, 0, b.length, at);
  chunks.push(b);
}
const cpu = () => process.cpuUsage().user / 1000;
const CACHE = '/tmp/s13c/listed';
let listed: { parts: Uint8Array[]; starts: Int32Array; hashes: Uint32Array };
let t = cpu();
if (existsSync(`${CACHE}.bytes`)) {
  const bytes = new Uint8Array(readFileSync(`${CACHE}.bytes`));
  const starts = new Int32Array(readFileSync(`${CACHE}.starts`).buffer.slice(0));
  const hashes = new Uint32Array(starts.length - 1);
  for (let i = 0; i < hashes.length; i++) hashes[i] = hashBytes(bytes, starts[i], starts[i + 1]);
  listed = { parts: [bytes], starts, hashes };
} else {
  const doc = plainDoc(1_000_000);
  t = cpu();
  const s = listLocs(doc.entries, doc.nextId);
  let r = s.next();
  while (!r.done) r = s.next();
  listed = r.value;
  console.log(`listLocs ${(cpu() - t).toFixed(0)} ms`);
  writeFileSync(`${CACHE}.bytes`, Buffer.concat(listed.parts));
  writeFileSync(`${CACHE}.starts`, listed.starts);
}
if (mode === 'split') {
  // As two workers: the first half read, the rest read by a part reader, appended, ended.
  const head = new Uint8Array(HEAD_BYTES);
  readSync(fd, head, 0, head.length, 0);
  let mid = size >> 1;
  const probe = new Uint8Array(65536);
  readSync(fd, probe, 0, probe.length, mid);
  mid += probe.indexOf(10) + 1;
  const slices = (from: number, end: number) => {
    const out: Uint8Array[] = [];
    for (let at = from; at < end; at += CHUNK) {
      const b = new Uint8Array(Math.min(CHUNK, end - at));
      readSync(fd, b, 0, b.length, at);
      out.push(b);
    }
    return out;
  };
  const first = slices(0, mid);
  const second = slices(mid, size);
  for (let k = 0; k < rounds; k++) {
    t = cpu();
    const a = new CrawlReader({ fileName: 'internal_all.csv' });
    for (const c of first) a.push(c);
    const t1 = cpu();
    const b = partReader(head, 'internal_all.csv')!;
    for (const c of second) b.push(c);
    const part = b.part()!;
    const t2 = cpu();
    // What the part costs to post (a structured clone, its arrays transferred as the worker does).
    const moved = structuredClone(part, { transfer: partBuffers(part) as Transferable[] });
    const t2c = cpu();
    // Each worker's half matched (two workers: side by side), as the crawl workers do now.
    const scoped = { ...listed, parts: [concatBytes(listed.parts)], scope: 'https://www.example.com/' };
    const halfA = a.half()!;
    const mineA = matchHalf(halfA, scoped);
    const t2a = cpu();
    const mineB = matchHalf(b.half()!, scoped);
    const t2b = cpu();
    a.append(moved);
    const t2e = cpu();
    const table = a.end()!;
    const t3 = cpu();
    const merged = mergeHalves(mineA, mineB, halfA.rows);
    const t3m = cpu();
    const rows = exactRows(table, scoped, undefined, a.rowHashes() ?? undefined);
    const t4 = cpu();
    const wanted = crawlWanted(table, scoped.scope);
    const t5 = cpu();
    const same = rows.every((r, i) => r === merged.rows[i]) && wanted.every((w, i) => w === merged.wanted[i]);
    console.log(
      `split: first half ${(t1 - t).toFixed(0)} · second half ${(t2 - t1).toFixed(0)} · part cloned ${(t2c - t2).toFixed(0)} · half match A ${(t2a - t2c).toFixed(0)} · B ${(t2b - t2a).toFixed(0)} · append ${(t2e - t2b).toFixed(0)} + end ${(t3 - t2e).toFixed(0)} · merge ${(t3m - t3).toFixed(0)} · (one-table match ${(t4 - t3m).toFixed(0)} · crawlWanted ${(t5 - t4).toFixed(0)}) ms; rows ${table.rows} found ${rows.filter((x: number) => x >= 0).length}; merged = one-table: ${same}`,
    );
  }
  process.exit(0);
}
for (let k = 0; k < rounds; k++) {
  t = cpu();
  const reader = new CrawlReader({ fileName: 'internal_all.csv' });
  for (const c of chunks) reader.push(c);
  const t1 = cpu();
  const table = reader.end();
  const t2 = cpu();
  const rows = exactRows(table!, listed, undefined, reader.rowHashes() ?? undefined);
  const t3 = cpu();
  console.log(
    `${mode} read ${(t1 - t).toFixed(0)} · end ${(t2 - t1).toFixed(0)} · match ${(t3 - t2).toFixed(0)} ms; rows ${table!.rows} found ${rows.filter((x: number) => x >= 0).length}`,
  );
}
