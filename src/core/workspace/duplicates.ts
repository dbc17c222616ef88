/**
 * LOC-006 across files at 1,000,000 URLs: every trimmed `<loc>` is hashed into the validator's
 * typed-array `HashIndex` (no Map of a million strings); only the URLs whose hash is shared are
 * compared as strings afterwards. Runs as a generator so the caller can slice the work.
 */
import { HashIndex, hashString } from '../rules/hashIndex.ts';
import { crossFileIssue } from './checks.ts';
import type { WorkspaceFile, WorkspaceIssue } from './types.ts';

/** Running rows of the non-index files: file `owners[k]` starts at row `starts[k]`. */
interface Rows {
  starts: number[];
  owners: number[];
  total: number;
}

function rowsOf(files: readonly WorkspaceFile[]): Rows {
  const starts: number[] = [];
  const owners: number[] = [];
  let total = 0;
  for (let f = 0; f < files.length; f++) {
    if (files[f].kind === 'sitemapindex') continue;
    starts.push(total);
    owners.push(f);
    total += files[f].document.entries.length;
  }
  return { starts, owners, total };
}

/** The file and entry position of running row `r` (binary search over the file start rows). */
function locate(rows: Rows, r: number): { file: number; entryIndex: number } {
  let lo = 0;
  let hi = rows.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rows.starts[mid] <= r) lo = mid;
    else hi = mid - 1;
  }
  return { file: rows.owners[lo], entryIndex: r - rows.starts[lo] };
}

/** Rows filed under `hash`, grouped by their trimmed loc (each group ascending). */
function groupsOf(files: readonly WorkspaceFile[], rows: Rows, candidates: number[]): number[][] {
  candidates.sort((a, b) => a - b);
  const byLoc = new Map<string, number[]>();
  for (const r of candidates) {
    const { file, entryIndex } = locate(rows, r);
    const loc = files[file].document.entries[entryIndex].loc.trim();
    const list = byLoc.get(loc);
    if (list === undefined) byLoc.set(loc, [r]);
    else list.push(r);
  }
  return [...byLoc.values()];
}

/** Issues of one group of rows listing the same URL, when they span two files or more. */
function groupIssues(
  files: readonly WorkspaceFile[],
  rows: Rows,
  group: readonly number[],
  hits: Array<{ row: number; issue: WorkspaceIssue }>,
): void {
  if (group.length < 2) return;
  const located = group.map((r) => locate(rows, r));
  const involved = [...new Set(located.map((l) => l.file))];
  if (involved.length < 2) return;
  involved.sort((x, y) => x - y);
  located.forEach(({ file, entryIndex }, k) => {
    const entry = files[file].document.entries[entryIndex];
    const others = involved.filter((o) => o !== file);
    hits.push({ row: group[k], issue: crossFileIssue(files, file, entry, others) });
  });
}

/**
 * LOC-006 across files as steps: yields the number of entries hashed so far (out of the URLs of
 * all non-index files) every `chunk` entries, and returns the issues in file order, then entry
 * order: every entry whose trimmed `<loc>` also appears in another non-index file, naming the
 * other files. Duplicates inside one file are the validator's. Memory: two Int32Arrays sized
 * for the URL count plus one small list per shared hash.
 *
 * @example const issues = drain(crossFileDuplicateSteps(ws.files, 4096));
 */
export function* crossFileDuplicateSteps(
  files: readonly WorkspaceFile[],
  chunk: number,
): Generator<number, WorkspaceIssue[], void> {
  const rows = rowsOf(files);
  const index = new HashIndex(rows.total);
  const shared: number[] = [];
  let row = 0;
  for (let k = 0; k < rows.owners.length; k++) {
    const entries = files[rows.owners[k]].document.entries;
    for (let e = 0; e < entries.length; e++, row++) {
      if (row % chunk === 0 && row > 0) yield row;
      const loc = entries[e].loc.trim();
      if (loc === '') continue;
      const hash = hashString(loc);
      if (index.add(hash, row) === 1) shared.push(hash);
    }
  }
  const hits: Array<{ row: number; issue: WorkspaceIssue }> = [];
  for (const hash of shared)
    for (const group of groupsOf(files, rows, index.slots(hash))) groupIssues(files, rows, group, hits);
  return hits.sort((x, y) => x.row - y.row).map((h) => h.issue);
}

/**
 * LOC-006 across files in one go (see {@link crossFileDuplicateSteps}).
 *
 * @example crossFileDuplicates(ws.files).map((i) => i.relatedFiles)
 */
export function crossFileDuplicates(files: readonly WorkspaceFile[]): WorkspaceIssue[] {
  const steps = crossFileDuplicateSteps(files, 1 << 30);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
