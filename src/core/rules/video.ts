/** VID rules (SITEMAP-RULES.md 6.13) on `entry.videos`. VID-001 comes from the parser; VID-021 is not checkable offline. */
import type { XNode } from '../model.ts';
import { scanUrl, trimValue } from '../urls.ts';
import { parseW3cDate } from '../w3cDate.ts';
import { firstOutOfOrder, VIDEO_CHILD_ORDER } from '../xsdOrder.ts';
import { type EntryCtx, report, show } from './common.ts';
import { checkUrlValue } from './loc.ts';

const ORDER = VIDEO_CHILD_ORDER;
const REPEATABLE = new Set(['tag', 'price', 'id', 'content_segment_loc']);
const DEPRECATED = new Set(['category', 'gallery_loc', 'price', 'tvshow']);
const UNDOCUMENTED = new Set(['id', 'content_segment_loc']);
const YES_NO = new Set(['family_friendly', 'requires_subscription', 'live']);
const MEDIA_URL = { absRule: 'VID-006', schemes: ['http', 'https', 'ftp'], page: false } as const;
const NOT_MEDIA = /\.(html?|php|aspx?|swf)$/i;

type Ctx = EntryCtx & { f: string; by: Map<string, XNode[]> };

function text(c: Ctx, name: string): string | null {
  const n = c.by.get(name);
  return n ? trimValue(n[0].text) : null;
}

function checkRequired(c: Ctx): void {
  const req: Array<[string, string]> = [
    ['thumbnail_loc', 'thumbnail URL'],
    ['title', 'video title'],
    ['description', 'video description'],
  ];
  for (const [name, label] of req) {
    if (!text(c, name))
      report(c, 'VID-002', 'error', `Missing ${label}: add a non-empty <video:${name}>.`, `${c.f}.${name}`);
  }
  if (!text(c, 'content_loc') && !text(c, 'player_loc')) {
    report(
      c,
      'VID-003',
      'error',
      'Missing video location: add <video:content_loc> (the media file) or <video:player_loc> (an embeddable player).',
      `${c.f}.content_loc`,
    );
  }
}

function checkLocations(c: Ctx): void {
  const page = trimValue(c.entry.loc);
  for (const name of ['thumbnail_loc', 'content_loc', 'player_loc']) {
    const n = c.by.get(name);
    if (!n || trimValue(n[0].text) === '') continue;
    const v = trimValue(n[0].text);
    const parts = checkUrlValue(c, n[0].text, `${c.f}.${name}`, MEDIA_URL);
    if (name !== 'thumbnail_loc' && v === page) {
      report(
        c,
        'VID-004',
        'error',
        `The ${name === 'content_loc' ? 'video file' : 'player'} URL is the same as the page URL; point it at the media file or the embeddable player.`,
        `${c.f}.${name}`,
      );
    }
    if (name === 'content_loc' && parts && NOT_MEDIA.test(parts.path)) {
      report(
        c,
        'VID-005',
        'warning',
        `content_loc ${show(v)} looks like a web page, not a video file; use the .mp4/.webm/.m3u8 URL or move it to player_loc.`,
        `${c.f}.${name}`,
      );
    }
    if (name === 'player_loc' && n[0].attrs && ('allow_embed' in n[0].attrs || 'autoplay' in n[0].attrs)) {
      report(
        c,
        'VID-019',
        'warning',
        'The allow_embed / autoplay attributes of <video:player_loc> are deprecated (no effect since August 2022); remove them.',
        `${c.f}.player_loc`,
      );
    }
  }
}

function checkNumbers(c: Ctx): void {
  const desc = text(c, 'description');
  if (desc && desc.length > 2048)
    report(
      c,
      'VID-007',
      'error',
      `Description is ${desc.length} characters; at most 2,048 are allowed. Shorten it.`,
      `${c.f}.description`,
    );
  const title = text(c, 'title');
  if (title && title.length > 100)
    report(
      c,
      'VID-008',
      'warning',
      `Title is ${title.length} characters; the schema allows 100. Shorten it to match the page title.`,
      `${c.f}.title`,
    );
  const dur = text(c, 'duration');
  if (dur !== null) {
    const n = /^\d+$/.test(dur) ? Number(dur) : Number.NaN;
    if (n === 0)
      report(c, 'VID-009', 'warning', 'Duration 0: Google expects 1 to 28,800 seconds.', `${c.f}.duration`);
    else if (!(n >= 1 && n <= 28800))
      report(
        c,
        'VID-009',
        'error',
        `Invalid duration ${show(dur)}: whole seconds from 1 to 28,800 (e.g. 600 for ten minutes).`,
        `${c.f}.duration`,
      );
  }
  const rating = text(c, 'rating');
  if (rating !== null && !(/^\d+(\.\d+)?$|^\.\d+$/.test(rating) && Number(rating) <= 5)) {
    report(
      c,
      'VID-011',
      'error',
      `Invalid rating ${show(rating)}: a number from 0.0 to 5.0.`,
      `${c.f}.rating`,
    );
  }
  const views = text(c, 'view_count');
  if (views !== null && !/^\d+$/.test(views))
    report(
      c,
      'VID-012',
      'error',
      `Invalid view count ${show(views)}: digits only, no separators.`,
      `${c.f}.view_count`,
    );
}

function checkDates(c: Ctx): void {
  for (const name of ['publication_date', 'expiration_date']) {
    const v = text(c, name);
    if (v === null) continue;
    const d = parseW3cDate(v);
    if (!d.ok || d.precision === 'year' || d.precision === 'month' || d.precision === 'minute') {
      report(
        c,
        'VID-010',
        'error',
        `Invalid date: ${show(v)}; use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm.`,
        `${c.f}.${name}`,
      );
    } else if (name === 'expiration_date' && d.earliestMs + 14 * 3_600_000 < c.settings.now) {
      report(
        c,
        'VID-010',
        'warning',
        `Expiration date ${show(v)} is in the past: the video will no longer be shown.`,
        `${c.f}.${name}`,
      );
    }
  }
}

function checkEnums(c: Ctx): void {
  for (const name of YES_NO) {
    const v = text(c, name);
    if (v === null || v === 'yes' || v === 'no') continue;
    const lower = v.toLowerCase();
    if (lower === 'yes' || lower === 'no')
      report(c, 'VID-013', 'warning', `Write ${show(v)} in lowercase: “${lower}”.`, `${c.f}.${name}`);
    else
      report(
        c,
        'VID-013',
        'error',
        `Invalid value ${show(v)} for <video:${name}>: use yes or no.`,
        `${c.f}.${name}`,
      );
  }
  checkRelationship(
    c,
    'restriction',
    /^[A-Z]{2}( [A-Z]{2})*$/,
    'space-separated uppercase country codes such as “CA MX”',
  );
  checkRelationship(
    c,
    'platform',
    /^(web|mobile|tv)( (web|mobile|tv))*$/,
    'space-separated values from web, mobile, tv',
  );
}

function checkRelationship(c: Ctx, name: string, pattern: RegExp, what: string): void {
  const n = c.by.get(name)?.[0];
  if (!n) return;
  const rule = name === 'restriction' ? 'VID-014' : 'VID-015';
  const rel = n.attrs?.relationship;
  if (rel !== 'allow' && rel !== 'deny')
    report(
      c,
      rule,
      'error',
      `<video:${name}> needs relationship="allow" or relationship="deny".`,
      `${c.f}.${name}`,
    );
  const v = trimValue(n.text);
  if (!pattern.test(v))
    report(c, rule, 'error', `Invalid ${name} ${show(v)}: use ${what}.`, `${c.f}.${name}`);
}

function checkUploaderTags(c: Ctx): void {
  const up = c.by.get('uploader')?.[0];
  if (up) {
    if (trimValue(up.text).length > 255)
      report(
        c,
        'VID-016',
        'error',
        'Uploader name is longer than 255 characters; shorten it.',
        `${c.f}.uploader`,
      );
    const info = up.attrs?.info;
    const page = scanUrl(trimValue(c.entry.loc));
    const target = info ? scanUrl(trimValue(info)) : null;
    if (info !== undefined && (!target || (page && target.host.toLowerCase() !== page.host.toLowerCase()))) {
      report(
        c,
        'VID-016',
        'warning',
        `Uploader info URL ${show(info)} should be an absolute URL on the page's own domain.`,
        `${c.f}.uploader`,
      );
    }
  }
  const tags = c.by.get('tag') ?? [];
  if (tags.length > 32)
    report(
      c,
      'VID-017',
      'error',
      `${tags.length} tags; at most 32 per video. Keep the most relevant.`,
      `${c.f}.tag`,
    );
  if (tags.some((t) => trimValue(t.text) === ''))
    report(c, 'VID-017', 'error', 'Empty <video:tag>: remove it or fill it in.', `${c.f}.tag`);
}

function checkStructure(c: Ctx, nodes: readonly XNode[]): void {
  for (const [name, list] of c.by) {
    if (list.length > 1 && !REPEATABLE.has(name) && ORDER.includes(name)) {
      report(
        c,
        'VID-018',
        'error',
        `<video:${name}> appears ${list.length} times in one video; keep one.`,
        `${c.f}.${name}`,
      );
    }
    if (DEPRECATED.has(name))
      report(
        c,
        'VID-019',
        'warning',
        `<video:${name}> is deprecated (no effect since August 2022); remove it.`,
        `${c.f}.${name}`,
      );
    else if (UNDOCUMENTED.has(name))
      report(
        c,
        'VID-019',
        'info',
        `<video:${name}> is in the schema but not in Google's documentation; it is probably ignored.`,
        `${c.f}.${name}`,
      );
  }
  const n = firstOutOfOrder(nodes, ORDER);
  if (n !== null)
    report(
      c,
      'VID-020',
      'warning',
      `<video:${n.name}> is out of schema order; export writes the XSD order.`,
      `${c.f}.${n.name}`,
    );
}

/**
 * Checks every `video:video` of the entry.
 *
 * @example checkVideos(ctx) // video without title → VID-002 at videos.0.title
 */
export function checkVideos(ctx: EntryCtx): void {
  const videos = ctx.entry.videos!;
  for (let i = 0; i < videos.length; i++) {
    const by = new Map<string, XNode[]>();
    for (const n of videos[i].nodes) {
      const list = by.get(n.name);
      if (list) list.push(n);
      else by.set(n.name, [n]);
    }
    const c: Ctx = { ...ctx, f: `videos.${i}`, by };
    checkRequired(c);
    checkLocations(c);
    checkNumbers(c);
    checkDates(c);
    checkEnums(c);
    checkUploaderTags(c);
    checkStructure(c, videos[i].nodes);
  }
}
