import type { Alternate, ImageData, RawXml, XNode } from '../model.ts';
import type { XmlCtx } from './context.ts';
import { NsClass } from './names.ts';
import { type QName, Tok } from './scanner.ts';
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
export function readRaw(ctx: XmlCtx, q: QName, tagStart: number): RawXml {
  const sc = ctx.sc;
  const own = new Set<string>();
  const used = new Set<string>([q.prefix]);
  const collect = (attrs: Array<[string, string]> | null, isOwn: boolean) => {
    if (!attrs) return;
    for (const [name] of attrs) {
      if (name === 'xmlns') {
        if (isOwn) own.add('');
      } else if (name.startsWith('xmlns:')) {
        if (isOwn) own.add(name.slice(6));
      } else if (name.includes(':')) used.add(prefixOf(name));
    }
  };
  collect(sc.attrs, true);
  const end = skipElement(ctx, (qname) => {
    used.add(prefixOf(qname));
    collect(sc.attrs, false);
  });
  const raw: RawXml = {
    ns: q.ns,
    name: q.local,
    xml: sc.s.slice(tagStart, end),
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
  if (decls) raw.nsDecls = decls;
  return raw;
}

/** Attributes other than namespace declarations, or undefined when none. */
export function plainAttrs(attrs: Array<[string, string]> | null): Record<string, string> | undefined {
  if (!attrs) return undefined;
  let out: Record<string, string> | undefined;
  for (const [name, value] of attrs) {
    if (isXmlns(name)) continue;
    out ??= {};
    out[name] = value;
  }
  return out;
}

const IMAGE_RANK: Record<string, number> = { loc: 0, caption: 1, geo_location: 2, title: 3, license: 4 };
const IMAGE_FIELD: Record<string, 'loc' | 'caption' | 'geoLocation' | 'title' | 'license'> = {
  loc: 'loc',
  caption: 'caption',
  geo_location: 'geoLocation',
  title: 'title',
  license: 'license',
};

/** Read `<image:image>` (start tag just scanned) into ImageData; `field` is e.g. `images.0`. */
export function readImage(ctx: XmlCtx, field: string): ImageData {
  const sc = ctx.sc;
  const img: ImageData = { loc: '' };
  if (sc.selfClosing) return img;
  const base = sc.depth;
  let rank = -1;
  let orderReported = false;
  const seen = new Set<string>();
  for (;;) {
    const t = sc.next();
    if (t === Tok.End) {
      if (sc.depth < base) return img;
      continue;
    }
    if (t === Tok.Eof) sc.fail('Unexpected end of input inside <image:image>', sc.s.length);
    if (t !== Tok.Start) continue;
    const at = sc.tokStart;
    const q = sc.resolve(sc.name, at);
    let local = q.local;
    if (
      q.cls === NsClass.Image &&
      IMAGE_RANK[local] === undefined &&
      IMAGE_RANK[local.toLowerCase()] !== undefined
    ) {
      local = local.toLowerCase();
      ctx.caseOnly(q.qname, `image:${local}`, at, field);
    }
    const r = q.cls === NsClass.Image ? IMAGE_RANK[local] : undefined;
    if (r === undefined || seen.has(local)) {
      img.extras ??= [];
      img.extras.push(readRaw(ctx, q, at));
      continue;
    }
    seen.add(local);
    if (r < rank && !orderReported) {
      orderReported = true;
      ctx.report(
        'IMG-008',
        `<${q.qname}> comes after a later image child (XSD order: loc, caption, geo_location, title, license)`,
        at,
        field,
      );
    }
    rank = Math.max(rank, r);
    const key = IMAGE_FIELD[local];
    img[key] = sc.selfClosing ? '' : readText(ctx);
    if (ctx.dirty) ctx.flushValue(`${field}.${key}`, at);
  }
}

/**
 * Read an element of the video or news vocabulary (start tag just scanned) as an XNode tree.
 * `ns` is the extension namespace: children in it are named by local name, others by qname.
 */
export function readXNode(ctx: XmlCtx, q: QName, ns: string, field: string): XNode {
  const sc = ctx.sc;
  const node: XNode = { name: q.ns === ns ? q.local : q.qname, text: '' };
  const attrs = plainAttrs(sc.attrs);
  if (attrs) node.attrs = attrs;
  if (sc.selfClosing) return node;
  const base = sc.depth;
  let text = '';
  const at = sc.tokStart;
  for (;;) {
    const t = sc.next();
    if (t === Tok.Text) text += decodeText(ctx, sc.textStart, sc.textEnd);
    else if (t === Tok.Cdata) {
      ctx.cdata = true;
      text += sc.s.slice(sc.textStart, sc.textEnd);
    } else if (t === Tok.Start) {
      const cq = sc.resolve(sc.name, sc.tokStart);
      node.children ??= [];
      node.children.push(readXNode(ctx, cq, ns, `${field}.${cq.local}`));
    } else if (t === Tok.End) {
      if (sc.depth < base) break;
    } else if (t === Tok.Eof) sc.fail(`Unexpected end of input inside <${q.qname}>`, sc.s.length);
  }
  node.text = node.children && text.trim() === '' ? '' : text;
  if (ctx.dirty) ctx.flushValue(field, at);
  return node;
}

const LINK_ATTRS: Record<string, 'rel' | 'hreflang' | 'href' | 'media'> = {
  rel: 'rel',
  hreflang: 'hreflang',
  href: 'href',
  media: 'media',
};

/** Read `<xhtml:link>` (start tag just scanned) into an Alternate; its content, if any, is skipped. */
export function readLink(ctx: XmlCtx, field: string): Alternate {
  const sc = ctx.sc;
  const at = sc.tokStart;
  const alt: Alternate = {};
  if (sc.attrs) {
    for (const [name, value] of sc.attrs) {
      if (isXmlns(name)) continue;
      let key = LINK_ATTRS[name];
      if (key === undefined) {
        const lower = LINK_ATTRS[name.toLowerCase()];
        if (lower !== undefined && alt[lower] === undefined) {
          ctx.report(
            'ENC-010',
            `Attribute ${name}= read as ${lower}=: names are case-sensitive`,
            at,
            `${field}.${lower}`,
          );
          key = lower;
        }
      }
      if (key !== undefined && alt[key] === undefined) alt[key] = value;
      else {
        alt.attrs ??= {};
        alt.attrs[name] = value;
      }
    }
  }
  if (ctx.dirty) ctx.flushValue(field, at);
  skipElement(ctx);
  return alt;
}
