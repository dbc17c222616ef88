/**
 * One `<url>` / `<sitemap>` entry's source text, read just far enough to re-write it in place:
 * its start tag, its direct children (name, span, content span) and the whitespace around them.
 * Edits of the core fields become replacements of a child's content, removals of a child with
 * the whitespace before it, or insertions in the style of its siblings; nothing else moves.
 */
import type { Entry } from '../model.ts';
import { removeForbidden } from '../serialize/escape.ts';

/** A direct child element of an entry. */
export interface XmlChild {
  start: number;
  end: number;
  name: string;
  /** `p:` or ''. */
  prefix: string;
  local: string;
  /** Content span (start = end for a self-closing child). */
  cStart: number;
  cEnd: number;
  selfClosing: boolean;
}

/** An entry's source text read into its parts. */
export interface EntryXml {
  text: string;
  name: string;
  prefix: string;
  openEnd: number;
  /** `<` of the end tag; -1 when the entry is self-closing. */
  closeStart: number;
  children: XmlChild[];
}

/** The core fields in XSD order. */
export const CORE_FIELDS = ['loc', 'lastmod', 'changefreq', 'priority'] as const;
export type CoreField = (typeof CORE_FIELDS)[number];

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Index just past the `>` of the tag starting at `at` (quotes respected); -1 when unterminated. */
function tagEnd(s: string, at: number): number {
  let q = 0;
  for (let i = at + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (q !== 0) {
      if (c === q) q = 0;
    } else if (c === 34 || c === 39) q = c;
    else if (c === 62) return i + 1;
  }
  return -1;
}

function nameAt(s: string, at: number): string {
  let i = at;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isSpace(c) || c === 47 || c === 62) break;
    i++;
  }
  return s.slice(at, i);
}

/** End of a comment, PI or CDATA section starting at `at`, or -1 when `at` starts none. */
function skipSpecial(s: string, at: number): number {
  if (s.startsWith('<!--', at)) return end(s, '-->', at);
  if (s.startsWith('<![CDATA[', at)) return end(s, ']]>', at);
  if (s.startsWith('<?', at) || s.startsWith('<!', at)) return end(s, s[at + 1] === '?' ? '?>' : '>', at);
  return -1;
}

function end(s: string, marker: string, at: number): number {
  const i = s.indexOf(marker, at);
  if (i === -1) throw new Error('unterminated markup');
  return i + marker.length;
}

/** The end-tag start of the element whose start tag ends at `from` (depth counting). */
function matchingEnd(s: string, from: number): number {
  let depth = 1;
  let i = from;
  for (;;) {
    i = s.indexOf('<', i);
    if (i === -1) throw new Error('unclosed element');
    const special = skipSpecial(s, i);
    if (special !== -1) {
      i = special;
      continue;
    }
    const te = tagEnd(s, i);
    if (te === -1) throw new Error('unterminated tag');
    if (s.charCodeAt(i + 1) === 47) {
      if (--depth === 0) return i;
    } else if (s.charCodeAt(te - 2) !== 47) depth++;
    i = te;
  }
}

function split(name: string): { prefix: string; local: string } {
  const colon = name.indexOf(':');
  return colon === -1
    ? { prefix: '', local: name }
    : { prefix: name.slice(0, colon + 1), local: name.slice(colon + 1) };
}

/**
 * Read an entry's source text (one `<url>…</url>` as the parser delimited it). Throws on text
 * that is not one element (cannot happen for spans of a parse without a fatal error).
 */
export function readEntryXml(text: string): EntryXml {
  const name = nameAt(text, 1);
  const openEnd = tagEnd(text, 0);
  if (openEnd === -1) throw new Error('unterminated start tag');
  const { prefix } = split(name);
  const children: XmlChild[] = [];
  if (text.charCodeAt(openEnd - 2) === 47) return { text, name, prefix, openEnd, closeStart: -1, children };
  let i = openEnd;
  for (;;) {
    i = text.indexOf('<', i);
    if (i === -1) throw new Error('entry not closed');
    const special = skipSpecial(text, i);
    if (special !== -1) {
      i = special;
      continue;
    }
    if (text.charCodeAt(i + 1) === 47) return { text, name, prefix, openEnd, closeStart: i, children };
    const te = tagEnd(text, i);
    if (te === -1) throw new Error('unterminated tag');
    const childName = nameAt(text, i + 1);
    const selfClosing = text.charCodeAt(te - 2) === 47;
    const cEnd = selfClosing ? te : matchingEnd(text, te);
    const childEnd = selfClosing ? te : tagEnd(text, cEnd);
    children.push({
      start: i,
      end: childEnd,
      name: childName,
      ...split(childName),
      cStart: te,
      cEnd,
      selfClosing,
    });
    i = childEnd;
  }
}

/** Start of the whitespace run that ends at `at` (not before `floor`). */
export function leadStart(s: string, at: number, floor = 0): number {
  let i = at;
  while (i > floor && isSpace(s.charCodeAt(i - 1))) i--;
  return i;
}

/** A replacement of `text[from, to)`. */
export interface Splice {
  from: number;
  to: number;
  text: string;
}

/**
 * Escape a value as text content in the sparing style hand-written files use: `&`, `<`, `>` only
 * after `]]`, CR as `&#13;` (a parser would turn a raw CR into LF); characters XML cannot hold
 * are dropped (as the normalized export does).
 */
export function escapeContent(value: string): string {
  const v = removeForbidden(value).value;
  if (!/[&<\r]|]]>/.test(v)) return v;
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\r/g, '&#13;').replace(/]]>/g, ']]&gt;');
}

const CDATA_ONLY = /^<!\[CDATA\[(?:(?!\]\]>)[\s\S])*\]\]>$/;

/** A value written in the style of `old` content: one CDATA section stays one when the value fits. */
export function styledValue(value: string, old: string): string {
  const v = removeForbidden(value).value;
  if (CDATA_ONLY.test(old) && !v.includes(']]>') && !v.includes('\r')) return `<![CDATA[${v}]]>`;
  return escapeContent(v);
}

/** The first child holding core field `f` (same prefix as the entry, name matched as the parser does). */
function coreChild(x: EntryXml, f: CoreField): XmlChild | undefined {
  for (const c of x.children) if (c.prefix === x.prefix && c.local.toLowerCase() === f) return c;
  return undefined;
}

const EXTENSION_KEYS = ['images', 'videos', 'news', 'alternates', 'extras'] as const;

/** True when two entries hold the same extension data (compared as JSON, only for edited entries). */
export function sameExtensions(a: Entry, b: Entry): boolean {
  for (const k of EXTENSION_KEYS) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if ((x?.length ?? 0) === 0 && (y?.length ?? 0) === 0) continue;
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

/** Fields an entry of this kind can carry as core children. */
export function coreFieldsOf(isIndex: boolean): readonly CoreField[] {
  return isIndex ? CORE_FIELDS.slice(0, 2) : CORE_FIELDS;
}

/**
 * The splices (in `x.text` coordinates, ascending) that turn the entry `before` as written into
 * `after`, touching only changed core children; null when that cannot be done in place
 * (extension data changed, a value that has no child of its own, a self-closing entry).
 */
export function editSplices(x: EntryXml, before: Entry, after: Entry, isIndex: boolean): Splice[] | null {
  if (!sameExtensions(before, after)) return null;
  return coreSplices(x, before, after, isIndex);
}

/** The splices of {@link editSplices} for the core fields alone (the extensions are not compared). */
export function coreSplices(x: EntryXml, before: Entry, after: Entry, isIndex: boolean): Splice[] | null {
  if (isIndex && (after.changefreq !== undefined || after.priority !== undefined)) return null;
  const out: Splice[] = [];
  const fields = coreFieldsOf(isIndex);
  for (let r = 0; r < fields.length; r++) {
    const f = fields[r];
    const b = before[f];
    const a = after[f];
    if (a === b) continue;
    const child = coreChild(x, f);
    if (a === undefined) {
      if (!child) return null;
      out.push({ from: leadStart(x.text, child.start, x.openEnd), to: child.end, text: '' });
    } else if (child) {
      if (child.selfClosing)
        out.push({
          from: child.start,
          to: child.end,
          text: `<${child.name}>${escapeContent(a)}</${child.name}>`,
        });
      else
        out.push({
          from: child.cStart,
          to: child.cEnd,
          text: styledValue(a, x.text.slice(child.cStart, child.cEnd)),
        });
    } else {
      if (b !== undefined || x.closeStart === -1) return null;
      out.push(insertion(x, fields, r, `<${x.prefix}${f}>${escapeContent(a)}</${x.prefix}${f}>`));
    }
  }
  return out.sort((p, q) => p.from - q.from);
}

/**
 * Where the line of a child ending at `from` ends for an insertion after it: past comments that
 * follow it on the same line (they annotate it) and past trailing spaces before a line break;
 * `from` itself when anything else follows (a sibling, text, the end tag on the same line).
 */
function lineRest(s: string, from: number, limit: number): number {
  let at = from;
  for (;;) {
    let i = at;
    while (i < limit && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
    if (s.startsWith('<!--', i)) {
      const close = s.indexOf('-->', i + 4);
      if (close === -1 || close + 3 > limit) return at;
      at = close + 3;
      continue;
    }
    const c = s.charCodeAt(i);
    return i < limit && (c === 10 || c === 13) ? i : at;
  }
}

/** Insert a new core child after the last earlier core child (or first), with its siblings' lead. */
function insertion(x: EntryXml, fields: readonly CoreField[], rank: number, child: string): Splice {
  for (let r = rank - 1; r >= 0; r--) {
    const ref = coreChild(x, fields[r]);
    if (!ref) continue;
    const lead = x.text.slice(leadStart(x.text, ref.start, x.openEnd), ref.start);
    const at = lineRest(x.text, ref.end, x.closeStart);
    return { from: at, to: at, text: lead + child };
  }
  const first = x.children[0];
  if (first) {
    const lead = x.text.slice(leadStart(x.text, first.start, x.openEnd), first.start);
    return { from: first.start, to: first.start, text: child + lead };
  }
  // No child elements: any text is the entry's bare location, whose whitespace must stay as is.
  const ls = leadStart(x.text, x.closeStart, x.openEnd);
  const lead = ls === x.openEnd ? x.text.slice(ls, x.closeStart) : '';
  return { from: x.closeStart, to: x.closeStart, text: lead + child };
}

/** Apply ascending, non-overlapping splices to `text`. */
export function applySplices(text: string, splices: readonly Splice[]): string {
  let out = '';
  let pos = 0;
  for (const s of splices) {
    out += text.slice(pos, s.from) + s.text;
    pos = s.to;
  }
  return out + text.slice(pos);
}

/** How a new entry is written: taken from a neighbour written in the file. */
export interface EntryStyle {
  name: string;
  prefix: string;
  /** Whitespace before the first child and before the end tag. */
  childLead: string;
  closeLead: string;
}

/** The style of an entry as written. */
export function styleOf(x: EntryXml): EntryStyle {
  const first = x.children[0];
  const childLead = first ? x.text.slice(leadStart(x.text, first.start, x.openEnd), first.start) : '';
  const closeLead =
    x.closeStart === -1 ? '' : x.text.slice(leadStart(x.text, x.closeStart, x.openEnd), x.closeStart);
  return { name: x.name, prefix: x.prefix, childLead, closeLead };
}

/** A new entry's text in `style`; null when it carries data beyond the core fields. */
export function printEntry(e: Entry, style: EntryStyle, isIndex: boolean): string | null {
  if (!sameExtensions(e, { id: e.id, loc: '' })) return null;
  if (isIndex && (e.changefreq !== undefined || e.priority !== undefined)) return null;
  let s = `<${style.name}>`;
  for (const f of coreFieldsOf(isIndex)) {
    const v = e[f];
    if (v === undefined) continue;
    s += `${style.childLead}<${style.prefix}${f}>${escapeContent(v)}</${style.prefix}${f}>`;
  }
  return `${s}${style.closeLead}</${style.name}>`;
}
