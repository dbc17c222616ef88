/**
 * Where to cut a child when re-splitting it (OUT-008): an upper estimate of the bytes each entry
 * adds, and runs of entries within the limits. The serializer measures exactly later.
 */
import type { Entry, XNode } from '../model.ts';

function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) n += c > 0x7ff && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
    else if (c === 38 || c === 60 || c === 62 || c === 34 || c === 39) n += 5;
  }
  return n;
}

/** Like {@link utf8Length} for URLs: a non-ASCII character may become up to nine `%XX` characters. */
function urlLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) n += 8;
    else if (c === 38) n += 4;
  }
  return n;
}

function nodesLength(nodes: readonly XNode[]): number {
  let n = 0;
  for (const node of nodes) {
    n += 2 * node.name.length + 20 + utf8Length(node.text);
    if (node.attrs) for (const [k, v] of Object.entries(node.attrs)) n += k.length + 4 + utf8Length(v);
    if (node.children) n += nodesLength(node.children);
  }
  return n;
}

/**
 * Upper estimate of the bytes one entry adds to a pretty-printed file (tags, indentation,
 * escaping). The serializer measures exactly; this only decides where to cut.
 */
export function estimateEntryBytes(entry: Entry): number {
  let n = 40 + urlLength(entry.loc);
  if (entry.lastmod !== undefined) n += 30 + entry.lastmod.length;
  if (entry.changefreq !== undefined) n += 35 + entry.changefreq.length;
  if (entry.priority !== undefined) n += 30 + entry.priority.length;
  for (const image of entry.images ?? []) {
    n += 80 + urlLength(image.loc);
    for (const text of [image.caption, image.title, image.geoLocation, image.license])
      if (text !== undefined) n += 60 + utf8Length(text);
    for (const extra of image.extras ?? []) n += 8 + utf8Length(extra.xml);
  }
  for (const video of entry.videos ?? []) n += 40 + nodesLength(video.nodes);
  for (const news of entry.news ?? []) n += 40 + nodesLength(news.nodes);
  for (const alt of entry.alternates ?? []) n += 60 + urlLength(alt.href ?? '') + (alt.hreflang?.length ?? 0);
  for (const extra of entry.extras ?? []) n += 8 + utf8Length(extra.xml);
  return n;
}

/**
 * Cut `entries` into runs of at most `maxUrls` entries and about `maxBytes` bytes (1 KiB is kept
 * for the XML declaration and root element); one run, the same array, when they already fit.
 *
 * @example cut(entries, 1000, Infinity).length // ceil(entries.length / 1000)
 */
export function cut(entries: readonly Entry[], maxUrls: number, maxBytes: number): Array<readonly Entry[]> {
  const budget = maxBytes - 1024; // XML declaration, root element and namespace declarations
  const runs: Array<readonly Entry[]> = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < entries.length; i++) {
    const size = Number.isFinite(budget) ? estimateEntryBytes(entries[i]) : 0;
    if (i > start && (i - start >= maxUrls || bytes + size > budget)) {
      runs.push(entries.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
  }
  runs.push(start === 0 ? entries : entries.slice(start));
  return runs;
}
