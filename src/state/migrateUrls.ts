/**
 * The scheme and host migrations (one click in the find dialog): every URL of the document moved
 * from http to https, or from one host to another, as one undo step.
 */
import { readRows } from '../core/lazyEntries.ts';
import type { Entry, SitemapDocument, VideoData } from '../core/model.ts';
import { urlCount } from './edits.ts';
import type { Patch } from './patch.ts';

/** Rewrite the host of an absolute http(s) URL string, or return it unchanged. Case-insensitive host match. */
function swapHost(url: string, from: string, to: string): string {
  const m = /^(https?:\/\/)([^/?#]*)/i.exec(url);
  if (!m) return url;
  const authority = m[2];
  const at = authority.lastIndexOf('@');
  const host = authority.slice(at + 1);
  const colon = host.lastIndexOf(':');
  const hostname = colon >= 0 && !host.endsWith(']') ? host.slice(0, colon) : host;
  if (hostname.toLowerCase() !== from.toLowerCase()) return url;
  const rest = host.slice(hostname.length);
  return m[1] + authority.slice(0, at + 1) + to + rest + url.slice(m[0].length);
}

const hostOf = (url: string): string | null =>
  /^https?:\/\/([^/?#]*)/i.exec(url.trim())?.[1].toLowerCase() ?? null;

/** A video's URL children (`thumbnail_loc`, `content_loc`, `player_loc`, …), `fn` applied. */
function mapVideos(videos: VideoData[] | undefined, fn: (url: string) => string): VideoData[] | undefined {
  if (!videos?.some((v) => v.nodes.some((n) => n.name.endsWith('_loc') && fn(n.text) !== n.text)))
    return videos;
  return videos.map((v) => ({
    ...v,
    nodes: v.nodes.map((n) => (n.name.endsWith('_loc') ? { ...n, text: fn(n.text) } : n)),
  }));
}

/**
 * `fn` on every URL of an entry: loc, hreflang hrefs, and the image and video locations on the
 * page's own host when `sameHostMedia` (an http→https switch must not send a CDN to https blindly),
 * else all of them (a host change only touches URLs on the host it moves).
 */
function mapUrls(e: Entry, fn: (url: string) => string, sameHostMedia = false): Entry {
  const loc = fn(e.loc);
  let alternates = e.alternates;
  if (alternates?.some((a) => a.href !== undefined && fn(a.href) !== a.href)) {
    alternates = alternates.map((a) => (a.href === undefined ? a : { ...a, href: fn(a.href) }));
  }
  const host = sameHostMedia ? hostOf(e.loc) : null;
  const media = sameHostMedia ? (u: string) => (host !== null && hostOf(u) === host ? fn(u) : u) : fn;
  let images = e.images;
  if (images?.some((im) => media(im.loc) !== im.loc))
    images = images.map((im) => ({ ...im, loc: media(im.loc) }));
  const videos = mapVideos(e.videos, media);
  if (loc === e.loc && alternates === e.alternates && images === e.images && videos === e.videos) return e;
  const next = { ...e, loc };
  if (alternates) next.alternates = alternates;
  if (images) next.images = images;
  if (videos) next.videos = videos;
  return next;
}

function urlPatch(
  doc: SitemapDocument,
  label: (n: number) => string,
  fn: (url: string) => string,
  sameHostMedia = false,
): Patch {
  const patch: Patch = { label: '', added: [], updated: [], removed: [] };
  // Each row read and dropped; the entry made (kept) only for a row that changes.
  const read = readRows(doc.entries);
  for (let i = 0; i < doc.entries.length; i++) {
    const seen = read.peek(i);
    if (mapUrls(seen, fn, sameHostMedia) === seen) continue;
    const before = doc.entries[i];
    patch.updated.push([before, mapUrls(before, fn, sameHostMedia)]);
  }
  patch.label = label(patch.updated.length);
  return patch;
}

/**
 * Patch moving every `http://` URL to `https://`: locs, hreflang hrefs, and image and video
 * locations on the page's own host. One undo step.
 */
export function migrateSchemePatch(doc: SitemapDocument): Patch {
  return urlPatch(
    doc,
    (n) => `Switch ${urlCount(n)} to https`,
    (u) => (u.slice(0, 7).toLowerCase() === 'http://' ? `https://${u.slice(7)}` : u),
    true,
  );
}

/** Patch replacing host `from` with `to` in every loc, hreflang href, image and video location. One undo step. */
export function migrateHostPatch(doc: SitemapDocument, from: string, to: string): Patch {
  return urlPatch(
    doc,
    (n) => `Move ${urlCount(n)} from ${from} to ${to}`,
    (u) => swapHost(u, from, to),
  );
}
