/**
 * Every validation rule of SITEMAP-RULES.md (sections 6.1–6.17; OUT-* and IMP-* are behaviours, not
 * rules), with who checks it: one line per rule. Source of the `RuleId` type (`Issue.rule` and
 * `makeIssue` take it, so a wrong id is a compile error) and of the README rule table
 * (`scripts/rules-table.ts`). The group comes from the id prefix, `fixable` from the fix table.
 */
import { getFix } from '../fixes.ts';
import type { Severity } from '../model.ts';

/** Where a rule is checked. */
export type RuleStage = 'parse' | 'validate' | 'export' | 'not-checked';

/** One row: default severity, stage, title, and why it is not checked (or a note on coverage). */
type Row = readonly [severity: Severity, stage: RuleStage, title: string, reason?: string];

const NEEDS_CRAWL = 'only while crawl data is attached';

/** The rules of the spec, in spec order. */
// biome-ignore format: one line per rule
const SPEC = {
  'ENC-001': ['error', 'parse', 'File must be UTF-8'],
  'ENC-002': ['info', 'parse', 'UTF-8 byte order mark'],
  'ENC-003': ['error', 'parse', 'Nothing may precede the XML declaration'],
  'ENC-004': ['error', 'parse', 'Document must be well-formed XML'],
  'ENC-005': ['error', 'parse', 'Special characters must be entity-escaped'],
  'ENC-006': ['error', 'parse', 'Only XML\'s own entities (or numeric references) are allowed'],
  'ENC-007': ['warning', 'validate', 'Values escaped twice'],
  'ENC-008': ['error', 'validate', 'No characters that XML 1.0 forbids'],
  'ENC-009': ['error', 'parse', 'No DOCTYPE or entity declarations'],
  'ENC-010': ['error', 'parse', 'Element and attribute names are case-sensitive'],
  'ENC-011': ['info', 'parse', 'CDATA sections'],
  'XML-001': ['error', 'parse', 'Root element must be `<urlset>` or `<sitemapindex>`'],
  'XML-002': ['error', 'parse', 'Root must declare the sitemap namespace exactly'],
  'XML-003': ['info', 'parse', 'Namespaces are matched by URI, not by prefix'],
  'XML-004': ['error', 'validate', 'Every `<url>` has exactly one `<loc>`'],
  'XML-005': ['error', 'parse', '`<lastmod>`, `<changefreq>`, `<priority>` at most once per `<url>`'],
  'XML-006': ['warning', 'parse', 'Child order inside `<url>`'],
  'XML-007': ['warning', 'validate', 'At least one entry'],
  'XML-008': ['warning', 'parse', 'No unknown elements in the sitemap namespace'],
  'XML-009': ['error', 'parse', 'Extension prefixes must be declared'],
  'XML-010': ['warning', 'parse', 'Extension elements belong inside an entry'],
  'XML-011': ['error', 'parse', 'Do not mix urlset and index content'],
  'XML-012': ['info', 'parse', 'Unknown extension namespaces are allowed'],
  'XML-013': ['info', 'parse', '`xsi:schemaLocation` is optional'],
  'XML-014': ['info', 'parse', 'Comments and processing instructions'],
  'SIZE-001': ['error', 'validate', 'At most 50,000 URLs per sitemap file'],
  'SIZE-002': ['error', 'validate', 'At most 52,428,800 bytes uncompressed'],
  'SIZE-003': ['error', 'validate', 'Sitemap index: at most 50,000 `<sitemap>` entries and 52,428,800 bytes'],
  'SIZE-004': ['error', 'validate', 'Compression does not raise the limits'],
  'SIZE-005': ['warning', 'validate', 'Headroom'],
  'SIZE-006': ['info', 'not-checked', 'What does not count toward 50,000', 'informational: SIZE-001 counts only entries, never extension children, by construction'],
  'LOC-001': ['error', 'validate', 'Must be an absolute http(s) URL'],
  'LOC-002': ['error', 'validate', 'Length under 2,048 characters'],
  'LOC-003': ['error', 'validate', 'Must be a syntactically valid, URL-escaped URI'],
  'LOC-004': ['warning', 'validate', 'Percent-encode non-ASCII characters'],
  'LOC-005': ['warning', 'validate', 'No surrounding whitespace'],
  'LOC-006': ['warning', 'validate', 'Duplicate URLs'],
  'LOC-007': ['warning', 'validate', 'One version per URL (http vs https, www vs apex)'],
  'LOC-008': ['warning', 'validate', 'Fragment identifiers'],
  'LOC-009': ['warning', 'validate', 'Session IDs and tracking parameters'],
  'LOC-010': ['warning', 'validate', 'Credentials in the URL'],
  'LOC-011': ['info', 'validate', 'List URLs exactly as they should be crawled', 'reported for URLs that differ from another entry only by the letter case of the path'],
  'HOST-001': ['error', 'validate', 'One host per sitemap'],
  'HOST-002': ['error', 'validate', 'Same scheme as the sitemap'],
  'HOST-003': ['error', 'validate', 'Same port as the sitemap'],
  'HOST-004': ['warning', 'validate', 'URLs must sit at or below the sitemap\'s directory', 'needs the publish URL setting'],
  'HOST-005': ['info', 'validate', 'Prefer the site root', 'needs the publish URL setting'],
  'LASTMOD-001': ['error', 'validate', 'Must be a W3C Datetime value'],
  'LASTMOD-002': ['error', 'validate', 'A time needs a time zone designator'],
  'LASTMOD-003': ['error', 'validate', 'Must be a real calendar date and time'],
  'LASTMOD-004': ['warning', 'validate', 'Year-only or year-month precision'],
  'LASTMOD-005': ['warning', 'validate', 'Minutes without seconds'],
  'LASTMOD-006': ['warning', 'validate', 'Date in the future'],
  'LASTMOD-007': ['warning', 'validate', 'The same date on (almost) every entry'],
  'LASTMOD-008': ['warning', 'validate', 'Implausible dates'],
  'LASTMOD-009': ['warning', 'validate', 'Empty element'],
  'LASTMOD-010': ['info', 'validate', 'Date-only values for Bing'],
  'CF-001': ['error', 'validate', 'Value must be one of the seven keywords, lowercase'],
  'CF-002': ['info', 'validate', 'Ignored by Google and Bing'],
  'PRIO-001': ['error', 'validate', 'Decimal between 0.0 and 1.0 inclusive'],
  'PRIO-002': ['info', 'validate', 'Every URL has the same priority'],
  'PRIO-003': ['info', 'validate', 'Ignored by Google and Bing'],
  'IDX-001': ['error', 'parse', 'Each `<sitemap>` has exactly one `<loc>`', 'parser reports the structure; the validator also reports a loc emptied in the editor'],
  'IDX-002': ['warning', 'parse', 'Only `<loc>` and `<lastmod>` inside `<sitemap>`'],
  'IDX-003': ['error', 'validate', 'Index lastmod describes the child file', 'format checked; the staleness check needs the child file loaded'],
  'IDX-004': ['error', 'validate', 'Children on the same site as the index'],
  'IDX-005': ['warning', 'validate', 'Children in the index\'s directory or below (Google)', 'needs the publish URL setting'],
  'IDX-006': ['error', 'validate', 'No nested indexes', 'detected by file name only (info); certainty needs the child file loaded. A child the index names that no file matches is reported here too: a note in the editor (not open), an error in the CLI (not on disk)'],
  'IDX-007': ['error', 'validate', 'No self-reference, no duplicates'],
  'IDX-008': ['info', 'not-checked', 'Search Console quota', 'a Search Console quota across many index files; one document cannot show it'],
  'TXT-001': ['error', 'validate', 'One URL per line and nothing else'],
  'TXT-002': ['error', 'validate', 'Same limits, encoding and scope as XML', 'reported for text documents over the URL or byte limit (encoding: ENC-001, scope: HOST rules)'],
  'TXT-003': ['warning', 'validate', 'No XML escaping in text files'],
  'TXT-004': ['warning', 'validate', 'File name ends in `.txt` (Google)', 'imported file name; the exporter always names text files .txt'],
  'TXT-005': ['warning', 'parse', 'Blank lines and padding', 'blank lines and a BOM; a padded line: the validator, with the trim fix, not also LOC-005'],
  'TXT-006': ['warning', 'export', 'Text format cannot carry metadata', 'shown by the exporter before writing a text file'],
  'GZ-001': ['error', 'parse', 'Compression must be gzip'],
  'GZ-002': ['warning', 'parse', 'Detect compression by content, not by name'],
  'GZ-003': ['error', 'parse', 'Corrupt or truncated gzip'],
  'GZ-004': ['info', 'parse', 'All gzip members must be decoded'],
  'GZ-005': ['error', 'parse', 'Inner content must be one sitemap'],
  'GZ-006': ['error', 'parse', 'Decompression bombs'],
  'IMG-001': ['error', 'parse', 'Exact namespace URI'],
  'IMG-002': ['error', 'validate', 'Each `<image:image>` has exactly one `<image:loc>`'],
  'IMG-003': ['error', 'validate', '`<image:loc>` is an absolute, escaped URL'],
  'IMG-004': ['error', 'validate', 'At most 1,000 images per page entry'],
  'IMG-005': ['info', 'validate', 'Images on another host are fine'],
  'IMG-006': ['warning', 'validate', 'Deprecated image children'],
  'IMG-007': ['warning', 'validate', 'Duplicate images in one entry'],
  'IMG-008': ['warning', 'parse', 'XSD child order'],
  'VID-001': ['error', 'parse', 'Exact namespace URI'],
  'VID-002': ['error', 'validate', 'Required children'],
  'VID-003': ['error', 'validate', 'Content or player location'],
  'VID-004': ['error', 'validate', 'Media URLs must differ from the page URL'],
  'VID-005': ['warning', 'validate', 'content_loc must be a media file'],
  'VID-006': ['error', 'validate', 'Only HTTP(S) or FTP'],
  'VID-007': ['error', 'validate', 'Description at most 2,048 characters'],
  'VID-008': ['warning', 'validate', 'Title length'],
  'VID-009': ['error', 'validate', 'Duration 1–28,800 seconds'],
  'VID-010': ['error', 'validate', 'Video dates'],
  'VID-011': ['error', 'validate', 'Rating 0.0–5.0'],
  'VID-012': ['error', 'validate', 'View count is a non-negative integer'],
  'VID-013': ['error', 'validate', 'yes/no fields'],
  'VID-014': ['error', 'validate', 'Country restriction'],
  'VID-015': ['error', 'validate', 'Platform restriction'],
  'VID-016': ['error', 'validate', 'Uploader'],
  'VID-017': ['error', 'validate', 'Up to 32 tags'],
  'VID-018': ['error', 'validate', 'Single-occurrence children'],
  'VID-019': ['warning', 'validate', 'Deprecated and undocumented video tags'],
  'VID-020': ['warning', 'validate', 'XSD child order'],
  'VID-021': ['info', 'not-checked', 'Thumbnail and media reachability', 'reachability of thumbnails and media cannot be verified offline'],
  'NEWS-001': ['error', 'parse', 'Exact namespace URI'],
  'NEWS-002': ['error', 'validate', 'One `<news:news>` per entry'],
  'NEWS-003': ['error', 'validate', 'Required structure'],
  'NEWS-004': ['error', 'validate', 'At most 1,000 news entries per sitemap'],
  'NEWS-005': ['error', 'validate', 'Publication language code'],
  'NEWS-006': ['error', 'validate', 'Publication date format'],
  'NEWS-007': ['warning', 'validate', 'Only articles from the last two days'],
  'NEWS-008': ['warning', 'validate', 'Publication name'],
  'NEWS-009': ['info', 'validate', 'Article title content'],
  'NEWS-010': ['info', 'validate', 'Legacy news children'],
  'NEWS-011': ['warning', 'validate', 'XSD child order'],
  'NEWS-012': ['info', 'validate', 'Keep one living news sitemap', 'a news sitemap whose file name carries a date (info)'],
  'HREF-001': ['error', 'parse', 'Exact namespace URI'],
  'HREF-002': ['error', 'validate', 'Required attributes'],
  'HREF-003': ['error', 'validate', 'href is fully qualified'],
  'HREF-004': ['error', 'validate', 'Valid language/region code'],
  'HREF-005': ['error', 'validate', 'Self-reference'],
  'HREF-006': ['error', 'validate', 'Return links (reciprocity)'],
  'HREF-007': ['warning', 'validate', 'Every alternate has its own entry with the same set'],
  'HREF-008': ['error', 'validate', 'One URL per code inside an entry'],
  'HREF-009': ['error', 'validate', 'x-default'],
  'HREF-010': ['info', 'validate', 'Generic language fallback'],
  'HREF-011': ['info', 'not-checked', 'Do not count links toward the URL limit', 'informational: SIZE-001 counts only entries, never xhtml:link, by construction'],
  'HREF-012': ['info', 'validate', 'Non-hreflang `xhtml:link` uses'],
  'EXT-001': ['info', 'parse', 'Unknown namespaces are preserved'],
  'EXT-002': ['info', 'parse', 'Legacy Google extensions'],
  'EXT-003': ['error', 'parse', 'Near-miss namespace URIs'],
  'CRAWL-001': ['error', 'validate', 'Listed URL answers with an error', NEEDS_CRAWL],
  'CRAWL-002': ['warning', 'validate', 'Listed URL redirects', NEEDS_CRAWL],
  'CRAWL-003': ['error', 'validate', 'Listed URL is noindex', NEEDS_CRAWL],
  'CRAWL-004': ['warning', 'validate', 'Listed URL is canonicalised elsewhere', NEEDS_CRAWL],
  'CRAWL-005': ['error', 'validate', 'Listed URL is blocked by robots.txt', NEEDS_CRAWL],
  'CRAWL-006': ['warning', 'validate', 'Indexable page missing from the sitemap', 'only while crawl data is attached; one grouped issue with the count, fixed by the action “Add missing indexable pages”'],
  'CRAWL-007': ['info', 'validate', 'Listed URL was not found by the crawl', NEEDS_CRAWL],
  'CRAWL-008': ['warning', 'validate', 'Listed URL matches the crawl only after normalisation', NEEDS_CRAWL],
} as const satisfies Record<string, Row>;

/**
 * Import (section 8) and export (section 7) behaviours reported under their own IMP-* / OUT-* id
 * because no rule of sections 6.1–6.16 describes them. Listed so every reported id has a title.
 */
// biome-ignore format: one line per note
const NOTES = {
  'IMP-013': ['warning', 'parse', 'Markup inside a value'],
  'IMP-025': ['info', 'parse', 'Feed used as a sitemap'],
  'IMP-027': ['warning', 'parse', 'robots.txt Sitemap: lines'],
  'IMP-029': ['error', 'parse', 'Oversized input: a safety budget was hit'],
  'OUT-008': ['error', 'export', 'Splitting and index generation'],
  'OUT-009': ['error', 'export', 'Plain-text output'],
} as const satisfies Record<string, Row>;

/** Every id an issue can carry. @example const id: RuleId = 'LOC-001' */
export type RuleId = keyof typeof SPEC | keyof typeof NOTES;

/** One rule of the spec. `severity` is the default (some rules also emit a milder variant). */
export interface RuleInfo {
  id: RuleId;
  title: string;
  severity: Severity;
  /** Id prefix: ENC, XML, SIZE, LOC, HOST, LASTMOD, CF, PRIO, IDX, TXT, GZ, IMG, VID, NEWS, HREF, EXT, CRAWL. */
  group: string;
  stage: RuleStage;
  /** Why a rule is not checked, or a note on partial coverage. */
  reason?: string;
  /** True when `getFix(id)` in fixes.ts offers an automatic fix. */
  fixable: boolean;
  /**
   * Severity profile that reports the rule on every row (profile.ts). Absent: every profile.
   * `'strict'`: only *Strict (XSD)*; under *Search engines* the rule is one file-level note.
   */
  profile?: 'strict';
}

/** Rules only the Strict (XSD) profile reports per row: XSD child order, harmless deprecated tags. */
const STRICT_ONLY: ReadonlySet<string> = new Set(['XML-006', 'IMG-006', 'IMG-008']);

/** Human names of the groups, for headings. @example GROUP_NAMES.LOC === 'URLs' */
export const GROUP_NAMES: Readonly<Record<string, string>> = {
  ENC: 'Encoding',
  XML: 'Structure',
  SIZE: 'Limits',
  LOC: 'URLs',
  HOST: 'Host scope',
  LASTMOD: 'Last modified',
  CF: 'Change frequency',
  PRIO: 'Priority',
  IDX: 'Sitemap index',
  TXT: 'Text sitemaps',
  GZ: 'gzip',
  IMG: 'Images',
  VID: 'Video',
  NEWS: 'News',
  HREF: 'hreflang',
  EXT: 'Extensions',
  CRAWL: 'Crawl audit',
};

function info(id: RuleId, [severity, stage, title, reason]: Row): RuleInfo {
  const r: RuleInfo = {
    id,
    title,
    severity,
    group: id.slice(0, id.indexOf('-')),
    stage,
    // Read when asked: fixes.ts imports rule modules that import this one.
    get fixable() {
      return getFix(id) !== undefined;
    },
  };
  if (reason !== undefined) r.reason = reason;
  if (STRICT_ONLY.has(id)) r.profile = 'strict';
  return r;
}

const rows = (table: Record<string, Row>): RuleInfo[] =>
  Object.entries(table).map(([id, row]) => info(id as RuleId, row));

/** All rules in spec order. @example RULES.find((r) => r.id === 'LOC-001')?.stage === 'validate' */
export const RULES: readonly RuleInfo[] = rows(SPEC);

/** The IMP-* / OUT-* notes the parser and exporter report (not rules of section 6). */
export const IMPORT_NOTES: readonly RuleInfo[] = rows(NOTES);

const BY_ID = new Map<string, RuleInfo>([...RULES, ...IMPORT_NOTES].map((r) => [r.id, r]));

/** Looks a rule up by id. @example ruleInfo('CF-001')?.fixable === true */
export function ruleInfo(id: string): RuleInfo | undefined {
  return BY_ID.get(id);
}

/** The default severity of a rule. @example defaultSeverity('ENC-002') === 'info' */
export function defaultSeverity(id: RuleId): Severity {
  return BY_ID.get(id)!.severity;
}
