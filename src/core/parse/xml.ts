import type { Entry, FatalError, Issue, SitemapDocument } from '../model.ts';
import { NS } from '../model.ts';
import { XmlCtx } from './context.ts';
import { readEntry } from './entries.ts';
import { readRaw } from './extensions.ts';
import { readFeed } from './feed.ts';
import type { LineTracker } from './lines.ts';
import { MaskBail } from './mask.ts';
import { NsClass } from './names.ts';
import { fatalAt, prolog } from './prolog.ts';
import { type QName, Tok, XmlFatal } from './scanner.ts';

/** What the XML reader produces (the document's fields as read); parse.ts wraps it into a ParseResult. */
export interface XmlOut
  extends Pick<
    SitemapDocument,
    'kind' | 'entries' | 'otherEntries' | 'namespaces' | 'stylesheet' | 'rootExtras' | 'partial' | 'unkept'
  > {
  issues: Issue[];
  fatal: FatalError | null;
  /** Source positions of `entries` (see SourceLayout); absent for feeds. */
  spans?: Int32Array;
  /** End of the root start tag and start of the root end tag (-1 when self-closing). */
  rootOpenEnd?: number;
  rootCloseStart?: number;
}

/**
 * Receives the entries of a urlset or sitemap index while the XML reader reads them
 * (`ParseOptions.stream`), for a caller that sends them on before the parse ends (the worker:
 * workers/entryStream.ts). Only entries of the root's kind are streamed; whether they are the
 * document's entries is known at the end only (the majority kind wins, IMP-023): the caller
 * compares `result.document.entries` with the streamed list. A reading may be abandoned (a masked
 * read that bails out) and a new one started.
 */
export interface EntryStream {
  /**
   * A reading starts: `list` (entries of `kind`) grows by one entry before each `entry` call;
   * `issues` is where the reader puts its findings; `length` is the text's length. `raw`: the
   * reader reads the input bytes as it goes (a masked read): they must stay readable until it ends.
   */
  start(
    kind: 'urlset' | 'sitemapindex',
    list: readonly Entry[],
    issues: readonly Issue[],
    length: number,
    raw: boolean,
  ): void;
  /** The last entry of `list` was read; its findings are `issues[from, to)`; the reader is at `pos`. */
  entry(from: number, to: number, pos: number): void;
  /** The reading begun by the last `start` is dropped: its entries will not be the result's. */
  abandon(): void;
}

/** Reading state across the root element's children. */
interface RootState {
  out: XmlOut;
  urls: Entry[];
  maps: Entry[];
  /** [from, to) issue index ranges belonging to `<url>` / `<sitemap>` entries. */
  urlRanges: number[];
  mapRanges: number[];
  /** [start, end) source positions of each `<url>` / `<sitemap>` entry, in reading order. */
  urlSpans: number[];
  mapSpans: number[];
  rootIsIndex: boolean;
  strayText: boolean;
  /** Issue count when the entry being read started (-1 outside entries). */
  entryMark: number;
  /** True once the root element's end tag was read. */
  rootClosed: boolean;
  /** Called with the string position every PROGRESS_EVERY entries (always present: one shape). */
  onProgress: ((at: number) => void) | undefined;
  /** The text is a window of a longer document (see {@link XmlSession}): pause at its end. */
  more: boolean;
  /** Where the root's entries go as they are read (always present: one shape). */
  sink: EntryStream | undefined;
}

/** Thrown at the top of the root's child loop when a window that is not the last is used up. */
class Pause {}
const PAUSE = new Pause();

const PROGRESS_EVERY = 8192;

/**
 * Parse a decoded XML document: prolog (declaration, stylesheet PI, DOCTYPE refusal), root
 * dispatch (urlset / sitemapindex / feeds / HTML refusal) and recovery of complete entries when
 * the document is broken (IMP-012).
 */
export function parseXml(
  text: string,
  start: number,
  onProgress?: (at: number) => void,
  raw: Uint8Array | null = null,
  sink?: EntryStream,
): XmlOut {
  if (liveShapes.length === 0) keepShapes();
  return parseWith(new XmlCtx(text, raw), start, onProgress, undefined, sink);
}

/**
 * Parse masked XML (see mask.ts): the result of {@link parseXml} on the decoded text, or null when
 * the masked reading cannot guarantee that (a mask outside values, invalid UTF-8, a fatal error).
 */
export function parseMaskedXml(
  text: string,
  raw: Uint8Array,
  masks: number,
  start: number,
  onProgress?: (at: number) => void,
  sink?: EntryStream,
): XmlOut | null {
  if (liveShapes.length === 0) keepShapes();
  const ctx = new XmlCtx(text, raw);
  let out: XmlOut;
  try {
    out = parseWith(ctx, start, onProgress, undefined, sink);
  } catch (e) {
    if (e instanceof MaskBail) return null;
    throw e;
  }
  return out.fatal === null && ctx.sc.masksRead === masks ? out : null;
}

/** The state of a root element's reading before its first child. */
function rootState(
  ctx: XmlCtx,
  onProgress: ((at: number) => void) | undefined,
  sink?: EntryStream,
): RootState {
  return {
    out: { kind: 'unknown', entries: [], issues: ctx.issues, fatal: null },
    urls: [],
    maps: [],
    urlRanges: [],
    mapRanges: [],
    urlSpans: [],
    mapSpans: [],
    rootIsIndex: false,
    strayText: false,
    entryMark: -1,
    rootClosed: false,
    onProgress,
    more: false,
    sink,
  };
}

function parseWith(
  ctx: XmlCtx,
  start: number,
  onProgress?: (at: number) => void,
  keep?: unknown[],
  sink?: EntryStream,
): XmlOut {
  const text = ctx.sc.s;
  const st = rootState(ctx, onProgress, sink);
  const out = st.out;
  keep?.push(st);
  ctx.sc.pos = start;
  try {
    if (start > 0 && text.startsWith('<?xml', start)) {
      ctx.report('ENC-003', 'Whitespace before the XML declaration was removed', 0);
    }
    const root = prolog(ctx, out);
    rootElement(ctx, st, root);
  } catch (e) {
    if (!(e instanceof XmlFatal)) throw e;
    recover(ctx, st, e);
  }
  finish(ctx, st);
  ctx.finishFindings();
  return out;
}

/**
 * The parse of {@link parseXml} fed window by window (parse/stream.ts): each window but the last
 * must end just after an entry's end tag. The root's children are read up to the window's end,
 * then the scanner moves on to the next window with its open elements, namespace scopes, the
 * findings and their budget kept. `feed` returns false when the windows cannot give the result of
 * one parse of their concatenation (an error, or the root closed, in a window after the first
 * pause): the caller then parses the whole text.
 */
export class XmlSession {
  private readonly ctx: XmlCtx;
  private readonly st: RootState;
  /** 0: prolog not read; 1: paused in the root's children; 2: done. */
  private phase = 0;
  private paused = false;
  private readonly start: number;

  constructor(first: string, start: number, lines: LineTracker) {
    if (liveShapes.length === 0) keepShapes();
    this.ctx = new XmlCtx(first);
    this.ctx.sc.lines = lines;
    this.start = start;
    this.st = rootState(this.ctx, undefined);
  }

  /**
   * Read the next window (`text`; null for the first, given to the constructor); `last` when no
   * text follows. False: this reading differs from one parse of the whole text (see the class).
   */
  feed(text: string | null, lines: LineTracker | null, last: boolean): boolean {
    const { ctx, st } = this;
    const sc = ctx.sc;
    if (text !== null && lines !== null) sc.rebase(text, lines);
    st.more = !last;
    try {
      if (this.phase === 0) {
        this.phase = 1;
        sc.pos = this.start;
        if (this.start > 0 && sc.s.startsWith('<?xml', this.start)) {
          ctx.report('ENC-003', 'Whitespace before the XML declaration was removed', 0);
        }
        const root = prolog(ctx, st.out);
        rootElement(ctx, st, root);
      } else {
        rootChildren(ctx, st);
        st.rootClosed = true;
        afterRoot(ctx);
      }
    } catch (e) {
      if (e === PAUSE) {
        this.paused = true;
        return true;
      }
      if (!(e instanceof XmlFatal)) throw e;
      if (this.paused || !last) return false;
      recover(ctx, st, e);
    }
    if (!last) return false; // the root ended before the last window
    this.phase = 2;
    finish(ctx, st);
    ctx.finishFindings();
    return true;
  }

  /** The result, after `feed` returned true for the last window (no source layout). */
  result(): XmlOut {
    const out = this.st.out;
    delete out.spans;
    delete out.rootOpenEnd;
    delete out.rootCloseStart;
    return out;
  }
}

/** A small document using every object shape of a typical parse (see {@link liveShapes}). */
const WARM_XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>https://a.example/?a=1&b=2</loc><lastmod>2024-01-01</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>
<url><loc>https://a.example/x</loc><lastmod>2024-01-01T00:00:00+00:00</lastmod><image:image><image:loc>https://a.example/i.jpg</image:loc><image:caption>a &amp; b</image:caption><image:title>t</image:title></image:image><xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/x"/><video:video><video:title>v</video:title><video:player_loc allow_embed="yes">https://a.example/p</video:player_loc></video:video><news:news><news:title>n</news:title></news:news><x:y xmlns:x="urn:x">z</x:y></url>
<url><loc>https://a.example/y</loc></url>
<url><loc>https://a.example/z</loc><lastmod>2024-01-01</lastmod></url>
<url><loc>https://a.example/w</loc><lastmod>2024-01-01</lastmod><image:image><image:loc>https://a.example/i.jpg</image:loc></image:image><xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/w"/></url>
</urlset>`;

/**
 * The objects of one small parse, kept reachable for the life of the module (made on first use).
 * V8 keeps the hidden classes of class instances (Scanner, LineTracker, NsScope, XmlCtx) and of
 * objects built field by field (Alternate, ImageData, Issue, XNode) only while some object uses
 * them: a full GC between two parses dropped them and deoptimised all parser code specialised on
 * them ("weak objects"), so every parse after a GC ran about twice as slow (50k-URL bench file:
 * ~48 ms CPU without a GC in between, ~100 ms with one). One live object of each shape keeps them:
 * the warm parse's objects, its RootState and the Entry shapes `buildEntry`
 * makes literally. The masked reading is deliberately not warmed up: code optimised after seeing
 * it reads ASCII files ~10% slower (Node, same process, min of 21 runs).
 * It is referenced from {@link parseXml} so that bundlers and V8 cannot drop it.
 */
const liveShapes: unknown[] = [];

function keepShapes(): void {
  const ctx = new XmlCtx(WARM_XML);
  liveShapes.push(ctx, parseWith(ctx, 0, undefined, liveShapes));
}

function recover(ctx: XmlCtx, st: RootState, e: XmlFatal): void {
  const out = st.out;
  if (st.entryMark >= 0) ctx.issues.length = st.entryMark;
  ctx.entry = -1;
  const recovered = st.urls.length + st.maps.length + (out.kind === 'feed' ? out.entries.length : 0);
  out.fatal = fatalAt(ctx, e.message, e.at, e.rule);
  if (e.rule !== 'ENC-004') {
    ctx.report(e.rule, e.message, Math.min(e.at, ctx.sc.s.length));
    return;
  }
  const count = `${recovered} entr${recovered === 1 ? 'y' : 'ies'}`;
  let message: string;
  if (st.rootClosed) message = `Not well-formed XML: ${e.message}. All ${count} were read`;
  else {
    if (out.kind !== 'unknown' || recovered > 0) out.partial = true;
    message = `Not well-formed XML: ${e.message}. ${count} complete ${recovered === 1 ? 'was' : 'were'} recovered`;
  }
  ctx.report('ENC-004', message, Math.min(e.at, ctx.sc.s.length));
}

function rootElement(ctx: XmlCtx, st: RootState, root: QName): void {
  const sc = ctx.sc;
  const at = sc.tokStart;
  const lower = root.local.toLowerCase();
  const out = st.out;
  if (lower === 'rss' || lower === 'rdf' || lower === 'feed') {
    out.kind = 'feed';
    out.namespaces = rootNamespaces(sc.attrs);
    readFeed(ctx, root, out.entries);
    st.rootClosed = true;
    afterRoot(ctx);
    return;
  }
  if (lower === 'html')
    throw new XmlFatal('This is an HTML page, not a sitemap (root <html>)', at, 'XML-001');
  if (lower !== 'urlset' && lower !== 'sitemapindex') {
    throw new XmlFatal(`Root element <${root.qname}> is not <urlset> or <sitemapindex>`, at, 'XML-001');
  }
  if (root.local !== lower) ctx.caseOnly(root.qname, lower, at);
  st.rootIsIndex = lower === 'sitemapindex';
  out.kind = st.rootIsIndex ? 'sitemapindex' : 'urlset';
  out.namespaces = rootNamespaces(sc.attrs);
  rootAttributes(ctx, at);
  rootNamespace(ctx, root, at);
  sc.setCoreNs(root.ns);
  out.rootOpenEnd = sc.tokEnd;
  out.rootCloseStart = -1;
  const list = st.rootIsIndex ? st.maps : st.urls;
  st.sink?.start(st.rootIsIndex ? 'sitemapindex' : 'urlset', list, ctx.issues, sc.s.length, sc.raw !== null);
  if (!sc.selfClosing) rootChildren(ctx, st);
  st.rootClosed = true;
  afterRoot(ctx);
}

/** Prefixed root attributes need a declaration (XML-009); xsi:schemaLocation must hold pairs (XML-013). */
function rootAttributes(ctx: XmlCtx, at: number): void {
  const sc = ctx.sc;
  const attrs = sc.attrs;
  ctx.entFlags = 0;
  ctx.entSample = '';
  if (!attrs) return;
  for (let a = 0; a < attrs.length; a += 2) {
    const name = attrs[a];
    const colon = name.indexOf(':');
    if (colon === -1) continue;
    const prefix = name.slice(0, colon);
    if (prefix === 'xmlns' || prefix === 'xml') continue;
    if (sc.lookup(prefix) === undefined) ctx.undeclaredPrefix(prefix, at);
    if (name.slice(colon + 1) === 'schemaLocation') {
      const parts = attrs[a + 1].trim().split(/\s+/);
      if (parts.length % 2 !== 0) {
        ctx.report(
          'XML-013',
          `${name} should hold namespace/location pairs; it has ${parts.length} value(s)`,
          at,
        );
      }
    }
  }
}

function rootNamespaces(attrs: string[] | null): Record<string, string> | undefined {
  if (!attrs) return undefined;
  let out: Record<string, string> | undefined;
  for (let a = 0; a < attrs.length; a += 2) {
    const name = attrs[a];
    const value = attrs[a + 1];
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    out ??= {};
    out[name === 'xmlns' ? '' : name.slice(6)] = value;
  }
  return out;
}

function rootNamespace(ctx: XmlCtx, root: QName, at: number): void {
  if (root.ns === NS.sitemap) return;
  const what = root.ns ? `has namespace "${root.ns}"` : 'declares no namespace';
  ctx.report('XML-002', `The root element ${what}; expected "${NS.sitemap}". Read as a sitemap`, at);
}

function rootChildren(ctx: XmlCtx, st: RootState): void {
  const sc = ctx.sc;
  // When unprefixed names are in the sitemap namespace (the usual case), exact `<url>` or
  // `<sitemap>` start tags are taken as literals; everything else goes through next().
  const entryName = st.rootIsIndex ? 'sitemap' : 'url';
  const literal = sc.resolve(entryName, sc.pos).cls === NsClass.Core;
  for (;;) {
    sc.skipSpace();
    if (st.more && sc.pos >= sc.s.length) throw PAUSE;
    if (literal && sc.startLiteral(entryName)) {
      entry(ctx, st, st.rootIsIndex, sc.tokStart);
      continue;
    }
    const t = sc.next();
    if (t === Tok.Start) rootChild(ctx, st);
    else if (t === Tok.End) {
      st.out.rootCloseStart = sc.tokStart;
      return;
    } else if (t === Tok.Text || t === Tok.Cdata) strayText(ctx, st);
    else if (t === Tok.Eof) sc.fail('Unexpected end of input: the root element is not closed', sc.s.length);
  }
}

function strayText(ctx: XmlCtx, st: RootState): void {
  const sc = ctx.sc;
  if (st.strayText || sc.s.slice(sc.textStart, sc.textEnd).trim() === '') return;
  st.strayText = true;
  ctx.report('XML-008', 'Text directly under the root element is ignored', sc.textStart);
}

function rootChild(ctx: XmlCtx, st: RootState): void {
  const sc = ctx.sc;
  const at = sc.tokStart;
  const name = sc.name;
  const q = sc.resolve(name, at);
  if (q.cls === NsClass.Core) {
    const lower = q.local === 'url' || q.local === 'sitemap' ? q.local : q.local.toLowerCase();
    if (lower === 'url' || lower === 'sitemap') {
      if (lower !== q.local) ctx.caseOnly(q.qname, lower, at);
      entry(ctx, st, lower === 'sitemap', at);
      return;
    }
  }
  const out = st.out;
  out.rootExtras ??= [];
  if (q.cls === NsClass.Core)
    ctx.report('XML-008', `Unknown element <${q.qname}> under the root; kept verbatim`, at);
  else if (q.cls === NsClass.Other || q.cls === NsClass.None) {
    ctx.unknownElement(q.qname, q.ns, at, undefined, ' under the root');
  } else
    ctx.report(
      'XML-010',
      `Extension element <${q.qname}> directly under the root describes no page; kept verbatim`,
      at,
    );
  const raw = readRaw(ctx, q, at);
  if (raw) out.rootExtras.push(raw);
}

function entry(ctx: XmlCtx, st: RootState, isIndex: boolean, at: number): void {
  const list = isIndex ? st.maps : st.urls;
  const ranges = isIndex ? st.mapRanges : st.urlRanges;
  const from = ctx.issues.length;
  st.entryMark = from;
  ctx.entry = list.length;
  const e = readEntry(ctx, list.length, isIndex, at);
  ctx.entry = -1;
  st.entryMark = -1;
  list.push(e);
  const spans = isIndex ? st.mapSpans : st.urlSpans;
  spans.push(at, ctx.sc.pos);
  if (ctx.issues.length > from) ranges.push(from, ctx.issues.length);
  if (st.sink !== undefined && isIndex === st.rootIsIndex) st.sink.entry(from, ctx.issues.length, ctx.sc.pos);
  if (st.onProgress && list.length % PROGRESS_EVERY === 0) st.onProgress(ctx.sc.pos);
}

function afterRoot(ctx: XmlCtx): void {
  const sc = ctx.sc;
  for (;;) {
    const t = sc.next();
    if (t === Tok.Eof) return;
    if (t === Tok.Comment || t === Tok.Pi) continue;
    let at = sc.tokStart;
    if (t === Tok.Text) {
      const text = sc.s.slice(sc.textStart, sc.textEnd);
      const lead = text.length - text.trimStart().length;
      if (lead === text.length) continue;
      at += lead;
    }
    sc.fail('Content after the end of the root element', at);
  }
}

/** Majority kind becomes `entries`; the minority goes to `otherEntries` (IMP-023, XML-011). */
function finish(ctx: XmlCtx, st: RootState): void {
  const out = st.out;
  if (out.kind !== 'urlset' && out.kind !== 'sitemapindex') return;
  const u = ctx.sc.unkept;
  if (u.comments + u.instructions > 0) out.unkept = { ...u };
  const { urls, maps } = st;
  const mapsFirst =
    maps.length > urls.length || (maps.length === urls.length && maps.length > 0 && st.rootIsIndex);
  if (out.fatal === null)
    out.spans = Int32Array.from(mapsFirst || urls.length === 0 ? st.mapSpans : st.urlSpans);
  if (urls.length > 0 && maps.length > 0) {
    const mapsWin = maps.length > urls.length || (maps.length === urls.length && st.rootIsIndex);
    const minorityRanges = mapsWin ? st.urlRanges : st.mapRanges;
    for (let r = 0; r < minorityRanges.length; r += 2) {
      for (let i = minorityRanges[r]; i < minorityRanges[r + 1]; i++) delete ctx.issues[i].entry;
    }
    out.kind = mapsWin ? 'sitemapindex' : 'urlset';
    out.entries = mapsWin ? maps : urls;
    out.otherEntries = mapsWin ? urls : maps;
    const minority = mapsWin ? 'url' : 'sitemap';
    const message = `The file mixes <url> and <sitemap> entries; ${out.otherEntries.length} <${minority}> entr${out.otherEntries.length === 1 ? 'y was' : 'ies were'} kept in a separate table`;
    const first = out.otherEntries[0];
    ctx.issues.push({ rule: 'XML-011', severity: 'error', message, line: first.line, column: first.column });
    return;
  }
  out.entries = maps.length > 0 ? maps : urls;
  if (maps.length > 0) out.kind = 'sitemapindex';
  else if (urls.length > 0) out.kind = 'urlset';
  const list = maps.length > 0 ? maps : urls;
  if (list.length > 0 && maps.length > 0 !== st.rootIsIndex) {
    const root = st.rootIsIndex ? '<sitemapindex>' : '<urlset>';
    const child = st.rootIsIndex ? '<url>' : '<sitemap>';
    const message = `${root} contains ${child} entries; read as a ${out.kind}`;
    ctx.issues.push({
      rule: 'XML-011',
      severity: 'error',
      message,
      line: list[0].line,
      column: list[0].column,
    });
  }
}
