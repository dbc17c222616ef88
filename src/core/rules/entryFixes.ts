/** Multi-entry fixes: merging duplicates (LOC-006, IDX-007) and hreflang links (HREF-005, HREF-006). */
import { readRows } from '../lazyEntries.ts';
import type { Alternate, Entry, ImageData, SitemapDocument, VideoData } from '../model.ts';
import { scanUrl, trimValue } from '../urls.ts';
import { parseW3cDate } from '../w3cDate.ts';
import { describeDifference, normKey, sameResource } from './duplicates.ts';

function dateMs(v: string | undefined): number {
  if (v === undefined) return Number.NEGATIVE_INFINITY;
  const d = parseW3cDate(trimValue(v));
  return d.ok ? d.earliestMs : Number.NEGATIVE_INFINITY;
}

function unionBy<T>(
  a: readonly T[] | undefined,
  b: readonly T[] | undefined,
  key: (x: T) => string,
): T[] | undefined {
  if (!a?.length) return b?.length ? [...b] : a && [...a];
  if (!b?.length) return [...a];
  const seen = new Set(a.map(key));
  const out = [...a];
  for (const x of b) {
    const k = key(x);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  }
  return out;
}

const imageKey = (i: ImageData) => trimValue(i.loc);
const videoKey = (v: VideoData) => v.nodes.map((n) => `${n.name}=${n.text.trim()}`).join('|');
const altKey = (a: Alternate) =>
  `${a.rel ?? ''} ${a.hreflang ?? ''} ${trimValue(a.href ?? '')} ${a.media ?? ''}`;

/**
 * Merges a duplicate into the kept entry: union of images, videos and alternates, the later valid
 * lastmod; the kept entry's other values win. Returns `keep` itself when the duplicate adds
 * nothing (so a fix counts no change on it).
 *
 * @example mergeEntries(first, dup).images // images of both, each URL once
 */
export function mergeEntries(keep: Entry, dup: Entry): Entry {
  const out: Entry = { ...keep };
  let changed = false;
  if (dateMs(dup.lastmod) > dateMs(keep.lastmod)) {
    out.lastmod = dup.lastmod;
    changed = true;
  }
  const images = unionBy(keep.images, dup.images, imageKey);
  const videos = unionBy(keep.videos, dup.videos, videoKey);
  const alternates = unionBy(keep.alternates, dup.alternates, altKey);
  if (images) out.images = images;
  if (videos) out.videos = videos;
  if (alternates) out.alternates = alternates;
  const grew = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) =>
    (a?.length ?? 0) !== (b?.length ?? 0);
  if (grew(images, keep.images) || grew(videos, keep.videos) || grew(alternates, keep.alternates))
    changed = true;
  if (out.changefreq === undefined && dup.changefreq !== undefined) {
    out.changefreq = dup.changefreq;
    changed = true;
  }
  if (out.priority === undefined && dup.priority !== undefined) {
    out.priority = dup.priority;
    changed = true;
  }
  return changed ? out : keep;
}

interface DocIndex {
  /** Trimmed loc → first entry id. */
  exact: Map<string, number>;
  /** Normalised loc → first entry id. */
  norm: Map<string, number>;
  /** Trimmed href → first hreflang code (not x-default) used for it. */
  codes: Map<string, string>;
}

const INDEXES = new WeakMap<readonly Entry[], DocIndex>();

/** Built once per entries array (replaced on every patch), so fixing thousands of issues stays linear. */
function indexOf(doc: SitemapDocument): DocIndex {
  let ix = INDEXES.get(doc.entries);
  if (ix) return ix;
  ix = { exact: new Map(), norm: new Map(), codes: new Map() };
  // Each row read and dropped: a received document's stay unmade (core/lazyEntries.ts).
  const rows = readRows(doc.entries);
  for (let i = 0; i < doc.entries.length; i++) {
    const e = rows.peek(i);
    const loc = trimValue(e.loc);
    if (!ix.exact.has(loc)) ix.exact.set(loc, e.id);
    const norm = normKey(scanUrl(loc));
    if (norm && !ix.norm.has(norm)) ix.norm.set(norm, e.id);
    for (const a of e.alternates ?? []) {
      const code = a.hreflang?.trim();
      const href = trimValue(a.href ?? '');
      if (code && href && code.toLowerCase() !== 'x-default' && !ix.codes.has(href)) ix.codes.set(href, code);
    }
  }
  INDEXES.set(doc.entries, ix);
  return ix;
}

/** Id of the first entry whose trimmed loc is `url`, if any. */
export function entryAt(doc: SitemapDocument, url: string): number | undefined {
  return indexOf(doc).exact.get(trimValue(url));
}

/**
 * The entry a duplicate should be merged into: the first entry in document order with the same
 * trimmed loc, or (when the difference is only case of scheme/host, default port or fragment) the
 * same normalised loc. Null when the only difference is a trailing slash (not the same resource).
 *
 * @example keeperOf(doc, dup, get) // first entry with the same URL
 */
export function keeperOf(
  doc: SitemapDocument,
  dup: Entry,
  get: (id: number) => Entry | undefined,
): Entry | null {
  const ix = indexOf(doc);
  const loc = trimValue(dup.loc);
  const first = ix.exact.get(loc);
  if (first !== undefined && first !== dup.id) return get(first) ?? null;
  const norm = normKey(scanUrl(loc));
  const n = norm ? ix.norm.get(norm) : undefined;
  if (n === undefined || n === dup.id) return null;
  const keep = get(n);
  return keep && sameResource(describeDifference(loc, trimValue(keep.loc))) ? keep : null;
}

/** The hreflang code an entry uses for its own URL (from its own links, else from others' links to it). */
export function ownCode(e: Entry, doc: SitemapDocument): string | null {
  const loc = trimValue(e.loc);
  const mine = e.alternates?.find(
    (a) => a.hreflang && trimValue(a.href ?? '') === loc && a.hreflang.trim().toLowerCase() !== 'x-default',
  );
  if (mine?.hreflang) return mine.hreflang.trim();
  return indexOf(doc).codes.get(loc) ?? null;
}

/** A copy of `e` with one more hreflang link. */
export function withLink(e: Entry, hreflang: string, href: string): Entry {
  return { ...e, alternates: [...(e.alternates ?? []), { rel: 'alternate', hreflang, href }] };
}
