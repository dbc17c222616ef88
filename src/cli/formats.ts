/**
 * CI-native output of `check` / `merge`: human lines, JSON, JUnit XML, SARIF 2.1.0 and GitHub
 * Actions workflow commands; and the exit code from `--fail-on` / `--max-warnings`.
 */
import { ruleInfo } from '../core/rules/registry.ts';
import type { FailOn, OutputFormat } from './args.ts';
import type { CliIo } from './check.ts';
import {
  type FileReport,
  fatalFinding,
  foldByRule,
  foldedText,
  HUMAN_PER_RULE,
  humanLines,
  type JsonIssue,
  listedUrlLines,
  summary,
  tally,
} from './report.ts';
import { VERSION } from './version.ts';

/** What the writers read of the arguments. */
export interface ReportOptions {
  format: OutputFormat;
  failOn: FailOn;
  maxWarnings?: number;
  quiet: boolean;
  /** Include entries in JSON (tree runs leave them out unless asked). */
  entries?: boolean;
}

const INFO_URI = 'https://github.com/sitemap-workbench/sitemap-workbench';

/** One issue or a fatal error as one flat record. */
interface Finding extends JsonIssue {
  file: string;
}

function findings(reports: readonly FileReport[], quiet: boolean): Finding[] {
  const out: Finding[] = [];
  for (const r of reports) {
    // Not well-formed: once, as ENC-004 (the parser's finding, or one made from `fatal`).
    const fatal = fatalFinding(r);
    if (fatal) out.push({ file: r.file, ...fatal });
    for (const i of r.issues) if (!quiet || i.severity === 'error') out.push({ file: r.file, ...i });
  }
  return out;
}

/** XML-escaped text without the control characters XML 1.0 forbids. */
function xmlEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) continue;
    out += ch === '<' || ch === '>' || ch === '&' || ch === '"' || ch === "'" ? `&#${c};` : ch;
  }
  return out;
}

/** JUnit XML: one test suite per file; each error or warning is a failed test case, a clean file one passing case. */
export function junit(reports: readonly FileReport[], quiet: boolean): string {
  const all = findings(reports, quiet);
  const byFile = new Map<string, Finding[]>();
  for (const r of reports) byFile.set(r.file, []);
  for (const f of all) if (f.severity !== 'info') byFile.get(f.file)?.push(f);
  let failures = 0;
  let tests = 0;
  const suites: string[] = [];
  for (const [file, list] of byFile) {
    const cases = list.map((f) => {
      const where =
        f.line !== undefined
          ? `:${f.line}:${f.column ?? 1}`
          : f.entry !== undefined
            ? ` row ${f.entry + 1}`
            : '';
      const name = xmlEscape(`${f.rule}${where}`);
      const urls = listedUrlLines(f).map((l) => `\n  ${l}`);
      const body = xmlEscape(`${file}${where}  ${f.severity}  ${f.rule}  ${f.message}${urls.join('')}`);
      return `    <testcase classname="${xmlEscape(file)}" name="${name}" file="${xmlEscape(file)}"${f.line !== undefined ? ` line="${f.line}"` : ''}>\n      <failure type="${f.severity}" message="${xmlEscape(f.message)}">${body}</failure>\n    </testcase>`;
    });
    if (cases.length === 0)
      cases.push(
        `    <testcase classname="${xmlEscape(file)}" name="sitemap is valid" file="${xmlEscape(file)}"/>`,
      );
    const n = Math.max(1, list.length);
    tests += n;
    failures += list.length;
    suites.push(
      `  <testsuite name="${xmlEscape(file)}" tests="${n}" failures="${list.length}" errors="0" skipped="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="sitemap-workbench" tests="${tests}" failures="${failures}" errors="0">\n${suites.join('\n')}\n</testsuites>\n`;
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

function artifactUri(file: string): string {
  return file.split('\\').join('/').split('/').map(encodeURIComponent).join('/');
}

/** SARIF 2.1.0: one run, the rules used (with their titles) and one result per issue. */
export function sarif(reports: readonly FileReport[], quiet: boolean): object {
  const all = findings(reports, quiet);
  const ruleIds = [...new Set(all.map((f) => f.rule))].sort();
  const ruleIndex = new Map(ruleIds.map((id, k) => [id, k]));
  const rules = ruleIds.map((id) => {
    const info = ruleInfo(id);
    const rule: Record<string, unknown> = { id };
    if (info) {
      rule.shortDescription = { text: info.title.replace(/`/g, '') };
      rule.defaultConfiguration = { level: SARIF_LEVEL[info.severity] };
      rule.properties = { group: info.group };
    }
    return rule;
  });
  const results = all.map((f) => {
    const physical: Record<string, unknown> = { artifactLocation: { uri: artifactUri(f.file) } };
    if (f.line !== undefined && f.line >= 1) {
      const region: Record<string, number> = { startLine: f.line };
      if (f.column !== undefined && f.column >= 1) region.startColumn = f.column;
      physical.region = region;
    }
    const result: Record<string, unknown> = {
      ruleId: f.rule,
      ruleIndex: ruleIndex.get(f.rule),
      level: SARIF_LEVEL[f.severity],
      message: { text: f.message },
      locations: [{ physicalLocation: physical }],
    };
    if (f.relatedFiles?.length)
      result.relatedLocations = f.relatedFiles.map((file, id) => ({
        id,
        physicalLocation: { artifactLocation: { uri: artifactUri(file) } },
      }));
    return result;
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'sitemap-workbench', version: VERSION, informationUri: INFO_URI, rules } },
        results,
      },
    ],
  };
}

function ghData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function ghProperty(s: string): string {
  return ghData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const GH_COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/**
 * GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=RULE::message`. GitHub
 * shows only the first annotations of a step (10 of each kind) and of a run (50): past
 * {@link HUMAN_PER_RULE} findings of one rule in a file, one `::notice` says how many more there
 * are and where they are all listed, as the human output does.
 */
export function github(reports: readonly FileReport[], quiet: boolean): string[] {
  const out: string[] = [];
  for (const r of reports) {
    const { shown, more } = foldByRule(findings([r], quiet));
    for (const f of shown) {
      const props = [`file=${ghProperty(f.file)}`];
      if (f.line !== undefined) props.push(`line=${f.line}`);
      if (f.column !== undefined) props.push(`col=${f.column}`);
      props.push(`title=${ghProperty(f.rule)}`);
      const row = f.line === undefined && f.entry !== undefined ? ` (row ${f.entry + 1})` : '';
      // The URLs a grouped finding lists (CRAWL-006), on lines of their own in the annotation.
      const urls = listedUrlLines(f).map((l) => `\n  ${l}`);
      out.push(
        `::${GH_COMMAND[f.severity]} ${props.join(',')}::${ghData(`${f.rule} ${f.message}${row}${urls.join('')}`)}`,
      );
    }
    for (const m of more) {
      const text = `${m.rule} ${foldedText(m, '--format json or --format sarif lists all')}`;
      out.push(`::notice file=${ghProperty(r.file)},title=${ghProperty(m.rule)}::${ghData(text)}`);
    }
  }
  return out;
}

/** JSON of one report: the documented shape (legacy single-file runs keep exactly their keys). */
function jsonReport(r: FileReport, legacy: boolean, entries: boolean): object {
  if (legacy) return { file: r.file, kind: r.kind, entries: r.entries, fatal: r.fatal, issues: r.issues };
  const o: Record<string, unknown> = { file: r.file, kind: r.kind };
  if (r.publishUrl !== undefined) o.publishUrl = r.publishUrl;
  o.urls = r.urls ?? r.entries.length;
  if (entries) o.entries = r.entries;
  o.fatal = r.fatal;
  o.issues = r.issues;
  return o;
}

/**
 * Write the reports in the chosen format. `shape`: 'single' / 'array' when the named files were
 * checked without a tree (JSON keeps the documented shape: one object for one FILE, else an
 * array), 'tree' when indexes, folders or robots.txt were followed.
 */
export function emit(
  opts: ReportOptions,
  io: CliIo,
  reports: FileReport[],
  shape: 'single' | 'array' | 'tree',
): void {
  const legacy = shape !== 'tree';
  const quiet = opts.quiet;
  if (opts.format === 'json') {
    const shown = quiet
      ? reports.map((r) => ({ ...r, issues: r.issues.filter((i) => i.severity === 'error') }))
      : reports;
    if (shape === 'single') {
      if (shown.length === 0) return;
      io.out(`${JSON.stringify(jsonReport(shown[0], true, true), null, 2)}\n`);
      return;
    }
    if (shown.length === 0) {
      if (!legacy) io.out('[]\n');
      return;
    }
    io.out('[\n');
    shown.forEach((r, k) => {
      const text = JSON.stringify(jsonReport(r, legacy, opts.entries === true), null, 2);
      io.out(`${text.replace(/^/gm, '  ')}${k < shown.length - 1 ? ',' : ''}\n`);
    });
    io.out(']\n');
    return;
  }
  if (opts.format === 'junit') {
    io.out(junit(reports, quiet));
    return;
  }
  if (opts.format === 'sarif') {
    io.out(`${JSON.stringify(sarif(reports, quiet), null, 2)}\n`);
    return;
  }
  if (opts.format === 'github') {
    for (const line of github(reports, quiet)) io.out(`${line}\n`);
    if (reports.length > 0) io.out(`${summary(reports)}\n`);
    return;
  }
  for (const r of reports) {
    const view = quiet ? { ...r, issues: r.issues.filter((i) => i.severity === 'error') } : r;
    for (const line of humanLines(view)) io.out(`${line}\n`);
  }
  if (reports.length > 0) io.out(`${summary(reports)}\n`);
}

/**
 * 2 when a file could not be read (the reader refused it unread: GZ-001/005/006), as `convert`
 * exits for it and whatever `--fail-on` says; else 1 when the run fails by `--fail-on` /
 * `--max-warnings`, else 0.
 */
export function exitCode(
  opts: Pick<ReportOptions, 'failOn' | 'maxWarnings'>,
  reports: readonly FileReport[],
): number {
  const t = tally(reports);
  if (t.refused > 0) return 2;
  if (opts.maxWarnings !== undefined && t.warning > opts.maxWarnings) return 1;
  if (opts.failOn === 'never') return 0;
  if (t.error > 0 || t.fatal > 0) return 1;
  return opts.failOn === 'warning' && t.warning > 0 ? 1 : 0;
}
