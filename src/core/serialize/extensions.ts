/**
 * Writers for the image, video, news and xhtml:link extensions (OUT-003, OUT-006, OUT-007).
 * Each returns the XML text for one entry's extension data, indented for `<url>` children.
 */
import type { Alternate, ImageData, RawXml, XNode } from '../model.ts';
import { type CleanContext, cleanMaybeUrl, cleanText, cleanUrl } from './escape.ts';
import { placeRawXml, USES_IMAGE, USES_NEWS, USES_VIDEO, USES_XHTML } from './namespaces.ts';
import { NEWS_VALUE, VIDEO_VALUE } from './normalize.ts';

/** State shared by the writers of one export. Mutable per-entry fields are reset by the caller. */
export interface WriteContext extends CleanContext {
  /** Indentation by depth (index 0 = root children's parent) and the line break. */
  ind: readonly string[];
  nl: string;
  lean: boolean;
  stripDeprecated: boolean;
  /** Document-wide unknown namespaces, prefix → URI (first use wins). */
  extra: Map<string, string>;
  /** Root namespaces of the source, to resolve prefixes of extras without `nsDecls`. */
  docNamespaces: Record<string, string> | undefined;
  /** Per entry: USES_* flags, unknown prefixes used, news elements written. */
  flags: number;
  used: string[];
  newsCount: number;
}

/** XSD sequence of video:video children (VID-020); unknown names go last. */
const VIDEO_ORDER = [
  'thumbnail_loc',
  'title',
  'description',
  'content_loc',
  'player_loc',
  'duration',
  'expiration_date',
  'rating',
  'content_segment_loc',
  'view_count',
  'publication_date',
  'tag',
  'category',
  'family_friendly',
  'restriction',
  'gallery_loc',
  'price',
  'requires_subscription',
  'uploader',
  'tvshow',
  'platform',
  'live',
  'id',
];
const TVSHOW_ORDER = [
  'show_title',
  'video_type',
  'episode_title',
  'season_number',
  'episode_number',
  'premier_date',
];
const NEWS_ORDER = [
  'publication',
  'access',
  'genres',
  'publication_date',
  'title',
  'keywords',
  'stock_tickers',
];
const PUBLICATION_ORDER = ['name', 'language'];

const VIDEO_DEPRECATED = new Set(['category', 'gallery_loc', 'price', 'tvshow']);
const NEWS_LEGACY = new Set(['access', 'genres', 'keywords', 'stock_tickers']);
const PLAYER_DEPRECATED_ATTRS = new Set(['allow_embed', 'autoplay']);
const URL_NODES = new Set([
  'thumbnail_loc',
  'content_loc',
  'player_loc',
  'gallery_loc',
  'content_segment_loc',
]);
const URL_ATTRS = new Set(['info']);

function rankMap(order: readonly string[]): Map<string, number> {
  return new Map(order.map((name, i) => [name, i]));
}
const CHILD_RANKS: Record<string, Map<string, number>> = {
  video: rankMap(VIDEO_ORDER),
  tvshow: rankMap(TVSHOW_ORDER),
  news: rankMap(NEWS_ORDER),
  publication: rankMap(PUBLICATION_ORDER),
};

/** Nodes in XSD order (stable: equal names, e.g. `tag`, keep their source order). */
function ordered(nodes: readonly XNode[], parent: string): XNode[] {
  const ranks = CHILD_RANKS[parent];
  if (!ranks) return nodes as XNode[];
  const rank = (n: XNode) => ranks.get(n.name) ?? ranks.size;
  let sorted = true;
  for (let i = 1; i < nodes.length && sorted; i++) sorted = rank(nodes[i - 1]) <= rank(nodes[i]);
  if (sorted) return nodes as XNode[];
  return nodes
    .map((node, i) => ({ node, i, r: rank(node) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.node);
}

interface NodeWriteSpec {
  prefix: 'video' | 'news';
  field: 'videos' | 'news';
  index: number;
  values: Record<string, (v: string) => string>;
}

function writeAttrs(ctx: CleanContext, node: XNode, spec: NodeWriteSpec, strip: boolean): string {
  let s = '';
  const attrs = node.attrs;
  if (!attrs) return s;
  for (const name in attrs) {
    if (strip && node.name === 'player_loc' && PLAYER_DEPRECATED_ATTRS.has(name)) continue;
    const v = URL_ATTRS.has(name)
      ? cleanMaybeUrl(ctx, attrs[name], spec.field, spec.index, node.name)
      : cleanText(ctx, attrs[name], spec.field, spec.index, node.name);
    s += ` ${name}="${v}"`;
  }
  return s;
}

function writeNodes(
  ctx: WriteContext,
  nodes: readonly XNode[],
  parent: string,
  depth: number,
  spec: NodeWriteSpec,
): string {
  let s = '';
  const ind = ctx.ind[depth];
  const p = spec.prefix;
  for (const node of ordered(nodes, parent)) {
    if (ctx.stripDeprecated && (p === 'video' ? VIDEO_DEPRECATED : NEWS_LEGACY).has(node.name)) continue;
    const attrs = writeAttrs(ctx, node, spec, ctx.stripDeprecated);
    if (node.children && node.children.length > 0) {
      const inner = writeNodes(ctx, node.children, node.name, depth + 1, spec);
      if (inner === '' && attrs === '') continue;
      s += `${ind}<${p}:${node.name}${attrs}>${ctx.nl}${inner}${ind}</${p}:${node.name}>${ctx.nl}`;
      continue;
    }
    let text: string;
    if (p === 'video' && URL_NODES.has(node.name))
      text = cleanUrl(ctx, node.text, spec.field, spec.index, node.name);
    else {
      const norm = spec.values[node.name];
      const raw = norm ? norm(node.text.trim()) : node.text;
      text = cleanText(ctx, raw, spec.field, spec.index, node.name);
    }
    if (text === '' && attrs === '') continue;
    s += `${ind}<${p}:${node.name}${attrs}>${text}</${p}:${node.name}>${ctx.nl}`;
  }
  return s;
}

/** `<image:image>` elements of one entry (OUT-003; deprecated children unless stripped). */
export function writeImages(ctx: WriteContext, images: readonly ImageData[]): string {
  let s = '';
  const [i2, i3] = [ctx.ind[2], ctx.ind[3]];
  const nl = ctx.nl;
  for (let i = 0; i < images.length; i++) {
    const img = images[i];
    s += `${i2}<image:image>${nl}${i3}<image:loc>${cleanUrl(ctx, img.loc, 'images', i, 'loc')}</image:loc>${nl}`;
    if (!ctx.stripDeprecated) {
      s += imageChild(ctx, 'caption', img.caption, i);
      s += imageChild(ctx, 'geo_location', img.geoLocation, i);
      s += imageChild(ctx, 'title', img.title, i);
      if (img.license !== undefined) {
        const v = cleanMaybeUrl(ctx, img.license, 'images', i, 'license');
        if (v !== '') s += `${i3}<image:license>${v}</image:license>${nl}`;
      }
    }
    if (img.extras) s += writeExtras(ctx, img.extras, 3);
    s += `${i2}</image:image>${nl}`;
  }
  if (images.length > 0) ctx.flags |= USES_IMAGE;
  return s;
}

function imageChild(ctx: WriteContext, name: string, value: string | undefined, i: number): string {
  if (value === undefined) return '';
  const v = cleanText(ctx, value, 'images', i, name);
  return v === '' ? '' : `${ctx.ind[3]}<image:${name}>${v}</image:${name}>${ctx.nl}`;
}

/** `<video:video>` elements of one entry, children in VID-020 order. */
export function writeVideos(ctx: WriteContext, videos: readonly { nodes: XNode[] }[]): string {
  let s = '';
  for (let i = 0; i < videos.length; i++) {
    const spec: NodeWriteSpec = { prefix: 'video', field: 'videos', index: i, values: VIDEO_VALUE };
    const inner = writeNodes(ctx, videos[i].nodes, 'video', 3, spec);
    s += `${ctx.ind[2]}<video:video>${ctx.nl}${inner}${ctx.ind[2]}</video:video>${ctx.nl}`;
  }
  if (videos.length > 0) ctx.flags |= USES_VIDEO;
  return s;
}

/** `<news:news>` elements of one entry, children in NEWS-011 order. */
export function writeNews(ctx: WriteContext, news: readonly { nodes: XNode[] }[]): string {
  let s = '';
  for (let i = 0; i < news.length; i++) {
    const spec: NodeWriteSpec = { prefix: 'news', field: 'news', index: i, values: NEWS_VALUE };
    const inner = writeNodes(ctx, news[i].nodes, 'news', 3, spec);
    s += `${ctx.ind[2]}<news:news>${ctx.nl}${inner}${ctx.ind[2]}</news:news>${ctx.nl}`;
  }
  if (news.length > 0) {
    ctx.flags |= USES_NEWS;
    ctx.newsCount += news.length;
  }
  return s;
}

function altRank(a: Alternate): number {
  if (a.hreflang === undefined) return 2;
  return a.hreflang.trim().toLowerCase() === 'x-default' ? 1 : 0;
}

/** `<xhtml:link>` elements: attributes rel, media, hreflang, href; sorted by hreflang, x-default last. */
export function writeAlternates(ctx: WriteContext, alternates: readonly Alternate[]): string {
  const order = alternates
    .map((a, i) => ({ a, i, r: altRank(a), k: a.hreflang?.trim().toLowerCase() ?? '' }))
    .sort((x, y) => x.r - y.r || (x.k < y.k ? -1 : x.k > y.k ? 1 : x.i - y.i));
  let s = '';
  for (const { a, i } of order) {
    let attrs = '';
    if (a.rel !== undefined) attrs += ` rel="${cleanText(ctx, a.rel, 'alternates', i, 'rel')}"`;
    if (a.media !== undefined) attrs += ` media="${cleanText(ctx, a.media, 'alternates', i, 'media')}"`;
    if (a.hreflang !== undefined)
      attrs += ` hreflang="${cleanText(ctx, a.hreflang, 'alternates', i, 'hreflang')}"`;
    if (a.href !== undefined) attrs += ` href="${cleanUrl(ctx, a.href, 'alternates', i, 'href')}"`;
    if (a.attrs)
      for (const name in a.attrs)
        attrs += ` ${name}="${cleanText(ctx, a.attrs[name], 'alternates', i, name)}"`;
    s += `${ctx.ind[2]}<xhtml:link${attrs}/>${ctx.nl}`;
  }
  if (alternates.length > 0) ctx.flags |= USES_XHTML;
  return s;
}

const LEADING_PREFIX = /^<([A-Za-z_][\w.-]*):/;

/** Preserved unknown elements, verbatim, each on its own line at `depth`. */
export function writeExtras(ctx: WriteContext, extras: readonly RawXml[], depth: number): string {
  let s = '';
  for (const raw of extras) {
    let r = raw;
    if (!raw.nsDecls && ctx.docNamespaces) {
      const m = LEADING_PREFIX.exec(raw.xml);
      const uri = m ? ctx.docNamespaces[m[1]] : undefined;
      if (m && uri !== undefined) r = { ...raw, nsDecls: { [m[1]]: uri } };
    }
    s += `${ctx.ind[depth]}${placeRawXml(r, ctx.extra, ctx.used)}${ctx.nl}`;
  }
  return s;
}
