/**
 * Writers for one `<url>` / `<sitemap>` entry and for plain-text lines (OUT-003..006, OUT-009).
 */
import type { Entry } from '../model.ts';
import { cleanText, cleanUrl, plainUrl, trimReported } from './escape.ts';
import {
  type WriteContext,
  writeAlternates,
  writeExtras,
  writeImages,
  writeNews,
  writeVideos,
} from './extensions.ts';
import { normalizeChangefreq, normalizeDate, normalizePriority } from './normalize.ts';

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

/** Only `[0-9:+\-TZ.]`, and seconds present when there is a time (normalizeDate's own fast path). */
function isCanonicalDate(v: string): boolean {
  const n = v.length;
  if (n > 10 && v.charCodeAt(16) !== 58) return false;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if ((c < 48 || c > 58) && c !== 45 && c !== 43 && c !== 84 && c !== 90 && c !== 46) return false;
  }
  return true;
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
 * One `<url>` element with all its children in OUT-003 order, put onto `ctx.out`. Sets
 * `ctx.flags`, `ctx.used`, `ctx.newsCount` for the entry (the caller resets them).
 */
export function writeUrl(ctx: WriteContext, e: Entry): void {
  ctx.entry = e.id;
  const t = ctx.tags;
  // One string per entry for the simple children (fewer array parts to push and join);
  // `c` is the element whose end tag is still pending; it is fused with the next tag.
  let s = t.urlOpen + cleanUrl(ctx, e.loc, 'loc');
  let c = 0;
  if (e.lastmod !== undefined) {
    const v = lastmodOut(ctx, e.lastmod);
    if (v !== '') {
      s += t.fused[c][1] + v;
      c = 1;
    }
  }
  if (!ctx.lean) {
    if (e.changefreq !== undefined) {
      const raw = e.changefreq;
      const v = isLowerWord(raw)
        ? raw
        : cleanText(ctx, normalizeChangefreq(trimReported(ctx, raw, 'changefreq')), 'changefreq');
      if (v !== '') {
        s += t.fused[c][2] + v;
        c = 2;
      }
    }
    if (e.priority !== undefined) {
      const raw = e.priority;
      const v = isCanonicalPriority(raw)
        ? raw
        : cleanText(ctx, normalizePriority(trimReported(ctx, raw, 'priority')), 'priority');
      if (v !== '') {
        s += t.fused[c][3] + v;
        c = 3;
      }
    }
  }
  const out = ctx.out;
  if (!hasExtensions(e)) {
    out.put(s + t.fusedEnd[c]);
    return;
  }
  out.put(s + t.closes[c]);
  if (e.images !== undefined && e.images.length > 0) writeImages(ctx, e.images);
  if (e.videos !== undefined && e.videos.length > 0) writeVideos(ctx, e.videos);
  if (e.news !== undefined && e.news.length > 0) writeNews(ctx, e.news);
  if (e.alternates !== undefined && e.alternates.length > 0) writeAlternates(ctx, e.alternates);
  if (e.extras !== undefined && e.extras.length > 0) writeExtras(ctx, e.extras, 2);
  out.put(t.urlClose);
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
export function writeSitemapRef(ctx: WriteContext, e: Entry): void {
  ctx.entry = e.id;
  const out = ctx.out;
  const t = ctx.tags;
  out.put(t.sitemapOpen + cleanUrl(ctx, e.loc, 'loc') + t.locClose);
  if (e.lastmod !== undefined) {
    const v = lastmodOut(ctx, e.lastmod);
    if (v !== '') out.put(t.lastmodOpen + v + t.lastmodClose);
  }
  if (e.extras !== undefined && e.extras.length > 0) writeExtras(ctx, e.extras, 2);
  out.put(t.sitemapClose);
}

/** One line of a text sitemap (URL-escaped, not entity-escaped); nothing for an empty loc. */
export function writeTextLine(ctx: WriteContext, e: Entry): void {
  ctx.entry = e.id;
  const v = plainUrl(ctx, e.loc, 'loc');
  if (v !== '') ctx.out.put(`${v}\n`);
}

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
