/**
 * The exporter's entry writers and write loop as they were before session 16 (s16-core): each
 * entry one string built by `+=`, batches of ~16 K units built by `+=` and handed to the sink.
 * Kept verbatim (renamed) as the oracle of `writerParity.test.ts`, which checks that the writer
 * that pushes pieces into an array writes the same text, bytes, chunks and reports. Test-only.
 */
import type { Entry } from '../../model.ts';
import { isUrlLine } from '../../urls.ts';
import type { Chunk, ChunkLimits, LayoutOptions } from '../chunks.ts';
import { fileText } from '../chunks.ts';
import { cleanText, cleanUrl, plainUrl, trimReported } from '../escape.ts';
import {
  type Tags,
  type WriteContext,
  writeAlternates,
  writeExtras,
  writeImages,
  writeNews,
  writeVideos,
} from '../extensions.ts';
import { normalizeChangefreq, normalizeDate, normalizePriority } from '../normalize.ts';
import { type BodyTap, OutputSink } from '../sink.ts';
import { utf8Length } from '../utf8.ts';

const BATCH_CHARS = 1 << 14;

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

// Fast paths: a value already in canonical form is written as is. Each check admits only values
// that trimming, OUT-006 normalisation and escaping would all return unchanged.

const NOT_DATE_CHAR = /[^0-9:+\-TZ.]/;

/** Only `[0-9:+\-TZ.]`, and seconds present when there is a time (normalizeDate's own fast path). */
function isCanonicalDate(v: string): boolean {
  if (v.length > 10 && v.charCodeAt(16) !== 58) return false;
  return !NOT_DATE_CHAR.test(v);
}

function lastmodOut(ctx: WriteContext, raw: string): string {
  if (isCanonicalDate(raw)) return raw;
  return cleanText(ctx, normalizeDate(trimReported(ctx, raw, 'lastmod')), 'lastmod');
}

/** Only `[a-z]` (e.g. `weekly`). */
function isLowerWord(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}

/** `0.d` or `1.d` (normalizePriority's own fast path). */
function isCanonicalPriority(v: string): boolean {
  if (v.length !== 3 || v.charCodeAt(1) !== 46) return false;
  const a = v.charCodeAt(0);
  const b = v.charCodeAt(2);
  return (a === 48 || a === 49) && b >= 48 && b <= 57;
}

/**
 * One `<url>` element with all its children in OUT-003 order. Sets `ctx.flags`, `ctx.used`,
 * `ctx.newsCount` for the entry (the caller resets them).
 */
export function oldWriteUrl(ctx: WriteContext, e: Entry): string {
  ctx.entry = e.id;
  const t = ctx.tags;
  // An XML sitemap holds URLs only: a text line that is not one is left out (issue 15).
  if (ctx.nonUrl !== null && !isUrlLine(e.loc)) return '';
  // One string per entry; `c` is the element whose end tag is still pending; it is fused with
  // the next tag. Appends are single strings so the concatenation stays one flat chain.
  let s = t.urlOpen;
  s += cleanUrl(ctx, e.loc, 'loc');
  let c = 0;
  if (e.lastmod !== undefined) {
    const v = lastmodOut(ctx, e.lastmod);
    if (v !== '') {
      s += t.fused[c][1];
      s += v;
      c = 1;
    }
  }
  if (!ctx.lean) {
    if (!hasExtensions(e)) {
      const tail = simpleTail(t, c, e.changefreq, e.priority);
      if (tail !== undefined) return s + tail;
    }
    if (e.changefreq !== undefined) {
      const raw = e.changefreq;
      const v = isLowerWord(raw)
        ? raw
        : cleanText(ctx, normalizeChangefreq(trimReported(ctx, raw, 'changefreq')), 'changefreq');
      if (v !== '') {
        s += t.fused[c][2];
        s += v;
        c = 2;
      }
    }
    if (e.priority !== undefined) {
      const raw = e.priority;
      const v = isCanonicalPriority(raw)
        ? raw
        : cleanText(ctx, normalizePriority(trimReported(ctx, raw, 'priority')), 'priority');
      if (v !== '') {
        s += t.fused[c][3];
        s += v;
        c = 3;
      }
    }
  }
  if (!hasExtensions(e)) return s + t.fusedEnd[c];
  s += t.closes[c];
  if (e.images !== undefined && e.images.length > 0) s += writeImages(ctx, e.images);
  if (e.videos !== undefined && e.videos.length > 0) s += writeVideos(ctx, e.videos);
  if (e.news !== undefined && e.news.length > 0) s += writeNews(ctx, e.news);
  if (e.alternates !== undefined && e.alternates.length > 0) s += writeAlternates(ctx, e.alternates);
  if (e.extras !== undefined && e.extras.length > 0) s += writeExtras(ctx, e.extras, 2);
  return s + t.urlClose;
}

/** Distinct changefreq values whose tails are kept (a file of odd values takes the general path). */
const MAX_TAIL_KEYS = 32;
/** Slots of a tail row: pending element (0 loc, 1 lastmod) × priority (0.0–1.9, or none = 20). */
const NO_PRIORITY = 20;

/**
 * The rest of a `<url>` after its loc or lastmod when changefreq and priority are already
 * canonical (or absent): one cached string instead of five appends per entry. Undefined when a
 * value needs cleaning (the general path then writes it, with its reports).
 */
function simpleTail(
  t: Tags,
  c: number,
  changefreq: string | undefined,
  priority: string | undefined,
): string | undefined {
  if (changefreq !== undefined && !isLowerWord(changefreq)) return undefined;
  let p = NO_PRIORITY;
  if (priority !== undefined) {
    if (!isCanonicalPriority(priority)) return undefined;
    p = (priority.charCodeAt(0) - 48) * 10 + priority.charCodeAt(2) - 48;
  }
  const key = changefreq ?? '';
  let row = t.tails.get(key);
  if (row === undefined) {
    if (t.tails.size >= MAX_TAIL_KEYS) return undefined;
    row = [];
    t.tails.set(key, row);
  }
  const slot = c * (NO_PRIORITY + 1) + p;
  let tail = row[slot];
  if (tail === undefined) {
    const parts: string[] = [];
    let pending = c;
    if (key !== '') {
      parts.push(t.fused[pending][2], key);
      pending = 2;
    }
    if (priority !== undefined) {
      parts.push(t.fused[pending][3], priority);
      pending = 3;
    }
    parts.push(t.fusedEnd[pending]);
    tail = parts.join('');
    row[slot] = tail;
  }
  return tail;
}

function hasExtensions(e: Entry): boolean {
  return (
    (e.images !== undefined && e.images.length > 0) ||
    (e.videos !== undefined && e.videos.length > 0) ||
    (e.news !== undefined && e.news.length > 0) ||
    (e.alternates !== undefined && e.alternates.length > 0) ||
    (e.extras !== undefined && e.extras.length > 0)
  );
}

/** One `<sitemap>` element of an index: `loc`, `lastmod`, then preserved extras. */
export function oldWriteSitemapRef(ctx: WriteContext, e: Entry): string {
  ctx.entry = e.id;
  const t = ctx.tags;
  let s = t.sitemapOpen + cleanUrl(ctx, e.loc, 'loc') + t.locClose;
  if (e.lastmod !== undefined) {
    const v = lastmodOut(ctx, e.lastmod);
    if (v !== '') s += t.lastmodOpen + v + t.lastmodClose;
  }
  if (e.extras !== undefined && e.extras.length > 0) s += writeExtras(ctx, e.extras, 2);
  return s + t.sitemapClose;
}

/** One line of a text sitemap (URL-escaped, not entity-escaped); '' for an empty loc. */
export function oldWriteTextLine(ctx: WriteContext, e: Entry): string {
  ctx.entry = e.id;
  if (ctx.nonUrl !== null && !isUrlLine(e.loc)) {
    const line = e.loc.trim();
    return ctx.nonUrl === 'drop' || line === '' ? '' : `${line}\n`;
  }
  const v = plainUrl(ctx, e.loc, 'loc');
  return v === '' ? '' : `${v}\n`;
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
const STEP_ENTRIES = 1024;

/** State of one chunked write, carried across {@link writeRange} calls. */
interface ChunkWrite {
  entries: readonly Entry[];
  layout: LayoutOptions;
  ctx: WriteContext;
  limits: ChunkLimits | null;
  write: (ctx: WriteContext, e: Entry) => string;
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
    write:
      layout.mode === 'txt' ? oldWriteTextLine : layout.root === 'urlset' ? oldWriteUrl : oldWriteSitemapRef,
    chunks: [],
    cur: newChunk(chunkSink(bytes || limits !== null, tap, 0)),
    reserve: limits ? reserveBytes(layout, ctx) : 0,
    knownExtra: ctx.extra.size,
    tap,
  };
}

/** Write entries `[from, to)`; with limits a new chunk starts before an entry that would not fit. */
function writeRange(w: ChunkWrite, from: number, to: number): void {
  const { entries, ctx, limits, write } = w;
  let cur = w.cur;
  // The batch lives in a local: V8 appends to a local string far faster than to a field.
  let batch = '';
  for (let i = from; i < to; i++) {
    const s = write(ctx, entries[i]);
    if (s !== '') {
      if (limits !== null) {
        if (ctx.extra.size !== w.knownExtra) {
          w.knownExtra = ctx.extra.size;
          w.reserve = reserveBytes(w.layout, ctx);
        }
        let full = cur.entries + 1 > limits.maxUrls || cur.news + ctx.newsCount > limits.maxNews;
        if (!full && w.reserve + 3 * (cur.body.chars + batch.length + s.length) > limits.maxBytes) {
          // Near the byte limit: count exactly.
          cur.body.write(batch);
          batch = '';
          full = w.reserve + cur.body.pos + utf8Length(s) > limits.maxBytes;
        }
        if (full && cur.entries > 0) {
          cur.body.write(batch);
          batch = '';
          w.chunks.push(cur);
          cur = newChunk(chunkSink(true, w.tap, w.chunks.length), i);
        }
      }
      batch += s;
      if (batch.length >= BATCH_CHARS) {
        cur.body.write(batch);
        batch = '';
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
  cur.body.write(batch);
  w.cur = cur;
}

/**
 * Write `entries` into chunks; with `limits` a new chunk starts whenever the next entry would
 * push the current one past a limit (an entry is never split; a single oversized entry gets
 * a chunk of its own). `bytes` writes UTF-8 (required with limits), otherwise text.
 */
export function oldWriteChunks(
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
export function* oldWriteChunkSteps(
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
