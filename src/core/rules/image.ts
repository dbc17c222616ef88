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
  const seen = new Map<string, number>();
  let offHost = 0;
  const pageHost = page ? page.host.toLowerCase() : null;
  for (let i = 0; i < images.length; i++) {
    const im = images[i];
    const loc = trimValue(im.loc);
    if (loc === '') {
      report(
        ctx,
        'IMG-002',
        'error',
        'Image without a URL: every <image:image> needs an <image:loc>. Enter the image URL or remove the image.',
        `images.${i}.loc`,
      );
    } else {
      const parts = checkUrlValue(ctx, im.loc, `images.${i}.loc`, IMAGE_URL);
      if (i < 31 && ctx.url! & URL_PLAIN) plainLocs |= 1 << i;
      if (parts && pageHost !== null && parts.host.toLowerCase() !== pageHost) offHost++;
      const first = seen.get(loc);
      if (first !== undefined) {
        report(
          ctx,
          'IMG-007',
          'warning',
          `Image ${show(loc)} is listed twice on this page (also image ${first + 1}); keep one.`,
          `images.${i}.loc`,
        );
      } else seen.set(loc, i);
    }
    const dep = DEPRECATED.filter((k) => im[k] !== undefined);
    if (dep.length > 0) {
      const tags = dep.map((k) => `image:${TAG[k]}`).join(', ');
      report(
        ctx,
        'IMG-006',
        'warning',
        `Deprecated tag ${tags}: Google ignores it since August 2022. Remove it (put captions in the page's alt text).`,
        `images.${i}.${dep[0]}`,
      );
    }
  }
  return { offHost, plainLocs };
}

/** Host of an image URL, lowercased ('' when not absolute). @example imageHost('https://CDN.x.net/a.jpg') === 'cdn.x.net' */
export function imageHost(loc: string): string {
  return scanUrl(trimValue(loc))?.host.toLowerCase() ?? '';
}
