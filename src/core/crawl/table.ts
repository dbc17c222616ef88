/**
 * Crawl data kept compact: only the columns the audit reads, as typed arrays over one string
 * table, plus two open-addressing hash tables (exact URL, normalised URL) built once. A
 * 1,000,000-row export with 70 columns becomes one string of URLs and a few MB of arrays, which
 * structured-clones (worker → page, page → IndexedDB) without a per-row object.
 */
import type { CrawlFormat, CrawlMapping } from './detect.ts';
import { isNormalCrawlUrl, normaliseCrawlUrl } from './normalise.ts';
import { scanCsv } from './scan.ts';

/** Row flags (`CrawlTable.flags`). */
export const FLAG = {
  /** `noindex` in meta robots / X-Robots-Tag, or the indexability status says so. */
  noindex: 1,
  /** Blocked by robots.txt. */
  blocked: 2,
  /** The export says Non-Indexable (for whatever reason). */
  nonIndexable: 4,
  /** Not HTML by its content type (images, PDFs, CSS…). */
  notHtml: 8,
  /** Set by `indexCrawl`: the canonical link names another URL (after normalisation). */
  canonicalElsewhere: 16,
  /** Set by `indexCrawl`: 200, HTML, not noindex / blocked / non-indexable, self-canonical. */
  indexable: 32,
} as const;

/** Per row, the string spans stored in `spans` (start, end into `text`; start -1 = empty). */
export const SPAN = { url: 0, canonical: 2, redirect: 4, lastmod: 6, width: 8 } as const;

/** Crawl data attached to a document. Plain data: structured-cloneable, storable in IndexedDB. */
export interface CrawlTable {
  fileName: string;
  format: CrawlFormat;
  rows: number;
  /** Every stored string, concatenated. */
  text: string;
  /** `SPAN.width` ints per row. */
  spans: Int32Array;
  /** HTTP status; 0 = no response; -1 = not in the export. */
  status: Int16Array;
  flags: Uint8Array;
  /** Exact-URL hash table: row + 1 per slot, 0 = empty; length a power of two. */
  exact: Int32Array;
  /** Normalised-URL hash table, same layout. */
  norm: Int32Array;
}

/** FNV-1a over `s[from, to)`. */
export function hashRange(s: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function tableSize(rows: number): number {
  let n = 16;
  while (n < rows * 2) n *= 2;
  return n;
}

function put(table: Int32Array, hash: number, row: number): void {
  const mask = table.length - 1;
  let i = hash & mask;
  while (table[i] !== 0) i = (i + 1) & mask;
  table[i] = row + 1;
}

const NOT_INDEXABLE = FLAG.noindex | FLAG.blocked | FLAG.nonIndexable | FLAG.notHtml;

/**
 * Builds the two hash tables over the URL spans and the derived flags `canonicalElsewhere` and
 * `indexable` (O(rows), in the worker: the page only looks rows up).
 */
export function indexCrawl(t: Omit<CrawlTable, 'exact' | 'norm'>): CrawlTable {
  const exact = new Int32Array(tableSize(t.rows));
  const norm = new Int32Array(tableSize(t.rows));
  for (let r = 0; r < t.rows; r++) {
    const at = r * SPAN.width;
    const s = t.spans[at];
    const e = t.spans[at + 1];
    if (s < 0) continue;
    const h = hashRange(t.text, s, e);
    put(exact, h, r);
    const normal = isNormalCrawlUrl(t.text, s, e);
    const n = normal ? null : normaliseCrawlUrl(t.text.slice(s, e));
    put(norm, n === null ? h : hashRange(n, 0, n.length), r);
    const cs = t.spans[at + SPAN.canonical];
    if (
      cs >= 0 &&
      normaliseCrawlUrl(t.text.slice(cs, t.spans[at + SPAN.canonical + 1])) !== (n ?? t.text.slice(s, e))
    )
      t.flags[r] |= FLAG.canonicalElsewhere;
    if (t.status[r] === 200 && (t.flags[r] & (NOT_INDEXABLE | FLAG.canonicalElsewhere)) === 0)
      t.flags[r] |= FLAG.indexable;
  }
  return { ...t, exact, norm };
}

/** Progress callback: characters parsed of the total. */
export type CrawlProgress = (done: number, total: number) => void;

/** Options of {@link parseCrawlCsv}. */
export interface CrawlParseOptions {
  fileName: string;
  format: CrawlFormat;
  /** Records before the data (the header, and a title row above it): `csvHead` in read.ts. */
  headerRow: number;
  /** Field delimiter (`csvHead`). */
  delimiter: string;
  onProgress?: CrawlProgress;
}

const BLOCKED = /blocked by robots/i;

function has(v: string | undefined, word: RegExp): boolean {
  return v !== undefined && word.test(v);
}

/** Row facts from the mapped cells (pure; exported for tests). */
export function rowFacts(
  cell: (field: keyof CrawlMapping) => string | undefined,
  format: CrawlFormat,
): { status: number; flags: number } {
  const code = cell('status');
  let status = code === undefined ? -1 : Number.parseInt(code, 10);
  if (Number.isNaN(status)) status = code !== undefined && /no response|timeout|error/i.test(code) ? 0 : -1;
  if (status === -1 && format === 'search-console') status = 200;
  let flags = 0;
  const idx = cell('indexability');
  const why = cell('indexabilityStatus');
  if (has(cell('metaRobots'), /noindex/i) || has(cell('xRobots'), /noindex/i) || has(why, /noindex/i))
    flags |= FLAG.noindex;
  if (has(cell('statusText'), BLOCKED) || has(why, BLOCKED) || has(code, BLOCKED)) flags |= FLAG.blocked;
  if (has(idx, /^\s*(non[- ]?indexable|no|false)\s*$/i)) flags |= FLAG.nonIndexable;
  const type = cell('contentType');
  if (type !== undefined && !/html/i.test(type)) flags |= FLAG.notHtml;
  return { status, flags };
}

/**
 * Parse a crawl CSV (already decoded) keeping only the mapped columns. Rows without a URL are
 * skipped. Never throws on bad content.
 *
 * @example parseCrawlCsv('Address,Status Code\nhttps://a.example/,200\n', { url: 0, status: 1 }, { fileName: 'c.csv', format: 'generic', headerRow: 1, delimiter: ',' }).rows === 1
 */
export function parseCrawlCsv(text: string, mapping: CrawlMapping, options: CrawlParseOptions): CrawlTable {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const head = options;
  const parts: string[] = [];
  let offset = 0;
  let spans = new Int32Array(SPAN.width * 1024);
  let status = new Int16Array(1024);
  let flags = new Uint8Array(1024);
  let rows = 0;
  const store = (v: string | undefined, at: number) => {
    if (v === undefined) {
      spans[at] = -1;
      spans[at + 1] = -1;
      return;
    }
    parts.push(v);
    spans[at] = offset;
    offset += v.length;
    spans[at + 1] = offset;
  };
  const fields = Object.keys(mapping) as Array<keyof CrawlMapping>;
  const columns: number[] = [];
  fields.forEach((f, slot) => {
    const c = mapping[f];
    if (c !== undefined) columns[c] = slot;
  });
  for (let c = 0; c < columns.length; c++) if (columns[c] === undefined) columns[c] = -1;
  const slotOf = new Map(fields.map((f, slot) => [f, slot]));
  let row: Array<string | undefined> = [];
  const cell = (f: keyof CrawlMapping) => {
    const slot = slotOf.get(f);
    const v = slot === undefined ? undefined : row[slot]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  scanCsv(
    source,
    head.delimiter,
    columns,
    head.headerRow,
    (cells) => {
      row = cells;
      const url = cell('url');
      if (url === undefined) return;
      if (rows === status.length) {
        const n = rows * 2;
        const s2 = new Int32Array(SPAN.width * n);
        s2.set(spans);
        spans = s2;
        const st = new Int16Array(n);
        st.set(status);
        status = st;
        const fl = new Uint8Array(n);
        fl.set(flags);
        flags = fl;
      }
      const at = rows * SPAN.width;
      store(url, at + SPAN.url);
      const canonical = cell('canonical');
      store(canonical === url ? undefined : canonical, at + SPAN.canonical);
      store(cell('redirect'), at + SPAN.redirect);
      store(cell('lastmod'), at + SPAN.lastmod);
      const f = rowFacts(cell, options.format);
      status[rows] = f.status;
      flags[rows] = f.flags;
      rows++;
    },
    options.onProgress ? (offset) => options.onProgress?.(offset, source.length) : undefined,
  );
  return indexCrawl({
    fileName: options.fileName,
    format: options.format,
    rows,
    text: parts.join(''),
    spans: spans.slice(0, rows * SPAN.width),
    status: status.slice(0, rows),
    flags: flags.slice(0, rows),
  });
}

/** One string column of a row ('' when empty). */
export function crawlString(t: CrawlTable, row: number, span: number): string {
  const s = t.spans[row * SPAN.width + span];
  return s < 0 ? '' : t.text.slice(s, t.spans[row * SPAN.width + span + 1]);
}

/** The row whose URL is exactly `url`, or -1. */
export function findExact(t: CrawlTable, url: string): number {
  const mask = t.exact.length - 1;
  let i = hashRange(url, 0, url.length) & mask;
  for (;;) {
    const v = t.exact[i];
    if (v === 0) return -1;
    const r = v - 1;
    const s = t.spans[r * SPAN.width];
    const e = t.spans[r * SPAN.width + 1];
    if (e - s === url.length && t.text.startsWith(url, s)) return r;
    i = (i + 1) & mask;
  }
}

/** The first row whose normalised URL equals `norm` (a `normaliseCrawlUrl` result), or -1. */
export function findNormalised(t: CrawlTable, norm: string): number {
  const mask = t.norm.length - 1;
  let i = hashRange(norm, 0, norm.length) & mask;
  let best = -1;
  for (;;) {
    const v = t.norm[i];
    if (v === 0) return best;
    const r = v - 1;
    if ((best < 0 || r < best) && normaliseCrawlUrl(crawlString(t, r, SPAN.url)) === norm) best = r;
    i = (i + 1) & mask;
  }
}
