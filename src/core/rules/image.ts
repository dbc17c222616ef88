/** IMG rules (SITEMAP-RULES.md 6.12) on `entry.images`. IMG-001 and IMG-008 come from the parser. */
import { scanUrl, trimValue, type UrlParts } from '../urls.ts';
import { type EntryCtx, report, show, URL_PLAIN } from './common.ts';
import { checkUrlValue } from './loc.ts';

const MAX_IMAGES = 1000;
const IMAGE_URL = { absRule: 'IMG-003', schemes: ['http', 'https'], page: false } as const;
const DEPRECATED = ['caption', 'title', 'geoLocation', 'license'] as const;
const TAG: Record<(typeof DEPRECATED)[number], string> = {
  caption: 'caption',
  title: 'title',
  geoLocation: 'geo_location',
  license: 'license',
};

/** Up to this many images, IMG-007 scans the earlier locs instead of filling a map. */
const SEEN_SCAN = 16;
/** Scratch for IMG-007 (`checkImages` is not re-entered): trimmed loc of image i. */
const seenLocs: string[] = [];

/** `images.<i>.loc`, made once per index (every image's URL check is given its field). */
const LOC_FIELDS: string[] = [];
function locField(i: number): string {
  let f = LOC_FIELDS[i];
  if (f === undefined) {
    f = `images.${i}.loc`;
    if (i < 256) LOC_FIELDS[i] = f;
  }
  return f;
}

/** The IMG-006 message by the set of deprecated tags (bit k: `DEPRECATED[k]`), made once each. */
const DEPRECATED_MESSAGES: string[] = [];
function deprecatedMessage(bits: number): string {
  let m = DEPRECATED_MESSAGES[bits];
  if (m === undefined) {
    const tags = DEPRECATED.filter((_, k) => bits & (1 << k))
      .map((k) => `image:${TAG[k]}`)
      .join(', ');
    m = `Deprecated tag ${tags}: Google ignores it since August 2022. Remove it (put captions in the page's alt text).`;
    DEPRECATED_MESSAGES[bits] = m;
  }
  return m;
}

/** What `checkImages` returns. */
export interface ImagesCheck {
  /** How many images sit on another host than the page (IMG-005, reported once per document). */
  offHost: number;
  /**
   * Bit i set when the loc of image i (i < 31) is plain: printable ASCII without `&`, `'`, `<`,
   * `>`, `"` or surrounding spaces (no ENC issue, bytes = length).
   */
  plainLocs: number;
}

/**
 * Checks every image of the entry.
 *
 * @example checkImages(ctx, pageParts) // image without loc → IMG-002
 */
export function checkImages(ctx: EntryCtx, page: UrlParts | null): ImagesCheck {
  const images = ctx.entry.images!;
  let plainLocs = 0;
  if (images.length > MAX_IMAGES) {
    report(
      ctx,
      'IMG-004',
      'error',
      `${images.length} images on one page; at most 1,000 are allowed. Keep the 1,000 most important.`,
      'images',
    );
  }
  // Trimmed locs so far, for IMG-007: a scan over a few (most pages have one to three images),
  // a map from SEEN_SCAN on.
  const few = images.length <= SEEN_SCAN;
  const seen = few ? null : new Map<string, number>();
  if (few) seenLocs.length = 0;
  let offHost = 0;
  const pageHost = page ? page.host.toLowerCase() : null;
  for (let i = 0; i < images.length; i++) {
    const im = images[i];
    const loc = trimValue(im.loc);
    let first = -1;
    if (loc === '') {
      report(
        ctx,
        'IMG-002',
        'error',
        'Image without a URL: every <image:image> needs an <image:loc>. Enter the image URL or remove the image.',
        locField(i),
      );
    } else {
      const parts = checkUrlValue(ctx, im.loc, locField(i), IMAGE_URL);
      if (i < 31 && ctx.url! & URL_PLAIN) plainLocs |= 1 << i;
      if (parts && pageHost !== null && parts.host.toLowerCase() !== pageHost) offHost++;
      first = seen === null ? seenLocs.indexOf(loc) : (seen.get(loc) ?? -1);
      if (first >= 0) {
        report(
          ctx,
          'IMG-007',
          'warning',
          `Image ${show(loc)} is listed twice on this page (also image ${first + 1}); keep one.`,
          `images.${i}.loc`,
        );
      } else seen?.set(loc, i);
    }
    // '' (no loc, or a repeat) is never found: the first of a repeated loc is.
    if (seen === null) seenLocs[i] = loc === '' || first >= 0 ? '' : loc;
    const bits =
      (im.caption !== undefined ? 1 : 0) |
      (im.title !== undefined ? 2 : 0) |
      (im.geoLocation !== undefined ? 4 : 0) |
      (im.license !== undefined ? 8 : 0);
    if (bits !== 0) {
      const tag = DEPRECATED[31 - Math.clz32(bits & -bits)];
      report(ctx, 'IMG-006', 'warning', deprecatedMessage(bits), `images.${i}.${tag}`);
    }
  }
  return { offHost, plainLocs };
}

/** Host of an image URL, lowercased ('' when not absolute). @example imageHost('https://CDN.x.net/a.jpg') === 'cdn.x.net' */
export function imageHost(loc: string): string {
  return scanUrl(trimValue(loc))?.host.toLowerCase() ?? '';
}
