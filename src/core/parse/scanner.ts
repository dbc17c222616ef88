import type { Unkept } from '../model.ts';
import type { RuleId } from '../rules/registry.ts';
import { decodeEntities } from './entities.ts';
import { LineTracker } from './lines.ts';
import { MaskBail } from './mask.ts';
import { NsScope, type QName, type ScopeHooks } from './nsScope.ts';

/** Token kinds returned by {@link Scanner.next}. */
export enum Tok {
  Eof = 0,
  Text = 1,
  Start = 2,
  End = 3,
  Comment = 4,
  Pi = 5,
  Cdata = 6,
  Doctype = 7,
}

/** Thrown inside the parser for input that cannot be recovered; caught by parseSitemap. */
export class XmlFatal extends Error {
  readonly at: number;
  readonly rule: RuleId;
  constructor(message: string, at: number, rule: RuleId = 'ENC-004') {
    super(message);
    this.at = at;
    this.rule = rule;
  }
}

export type { QName } from './nsScope.ts';

/** Callbacks the scanner uses to report findings (namespaces, entities, end-tag case). */
export interface ScanHooks extends ScopeHooks {
  entities(flags: number, sample: string, at: number): void;
  caseMismatch(open: string, close: string, at: number): void;
  /** An element opened deeper than {@link MAX_XML_DEPTH} (called once per parse). */
  tooDeep(depth: number, at: number): void;
}

/**
 * Deepest element nesting read as usual (libxml2's default limit; the root is depth 1). Deeper
 * elements are still read, and reported once (ENC-004): libxml2-based readers refuse the file.
 */
export const MAX_XML_DEPTH = 256;

const utf8Fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** 1 for the ASCII characters that end a tag or attribute name: `>`, `/`, space, `<`, `=`, quotes. */
const ENDS_NAME = new Uint8Array(128);
for (const c of '> \n\t\r/<="\'') ENDS_NAME[c.charCodeAt(0)] = 1;

/** True for a character that ends a tag or attribute name (NaN: end of input). */
function endsName(c: number): boolean {
  return c < 128 ? ENDS_NAME[c] === 1 : Number.isNaN(c);
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c > 127;
}

/** Comments and instruction names kept as samples in {@link Scanner.unkept}. */
const UNKEPT_SAMPLES = 3;

/** A comment's text as a sample: trimmed, inner whitespace collapsed, at most 60 characters. */
function sample(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > 60 ? `${t.slice(0, 59)}…` : t;
}

/** What follows `<xhtml:link ` in nearly every hreflang alternate (see `Scanner.alternateLiteral`). */
const ALTERNATE_HEAD = 'rel="alternate" hreflang="';

/** True when `s` holds `lit` at `at` (a short literal: cheaper than startsWith on the hot path). */
function same(s: string, at: number, lit: string): boolean {
  for (let k = 0; k < lit.length; k++) if (s.charCodeAt(at + k) !== lit.charCodeAt(k)) return false;
  return true;
}

/**
 * A forward-only XML tokenizer over a decoded string (indexOf/charCodeAt, no regex on the hot
 * path). Tracks the open-element stack (well-formedness) and namespace scopes; resolves names by
 * URI with a per-scope cache.
 */
export class Scanner {
  /** The text read (readonly but for {@link rebase}). */
  s: string;
  pos = 0;
  lines: LineTracker;
  hooks: ScanHooks;
  /** Start and end (exclusive) of the last token. */
  tokStart = 0;
  tokEnd = 0;
  /** For Start/End: the qualified name. For Text/Cdata: start/end of the content. */
  name = '';
  textStart = 0;
  textEnd = 0;
  selfClosing = false;
  /**
   * Attributes of the last Start token as a flat list `[name0, value0, name1, value1, …]` (values
   * decoded); null when none. The array is reused: read it before the next token.
   */
  attrs: string[] | null = null;
  private readonly attrBuf: string[] = [];
  readonly open: string[] = [];
  /** Namespace bindings in scope; elements are resolved by URI through it. */
  readonly scope: NsScope;
  /** Recently seen names and short values, reused so repeated strings are not re-allocated. */
  private readonly strings: string[] = new Array(1024).fill('');
  /** A self-closing element's own scope is popped when the next token is read. */
  private pendingPop = false;
  /**
   * Masked mode (see mask.ts): the UTF-8 bytes behind `s`, whose non-ASCII bytes are
   * {@link MASK} characters in `s`; null when `s` is the decoded text.
   */
  readonly raw: Uint8Array | null;
  /** Masked mode: masked bytes read as part of values, comments or skipped content so far. */
  masksRead = 0;
  /**
   * Comments and processing instructions read so far (the XML declaration and xml-stylesheet
   * excepted): the document does not hold them (IMP-024). See {@link unkeptSince}.
   */
  readonly unkept: Unkept = { comments: 0, instructions: 0, commentSamples: [], instructionNames: [] };
  private maskedTo = 0;
  private nextMask = -1;

  constructor(s: string, hooks: ScanHooks, raw: Uint8Array | null = null) {
    this.s = s;
    this.raw = raw;
    this.lines = new LineTracker(s, raw);
    this.hooks = hooks;
    this.scope = new NsScope(hooks);
  }

  /**
   * Continue on the next window `text` of a longer document (parse/stream.ts), at its start, with
   * the open elements, namespace scopes and name cache kept. Only between tokens; not masked.
   * Every cache of a position in `s` (like `nextAmp`) must be reset here: parse/stream.test.ts
   * reads documents in windows of a few characters to catch one that is not.
   */
  rebase(text: string, lines: LineTracker): void {
    this.s = text;
    this.lines = lines;
    this.pos = 0;
    this.tokStart = 0;
    this.tokEnd = 0;
    this.nextAmp = -1;
    this.nextLt = -1;
  }

  /** Index of the first mask character at or after `from` (the string length when none or not masked). */
  maskAfter(from: number): number {
    if (this.raw === null) return this.s.length;
    if (this.nextMask < from) {
      const i = this.s.indexOf('\u0001', from);
      this.nextMask = i === -1 ? this.s.length : i;
    }
    return this.nextMask;
  }

  /**
   * `s[start, end)` as the decoded document holds it: in masked mode a range holding masks is
   * decoded from the bytes (and counted as read when `read`). Invalid UTF-8 throws MaskBail.
   */
  plain(start: number, end: number, read = true): string {
    if (this.maskAfter(start) >= end) return this.s.slice(start, end);
    let text: string;
    try {
      text = utf8Fatal.decode((this.raw as Uint8Array).subarray(start, end));
    } catch {
      throw new MaskBail('invalid UTF-8');
    }
    if (read) this.readMasks(start, end);
    return text;
  }

  /** Count the mask characters of `[start, end)` as read (ranges arrive in document order). */
  readMasks(start: number, end: number): void {
    const raw = this.raw;
    const from = Math.max(start, this.maskedTo);
    if (raw === null || from >= end) return;
    let n = 0;
    for (let i = from; i < end; i++) if (raw[i] >= 0x80) n++;
    this.masksRead += n;
    this.maskedTo = end;
  }

  /**
   * Value text of `s[start, end)`: references decoded once (findings reported through
   * `hooks.entities`), short repeated values (12 characters or fewer) shared, masked bytes decoded.
   */
  value(start: number, end: number): string {
    if (this.raw !== null && this.maskAfter(start) < end) return this.maskedValue(start, end);
    if (this.ampAfter(start) >= end) {
      // Longer values (URLs, timestamps) rarely repeat: a slice costs less than the lookup.
      return end - start > 12 ? this.s.slice(start, end) : this.str(start, end);
    }
    const r = decodeEntities(this.s, start, end);
    if (r.flags) this.hooks.entities(r.flags, r.sample, start);
    return r.text;
  }

  /** {@link value} of a range holding masks (kept apart so that the plain path stays small). */
  private maskedValue(start: number, end: number): string {
    const text = this.plain(start, end);
    if (this.ampAfter(start) >= end) return text;
    const r = decodeEntities(text, 0, text.length);
    if (r.flags) this.hooks.entities(r.flags, r.sample, start);
    return r.text;
  }

  /**
   * `s.slice(start, end)`, reusing an identical earlier string for short ones (tag names, repeated
   * values such as `weekly` or `0.5`): fewer allocations and cached hashes for Map lookups.
   */
  str(start: number, end: number): string {
    const len = end - start;
    if (len > 32 || len === 0) return this.s.slice(start, end);
    const s = this.s;
    const key =
      (len * 131 + s.charCodeAt(start) * 31 + s.charCodeAt(end - 1) * 7 + s.charCodeAt(start + (len >> 1))) &
      1023;
    const hit = this.strings[key];
    // A loop over a few characters costs less than a startsWith call.
    if (hit.length === len && same(s, start, hit)) return hit;
    const v = s.slice(start, end);
    this.strings[key] = v;
    return v;
  }

  private nextAmp = -1;

  /** Index of the first `&` at or after `from` (the string length when none); amortised O(1). */
  ampAfter(from: number): number {
    if (this.nextAmp < from) {
      const i = this.s.indexOf('&', from);
      this.nextAmp = i === -1 ? this.s.length : i;
    }
    return this.nextAmp;
  }

  get depth(): number {
    return this.open.length;
  }

  fail(message: string, at: number): never {
    throw new XmlFatal(message, at);
  }

  /** Skip whitespace at the current position (between children, where it carries no data). */
  skipSpace(): void {
    const s = this.s;
    let i = this.pos;
    let c = s.charCodeAt(i);
    while (c === 32 || c === 10 || c === 9 || c === 13) c = s.charCodeAt(++i);
    this.pos = i;
  }

  /** Advance to the next token. */
  next(): Tok {
    if (this.pendingPop) {
      this.pendingPop = false;
      this.scope.pop(this.open.length + 1);
    }
    const s = this.s;
    const start = this.pos;
    if (start >= s.length) return Tok.Eof;
    this.tokStart = start;
    if (s.charCodeAt(start) !== 60) {
      let lt = s.indexOf('<', start);
      if (lt === -1) lt = s.length;
      this.textStart = start;
      this.textEnd = lt;
      this.pos = this.tokEnd = lt;
      return Tok.Text;
    }
    const c = s.charCodeAt(start + 1);
    if (c === 47) return this.endTag(start);
    if (c === 33) return this.bang(start);
    if (c === 63) return this.pi(start);
    if (!isNameStart(c)) this.fail(`Unescaped "<" or broken tag: "${s.slice(start, start + 20)}"`, start);
    return this.startTag(start);
  }

  /**
   * Peek at the current position for a whole element without attributes whose content is plain
   * text, `<name>text</name>`. Returns its name (and notes where its text lies) without moving;
   * '' when the input there is anything else. {@link takeSimple} then consumes it.
   */
  peekSimple(): string {
    const s = this.s;
    const p = this.pos;
    if (this.pendingPop || s.charCodeAt(p) !== 60 || !isNameStart(s.charCodeAt(p + 1))) return '';
    const ne = this.nameEnd(p + 1);
    if (s.charCodeAt(ne) !== 62) return '';
    const lt = s.indexOf('<', ne + 1);
    const len = ne - p - 1;
    if (lt === -1 || s.charCodeAt(lt + 1) !== 47 || s.charCodeAt(lt + 2 + len) !== 62) return '';
    const name = this.str(p + 1, ne);
    if (!s.startsWith(name, lt + 2)) return '';
    this.textStart = ne + 1;
    this.textEnd = lt;
    return name;
  }

  /**
   * Consume the start tag `<name>` (spelled exactly, no attributes) at the current position, as
   * {@link next} would, without scanning or interning its name; false (nothing moves) otherwise.
   */
  startLiteral(name: string): boolean {
    const s = this.s;
    const p = this.pos;
    if (this.pendingPop || s.charCodeAt(p) !== 60 || s.charCodeAt(p + 1 + name.length) !== 62) return false;
    if (!same(s, p + 1, name)) return false;
    this.tokStart = p;
    this.name = name;
    this.attrs = null;
    this.selfClosing = false;
    this.open.push(name);
    if (this.open.length > MAX_XML_DEPTH) this.deep(p);
    this.pos = this.tokEnd = p + 2 + name.length;
    return true;
  }

  /**
   * The commonest shape of all, read without building a name: `<loc>`, `<lastmod>`,
   * `<changefreq>` or `<priority>` spelled exactly, without attributes, holding plain text and
   * closed at once. On a match it is consumed like {@link takeSimple} (`name`, `tokStart`,
   * `textStart`/`textEnd` describe it) and its XSD rank (1–4) is returned; otherwise 0 and
   * nothing moves. The caller must know that unprefixed names are in the sitemap namespace here.
   */
  coreLiteral(): number {
    const s = this.s;
    const p = this.pos;
    if (this.pendingPop || s.charCodeAt(p) !== 60) return 0;
    const c = s.charCodeAt(p + 1);
    let name: string;
    let rank: number;
    if (c === 108) {
      if (same(s, p + 2, 'oc>')) {
        name = 'loc';
        rank = 1;
      } else if (same(s, p + 2, 'astmod>')) {
        name = 'lastmod';
        rank = 2;
      } else return 0;
    } else if (c === 99 && same(s, p + 2, 'hangefreq>')) {
      name = 'changefreq';
      rank = 3;
    } else if (c === 112 && same(s, p + 2, 'riority>')) {
      name = 'priority';
      rank = 4;
    } else return 0;
    const from = p + name.length + 2;
    const lt = s.indexOf('<', from);
    const end = lt + 2 + name.length;
    if (lt === -1 || s.charCodeAt(lt + 1) !== 47 || s.charCodeAt(end) !== 62 || !same(s, lt + 2, name))
      return 0;
    this.textStart = from;
    this.textEnd = lt;
    this.takeSimple(name);
    return rank;
  }

  /**
   * Consume the element found by {@link peekSimple} (`name` is what it returned), as `next()`
   * for its start tag, reading its text and its end tag would: `tokStart`, `name` and
   * `textStart`/`textEnd` describe it afterwards.
   */
  takeSimple(name: string): void {
    this.tokStart = this.pos;
    this.name = name;
    this.attrs = null;
    this.selfClosing = false;
    this.pos = this.tokEnd = this.textEnd + 3 + name.length;
  }

  /**
   * A self-closing `<name a="v" …/>` spelled exactly as `name`, with at least one attribute and
   * none that declares a namespace, at the current position (the hreflang alternates of a
   * sitemap): consumed as {@link next} reads it (`tokStart`, `name`, `attrs`, `selfClosing`;
   * no scope to open or pop), true. Anything else — another name, content, an `xmlns`
   * attribute, a broken or unusual tag — returns false with nothing moved, for `next()` to read
   * and report as usual.
   */
  selfClosingLiteral(name: string): boolean {
    const s = this.s;
    const p = this.pos;
    if (this.pendingPop || s.charCodeAt(p) !== 60 || !same(s, p + 1, name)) return false;
    let i = p + 1 + name.length;
    if (!isSpace(s.charCodeAt(i))) return false;
    if (s.charCodeAt(i) === 32 && same(s, i + 1, ALTERNATE_HEAD) && this.alternateLiteral(p, name, i))
      return true;
    // First the shape, with no side effect (values are decoded, and reported, only on a match):
    // name start, name end, value end of each attribute.
    const spans = this.spanBuf;
    let n = 0;
    for (;;) {
      while (isSpace(s.charCodeAt(i))) i++;
      const c = s.charCodeAt(i);
      if (c === 47 && s.charCodeAt(i + 1) === 62) break;
      if (!isNameStart(c) || c > 127 || (c === 120 && same(s, i, 'xmlns'))) return false;
      const ne = this.nameEnd(i);
      if (s.charCodeAt(ne) !== 61) return false;
      const q = s.charCodeAt(ne + 1);
      if (q !== 34 && q !== 39) return false;
      const close = s.indexOf(q === 34 ? '"' : "'", ne + 2);
      if (close === -1) return false;
      if (this.nextLt < ne + 2) {
        const lt = s.indexOf('<', ne + 2);
        this.nextLt = lt === -1 ? s.length : lt;
      }
      if (this.nextLt < close) return false;
      spans[n] = i;
      spans[n + 1] = ne;
      spans[n + 2] = close;
      n += 3;
      i = close + 1;
    }
    if (n === 0) return false;
    const attrs = this.attrBuf;
    let a = 0;
    for (let k = 0; k < n; k += 3) {
      attrs[a] = this.str(spans[k], spans[k + 1]);
      attrs[a + 1] = this.value(spans[k + 1] + 2, spans[k + 2]);
      a += 2;
    }
    if (attrs.length !== a) attrs.length = a;
    this.tokStart = p;
    this.name = name;
    this.attrs = attrs;
    this.selfClosing = true;
    this.pos = this.tokEnd = i + 2;
    if (this.open.length >= MAX_XML_DEPTH) this.deep(p);
    return true;
  }

  /**
   * {@link selfClosingLiteral} of the one spelling nearly every hreflang alternate has,
   * `<name rel="alternate" hreflang="…" href="…"/>` with single spaces (`i`: the space after the
   * name, `ALTERNATE_HEAD` checked after it): the same result without scanning the three names
   * or interning them, two quote searches instead of three. False (nothing moved) for anything
   * else, which the general path then reads.
   */
  private alternateLiteral(p: number, name: string, i: number): boolean {
    const s = this.s;
    const lang = i + 1 + ALTERNATE_HEAD.length;
    const langEnd = s.indexOf('"', lang);
    if (langEnd === -1 || !same(s, langEnd, '" href="')) return false;
    const href = langEnd + 8;
    const hrefEnd = s.indexOf('"', href);
    if (hrefEnd === -1 || s.charCodeAt(hrefEnd + 1) !== 47 || s.charCodeAt(hrefEnd + 2) !== 62) return false;
    // A raw `<` in either value: the general path reads and refuses it.
    if (this.nextLt < lang) {
      const lt = s.indexOf('<', lang);
      this.nextLt = lt === -1 ? s.length : lt;
    }
    if (this.nextLt < hrefEnd) return false;
    const attrs = this.attrBuf;
    attrs[0] = 'rel';
    attrs[1] = 'alternate';
    attrs[2] = 'hreflang';
    attrs[3] = this.value(lang, langEnd);
    attrs[4] = 'href';
    attrs[5] = this.value(href, hrefEnd);
    if (attrs.length !== 6) attrs.length = 6;
    this.tokStart = p;
    this.name = name;
    this.attrs = attrs;
    this.selfClosing = true;
    this.pos = this.tokEnd = hrefEnd + 3;
    if (this.open.length >= MAX_XML_DEPTH) this.deep(p);
    return true;
  }

  /** Attribute spans of {@link selfClosingLiteral}, reused. */
  private readonly spanBuf: number[] = [];

  private nameEnd(from: number): number {
    const s = this.s;
    let i = from;
    while (!endsName(s.charCodeAt(i))) i++;
    return i;
  }

  private startTag(start: number): Tok {
    const s = this.s;
    const ne = this.nameEnd(start + 1);
    this.name = this.str(start + 1, ne);
    this.attrs = null;
    const c = s.charCodeAt(ne);
    if (c === 62) {
      this.selfClosing = false;
      this.pos = this.tokEnd = ne + 1;
    } else if (c === 47 && s.charCodeAt(ne + 1) === 62) {
      this.selfClosing = true;
      this.pos = this.tokEnd = ne + 2;
    } else {
      this.parseAttrs(ne);
    }
    if (this.attrs) this.scope.declare(this.attrs, this.open.length + 1, start);
    if (this.selfClosing) this.pendingPop = this.attrs !== null;
    else this.open.push(this.name);
    if (this.open.length >= MAX_XML_DEPTH) this.deep(start);
    return Tok.Start;
  }

  private deepSeen = false;

  /** Report the first element deeper than {@link MAX_XML_DEPTH} (the caller checked a bound). */
  private deep(at: number): void {
    const depth = this.open.length + (this.selfClosing ? 1 : 0);
    if (this.deepSeen || depth <= MAX_XML_DEPTH) return;
    this.deepSeen = true;
    this.hooks.tooDeep(depth, at);
  }

  private parseAttrs(from: number): void {
    const s = this.s;
    // Written by index and cut to length once: `length = 0` then push would trim the backing
    // store and reallocate it for every tag with attributes.
    const attrs = this.attrBuf;
    let n = 0;
    let i = from;
    for (;;) {
      while (isSpace(s.charCodeAt(i))) i++;
      const c = s.charCodeAt(i);
      if (c === 62) {
        this.selfClosing = false;
        break;
      }
      if (c === 47 && s.charCodeAt(i + 1) === 62) {
        this.selfClosing = true;
        i++;
        break;
      }
      if (Number.isNaN(c)) this.fail('Unexpected end of input inside a start tag', i);
      if (!isNameStart(c)) this.fail(`Unexpected character "${s[i]}" in a start tag`, i);
      const ne = this.nameEnd(i);
      const name = this.str(i, ne);
      i = ne;
      while (isSpace(s.charCodeAt(i))) i++;
      if (s.charCodeAt(i) !== 61) this.fail(`Attribute "${name}" has no value (missing "=")`, i);
      i++;
      while (isSpace(s.charCodeAt(i))) i++;
      const q = s.charCodeAt(i);
      if (q !== 34 && q !== 39) this.fail(`Value of attribute "${name}" is not quoted`, i);
      const close = s.indexOf(q === 34 ? '"' : "'", i + 1);
      if (close === -1) this.fail(`Unterminated value of attribute "${name}"`, i);
      attrs[n] = name;
      attrs[n + 1] = this.attrValue(i + 1, close);
      n += 2;
      i = close + 1;
    }
    if (attrs.length !== n) attrs.length = n;
    this.attrs = attrs;
    this.pos = this.tokEnd = i + 1;
  }

  private nextLt = -1;

  private attrValue(start: number, end: number): string {
    const s = this.s;
    if (this.nextLt < start) {
      const i = s.indexOf('<', start);
      this.nextLt = i === -1 ? s.length : i;
    }
    const lt = this.nextLt;
    if (lt < end) this.fail('Raw "<" inside an attribute value', lt);
    return this.value(start, end);
  }

  private endTag(start: number): Tok {
    const s = this.s;
    // Usually the end tag closes the innermost element: compare with its name, no new string.
    const open = this.open;
    const top = open.length > 0 ? open[open.length - 1] : '';
    let ne = start + 2 + top.length;
    let name = top;
    if (top === '' || !endsName(s.charCodeAt(ne)) || !s.startsWith(top, start + 2)) {
      ne = this.nameEnd(start + 2);
      name = this.str(start + 2, ne);
    }
    let i = ne;
    while (isSpace(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== 62) {
      if (i >= s.length) this.fail('Unexpected end of input inside an end tag', i);
      this.fail(`Broken end tag "</${name}"`, start);
    }
    this.closeElement(name, start);
    this.name = name;
    this.pos = this.tokEnd = i + 1;
    return Tok.End;
  }

  /** Pops the open-element stack for end tag `name` found at `at`; fails on a mismatch. */
  closeElement(name: string, at: number): void {
    const open = this.open;
    const top = open.length > 0 ? open[open.length - 1] : undefined;
    if (top !== name) {
      if (top === undefined) this.fail(`End tag </${name}> without a matching start tag`, at);
      if (top.toLowerCase() !== name.toLowerCase()) {
        this.fail(`Mismatched end tag </${name}>: expected </${top}>`, at);
      }
      this.hooks.caseMismatch(top, name, at);
    }
    open.pop();
    this.scope.pop(open.length + 1);
  }

  private bang(start: number): Tok {
    const s = this.s;
    if (s.startsWith('<!--', start)) {
      const end = s.indexOf('-->', start + 4);
      if (end === -1) this.fail('Unterminated comment', start);
      const u = this.unkept;
      u.comments++;
      if (u.commentSamples.length < UNKEPT_SAMPLES)
        u.commentSamples.push(sample(this.plain(start + 4, end, false)));
      if (this.maskAfter(start) < end) this.readMasks(start, end);
      this.pos = this.tokEnd = end + 3;
      return Tok.Comment;
    }
    if (s.startsWith('<![CDATA[', start)) {
      const end = s.indexOf(']]>', start + 9);
      if (end === -1) this.fail('Unterminated CDATA section', start);
      this.textStart = start + 9;
      this.textEnd = end;
      this.pos = this.tokEnd = end + 3;
      return Tok.Cdata;
    }
    if (s.startsWith('<!DOCTYPE', start) || s.startsWith('<!doctype', start)) {
      this.pos = this.tokEnd = this.doctypeEnd(start);
      return Tok.Doctype;
    }
    this.fail(`Unexpected markup "${s.slice(start, start + 12)}"`, start);
  }

  /** End of a DOCTYPE declaration, skipping an internal subset with quoted strings and comments. */
  private doctypeEnd(start: number): number {
    const s = this.s;
    let i = start + 9;
    let inSubset = false;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 34 || c === 39) {
        const close = s.indexOf(c === 34 ? '"' : "'", i + 1);
        if (close === -1) break;
        i = close + 1;
        continue;
      }
      if (inSubset && c === 60 && s.startsWith('<!--', i)) {
        const close = s.indexOf('-->', i + 4);
        if (close === -1) break;
        i = close + 3;
        continue;
      }
      if (c === 91) inSubset = true;
      else if (c === 93) inSubset = false;
      else if (c === 62 && !inSubset) return i + 1;
      i++;
    }
    this.fail('Unterminated DOCTYPE declaration', start);
  }

  private pi(start: number): Tok {
    const end = this.s.indexOf('?>', start + 2);
    if (end === -1) this.fail('Unterminated processing instruction', start);
    const ne = this.nameEnd(start + 2);
    this.name = this.s.slice(start + 2, ne);
    if (this.name !== 'xml' && this.name !== 'xml-stylesheet') {
      const u = this.unkept;
      u.instructions++;
      if (u.instructionNames.length < UNKEPT_SAMPLES && !u.instructionNames.includes(this.name))
        u.instructionNames.push(this.name);
    }
    this.textStart = ne;
    this.textEnd = end;
    this.pos = this.tokEnd = end + 2;
    return Tok.Pi;
  }

  /**
   * Forget the comments and instructions counted since `mark` (from {@link unkeptMark}): they
   * sit inside an element kept verbatim.
   */
  unkeptSince(mark: readonly number[]): void {
    const u = this.unkept;
    u.comments = mark[0];
    u.instructions = mark[1];
    u.commentSamples.length = mark[2];
    u.instructionNames.length = mark[3];
  }

  /** The counts {@link unkeptSince} returns to. */
  unkeptMark(): number[] {
    const u = this.unkept;
    return [u.comments, u.instructions, u.commentSamples.length, u.instructionNames.length];
  }

  /** Resolve an element name by namespace URI (IMP-004), injecting standard prefixes (IMP-005). */
  resolve(qname: string, at: number): QName {
    return this.scope.resolve(qname, at);
  }

  /** Set the namespace URI treated as the sitemap core (the root element's namespace). */
  setCoreNs(uri: string): void {
    this.scope.setCoreNs(uri);
  }

  /** Current prefix → URI binding ('' for the default namespace), or undefined. */
  lookup(prefix: string): string | undefined {
    return this.scope.lookup(prefix);
  }
}
