/**
 * Whole-site workspaces (issue 7): one or more sitemap indexes, their children and other files
 * opened together, with a combined table and cross-file checks. Pure; the validator's per-file
 * issues are passed in, not computed here. Export planning lives in `workspace/exportPlan.ts`,
 * the types in `workspace/types.ts`.
 */
import { readRows } from './lazyEntries.ts';
import type { Issue } from './model.ts';
import { hasScheme } from './urls.ts';
import { sizeIssues } from './workspace/checks.ts';
import { CrossFileIndex } from './workspace/crossIndex.ts';
import { crossFileIssueSteps, feedCrossFileIndex, fileUnloadedSteps } from './workspace/duplicates.ts';
import { indexIssues } from './workspace/indexChecks.ts';
import {
  knownNewestLastmod,
  type NewestLastmod,
  newestLastmodIn,
  rememberNewestLastmod,
} from './workspace/lastmod.ts';
import { contentScore, FileMatcher, locSegments } from './workspace/match.ts';
import type {
  ChildRef,
  CombinedRows,
  SeverityCounts,
  Workspace,
  WorkspaceFile,
  WorkspaceInput,
  WorkspaceIssue,
  WorkspaceSettings,
} from './workspace/types.ts';

/** `loc` as an absolute, normalised URL (resolved against `base` when relative), or undefined. */
export function absoluteUrl(loc: string, base: string | undefined): string | undefined {
  try {
    if (hasScheme(loc)) return new URL(loc).href;
    return base === undefined ? undefined : new URL(loc, base).href;
  } catch {
    return undefined;
  }
}

function normalisedUrl(url: string | undefined): string | undefined {
  return url === undefined ? undefined : (absoluteUrl(url, undefined) ?? url);
}

function toFile(input: WorkspaceInput): WorkspaceFile {
  const { document } = input.result;
  const file: WorkspaceFile = {
    name: input.name,
    kind: input.result.kind,
    document,
    role: input.result.kind === 'sitemapindex' ? 'index' : 'extra',
    parents: [],
    summary: {
      urls: input.urls ?? document.entries.length,
      decodedBytes: document.source?.decodedBytes ?? 0,
      issues: { error: 0, warning: 0, info: 0 },
      fatal: input.result.fatal !== null,
    },
  };
  const publishUrl = normalisedUrl(input.publishUrl);
  if (publishUrl !== undefined) file.publishUrl = publishUrl;
  return file;
}

/** The `<loc>` values of a file, for `contentScore` (its entries are not copied). */
function locsOf(file: WorkspaceFile): string[] {
  const rows = readRows(file.document.entries);
  return Array.from({ length: file.document.entries.length }, (_, i) => rows.loc(i));
}

/**
 * Match the entries of index `i` to files; records parents, roles and derived publish URLs.
 * Same-name candidates (`FileMatcher.candidates`) are told apart by content first (the file
 * whose URLs sit under the child's folder), then by an exact name over a copy name, then by
 * elimination (the only candidate this index has not matched yet); what is still open is left
 * unmatched with its `candidates`, for the user to choose. A file the user chose
 * (`chosenFor`) is matched first.
 */
function resolveChildren(
  files: WorkspaceFile[],
  i: number,
  matcher: FileMatcher,
  chosen: ReadonlyMap<string, number>,
): ChildRef[] {
  const refs: ChildRef[] = [];
  const taken = new Set<number>();
  const entries = files[i].document.entries;
  const assign = (ref: ChildRef, file: number, kind: ChildRef['match']) => {
    ref.file = file;
    ref.match = kind;
    taken.add(file);
    if (file === i) return; // self-reference: reported as IDX-007, not a parent of itself
    const child = files[file];
    if (!child.parents.includes(i)) child.parents.push(i);
    if (child.role === 'extra') child.role = 'child';
    if (child.publishUrl === undefined && ref.url !== undefined) child.publishUrl = ref.url;
  };
  const open: Array<{ ref: ChildRef; files: number[]; kind: ChildRef['match'] }> = [];
  for (let e = 0; e < entries.length; e++) {
    const loc = entries[e].loc.trim();
    const url = loc === '' ? undefined : absoluteUrl(loc, files[i].publishUrl);
    const ref: ChildRef = { index: i, entryId: entries[e].id, entryIndex: e, loc, file: null };
    if (url !== undefined) ref.url = url;
    refs.push(ref);
    const pick = loc === '' ? undefined : chosen.get(loc);
    if (pick !== undefined && pick !== i) {
      assign(ref, pick, 'chosen');
      continue;
    }
    const found = loc === '' ? null : matcher.candidates(locSegments(loc, url), url, i);
    if (found === null) continue;
    if (found.files.length === 1) assign(ref, found.files[0], found.kind);
    else open.push({ ref, files: found.files, kind: found.kind });
  }
  if (open.length === 0) return refs;
  // Same-name siblings: by content, then by elimination, then an exact name over copy names;
  // repeated while one decision frees another.
  const scores = open.map(({ ref, files: list }) =>
    list.map((f) => contentScore(ref.url ?? ref.loc, locsOf(files[f]))),
  );
  const freeOf = (k: number) =>
    open[k].files.map((f, c) => ({ f, score: scores[k][c] })).filter((x) => !taken.has(x.f));
  const unresolved = () => open.map((_, k) => k).filter((k) => open[k].ref.file === null);
  const wanted = (f: number) => unresolved().filter((k) => freeOf(k).some((x) => x.f === f)).length;
  const passes: Array<(free: Array<{ f: number; score: number }>) => number | null> = [
    (free) => {
      const best = Math.max(...free.map((x) => x.score));
      const top = free.filter((x) => x.score === best);
      return top.length === 1 && best >= 0.5 ? top[0].f : null;
    },
    (free) => (free.length === 1 && wanted(free[0].f) === 1 ? free[0].f : null),
    (free) => {
      const best = Math.max(...free.map((x) => x.score));
      const exact = free.filter((x) => x.score === best && !matcher.isCopy(x.f));
      return exact.length === 1 && wanted(exact[0].f) === 1 ? exact[0].f : null;
    },
  ];
  for (let p = 0; p < passes.length; ) {
    let progress = false;
    for (const k of unresolved()) {
      const free = freeOf(k);
      const pick = free.length === 0 ? null : passes[p](free);
      if (pick === null) continue;
      assign(open[k].ref, pick, open[k].kind);
      progress = true;
    }
    p = progress ? 0 : p + 1;
  }
  const byLoc = new Map<string, number>();
  for (const ref of refs) if (ref.file !== null) byLoc.set(ref.url ?? ref.loc, ref.file);
  for (const k of unresolved()) {
    const { ref, kind } = open[k];
    const free = freeOf(k).map((x) => x.f);
    // The same child listed twice (IDX-007) is the file its first listing matched.
    const twin = byLoc.get(ref.url ?? ref.loc);
    if (twin !== undefined) assign(ref, twin, kind);
    else if (free.length > 0) ref.candidates = free;
  }
  return refs;
}

/**
 * Rows of the combined table: the loaded children of each index in index order, then the other
 * non-index files in input order, each file once. With no non-index file at all (a lone index),
 * the index entries themselves are the rows (`combinedNoun` in model.ts names them).
 */
export function combinedRows(files: readonly WorkspaceFile[], children: readonly ChildRef[]): CombinedRows {
  const order: number[] = [];
  const placed = new Set<number>();
  const place = (f: number) => {
    if (!placed.has(f) && files[f].kind !== 'sitemapindex') {
      placed.add(f);
      order.push(f);
    }
  };
  for (const ref of children) if (ref.file !== null) place(ref.file);
  for (let f = 0; f < files.length; f++) place(f);
  if (order.length === 0) for (let f = 0; f < files.length; f++) order.push(f);
  let length = 0;
  for (const f of order) length += files[f].document.entries.length;
  const fileIndex = new Int32Array(length);
  const entryIndex = new Int32Array(length);
  let row = 0;
  for (const f of order) {
    const n = files[f].document.entries.length;
    fileIndex.fill(f, row, row + n);
    for (let e = 0; e < n; e++) entryIndex[row + e] = e;
    row += n;
  }
  return { fileIndex, entryIndex, length };
}

function count(into: SeverityCounts, issues: Iterable<Issue>): void {
  for (const issue of issues) into[issue.severity]++;
}

/** Progress of {@link buildWorkspaceSteps}: entries scanned so far out of `total`. */
export interface WorkspaceBuildProgress {
  done: number;
  total: number;
}

/** Files whose newest lastmod an index entry (with a lastmod) compares against (IDX-003). */
function staleCandidates(files: readonly WorkspaceFile[], children: readonly ChildRef[]): number[] {
  const out = new Set<number>();
  for (const ref of children) {
    if (ref.file === null || files[ref.file].kind === 'sitemapindex') continue;
    const entry = files[ref.index].document.entries[ref.entryIndex];
    if (entry.lastmod !== undefined && knownNewestLastmod(files[ref.file].document) === undefined)
      out.add(ref.file);
  }
  return [...out];
}

function nonIndexUrls(files: readonly WorkspaceFile[]): number {
  let n = 0;
  for (const file of files) if (file.kind !== 'sitemapindex') n += file.document.entries.length;
  return n;
}

/**
 * {@link buildWorkspace} as steps, for callers that must not block a thread for long: yields
 * progress about every `chunk` entries (the lastmod scan of the children, then the cross-file
 * URL hashing) and returns the same workspace. Newest lastmods are remembered per document
 * snapshot, so a rebuild after an edit rescans only the edited files.
 *
 * `streamed`: the cross-file URL index already filled with the non-index files (file numbers =
 * input positions), for callers that streamed the files and kept no entries (the CLI): their
 * inputs carry `urls` and a remembered newest lastmod instead of entries.
 *
 * @example
 * const steps = buildWorkspaceSteps(inputs, {}, 4096);
 * let step = steps.next();
 * while (!step.done) step = steps.next(); // or yield to the page between steps
 * step.value.files.length
 */
export function* buildWorkspaceSteps(
  inputs: readonly WorkspaceInput[],
  settings: WorkspaceSettings = {},
  chunk = 4096,
  streamed?: CrossFileIndex,
): Generator<WorkspaceBuildProgress, Workspace, void> {
  const files = inputs.map(toFile);
  const indexes: number[] = [];
  for (let f = 0; f < files.length; f++) if (files[f].kind === 'sitemapindex') indexes.push(f);
  const firstIndex = indexes.length > 0 ? files[indexes[0]] : undefined;
  const settingsUrl = normalisedUrl(settings.publishUrl);
  if (firstIndex !== undefined && firstIndex.publishUrl === undefined && settingsUrl !== undefined)
    firstIndex.publishUrl = settingsUrl;
  const matcher = new FileMatcher();
  const chosen = new Map<string, number>();
  for (let f = 0; f < files.length; f++) {
    matcher.add(f, files[f].name, files[f].publishUrl);
    const loc = inputs[f].chosenFor?.trim();
    if (loc) chosen.set(loc, f);
  }
  const byIndex = indexes.map((i) => resolveChildren(files, i, matcher, chosen));
  const children = byIndex.flat();
  const scan = staleCandidates(files, children);
  // Each URL counts twice: fed to the cross-file index, then its share of the hreflang pass.
  let total = 2 * nonIndexUrls(files);
  for (const f of scan) total += files[f].document.entries.length;
  let done = 0;
  for (const f of scan) {
    const { document } = files[f];
    let best: NewestLastmod | null = null;
    for (let from = 0; from < document.entries.length; from += chunk) {
      const to = Math.min(document.entries.length, from + chunk);
      best = newestLastmodIn(document.entries, from, to, best);
      done += to - from;
      yield { done, total };
    }
    rememberNewestLastmod(document, best);
  }
  const newest = (f: number) => knownNewestLastmod(files[f].document) ?? null;
  const issues: WorkspaceIssue[] = [];
  const groups = indexes.map((i, k) => indexIssues(files, i, byIndex[k], settings, newest));
  if (settings.perFileRules !== false) groups.push(sizeIssues(files));
  const ix = streamed ?? new CrossFileIndex();
  if (streamed === undefined)
    for (const fed of feedCrossFileIndex(files, ix, chunk)) yield { done: done + fed, total };
  // One pass over every hreflang link answers both the missing return links (HREF-006 across
  // files) and the per-file HREF-006 notes the files answer together; counted as one more unit
  // per URL (the links are known only once every file is fed).
  const urls = nonIndexUrls(files);
  done += urls;
  const pass = ix.hreflangSteps(chunk);
  let step = pass.next();
  for (; !step.done; step = pass.next())
    yield { done: done + Math.floor((step.value / ix.links) * urls), total };
  const { elsewhere, missing } = step.value;
  done += urls;
  // Each part starts a step of its own: no step holds the end of one part and a chunk of the next.
  yield { done, total };
  const issueSteps = crossFileIssueSteps(files, ix, missing, chunk);
  let made = issueSteps.next();
  for (; !made.done; made = issueSteps.next()) yield { done, total };
  groups.push(made.value);
  yield { done, total };
  const noteSteps = fileUnloadedSteps(ix, elsewhere, files, chunk);
  let filed = noteSteps.next();
  for (; !filed.done; filed = noteSteps.next()) yield { done, total };
  const unloadedNotes = filed.value;
  for (const group of groups) for (const issue of group) issues.push(issue);
  files.forEach((file, f) => {
    count(file.summary.issues, inputs[f].issues ?? inputs[f].result.issues);
  });
  for (const issue of issues) files[issue.file].summary.issues[issue.severity]++;
  const extra: number[] = [];
  for (let f = 0; f < files.length; f++) if (files[f].role === 'extra') extra.push(f);
  return {
    files,
    indexes,
    children,
    missing: children.filter((ref) => ref.file === null),
    extra,
    combined: combinedRows(files, children),
    issues,
    hreflangLinks: ix.links,
    unloadedNotes,
  };
}

/**
 * Build one workspace from parsed files. Index files (`kind === 'sitemapindex'`) have their
 * `<sitemap>` entries matched to the other files: by publish URL, then by the URL's path (last
 * segment, or more segments when file names carry folders) against the file name, case-sensitive
 * first, then case-insensitive, then ignoring `.gz`. Unmatched children are `missing`; files no
 * index names are `extra`. `settings.publishUrl` is the publish URL of the first index unless
 * its input names one. Linear in the number of URLs (typed-array hashing for LOC-006); see
 * {@link buildWorkspaceSteps} to run it in slices.
 *
 * @example
 * const ws = buildWorkspace([{ name: 'sitemap.xml', result: indexResult }, { name: 'sitemap-0.xml', result: childResult }], {});
 * ws.files[1].role // 'child'
 */
export function buildWorkspace(
  inputs: readonly WorkspaceInput[],
  settings: WorkspaceSettings = {},
): Workspace {
  const steps = buildWorkspaceSteps(inputs, settings, 1 << 30);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export type {
  ChildRef,
  CombinedRows,
  FileRole,
  FileSummary,
  MatchKind,
  SeverityCounts,
  Workspace,
  WorkspaceFile,
  WorkspaceInput,
  WorkspaceIssue,
  WorkspaceSettings,
} from './workspace/types.ts';
