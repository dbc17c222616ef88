/**
 * Exports are verified, not trusted (issue 20): the bytes of an exported file are checked for
 * namespace well-formedness (what libxml2 checks: QNames, declared prefixes, no duplicate
 * attributes) and read back with our own parser; the entries read must carry the document's data
 * (locations, dates, image/video/news data, alternates, preserved raw elements), compared after
 * the normalisations the exporter is allowed to make (OUT-004..007: trimming, escaping, value
 * spelling, XSD order). Pure: any exporter (canonical, keep-formatting) calls it on its output.
 */
import type { Alternate, Entry, ImageData, RawXml, SitemapDocument, XNode } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { removeForbidden } from './escape.ts';
import { NEWS_VALUE, normalizeDate, normalizePriority, VIDEO_VALUE } from './normalize.ts';

/** One difference between a document and its export. `entry` is the entry id (null: the file). */
export interface ExportProblem {
  entry: number | null;
  /** The entry's location, to name it in messages. */
  loc?: string;
  message: string;
}

/** What the exporter was asked to leave out, so its absence is not a difference. */
export interface VerifyOptions {
  /** changefreq and priority omitted (OUT-007 lean). */
  lean?: boolean;
  /** Deprecated image/video and legacy news children omitted (OUT-007). */
  stripDeprecated?: boolean;
  /** Stop after this many problems (default 20). */
  maxProblems?: number;
}

const VIDEO_DEPRECATED = new Set(['category', 'gallery_loc', 'price', 'tvshow']);
const NEWS_LEGACY = new Set(['access', 'genres', 'keywords', 'stock_tickers']);

/** Shorten a value for a message. */
function clip(s: string, n = 80): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}

/** Text as the exporter may legitimately rewrite it: forbidden characters gone, trimmed. */
function plain(s: string | undefined): string {
  if (s === undefined) return '';
  return removeForbidden(s).value.trim();
}

function decodeUrl(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** URLs compare after percent-decoding (escaping on export must change nothing else). */
function url(s: string | undefined): string {
  return decodeUrl(plain(s));
}

function loose(s: string | undefined, norm?: (v: string) => string): string {
  const v = plain(s);
  return norm ? norm(v) : v;
}

function attrsKey(attrs: Record<string, string> | undefined, skip?: Set<string>): string {
  if (!attrs) return '';
  const parts: string[] = [];
  for (const k in attrs) if (!skip?.has(k)) parts.push(`${k}=${plain(attrs[k])}`);
  return parts.sort().join(',');
}

const PLAYER_DEPRECATED_ATTRS = new Set(['allow_embed', 'autoplay']);

/** A node list in comparable form: children sorted unless the parent is mixed content. */
function nodesKey(
  nodes: readonly XNode[] | undefined,
  values: Record<string, (v: string) => string>,
  dropped: Set<string>,
  o: VerifyOptions,
  ordered: boolean,
): string {
  const out: string[] = [];
  for (const n of nodes ?? []) {
    const foreign = n.ns !== undefined;
    if (!foreign && o.stripDeprecated && dropped.has(n.name)) continue;
    const mixed = (n.children?.length ?? 0) > 0 && n.text.trim() !== '';
    const skip = o.stripDeprecated && n.name === 'player_loc' && !mixed ? PLAYER_DEPRECATED_ATTRS : undefined;
    const attrs = attrsKey(n.attrs, skip);
    const name = foreign ? `{${n.ns}}${n.name}` : n.name;
    if (mixed) {
      const segs = n.mixed && n.mixed.join('') === n.text ? n.mixed : [n.text];
      const seg = segs.map((x) => removeForbidden(x).value).join('|');
      out.push(`${name}[${attrs}]<${nodesKey(n.children, values, dropped, o, true)}>=${seg}`);
      continue;
    }
    const inner = n.children?.length ? nodesKey(n.children, values, dropped, o, false) : '';
    const norm = foreign ? undefined : values[n.name];
    const text = /_loc$/.test(n.name) && !foreign ? url(n.text) : loose(n.text, norm);
    if (!foreign && text === '' && attrs === '' && inner === '') continue;
    out.push(`${name}[${attrs}]{${inner}}=${text}`);
  }
  if (!ordered) out.sort();
  return out.join(';');
}

function imagesKey(images: readonly ImageData[] | undefined, o: VerifyOptions): string {
  return (images ?? [])
    .map((i) => {
      const old = o.stripDeprecated
        ? ''
        : [plain(i.caption), plain(i.geoLocation), plain(i.title), url(i.license)].join('|');
      return `${url(i.loc)}|${old}|${extrasKey(i.extras)}`;
    })
    .join(';');
}

function alternatesKey(list: readonly Alternate[] | undefined): string {
  return (list ?? [])
    .map((a) => `${plain(a.rel)}|${plain(a.media)}|${plain(a.hreflang)}|${url(a.href)}|${attrsKey(a.attrs)}`)
    .sort()
    .join(';');
}

const XMLNS_ATTR = /\s+xmlns(?::[\w.-]+)?\s*=\s*("[^"]*"|'[^']*')/g;

function extrasKey(list: readonly RawXml[] | undefined): string {
  return (list ?? [])
    .map((x) => `{${x.ns}}${x.name}:${x.xml.replace(XMLNS_ATTR, '').replace(/\s+/g, ' ')}`)
    .join(';');
}

/**
 * One part of an entry that must survive export: its name, its value in comparable form (`key`),
 * and `same`, a cheap test that the two entries hold the same raw values for it. Keys are pure
 * functions of those raw values, so when `same` holds the keys are equal and are not computed:
 * most fields of most entries read back exactly as they were written.
 */
interface Field {
  name: string;
  same: (a: Entry, b: Entry) => boolean;
  key: (e: Entry, o: VerifyOptions) => string;
}

const listOrNone = <T>(list: readonly T[] | undefined) =>
  list !== undefined && list.length > 0 ? list : undefined;

/** Both lists empty or absent, or the same list: equal keys, whatever the key. */
function sameList<T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean {
  return listOrNone(a) === listOrNone(b);
}

/**
 * Pairwise in order, the elements hold the same values for every field `key` reads (`same`):
 * an ordered key is then equal, and so is a sorted one.
 */
function samePairwise<T>(
  a: readonly T[] | undefined,
  b: readonly T[] | undefined,
  same: (x: T, y: T) => boolean,
): boolean {
  if (sameList(a, b)) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
  return true;
}

/**
 * `url(raw) === url(written)` when `written` is `encodeURI(raw)` and `raw` needs no other change:
 * no `%` (decoding `raw` then changes nothing), no forbidden character and nothing to trim
 * (`plain(raw) === raw`). `encodeURI` is undone exactly by the decoding, so both sides read
 * `raw`. A non-ASCII location is written this way; the check costs one `encodeURI` instead of
 * two decodes.
 */
function sameUrl(raw: string | undefined, written: string | undefined): boolean {
  if (raw === written) return true;
  if (raw === undefined || written === undefined || written.length <= raw.length) return false;
  if (raw.indexOf('%') !== -1 || raw.trim() !== raw || removeForbidden(raw).removed !== 0) return false;
  try {
    return encodeURI(raw) === written;
  } catch {
    return false;
  }
}

/** The fields imagesKey reads (extras only when there are none). */
const sameImage = (x: ImageData, y: ImageData) =>
  sameUrl(x.loc, y.loc) &&
  x.caption === y.caption &&
  x.title === y.title &&
  x.geoLocation === y.geoLocation &&
  x.license === y.license &&
  sameList(x.extras, y.extras);

/** The fields alternatesKey reads (attrs only when there are none). */
const sameAlternate = (x: Alternate, y: Alternate) =>
  x.rel === y.rel &&
  x.hreflang === y.hreflang &&
  sameUrl(x.href, y.href) &&
  x.media === y.media &&
  x.attrs === undefined &&
  y.attrs === undefined;

const LOC: Field = { name: 'loc', same: (a, b) => sameUrl(a.loc, b.loc), key: (e) => url(e.loc) };
const XML_FIELDS: readonly Field[] = [
  LOC,
  {
    name: 'lastmod',
    same: (a, b) => a.lastmod === b.lastmod,
    key: (e) => loose(e.lastmod, normalizeDate),
  },
  {
    name: 'changefreq',
    same: (a, b) => a.changefreq === b.changefreq,
    key: (e) => loose(e.changefreq).toLowerCase(),
  },
  {
    name: 'priority',
    same: (a, b) => a.priority === b.priority,
    key: (e) => loose(e.priority, (v) => (v === '' ? v : normalizePriority(v))),
  },
  {
    name: 'images',
    same: (a, b) => samePairwise(a.images, b.images, sameImage),
    key: (e, o) => imagesKey(e.images, o),
  },
  {
    name: 'videos',
    same: (a, b) => sameList(a.videos, b.videos),
    key: (e, o) =>
      (e.videos ?? []).map((v) => nodesKey(v.nodes, VIDEO_VALUE, VIDEO_DEPRECATED, o, false)).join('#'),
  },
  {
    name: 'news',
    same: (a, b) => sameList(a.news, b.news),
    key: (e, o) => (e.news ?? []).map((v) => nodesKey(v.nodes, NEWS_VALUE, NEWS_LEGACY, o, false)).join('#'),
  },
  {
    name: 'alternates',
    same: (a, b) => samePairwise(a.alternates, b.alternates, sameAlternate),
    key: (e) => alternatesKey(e.alternates),
  },
  { name: 'extras', same: (a, b) => sameList(a.extras, b.extras), key: (e) => extrasKey(e.extras) },
];
/** Lean output (OUT-007) leaves changefreq and priority out: they are not compared. */
const LEAN_FIELDS = XML_FIELDS.filter((f) => f.name !== 'changefreq' && f.name !== 'priority');

/** The fields compared for an export: a text file holds locations only. */
function fieldsOf(o: VerifyOptions, text: boolean): readonly Field[] {
  return text ? [LOC] : o.lean ? LEAN_FIELDS : XML_FIELDS;
}

/**
 * The first field whose comparable form differs between `want` (the document's entry) and `got`
 * (read back from the export), with both forms; null when the export holds the entry's data.
 * `general` computes every key (the check the raw-value shortcut must agree with; for tests).
 *
 * @example entryDifference({ id: 0, loc: 'https://a.example/ü' }, { id: 0, loc: 'https://a.example/%C3%BC' }, {}, false) // null
 */
export function entryDifference(
  want: Entry,
  got: Entry,
  o: VerifyOptions,
  text: boolean,
  general = false,
): { name: string; want: string; got: string } | null {
  for (const f of fieldsOf(o, text)) {
    if (!general && f.same(want, got)) continue;
    const a = f.key(want, o);
    const b = f.key(got, o);
    if (a !== b) return { name: f.name, want: a, got: b };
  }
  return null;
}

/** First difference between the two strings, shown around where they part. */
function showDiff(want: string, got: string): string {
  let i = 0;
  while (i < want.length && i < got.length && want[i] === got[i]) i++;
  const from = Math.max(0, i - 30);
  return `expected “${clip(want.slice(from), 70)}”, read back “${clip(got.slice(from), 70)}”`;
}

/**
 * Check one exported file against the entries it should hold: `doc.entries` is the writer's plan
 * (for the serializer, a split file's entries less those it left out, `writtenEntries`). Returns the problems found, []
 * when the export holds the document's data and is namespace-well-formed XML (or a text file).
 *
 * @example verifyExport(doc, serializeSitemap(doc)) // []
 */
export function verifyExport(
  doc: SitemapDocument,
  bytes: Uint8Array | string,
  options: VerifyOptions = {},
): ExportProblem[] {
  const max = options.maxProblems ?? 20;
  const text = typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes);
  const problems: ExportProblem[] = [];
  const isXml = text.trimStart().startsWith('<');
  // `doc` holds the entries the writer planned to write (the serializer's chunk plan, see
  // serialize/chunks.ts writtenEntries). A text file has one line per location: entries without
  // one cannot be in it (TXT-006).
  const want = isXml ? doc.entries : doc.entries.filter((e) => url(e.loc) !== '');
  if (!isXml && text.trim() === '' && want.length === 0) return problems;
  // Bytes are read as the app reads a file (BOM and encoding sniffing), not as plain UTF-8.
  const parsed = parseSitemap(bytes);
  const got = parsed.document.entries;
  const near = (line: number): Entry | undefined => {
    let best: number | undefined;
    for (let i = 0; i < got.length; i++) if ((got[i].line ?? 0) <= line) best = i;
    return best === undefined ? undefined : want[best];
  };
  if (isXml) {
    const wf = namespaceProblem(text);
    if (wf) {
      const e = near(wf.line);
      problems.push({
        entry: e?.id ?? null,
        ...(e ? { loc: e.loc } : {}),
        message: `The exported XML is not namespace-well-formed at line ${wf.line}: ${wf.message}${e ? ` (entry “${clip(e.loc)}”)` : ''}`,
      });
    }
  }
  if (parsed.fatal) {
    const e = near(parsed.fatal.line);
    problems.push({
      entry: e?.id ?? null,
      ...(e ? { loc: e.loc } : {}),
      message: `The exported file does not read back: ${parsed.fatal.message} at line ${parsed.fatal.line}`,
    });
    return problems;
  }
  if (got.length !== want.length) {
    problems.push({
      entry: null,
      message: `The exported file holds ${got.length} entries, the document ${want.length}`,
    });
  }
  const n = Math.min(got.length, want.length);
  for (let i = 0; i < n && problems.length < max; i++) {
    const d = entryDifference(want[i], got[i], options, !isXml);
    if (d === null) continue;
    problems.push({
      entry: want[i].id,
      loc: want[i].loc,
      message: `Entry “${clip(want[i].loc)}”: its ${d.name} would change on export (${showDiff(d.want, d.got)})`,
    });
  }
  return problems;
}

const NAME_START = /[A-Za-z_\u00C0-\uFFFF]/;
const NCNAME = /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*$/;

/** True when `name` is a valid element QName (one colon at most, each part an NCName). @example validElementName('image:loc') */
export function validElementName(name: string): boolean {
  return NAME_START.test(name[0] ?? '') && validQName(name);
}

function validQName(name: string): boolean {
  const c = name.indexOf(':');
  if (c === -1) return NCNAME.test(name);
  return NCNAME.test(name.slice(0, c)) && NCNAME.test(name.slice(c + 1));
}

/** `/\s/.test(xml[i])` (JavaScript's white space), by code for the ASCII range. @example isSpace(' ', 0) */
export function isSpace(xml: string, i: number): boolean {
  const c = xml.charCodeAt(i);
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return WS.test(xml[i]);
}

const WS = /\s/;

/** `/[\s/>]/.test(xml[i])`: where an element name ends. @example endsName('a>', 1) */
export function endsName(xml: string, i: number): boolean {
  const c = xml.charCodeAt(i);
  return c === 47 || c === 62 || isSpace(xml, i);
}

/** `[A-Za-z_]` */
function asciiNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** `[A-Za-z0-9_.-]` */
function asciiNameChar(c: number): boolean {
  return asciiNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45;
}

/**
 * Where an element name starting at `from` ends, when it is a valid QName of ASCII characters
 * (`prefix:local` or `local`) followed by white space, `/`, `>` or the end: the common case, read
 * without a regex. -1 for anything else (the general check then decides).
 *
 * @example plainQNameEnd('<image:loc>', 1) === 10
 */
export function plainQNameEnd(xml: string, from: number): number {
  if (from >= xml.length || !asciiNameStart(xml.charCodeAt(from))) return -1;
  let colon = false;
  let p = from + 1;
  for (; p < xml.length; p++) {
    const c = xml.charCodeAt(p);
    if (asciiNameChar(c)) continue;
    if (c === 58 && !colon && p + 1 < xml.length && asciiNameStart(xml.charCodeAt(p + 1))) {
      colon = true;
      p++;
      continue;
    }
    break;
  }
  return p === xml.length || endsName(xml, p) ? p : -1;
}

/** Names checked per call, at most: a file of ever new names is checked name by name. */
const MAX_NAMES = 4096;

/** {@link validQName}, with answers kept in `seen` (attribute names repeat). */
function cachedQName(seen: Map<string, boolean>, name: string): boolean {
  const known = seen.get(name);
  if (known !== undefined) return known;
  const ok = validQName(name);
  if (seen.size < MAX_NAMES) seen.set(name, ok);
  return ok;
}

/** True when `name` is a valid element QName; answers are kept in `seen` (names repeat). */
function elementName(seen: Map<string, boolean>, name: string): boolean {
  const known = seen.get(name);
  if (known !== undefined) return known;
  const ok = validElementName(name);
  if (seen.size < MAX_NAMES) seen.set(name, ok);
  return ok;
}

/**
 * The first namespace well-formedness error of `xml` (QNames with one colon at most, every prefix
 * declared, no empty prefixed declaration, no duplicate attribute), or null. Element structure
 * itself is left to the parser. Linear, with an undo log of bindings (no recursion, no copies).
 * `general` reads every start tag the long way (the check the shortcuts must agree with; for tests).
 */
export function namespaceProblem(xml: string, general = false): { line: number; message: string } | null {
  const ns = new Map<string, string>([['xml', 'http://www.w3.org/XML/1998/namespace']]);
  const names = new Map<string, boolean>();
  const attrOk = new Map<string, boolean>();
  // One tag's attributes (names, values) and expanded names, reused from tag to tag.
  const attrNames: string[] = [];
  const attrValues: string[] = [];
  const keys: string[] = [];
  const logDepth: number[] = [];
  const logPrefix: string[] = [];
  const logPrev: (string | undefined)[] = [];
  let depth = 0;
  let line = 1;
  let lineAt = 0;
  const lineOf = (at: number) => {
    for (let k = lineAt; k < at; k++) if (xml.charCodeAt(k) === 10) line++;
    lineAt = at;
    return line;
  };
  const fail = (at: number, message: string) => ({ line: lineOf(at), message });
  const undo = (d: number) => {
    while (logDepth.length > 0 && logDepth[logDepth.length - 1] >= d) {
      logDepth.pop();
      const p = logPrefix.pop()!;
      const prev = logPrev.pop();
      if (prev === undefined) ns.delete(p);
      else ns.set(p, prev);
    }
  };
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt === -1) return null;
    const c = xml[lt + 1];
    if (c === '!') {
      const close = xml.startsWith('<!--', lt) ? '-->' : xml.startsWith('<![CDATA[', lt) ? ']]>' : '>';
      const end = xml.indexOf(close, lt + 2);
      if (end === -1) return null;
      i = end + close.length;
      continue;
    }
    if (c === '?') {
      const end = xml.indexOf('?>', lt + 2);
      if (end === -1) return null;
      i = end + 2;
      continue;
    }
    if (c === '/') {
      const end = xml.indexOf('>', lt);
      if (end === -1) return null;
      undo(depth);
      depth--;
      i = end + 1;
      continue;
    }
    // Start tag: name, attributes, then `>` or `/>`.
    let p = general ? -1 : plainQNameEnd(xml, lt + 1);
    if (p !== -1 && xml.charCodeAt(p) === 62) {
      // `<name>`: no attributes, so only the name's prefix needs a look.
      depth++;
      let el = lt + 1;
      while (el < p && xml.charCodeAt(el) !== 58) el++;
      if (el < p && !ns.has(xml.slice(lt + 1, el)))
        return fail(
          lt,
          `prefix “${xml.slice(lt + 1, el)}” of <${clip(xml.slice(lt + 1, p), 40)}> is not declared`,
        );
      i = p + 1;
      continue;
    }
    if (p === -1) {
      p = lt + 1;
      while (p < xml.length && !endsName(xml, p)) p++;
      const name = xml.slice(lt + 1, p);
      if (!elementName(names, name)) return fail(lt, `element name “${clip(name, 40)}” is not a valid QName`);
    }
    const name = xml.slice(lt + 1, p);
    attrNames.length = 0;
    attrValues.length = 0;
    for (;;) {
      while (p < xml.length && isSpace(xml, p)) p++;
      if (xml[p] === '>' || xml[p] === '/' || p >= xml.length) break;
      const eq = xml.indexOf('=', p);
      if (eq === -1) return null;
      const an = xml.slice(p, eq).trim();
      let q = eq + 1;
      while (q < xml.length && isSpace(xml, q)) q++;
      const quote = xml[q];
      const vend = quote === '"' || quote === "'" ? xml.indexOf(quote, q + 1) : -1;
      if (vend === -1) return null;
      attrNames.push(an);
      attrValues.push(xml.slice(q + 1, vend));
      p = vend + 1;
    }
    const selfClosing = xml[p] === '/';
    depth++;
    for (let k = 0; k < attrNames.length; k++) {
      const an = attrNames[k];
      if (an !== 'xmlns' && !an.startsWith('xmlns:')) continue;
      const v = attrValues[k];
      const prefix = an === 'xmlns' ? '' : an.slice(6);
      if (prefix === 'xmlns' || (prefix === 'xml' && v !== ns.get('xml')))
        return fail(lt, `the prefix “${prefix}” cannot be declared`);
      if (prefix !== '' && v === '') return fail(lt, `xmlns:${prefix}="" is not allowed in XML 1.0`);
      logDepth.push(depth);
      logPrefix.push(prefix);
      logPrev.push(ns.get(prefix));
      ns.set(prefix, v);
    }
    const el = name.indexOf(':');
    if (el !== -1 && !ns.has(name.slice(0, el)))
      return fail(lt, `prefix “${name.slice(0, el)}” of <${clip(name, 40)}> is not declared`);
    // Expanded names seen on this tag: a short list is searched, a long one goes to a Set.
    keys.length = 0;
    const seen = attrNames.length > 8 ? new Set<string>() : null;
    for (const an of attrNames) {
      if (!cachedQName(attrOk, an)) return fail(lt, `attribute name “${clip(an, 40)}” is not a valid QName`);
      const ac = an.indexOf(':');
      let key = an;
      if (ac !== -1 && !an.startsWith('xmlns:')) {
        const uri = ns.get(an.slice(0, ac));
        if (uri === undefined)
          return fail(lt, `prefix “${an.slice(0, ac)}” of attribute ${an} is not declared`);
        key = `{${uri}}${an.slice(ac + 1)}`;
      }
      if (seen === null ? keys.includes(key) : seen.has(key))
        return fail(lt, `attribute ${an} appears twice on <${clip(name, 40)}>`);
      if (seen === null) keys.push(key);
      else seen.add(key);
    }
    if (selfClosing) {
      undo(depth);
      depth--;
    }
    const end = xml.indexOf('>', p);
    if (end === -1) return null;
    i = end + 1;
  }
}
