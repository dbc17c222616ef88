/**
 * The work `check` does on one parsed file, wherever it runs (the main thread or a check worker,
 * pool.ts): validate it into its report, and take what the cross-file checks keep of it (the
 * compact facts of core's `CrossFileIndex`, the count, the newest lastmod), so the document can
 * be dropped. Pure over its inputs: the same file gives the same outcome on either side.
 */
import type { Issue, ParseResult, SitemapDocument } from '../core/model.ts';
import { placeFindings } from '../core/parse/fieldPlace.ts';
import { isQuiet, profileNote, type SeverityProfile } from '../core/rules/profile.ts';
import type { RuleId } from '../core/rules/registry.ts';
import { validateDocument, withoutRepeats } from '../core/validate.ts';
import { type RowFacts, rowFacts } from '../core/workspace/crossIndex.ts';
import { type NewestLastmod, newestLastmodIn } from '../core/workspace/lastmod.ts';
import type { CheckArgs } from './args.ts';
import { entryJson, type FileReport, issuesJson } from './report.ts';

/**
 * Extra checks of one parsed document (e.g. a crawl audit): each returns issues on that document.
 * The place for per-document checks that are not the validator's; run after validation.
 */
export type DocumentCheck = (doc: SitemapDocument, file: string) => Issue[];

/** The options of `check` one file's outcome depends on. */
export type FileArgs = Pick<CheckArgs, 'crossSubmission' | 'strict'>;

/**
 * A copy of `s` that shares no memory with the text it was cut from (a value quoted from a file
 * would otherwise keep the whole decoded file alive after the file is dropped).
 */
export function ownCopy(s: string): string {
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

/**
 * The file's decoded text, asked for only when a finding is to be placed at its field (see
 * core/parse/fieldPlace.ts); null when it cannot be had (then findings keep their entry's position).
 */
export type SourceText = () => string | null;

/**
 * Parse findings and validation of one file as its report (with its entries when `withEntries`);
 * with `source`, each entry finding is placed at its field's element (line and column).
 */
export function reportOf(
  file: string,
  parsed: ParseResult,
  publishUrl: string | undefined,
  args: FileArgs,
  now: number,
  extra: readonly DocumentCheck[],
  withEntries: boolean,
  source?: SourceText,
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
  const rows = rowsOf(doc);
  const text =
    source !== undefined && issues.some((i) => i.entry !== undefined && i.column === undefined)
      ? source()
      : null;
  if (text !== null) {
    issues = placeFindings(text, issues, (id) => {
      const row = rows.get(id);
      return row === undefined ? undefined : doc.entries[row];
    });
  }
  const report: FileReport = {
    file,
    kind: parsed.kind,
    entries: withEntries ? doc.entries.map(entryJson) : [],
    fatal: parsed.fatal
      ? { message: parsed.fatal.message, line: parsed.fatal.line, column: parsed.fatal.column }
      : null,
    issues: issuesJson(issues, rows),
  };
  // Messages quote values cut from the file's text: copy them so the text can be collected.
  for (const i of report.issues) i.message = ownCopy(i.message);
  if (report.fatal) report.fatal.message = ownCopy(report.fatal.message);
  return report;
}

/**
 * What the main thread keeps of a checked file that is not an index: its report, and for the
 * cross-file checks (when `facts` is set) the light document the workspace reads. Plain data and
 * typed arrays only (a worker sends it with `postMessage`).
 */
export interface FileOutcome {
  report: FileReport;
  parsedKind: ParseResult['kind'];
  docKind: SitemapDocument['kind'];
  urls: number;
  fatal: ParseResult['fatal'];
  source?: SitemapDocument['source'];
  newest: NewestLastmod | null;
  /** The cross-file index's facts of the entries (null when not following a tree). */
  facts: RowFacts | null;
}

/** Check one parsed file (not an index being followed): see {@link FileOutcome}. */
export function outcomeOf(
  name: string,
  parsed: ParseResult,
  publishUrl: string | undefined,
  args: FileArgs,
  now: number,
  extra: readonly DocumentCheck[],
  o: { withEntries: boolean; cross: boolean; source?: SourceText },
): FileOutcome {
  const doc = parsed.document;
  const report = reportOf(name, parsed, publishUrl, args, now, extra, o.withEntries, o.source);
  const n = doc.entries.length;
  const newest = o.cross ? newestLastmodIn(doc.entries, 0, n, null) : null;
  const out: FileOutcome = {
    report,
    parsedKind: parsed.kind,
    docKind: doc.kind,
    urls: n,
    fatal: parsed.fatal && { ...parsed.fatal, message: ownCopy(parsed.fatal.message) },
    newest: newest && { ms: newest.ms, value: ownCopy(newest.value) },
    facts: o.cross ? rowFacts(doc.entries, 0, n) : null,
  };
  if (doc.source) out.source = doc.source;
  return out;
}
