/**
 * SIZE rules (SITEMAP-RULES.md 6.3), XML-007 and TXT-002.
 *
 * Bytes are ESTIMATED per entry, as the exporter would write it (pretty-printed, trimmed,
 * entity-escaped, UTF-8), and summed incrementally. `source.decodedBytes` is not used: it is stale
 * after the first edit and counts the source's own layout, while the limit applies to the file the
 * user will publish, i.e. our export.
 */

import { fmtInt } from '../format.ts';
import { HEADROOM, MAX_BYTES, MAX_URLS } from '../limits.ts';
import type { DocumentKind, Entry, Issue, SitemapDocument, XNode } from '../model.ts';
import { utf8Length } from '../serialize/utf8.ts';
import { bit, CLEAN_CHANGEFREQ, CLEAN_LASTMOD, CLEAN_LOC, CLEAN_PRIORITY } from './values.ts';

/** Bytes of the document around the entries (declaration, root with namespaces, closing tag). */
export const DOCUMENT_OVERHEAD = 420;
const HEADROOM_URLS = HEADROOM.maxUrls;
const HEADROOM_BYTES = HEADROOM.maxBytes;

/**
 * Bytes of `s` as written: UTF-8, with each non-ASCII byte as `%XX` when `percent`, and the five XML
 * specials as entities when `entities`. One loop for the three measures below.
 */
function writtenBytes(s: string, percent: boolean, entities: boolean): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (!entities) continue;
      if (c === 38) n += 4;
      else if (c === 60 || c === 62) n += 3;
      else if (c === 34 || c === 39) n += 5;
    } else if (c < 0x800) n += percent ? 5 : 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += percent ? 10 : 2;
      i++;
    } else n += percent ? 8 : 2;
  }
  return n;
}

/** UTF-8 byte length after XML escaping. @example escapedBytes('a&é') === 8 */
export function escapedBytes(s: string): number {
  return writtenBytes(s, false, true);
}

/**
 * Bytes of a URL as the exporter writes it: percent-encoded first (each non-ASCII UTF-8 byte becomes
 * `%XX`, three bytes), entity-escaped second. @example urlBytes('https://a.com/é') === 20
 */
export function urlBytes(s: string): number {
  return writtenBytes(s, true, true);
}

/** A text sitemap line: percent-encoded, not entity-escaped, plus `\n`. @example textLineBytes('https://a.com/é') === 21 */
export function textLineBytes(s: string): number {
  return writtenBytes(s, true, false) + 1;
}

function urlEl(tag: number, value: string | undefined, indent: number): number {
  return value === undefined ? 0 : 2 * tag + 5 + indent + 1 + urlBytes(value);
}

/** `<tag>value</tag>` plus indentation and newline. */
function el(tag: number, value: string | undefined, indent: number): number {
  return value === undefined ? 0 : 2 * tag + 5 + indent + 1 + escapedBytes(value);
}

function nodesBytes(nodes: readonly XNode[], prefix: number, indent: number): number {
  let n = 0;
  for (const x of nodes) {
    const tag = prefix + x.name.length;
    n += el(tag, x.text, indent);
    if (x.attrs) for (const k in x.attrs) n += k.length + 4 + escapedBytes(x.attrs[k]);
    if (x.children) n += nodesBytes(x.children, prefix, indent + 2) + 2 * tag + 5 + 2 * indent + 2;
  }
  return n;
}

/**
 * Estimated bytes of one entry in the exported XML (text sitemaps: the line). `clean` holds the
 * `CLEAN_*` bits of `checkValues` for fields known to be printable ASCII without `&`, `'`, `<`,
 * `>`, `"` or surrounding spaces (their bytes are their length); `plainImages` / `plainHrefs` mark
 * image locs / alternate hrefs known to be such (bit i: item i).
 *
 * @example entryBytes({ id: 0, loc: 'https://a.com/' }, 'text') === 15
 */
export function entryBytes(e: Entry, kind: DocumentKind, clean = 0, plainImages = 0, plainHrefs = 0): number {
  if (kind === 'text') return clean & CLEAN_LOC ? e.loc.length + 1 : textLineBytes(e.loc);
  let n = 2 * 5 + 5 + 6;
  n += clean & CLEAN_LOC ? 2 * 3 + 5 + 4 + 1 + e.loc.length : urlEl(3, e.loc, 4);
  n += clean & CLEAN_LASTMOD ? 2 * 7 + 5 + 4 + 1 + e.lastmod!.length : el(7, e.lastmod, 4);
  n += clean & CLEAN_CHANGEFREQ ? 2 * 10 + 5 + 4 + 1 + e.changefreq!.length : el(10, e.changefreq, 4);
  n += clean & CLEAN_PRIORITY ? 2 * 8 + 5 + 4 + 1 + e.priority!.length : el(8, e.priority, 4);
  if (e.images) {
    for (let i = 0; i < e.images.length; i++) {
      const im = e.images[i];
      n += 2 * 11 + 5 + 10 + (bit(plainImages, i) ? 2 * 9 + 5 + 6 + 1 + im.loc.length : urlEl(9, im.loc, 6));
      n += el(13, im.caption, 6) + el(11, im.title, 6);
      n += el(18, im.geoLocation, 6) + el(13, im.license, 6);
      if (im.extras) for (const x of im.extras) n += utf8Length(x.xml) + 7;
    }
  }
  if (e.videos) for (const v of e.videos) n += 2 * 11 + 5 + 10 + nodesBytes(v.nodes, 6, 6);
  if (e.news) for (const v of e.news) n += 2 * 9 + 5 + 10 + nodesBytes(v.nodes, 5, 6);
  if (e.alternates) {
    for (let i = 0; i < e.alternates.length; i++) {
      const a = e.alternates[i];
      n += 24 + (a.rel ? escapedBytes(a.rel) + 7 : 0) + (a.hreflang ? escapedBytes(a.hreflang) + 12 : 0);
      const href = !a.href ? 0 : bit(plainHrefs, i) ? a.href.length + 8 : urlBytes(a.href) + 8;
      n += href + (a.media ? escapedBytes(a.media) + 9 : 0);
    }
  }
  if (e.extras) for (const x of e.extras) n += utf8Length(x.xml) + 5;
  return n;
}

const fmt = fmtInt;

/**
 * Document-level size and emptiness rules from the entry count and the byte estimate.
 *
 * @example checkSize(doc, 62_000, 9_000_000, out) // SIZE-001 error
 */
export function checkSize(doc: SitemapDocument, count: number, bytes: number, out: Issue[]): void {
  const kind = doc.kind;
  if (kind === 'robots' || kind === 'unknown') return;
  if (count === 0) {
    out.push({
      rule: 'XML-007',
      severity: 'warning',
      message: 'The sitemap has no entries. Add URLs, or do not publish this file.',
    });
    return;
  }
  const index = kind === 'sitemapindex';
  const what = index ? 'child sitemaps' : 'URLs';
  const countRule = index ? 'SIZE-003' : kind === 'text' ? 'TXT-002' : 'SIZE-001';
  const bytesRule = index ? 'SIZE-003' : kind === 'text' ? 'TXT-002' : 'SIZE-002';
  const split = index
    ? 'Split it into several index files and submit each.'
    : 'Split it into several files listed in a sitemap index (export can do this).';
  const overCount = count > MAX_URLS;
  const overBytes = bytes > MAX_BYTES;
  if (overCount)
    out.push({
      rule: countRule,
      severity: 'error',
      message: `Too many ${what}: ${fmt(count)}; one file may hold at most 50,000. ${split}`,
    });
  // A document opened from a file: the size as opened is what a keep-format export (the default)
  // writes; the estimate is the normalized form's. Both are said, each for what it is.
  const opened = doc.source && doc.source.decodedBytes > 0 ? doc.source.decodedBytes : 0;
  if (overBytes)
    out.push({
      rule: bytesRule,
      severity: 'error',
      message:
        opened > 0
          ? `File too large: ${fmt(opened)} bytes uncompressed as opened (about ${fmt(bytes)} if exported normalized); the limit is 52,428,800 bytes (50 MiB). ${split}`
          : `File too large: about ${fmt(bytes)} bytes when exported; the limit is 52,428,800 bytes (50 MiB) uncompressed. ${split}`,
    });
  if ((overCount || overBytes) && doc.source?.gzip) {
    out.push({
      rule: 'SIZE-004',
      severity: 'error',
      message:
        'The file is gzip-compressed, but the limits apply to the decompressed content; compression does not help. Split it before compressing.',
    });
  }
  if (!overCount && count > HEADROOM_URLS) {
    out.push({
      rule: 'SIZE-005',
      severity: 'warning',
      message: `${fmt(count)} ${what} is close to the 50,000 limit; split early (for example at 45,000) so growth does not break the file.`,
    });
  } else if (!overBytes && bytes > HEADROOM_BYTES) {
    out.push({
      rule: 'SIZE-005',
      severity: 'warning',
      message: `About ${fmt(bytes)} bytes is close to the 50 MiB limit; split early.`,
    });
  }
}
