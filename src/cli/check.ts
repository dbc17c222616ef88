/**
 * `check`: parse + validate files (on check workers, pool.ts, when there is enough to do; each
 * file's outcome is merged in queue order, so the report does not depend on them), follow sitemap
 * indexes (and robots.txt) to their children on disk, then run the workspace's cross-file checks
 * (core `buildWorkspaceSteps`) over compact per-file facts: each file's entries become a
 * `CrossFileIndex`'s row facts and are dropped, so memory stays bounded by one file per worker
 * plus ~20 bytes per URL.
 */
import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ParseResult, SitemapDocument } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { reviseUnloadedNotes } from '../core/rules/hreflangCluster.ts';
import { CrossFileIndex } from '../core/workspace/crossIndex.ts';
import { rememberNewestLastmod } from '../core/workspace/lastmod.ts';
import {
  absoluteUrl,
  buildWorkspaceSteps,
  type WorkspaceInput,
  type WorkspaceSettings,
} from '../core/workspace.ts';
import type { CheckArgs } from './args.ts';
import { type DocumentCheck, type FileOutcome, outcomeOf, reportOf } from './checkFile.ts';
import { CrawlAudit, loadCrawl } from './crawl.ts';
import { emit, exitCode } from './formats.ts';
import { CheckPool, defaultJobs, type Reply } from './pool.ts';
import { readStreamed, sourceOfBytes, sourceText } from './readStreamed.ts';
import { type FileReport, issuesJson } from './report.ts';
import { STDIN, STDIN_NAME } from './stdin.ts';
import { fileKey, folderFiles, looksLikeIndex, publishUrlOf, resolveChild } from './tree.ts';
import { isZipFile, readZipTree, type ZipTree } from './zipTree.ts';

export type { DocumentCheck } from './checkFile.ts';

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
  /** Most bytes a gzipped crawl export may inflate to (default core `MAX_CRAWL_INFLATED`; tests). */
  crawlMax?: number;
  /** Told, at the end of a check, how many files the check workers answered for (pool.ts; tests). */
  workerFiles?(n: number): void;
  /** Standard input, for a FILE given as `-` (default: the process's; tests pass their own). */
  stdin?(): AsyncIterable<Uint8Array>;
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
 * (exit code 2; a followed child that is missing is IDX-006) and return null.
 */
async function parseInput(unit: Unit, io: CliIo): Promise<ParseResult | null> {
  try {
    return (await readStreamed(unit.path, unit.name, undefined, io.streamWindow)).result;
  } catch (e) {
    if (unit.named) cannotRead(unit.path, e, io);
    return null;
  }
}

/** Parse and validate one file's bytes into a report (with its entries). */
export function checkBytes(file: string, bytes: Uint8Array, args: CheckArgs, now: number): FileReport {
  const parsed = parseSitemap(bytes, { fileName: file });
  return reportOf(file, parsed, args.base, args, now, [], true, () => sourceOfBytes(bytes));
}

/** One file to check: where it is, how it is shown, where it is published. */
interface Unit {
  path: string;
  name: string;
  key: string;
  publishUrl?: string;
  /** Named on the command line (an unreadable one is exit 2; a followed one is IDX-006). */
  named: boolean;
  /** Size on disk (0 when unknown). */
  bytes: number;
}

/** Files left to check below this many bytes on disk are not worth starting workers for (by default). */
const POOL_MIN_BYTES = 1 << 20;

function sizeOf(p: string): number {
  try {
    return statSync(p).size;
  } catch {
    return 0;
  }
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

/**
 * Folder members in an order that puts index files first (children then get their URL): told by
 * what they hold (`looksLikeIndex`), else by a name with "index" in it.
 */
function indexFirst(files: string[]): string[] {
  const score = (f: string) => (looksLikeIndex(f) ? 0 : /index/i.test(path.basename(f)) ? 1 : 2);
  return files
    .map((f, i) => ({ f, i, s: score(f) }))
    .sort((a, b) => a.s - b.s || a.i - b.i)
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
  lookedIn?: string,
): void {
  const settings: WorkspaceSettings = { crossSubmission, perFileRules: false, missingChildren: 'not-found' };
  if (lookedIn !== undefined) settings.lookedIn = lookedIn;
  const steps = buildWorkspaceSteps(inputs, settings, 1 << 16, ix);
  let step = steps.next();
  while (!step.done) step = steps.next();
  const ws = step.value;
  // The per-file HREF-006 notes ("load the sibling sitemaps") answered by the files read together.
  for (const [file, unloaded] of ws.unloadedNotes ?? []) {
    const report = reports[reportOfInput[file]];
    report.issues = reviseUnloadedNotes(report.issues, unloaded);
  }
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
  // The members of each .zip named, in temporary folders removed at the end.
  const zips: ZipTree[] = [];
  try {
    return await checkFiles(args, io, extra, zips);
  } finally {
    for (const z of zips) z.dispose();
  }
}

async function checkFiles(
  args: CheckArgs,
  io: CliIo,
  extra: readonly DocumentCheck[],
  zips: ZipTree[],
): Promise<number> {
  let audit: CrawlAudit | null = null;
  if (args.crawl !== undefined) {
    const fromStdin = args.crawl === STDIN && args.stdinPath !== undefined;
    const crawl = await loadCrawl(
      fromStdin ? (args.stdinPath as string) : args.crawl,
      io,
      fromStdin ? STDIN_NAME : undefined,
    );
    if (crawl === null) return 2;
    audit = new CrawlAudit(crawl, args, io.now());
    extra = [...extra, audit.check];
  }
  const site = { root: args.root, base: args.base };
  const queue: Unit[] = [];
  const byKey = new Map<string, Unit>();
  let tree = false;
  let queuedBytes = 0;
  const enqueue = (p: string, named: boolean, publishUrl?: string, shownAs?: string): Unit => {
    const key = fileKey(p);
    const known = byKey.get(key);
    if (known !== undefined) {
      if (known.publishUrl === undefined && publishUrl !== undefined) known.publishUrl = publishUrl;
      return known;
    }
    const name = shownAs ?? (named ? p : displayName(p));
    const unit: Unit = { path: p, name, key, named, bytes: sizeOf(p) };
    queuedBytes += unit.bytes;
    const url = publishUrl ?? publishUrlOf(p, site);
    if (url !== undefined) unit.publishUrl = url;
    byKey.set(key, unit);
    queue.push(unit);
    return unit;
  };
  let unreadable = false;
  for (const named of args.files) {
    // `-`: standard input, buffered in a file (stdin.ts), shown as `stdin`.
    const fromStdin = named === STDIN && args.stdinPath !== undefined;
    const target = fromStdin ? (args.stdinPath as string) : named;
    if (args.follow && !fromStdin && (await isDirectory(target))) {
      tree = true;
      for (const f of indexFirst(folderFiles(target))) enqueue(f, false);
    } else if (await isZipFile(target)) {
      // A .zip of sitemaps is read as a folder of its members (the app opens it as a workspace).
      let z: ZipTree;
      try {
        z = await readZipTree(target, named === STDIN ? STDIN_NAME : target);
      } catch (e) {
        cannotRead(named === STDIN ? STDIN_NAME : target, e, io);
        unreadable = true;
        continue;
      }
      zips.push(z);
      tree = true;
      for (const s of z.skipped)
        io.err(
          `sitemap-workbench: ${named === STDIN ? STDIN_NAME : target}: left out ${s.name}: ${s.reason}\n`,
        );
      const shown = new Map(z.members.map((m) => [m.path, m.name]));
      for (const p of indexFirst([...shown.keys()])) enqueue(p, false, undefined, shown.get(p));
    } else enqueue(target, true, undefined, fromStdin ? STDIN_NAME : undefined);
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
  let urls = 0;
  /** An index or robots.txt being followed: queue its children, report it, keep it whole for the workspace. */
  const followIndex = (unit: Unit, parsed: ParseResult) => {
    const doc = parsed.document;
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
    const report = reportOf(unit.name, parsed, unit.publishUrl, args, now, extra, withEntries(unit), () =>
      sourceText(unit.path),
    );
    if (unit.publishUrl !== undefined) report.publishUrl = unit.publishUrl;
    report.urls = doc.entries.length;
    reports.push(report);
    urls += doc.entries.length;
    if (doc.kind === 'robots') return;
    reportOfInput.push(reports.length - 1);
    unitOfInput.push(unit);
    inputs.push({ name: unit.name, result: parsed, publishUrl: unit.publishUrl, issues: [] });
  };
  /** Any other file: its report, and what the cross-file checks read (the URL index, the count, the newest lastmod). */
  const addOutcome = (unit: Unit, o: FileOutcome) => {
    const report = o.report;
    if (unit.publishUrl !== undefined) report.publishUrl = unit.publishUrl;
    report.urls = o.urls;
    reports.push(report);
    urls += o.urls;
    if (o.facts === null) return;
    const pos = inputs.length;
    reportOfInput.push(reports.length - 1);
    unitOfInput.push(unit);
    ix.addFacts(pos, o.facts);
    const light: SitemapDocument = { kind: o.docKind, entries: [], nextId: 0 };
    if (o.source) light.source = o.source;
    rememberNewestLastmod(light, o.newest);
    const result: ParseResult = { kind: o.parsedKind, document: light, issues: [], fatal: o.fatal };
    inputs.push({ name: unit.name, result, publishUrl: unit.publishUrl, issues: [], urls: o.urls });
  };
  // Files ahead of the one being merged go to the workers; results are merged in queue order,
  // so the report is the same for any number of workers (and none: `--jobs 1`).
  const jobs = args.jobs ?? defaultJobs();
  const poolFits = (q: number) =>
    jobs > 1 &&
    extra.length === 0 &&
    queue.length - q > 1 &&
    (args.jobs !== undefined || queuedBytes >= POOL_MIN_BYTES);
  let pool: CheckPool | null = null;
  const ahead = new Map<number, { publishUrl?: string; reply: Promise<Reply | null> }>();
  let sent = 0;
  const withEntries = (unit: Unit) => args.format === 'json' && (args.entries || unit.named);
  const send = (k: number, p: CheckPool) => {
    const unit = queue[k];
    const reply = p
      .run({
        path: unit.path,
        name: unit.name,
        publishUrl: unit.publishUrl,
        follow: args.follow,
        withEntries: withEntries(unit),
        window: io.streamWindow,
        args: { crossSubmission: args.crossSubmission, strict: args.strict },
        now,
      })
      .catch(() => null); // the pool broke: the file is checked here
    ahead.set(k, { publishUrl: unit.publishUrl, reply });
  };
  try {
    for (let q = 0; q < queue.length; q++) {
      const unit = queue[q];
      queuedBytes -= unit.bytes;
      io.reclaim?.(); // the previous file's document is garbage now
      progress.update(q, queue.length - q, urls);
      if (pool === null && poolFits(q)) pool = new CheckPool(jobs);
      if (pool !== null) {
        sent = Math.max(sent, q);
        while (sent < queue.length && sent - q < 2 * pool.size) send(sent++, pool);
      }
      const sentAhead = ahead.get(q);
      ahead.delete(q);
      let reply = sentAhead === undefined ? null : await sentAhead.reply;
      // A publish URL learnt since the file was sent (a later index naming it) changes its checks.
      if (reply !== null && sentAhead?.publishUrl !== unit.publishUrl) reply = null;
      if (reply?.kind === 'error') {
        if (unit.named) {
          cannotRead(unit.path, reply.error, io);
          unreadable = true;
        }
        continue;
      }
      let outcome: FileOutcome;
      if (reply?.kind === 'done') outcome = reply.outcome;
      else {
        const parsed = await parseInput(unit, io);
        if (parsed === null) {
          if (unit.named) unreadable = true;
          continue;
        }
        const doc = parsed.document;
        if (args.follow && (doc.kind === 'sitemapindex' || doc.kind === 'robots')) {
          followIndex(unit, parsed);
          continue;
        }
        outcome = outcomeOf(unit.name, parsed, unit.publishUrl, args, now, extra, {
          withEntries: withEntries(unit),
          cross: args.follow,
          source: () => sourceText(unit.path),
        });
      }
      addOutcome(unit, outcome);
    }
  } finally {
    io.workerFiles?.(pool?.done ?? 0);
    await pool?.close();
  }
  progress.update(queue.length, 0, urls, true);
  progress.done();
  // Publish URLs learnt after a file was read (a later index naming it) still serve the matching.
  inputs.forEach((input, k) => {
    input.publishUrl ??= unitOfInput[k].publishUrl;
  });
  if (args.follow && (tree || inputs.length > 1))
    addCrossFileIssues(
      inputs,
      ix,
      reports,
      reportOfInput,
      args.crossSubmission,
      // A child is looked for under --root by its URL below --base, then next to its index.
      args.root === undefined
        ? 'on disk next to its index'
        : `on disk under ${args.root} (by its URL below ${args.base}) or next to its index`,
    );
  // CRAWL-006 over every file read: the pages no file lists, each on the file of its folder.
  audit?.finish(reports);
  if (tree && !args.entries) for (const r of reports) r.entries = [];
  emit(args, io, reports, tree ? 'tree' : args.files.length === 1 ? 'single' : 'array');
  if (unreadable) return 2;
  return exitCode(args, reports);
}
