/**
 * Crawl data kept compact: only the columns the audit reads, as typed arrays (columns) over one
 * UTF-8 string table (strings.ts) in which each row's URL is string `row` and every other string
 * (targets the crawl lacks, lastmods) is stored once, plus two open-addressing hash tables (exact
 * URL, normalised URL) built once in the worker. A 1,000,000-row export with 70 columns becomes
 * ~45 MB of URL bytes and ~40 MB of arrays, all transferred (worker → page) rather than cloned,
 * and written to IndexedDB in parts.
 */
import { convertToW3c } from '../w3cDate.ts';
import type { CrawlFormat, CrawlMapping } from './detect.ts';
import { isNormalCrawlUrl, normaliseCrawlUrl } from './normalise.ts';
import { scanCsv } from './scan.ts';
import { type ByteStrings, equalsAt, hashString, StringsBuilder, stringAt } from './strings.ts';

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
  /** Set by `buildCrawlTable`: the canonical link names another URL (after normalisation). */
  canonicalElsewhere: 16,
  /** Set by `buildCrawlTable`: 200, HTML, not noindex / blocked / non-indexable, self-canonical. */
  indexable: 32,
} as const;

/** Crawl data attached to a document. Plain data: transferable, storable in IndexedDB. */
export interface CrawlTable extends ByteStrings {
  fileName: string;
  format: CrawlFormat;
  rows: number;
  /**
   * (ByteStrings) Strings 0 … rows-1 are the rows' URLs; after them, each other string once: a
   * canonical or redirect target the crawl does not have as a row, a lastmod.
   */
  /** Per row: string of the canonical link when it differs from the URL as written (-1 = none). */
  canonical: Int32Array;
  /** Per row: string of the redirect target (-1 = none); a crawled target is its row. */
  redirect: Int32Array;
  /** Per row: string of the Last-Modified as W3C (as written when it does not convert), -1 = none. */
  lastmod: Int32Array;
  /** HTTP status; 0 = no response; -1 = not in the export. */
  status: Int16Array;
  flags: Uint8Array;
  /** Exact-URL hash table: row + 1 per slot, 0 = empty; length a power of two. */
  exact: Int32Array;
  /** Normalised-URL hash table, same layout. */
  norm: Int32Array;
}

/** The typed arrays of a table (what the worker transfers and storage writes in parts). */
export const CRAWL_ARRAYS = [
  'bytes',
  'starts',
  'canonical',
  'redirect',
  'lastmod',
  'status',
  'flags',
  'exact',
  'norm',
] as const;

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

/** A row's cells as parsed, before the table is built (`buildCrawlTable`). */
export interface CrawlRows {
  fileName: string;
  format: CrawlFormat;
  urls: string[];
  /** Canonical link when it differs from the URL as written. */
  canonical: Array<string | undefined>;
  redirect: Array<string | undefined>;
  lastmod: Array<string | undefined>;
  status: Int16Array;
  flags: Uint8Array;
}

/**
 * Builds the compact table from parsed rows (in the worker): the URLs as UTF-8, the two hash
 * tables, targets as rows when crawled (else one string each), lastmods converted once per
 * distinct value, and the derived flags `canonicalElsewhere` and `indexable`. O(rows).
 */
export function buildCrawlTable(p: CrawlRows): CrawlTable {
  const rows = p.urls.length;
  const strings = new StringsBuilder();
  const exact = new Int32Array(tableSize(rows));
  const norm = new Int32Array(tableSize(rows));
  const { urls, flags, status } = p;
  for (let r = 0; r < rows; r++) {
    const u = urls[r];
    strings.add(u);
    const h = hashString(u);
    put(exact, h, r);
    const n = isNormalCrawlUrl(u, 0, u.length) ? null : normaliseCrawlUrl(u);
    put(norm, n === null ? h : hashString(n), r);
    const c = p.canonical[r];
    if (c !== undefined && normaliseCrawlUrl(c) !== (n ?? u)) flags[r] |= FLAG.canonicalElsewhere;
    if (status[r] === 200 && (flags[r] & (NOT_INDEXABLE | FLAG.canonicalElsewhere)) === 0)
      flags[r] |= FLAG.indexable;
  }
  const interned = new Map<string, number>();
  const intern = (v: string) => {
    let i = interned.get(v);
    if (i === undefined) {
      i = strings.add(v);
      interned.set(v, i);
    }
    return i;
  };
  const target = (v: string | undefined) => {
    if (v === undefined) return -1;
    const mask = exact.length - 1;
    for (let i = hashString(v) & mask; exact[i] !== 0; i = (i + 1) & mask)
      if (urls[exact[i] - 1] === v) return exact[i] - 1;
    return intern(v);
  };
  const canonical = new Int32Array(rows);
  const redirect = new Int32Array(rows);
  const lastmod = new Int32Array(rows);
  const dates = new Map<string, string>();
  for (let r = 0; r < rows; r++) {
    canonical[r] = target(p.canonical[r]);
    redirect[r] = target(p.redirect[r]);
    const raw = p.lastmod[r];
    if (raw === undefined) lastmod[r] = -1;
    else {
      let w3c = dates.get(raw);
      if (w3c === undefined) {
        const c = convertToW3c(raw);
        w3c = c && !c.assumedZone ? c.value : raw;
        dates.set(raw, w3c);
      }
      lastmod[r] = intern(w3c);
    }
  }
  return {
    fileName: p.fileName,
    format: p.format,
    rows,
    ...strings.finish(),
    canonical,
    redirect,
    lastmod,
    status,
    flags,
    exact,
    norm,
  };
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
  const urls: string[] = [];
  const canonicals: Array<string | undefined> = [];
  const redirects: Array<string | undefined> = [];
  const lastmods: Array<string | undefined> = [];
  let status = new Int16Array(1024);
  let flags = new Uint8Array(1024);
  let rows = 0;
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
        const st = new Int16Array(rows * 2);
        st.set(status);
        status = st;
        const fl = new Uint8Array(rows * 2);
        fl.set(flags);
        flags = fl;
      }
      urls.push(url);
      const canonical = cell('canonical');
      canonicals.push(canonical === url ? undefined : canonical);
      redirects.push(cell('redirect'));
      lastmods.push(cell('lastmod'));
      const f = rowFacts(cell, options.format);
      status[rows] = f.status;
      flags[rows] = f.flags;
      rows++;
    },
    options.onProgress ? (offset) => options.onProgress?.(offset, source.length) : undefined,
  );
  return buildCrawlTable({
    fileName: options.fileName,
    format: options.format,
    urls,
    canonical: canonicals,
    redirect: redirects,
    lastmod: lastmods,
    status: status.slice(0, rows),
    flags: flags.slice(0, rows),
  });
}

/** The row whose URL is exactly `url`, or -1. */
export function findExact(t: CrawlTable, url: string): number {
  const mask = t.exact.length - 1;
  let i = hashString(url) & mask;
  for (;;) {
    const v = t.exact[i];
    if (v === 0) return -1;
    if (equalsAt(t, v - 1, url)) return v - 1;
    i = (i + 1) & mask;
  }
}

/** The first row whose normalised URL equals `norm` (a `normaliseCrawlUrl` result), or -1. */
export function findNormalised(t: CrawlTable, norm: string): number {
  const mask = t.norm.length - 1;
  let i = hashString(norm) & mask;
  let best = -1;
  for (;;) {
    const v = t.norm[i];
    if (v === 0) return best;
    const r = v - 1;
    if ((best < 0 || r < best) && normaliseCrawlUrl(stringAt(t, r)) === norm) best = r;
    i = (i + 1) & mask;
  }
}
