/** `check`: parse + validate files and report (human or JSON). */
import { readFile } from 'node:fs/promises';
import type { CrawlTable } from '../core/crawl/table.ts';
import type { Issue } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { validateDocument, withoutRepeats } from '../core/validate.ts';
import type { CheckArgs } from './args.ts';
import { loadCrawl, validateWithCrawl } from './crawl.ts';
import { entryJson, type FileReport, humanLines, issuesJson, summary, tally } from './report.ts';

/** Output sinks and clock, passed in so tests and the bin share one code path. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  now(): number;
}

/** Read a file; on failure report it on stderr and return null (exit code 2). */
export async function readInput(file: string, io: CliIo): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message;
    io.err(`sitemap-workbench: cannot read ${file}: ${why}\n`);
    return null;
  }
}

/** Parse and validate one file's bytes into a report. */
export function checkBytes(
  file: string,
  bytes: Uint8Array,
  args: CheckArgs,
  now: number,
  crawl: CrawlTable | null = null,
): FileReport {
  const parsed = parseSitemap(bytes, { fileName: file });
  const doc = parsed.document;
  let issues: Issue[] = parsed.issues;
  const settings = { publishUrl: args.base, crossSubmission: args.crossSubmission, now };
  const validated = crawl ? validateWithCrawl(doc, settings, crawl) : validateDocument(doc, settings);
  issues = withoutRepeats(issues, validated).concat(validated);
  const rowOf = new Map<number, number>();
  for (let i = 0; i < doc.entries.length; i++) rowOf.set(doc.entries[i].id, i);
  return {
    file,
    kind: parsed.kind,
    entries: doc.entries.map(entryJson),
    fatal: parsed.fatal
      ? { message: parsed.fatal.message, line: parsed.fatal.line, column: parsed.fatal.column }
      : null,
    issues: issuesJson(issues, rowOf),
  };
}

/** Run `check`; returns the exit code. */
export async function runCheck(args: CheckArgs, io: CliIo): Promise<number> {
  const reports: FileReport[] = [];
  let unreadable = false;
  const crawl = args.crawl === undefined ? null : await loadCrawl(args.crawl, io);
  if (args.crawl !== undefined && crawl === null) return 2;
  for (const file of args.files) {
    const bytes = await readInput(file, io);
    if (bytes === null) {
      unreadable = true;
      continue;
    }
    reports.push(checkBytes(file, bytes, args, io.now(), crawl));
  }
  if (args.json) {
    const payload = args.files.length === 1 ? (reports[0] ?? null) : reports;
    if (payload !== null) io.out(`${JSON.stringify(payload, null, 2)}\n`);
  } else {
    for (const r of reports) for (const line of humanLines(r)) io.out(`${line}\n`);
    if (reports.length > 0) io.out(`${summary(reports)}\n`);
  }
  if (unreadable) return 2;
  const t = tally(reports);
  return t.error > 0 || t.fatal > 0 ? 1 : 0;
}
