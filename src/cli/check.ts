/**
 * `check`: parse + validate files one at a time, follow sitemap indexes (and robots.txt) to their
 * children on disk, then run the workspace's cross-file checks (core `buildWorkspaceSteps`) over
 * compact per-file facts: each file's entries are fed to a `CrossFileIndex` and dropped, so memory
 * stays bounded by one file plus ~20 bytes per URL.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Issue, ParseResult, SitemapDocument } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { isQuiet, profileNote, type SeverityProfile } from '../core/rules/profile.ts';
import type { RuleId } from '../core/rules/registry.ts';
import { validateDocument, withoutRepeats } from '../core/validate.ts';
import { CrossFileIndex } from '../core/workspace/crossIndex.ts';
import { newestLastmodIn, rememberNewestLastmod } from '../core/workspace/lastmod.ts';
import { absoluteUrl, buildWorkspaceSteps, type WorkspaceInput } from '../core/workspace.ts';
import type { CheckArgs } from './args.ts';
import { crawlCheck, loadCrawl } from './crawl.ts';
import { emit, exitCode } from './formats.ts';
import { readStreamed } from './readStreamed.ts';
import { entryJson, type FileReport, issuesJson } from './report.ts';
import { fileKey, folderFiles, publishUrlOf, resolveChild } from './tree.ts';

/** Output sinks and clock, passed in so tests and the bin share one code path. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  now(): number;
  /** Progress line for a terminal (rewritten in place); absent when stderr is not a TTY. */
  progress?(text: string): void;
  /** Called after each file is done with: may collect garbage so memory stays bounded. */
  reclaim?(): void;
  /** Window of the streamed reading in characters (see parse/stream.ts); tests cut small files with a small one. */
  streamWindow?: number;
}

/** Report on stderr that `file` cannot be read. */
function cannotRead(file: string, e: unknown, io: CliIo): void {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message;
  io.err(`sitemap-workbench: cannot read ${file}: ${why}\n`);
}

/** Read a file; on failure report it on stderr and return null (exit code 2). */
export async function readInput(file: string, io: CliIo): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (e) {
    cannotRead(file, e, io);
    return null;
  }
}

/**
 * Parse a file read in chunks (see readStreamed.ts); on failure report it on stderr when `named`
 * (exit code 2; a followed child that is missing is IDX-001) and return null.
 */
async function parseInput(unit: Unit, io: CliIo): Promise<ParseResult | null> {
  try {
    return (await readStreamed(unit.path, unit.name, undefined, io.streamWindow)).result;
  } catch (e) {
    if (unit.named) cannotRead(unit.path, e, io);
    return null;
  }
}

/**
 * Extra checks of one parsed document (e.g. a crawl audit): each returns issues on that document.
 * The place for per-document checks that are not the validator's; run after validation.
 */
export type DocumentCheck = (doc: SitemapDocument, file: string) => Issue[];

/**
 * A copy of `s` that shares no memory with the text it was cut from (a value quoted from a file
 * would otherwise keep the whole decoded file alive after the file is dropped).
 */
function ownCopy(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/** Row position of each entry id: the position itself when the entry there has that id (as parsed), else a lookup. */
function rowsOf(doc: SitemapDocument): Pick<ReadonlyMap<number, number>, 'get'> {
  const entries = doc.entries;
  let byId: Map<number, number> | null = null;
  return {
    get(id: number): number | undefined {
      if (entries[id]?.id === id) return id;
      if (byId === null) {
        byId = new Map();
        for (let i = 0; i < entries.length; i++) byId.set(entries[i].id, i);
      }
      return byId.get(id);
    },
  };
}

/** Parse and validate one file's bytes into a report (with its entries). */
export function checkBytes(file: string, bytes: Uint8Array, args: CheckArgs, now: number): FileReport {
  const parsed = parseSitemap(bytes, { fileName: file });
  return reportOf(file, parsed, args.base, args, now, [], true);
}

/** The parser's order findings follow the profile like the validator's: one note per rule. */
function profiledParseIssues(
  parseIssues: readonly Issue[],
  profile: SeverityProfile,
): { notes: Issue[]; shown: Issue[] } {
  const quiet = new Map<RuleId, Set<number>>();
  const shown = parseIssues.filter((i) => {
    if (i.entry === undefined || !isQuiet(i.rule, profile)) return true;
    const rows = quiet.get(i.rule) ?? new Set<number>();
    quiet.set(i.rule, rows.add(i.entry));
    return false;
  });
  return { notes: [...quiet].map(([rule, rows]) => profileNote(rule, rows.size)), shown };
}

function reportOf(
  file: string,
  parsed: ParseResult,
  publishUrl: string | undefined,
  args: Pick<CheckArgs, 'crossSubmission' | 'strict'>,
  now: number,
  extra: readonly DocumentCheck[],
  withEntries: boolean,
): FileReport {
  const doc = parsed.document;
  const profile = args.strict ? 'strict' : 'search';
  const validated = validateDocument(doc, {
    publishUrl,
    crossSubmission: args.crossSubmission,
    now,
    profile,
  });
  const { notes, shown } = profiledParseIssues(parsed.issues, profile);
  let issues = [...notes, ...withoutRepeats(shown, validated), ...validated];
  for (const check of extra) issues = issues.concat(check(doc, file));
  const report: FileReport = {
    file,
    kind: parsed.kind,
    entries: withEntries ? doc.entries.map(entryJson) : [],
    fatal: parsed.fatal
      ? { message: parsed.fatal.message, line: parsed.fatal.line, column: parsed.fatal.column }
      : null,
    issues: issuesJson(issues, rowsOf(doc)),
  };
  // Messages quote values cut from the file's text: copy them so the text can be collected.
  for (const i of report.issues) i.message = ownCopy(i.message);
  if (report.fatal) report.fatal.message = ownCopy(report.fatal.message);
  return report;
}

/** One file to check: where it is, how it is shown, where it is published. */
interface Unit {
  path: string;
  name: string;
  key: string;
  publishUrl?: string;
  /** Named on the command line (an unreadable one is exit 2; a followed one is IDX-001). */
  named: boolean;
}

/** Progress on a terminal: files done, URLs, URLs/s; at most ~5 updates a second. */
class Progress {
  private last = 0;
  private readonly start: number;
  constructor(private readonly io: CliIo) {
    this.start = io.now();
  }
  update(files: number, queued: number, urls: number, force = false): void {
    if (!this.io.progress) return;
    const now = this.io.now();
    if (!force && now - this.last < 200) return;
    this.last = now;
    const secs = Math.max(0.001, (now - this.start) / 1000);
    const rate = Math.round(urls / secs).toLocaleString('en-US');
    this.io.progress(
      `files ${files}/${files + queued}  URLs ${urls.toLocaleString('en-US')}  ${rate} URLs/s`,
    );
  }
  done(): void {
    this.io.progress?.('');
  }
}

/** Display name of a path: relative to the working directory when below it. */
function displayName(p: string): string {
  const rel = path.relative(process.cwd(), p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/** Folder members in an order that puts likely index files first (children then get their URL). */
function indexFirst(files: string[]): string[] {
  const score = (f: string) => (/index/i.test(path.basename(f)) ? 0 : 1);
  return files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => score(a.f) - score(b.f) || a.i - b.i)
    .map((x) => x.f);
}

/**
 * Run the workspace's cross-file checks over streamed files (core `buildWorkspaceSteps` with the
 * filled `ix`) and add each issue to the report of its file (`reportOfInput[file]`).
 */
export function addCrossFileIssues(
  inputs: readonly WorkspaceInput[],
  ix: CrossFileIndex,
  reports: FileReport[],
  reportOfInput: readonly number[],
  crossSubmission: boolean,
): void {
  const settings = { crossSubmission, perFileRules: false, missingChildren: 'error' as const };
  const steps = buildWorkspaceSteps(inputs, settings, 1 << 16, ix);
  let step = steps.next();
  while (!step.done) step = steps.next();
  const ws = step.value;
  for (const issue of ws.issues) {
    const report = reports[reportOfInput[issue.file]];
    const [json] = issuesJson([issue], new Map([[issue.entry ?? -1, issue.entry ?? -1]]));
    if (issue.relatedFiles) json.relatedFiles = issue.relatedFiles.map((f) => ws.files[f].name);
    report.issues.push(json);
  }
}

/** Run `check`; returns the exit code. `extra` checks run on each parsed document. */
export async function runCheck(
  args: CheckArgs,
  io: CliIo,
  extra: readonly DocumentCheck[] = [],
): Promise<number> {
  if (args.crawl !== undefined) {
    const crawl = await loadCrawl(args.crawl, io);
    if (crawl === null) return 2;
    extra = [...extra, crawlCheck(crawl, args, io.now())];
  }
  const site = { root: args.root, base: args.base };
  const queue: Unit[] = [];
  const byKey = new Map<string, Unit>();
  let tree = false;
  const enqueue = (p: string, named: boolean, publishUrl?: string): Unit => {
    const key = fileKey(p);
    const known = byKey.get(key);
    if (known !== undefined) {
      if (known.publishUrl === undefined && publishUrl !== undefined) known.publishUrl = publishUrl;
      return known;
    }
    const unit: Unit = { path: p, name: named ? p : displayName(p), key, named };
    const url = publishUrl ?? publishUrlOf(p, site);
    if (url !== undefined) unit.publishUrl = url;
    byKey.set(key, unit);
    queue.push(unit);
    return unit;
  };
  for (const target of args.files) {
    if (args.follow && (await isDirectory(target))) {
      tree = true;
      for (const f of indexFirst(folderFiles(target))) enqueue(f, false);
    } else enqueue(target, true);
  }
  // Without --root, --base is the publish URL of the first named file (as before trees).
  if (args.root === undefined && args.base !== undefined && queue.length > 0 && queue[0].named)
    queue[0].publishUrl = absoluteUrl(args.base, undefined) ?? args.base;

  const now = io.now();
  const reports: FileReport[] = [];
  const inputs: WorkspaceInput[] = [];
  const reportOfInput: number[] = [];
  const unitOfInput: Unit[] = [];
  const ix = new CrossFileIndex();
  const progress = new Progress(io);
  let unreadable = false;
  let urls = 0;
  for (let q = 0; q < queue.length; q++) {
    const unit = queue[q];
    io.reclaim?.(); // the previous file's document is garbage now
    progress.update(q, queue.length - q, urls);
    const parsed = await parseInput(unit, io);
    if (parsed === null) {
      if (unit.named) unreadable = true;
      continue;
    }
    const doc = parsed.document;
    if (args.follow && (doc.kind === 'sitemapindex' || doc.kind === 'robots')) {
      tree = true;
      for (const entry of doc.entries) {
        const loc = entry.loc.trim();
        if (loc === '') continue;
        const url = absoluteUrl(loc, unit.publishUrl);
        const found = resolveChild(url ?? loc, unit.path, site);
        if (found === null) continue;
        if (fileKey(found) === unit.key) {
          // A loop onto itself: the file's URL is the one it lists (IDX-007 needs it).
          if (unit.publishUrl === undefined && url !== undefined) unit.publishUrl = url;
          continue;
        }
        enqueue(found, false, url);
      }
    }
    const keepEntries = args.format === 'json' && (args.entries || unit.named);
    const report = reportOf(unit.name, parsed, unit.publishUrl, args, now, extra, keepEntries);
    if (unit.publishUrl !== undefined) report.publishUrl = unit.publishUrl;
    report.urls = doc.entries.length;
    reports.push(report);
    urls += doc.entries.length;
    if (!args.follow || doc.kind === 'robots') continue;
    const pos = inputs.length;
    reportOfInput.push(reports.length - 1);
    unitOfInput.push(unit);
    if (doc.kind === 'sitemapindex') {
      inputs.push({ name: unit.name, result: parsed, publishUrl: unit.publishUrl, issues: [] });
      continue;
    }
    // Keep only what the cross-file checks read: the URL index, the count, the newest lastmod.
    ix.addEntries(pos, doc.entries, 0, doc.entries.length);
    const light: SitemapDocument = { kind: doc.kind, entries: [], nextId: 0 };
    if (doc.source) light.source = doc.source;
    const newest = newestLastmodIn(doc.entries, 0, doc.entries.length, null);
    rememberNewestLastmod(light, newest && { ms: newest.ms, value: ownCopy(newest.value) });
    const fatal = parsed.fatal && { ...parsed.fatal, message: ownCopy(parsed.fatal.message) };
    const result = { kind: parsed.kind, document: light, issues: [], fatal };
    inputs.push({
      name: unit.name,
      result,
      publishUrl: unit.publishUrl,
      issues: [],
      urls: doc.entries.length,
    });
  }
  progress.update(queue.length, 0, urls, true);
  progress.done();
  // Publish URLs learnt after a file was read (a later index naming it) still serve the matching.
  inputs.forEach((input, k) => {
    input.publishUrl ??= unitOfInput[k].publishUrl;
  });
  if (args.follow && (tree || inputs.length > 1))
    addCrossFileIssues(inputs, ix, reports, reportOfInput, args.crossSubmission);
  if (tree && !args.entries) for (const r of reports) r.entries = [];
  emit(args, io, reports, tree ? 'tree' : args.files.length === 1 ? 'single' : 'array');
  if (unreadable) return 2;
  return exitCode(args, reports);
}
