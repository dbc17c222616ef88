/**
 * Writes a document's entries into one or more file bodies ("chunks"), splitting on entry count,
 * encoded UTF-8 bytes and news elements (OUT-008), and assembles each chunk into file text.
 */
import { type Entry, emptyDocument, type RawXml, type SitemapDocument } from '../model.ts';
import {
  COMPACT_INDENT,
  type EntryParts,
  PRETTY_INDENT,
  sitemapRefParts,
  textLineParts,
  urlParts,
} from './entries.ts';
import { escapeXml } from './escape.ts';
import { makeTags, type WriteContext, writeExtras } from './extensions.ts';
import { rootStartTag } from './namespaces.ts';
import { normalizeDate } from './normalize.ts';
import { BATCH_PARTS, type BodyTap, OutputSink, Pieces } from './sink.ts';
import { utf8Length } from './utf8.ts';

/** Limits for one output file. */
export interface ChunkLimits {
  maxUrls: number;
  maxBytes: number;
  maxNews: number;
}

/** The written body of one output file plus what its root tag and index entry need. */
export interface Chunk {
  /** The entries' output (bytes mode whenever limits are checked). */
  body: OutputSink;
  entries: number;
  news: number;
  flags: number;
  used: Set<string>;
  /** Index range of the chunk's entries in the written list: [first, end). */
  first: number;
  end: number;
  /**
   * Indexes the writer wrote as nothing while this chunk was current (a text line that is not a
   * URL left out on request, an empty location): the plan of what the file holds, which the
   * export check reads instead of re-deriving it (see {@link writtenEntries}).
   */
  skipped: number[];
}

/**
 * The entries chunk `c` of `entries` holds, in order: its range less what the writer left out.
 *
 * @example writtenEntries(doc.entries, chunks[0]).length === chunks[0].entries
 */
export function writtenEntries(
  entries: readonly Entry[],
  c: Pick<Chunk, 'first' | 'end' | 'skipped'>,
): Entry[] {
  const part = entries.slice(c.first, c.end);
  if (c.skipped.length === 0) return part;
  const left = new Set(c.skipped);
  return part.filter((_, k) => !left.has(c.first + k));
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

/** A fresh write context for one export. */
export function makeContext(
  doc: SitemapDocument,
  opts: { pretty: boolean; lean: boolean; stripDeprecated: boolean; nonUrlLines?: 'keep' | 'drop' },
  issues: WriteContext['issues'],
): WriteContext {
  return {
    issues,
    entry: undefined,
    ind: opts.pretty ? PRETTY_INDENT : COMPACT_INDENT,
    nl: opts.pretty ? '\n' : '',
    lean: opts.lean,
    stripDeprecated: opts.stripDeprecated,
    nonUrl: doc.kind === 'text' ? (opts.nonUrlLines ?? 'keep') : null,
    extra: new Map(),
    docNamespaces: doc.namespaces,
    flags: 0,
    used: [],
    newsCount: 0,
    tags: makeTags(opts.pretty ? PRETTY_INDENT : COMPACT_INDENT, opts.pretty ? '\n' : ''),
  };
}

function newChunk(body: OutputSink, first = 0): Chunk {
  return {
    body,
    entries: 0,
    news: 0,
    flags: 0,
    used: new Set(),
    first,
    end: first,
    skipped: [],
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

/** Upper bound of header + footer bytes, given the unknown namespaces registered so far. */
function reserveBytes(layout: LayoutOptions, ctx: WriteContext): number {
  if (layout.mode === 'txt') return 0;
  return utf8Length(
    fileText(
      layout,
      ctx,
      { ...newChunk(new OutputSink(false)), flags: 15, used: new Set(ctx.extra.keys()) },
      true,
    ),
  );
}

/** Entries written between two yields of the stepped writers (a few ms of work). */
export const STEP_ENTRIES = 1024;

/** State of one chunked write, carried across {@link writeRange} calls. */
interface ChunkWrite {
  entries: readonly Entry[];
  layout: LayoutOptions;
  ctx: WriteContext;
  limits: ChunkLimits | null;
  write: EntryParts;
  /** Pieces written and not yet handed to the sink (none between {@link writeRange} calls). */
  parts: Pieces;
  chunks: Chunk[];
  cur: Chunk;
  reserve: number;
  knownExtra: number;
  tap: BodyTap | undefined;
}

/** A sink for chunk `index`, tapped when `tap` is given. */
function chunkSink(bytes: boolean, tap: BodyTap | undefined, index: number): OutputSink {
  return tap === undefined ? new OutputSink(bytes) : new OutputSink(true, (b) => tap.body(index, b));
}

function startWrite(
  entries: readonly Entry[],
  layout: LayoutOptions,
  ctx: WriteContext,
  limits: ChunkLimits | null,
  bytes: boolean,
  tap?: BodyTap,
): ChunkWrite {
  return {
    entries,
    layout,
    ctx,
    limits,
    write: layout.mode === 'txt' ? textLineParts : layout.root === 'urlset' ? urlParts : sitemapRefParts,
    parts: new Pieces(),
    chunks: [],
    cur: newChunk(chunkSink(bytes || limits !== null, tap, 0)),
    reserve: limits ? reserveBytes(layout, ctx) : 0,
    knownExtra: ctx.extra.size,
    tap,
  };
}

/** Hand the first `end` pieces to `body` as one string; later pieces stay. */
function flushParts(body: OutputSink, parts: Pieces, end: number): void {
  if (end > 0) body.write(parts.take(end));
}

/** Write entries `[from, to)`; with limits a new chunk starts before an entry that would not fit. */
function writeRange(w: ChunkWrite, from: number, to: number): void {
  const { entries, ctx, limits, write, parts } = w;
  let cur = w.cur;
  // With limits: UTF-16 units in `parts` before the current entry's pieces.
  let pending = 0;
  for (let i = from; i < to; i++) {
    const start = parts.n;
    if (write(ctx, entries[i], parts)) {
      if (limits !== null) {
        const len = parts.length(start);
        if (ctx.extra.size !== w.knownExtra) {
          w.knownExtra = ctx.extra.size;
          w.reserve = reserveBytes(w.layout, ctx);
        }
        let first = start;
        let full = cur.entries + 1 > limits.maxUrls || cur.news + ctx.newsCount > limits.maxNews;
        if (!full && w.reserve + 3 * (cur.body.chars + pending + len) > limits.maxBytes) {
          // Near the byte limit: count exactly.
          flushParts(cur.body, parts, first);
          first = 0;
          pending = 0;
          // The entry's pieces are all that is left: measure them (joined, as they will be encoded).
          const text = parts.take();
          parts.add(text);
          full = w.reserve + cur.body.pos + utf8Length(text) > limits.maxBytes;
        }
        if (full && cur.entries > 0) {
          flushParts(cur.body, parts, first);
          pending = 0;
          w.chunks.push(cur);
          cur = newChunk(chunkSink(true, w.tap, w.chunks.length), i);
        }
        pending += len;
      }
      if (parts.n >= BATCH_PARTS) {
        flushParts(cur.body, parts, parts.n);
        pending = 0;
      }
      cur.entries++;
      cur.news += ctx.newsCount;
      cur.flags |= ctx.flags;
      if (ctx.used.length > 0) for (const p of ctx.used) cur.used.add(p);
      cur.end = i + 1;
    } else cur.skipped.push(i);
    ctx.flags = 0;
    ctx.newsCount = 0;
    if (ctx.used.length > 0) ctx.used.length = 0;
  }
  flushParts(cur.body, parts, parts.n);
  w.cur = cur;
}

/**
 * Write `entries` into chunks; with `limits` a new chunk starts whenever the next entry would
 * push the current one past a limit (an entry is never split; a single oversized entry gets
 * a chunk of its own). `bytes` writes UTF-8 (required with limits), otherwise text.
 */
export function writeChunks(
  entries: readonly Entry[],
  layout: LayoutOptions,
  ctx: WriteContext,
  limits: ChunkLimits | null,
  bytes = limits !== null,
): Chunk[] {
  const w = startWrite(entries, layout, ctx, limits, bytes);
  writeRange(w, 0, entries.length);
  w.chunks.push(w.cur);
  return w.chunks;
}

/** {@link writeChunks}, yielding after every {@link STEP_ENTRIES} entries; `tap` sees each chunk's bytes. */
export function* writeChunkSteps(
  entries: readonly Entry[],
  layout: LayoutOptions,
  ctx: WriteContext,
  limits: ChunkLimits | null,
  bytes = limits !== null,
  tap?: BodyTap,
): Generator<void, Chunk[]> {
  const w = startWrite(entries, layout, ctx, limits, bytes, tap);
  for (let i = 0; i < entries.length; i += STEP_ENTRIES) {
    if (i > 0) yield;
    writeRange(w, i, Math.min(entries.length, i + STEP_ENTRIES));
  }
  w.chunks.push(w.cur);
  return w.chunks;
}

/**
 * One write (its context, tags, write state and chunk) kept for the life of the module, for the
 * shapes of those objects (as `Pieces.kept`). They are made once per export, by functions that
 * run too rarely for V8 to give them a feedback vector, so their literals get no boilerplate:
 * the hidden class each one ends with is held only by that export's objects and is collected
 * with them at the next full GC, taking with it the writers' optimized code and their inline
 * caches. Every export after a full GC then started in unoptimized writers, until the 9th or so
 * (session 17: `serializeSitemap` of the 50k bench document, a full GC before each run, 23–33 ms
 * without those deopts, 48–78 ms with them).
 */
export const KEPT_WRITE: unknown = startWrite(
  [],
  { mode: 'xml', root: 'urlset', pretty: true, schemaHints: false, rootExtras: [] },
  makeContext(emptyDocument(), { pretty: true, lean: false, stripDeprecated: false }, null),
  null,
  false,
);

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
    const used = ctx.used;
    ctx.used = [];
    extras = writeExtras(ctx, layout.rootExtras, 1);
    for (const p of ctx.used) chunk.used.add(p);
    ctx.used = used;
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
  return [`${head}${ctx.nl}${extras}`, fileTail(layout)];
}

/** The end of every file after its body: the root end tag (xml), nothing (txt). */
export function fileTail(layout: LayoutOptions): string {
  return layout.mode === 'txt' ? '' : `</${layout.root}>\n`;
}

/** The complete text of one file: declaration, stylesheet, root, root extras, body, end tag. */
export function fileText(layout: LayoutOptions, ctx: WriteContext, chunk: Chunk, first: boolean): string {
  const [head, tail] = headAndTail(layout, ctx, chunk, first);
  const body = chunk.body;
  return head + (body.bytesMode ? decoder.decode(body.bytes()) : body.text()) + tail;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The UTF-8 bytes of one file (an exact-size copy). Same bytes as `TextEncoder.encode(fileText(...))`. */
export function fileBytes(
  layout: LayoutOptions,
  ctx: WriteContext,
  chunk: Chunk,
  first: boolean,
): Uint8Array {
  const [head, tail] = headAndTail(layout, ctx, chunk, first);
  const body = chunk.body;
  const text = body.bytesMode ? null : encoder.encode(body.text());
  const size = text === null ? body.byteLength() : text.length;
  const h = encoder.encode(head);
  const t = encoder.encode(tail);
  const out = new Uint8Array(h.length + size + t.length);
  out.set(h, 0);
  if (text === null) body.copyTo(out, h.length);
  else out.set(text, h.length);
  out.set(t, h.length + size);
  return out;
}
