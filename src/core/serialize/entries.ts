/**
 * Writers for one `<url>` / `<sitemap>` entry and for plain-text lines (OUT-003..006, OUT-009).
 * Each adds the entry's text as pieces (fixed tags, the model's own value strings) and says whether it wrote anything; the chunk writer joins a batch of pieces once.
 * No string is built per entry: concatenated, each entry left a rope of four or five cons
 * strings behind (garbage for the scavenger), and the batch rope had to be flattened before its
 * final copy (session 16: the 50k export 1.6× faster). `writeUrl` returns one entry's text.
 */

import { FIELDS, LIST_FIELDS } from '../fields.ts';
import { readRows } from '../lazyEntries.ts';
import type { Entry } from '../model.ts';
import { isUrlLine } from '../urls.ts';
import { cleanText, cleanUrl, plainUrl, trimReported } from './escape.ts';
import {
  type Tags,
  type WriteContext,
  writeAlternates,
  writeExtras,
  writeImages,
  writeNews,
  writeVideos,
} from './extensions.ts';
import { normalizeChangefreq, normalizeDate, normalizePriority } from './normalize.ts';
import { Pieces } from './sink.ts';

/** Indentation tables: pretty (two spaces per level) and compact (none). */
export const PRETTY_INDENT: readonly string[] = [
  '',
  '  ',
  '    ',
  '      ',
  '        ',
  '          ',
  '            ',
];
export const COMPACT_INDENT: readonly string[] = ['', '', '', '', '', '', ''];

// Fast paths: a value already in canonical form is written as is. Each check admits only values
// that trimming, OUT-006 normalisation and escaping would all return unchanged.

const NOT_DATE_CHAR = /[^0-9:+\-TZ.]/;

/** Only `[0-9:+\-TZ.]`, and seconds present when there is a time (normalizeDate's own fast path). */
function isCanonicalDate(v: string): boolean {
  if (v.length > 10 && v.charCodeAt(16) !== 58) return false;
  return !NOT_DATE_CHAR.test(v);
}

function lastmodOut(ctx: WriteContext, raw: string): string {
  if (isCanonicalDate(raw)) return raw;
  return cleanText(ctx, normalizeDate(trimReported(ctx, raw, 'lastmod')), 'lastmod');
}

/** Only `[a-z]` (e.g. `weekly`). */
function isLowerWord(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}

/** `0.d` or `1.d` (normalizePriority's own fast path). */
function isCanonicalPriority(v: string): boolean {
  if (v.length !== 3 || v.charCodeAt(1) !== 46) return false;
  const a = v.charCodeAt(0);
  const b = v.charCodeAt(2);
  return (a === 48 || a === 49) && b >= 48 && b <= 57;
}

/**
 * One `<url>` element with all its children in OUT-003 order, added to `out` as pieces; false
 * (nothing added) when the entry is left out. Sets `ctx.flags`, `ctx.used`, `ctx.newsCount` for
 * the entry (the caller resets them).
 */
export function urlParts(ctx: WriteContext, e: Entry, out: Pieces): boolean {
  ctx.entry = e.id;
  const t = ctx.tags;
  // An XML sitemap holds URLs only: a text line that is not one is left out (issue 15).
  if (ctx.nonUrl !== null && !isUrlLine(e.loc)) return false;
  // `c` is the element whose end tag is still pending; it is fused with the next tag.
  out.add(t.urlOpen);
  out.add(cleanUrl(ctx, e.loc, 'loc'));
  let c = 0;
  if (e.lastmod !== undefined) {
    const v = lastmodOut(ctx, e.lastmod);
    if (v !== '') {
      out.add(t.fused[c][1]);
      out.add(v);
      c = 1;
    }
  }
  if (!ctx.lean) {
    if (!hasExtensions(e)) {
      const tail = simpleTail(t, c, e.changefreq, e.priority);
      if (tail !== undefined) {
        out.add(tail);
        return true;
      }
    }
    if (e.changefreq !== undefined) {
      const raw = e.changefreq;
      const v = isLowerWord(raw)
        ? raw
        : cleanText(ctx, normalizeChangefreq(trimReported(ctx, raw, 'changefreq')), 'changefreq');
      if (v !== '') {
        out.add(t.fused[c][2]);
        out.add(v);
        c = 2;
      }
    }
    if (e.priority !== undefined) {
      const raw = e.priority;
      const v = isCanonicalPriority(raw)
        ? raw
        : cleanText(ctx, normalizePriority(trimReported(ctx, raw, 'priority')), 'priority');
      if (v !== '') {
        out.add(t.fused[c][3]);
        out.add(v);
        c = 3;
      }
    }
  }
  if (!hasExtensions(e)) {
    out.add(t.fusedEnd[c]);
    return true;
  }
  out.add(t.closes[c]);
  if (e.images !== undefined && e.images.length > 0) out.add(writeImages(ctx, e.images));
  if (e.videos !== undefined && e.videos.length > 0) out.add(writeVideos(ctx, e.videos));
  if (e.news !== undefined && e.news.length > 0) out.add(writeNews(ctx, e.news));
  if (e.alternates !== undefined && e.alternates.length > 0) out.add(writeAlternates(ctx, e.alternates));
  if (e.extras !== undefined && e.extras.length > 0) out.add(writeExtras(ctx, e.extras, 2));
  out.add(t.urlClose);
  return true;
}

/** Writes one entry with `parts` and returns its text ('' when it is left out). */
function joined(parts: EntryParts, ctx: WriteContext, e: Entry): string {
  const out = new Pieces();
  return parts(ctx, e, out) ? out.take() : '';
}

/** An entry writer of the chunk writer: adds the entry's pieces, false when it writes nothing. */
export type EntryParts = (ctx: WriteContext, e: Entry, out: Pieces) => boolean;

/** {@link urlParts} as one string ('' when the entry is left out). */
export function writeUrl(ctx: WriteContext, e: Entry): string {
  return joined(urlParts, ctx, e);
}

/** Distinct changefreq values whose tails are kept (a file of odd values takes the general path). */
const MAX_TAIL_KEYS = 32;
/** Slots of a tail row: pending element (0 loc, 1 lastmod) × priority (0.0–1.9, or none = 20). */
const NO_PRIORITY = 20;

/**
 * The rest of a `<url>` after its loc or lastmod when changefreq and priority are already
 * canonical (or absent): one cached string instead of five appends per entry. Undefined when a
 * value needs cleaning (the general path then writes it, with its reports).
 */
function simpleTail(
  t: Tags,
  c: number,
  changefreq: string | undefined,
  priority: string | undefined,
): string | undefined {
  if (changefreq !== undefined && !isLowerWord(changefreq)) return undefined;
  let p = NO_PRIORITY;
  if (priority !== undefined) {
    if (!isCanonicalPriority(priority)) return undefined;
    p = (priority.charCodeAt(0) - 48) * 10 + priority.charCodeAt(2) - 48;
  }
  const key = changefreq ?? '';
  let row = t.tails.get(key);
  if (row === undefined) {
    if (t.tails.size >= MAX_TAIL_KEYS) return undefined;
    row = [];
    t.tails.set(key, row);
  }
  const slot = c * (NO_PRIORITY + 1) + p;
  let tail = row[slot];
  if (tail === undefined) {
    const parts: string[] = [];
    let pending = c;
    if (key !== '') {
      parts.push(t.fused[pending][2], key);
      pending = 2;
    }
    if (priority !== undefined) {
      parts.push(t.fused[pending][3], priority);
      pending = 3;
    }
    parts.push(t.fusedEnd[pending]);
    tail = parts.join('');
    row[slot] = tail;
  }
  return tail;
}

function hasExtensions(e: Entry): boolean {
  return (
    (e.images !== undefined && e.images.length > 0) ||
    (e.videos !== undefined && e.videos.length > 0) ||
    (e.news !== undefined && e.news.length > 0) ||
    (e.alternates !== undefined && e.alternates.length > 0) ||
    (e.extras !== undefined && e.extras.length > 0)
  );
}

/** One `<sitemap>` element of an index: `loc`, `lastmod`, then preserved extras. */
export function sitemapRefParts(ctx: WriteContext, e: Entry, out: Pieces): boolean {
  ctx.entry = e.id;
  const t = ctx.tags;
  out.add(t.sitemapOpen);
  out.add(cleanUrl(ctx, e.loc, 'loc'));
  out.add(t.locClose);
  if (e.lastmod !== undefined) {
    const v = lastmodOut(ctx, e.lastmod);
    if (v !== '') {
      out.add(t.lastmodOpen);
      out.add(v);
      out.add(t.lastmodClose);
    }
  }
  if (e.extras !== undefined && e.extras.length > 0) out.add(writeExtras(ctx, e.extras, 2));
  out.add(t.sitemapClose);
  return true;
}

/** One line of a text sitemap (URL-escaped, not entity-escaped); nothing for an empty loc. */
export function textLineParts(ctx: WriteContext, e: Entry, out: Pieces): boolean {
  ctx.entry = e.id;
  if (ctx.nonUrl !== null && !isUrlLine(e.loc)) {
    const line = e.loc.trim();
    if (ctx.nonUrl === 'drop' || line === '') return false;
    out.add(line);
    out.add('\n');
    return true;
  }
  const v = plainUrl(ctx, e.loc, 'loc');
  if (v === '') return false;
  out.add(v);
  out.add('\n');
  return true;
}

export { isUrlLine };

/** True when an entry carries data a text sitemap cannot hold (TXT-006). */
export function hasMetadata(e: Entry): boolean {
  return (
    e.lastmod !== undefined ||
    e.changefreq !== undefined ||
    e.priority !== undefined ||
    (e.images?.length ?? 0) > 0 ||
    (e.videos?.length ?? 0) > 0 ||
    (e.news?.length ?? 0) > 0 ||
    (e.alternates?.length ?? 0) > 0 ||
    (e.extras?.length ?? 0) > 0
  );
}

/** What a text sitemap leaves out of a document: the rows that lose data and the fields they lose. */
export interface TextDrops {
  /** Entries with any value besides their URL. */
  rows: number;
  /** Labels of the fields left out, in display order ("Last modified", …; "Other elements"). */
  fields: string[];
}

const DROPPED_SCALARS = ['lastmod', 'changefreq', 'priority'] as const;

/**
 * What writing `entries` as a text sitemap (one URL per line) would drop, in one pass.
 *
 * @example textDrops([{ id: 0, loc: 'https://a/', lastmod: '2024-05-01' }])
 * // { rows: 1, fields: ['Last modified'] }
 */
export function textDrops(entries: readonly Entry[]): TextDrops {
  let rows = 0;
  const seen = new Set<string>();
  // Each row read and dropped: a received document's stay unmade (core/lazyEntries.ts).
  const read = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    const e = read.peek(i);
    if (!hasMetadata(e)) continue;
    rows++;
    for (const f of DROPPED_SCALARS) if (e[f] !== undefined) seen.add(f);
    for (const f of LIST_FIELDS) if ((e[f]?.length ?? 0) > 0) seen.add(f);
    if ((e.extras?.length ?? 0) > 0) seen.add('extras');
  }
  const fields: string[] = [];
  for (const f of [...DROPPED_SCALARS, ...LIST_FIELDS]) if (seen.has(f)) fields.push(FIELDS[f].label);
  if (seen.has('extras')) fields.push('Other elements');
  return { rows, fields };
}
