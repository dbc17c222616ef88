/**
 * The sitemap document model shared by every layer (parser, validator, serializer, state, UI, CLI).
 *
 * Design notes:
 * - One plain object per entry (no per-cell objects). At 1,000,000 entries this costs roughly
 *   150–250 bytes per entry, well inside the 1 GB heap budget.
 * - Values are kept exactly as written in the source, decoded once (`&amp;` → `&`), NOT trimmed:
 *   the validator reports surrounding whitespace (LOC-005, IMP-007) and offers the trim fix; the
 *   serializer trims on output (OUT-005).
 * - Entries carry a stable numeric `id`. Parsers assign ids 0..n-1 in document order, so a freshly
 *   parsed entry's id equals its row index. Issues refer to entries by id.
 */
import type { UsedColumns } from './extensionUse.ts';
import type { SeverityProfile } from './rules/profile.ts';
import type { RuleId } from './rules/registry.ts';
import type { DayMonthOrder } from './w3cDate.ts';

/** How bad an issue is, as SITEMAP-RULES.md section 1 defines it. */
export type Severity = 'error' | 'warning' | 'info';

const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

/**
 * Rank of a severity for comparisons, the one order: error 3, warning 2, info 1, none 0 (higher is
 * worse; sort descending to put errors first).
 *
 * @example severityRank('error') > severityRank('info') // true
 */
export function severityRank(s: Severity | undefined): number {
  return s === undefined ? 0 : SEVERITY_RANK[s];
}

/** What a parsed input turned out to be (reported by the CLI as `kind`). */
export type DocumentKind = 'urlset' | 'sitemapindex' | 'text' | 'feed' | 'robots' | 'unknown';

/** Canonical namespace URIs (SITEMAP-RULES.md section 3). */
export const NS = {
  sitemap: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  image: 'http://www.google.com/schemas/sitemap-image/1.1',
  video: 'http://www.google.com/schemas/sitemap-video/1.1',
  news: 'http://www.google.com/schemas/sitemap-news/0.9',
  xhtml: 'http://www.w3.org/1999/xhtml',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  mobile: 'http://www.google.com/schemas/sitemap-mobile/1.0',
  pagemap: 'http://www.google.com/schemas/sitemap-pagemap/1.0',
} as const;

/**
 * A small generic element used for the video and news extensions, whose vocabularies are long
 * and order-sensitive. `name` is the local name inside the extension namespace
 * (e.g. `title`, `tag`, `price`, `publication`). Children appear in source order.
 *
 * @example { name: 'price', text: '1.99', attrs: { currency: 'EUR' } }
 */
export interface XNode {
  /** Local name in the extension's namespace; the qualified name as written otherwise. */
  name: string;
  /** All text content (mixed content: the segments joined). */
  text: string;
  attrs?: Record<string, string>;
  children?: XNode[];
  /** Namespace URI of a node that is not in the extension's namespace (then `name` is a qname). */
  ns?: string;
  /** Prefix → URI of the namespaces the node's own name (when `ns` is set) and attributes use. */
  nsDecls?: Record<string, string>;
  /** Mixed content: the text before each child and after the last, exactly as written (children.length + 1). */
  mixed?: string[];
}

/** `<image:image>`. Deprecated children (caption, title, geo_location, license) are kept (IMG-006). */
export interface ImageData {
  loc: string;
  caption?: string;
  title?: string;
  geoLocation?: string;
  license?: string;
  /** Any other child element of image:image, verbatim. */
  extras?: RawXml[];
}

/** `<video:video>`: its children in source order (thumbnail_loc, title, tag, price, tvshow, ...). */
export interface VideoData {
  nodes: XNode[];
}

/** `<news:news>`: its children in source order; `publication` has children `name` and `language`. */
export interface NewsData {
  nodes: XNode[];
}

/**
 * `<xhtml:link>`. For hreflang annotations rel="alternate" plus hreflang plus href; other uses
 * (media, amphtml, android-app) are kept too (HREF-012). Missing attributes stay undefined.
 */
export interface Alternate {
  rel?: string;
  hreflang?: string;
  href?: string;
  media?: string;
  /** Any attribute other than rel/hreflang/href/media, verbatim. */
  attrs?: Record<string, string>;
}

/**
 * An element the editor does not model (unknown extension namespaces, legacy Google extensions,
 * unknown elements in the sitemap namespace). Preserved verbatim and written back on export
 * (EXT-001, OUT-007).
 */
export interface RawXml {
  /** Namespace URI of the element ('' when none). */
  ns: string;
  /** Local name, e.g. `mobile`, `PageMap`, `lastmodified`. */
  name: string;
  /** The element's exact source text, from `<` of its start tag to `>` of its end tag. */
  xml: string;
  /** Prefix → URI of every namespace prefix used inside `xml` that was declared outside it. */
  nsDecls?: Record<string, string>;
  line?: number;
}

/**
 * One row of the table: a `<url>` of a urlset, a `<sitemap>` of an index, a line of a text
 * sitemap, an item of a feed, or a `Sitemap:` line of robots.txt.
 */
export interface Entry {
  /** Stable id, unique within a document. Never reused after deletion. */
  id: number;
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  images?: ImageData[];
  videos?: VideoData[];
  /** Normally one; more than one is an error (NEWS-002) but kept. */
  news?: NewsData[];
  alternates?: Alternate[];
  /** Unknown / legacy elements inside the entry, in source order. */
  extras?: RawXml[];
  /** 1-based source line of the entry's start tag (or text line). Absent for entries made in the editor. */
  line?: number;
  /** 1-based source column of the entry's start tag. */
  column?: number;
}

/** A problem found by the parser or validator. */
export interface Issue {
  /** SITEMAP-RULES.md id, e.g. `LOC-001` (build issues with `makeIssue`). */
  rule: RuleId;
  severity: Severity;
  /** Human message: what is wrong, the offending value, what to do. */
  message: string;
  /** Entry id the issue concerns (absent for document-level issues). */
  entry?: number;
  /**
   * Field path inside the entry: `loc`, `lastmod`, `changefreq`, `priority`, `images`,
   * `images.0.loc`, `videos.1.title`, `news.0.title`, `alternates.2.hreflang`, `extras.0`.
   * The first segment names the table column.
   */
  field?: string;
  /** 1-based source line / column when known. */
  line?: number;
  column?: number;
}

/** A parse failure: the XML is not well-formed past this point. */
export interface FatalError {
  message: string;
  line: number;
  column: number;
  /**
   * The rule of the finding that reports it (SITEMAP-RULES.md): ENC-004 for XML that is not
   * well-formed, XML-001 for a root that is no sitemap, GZ-00x for a file refused unread …
   */
  rule?: string;
  /** The offending source line, at most 200 characters (a window around the column for long lines). */
  excerpt?: string;
}

/** Comments and processing instructions a parse read past, counted, with the first few named. */
export interface Unkept {
  comments: number;
  instructions: number;
  /** The first comments' text (trimmed, at most 60 characters each), at most 3. */
  commentSamples: string[];
  /** Targets of the first processing instructions (`my-app` for `<?my-app …?>`), at most 3, distinct. */
  instructionNames: string[];
}

/** The whole parsed (or edited) sitemap. */
export interface SitemapDocument {
  kind: DocumentKind;
  entries: Entry[];
  /**
   * For a file that mixes `<url>` and `<sitemap>` children (IMP-023), the minority kind is kept
   * here so nothing is lost; empty otherwise.
   */
  otherEntries?: Entry[];
  /** Namespace declarations found on the root element, prefix ('' for default) → URI, as read. */
  namespaces?: Record<string, string>;
  /** href of an `<?xml-stylesheet?>` processing instruction, if the source had one (IMP-024). */
  stylesheet?: string;
  /** Unknown elements directly under the root (XML-010), verbatim. */
  rootExtras?: RawXml[];
  /**
   * Comments and processing instructions of the source that the document does not hold
   * (IMP-024; the stylesheet is `stylesheet`): a normalized export leaves them out and says so.
   */
  unkept?: Unkept;
  /** True when the source was not well-formed and only a recovered prefix is here (IMP-012). */
  partial?: boolean;
  /** Source facts, for SIZE/GZ/ENC rules and the UI. */
  source?: {
    fileName?: string;
    /** Bytes as given (compressed size for gzip). */
    bytes: number;
    /** Decompressed, decoded byte length. */
    decodedBytes: number;
    gzip: boolean;
    /** Encoding used to decode, e.g. `utf-8`, `utf-16le`, `windows-1252`. */
    encoding: string;
  };
  /** Next id to hand out for a new entry (max id + 1). */
  nextId: number;
}

/**
 * Where each entry sits in the source, for export that keeps the file's own formatting
 * (core/keep/). Positions count in `unit`: `bytes` are offsets into the decompressed file after
 * `base` bytes (a BOM); `chars` are UTF-16 indexes into the decoded text (BOM excluded), which
 * the exporter maps to bytes once when it needs them. Typed arrays: 8 bytes per entry.
 */
export interface SourceLayout {
  unit: 'bytes' | 'chars';
  /** Bytes before position 0 (a byte order mark). */
  base: number;
  /** `[start, end)` of entry i at `2i`, `2i + 1`: from `<` of its start tag past `>` of its end tag (text: the line). */
  spans: Int32Array;
  /** XML: just past the root start tag's `>`; -1 for text. */
  rootOpenEnd: number;
  /** XML: `<` of the root end tag (-1 when the root is self-closing); -1 for text. */
  rootCloseStart: number;
  /** True when undecodable bytes were replaced (positions no longer map to bytes). */
  lossy: boolean;
}

/** Result of `parseSitemap`. Never thrown: bad content comes back as `fatal` and `issues`. */
export interface ParseResult {
  kind: DocumentKind;
  document: SitemapDocument;
  issues: Issue[];
  fatal: FatalError | null;
  /** Entry positions in the source (XML sitemaps and text sitemaps read from bytes without a fatal error). */
  layout?: SourceLayout;
  /**
   * Which extension columns some entry uses, when the reader of the result worked it out (the
   * worker does, see core/extensionUse.ts; `parseSitemap` leaves it out).
   */
  used?: UsedColumns;
}

/**
 * A document's own settings (SITEMAP-RULES.md section 1): what it is checked and exported under,
 * saved with it. Each change is a document edit: an undo step of its own (a `Patch` with
 * `settings`, core/patch.ts), so Undo and Redo bring a setting back with its findings. How the
 * app looks (theme, hidden columns, sort) is no setting of the document and never in history.
 *
 * @example const s: DocumentSettings = { publishUrl: 'https://www.example.com/sitemap.xml', crossSubmission: false }
 */
export interface DocumentSettings {
  /** Where the file will be published: scope of the HOST/IDX rules, base of split exports' index. */
  publishUrl: string;
  /** Other hosts are verified (HOST-001 and IDX-004 become warnings). */
  crossSubmission: boolean;
  /** Severity profile (rules/profile.ts); absent = Search engines. */
  profile?: SeverityProfile;
  /** How the user reads `05/01/2024`, once asked (what date fixes and typed dates write). */
  dateOrder?: DayMonthOrder;
}

/** Settings that make HOST/IDX rules decidable (SITEMAP-RULES.md section 1). */
export interface ValidationSettings {
  /** Where the file will be published, e.g. `https://www.example.com/sitemap.xml`. */
  publishUrl?: string;
  /** Cross-submission allowed: HOST-001 and IDX-004 become warnings. */
  crossSubmission?: boolean;
  /** "Now" in ms since the epoch, for future-date and news-age rules. Passed in: core reads no clock. */
  now: number;
  /** Severity profile (rules/profile.ts); absent = *Search engines*. */
  profile?: SeverityProfile;
  /** How to read `05/01/2024` in date fixes, once the user has said (w3cDate.ts). */
  dateOrder?: DayMonthOrder;
}

/**
 * Create an issue object: the one constructor, so every producer fills the same fields and names a
 * registered rule (`RuleId`, src/core/rules/registry.ts).
 */
export function makeIssue(
  rule: RuleId,
  severity: Severity,
  message: string,
  where: { entry?: number; field?: string; line?: number; column?: number } = {},
): Issue {
  const issue: Issue = { rule, severity, message };
  if (where.entry !== undefined) issue.entry = where.entry;
  if (where.field !== undefined) issue.field = where.field;
  if (where.line !== undefined) issue.line = where.line;
  if (where.column !== undefined) issue.column = where.column;
  return issue;
}

/** True for documents whose entries name sitemaps (an index, a robots.txt's `Sitemap:` lines), not pages. */
export function listsSitemaps(kind: DocumentKind): boolean {
  return kind === 'sitemapindex' || kind === 'robots';
}

/** What a set of documents lists: page URLs (urlset, text, feed entries) and sitemaps (index entries). */
export interface EntryCounts {
  urls: number;
  sitemaps: number;
}

/**
 * Count what documents list, index entries as sitemaps and never as URLs: the one count behind
 * every "N URLs" of a session (restore banner, Recent, the workspace panel).
 *
 * @example entryCounts([{ kind: 'sitemapindex', entries: [e1, e2] }, { kind: 'urlset', entries: [e3] }]) // { urls: 1, sitemaps: 2 }
 */
export function entryCounts(docs: Iterable<Pick<SitemapDocument, 'kind' | 'entries'>>): EntryCounts {
  const c: EntryCounts = { urls: 0, sitemaps: 0 };
  for (const d of docs) {
    if (listsSitemaps(d.kind)) c.sitemaps += d.entries.length;
    else c.urls += d.entries.length;
  }
  return c;
}

/**
 * What the rows of a workspace's combined table are (core/workspace.ts `combinedRows`): index
 * entries (`sitemap`) when every file is an index, else page URLs.
 */
export function combinedNoun(files: readonly { kind: DocumentKind }[]): 'URL' | 'sitemap' {
  return files.length > 0 && files.every((f) => f.kind === 'sitemapindex') ? 'sitemap' : 'URL';
}

/** An empty document of the given kind. */
export function emptyDocument(kind: DocumentKind = 'urlset'): SitemapDocument {
  return { kind, entries: [], nextId: 0 };
}
