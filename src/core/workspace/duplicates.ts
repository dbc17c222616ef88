/**
 * The cross-file URL checks at 1,000,000 URLs and beyond: LOC-006 across files and HREF-006 across
 * files, from a `CrossFileIndex` (64-bit URL hashes in typed arrays, no Map of a million strings).
 * The app feeds its documents here in steps; the CLI streams files into its own index and calls
 * {@link crossFileIssues} once all are fed.
 */

import { runSteps } from '../steps.ts';
import { crossFileIssue, returnLinkIssue } from './checks.ts';
import { type AlternatesElsewhere, CrossFileIndex, type MissingReturnLink } from './crossIndex.ts';
import type { WorkspaceFile, WorkspaceIssue } from './types.ts';

/** Entry id of `entryIndex` in file `f`: the document's id when its entries are loaded, else the position (as parsed). */
function entryIdOf(files: readonly WorkspaceFile[], f: number, entryIndex: number): number {
  return files[f].document.entries[entryIndex]?.id ?? entryIndex;
}

/**
 * LOC-006 and HREF-006 across files from a filled index, in file order, then entry order:
 * every entry whose trimmed `<loc>` also appears in another non-index file, naming the other
 * files; and every hreflang link to a page held by another file that does not link back.
 *
 * @example crossFileIssues(ws.files, ix).map((i) => i.rule) // ['LOC-006', 'LOC-006', 'HREF-006']
 */
export function crossFileIssues(files: readonly WorkspaceFile[], ix: CrossFileIndex): WorkspaceIssue[] {
  return runSteps(crossFileIssueSteps(files, ix, ix.missingReturnLinks(), Number.MAX_SAFE_INTEGER));
}

/**
 * {@link crossFileIssues} in steps, from the index and its missing return links (the `missing`
 * of `ix.hreflangSteps`, in row order, then link order): yields about every `chunk` issues made,
 * and returns the same list. Only the LOC-006 rows are sorted (in one step); the HREF-006 links
 * are merged in, already in order.
 */
export function* crossFileIssueSteps(
  files: readonly WorkspaceFile[],
  ix: CrossFileIndex,
  missing: readonly MissingReturnLink[],
  chunk: number,
): Generator<number, WorkspaceIssue[], void> {
  const shared: Array<{ row: number; issue: WorkspaceIssue }> = [];
  // Issues made since the last step, and in all.
  let work = 0;
  let made = 0;
  for (const { loc, rows } of ix.sharedUrls()) {
    const places = rows.map((r) => ix.place(r));
    const involved = [...new Set(places.map((p) => p.file))].sort((x, y) => x - y);
    places.forEach((p, k) => {
      const at = { id: entryIdOf(files, p.file, p.entryIndex), loc, line: p.line, column: p.column };
      const others = involved.filter((o) => o !== p.file);
      shared.push({ row: rows[k], issue: crossFileIssue(files, p.file, at, others) });
    });
    work += rows.length;
    made += rows.length;
    if (work >= chunk) {
      work = 0;
      yield made;
    }
  }
  shared.sort((x, y) => x.row - y.row);
  const out: WorkspaceIssue[] = [];
  let s = 0;
  for (let k = 0; k < missing.length; k++) {
    const m = missing[k];
    // A row's LOC-006 comes before its HREF-006 links.
    for (; s < shared.length && shared[s].row <= m.source; s++) out.push(shared[s].issue);
    const source = ix.place(m.source);
    const target = ix.place(m.target);
    const at = {
      id: entryIdOf(files, source.file, source.entryIndex),
      line: source.line,
      column: source.column,
    };
    out.push(returnLinkIssue(files, source.file, at, m.alternate, target));
    made++;
    if (++work >= chunk && k < missing.length - 1) {
      work = 0;
      yield made;
    }
  }
  for (; s < shared.length; s++) out.push(shared[s].issue);
  return out;
}

/** Feeds the non-index files of `files` into `ix`, yielding the entries fed so far every `chunk` entries. */
export function* feedCrossFileIndex(
  files: readonly WorkspaceFile[],
  ix: CrossFileIndex,
  chunk: number,
): Generator<number, void, void> {
  let done = 0;
  for (let f = 0; f < files.length; f++) {
    if (files[f].kind === 'sitemapindex') continue;
    const entries = files[f].document.entries;
    for (let from = 0; from < entries.length; from += chunk) {
      const to = Math.min(entries.length, from + chunk);
      ix.addEntries(f, entries, from, to);
      done += to - from;
      if (to < entries.length || f < files.length - 1) yield done;
    }
  }
}

/**
 * The cross-file checks as steps: yields the number of entries indexed so far (out of the URLs
 * of all non-index files) about every `chunk` entries, and returns {@link crossFileIssues}.
 * Duplicates inside one file are the validator's.
 *
 * @example const issues = drain(crossFileDuplicateSteps(ws.files, 4096));
 */
export function* crossFileDuplicateSteps(
  files: readonly WorkspaceFile[],
  chunk: number,
): Generator<number, WorkspaceIssue[], void> {
  const ix = new CrossFileIndex();
  yield* feedCrossFileIndex(files, ix, chunk);
  return crossFileIssues(files, ix);
}

/**
 * The cross-file checks in one go (see {@link crossFileDuplicateSteps}).
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

/**
 * Entries whose per-file HREF-006 note ("no entry in this file, load the sibling sitemaps") the
 * cross-file pass answered, by file, then entry id (`files` given: the id of the entry at that
 * position, as {@link crossFileIssues} names entries; else the position): the number of their
 * alternates that no file read holds (0: all were found, and checked across files). Revise a
 * file's own issues with it through `reviseUnloadedNotes` (rules/hreflangCluster.ts).
 *
 * @example unloadedAlternates(ix).get(1)?.get(0) // 0: entry 0 of file 1 has every alternate loaded
 */
export function unloadedAlternates(
  ix: CrossFileIndex,
  files?: readonly WorkspaceFile[],
): Map<number, Map<number, number>> {
  const steps = unloadedAlternateSteps(ix, files, Number.MAX_SAFE_INTEGER);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * {@link unloadedAlternates} in steps: yields the hreflang links looked at so far (of `ix.links`)
 * about every `chunk` links, then every `chunk` entries filed, and returns the same maps.
 */
export function* unloadedAlternateSteps(
  ix: CrossFileIndex,
  files: readonly WorkspaceFile[] | undefined,
  chunk: number,
): Generator<number, Map<number, Map<number, number>>, void> {
  const rows = yield* ix.alternatesElsewhereSteps(chunk);
  return yield* fileUnloadedSteps(ix, rows, files, chunk);
}

/**
 * The maps of {@link unloadedAlternates} from the index's `elsewhere` rows (of `ix.hreflangSteps`),
 * in steps: yields `ix.links` every `chunk` rows filed.
 */
export function* fileUnloadedSteps(
  ix: CrossFileIndex,
  rows: readonly AlternatesElsewhere[],
  files: readonly WorkspaceFile[] | undefined,
  chunk: number,
): Generator<number, Map<number, Map<number, number>>, void> {
  const out = new Map<number, Map<number, number>>();
  for (let k = 0; k < rows.length; k++) {
    if (k > 0 && k % chunk === 0) yield ix.links;
    const { row, unloaded } = rows[k];
    const at = ix.place(row);
    let byEntry = out.get(at.file);
    if (byEntry === undefined) {
      byEntry = new Map();
      out.set(at.file, byEntry);
    }
    byEntry.set(files === undefined ? at.entryIndex : entryIdOf(files, at.file, at.entryIndex), unloaded);
  }
  return out;
}
