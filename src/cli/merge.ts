/**
 * `merge`: the cross-file checks over per-file JSON reports (`check --no-follow FILE --format json`
 * run once per file, e.g. under GNU parallel or a CI matrix). Each report's own issues are kept;
 * its entries feed the same `CrossFileIndex` and workspace checks as `check` and are then dropped.
 */
import { readFile } from 'node:fs/promises';
import type { DocumentKind, Entry, ParseResult, SitemapDocument } from '../core/model.ts';
import { CrossFileIndex } from '../core/workspace/crossIndex.ts';
import { newestLastmodIn, rememberNewestLastmod } from '../core/workspace/lastmod.ts';
import type { WorkspaceInput } from '../core/workspace.ts';
import type { MergeArgs } from './args.ts';
import { addCrossFileIssues, type CliIo } from './check.ts';
import { emit, exitCode } from './formats.ts';
import type { FileReport, JsonEntry } from './report.ts';

function toEntry(e: JsonEntry, id: number): Entry {
  const entry: Entry = { id, loc: typeof e.loc === 'string' ? e.loc : '' };
  if (e.lastmod !== undefined) entry.lastmod = e.lastmod;
  if (e.alternates) entry.alternates = e.alternates.map((a) => ({ rel: 'alternate', ...a }));
  return entry;
}

function isReport(x: unknown): x is FileReport {
  const r = x as FileReport;
  return typeof r === 'object' && r !== null && typeof r.file === 'string' && Array.isArray(r.issues);
}

/** Run `merge`; returns the exit code. */
export async function runMerge(args: MergeArgs, io: CliIo): Promise<number> {
  const reports: FileReport[] = [];
  const inputs: WorkspaceInput[] = [];
  const reportOfInput: number[] = [];
  const ix = new CrossFileIndex();
  for (const file of args.files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      io.err(`sitemap-workbench: cannot read report ${file}: ${(e as Error).message}\n`);
      return 2;
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    for (const r of list) {
      if (!isReport(r)) {
        io.err(`sitemap-workbench: ${file} is not a check --format json report.\n`);
        return 2;
      }
      const entries = (r.entries ?? []).map(toEntry);
      const urls = r.urls ?? entries.length;
      reports.push({ ...r, entries: [], urls });
      if (r.kind === 'robots') continue;
      if (urls > 0 && entries.length === 0) {
        io.err(
          `sitemap-workbench: ${file} (${r.file}) has no entries: write reports with --entries or one file per run.\n`,
        );
        return 2;
      }
      const kind = r.kind as DocumentKind;
      const fatal = r.fatal;
      const pos = inputs.length;
      reportOfInput.push(reports.length - 1);
      const input: WorkspaceInput = {
        name: r.file,
        result: {
          kind,
          document: { kind, entries, nextId: entries.length },
          issues: [],
          fatal,
        } as ParseResult,
        issues: [],
      };
      if (r.publishUrl !== undefined) input.publishUrl = r.publishUrl;
      if (kind !== 'sitemapindex') {
        ix.addEntries(pos, entries, 0, entries.length);
        const light: SitemapDocument = { kind, entries: [], nextId: 0 };
        rememberNewestLastmod(light, newestLastmodIn(entries, 0, entries.length, null));
        input.result = { ...input.result, document: light };
        input.urls = entries.length;
      }
      inputs.push(input);
    }
  }
  addCrossFileIssues(inputs, ix, reports, reportOfInput, args.crossSubmission);
  emit(args, io, reports, 'tree');
  return exitCode(args, reports);
}
