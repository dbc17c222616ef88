/**
 * Writes a document's entries into one or more file bodies ("chunks"), splitting on entry count,
 * encoded UTF-8 bytes and news elements (OUT-008), and assembles each chunk into file text.
 */
import type { Entry, RawXml, SitemapDocument } from '../model.ts';
import { COMPACT_INDENT, PRETTY_INDENT, writeSitemapRef, writeTextLine, writeUrl } from './entries.ts';
import { escapeXml } from './escape.ts';
import { makeTags, type WriteContext, writeExtras } from './extensions.ts';
import { rootStartTag } from './namespaces.ts';
import { normalizeDate } from './normalize.ts';

/** Limits for one output file. */
export interface ChunkLimits {
  maxUrls: number;
  maxBytes: number;
  maxNews: number;
}

/** The written body of one output file plus what its root tag and index entry need. */
export interface Chunk {
  /** Output parts; index 0 is reserved for the file head (filled in by fileText). */
  body: string[];
  entries: number;
  news: number;
  /** UTF-16 length of `body`; UTF-8 bytes are at most 3× this. */
  chars: number;
  /** Exact UTF-8 byte length of `body`, or -1 while `3 × chars` is safely under the limit. */
  bodyBytes: number;
  flags: number;
  used: Set<string>;
  /** Index range of the chunk's entries in the written list: [first, end). */
  first: number;
  end: number;
}

/** Options that shape the written text. */
export interface LayoutOptions {
  mode: 'xml' | 'txt';
  root: 'urlset' | 'sitemapindex';
  pretty: boolean;
  schemaHints: boolean;
  stylesheet?: string;
  /** Unknown root children (XML-010), written at the top of the first file only. */
  rootExtras: readonly RawXml[];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII range check.
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * Exact UTF-8 byte length of a well-formed string (what TextEncoder would produce).
 *
 * @example utf8Length('ü') // 2
 */
export function utf8Length(s: string): number {
  if (!NON_ASCII.test(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** A fresh write context for one export. */
export function makeContext(
  doc: SitemapDocument,
  opts: { pretty: boolean; lean: boolean; stripDeprecated: boolean },
  issues: WriteContext['issues'],
): WriteContext {
  return {
    issues,
    entry: undefined,
    ind: opts.pretty ? PRETTY_INDENT : COMPACT_INDENT,
    nl: opts.pretty ? '\n' : '',
    lean: opts.lean,
    stripDeprecated: opts.stripDeprecated,
    extra: new Map(),
    docNamespaces: doc.namespaces,
    flags: 0,
    used: [],
    newsCount: 0,
    out: [],
    tags: makeTags(opts.pretty ? PRETTY_INDENT : COMPACT_INDENT, opts.pretty ? '\n' : ''),
  };
}

function newChunk(first = 0): Chunk {
  return {
    body: [''],
    entries: 0,
    news: 0,
    chars: 0,
    bodyBytes: -1,
    flags: 0,
    used: new Set(),
    first,
    end: first,
  };
}

const DATE_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|([+-])(\d{2}):(\d{2}))?)?$/;

/** Milliseconds of a normalised W3C date (no zone read as UTC), NaN when not a date. */
export function dateMs(value: string): number {
  const m = DATE_PARTS.exec(value);
  if (!m) return Number.NaN;
  const ms = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  let t = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), ms);
  if (m[9]) t -= (m[9] === '+' ? 1 : -1) * (+m[10] * 60 + +m[11]) * 60_000;
  return t;
}

/**
 * Newest lastmod (normalised, compared as instants; no zone read as UTC) among `entries`, for
 * the index's `<lastmod>` (OUT-008). Undefined when none carries a date.
 */
export function newestLastmod(entries: readonly Entry[], first: number, end: number): string | undefined {
  let best: string | undefined;
  let bestMs = Number.NEGATIVE_INFINITY;
  for (let i = first; i < end; i++) {
    const raw = entries[i].lastmod;
    if (raw === undefined) continue;
    const v = normalizeDate(raw.trim());
    const t = dateMs(v);
    if (t > bestMs) {
      bestMs = t;
      best = v;
    }
  }
  return best;
}

function partsLength(parts: readonly string[], from: number): number {
  let n = 0;
  for (let i = from; i < parts.length; i++) n += parts[i].length;
  return n;
}

function partsBytes(parts: readonly string[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n += utf8Length(parts[i]);
  return n;
}

/** Would the entry in `body[start..]` push the chunk over `maxBytes`? Exact bytes only near the limit. */
function overBytes(cur: Chunk, start: number, chars: number, reserve: number, maxBytes: number): boolean {
  if (cur.bodyBytes < 0) {
    if (reserve + 3 * (cur.chars + chars) <= maxBytes) return false;
    cur.bodyBytes = partsBytes(cur.body, 0, start);
  }
  return reserve + cur.bodyBytes + partsBytes(cur.body, start, cur.body.length) > maxBytes;
}

/** Upper bound of header + footer bytes, given the unknown namespaces registered so far. */
function reserveBytes(layout: LayoutOptions, ctx: WriteContext): number {
  if (layout.mode === 'txt') return 0;
  return utf8Length(
    fileText(layout, ctx, { ...newChunk(), flags: 15, used: new Set(ctx.extra.keys()) }, true),
  );
}

/**
 * Write `entries` into chunks; with `limits` a new chunk starts whenever the next entry would
 * push the current one past a limit (an entry is never split; a single oversized entry gets
 * a chunk of its own).
 */
export function writeChunks(
  entries: readonly Entry[],
  layout: LayoutOptions,
  ctx: WriteContext,
  limits: ChunkLimits | null,
): Chunk[] {
  const write = layout.mode === 'txt' ? writeTextLine : layout.root === 'urlset' ? writeUrl : writeSitemapRef;
  const chunks: Chunk[] = [];
  let cur = newChunk();
  let reserve = limits ? reserveBytes(layout, ctx) : 0;
  let knownExtra = ctx.extra.size;
  ctx.out = cur.body;
  for (let i = 0; i < entries.length; i++) {
    ctx.flags = 0;
    ctx.used.length = 0;
    ctx.newsCount = 0;
    const start = cur.body.length;
    write(ctx, entries[i]);
    if (cur.body.length === start) continue;
    const chars = partsLength(cur.body, start);
    if (limits) {
      if (ctx.extra.size !== knownExtra) {
        knownExtra = ctx.extra.size;
        reserve = reserveBytes(layout, ctx);
      }
      const full =
        cur.entries + 1 > limits.maxUrls ||
        cur.news + ctx.newsCount > limits.maxNews ||
        overBytes(cur, start, chars, reserve, limits.maxBytes);
      let entryStart = start;
      if (full && cur.entries > 0) {
        const moved = cur.body.splice(start);
        moved.unshift('');
        entryStart = 1;
        chunks.push(cur);
        cur = newChunk(i);
        cur.body = moved;
        ctx.out = cur.body;
      }
      if (cur.bodyBytes >= 0) cur.bodyBytes += partsBytes(cur.body, entryStart, cur.body.length);
    }
    cur.entries++;
    cur.chars += chars;
    cur.news += ctx.newsCount;
    cur.flags |= ctx.flags;
    for (const p of ctx.used) cur.used.add(p);
    cur.end = i + 1;
  }
  chunks.push(cur);
  return chunks;
}

/** Head (declaration, stylesheet, root start tag, root extras) and tail of one file. */
function headAndTail(
  layout: LayoutOptions,
  ctx: WriteContext,
  chunk: Chunk,
  first: boolean,
): [string, string] {
  if (layout.mode === 'txt') return ['', ''];
  let extras = '';
  if (first && layout.rootExtras.length > 0) {
    const [used, out] = [ctx.used, ctx.out];
    ctx.used = [];
    ctx.out = [];
    writeExtras(ctx, layout.rootExtras, 1);
    extras = ctx.out.join('');
    for (const p of ctx.used) chunk.used.add(p);
    ctx.used = used;
    ctx.out = out;
  }
  const extra = new Map<string, string>();
  for (const [prefix, uri] of ctx.extra) if (chunk.used.has(prefix)) extra.set(prefix, uri);
  let head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (layout.stylesheet !== undefined && layout.stylesheet.trim() !== '') {
    const href = layout.stylesheet.trim();
    const type = /\.css(?:[?#]|$)/i.test(href) ? 'text/css' : 'text/xsl';
    head += `<?xml-stylesheet type="${type}" href="${escapeXml(href)}"?>\n`;
  }
  head += rootStartTag({ name: layout.root, flags: chunk.flags, extra, schemaHints: layout.schemaHints });
  return [`${head}${ctx.nl}${extras}`, `</${layout.root}>\n`];
}

/** The complete text of one file: declaration, stylesheet, root, root extras, body, end tag. */
export function fileText(layout: LayoutOptions, ctx: WriteContext, chunk: Chunk, first: boolean): string {
  const [head, tail] = headAndTail(layout, ctx, chunk, first);
  const body = chunk.body;
  const saved = body[0];
  body[0] = head;
  body.push(tail);
  const text = body.join('');
  body.pop();
  body[0] = saved;
  return text;
}

const BLOCK = 8192;
const encoder = new TextEncoder();

/**
 * The UTF-8 bytes of one file, encoded block by block into one growing buffer (no file-sized
 * intermediate string). Same bytes as `TextEncoder.encode(fileText(...))`.
 */
export function fileBytes(
  layout: LayoutOptions,
  ctx: WriteContext,
  chunk: Chunk,
  first: boolean,
): Uint8Array {
  const [head, tail] = headAndTail(layout, ctx, chunk, first);
  const body = chunk.body;
  let buf = new Uint8Array(Math.ceil((chunk.chars + head.length + tail.length) * 1.1) + 4096);
  let pos = 0;
  const put = (s: string) => {
    let rest = s;
    for (;;) {
      const r = encoder.encodeInto(rest, buf.subarray(pos));
      pos += r.written;
      if (r.read === rest.length) return;
      rest = rest.slice(r.read);
      const bigger = new Uint8Array(Math.max(buf.length * 2, pos + rest.length * 3));
      bigger.set(buf.subarray(0, pos));
      buf = bigger;
    }
  };
  put(head);
  for (let i = 1; i < body.length; i += BLOCK) put(body.slice(i, i + BLOCK).join(''));
  put(tail);
  return pos * 10 < buf.length * 9 ? buf.slice(0, pos) : buf.subarray(0, pos);
}
