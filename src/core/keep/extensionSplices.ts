/**
 * An entry whose images, videos, news, alternates or other elements changed, re-written in place
 * like its core fields: each changed value replaces only its element's content (or attribute
 * value), in the sparing escaping of keep-format edits; untouched children keep their source text
 * and escaping. When the change is more than values (an element added, removed or renamed, a
 * child the model does not map one to one), there are no splices and the entry is written whole.
 */
import { type Alternate, type Entry, type ImageData, NS, type XNode } from '../model.ts';
import { canonicalNs } from '../serialize/namespaces.ts';
import {
  coreSplices,
  type EntryXml,
  readEntryXml,
  type Splice,
  styledValue,
  type XmlChild,
} from './entryXml.ts';

type Kind = 'images' | 'videos' | 'news' | 'alternates' | 'extras';
const KINDS: readonly Kind[] = ['images', 'videos', 'news', 'alternates', 'extras'];

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const XMLNS = /\sxmlns(?::([^\s=]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The namespace declarations of a start tag added to `scope` (prefix → URI, '' for the default). */
function declared(tag: string, scope: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  if (!tag.includes('xmlns')) return scope;
  const out = new Map(scope);
  for (const m of tag.matchAll(XMLNS)) out.set(m[1] ?? '', m[2] ?? m[3] ?? '');
  return out;
}

const CORE = new Set(['loc', 'lastmod', 'changefreq', 'priority']);

/** Which list of the entry a direct child feeds, or 'core'. */
function kindOf(x: EntryXml, c: XmlChild, scope: ReadonlyMap<string, string>): Kind | 'core' {
  if (c.prefix === x.prefix && CORE.has(c.local.toLowerCase())) return 'core';
  const uri = canonicalNs(declared(x.text.slice(c.start, c.cStart), scope).get(c.prefix.slice(0, -1)) ?? '');
  if (uri === NS.image && c.local === 'image') return 'images';
  if (uri === NS.video && c.local === 'video') return 'videos';
  if (uri === NS.news && c.local === 'news') return 'news';
  if (uri === NS.xhtml && c.local === 'link') return 'alternates';
  return 'extras';
}

/** The children of element `c` of `text`, in `text` coordinates; null when it has no content. */
function childrenOf(text: string, c: XmlChild): XmlChild[] | null {
  if (c.selfClosing) return null;
  const inner = readEntryXml(text.slice(c.start, c.end));
  const d = c.start;
  return inner.children.map((g) => ({
    ...g,
    start: g.start + d,
    end: g.end + d,
    cStart: g.cStart + d,
    cEnd: g.cEnd + d,
  }));
}

/** The content of leaf `c` replaced by `value` in the style of its old content. */
function valueSplice(text: string, c: XmlChild, value: string): Splice | null {
  if (c.selfClosing) return null;
  return { from: c.cStart, to: c.cEnd, text: styledValue(value, text.slice(c.cStart, c.cEnd)) };
}

/** Splices turning the children `list` (written as `kids`) from `b` into `a`, pairwise. */
function nodesSplices(
  text: string,
  kids: XmlChild[] | null,
  b: readonly XNode[],
  a: readonly XNode[],
): Splice[] | null {
  if (!kids || kids.length !== b.length || b.length !== a.length) return null;
  const out: Splice[] = [];
  for (let j = 0; j < b.length; j++) {
    if (same(b[j], a[j])) continue;
    const s = nodeSplices(text, kids[j], b[j], a[j]);
    if (!s) return null;
    out.push(...s);
  }
  return out;
}

function nodeSplices(text: string, c: XmlChild, b: XNode, a: XNode): Splice[] | null {
  if (b.name !== a.name || b.ns !== a.ns || !same(b.attrs, a.attrs) || !same(b.nsDecls, a.nsDecls))
    return null;
  if (b.mixed || a.mixed) return null;
  const bk = b.children ?? [];
  const ak = a.children ?? [];
  if (bk.length === 0 && ak.length === 0) {
    const s = valueSplice(text, c, a.text);
    return s ? [s] : null;
  }
  if (b.text !== a.text) return null;
  return nodesSplices(text, childrenOf(text, c), bk, ak);
}

const IMAGE_FIELDS: Array<[keyof ImageData & string, string]> = [
  ['loc', 'loc'],
  ['caption', 'caption'],
  ['title', 'title'],
  ['geoLocation', 'geo_location'],
  ['license', 'license'],
];

function imageSplices(text: string, c: XmlChild, b: ImageData, a: ImageData): Splice[] | null {
  if (!same(b.extras, a.extras)) return null;
  const kids = childrenOf(text, c);
  if (!kids) return null;
  const out: Splice[] = [];
  for (const [f, local] of IMAGE_FIELDS) {
    const bv = b[f];
    const av = a[f];
    if (bv === av) continue;
    if (typeof bv !== 'string' || typeof av !== 'string') return null;
    const found = kids.filter((k) => k.local === local);
    if (found.length !== 1) return null;
    const s = valueSplice(text, found[0], av);
    if (!s) return null;
    out.push(s);
  }
  return out;
}

const ATTR = /([^\s=/<>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** An attribute value escaped for its quote: `&`, `<`, the quote, and whitespace a reader would fold. */
function attrValue(v: string, quote: string): string {
  return v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

function linkSplices(text: string, c: XmlChild, b: Alternate, a: Alternate): Splice[] | null {
  if (!same(b.attrs, a.attrs)) return null;
  const tag = text.slice(c.start, c.cStart);
  const out: Splice[] = [];
  for (const f of ['rel', 'hreflang', 'href', 'media'] as const) {
    const bv = b[f];
    const av = a[f];
    if (bv === av) continue;
    if (bv === undefined || av === undefined) return null;
    const found = [...tag.matchAll(ATTR)].filter((m) => m[1] === f);
    if (found.length !== 1) return null;
    const m = found[0];
    const quote = m[2] !== undefined ? '"' : "'";
    const valueStart = c.start + (m.index as number) + m[0].length - 1 - (m[2] ?? m[3] ?? '').length;
    out.push({ from: valueStart, to: valueStart + (m[2] ?? m[3] ?? '').length, text: attrValue(av, quote) });
  }
  return out;
}

/**
 * The splices (ascending) that turn entry `before` as written (`x`) into `after` when its
 * extension data changed value by value; null when the entry must be written whole.
 * `namespaces`: the root's declarations.
 */
export function changedValueSplices(
  x: EntryXml,
  before: Entry,
  after: Entry,
  isIndex: boolean,
  namespaces: Readonly<Record<string, string>>,
): Splice[] | null {
  if (x.closeStart === -1) return null;
  const core = coreSplices(x, before, after, isIndex);
  if (!core) return null;
  const scope = declared(x.text.slice(0, x.openEnd), new Map(Object.entries(namespaces)));
  const groups: Record<Kind, XmlChild[]> = { images: [], videos: [], news: [], alternates: [], extras: [] };
  for (const c of x.children) {
    const k = kindOf(x, c, scope);
    if (k !== 'core') groups[k].push(c);
  }
  const out = [...core];
  for (const kind of KINDS) {
    const b: readonly unknown[] = before[kind] ?? [];
    const a: readonly unknown[] = after[kind] ?? [];
    if (same(b, a)) continue;
    const kids = groups[kind];
    if (b.length !== a.length || kids.length !== b.length || kind === 'extras') return null;
    for (let i = 0; i < b.length; i++) {
      if (same(b[i], a[i])) continue;
      let s: Splice[] | null = null;
      if (kind === 'images') s = imageSplices(x.text, kids[i], b[i] as ImageData, a[i] as ImageData);
      else if (kind === 'alternates') s = linkSplices(x.text, kids[i], b[i] as Alternate, a[i] as Alternate);
      else {
        const bn = (b[i] as { nodes: XNode[] }).nodes;
        const an = (a[i] as { nodes: XNode[] }).nodes;
        s = nodesSplices(x.text, childrenOf(x.text, kids[i]), bn, an);
      }
      if (!s) return null;
      out.push(...s);
    }
  }
  return out.sort((p, q) => p.from - q.from);
}
