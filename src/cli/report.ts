/** Formats check results for the terminal and as the documented JSON shape. */
import type { Entry, FatalError, ImageData, Issue, Severity, XNode } from '../core/model.ts';
import { refusal } from '../core/parse.ts';

/** One checked file, as printed by `check --json`. */
export interface FileReport {
  file: string;
  kind: string;
  /** Where the file is published (known from --base/--root or from the index naming it). */
  publishUrl?: string;
  /** Number of entries (also when `entries` is left out of a tree's report). */
  urls?: number;
  entries: JsonEntry[];
  fatal: FatalError | null;
  issues: JsonIssue[];
}

export interface JsonEntry {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  images?: Array<Omit<ImageData, 'extras'>>;
  videos?: JsonNodes[];
  news?: JsonNodes;
  alternates?: Array<{ hreflang?: string; href?: string }>;
}

export interface JsonIssue {
  rule: string;
  severity: Severity;
  entry?: number;
  field?: string;
  line?: number;
  column?: number;
  message: string;
  /** Cross-file issues: the other files involved. */
  relatedFiles?: string[];
  /** A grouped finding's URLs (CRAWL-006: the missing pages), at most `LISTED_URLS` of them. */
  urls?: string[];
  /** How many URLs the grouped finding has (`urls` may hold only the first ones). */
  urlCount?: number;
}

/** URLs a grouped finding lists in JSON (its `urlCount` says how many there are). */
export const LISTED_URLS = 1_000;
/** URLs a grouped finding shows under its line in the human output. */
const SHOWN_URLS = 5;

type JsonValue = string | JsonNodes | Array<string | JsonNodes>;
interface JsonNodes {
  [name: string]: JsonValue;
}

/** XNodes as a plain object: text, `{ value, ...attrs }`, nested objects; repeated names become arrays. */
export function nodesToJson(nodes: readonly XNode[]): JsonNodes {
  const out: JsonNodes = {};
  for (const n of nodes) {
    let v: string | JsonNodes = n.text;
    if (n.children && n.children.length > 0) v = nodesToJson(n.children);
    else if (n.attrs && Object.keys(n.attrs).length > 0) v = { value: n.text, ...n.attrs };
    const prev = out[n.name];
    if (prev === undefined) out[n.name] = v;
    else if (Array.isArray(prev)) prev.push(v);
    else out[n.name] = [prev as string | JsonNodes, v];
  }
  return out;
}

function imageJson(img: ImageData): Omit<ImageData, 'extras'> {
  const o: Omit<ImageData, 'extras'> = { loc: img.loc };
  if (img.caption !== undefined) o.caption = img.caption;
  if (img.title !== undefined) o.title = img.title;
  if (img.geoLocation !== undefined) o.geoLocation = img.geoLocation;
  if (img.license !== undefined) o.license = img.license;
  return o;
}

/** One entry in the JSON output shape. */
export function entryJson(e: Entry): JsonEntry {
  const o: JsonEntry = { loc: e.loc };
  if (e.lastmod !== undefined) o.lastmod = e.lastmod;
  if (e.changefreq !== undefined) o.changefreq = e.changefreq;
  if (e.priority !== undefined) o.priority = e.priority;
  if (e.images?.length) o.images = e.images.map(imageJson);
  if (e.videos?.length) o.videos = e.videos.map((v) => nodesToJson(v.nodes));
  if (e.news?.length) o.news = nodesToJson(e.news[0].nodes);
  if (e.alternates?.length) {
    o.alternates = e.alternates.map((a) => {
      const x: { hreflang?: string; href?: string } = {};
      if (a.hreflang !== undefined) x.hreflang = a.hreflang;
      if (a.href !== undefined) x.href = a.href;
      return x;
    });
  }
  return o;
}

/** Issues with entry ids mapped to row indexes. */
export function issuesJson(
  issues: readonly Issue[],
  rowOf: Pick<ReadonlyMap<number, number>, 'get'>,
): JsonIssue[] {
  return issues.map((i) => {
    const row = i.entry === undefined ? undefined : rowOf.get(i.entry);
    return {
      rule: i.rule,
      severity: i.severity,
      ...(row !== undefined ? { entry: row } : {}),
      ...(i.field !== undefined ? { field: i.field } : {}),
      ...(i.line !== undefined ? { line: i.line } : {}),
      ...(i.column !== undefined ? { column: i.column } : {}),
      message: i.message,
      ...((i as JsonIssue).urls !== undefined
        ? { urls: (i as JsonIssue).urls, urlCount: (i as JsonIssue).urlCount }
        : {}),
    };
  });
}

/**
 * A file that is not well-formed as its ENC-004 finding, when no finding already says it (the
 * parser reports ENC-004 with the recovered count; a report made otherwise may carry only
 * `fatal`); null when it is well-formed, said already, or refused unread (GZ-001/005/006 say it).
 */
export function fatalFinding(r: FileReport): JsonIssue | null {
  if (!r.fatal || refusal(r)) return null;
  if (r.issues.some((i) => i.rule === 'ENC-004' && i.severity === 'error')) return null;
  return {
    rule: 'ENC-004',
    severity: 'error',
    line: r.fatal.line,
    column: r.fatal.column,
    message: `Not well-formed: ${r.fatal.message}`,
  };
}

/** Findings of one rule a file prints in the human output before the rest become one line. */
export const HUMAN_PER_RULE = 10;

const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];
const SEVERITY_WORDS: Record<Severity, string> = { error: 'errors', warning: 'warnings', info: 'notes' };

/**
 * Findings in their order, at most `per` of each rule and severity (the rest folded), and per
 * rule and severity folded (in order of first appearance) how many more there are. The one home of
 * the folding: the human output and the GitHub annotations both print through it.
 *
 * @example foldByRule(report.issues).more // [{ rule: 'LOC-001', severity: 'error', count: 39990 }]
 */
export function foldByRule<T extends { rule: string; severity: Severity }>(
  findings: readonly T[],
  per = HUMAN_PER_RULE,
): { shown: T[]; more: Array<{ rule: string; severity: Severity; count: number }> } {
  const seen = new Map<string, { rule: string; severity: Severity; count: number }>();
  const shown: T[] = [];
  for (const f of findings) {
    const key = `${f.severity} ${f.rule}`;
    let c = seen.get(key);
    if (c === undefined) {
      c = { rule: f.rule, severity: f.severity, count: 0 };
      seen.set(key, c);
    }
    if (++c.count <= per) shown.push(f);
  }
  const more: Array<{ rule: string; severity: Severity; count: number }> = [];
  for (const c of seen.values()) if (c.count > per) more.push({ ...c, count: c.count - per });
  return { shown, more };
}

/** The line of folded findings: `… and 39,990 more LOC-001 errors; <where>` (`where`: what lists them all). */
export function foldedText(m: { rule: string; severity: Severity; count: number }, where: string): string {
  const words = m.count === 1 ? SEVERITY_WORDS[m.severity].slice(0, -1) : SEVERITY_WORDS[m.severity];
  return `… and ${m.count.toLocaleString('en-US')} more ${m.rule} ${words}; ${where}`;
}

/**
 * Human lines: `file:line:col  severity  RULE  message` (`file:line` when the column is not
 * known), errors first, then warnings, then notes; past {@link HUMAN_PER_RULE} findings of one
 * rule and severity, one line says how many more there are (`--json` lists every one).
 */
export function humanLines(r: FileReport): string[] {
  const lines: string[] = [];
  const fatal = fatalFinding(r);
  const { shown, more } = foldByRule(fatal ? [fatal, ...r.issues] : r.issues);
  for (const severity of SEVERITY_ORDER) {
    for (const i of shown) if (i.severity === severity) issueLines(r.file, i, lines);
    for (const m of more)
      if (m.severity === severity)
        lines.push(`${r.file}  ${severity}  ${m.rule}  ${foldedText(m, '--json lists all')}`);
  }
  return lines;
}

function issueLines(file: string, i: JsonIssue, lines: string[]): void {
  const at = i.column !== undefined ? `:${i.line}:${i.column}` : `:${i.line}`;
  const where = i.line !== undefined ? `${file}${at}` : file;
  const row = i.line === undefined && i.entry !== undefined ? ` (row ${i.entry + 1})` : '';
  lines.push(`${where}  ${i.severity}  ${i.rule}  ${i.message}${row}`);
  for (const line of listedUrlLines(i)) lines.push(`    ${line}`);
}

/**
 * A grouped finding's URLs (CRAWL-006: the missing pages) as lines of text under it: the first
 * few, then how many more; [] for a finding without URLs. The human, GitHub and JUnit outputs
 * all print these (JSON and SARIF carry `urls` / the message).
 */
export function listedUrlLines(i: Pick<JsonIssue, 'urls' | 'urlCount'>): string[] {
  if (i.urls === undefined) return [];
  const lines = i.urls.slice(0, SHOWN_URLS);
  const more = (i.urlCount ?? i.urls.length) - Math.min(SHOWN_URLS, i.urls.length);
  if (more > 0)
    lines.push(
      `…and ${more.toLocaleString('en-US')} more (--json lists up to ${LISTED_URLS.toLocaleString('en-US')})`,
    );
  return lines;
}

/** Counts per severity over several reports. */
export function tally(
  reports: readonly FileReport[],
): Record<Severity, number> & { fatal: number; refused: number } {
  const t = { error: 0, warning: 0, info: 0, fatal: 0, refused: 0 };
  for (const r of reports) {
    if (r.fatal && refusal(r)) t.refused++;
    else if (r.fatal) t.fatal++;
    for (const i of r.issues) t[i.severity]++;
  }
  return t;
}

/** The closing summary line. */
export function summary(reports: readonly FileReport[]): string {
  const t = tally(reports);
  const entries = reports.reduce((n, r) => n + (r.urls ?? r.entries.length), 0);
  const fatal =
    (t.fatal > 0 ? `, ${t.fatal} not well-formed` : '') + (t.refused > 0 ? `, ${t.refused} not read` : '');
  return `${reports.length} file(s), ${entries} entries: ${t.error} error(s), ${t.warning} warning(s), ${t.info} info${fatal}`;
}
