/**
 * Whole-site workspaces (issue 7): one or more sitemap indexes, their children and other files
 * opened together, with a combined table and cross-file checks. Pure; the validator's per-file
 * issues are passed in, not computed here. Export planning lives in `workspace/exportPlan.ts`,
 * the types in `workspace/types.ts`.
 */
import type { Issue } from './model.ts';
import { crossFileDuplicates, newestLastmod, sizeIssues } from './workspace/checks.ts';
import { indexIssues } from './workspace/indexChecks.ts';
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
      urls: document.entries.length,
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
 * the index entries themselves are the rows.
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

/**
 * Build one workspace from parsed files. Index files (`kind === 'sitemapindex'`) have their
 * `<sitemap>` entries matched to the other files: by publish URL, then by the URL's path (last
 * segment, or more segments when file names carry folders) against the file name, case-sensitive
 * first, then case-insensitive, then ignoring `.gz`. Unmatched children are `missing`; files no
 * index names are `extra`. `settings.publishUrl` is the publish URL of the first index unless
 * its input names one. Linear in the number of URLs (one Map keyed by URL for LOC-006).
 *
 * @example
 * const ws = buildWorkspace([{ name: 'sitemap.xml', result: indexResult }, { name: 'sitemap-0.xml', result: childResult }], {});
 * ws.files[1].role // 'child'
 */
export function buildWorkspace(
  inputs: readonly WorkspaceInput[],
  settings: WorkspaceSettings = {},
): Workspace {
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
  const newestCache = new Map<number, ReturnType<typeof newestLastmod>>();
  const newest = (f: number) => {
    if (!newestCache.has(f)) newestCache.set(f, newestLastmod(files[f].document));
    return newestCache.get(f) ?? null;
  };
  const issues: WorkspaceIssue[] = [];
  const groups = indexes.map((i, k) => indexIssues(files, i, byIndex[k], settings, newest));
  if (settings.perFileRules !== false) groups.push(sizeIssues(files));
  groups.push(crossFileDuplicates(files));
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
  };
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
