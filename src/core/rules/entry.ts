/**
 * Runs every entry-local rule (those that need only the entry and the settings) and collects the
 * facts the document counters and indexes need.
 */
import type { DocumentKind, Entry, Issue, ValidationSettings } from '../model.ts';
import { hasEdgeSpace, scanUrl, trimValue } from '../urls.ts';
import { checkChangefreq } from './changefreq.ts';
import { type EntryCtx, URL_LOWER, URL_PLAIN } from './common.ts';
import { familyHash } from './duplicates.ts';
import { checkNestedByName, newOriginMemo, type OriginMemo, originKey } from './host.ts';
import { checkHreflangLocal, type HreflangFacts } from './hreflang.ts';
import { checkImages } from './image.ts';
import { checkLastmod, NO_LASTMOD, recentDayOf } from './lastmod.ts';
import { checkLoc } from './loc.ts';
import { checkNews } from './news.ts';
import { checkPriority } from './priority.ts';
import { entryBytes } from './size.ts';
import { CLEAN_CHANGEFREQ, CLEAN_LASTMOD, CLEAN_LOC, CLEAN_PRIORITY, checkValues } from './values.ts';
import { checkVideos } from './video.ts';

/** What the document-level rules need to know about one entry. */
export interface EntryFacts {
  /** Trimmed loc. */
  exact: string;
  /** `familyHash`: the 31-bit hash of the duplicate-family key of `scanUrl(exact)` (see `dupKeys`). */
  familyHash: number;
  /** Origin key of an absolute http(s) loc (see `originKey`), null otherwise. */
  origin: string | null;
  /** `W3cDate.dayKey` of a valid lastmod, null when none. */
  day: number | null;
  dateOnly: boolean;
  /** Valid trimmed priority, null when none. */
  priority: string | null;
  hasChangefreq: boolean;
  hasPriority: boolean;
  bytes: number;
  newsCount: number;
  newsName: string | null;
  offHostImages: number;
  href: HreflangFacts | null;
}

/** What `checkEntry` keeps between entries for its caller: the last origin key, the lastmod threshold of `now`. */
export interface EntryMemo extends OriginMemo {
  now: number;
  recentDay: number;
}

/** An empty memo for `checkEntry` (one per validator). */
export function newEntryMemo(): EntryMemo {
  return { ...newOriginMemo(), now: Number.NaN, recentDay: 0 };
}

/**
 * Validates one entry in isolation; pushes issues to `out`. The facts are written into `into`
 * when given (every field is set), else into a new object. `side` is an empty scratch list the
 * caller may lend for the hreflang and image issues (appended to `out` in their usual place);
 * it is empty again on return. `memo` (`newEntryMemo`), when lent, reuses the origin key of the
 * previous entry checked with it and the lastmod threshold of `settings.now`.
 *
 * @example checkEntry({ id: 0, loc: '/a' }, 'urlset', { now: 0 }, out).origin === null // and LOC-001 in out
 */
export function checkEntry(
  entry: Entry,
  kind: DocumentKind,
  settings: ValidationSettings,
  out: Issue[],
  into?: EntryFacts,
  side?: Issue[],
  memo?: EntryMemo,
): EntryFacts {
  if (memo !== undefined && memo.now !== settings.now) {
    memo.now = settings.now;
    memo.recentDay = recentDayOf(settings.now);
  }
  const ctx: EntryCtx = { entry, kind, settings, out, url: 0, recentDay: memo?.recentDay };
  const before = out.length;
  const parts = checkLoc(ctx);
  const locUrl = ctx.url!;
  const plainLoc = (locUrl & URL_PLAIN) !== 0;
  const lowerLoc = (locUrl & URL_LOWER) !== 0;
  // The loc's family hash, before the hreflang check reads it (a clean loc lends it to an href
  // written the same, see hreflang.ts `CleanLoc`).
  const exact = plainLoc ? entry.loc : trimValue(entry.loc);
  const locHash = parts ? familyHash(exact, parts, lowerLoc) : familyHash(exact, scanUrl(exact));
  const cleanLoc = parts !== null && out.length === before;
  if (parts && kind === 'sitemapindex') checkNestedByName(ctx, parts);
  const date = checkLastmod(ctx);
  const cf = checkChangefreq(ctx);
  const priority = checkPriority(ctx);
  const e = entry;
  const clean =
    (date !== NO_LASTMOD && !hasEdgeSpace(e.lastmod!) ? CLEAN_LASTMOD : 0) |
    (cf && !hasEdgeSpace(e.changefreq!) ? CLEAN_CHANGEFREQ : 0) |
    (priority !== null && !hasEdgeSpace(e.priority!) ? CLEAN_PRIORITY : 0) |
    (plainLoc ? CLEAN_LOC : 0);
  // hreflang and image rules run first, into side lists appended in their usual place below, so
  // that the value checks and byte counts can skip the URLs they proved plain.
  let href: HreflangFacts | null = null;
  let plainHrefs = 0;
  // hreflang issues, then image issues: appended to `out` after the value checks below.
  const later = entry.alternates || entry.images ? (side ?? []) : null;
  if (entry.alternates) {
    const h = checkHreflangLocal(
      { entry, kind, settings, out: later!, url: 0, recentDay: ctx.recentDay },
      cleanLoc ? { parts, url: locUrl, hash: locHash } : null,
    );
    href = h.facts;
    plainHrefs = h.plainHrefs;
  }
  let offHostImages = 0;
  let plainImages = 0;
  if (entry.images) {
    const im = checkImages({ entry, kind, settings, out: later!, url: 0, recentDay: ctx.recentDay }, parts);
    offHostImages = im.offHost;
    plainImages = im.plainLocs;
  }
  checkValues(ctx, clean, plainImages, plainHrefs);
  const news = entry.news ? checkNews(ctx) : null;
  if (entry.videos) checkVideos(ctx);
  if (later !== null && later.length > 0) {
    for (const i of later) out.push(i);
    later.length = 0;
  }
  // Every field is assigned below, in declaration order (the validator passes its slot as `into`).
  const f = into ?? ({} as EntryFacts);
  f.exact = exact;
  f.familyHash = locHash;
  f.origin = parts ? originKey(parts, memo) : null;
  f.day = date !== NO_LASTMOD ? date >> 1 : null;
  f.dateOnly = date !== NO_LASTMOD && (date & 1) === 1;
  f.priority = priority;
  f.hasChangefreq = cf || (entry.changefreq !== undefined && trimValue(entry.changefreq) !== '');
  f.hasPriority = priority !== null || (entry.priority !== undefined && trimValue(entry.priority) !== '');
  f.bytes = entryBytes(entry, kind, clean, plainImages, plainHrefs);
  f.newsCount = news ? news.count : 0;
  f.newsName = news ? news.name : null;
  f.offHostImages = offHostImages;
  f.href = href;
  return f;
}
