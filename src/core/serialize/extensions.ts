/**
 * Writers for the image, video, news and xhtml:link extensions (OUT-003, OUT-006, OUT-007).
 * Each returns the XML text for one entry's extension data, indented for `<url>` children.
 */
import { type Alternate, type ImageData, NS, type RawXml, type XNode } from '../model.ts';
import { NEWS_CHILD_ORDER, NEWS_PUBLICATION_ORDER, VIDEO_CHILD_ORDER } from '../xsdOrder.ts';
import {
  type CleanContext,
  cleanAttr,
  cleanMaybeUrl,
  cleanSegment,
  cleanText,
  cleanUrl,
  escapeAttr,
} from './escape.ts';
import { placeRawXml, USES_IMAGE, USES_NEWS, USES_VIDEO, USES_XHTML } from './namespaces.ts';
import { NEWS_VALUE, VIDEO_VALUE } from './normalize.ts';

/** State shared by the writers of one export. Mutable per-entry fields are reset by the caller. */
export interface WriteContext extends CleanContext {
  /** Indentation by depth (index 0 = root children's parent) and the line break. */
  ind: readonly string[];
  nl: string;
  lean: boolean;
  stripDeprecated: boolean;
  /** Text documents: what to do with lines that are not URLs (TXT-001); null for other kinds. */
  nonUrl: 'keep' | 'drop' | null;
  /** Document-wide unknown namespaces, prefix → URI (first use wins). */
  extra: Map<string, string>;
  /** Root namespaces of the source, to resolve prefixes of extras without `nsDecls`. */
  docNamespaces: Record<string, string> | undefined;
  /** Per entry: USES_* flags, unknown prefixes used, news elements written. */
  flags: number;
  used: string[];
  newsCount: number;
  /** Pre-built tag strings for the current layout. */
  tags: Tags;
}

/** Tag strings with indentation and line breaks baked in, built once per export. */
export interface Tags {
  urlOpen: string;
  urlClose: string;
  sitemapOpen: string;
  sitemapClose: string;
  locClose: string;
  lastmodOpen: string;
  lastmodClose: string;
  changefreqOpen: string;
  changefreqClose: string;
  priorityOpen: string;
  priorityClose: string;
  imageOpen: string;
  imageLocClose: string;
  imageClose: string;
  linkOpen: string;
  linkClose: string;
  /** Fused `close[c] + open[o]` for the simple `<url>` children (loc=0, lastmod=1, changefreq=2, priority=3). */
  fused: string[][];
  /** Fused `close[c] + </url>`. */
  fusedEnd: string[];
  closes: string[];
  /**
   * Fused tails of simple `<url>` entries (see `writeUrl`): changefreq value → the text from the
   * pending end tag to `</url>`, by pending element and priority; filled as values are met.
   */
  tails: Map<string, string[]>;
}

/** Build the {@link Tags} for an indentation table and line break. */
export function makeTags(ind: readonly string[], nl: string): Tags {
  const [i1, i2, i3] = [ind[1], ind[2], ind[3]];
  const closes = ['loc', 'lastmod', 'changefreq', 'priority'].map((n) => `</${n}>${nl}`);
  const opens = ['', 'lastmod', 'changefreq', 'priority'].map((n) => `${i2}<${n}>`);
  // One literal with every property (no spread): its shape is the literal's own, which V8 keeps
  // alive with the code. A shape built by copying properties in is held only by the objects of
  // one export: collected with them, it took the writers' optimized code with it (every
  // export after a full GC started unoptimized; session 16).
  return {
    urlOpen: `${i1}<url>${nl}${i2}<loc>`,
    urlClose: `${i1}</url>${nl}`,
    sitemapOpen: `${i1}<sitemap>${nl}${i2}<loc>`,
    sitemapClose: `${i1}</sitemap>${nl}`,
    locClose: `</loc>${nl}`,
    lastmodOpen: `${i2}<lastmod>`,
    lastmodClose: `</lastmod>${nl}`,
    changefreqOpen: `${i2}<changefreq>`,
    changefreqClose: `</changefreq>${nl}`,
    priorityOpen: `${i2}<priority>`,
    priorityClose: `</priority>${nl}`,
    imageOpen: `${i2}<image:image>${nl}${i3}<image:loc>`,
    imageLocClose: `</image:loc>${nl}`,
    imageClose: `${i2}</image:image>${nl}`,
    linkOpen: `${i2}<xhtml:link`,
    linkClose: `/>${nl}`,
    closes,
    fused: closes.map((c) => opens.map((o) => c + o)),
    fusedEnd: closes.map((c) => `${c}${i1}</url>${nl}`),
    tails: new Map(),
  };
}

/** XSD sequence of video:tvshow children; unknown names go last (video and news orders: xsdOrder.ts). */
const TVSHOW_ORDER = [
  'show_title',
  'video_type',
  'episode_title',
  'season_number',
  'episode_number',
  'premier_date',
];

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
  video: rankMap(VIDEO_CHILD_ORDER),
  tvshow: rankMap(TVSHOW_ORDER),
  news: rankMap(NEWS_CHILD_ORDER),
  publication: rankMap(NEWS_PUBLICATION_ORDER),
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
      : cleanAttr(ctx, attrs[name], spec.field, spec.index, node.name);
    s += ` ${name}="${v}"`;
  }
  return s;
}

/**
 * Namespace bindings in scope while writing one extension element: a chain of prefix → URI
 * frames from the root's (default namespace and the extension's prefix) down to the element.
 */
interface NsFrame {
  prefix: string;
  uri: string;
  up: NsFrame | null;
}

function boundTo(scope: NsFrame | null, prefix: string): string | undefined {
  for (let f = scope; f !== null; f = f.up) if (f.prefix === prefix) return f.uri;
  return undefined;
}

/** The root's bindings as seen from inside `<p:video>` / `<p:news>`. */
function rootScope(spec: NodeWriteSpec): NsFrame {
  const uri = spec.prefix === 'video' ? NS.video : NS.news;
  return { prefix: spec.prefix, uri, up: { prefix: '', uri: NS.sitemap, up: null } };
}

/**
 * The qualified name of `node` and the `xmlns` attributes it needs in `scope` (its own prefix and
 * those of its attributes, declared on the element itself when not already bound the same way).
 */
function nodeName(
  ctx: WriteContext,
  node: XNode,
  spec: NodeWriteSpec,
  scope: NsFrame | null,
): { qname: string; decls: string; scope: NsFrame | null } {
  const foreign = node.ns !== undefined;
  const qname = foreign ? node.name : `${spec.prefix}:${node.name}`;
  const colon = qname.indexOf(':');
  const own = colon === -1 ? '' : qname.slice(0, colon);
  let needs: Record<string, string> | undefined = node.nsDecls;
  if (!foreign) needs = { ...needs, [own]: spec.prefix === 'video' ? NS.video : NS.news };
  else if (needs === undefined || !(own in needs)) {
    const uri = node.ns !== '' ? node.ns : own === '' ? '' : ctx.docNamespaces?.[own];
    if (uri !== undefined) needs = { ...needs, [own]: uri };
  }
  let decls = '';
  let sc = scope;
  for (const prefix in needs) {
    const uri = needs[prefix];
    if (prefix === 'xml' || boundTo(sc, prefix) === uri || (prefix !== '' && uri === '')) continue;
    decls += prefix === '' ? ` xmlns="${escapeAttr(uri)}"` : ` xmlns:${prefix}="${escapeAttr(uri)}"`;
    sc = { prefix, uri, up: sc };
  }
  return { qname, decls, scope: sc };
}

/** True when `node` has text that must stay between its children (written inline, in order). */
function isMixed(node: XNode): boolean {
  if (!node.children || node.children.length === 0) return false;
  if (node.mixed) return true;
  return node.text.trim() !== '';
}

/**
 * Mixed content, inline and in source order: the text segments exactly as written (not trimmed),
 * children neither reordered nor stripped, since whitespace and order are data here.
 */
function writeInline(ctx: WriteContext, node: XNode, spec: NodeWriteSpec, scope: NsFrame | null): string {
  const n = nodeName(ctx, node, spec, scope);
  const attrs = writeAttrs(ctx, node, spec, false);
  const kids = node.children ?? [];
  const segs =
    node.mixed && node.mixed.length === kids.length + 1 && node.mixed.join('') === node.text
      ? node.mixed
      : [node.text, ...kids.map(() => '')];
  if (kids.length === 0 && node.text === '') return `<${n.qname}${n.decls}${attrs}/>`;
  let s = `<${n.qname}${n.decls}${attrs}>`;
  for (let i = 0; i <= kids.length; i++) {
    s += cleanSegment(ctx, segs[i], spec.field, spec.index, node.name);
    if (i < kids.length) s += writeInline(ctx, kids[i], spec, n.scope);
  }
  return `${s}</${n.qname}>`;
}

function writeNodes(
  ctx: WriteContext,
  nodes: readonly XNode[],
  parent: string,
  depth: number,
  spec: NodeWriteSpec,
  scope: NsFrame | null = rootScope(spec),
): string {
  let s = '';
  const ind = ctx.ind[depth] ?? ctx.ind[ctx.ind.length - 1];
  const p = spec.prefix;
  for (const node of ordered(nodes, parent)) {
    const foreign = node.ns !== undefined;
    if (!foreign && ctx.stripDeprecated && (p === 'video' ? VIDEO_DEPRECATED : NEWS_LEGACY).has(node.name))
      continue;
    if (isMixed(node)) {
      s += `${ind}${writeInline(ctx, node, spec, scope)}${ctx.nl}`;
      continue;
    }
    const attrs = writeAttrs(ctx, node, spec, ctx.stripDeprecated);
    const n = nodeName(ctx, node, spec, scope);
    if (node.children && node.children.length > 0) {
      const inner = writeNodes(ctx, node.children, foreign ? '' : node.name, depth + 1, spec, n.scope);
      if (inner === '' && attrs === '' && !foreign) continue;
      s += `${ind}<${n.qname}${n.decls}${attrs}>${ctx.nl}${inner}${ind}</${n.qname}>${ctx.nl}`;
      continue;
    }
    let text: string;
    if (!foreign && p === 'video' && URL_NODES.has(node.name))
      text = cleanUrl(ctx, node.text, spec.field, spec.index, node.name);
    else {
      const norm = foreign ? undefined : spec.values[node.name];
      const raw = norm ? norm(node.text.trim()) : node.text;
      text = cleanText(ctx, raw, spec.field, spec.index, node.name);
    }
    if (text === '' && attrs === '') {
      if (foreign) s += `${ind}<${n.qname}${n.decls}/>${ctx.nl}`;
      continue;
    }
    s += `${ind}<${n.qname}${n.decls}${attrs}>${text}</${n.qname}>${ctx.nl}`;
  }
  return s;
}

/** `<image:image>` elements of one entry (OUT-003; deprecated children unless stripped). */
export function writeImages(ctx: WriteContext, images: readonly ImageData[]): string {
  const t = ctx.tags;
  let s = '';
  for (let i = 0; i < images.length; i++) {
    const img = images[i];
    s += t.imageOpen;
    s += cleanUrl(ctx, img.loc, 'images', i, 'loc');
    s += t.imageLocClose;
    if (!ctx.stripDeprecated) {
      if (img.caption !== undefined)
        s += imageChild(ctx, 'caption', cleanText(ctx, img.caption, 'images', i, 'caption'));
      if (img.geoLocation !== undefined)
        s += imageChild(ctx, 'geo_location', cleanText(ctx, img.geoLocation, 'images', i, 'geo_location'));
      if (img.title !== undefined)
        s += imageChild(ctx, 'title', cleanText(ctx, img.title, 'images', i, 'title'));
      if (img.license !== undefined)
        s += imageChild(ctx, 'license', cleanMaybeUrl(ctx, img.license, 'images', i, 'license'));
    }
    if (img.extras) s += writeExtras(ctx, img.extras, 3);
    s += t.imageClose;
  }
  if (images.length > 0) ctx.flags |= USES_IMAGE;
  return s;
}

function imageChild(ctx: WriteContext, name: string, value: string): string {
  return value === '' ? '' : `${ctx.ind[3]}<image:${name}>${value}</image:${name}>${ctx.nl}`;
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

/** Only `[a-z0-9-]`: a language tag that trimming, lowercasing and escaping leave unchanged. */
function isSimpleTag(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c < 97 || c > 122) && (c < 48 || c > 57) && c !== 45) return false;
  }
  return true;
}

/** Sort key of a link: its hreflang trimmed and lowercased ('' when absent). */
function altKey(a: Alternate): string {
  const h = a.hreflang;
  if (h === undefined) return '';
  return h !== '' && isSimpleTag(h) ? h : h.trim().toLowerCase();
}

/** 0 = hreflang link, 1 = x-default, 2 = no hreflang (HREF-012 uses). */
function altRank(a: Alternate, key: string): number {
  return a.hreflang === undefined ? 2 : key === 'x-default' ? 1 : 0;
}

/** Source indexes in output order (hreflang order, x-default, then links without hreflang); null = as is. */
function alternateOrder(alternates: readonly Alternate[]): number[] | null {
  let prevKey = altKey(alternates[0]);
  let prevRank = altRank(alternates[0], prevKey);
  let sorted = true;
  for (let i = 1; i < alternates.length && sorted; i++) {
    const key = altKey(alternates[i]);
    const rank = altRank(alternates[i], key);
    sorted = prevRank < rank || (prevRank === rank && (rank === 2 || prevKey <= key));
    prevKey = key;
    prevRank = rank;
  }
  if (sorted) return null;
  return alternates
    .map((a, i) => {
      const k = altKey(a);
      return { i, k, r: altRank(a, k) };
    })
    .sort((x, y) => x.r - y.r || (x.k < y.k ? -1 : x.k > y.k ? 1 : x.i - y.i))
    .map((x) => x.i);
}

/** `<xhtml:link>` elements: attributes rel, media, hreflang, href; sorted by hreflang, x-default last. */
export function writeAlternates(ctx: WriteContext, alternates: readonly Alternate[]): string {
  const order = alternateOrder(alternates);
  const t = ctx.tags;
  let s = '';
  for (let n = 0; n < alternates.length; n++) {
    const i = order === null ? n : order[n];
    const a = alternates[i];
    s += t.linkOpen;
    const rel = a.rel;
    if (rel !== undefined) {
      s += ' rel="';
      s += rel === 'alternate' ? rel : cleanAttr(ctx, rel, 'alternates', i, 'rel');
      s += '"';
    }
    if (a.media !== undefined) s += ` media="${cleanAttr(ctx, a.media, 'alternates', i, 'media')}"`;
    const lang = a.hreflang;
    if (lang !== undefined) {
      s += ' hreflang="';
      s += isSimpleTag(lang) ? lang : cleanAttr(ctx, lang, 'alternates', i, 'hreflang');
      s += '"';
    }
    if (a.href !== undefined) {
      s += ' href="';
      s += cleanUrl(ctx, a.href, 'alternates', i, 'href');
      s += '"';
    }
    if (a.attrs) {
      for (const name in a.attrs) s += ` ${name}="${cleanAttr(ctx, a.attrs[name], 'alternates', i, name)}"`;
    }
    s += t.linkClose;
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
    s += ctx.ind[depth] + placeRawXml(r, ctx.extra, ctx.used) + ctx.nl;
  }
  return s;
}
