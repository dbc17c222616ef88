/**
 * Namespace bookkeeping for export (OUT-002): canonical URIs for legacy / near-miss spellings,
 * the root start tag with only the namespaces a file uses, and the declarations preserved
 * unknown elements (RawXml) need.
 */
import { NS, type RawXml } from '../model.ts';
import { escapeXml } from './escape.ts';

/** Bit flags for the four modelled extension namespaces. */
export const USES_IMAGE = 1;
export const USES_VIDEO = 2;
export const USES_NEWS = 4;
export const USES_XHTML = 8;

const KNOWN_KEYS: Record<string, string> = {
  'sitemaps.org/schemas/sitemap/0.9': NS.sitemap,
  'sitemaps.org/schemas/sitemap/0.90': NS.sitemap,
  'google.com/schemas/sitemap/0.84': NS.sitemap,
  'google.com/schemas/sitemap/0.9': NS.sitemap,
  'google.com/schemas/sitemap/0.90': NS.sitemap,
  'google.com/schemas/sitemap-image/1.1': NS.image,
  'google.com/schemas/sitemap-image/1.0': NS.image,
  'google.com/schemas/sitemap-video/1.1': NS.video,
  'google.com/schemas/sitemap-video/1.0': NS.video,
  'google.com/schemas/sitemap-news/0.9': NS.news,
  'google.com/schemas/sitemap-news/0.90': NS.news,
  'google.com/schemas/sitemap-news/0.84': NS.news,
  'w3.org/1999/xhtml': NS.xhtml,
  'w3.org/2001/xmlschema-instance': NS.xsi,
  'google.com/schemas/sitemap-mobile/1.0': NS.mobile,
  'google.com/schemas/sitemap-pagemap/1.0': NS.pagemap,
};

/**
 * Canonical URI for a known namespace written with a legacy or near-miss spelling (https, missing
 * `www`, trailing slash, `/0.90`, old Google core / news versions); any other URI unchanged.
 *
 * @example canonicalNs('https://www.sitemaps.org/schemas/sitemap/0.9/') // NS.sitemap
 */
export function canonicalNs(uri: string): string {
  const key = uri
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
  return KNOWN_KEYS[key] ?? uri;
}

const SCHEMA_LOCATIONS: ReadonlyArray<[number, string, string]> = [
  [USES_IMAGE, NS.image, 'http://www.google.com/schemas/sitemap-image/1.1/sitemap-image.xsd'],
  [USES_VIDEO, NS.video, 'http://www.google.com/schemas/sitemap-video/1.1/sitemap-video.xsd'],
  [USES_NEWS, NS.news, 'http://www.google.com/schemas/sitemap-news/0.9/sitemap-news.xsd'],
];

/** What a root start tag needs to know. */
export interface RootSpec {
  name: 'urlset' | 'sitemapindex';
  flags: number;
  /** Unknown namespaces used by preserved elements, prefix → URI, in first-use order. */
  extra: Map<string, string>;
  schemaHints: boolean;
}

/** The root start tag, e.g. `<urlset xmlns="…" xmlns:image="…">` (no newline). */
export function rootStartTag(spec: RootSpec): string {
  let s = `<${spec.name} xmlns="${NS.sitemap}"`;
  if (spec.flags & USES_IMAGE) s += ` xmlns:image="${NS.image}"`;
  if (spec.flags & USES_VIDEO) s += ` xmlns:video="${NS.video}"`;
  if (spec.flags & USES_NEWS) s += ` xmlns:news="${NS.news}"`;
  if (spec.flags & USES_XHTML) s += ` xmlns:xhtml="${NS.xhtml}"`;
  for (const [prefix, uri] of spec.extra) s += ` xmlns:${prefix}="${escapeXml(uri)}"`;
  if (spec.schemaHints) {
    const xsd = spec.name === 'urlset' ? 'sitemap.xsd' : 'siteindex.xsd';
    let loc = `${NS.sitemap} http://www.sitemaps.org/schemas/sitemap/0.9/${xsd}`;
    for (const [flag, uri, href] of SCHEMA_LOCATIONS) if (spec.flags & flag) loc += ` ${uri} ${href}`;
    s += ` xmlns:xsi="${NS.xsi}" xsi:schemaLocation="${loc}"`;
  }
  return `${s}>`;
}

/** Prefixes the root always binds (or reserves): a preserved element may not reuse them. */
const RESERVED: Record<string, string> = {
  '': NS.sitemap,
  image: NS.image,
  video: NS.video,
  news: NS.news,
  xhtml: NS.xhtml,
  xsi: NS.xsi,
  xml: 'http://www.w3.org/XML/1998/namespace',
};

const START_TAG_NAME = /^<[^\s/>]+/;

/**
 * Register the namespaces a preserved element needs on the root in `extra` (document-wide,
 * prefix → URI, first use wins) and push the prefixes it uses onto `used`; return its XML.
 * A prefix that collides with a reserved prefix or with another URI already registered is
 * declared locally on the element's start tag instead (the element text is otherwise verbatim).
 */
export function placeRawXml(raw: RawXml, extra: Map<string, string>, used: string[]): string {
  const decls = raw.nsDecls;
  if (!decls) return raw.xml;
  let local = '';
  for (const prefix in decls) {
    const uri = canonicalNs(decls[prefix]);
    const reserved = RESERVED[prefix];
    if (reserved !== undefined) {
      if (reserved !== uri)
        local += prefix === '' ? ` xmlns="${escapeXml(uri)}"` : ` xmlns:${prefix}="${escapeXml(uri)}"`;
      continue;
    }
    const have = extra.get(prefix);
    if (have === undefined) extra.set(prefix, uri);
    if (have === undefined || have === uri) used.push(prefix);
    else local += ` xmlns:${prefix}="${escapeXml(uri)}"`;
  }
  if (local === '') return raw.xml;
  const m = START_TAG_NAME.exec(raw.xml);
  return m ? m[0] + local + raw.xml.slice(m[0].length) : raw.xml;
}
