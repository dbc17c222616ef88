/**
 * Whole-site workspaces (issue 7): one or more sitemap indexes, their children and other files
 * opened together, with a combined table and cross-file checks. Pure; the validator's per-file
 * issues are passed in, not computed here. Export planning lives in `workspace/exportPlan.ts`,
 * the types in `workspace/types.ts`.
 */
import type { Issue } from './model.ts';
import { sizeIssues } from './workspace/checks.ts';
import { CrossFileIndex } from './workspace/crossIndex.ts';
import { crossFileIssues, feedCrossFileIndex } from './workspace/duplicates.ts';
import { indexIssues } from './workspace/indexChecks.ts';
import {
  knownNewestLastmod,
  type NewestLastmod,
  newestLastmodIn,
  rememberNewestLastmod,
} from './workspace/lastmod.ts';
import { FileMatcher, locSegments } from './workspace/match.ts';
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

const ABSOLUTE = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** `loc` as an absolute, normalised URL (resolved against `base` when relative), or undefined. */
export function absoluteUrl(loc: string, base: string | undefined): string | undefined {
  try {
    if (ABSOLUTE.test(loc)) return new URL(loc).href;
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

/** Match the entries of index `i` to files; records parents, roles and derived publish URLs. */
function resolveChildren(files: WorkspaceFile[], i: number, matcher: FileMatcher): ChildRef[] {
  const refs: ChildRef[] = [];
  const taken = new Set<number>();
  const entries = files[i].document.entries;
  for (let e = 0; e < entries.length; e++) {
    const loc = entries[e].loc.trim();
    const url = loc === '' ? undefined : absoluteUrl(loc, files[i].publishUrl);
    const ref: ChildRef = { index: i, entryId: entries[e].id, entryIndex: e, loc, file: null };
    if (url !== undefined) ref.url = url;
    refs.push(ref);
    const found = loc === '' ? null : matcher.match(locSegments(loc, url), url, i, taken);
    if (found !== null) {
      ref.file = found.file;
      ref.match = found.kind;
      taken.add(found.file);
      if (found.file === i) continue; // self-reference: reported as IDX-007, not a parent of itself
      const child = files[found.file];
      if (!child.parents.includes(i)) child.parents.push(i);
      if (child.role === 'extra') child.role = 'child';
      if (child.publishUrl === undefined && url !== undefined) child.publishUrl = url;
    }
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
  for (let f = 0; f < files.length; f++) matcher.add(f, files[f].name, files[f].publishUrl);
  const byIndex = indexes.map((i) => resolveChildren(files, i, matcher));
  const children = byIndex.flat();
  const scan = staleCandidates(files, children);
  let total = nonIndexUrls(files);
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
  groups.push(crossFileIssues(files, ix));
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
