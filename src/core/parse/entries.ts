import type { Alternate, Entry, ImageData, NewsData, RawXml, VideoData } from '../model.ts';
import type { XmlCtx } from './context.ts';
import { readImage, readLink, readRaw, readXNode } from './extensions.ts';
import { classifyNs, NsClass } from './names.ts';
import { type QName, Tok } from './scanner.ts';
import { decodeText, readText } from './xmlText.ts';

/** Core children of an entry and their XSD rank (XML-006). */
const CORE_NAMES = ['', 'loc', 'lastmod', 'changefreq', 'priority'] as const;

/** XSD rank of a core child by local name, matched case-insensitively (IMP-006); 0 when unknown. */
function coreRank(local: string): number {
  const i = CORE_NAMES.indexOf(local.toLowerCase() as (typeof CORE_NAMES)[number]);
  return Math.max(i, 0);
}
const EXT_RANK = 5;

/** Key codes of optional Entry fields, recorded in first-set order (see {@link buildEntry}). */
const K_LASTMOD = 1;
const K_CHANGEFREQ = 2;
const K_PRIORITY = 3;
const K_EXTRAS = 4;
const K_IMAGES = 5;
const K_VIDEOS = 6;
const K_NEWS = 7;
const K_ALTERNATES = 8;

/**
 * Per-entry reading state. Field values are collected here and the Entry is created once at the
 * end with all its keys (one allocation, in-object fields) in the order they were first set. One
 * object is reused from entry to entry through `XmlCtx.spareEntry`.
 */
export interface EntryState {
  id: number;
  line: number;
  column: number;
  loc: string;
  lastmod: string | undefined;
  changefreq: string | undefined;
  priority: string | undefined;
  extras: RawXml[] | undefined;
  images: ImageData[] | undefined;
  videos: VideoData[] | undefined;
  news: NewsData[] | undefined;
  alternates: Alternate[] | undefined;
  /**
   * Images and alternates are collected in these reused buffers and copied out at exact length
   * when the entry ends: an array grown by push reserves 17 slots, which the young-generation
   * collector then copies for every entry.
   */
  imageBuf: ImageData[];
  imageN: number;
  altBuf: Alternate[];
  altN: number;
  /** Key codes (K_*) in first-set order, 4 bits each, most significant first. */
  order: number;
  isIndex: boolean;
  rank: number;
  orderReported: boolean;
  /** Non-whitespace text found directly inside the entry (a bare URL without `<loc>`). */
  bare: string;
  bareAt: number;
  locSeen: boolean;
}

/**
 * The parse's spare state object, reused from entry to entry (taken while an entry is read, so a
 * nested or interrupted read simply allocates a fresh one): saves an allocation per entry.
 */
function takeState(ctx: XmlCtx, id: number, isIndex: boolean, line: number, column: number): EntryState {
  const st = ctx.spareEntry;
  ctx.spareEntry = null;
  if (st === null) {
    return {
      id,
      line,
      column,
      loc: '',
      lastmod: undefined,
      changefreq: undefined,
      priority: undefined,
      extras: undefined,
      images: undefined,
      videos: undefined,
      news: undefined,
      alternates: undefined,
      imageBuf: [],
      imageN: 0,
      altBuf: [],
      altN: 0,
      order: 0,
      isIndex,
      rank: 0,
      orderReported: false,
      bare: '',
      bareAt: -1,
      locSeen: false,
    };
  }
  st.id = id;
  st.line = line;
  st.column = column;
  st.loc = '';
  st.lastmod = st.changefreq = st.priority = undefined;
  st.extras = st.images = st.videos = st.news = st.alternates = undefined;
  st.imageN = st.altN = 0;
  st.order = 0;
  st.isIndex = isIndex;
  st.rank = 0;
  st.orderReported = false;
  st.bare = '';
  st.bareAt = -1;
  st.locSeen = false;
  return st;
}

/** Copy the optional field `code` of `st` onto `e`. */
function setKey(e: Entry, st: EntryState, code: number): void {
  if (code === K_LASTMOD) e.lastmod = st.lastmod;
  else if (code === K_CHANGEFREQ) e.changefreq = st.changefreq;
  else if (code === K_PRIORITY) e.priority = st.priority;
  else if (code === K_EXTRAS) e.extras = st.extras;
  else if (code === K_IMAGES) e.images = st.images;
  else if (code === K_VIDEOS) e.videos = st.videos;
  else if (code === K_NEWS) e.news = st.news;
  else e.alternates = st.alternates;
}

/** The Entry with keys id, loc, line, column, then the optional ones in first-set order. */
function buildEntry(st: EntryState): Entry {
  const { id, loc, line, column } = st;
  switch (st.order) {
    case 0:
      return { id, loc, line, column };
    case 0x123:
      return { id, loc, line, column, lastmod: st.lastmod, changefreq: st.changefreq, priority: st.priority };
    case 0x1:
      return { id, loc, line, column, lastmod: st.lastmod };
    case 0x158:
      return { id, loc, line, column, lastmod: st.lastmod, images: st.images, alternates: st.alternates };
  }
  const e: Entry = { id, loc, line, column };
  const codes: number[] = [];
  for (let o = st.order; o > 0; o = Math.floor(o / 16)) codes.push(o % 16);
  for (let i = codes.length - 1; i >= 0; i--) setKey(e, st, codes[i]);
  return e;
}

function addKey(st: EntryState, code: number): void {
  st.order = st.order * 16 + code;
}

/**
 * Read one `<url>` or `<sitemap>` entry whose start tag was just scanned at `tagStart`.
 * Values are kept as written (decoded once, not trimmed). Structure problems are reported
 * (XML-004/005/006/008/010, IDX-001/002, EXT-001/002); nothing is dropped.
 */
export function readEntry(ctx: XmlCtx, id: number, isIndex: boolean, tagStart: number): Entry {
  const sc = ctx.sc;
  const st = takeState(ctx, id, isIndex, sc.lines.line(tagStart), sc.lines.column(tagStart));
  let hasLoc = false;
  if (!sc.selfClosing) {
    const base = sc.depth;
    // Unprefixed names are in the sitemap namespace here (the usual case): exact core children
    // can be matched as literals. The entry's own scope holds for all of its direct children.
    const literal = sc.resolve('loc', tagStart).cls === NsClass.Core;
    // The names the last alternate and image were spelled with, when they still mean xhtml:link
    // and image:image here: such children are read without the generic tag scan.
    const linkQ = isIndex ? null : knownName(ctx, ctx.linkName, NsClass.Xhtml, 'link', tagStart);
    const imageQ = isIndex ? null : knownName(ctx, ctx.imageName, NsClass.Image, 'image', tagStart);
    for (;;) {
      const before = sc.pos;
      sc.skipSpace();
      if (linkQ !== null && sc.selfClosingLiteral(linkQ.qname)) {
        extension(ctx, st, linkQ, sc.tokStart);
        continue;
      }
      if (imageQ !== null && sc.startLiteral(imageQ.qname)) {
        extension(ctx, st, imageQ, sc.tokStart);
        continue;
      }
      if (literal) {
        const rank = sc.coreLiteral();
        if (rank > 0 && !(isIndex && rank > 2)) {
          const value = sc.value(sc.textStart, sc.textEnd);
          if (coreValueOf(ctx, st, CORE_NAMES[rank], rank, sc.tokStart, value)) hasLoc = true;
          continue;
        }
        if (rank > 0) sc.pos = sc.tokStart;
      }
      const simple = sc.peekSimple();
      if (simple !== '') {
        const rank = simpleCoreRank(ctx, st, simple);
        if (rank > 0) {
          sc.takeSimple(simple);
          const value = sc.value(sc.textStart, sc.textEnd);
          if (coreValueOf(ctx, st, CORE_NAMES[rank], rank, sc.tokStart, value)) hasLoc = true;
          continue;
        }
      }
      const t = sc.next();
      if (t === Tok.Text) sc.textStart = before;
      if (t === Tok.Start) {
        if (child(ctx, st, sc.tokStart)) hasLoc = true;
      } else if (t === Tok.End) {
        if (sc.depth < base) break;
      } else if (t === Tok.Text) bareText(ctx, st);
      else if (t === Tok.Cdata) {
        if (!st.bare) st.bareAt = sc.textStart;
        st.bare += sc.plain(sc.textStart, sc.textEnd);
        ctx.cdata = true;
      } else if (t === Tok.Eof)
        sc.fail(`Unexpected end of input inside <${isIndex ? 'sitemap' : 'url'}>`, sc.s.length);
    }
  }
  if (!hasLoc) missingLoc(ctx, st, tagStart);
  if (st.imageN > 0) st.images = st.imageBuf.slice(0, st.imageN);
  if (st.altN > 0) st.alternates = st.altBuf.slice(0, st.altN);
  const e = buildEntry(st);
  ctx.spareEntry = st;
  return e;
}

/** `qname` resolved here when it names `local` in the namespace class `cls`, else null ('' : null). */
function knownName(ctx: XmlCtx, qname: string, cls: NsClass, local: string, at: number): QName | null {
  if (qname === '') return null;
  const q = ctx.sc.resolve(qname, at);
  return q.cls === cls && q.local === local ? q : null;
}

function bareText(ctx: XmlCtx, st: EntryState): void {
  const sc = ctx.sc;
  const s = sc.s;
  for (let i = sc.textStart; i < sc.textEnd; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) {
      if (!st.bare) st.bareAt = sc.textStart;
      st.bare += decodeText(ctx, sc.textStart, sc.textEnd);
      return;
    }
  }
}

function missingLoc(ctx: XmlCtx, st: EntryState, tagStart: number): void {
  const rule = st.isIndex ? 'IDX-001' : 'XML-004';
  const tag = st.isIndex ? 'sitemap' : 'url';
  if (st.bare.trim() !== '') {
    st.loc = st.bare;
    ctx.report(rule, `<${tag}> has no <loc>; its bare text was used as the location`, st.bareAt, 'loc');
    if (ctx.dirty) ctx.flushValue('loc', st.bareAt);
    return;
  }
  ctx.report(rule, `<${tag}> has no <loc> element`, tagStart, 'loc');
}

/** Handle one child element; returns true when it was the entry's first `<loc>`. */
function child(ctx: XmlCtx, st: EntryState, at: number): boolean {
  const sc = ctx.sc;
  const name = sc.name;
  const q = sc.resolve(name, at);
  if (q.cls === NsClass.Core) {
    if (q.rank === -2) q.rank = coreRank(q.local);
    const rank = q.rank;
    if (rank > 0) {
      const local = CORE_NAMES[rank];
      if (local !== q.local) ctx.caseOnly(q.qname, local, at, local);
      if (!(st.isIndex && rank > 2)) return coreValue(ctx, st, local, rank, at);
    }
    const extras = extrasOf(st);
    const field = `extras.${extras.length}`;
    if (st.isIndex)
      ctx.report(
        'IDX-002',
        `<${q.qname}> is not allowed inside <sitemap> (only loc and lastmod); kept`,
        at,
        field,
      );
    else
      ctx.report(
        'XML-008',
        `Unknown element <${q.qname}> in the sitemap namespace; kept verbatim`,
        at,
        field,
      );
    const raw = readRaw(ctx, q, at);
    if (raw) extras.push(raw);
    return false;
  }
  extension(ctx, st, q, at);
  return false;
}

/**
 * Rank of a `<name>text</name>` child found by `peekSimple` when the normal path would read it as
 * a core value spelled exactly (no ENC-010) that is allowed here; 0 otherwise.
 */
function simpleCoreRank(ctx: XmlCtx, st: EntryState, name: string): number {
  const q = ctx.sc.resolve(name, ctx.sc.pos);
  if (q.cls !== NsClass.Core) return 0;
  if (q.rank === -2) q.rank = coreRank(q.local);
  const rank = q.rank;
  if (rank === 0 || CORE_NAMES[rank] !== q.local || (st.isIndex && rank > 2)) return 0;
  return rank;
}

function coreValue(ctx: XmlCtx, st: EntryState, local: string, rank: number, at: number): boolean {
  const sc = ctx.sc;
  return coreValueOf(ctx, st, local, rank, at, sc.selfClosing ? '' : readText(ctx));
}

/** Store core child `local` (XSD rank `rank`, start tag at `at`) read as `value`; true for the entry's first `<loc>`. */
function coreValueOf(
  ctx: XmlCtx,
  st: EntryState,
  local: string,
  rank: number,
  at: number,
  value: string,
): boolean {
  if (rank < st.rank && !st.orderReported) {
    st.orderReported = true;
    ctx.report(
      'XML-006',
      `<${local}> comes after a later child (XSD order: loc, lastmod, changefreq, priority, extensions)`,
      at,
      local,
    );
  }
  if (rank > st.rank) st.rank = rank;
  const taken =
    rank === 1
      ? st.locSeen
      : (rank === 2 ? st.lastmod : rank === 3 ? st.changefreq : st.priority) !== undefined;
  if (taken) {
    const rule = rank === 1 ? (st.isIndex ? 'IDX-001' : 'XML-004') : 'XML-005';
    ctx.report(rule, `Repeated <${local}> ("${value}") ignored; the first one is kept`, at, local);
    ctx.flushValue(local, at);
    return false;
  }
  if (rank === 1) {
    st.locSeen = true;
    st.loc = value;
  } else if (rank === 2) {
    st.lastmod = value;
    addKey(st, K_LASTMOD);
  } else if (rank === 3) {
    st.changefreq = value;
    addKey(st, K_CHANGEFREQ);
  } else {
    st.priority = value;
    addKey(st, K_PRIORITY);
  }
  if (ctx.dirty) ctx.flushValue(local, at);
  return rank === 1;
}

function extrasOf(st: EntryState): RawXml[] {
  if (st.extras === undefined) {
    st.extras = [];
    addKey(st, K_EXTRAS);
  }
  return st.extras;
}

function extension(ctx: XmlCtx, st: EntryState, q: QName, at: number): void {
  const cls = st.isIndex ? NsClass.Other : q.cls;
  const local = q.local;
  if (st.rank < EXT_RANK) st.rank = EXT_RANK;
  if (cls === NsClass.Image && local === 'image') {
    ctx.imageName = q.qname;
    if (st.imageN === 0) addKey(st, K_IMAGES);
    const img = readImage(ctx, st.imageN);
    st.imageBuf[st.imageN++] = img;
  } else if (cls === NsClass.Video && local === 'video') {
    if (st.videos === undefined) {
      st.videos = [];
      addKey(st, K_VIDEOS);
    }
    st.videos.push({ nodes: readXNode(ctx, q, q.ns, `videos.${st.videos.length}`).children ?? [] });
  } else if (cls === NsClass.News && local === 'news') {
    if (st.news === undefined) {
      st.news = [];
      addKey(st, K_NEWS);
    }
    st.news.push({ nodes: readXNode(ctx, q, q.ns, `news.${st.news.length}`).children ?? [] });
  } else if (cls === NsClass.Xhtml && local === 'link') {
    ctx.linkName = q.qname;
    if (st.altN === 0) addKey(st, K_ALTERNATES);
    const alt = readLink(ctx, st.altN);
    st.altBuf[st.altN++] = alt;
  } else otherExtension(ctx, st, q, at);
}

function otherExtension(ctx: XmlCtx, st: EntryState, q: QName, at: number): void {
  const extras = extrasOf(st);
  const field = `extras.${extras.length}`;
  const info = q.ns ? classifyNs(q.ns) : null;
  if (st.isIndex && q.cls !== NsClass.Other && q.cls !== NsClass.None) {
    ctx.report(
      'XML-010',
      `Extension element <${q.qname}> inside <sitemap> describes no page; kept verbatim`,
      at,
      field,
    );
  } else if (info && info.cls === NsClass.Legacy) {
    ctx.report(
      'EXT-002',
      `Legacy Google extension <${q.qname}>; kept verbatim (consider removing it)`,
      at,
      field,
    );
  } else {
    ctx.unknownElement(q.qname, q.ns, at, field);
  }
  const raw = readRaw(ctx, q, at);
  if (raw) extras.push(raw);
}
