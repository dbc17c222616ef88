import { NS } from '../model.ts';
import type { RuleId } from '../rules/registry.ts';

/** What a namespace URI is, as far as the parser cares. */
export enum NsClass {
  None = 0,
  Core = 1,
  Image = 2,
  Video = 3,
  News = 4,
  Xhtml = 5,
  Legacy = 6,
  Other = 7,
}

/** Classification of one namespace URI. */
export interface NsInfo {
  cls: NsClass;
  /** True when the URI is exactly the canonical one. */
  exact: boolean;
  /** Rule to report for a near-miss form (EXT-003, IMG-001, …), '' when exact or unknown. */
  nearMissRule: RuleId | '';
  /** The canonical URI this one is a (near-)form of, '' when unknown. */
  canonical: string;
}

/** Sitemap core namespaces accepted leniently on the root (IMP-003). */
export function isLenientCoreNs(uri: string): boolean {
  const n = normalize(uri);
  return (
    n === 'sitemaps.org/schemas/sitemap/0.9' ||
    n === 'google.com/schemas/sitemap/0.84' ||
    n === 'google.com/schemas/sitemap/0.9' ||
    n === 'google.com/schemas/sitemap/0.90'
  );
}

function normalize(uri: string): string {
  let n = uri.trim().toLowerCase();
  if (n.startsWith('https://')) n = n.slice(8);
  else if (n.startsWith('http://')) n = n.slice(7);
  if (n.startsWith('www.')) n = n.slice(4);
  while (n.endsWith('/')) n = n.slice(0, -1);
  return n;
}

// Pure memoisation of `build` (a pure function of the URI), so allowed module state.
const cache = new Map<string, NsInfo>();

function build(uri: string): NsInfo {
  const exact = (cls: NsClass, canonical: string): NsInfo => ({
    cls,
    exact: true,
    nearMissRule: '',
    canonical,
  });
  const near = (cls: NsClass, rule: RuleId, canonical: string): NsInfo => ({
    cls,
    exact: false,
    nearMissRule: rule,
    canonical,
  });
  if (uri === NS.sitemap) return exact(NsClass.Core, NS.sitemap);
  if (uri === NS.image) return exact(NsClass.Image, NS.image);
  if (uri === NS.video) return exact(NsClass.Video, NS.video);
  if (uri === NS.news) return exact(NsClass.News, NS.news);
  if (uri === NS.xhtml) return exact(NsClass.Xhtml, NS.xhtml);
  if (uri === NS.mobile || uri === NS.pagemap) return exact(NsClass.Legacy, uri);
  const n = normalize(uri);
  if (n.startsWith('google.com/schemas/sitemap-image/')) return near(NsClass.Image, 'IMG-001', NS.image);
  if (n.startsWith('google.com/schemas/sitemap-video/')) return near(NsClass.Video, 'VID-001', NS.video);
  if (n.startsWith('google.com/schemas/sitemap-news/')) return near(NsClass.News, 'NEWS-001', NS.news);
  if (n === 'w3.org/1999/xhtml' || n.startsWith('w3.org/tr/xhtml'))
    return near(NsClass.Xhtml, 'HREF-001', NS.xhtml);
  if (n.startsWith('google.com/schemas/sitemap-mobile/')) return near(NsClass.Legacy, 'EXT-003', NS.mobile);
  if (n.startsWith('google.com/schemas/sitemap-pagemap/')) return near(NsClass.Legacy, 'EXT-003', NS.pagemap);
  if (isLenientCoreNs(uri))
    return { cls: NsClass.Core, exact: false, nearMissRule: '', canonical: NS.sitemap };
  return { cls: NsClass.Other, exact: false, nearMissRule: '', canonical: '' };
}

/**
 * Classify a namespace URI: canonical, near-miss (IMP-004) or unknown.
 *
 * @example classifyNs('https://www.google.com/schemas/sitemap-image/1.1').nearMissRule // 'IMG-001'
 */
export function classifyNs(uri: string): NsInfo {
  let info = cache.get(uri);
  if (!info) {
    info = build(uri);
    if (cache.size < 1000) cache.set(uri, info);
  }
  return info;
}

/** Standard prefixes injected when used without a declaration (IMP-005). */
export const STANDARD_PREFIXES: Record<string, string> = {
  image: NS.image,
  video: NS.video,
  news: NS.news,
  xhtml: NS.xhtml,
  xsi: NS.xsi,
  mobile: NS.mobile,
};
