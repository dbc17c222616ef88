import type { Alternate, ImageData, RawXml, XNode } from '../model.ts';
import { MAX_RAW_BYTES, MAX_RAW_ELEMENTS, RAW_ELEMENT_COST, type XmlCtx } from './context.ts';
import { NsClass } from './names.ts';
import { MAX_XML_DEPTH, type QName, Tok } from './scanner.ts';
import { decodeText, readText, skipElement } from './xmlText.ts';

function prefixOf(name: string): string {
  const c = name.indexOf(':');
  return c === -1 ? '' : name.slice(0, c);
}

function isXmlns(name: string): boolean {
  return name === 'xmlns' || name.startsWith('xmlns:');
}

/**
 * Keep the element whose start tag (at `tagStart`) was just scanned verbatim, with the outer
 * namespace declarations it needs (EXT-001, XML-008, OUT-007).
 */
export function readRaw(ctx: XmlCtx, q: QName, tagStart: number): RawXml | null {
  const sc = ctx.sc;
  if (ctx.rawKept >= MAX_RAW_ELEMENTS || ctx.rawBytes >= MAX_RAW_BYTES) {
    if (!ctx.rawOver) {
      ctx.rawOver = true;
      const mib = (MAX_RAW_BYTES / 1024 / 1024).toLocaleString('en-US');
      ctx.reportAlways(
        'IMP-029',
        `Unknown elements kept verbatim reached the budget of a file (${ctx.rawKept.toLocaleString('en-US')} elements, ~${Math.round(ctx.rawBytes / 1024 / 1024).toLocaleString('en-US')} MiB; at most ${MAX_RAW_ELEMENTS.toLocaleString('en-US')} elements or ${mib} MiB): from this <${q.qname}> on they are left out (not kept, not exported). Split the file or remove them at the source`,
        tagStart,
      );
    }
    skipElement(ctx);
    return null;
  }
  ctx.rawKept++;
  const own = new Set<string>();
  const used = new Set<string>([q.prefix]);
  const collect = (attrs: string[] | null, isOwn: boolean) => {
    if (!attrs) return;
    for (let a = 0; a < attrs.length; a += 2) {
      const name = attrs[a];
      if (name === 'xmlns') {
        if (isOwn) own.add('');
      } else if (name.startsWith('xmlns:')) {
        if (isOwn) own.add(name.slice(6));
      } else if (name.includes(':')) used.add(prefixOf(name));
    }
  };
  collect(sc.attrs, true);
  // Comments and instructions inside are kept with the element's text: not counted as left out.
  const mark = sc.unkeptMark();
  const end = skipElement(ctx, (qname) => {
    used.add(prefixOf(qname));
    collect(sc.attrs, false);
  });
  sc.unkeptSince(mark);
  ctx.entFlags = 0;
  ctx.entSample = '';
  const raw: RawXml = {
    ns: q.ns,
    name: q.local,
    xml: sc.plain(tagStart, end, false),
    line: sc.lines.line(tagStart),
  };
  let decls: Record<string, string> | undefined;
  for (const p of used) {
    if (own.has(p) || p === 'xml') continue;
    const uri = sc.lookup(p) ?? (p === '' ? undefined : q.prefix === p ? q.ns : undefined);
    if (uri === undefined || (p === '' && uri === '')) continue;
    decls ??= {};
    decls[p] = uri;
  }
  if (decls) raw.nsDecls = ctx.sharedDecls(decls);
  ctx.rawBytes += 2 * raw.xml.length + RAW_ELEMENT_COST;
  return raw;
}

/** Attributes other than namespace declarations, or undefined when none. */
export function plainAttrs(attrs: string[] | null): Record<string, string> | undefined {
  if (!attrs) return undefined;
  let out: Record<string, string> | undefined;
  for (let a = 0; a < attrs.length; a += 2) {
    const name = attrs[a];
    const value = attrs[a + 1];
    if (isXmlns(name)) continue;
    out ??= {};
    out[name] = value;
  }
  return out;
}

/** Image children in XSD order (IMG-008) and their ImageData keys. */
const IMAGE_NAMES = ['loc', 'caption', 'geo_location', 'title', 'license'];
const IMAGE_KEYS = ['loc', 'caption', 'geoLocation', 'title', 'license'];

/** Read `<image:image>` (start tag just scanned) into ImageData; `index` is its position in `images`. */
export function readImage(ctx: XmlCtx, index: number): ImageData {
  const sc = ctx.sc;
  const img: ImageData = { loc: '' };
  if (sc.selfClosing) return img;
  const base = sc.depth;
  let rank = -1;
  let orderReported = false;
  let seen = 0;
  for (;;) {
    sc.skipSpace();
    let value: string | null = null;
    const simple = sc.peekSimple();
    let q = simple === '' ? null : sc.resolve(simple, sc.pos);
    if (q !== null && imageRank(q) >= 0 && !(seen & (1 << q.rank)) && IMAGE_NAMES[q.rank] === q.local) {
      sc.takeSimple(simple);
      value = sc.value(sc.textStart, sc.textEnd);
    } else {
      const t = sc.next();
      if (t === Tok.End) {
        if (sc.depth < base) return img;
        continue;
      }
      if (t === Tok.Eof) sc.fail('Unexpected end of input inside <image:image>', sc.s.length);
      if (t !== Tok.Start) continue;
      q = sc.resolve(sc.name, sc.tokStart);
    }
    const at = sc.tokStart;
    const r = imageRank(q);
    if (r < 0 || seen & (1 << r)) {
      const raw = readRaw(ctx, q, at);
      if (raw) {
        img.extras ??= [];
        img.extras.push(raw);
      }
      continue;
    }
    seen |= 1 << r;
    if (IMAGE_NAMES[r] !== q.local) ctx.caseOnly(q.qname, `image:${IMAGE_NAMES[r]}`, at, `images.${index}`);
    if (r < rank && !orderReported) {
      orderReported = true;
      // The child it comes after: the latest in XSD order seen so far, with this one's prefix.
      const prefix = q.qname.slice(0, q.qname.length - q.local.length);
      const message = `<${q.qname}> comes after <${prefix}${IMAGE_NAMES[rank]}> (XSD order: loc, caption, geo_location, title, license)`;
      ctx.report('IMG-008', message, at, `images.${index}`);
    }
    rank = Math.max(rank, r);
    if (value === null) value = sc.selfClosing ? '' : readText(ctx);
    if (r === 0) img.loc = value;
    else if (r === 1) img.caption = value;
    else if (r === 2) img.geoLocation = value;
    else if (r === 3) img.title = value;
    else img.license = value;
    if (ctx.dirty) ctx.flushValue(`images.${index}.${IMAGE_KEYS[r]}`, at);
  }
}

/** Index of an image child in {@link IMAGE_NAMES} (any case), cached on the name; -1 when it is none. */
function imageRank(q: QName): number {
  if (q.rank === -2) q.rank = q.cls === NsClass.Image ? IMAGE_NAMES.indexOf(q.local.toLowerCase()) : -1;
  return q.rank;
}

/** Prefixes (other than `xml`) of qualified attribute names, with the URI each is bound to. */
function attrDecls(ctx: XmlCtx, attrs: Record<string, string>, into: Record<string, string> | undefined) {
  let out = into;
  for (const name in attrs) {
    const c = name.indexOf(':');
    if (c <= 0) continue;
    const p = name.slice(0, c);
    if (p === 'xml' || (out && p in out)) continue;
    const uri = ctx.sc.lookup(p);
    if (uri === undefined) continue;
    out ??= {};
    out[p] = uri;
  }
  return out;
}

/** A node for the start tag just scanned: named by local name in `ns`, else by qname with `ns`/`nsDecls`. */
function openXNode(ctx: XmlCtx, q: QName, ns: string): XNode {
  const foreign = q.ns !== ns;
  const node: XNode = { name: foreign ? q.qname : q.local, text: '' };
  const attrs = plainAttrs(ctx.sc.attrs);
  if (attrs) node.attrs = attrs;
  let decls: Record<string, string> | undefined;
  if (foreign) {
    node.ns = q.ns;
    decls = { [q.prefix]: q.ns };
  }
  if (attrs) decls = attrDecls(ctx, attrs, decls);
  if (decls) node.nsDecls = decls;
  return node;
}

/** One open element of {@link readXNode}: its node, the scanner depth inside it, its text. */
interface XFrame {
  node: XNode;
  base: number;
  at: number;
  /** All text so far, and the text since the last child (mixed content). */
  text: string;
  seg: string;
  segs: string[] | null;
}

/**
 * Close a node: whitespace between children is layout, any other text is kept in order
 * (`mixed`, exactly as written) and as `text` (all of it, for readers of the value).
 */
function closeXNode(ctx: XmlCtx, f: XFrame, top: string): void {
  const node = f.node;
  if (f.segs === null) node.text = f.text;
  else {
    f.segs.push(f.seg);
    if (f.text.trim() === '') node.text = '';
    else {
      node.text = f.text;
      node.mixed = f.segs;
    }
  }
  if (ctx.dirty)
    ctx.flushValue(
      node.ns === undefined && node.name !== 'video' && node.name !== 'news' ? `${top}.${node.name}` : top,
      f.at,
    );
}

/**
 * Read an element of the video or news vocabulary (start tag just scanned) as an XNode tree.
 * `ns` is the extension namespace: children in it are named by local name, others by qname
 * (with their namespace in `ns` and the declarations they need in `nsDecls`). Text between
 * children is kept in order (`mixed`). An explicit stack, not recursion: any depth is read,
 * and elements deeper than {@link MAX_XML_DEPTH} (reported by the scanner, ENC-004) are skipped.
 */
export function readXNode(ctx: XmlCtx, q: QName, ns: string, top: string): XNode {
  const sc = ctx.sc;
  const root = openXNode(ctx, q, ns);
  if (sc.selfClosing) return root;
  const stack: XFrame[] = [{ node: root, base: sc.depth, at: sc.tokStart, text: '', seg: '', segs: null }];
  for (;;) {
    const f = stack[stack.length - 1];
    const t = sc.next();
    if (t === Tok.Text) {
      const v = decodeText(ctx, sc.textStart, sc.textEnd);
      f.text += v;
      f.seg += v;
    } else if (t === Tok.Cdata) {
      ctx.cdata = true;
      const v = sc.plain(sc.textStart, sc.textEnd);
      f.text += v;
      f.seg += v;
    } else if (t === Tok.Start) {
      if (sc.depth > MAX_XML_DEPTH) {
        skipElement(ctx);
        continue;
      }
      const at = sc.tokStart;
      const child = openXNode(ctx, sc.resolve(sc.name, at), ns);
      f.node.children ??= [];
      f.node.children.push(child);
      f.segs ??= [];
      f.segs.push(f.seg);
      f.seg = '';
      if (!sc.selfClosing) stack.push({ node: child, base: sc.depth, at, text: '', seg: '', segs: null });
    } else if (t === Tok.End) {
      if (sc.depth < f.base) {
        closeXNode(ctx, f, top);
        stack.pop();
        if (stack.length === 0) return root;
      }
    } else if (t === Tok.Eof) sc.fail(`Unexpected end of input inside <${q.qname}>`, sc.s.length);
  }
}

const LINK_ATTRS: Record<string, 'rel' | 'hreflang' | 'href' | 'media'> = {
  rel: 'rel',
  hreflang: 'hreflang',
  href: 'href',
  media: 'media',
};

/** Store a well-spelled link attribute the first time it appears; false when it is anything else. */
function linkAttr(alt: Alternate, name: string, value: string): boolean {
  switch (name) {
    case 'rel':
      if (alt.rel !== undefined) return false;
      alt.rel = value;
      return true;
    case 'hreflang':
      if (alt.hreflang !== undefined) return false;
      alt.hreflang = value;
      return true;
    case 'href':
      if (alt.href !== undefined) return false;
      alt.href = value;
      return true;
    case 'media':
      if (alt.media !== undefined) return false;
      alt.media = value;
      return true;
    default:
      return false;
  }
}

/** A link attribute in the wrong case (ENC-010, mapped) or any other attribute (kept in `attrs`). */
function linkOddAttr(ctx: XmlCtx, alt: Alternate, name: string, value: string, index: number): void {
  const lower = LINK_ATTRS[name.toLowerCase()];
  if (lower !== undefined && lower !== name && alt[lower] === undefined) {
    const message = `Attribute ${name}= read as ${lower}=: names are case-sensitive`;
    ctx.report('ENC-010', message, ctx.sc.tokStart, `alternates.${index}.${lower}`);
    alt[lower] = value;
    return;
  }
  alt.attrs ??= {};
  alt.attrs[name] = value;
}

/** Read `<xhtml:link>` (start tag just scanned) into an Alternate; its content, if any, is skipped. */
export function readLink(ctx: XmlCtx, index: number): Alternate {
  const sc = ctx.sc;
  const at = sc.tokStart;
  const attrs = sc.attrs;
  // The usual link (rel, hreflang, href, each once, in this order): one object of its final shape.
  let alt: Alternate;
  if (
    attrs !== null &&
    attrs.length === 6 &&
    attrs[0] === 'rel' &&
    attrs[2] === 'hreflang' &&
    attrs[4] === 'href'
  )
    alt = { rel: attrs[1], hreflang: attrs[3], href: attrs[5] };
  else alt = {};
  if (attrs && alt.rel === undefined) {
    for (let a = 0; a < attrs.length; a += 2) {
      const name: string = attrs[a];
      if (!linkAttr(alt, name, attrs[a + 1]) && !isXmlns(name))
        linkOddAttr(ctx, alt, name, attrs[a + 1], index);
    }
  }
  if (ctx.dirty) ctx.flushValue(`alternates.${index}`, at);
  skipElement(ctx);
  return alt;
}
