/**
 * Crawl data inside a .zip. Search Console exports come as a zip of CSV files: the Performance
 * report's `Pages.csv`, `Queries.csv`, `Chart.csv`, `Countries.csv`…, and a page-indexing
 * drill-down's `Table.csv` (`URL,Last crawled`), `Chart.csv` and `Metadata.csv` (whose `Issue`
 * row names the reason, e.g. "Excluded by ‘noindex’ tag"). The CSV members are looked at by their
 * header rows (detect.ts, as a dropped CSV is): the first one that is crawl data is the crawl;
 * a page-indexing table gets Metadata.csv's issue as an `Issue` column, so each row carries the
 * reason the crawl reader maps to status and flags (`coverageFacts`). A CSV member is never a
 * sitemap: the caller opens only the other members.
 */

import { csvField } from '../format.ts';
import {
  decodeCsvBytes,
  detectCrawlCsv,
  guessCrawlMapping,
  isCsvName,
  normaliseCrawlHeader,
} from './detect.ts';
import { csvHead } from './reader.ts';
import { scanCsv } from './scan.ts';

/** A zip member (or any named file). */
export interface NamedBytes {
  name: string;
  bytes: Uint8Array;
}

/** What {@link crawlFromZip} found among a zip's CSV members. */
export interface ZipCrawl {
  /** The crawl data to attach (named "member (archive)"), or null when no member is crawl data. */
  crawl: NamedBytes | null;
  /** Members read into `crawl`: the crawl member, and Metadata.csv when its issue was used. */
  used: string[];
  /** The other CSV members, with why they were left out. */
  ignored: Array<{ name: string; reason: string }>;
  /** The page-indexing issue Metadata.csv names, when it names one. */
  issue?: string;
}

/** Bytes looked at to recognise a member (as a dropped file's first 64 KB). */
const SNIFF_BYTES = 64 * 1024;

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/** Every record of a small CSV (a Metadata.csv), cells trimmed. */
function records(text: string): string[][] {
  const { delimiter } = csvHead(text);
  const out: string[][] = [];
  const columns = [0, 1];
  scanCsv(text, delimiter, columns, 0, (cells) => out.push(cells.map((c) => (c ?? '').trim())));
  return out;
}

/** The issue a Search Console Metadata.csv names (its `Issue` or `Reason` row), if any. */
export function metadataIssue(bytes: Uint8Array): string | undefined {
  for (const [key, value] of records(decodeCsvBytes(bytes).text)) {
    const k = normaliseCrawlHeader(key);
    if ((k === 'issue' || k === 'reason') && value) return value;
  }
  return undefined;
}

/**
 * A page-indexing table with `issue` as one more column (`URL,Last crawled,Issue`), as UTF-8 CSV:
 * only the columns detection maps are kept (a drill-down has ≤ 1,000 rows).
 *
 * @example withIssue(bytes, 'Not found (404)') // 'URL,Last crawled,Issue\nhttps://…,2024-03-20,Not found (404)\n'
 */
export function withIssue(bytes: Uint8Array, issue: string): Uint8Array {
  const { text } = decodeCsvBytes(bytes);
  const head = csvHead(text);
  const mapping = detectCrawlCsv(head.headers)?.mapping ?? {};
  const url = mapping.url ?? 0;
  const crawled = mapping.lastCrawled;
  const columns: number[] = [];
  columns[url] = 0;
  if (crawled !== undefined) columns[crawled] = 1;
  for (let c = 0; c < columns.length; c++) if (columns[c] === undefined) columns[c] = -1;
  const lines = [crawled === undefined ? 'URL,Issue' : 'URL,Last crawled,Issue'];
  const tail = `,${csvField(issue)}`;
  scanCsv(text, head.delimiter, columns, head.headerRow, (cells) => {
    const u = cells[0]?.trim();
    if (!u) return;
    lines.push(
      crawled === undefined
        ? `${csvField(u)}${tail}`
        : `${csvField(u)},${csvField(cells[1]?.trim() ?? '')}${tail}`,
    );
  });
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/**
 * The crawl data among a zip's members (only `.csv` / `.tsv` members are looked at), named after
 * the member and the archive: "Pages.csv (gsc-perf.zip)".
 *
 * @example crawlFromZip('gsc-perf.zip', members).used // ['Pages.csv']
 */
export function crawlFromZip(zipName: string, members: readonly NamedBytes[]): ZipCrawl {
  const csvs = members.filter((m) => isCsvName(m.name));
  const meta = csvs.find((m) => /^metadata\.csv$/i.test(baseName(m.name)));
  const issue = meta ? metadataIssue(meta.bytes) : undefined;
  const ignored: ZipCrawl['ignored'] = [];
  let chosen: { member: NamedBytes; format: string; coverage: boolean } | null = null;
  for (const m of csvs) {
    if (m === meta) continue;
    const head = csvHead(decodeCsvBytes(m.bytes.subarray(0, SNIFF_BYTES)).text);
    const found = detectCrawlCsv(head.headers);
    if (found === null)
      ignored.push({
        name: m.name,
        reason:
          guessCrawlMapping(head.headers).url !== undefined
            ? 'not crawl data: URLs without a crawl signal'
            : 'not crawl data: no URL column',
      });
    else if (chosen !== null) ignored.push({ name: m.name, reason: 'one crawl file is attached at a time' });
    else chosen = { member: m, format: found.format, coverage: found.mapping.coverage !== undefined };
  }
  const out: ZipCrawl = { crawl: null, used: [], ignored };
  if (issue !== undefined) out.issue = issue;
  if (chosen === null) {
    if (meta) ignored.push({ name: meta.name, reason: 'not crawl data: the export’s description' });
    return out;
  }
  const { member } = chosen;
  const name = `${baseName(member.name)} (${baseName(zipName)})`;
  out.used.push(member.name);
  if (chosen.format === 'search-console-indexing' && !chosen.coverage && issue !== undefined && meta) {
    out.crawl = { name, bytes: withIssue(member.bytes, issue) };
    out.used.push(meta.name);
  } else {
    out.crawl = { name, bytes: member.bytes };
    if (meta) ignored.push({ name: meta.name, reason: 'not needed (the export’s description)' });
  }
  // Members in archive order.
  const order = new Map(members.map((m, i) => [m.name, i]));
  ignored.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  return out;
}

/**
 * Why a zip gave no crawl data: its members and what they are (`skipped`: members the zip reader
 * left out).
 *
 * @example noCrawlNote('x.zip', r) // 'x.zip holds no crawl data: Chart.csv (not crawl data: no URL column).'
 */
export function noCrawlNote(
  zipName: string,
  r: ZipCrawl,
  skipped: ReadonlyArray<{ name: string; reason: string }> = [],
): string {
  const why = [...r.ignored, ...skipped].map((i) => `${baseName(i.name)} (${i.reason})`).join(', ');
  return `${baseName(zipName)} holds no crawl data${why ? `: ${why}` : ' (no CSV member)'}.`;
}

/**
 * One sentence on what a zip gave the audit.
 *
 * @example zipCrawlNote('gsc-perf.zip', r) // 'gsc-perf.zip is crawl data: Pages.csv is attached for the audit; Chart.csv and Queries.csv were ignored (not crawl data …).'
 */
export function zipCrawlNote(zipName: string, r: ZipCrawl): string {
  const list = (names: string[]) =>
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const used = r.used.map(baseName);
  const reason = r.issue !== undefined && used.length > 1 ? ` (issue: ${r.issue})` : '';
  const ignored =
    r.ignored.length === 0
      ? ''
      : ` Ignored: ${r.ignored.map((i) => `${baseName(i.name)} (${i.reason})`).join(', ')}.`;
  return `${baseName(zipName)} holds crawl data: ${list(used)}${reason} ${used.length > 1 ? 'are' : 'is'} read for the audit; the sitemap is not changed.${ignored}`;
}
