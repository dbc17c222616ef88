import type { Entry } from '../model.ts';
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

/** Per-entry reading state. */
interface EntryState {
  e: Entry;
  isIndex: boolean;
  rank: number;
  orderReported: boolean;
  /** Non-whitespace text found directly inside the entry (a bare URL without `<loc>`). */
  bare: string;
  bareAt: number;
  locSeen: boolean;
}

/**
 * Read one `<url>` or `<sitemap>` entry whose start tag was just scanned at `tagStart`.
 * Values are kept as written (decoded once, not trimmed). Structure problems are reported
 * (XML-004/005/006/008/010, IDX-001/002, EXT-001/002); nothing is dropped.
 */
export function readEntry(ctx: XmlCtx, id: number, isIndex: boolean, tagStart: number): Entry {
  const sc = ctx.sc;
  const e: Entry = { id, loc: '' };
  e.line = sc.lines.line(tagStart);
  e.column = sc.lines.column(tagStart);
  const st: EntryState = { e, isIndex, rank: 0, orderReported: false, bare: '', bareAt: -1, locSeen: false };
  let hasLoc = false;
  if (!sc.selfClosing) {
    const base = sc.depth;
    for (;;) {
      const before = sc.pos;
      sc.skipSpace();
      const t = sc.next();
      if (t === Tok.Text) sc.textStart = before;
      if (t === Tok.Start) {
        if (child(ctx, st, sc.tokStart)) hasLoc = true;
      } else if (t === Tok.End) {
        if (sc.depth < base) break;
      } else if (t === Tok.Text) bareText(ctx, st);
      else if (t === Tok.Cdata) {
        if (!st.bare) st.bareAt = sc.textStart;
        st.bare += sc.s.slice(sc.textStart, sc.textEnd);
        ctx.cdata = true;
      } else if (t === Tok.Eof)
        sc.fail(`Unexpected end of input inside <${isIndex ? 'sitemap' : 'url'}>`, sc.s.length);
    }
  }
  if (!hasLoc) missingLoc(ctx, st, tagStart);
  return e;
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
    st.e.loc = st.bare;
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
    const e = st.e;
    e.extras ??= [];
    const field = `extras.${e.extras.length}`;
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
    e.extras.push(readRaw(ctx, q, at));
    return false;
  }
  extension(ctx, st, q, at);
  return false;
}

function coreValue(ctx: XmlCtx, st: EntryState, local: string, rank: number, at: number): boolean {
  const sc = ctx.sc;
  const e = st.e;
  const value = sc.selfClosing ? '' : readText(ctx);
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
    rank === 1 ? st.locSeen : (rank === 2 ? e.lastmod : rank === 3 ? e.changefreq : e.priority) !== undefined;
  if (taken) {
    const rule = rank === 1 ? (st.isIndex ? 'IDX-001' : 'XML-004') : 'XML-005';
    ctx.report(rule, `Repeated <${local}> ("${value}") ignored; the first one is kept`, at, local);
    ctx.flushValue(local, at);
    return false;
  }
  if (rank === 1) {
    st.locSeen = true;
    e.loc = value;
  } else if (rank === 2) e.lastmod = value;
  else if (rank === 3) e.changefreq = value;
  else e.priority = value;
  if (ctx.dirty) ctx.flushValue(local, at);
  return rank === 1;
}

function extension(ctx: XmlCtx, st: EntryState, q: QName, at: number): void {
  const e = st.e;
  const cls = st.isIndex ? NsClass.Other : q.cls;
  const local = q.local;
  if (st.rank < EXT_RANK) st.rank = EXT_RANK;
  if (cls === NsClass.Image && local === 'image') {
    e.images ??= [];
    e.images.push(readImage(ctx, e.images.length));
  } else if (cls === NsClass.Video && local === 'video') {
    e.videos ??= [];
    e.videos.push({ nodes: readXNode(ctx, q, q.ns, `videos.${e.videos.length}`).children ?? [] });
  } else if (cls === NsClass.News && local === 'news') {
    e.news ??= [];
    e.news.push({ nodes: readXNode(ctx, q, q.ns, `news.${e.news.length}`).children ?? [] });
  } else if (cls === NsClass.Xhtml && local === 'link') {
    e.alternates ??= [];
    e.alternates.push(readLink(ctx, e.alternates.length));
  } else {
    e.extras ??= [];
    const field = `extras.${e.extras.length}`;
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
    e.extras.push(readRaw(ctx, q, at));
  }
}
