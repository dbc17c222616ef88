/**
 * Find and replace over editable cells, and the scheme / host migrations built on the same
 * single-pass scan. Preview and apply share `findReplacePatch`, so the preview count always
 * equals the number of cells the replace changes.
 */
import { plural } from '../core/format.ts';
import { readRows } from '../core/lazyEntries.ts';
import type { Entry, SitemapDocument, VideoData } from '../core/model.ts';
import { EDITABLE_FIELDS, type EditableField } from './columns.ts';
import { urlCount, withField } from './edits.ts';
import type { Patch } from './patch.ts';
import type { FindReplaceRequest } from './types.ts';

/** A new find/replace: plain, case-insensitive, in the URL column, over all rows. */
export const NEW_FIND_REPLACE: Readonly<FindReplaceRequest> = {
  column: 'loc',
  find: '',
  replace: '',
  regex: false,
  caseSensitive: false,
  scope: 'all',
};

/** Thrown-free compile of the search pattern; null when the regex is invalid or `find` is empty. */
export function compileFind(
  req: Pick<FindReplaceRequest, 'find' | 'regex' | 'caseSensitive'>,
): RegExp | null {
  if (req.find === '') return null;
  const source = req.regex ? req.find : req.find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  try {
    return new RegExp(source, req.caseSensitive ? 'g' : 'gi');
  } catch {
    return null;
  }
}

/** Result of a find/replace scan: the patch and how many cells it changes. */
export interface FindReplaceResult {
  patch: Patch;
  cells: number;
}

/**
 * Build the replace patch over the entries at `rows` (document indexes; all rows when null).
 * Only cells whose value actually changes are counted. Literal replacements are inserted
 * verbatim (`$` is not special unless `regex` is on).
 *
 * @example findReplacePatch(doc, { column: 'loc', find: 'http:', replace: 'https:', regex: false, caseSensitive: true, scope: 'all' }, null)
 */
export function findReplacePatch(
  doc: SitemapDocument,
  req: FindReplaceRequest,
  rows: Int32Array | null,
): FindReplaceResult {
  const re = compileFind(req);
  const patch: Patch = { label: '', added: [], updated: [], removed: [] };
  let cells = 0;
  if (re) {
    const fields: readonly EditableField[] = req.column === 'all' ? EDITABLE_FIELDS : [req.column];
    const replacement = req.regex ? req.replace : req.replace.replace(/\$/g, '$$$$');
    const n = rows ? rows.length : doc.entries.length;
    // Values read from the rows (a received document's stay unmade: core/lazyEntries.ts); a
    // row's entry is made only when one of its cells changes.
    const read = readRows(doc.entries);
    for (let k = 0; k < n; k++) {
      const i = rows ? rows[k] : k;
      if (!fields.some((f) => changes(re, f === 'loc' ? read.loc(i) : read.field(i, f), replacement)))
        continue;
      const before = doc.entries[i];
      let after = before;
      for (const f of fields) {
        const v = after[f];
        if (v === undefined || v === '') continue;
        re.lastIndex = 0;
        if (!re.test(v)) continue;
        const next = v.replace(re, replacement);
        if (next === v) continue;
        after = withField(after, f, next);
        cells++;
      }
      if (after !== before) patch.updated.push([before, after]);
    }
  }
  patch.label = req.across
    ? `Replace “${req.find}” in ${plural(req.across.cells, 'cell')} across ${plural(req.across.files.length, 'file')}`
    : `Replace “${req.find}” in ${urlCount(patch.updated.length)}`;
  return { patch, cells };
}

/**
 * What a replace says when it is done: in one file, the URLs and cells it changed there; as part
 * of a replace over several files (`req.across`), the whole of it, in each of them.
 *
 * @example replacedNotice({ ...req, find: 'http://' }, 3, 4) // 'Replaced “http://” in 3 URLs (4 cells).'
 */
export function replacedNotice(req: FindReplaceRequest, urls: number, cells: number): string {
  const across = req.across;
  if (!across) return `Replaced “${req.find}” in ${urlCount(urls)} (${plural(cells, 'cell')}).`;
  const names = across.files;
  const where =
    names.length === 1
      ? `in ${names[0]}`
      : `across ${names.length} files (${names.join(', ')}); one step: Undo in any of them undoes it in all`;
  return `Replaced “${req.find}” in ${plural(across.cells, 'cell')} ${where}.`;
}

/** True when replacing `re` in `v` changes it. */
function changes(re: RegExp, v: string | undefined, replacement: string): boolean {
  if (v === undefined || v === '') return false;
  re.lastIndex = 0;
  return re.test(v) && v.replace(re, replacement) !== v;
}

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
