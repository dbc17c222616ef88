/**
 * Writers for one `<url>` / `<sitemap>` entry and for plain-text lines (OUT-003..006, OUT-009).
 */
import type { Entry } from '../model.ts';
import { cleanText, cleanUrl, plainUrl } from './escape.ts';
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

function simple(
  ctx: WriteContext,
  name: string,
  value: string | undefined,
  norm: (v: string) => string,
): string {
  if (value === undefined) return '';
  const v = cleanText(ctx, norm(value.trim()), name);
  return v === '' ? '' : `${ctx.ind[2]}<${name}>${v}</${name}>${ctx.nl}`;
}

/**
 * One `<url>` element with all its children in OUT-003 order. Sets `ctx.flags`, `ctx.used`,
 * `ctx.newsCount` for the entry (the caller resets them).
 */
export function writeUrl(ctx: WriteContext, e: Entry): string {
  ctx.entry = e.id;
  const nl = ctx.nl;
  let s = `${ctx.ind[1]}<url>${nl}${ctx.ind[2]}<loc>${cleanUrl(ctx, e.loc, 'loc')}</loc>${nl}`;
  if (e.lastmod !== undefined) s += simple(ctx, 'lastmod', e.lastmod, normalizeDate);
  if (!ctx.lean) {
    if (e.changefreq !== undefined) s += simple(ctx, 'changefreq', e.changefreq, normalizeChangefreq);
    if (e.priority !== undefined) s += simple(ctx, 'priority', e.priority, normalizePriority);
  }
  if (e.images !== undefined && e.images.length > 0) s += writeImages(ctx, e.images);
  if (e.videos !== undefined && e.videos.length > 0) s += writeVideos(ctx, e.videos);
  if (e.news !== undefined && e.news.length > 0) s += writeNews(ctx, e.news);
  if (e.alternates !== undefined && e.alternates.length > 0) s += writeAlternates(ctx, e.alternates);
  if (e.extras !== undefined && e.extras.length > 0) s += writeExtras(ctx, e.extras, 2);
  return `${s}${ctx.ind[1]}</url>${nl}`;
}

/** One `<sitemap>` element of an index: `loc`, `lastmod`, then preserved extras. */
export function writeSitemapRef(ctx: WriteContext, e: Entry): string {
  ctx.entry = e.id;
  const nl = ctx.nl;
  let s = `${ctx.ind[1]}<sitemap>${nl}${ctx.ind[2]}<loc>${cleanUrl(ctx, e.loc, 'loc')}</loc>${nl}`;
  if (e.lastmod !== undefined) s += simple(ctx, 'lastmod', e.lastmod, normalizeDate);
  if (e.extras !== undefined && e.extras.length > 0) s += writeExtras(ctx, e.extras, 2);
  return `${s}${ctx.ind[1]}</sitemap>${nl}`;
}

/** One line of a text sitemap (URL-escaped, not entity-escaped), or '' for an empty loc. */
export function writeTextLine(ctx: WriteContext, e: Entry): string {
  ctx.entry = e.id;
  const v = plainUrl(ctx, e.loc, 'loc');
  return v === '' ? '' : `${v}\n`;
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
