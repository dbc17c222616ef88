/**
 * The hreflang cluster of one entry: the loaded pages that point to each other through
 * `xhtml:link rel="alternate" hreflang` links, and which return links are missing (HREF-006),
 * within one document or across the files of a workspace. Pure and React-free; the detail panel
 * shows it, `addMissingReturnLinks` (one file) and `returnLinkEdits` (any file) fix it.
 */

import { readRows } from '../core/lazyEntries.ts';
import type { Alternate, Entry } from '../core/model.ts';
import { withLink } from '../core/rules/entryFixes.ts';
import { type NearUrl, nearListed } from '../core/rules/nearUrl.ts';
import { hasEdgeSpace, trimValue } from '../core/urls.ts';
import { idIndexOf } from './patch.ts';

/** Member keys: `file * FILE_KEY + id` (so in one document the key is the entry id). */
const FILE_KEY = 2 ** 32;

/** One loaded page of a cluster. */
export interface ClusterMember {
  /** Unique within the cluster: the entry id for file 0, else `file * 2^32 + id`. */
  key: number;
  /** Position of the member's file among the files searched (0 for one document). */
  file: number;
  /** Entry id within its file. */
  id: number;
  /** Trimmed loc. */
  loc: string;
  /** hreflang code used for this page (its own link, else the first code others use), '' if none. */
  code: string;
  /** Trimmed hrefs of its hreflang links (x-default included). */
  links: ReadonlySet<string>;
}

/** A return link that should exist but does not: `target` should link back to `source` (member keys). */
export interface MissingReturn {
  /** The page that lists `target` but gets no link back (HREF-006 is reported on it). */
  source: number;
  /** The page that should add a link to `source`. */
  target: number;
}

/** The cluster of the selected entry. */
export interface HreflangCluster {
  /** Loaded members in document order; the selected entry is always one of them. */
  members: ClusterMember[];
  /** hrefs listed by members that no loaded entry has as its loc ("cannot verify"). */
  notLoaded: string[];
  /**
   * hrefs listed by members that miss a member's loc only by a trailing slash, the host's case or
   * a default port (core `nearListed`, HREF-007): `loc` is the member's, `why` what differs.
   */
  nearly: Array<{ href: string } & NearUrl>;
  /** Pairs where `source` lists `target` but `target` does not list `source`. */
  missing: MissingReturn[];
  /** True when the walk stopped at `maxMembers`. */
  truncated: boolean;
}

const filled = (v: string | undefined): v is string =>
  v !== undefined && v !== '' && (v.charCodeAt(0) > 32 || v.trim() !== '');

/** True for a link that takes part in hreflang clusters (HREF-012 uses are left out). */
export function isHreflangLink(a: Alternate): boolean {
  if (!filled(a.href) || !filled(a.hreflang)) return false;
  const rel = a.rel;
  if (rel !== undefined && rel !== 'alternate' && rel.trim().toLowerCase() !== 'alternate') return false;
  return !a.href.startsWith('android-app:') && !a.href.trim().startsWith('android-app:');
}

interface Facts {
  /** Trimmed loc. */
  loc: string;
  /** Trimmed hrefs of the entry's hreflang links. */
  links: string[];
}

/** Trimmed loc and hreflang hrefs of one entry (built only for cluster members). */
function factsOf(e: Entry): Facts {
  const links: string[] = [];
  for (const a of e.alternates ?? []) if (isHreflangLink(a)) links.push(trimValue(a.href ?? ''));
  return { loc: trimValue(e.loc), links };
}

// Per entries array: the entries that have any xhtml:link at all (cheap to build, one O(n) pass).
const LINKED = new WeakMap<readonly Entry[], Entry[]>();

function linkedEntries(entries: readonly Entry[]): Entry[] {
  let list = LINKED.get(entries);
  if (list) return list;
  list = [];
  // Rows read and dropped; only the linked ones made (a received document's: core/lazyEntries.ts).
  const rows = readRows(entries);
  for (let i = 0; i < entries.length; i++) if (rows.peek(i).alternates?.length) list.push(entries[i]);
  LINKED.set(entries, list);
  return list;
}

/** True when `e` has a hreflang link to one of `urls`. Allocation-free on the common path. */
function linksInto(e: Entry, urls: ReadonlySet<string>): boolean {
  for (const a of e.alternates!) {
    const href = a.href;
    if (href === undefined) continue;
    if ((urls.has(href) || (hasEdgeSpace(href) && urls.has(trimValue(href)))) && isHreflangLink(a))
      return true;
  }
  return false;
}

/** One pass over the linked entries of every file: those whose loc is in `urls` or that link to one. */
function grow(
  linked: ReadonlyArray<readonly Entry[]>,
  urls: Set<string>,
  found: Map<number, Entry>,
): Entry[] {
  const added: Entry[] = [];
  for (let f = 0; f < linked.length; f++)
    for (const e of linked[f]) {
      const key = f * FILE_KEY + e.id;
      if (found.has(key)) continue;
      if (urls.has(trimValue(e.loc)) || linksInto(e, urls)) {
        found.set(key, e);
        added.push(e);
      }
    }
  return added;
}

function codeFor(loc: string, own: Entry | undefined, all: readonly Entry[]): string {
  const pick = (e: Entry) =>
    e.alternates?.find(
      (a) =>
        isHreflangLink(a) &&
        trimValue(a.href ?? '') === loc &&
        a.hreflang?.trim().toLowerCase() !== 'x-default',
    )?.hreflang;
  if (own) {
    const mine = pick(own);
    if (mine) return mine.trim();
  }
  for (const e of all) {
    const c = pick(e);
    if (c) return c.trim();
  }
  return '';
}

/**
 * The cluster of entry `entryId` in one document. See {@link hreflangClusterAcross}.
 *
 * @example hreflangCluster(doc.entries, 0)?.missing // [{ source: 0, target: 1 }] when /de/ lacks /en/
 */
export function hreflangCluster(
  entries: readonly Entry[],
  entryId: number,
  maxMembers = 500,
): HreflangCluster | null {
  return hreflangClusterAcross([entries], 0, entryId, maxMembers);
}

/**
 * The cluster of entry `entryId` of `files[file]`, over every file (a workspace's documents).
 * Walks only the entries that have links (a list cached per entries array), adding those whose
 * loc is a cluster URL or that link to one until nothing is added (usually two or three passes);
 * then one pass over all entries adds the pages listed by the cluster that have no links of
 * their own. Only the first entry per loc becomes a member. Null when the entry is missing or
 * takes part in no hreflang link.
 *
 * @example hreflangClusterAcross([en.entries, fr.entries], 0, 0)?.members.map((m) => m.file) // [0, 1]
 */
export function hreflangClusterAcross(
  files: ReadonlyArray<readonly Entry[]>,
  file: number,
  entryId: number,
  maxMembers = 500,
): HreflangCluster | null {
  const entries = files[file];
  if (!entries) return null;
  const at = idIndexOf(entries);
  const startAt = entryId >= 0 && entryId < at.length ? at[entryId] : -1;
  if (startAt < 0) return null;
  const start = entries[startAt];
  const first = factsOf(start);
  const found = new Map<number, Entry>([[file * FILE_KEY + start.id, start]]);
  const urls = new Set<string>([first.loc, ...first.links]);
  const linked = files.map(linkedEntries);
  let truncated = false;
  for (let added = grow(linked, urls, found); added.length > 0; added = grow(linked, urls, found)) {
    if (found.size > maxMembers) {
      truncated = true;
      break;
    }
    for (const e of added) {
      const f = factsOf(e);
      urls.add(f.loc);
      for (const h of f.links) urls.add(h);
    }
  }
  for (let f = 0; f < files.length; f++)
    for (const e of files[f]) {
      const key = f * FILE_KEY + e.id;
      if (!found.has(key) && urls.has(trimValue(e.loc))) found.set(key, e);
    }
  // Document order: by file, then by position in it.
  const pos = files.map((es) => idIndexOf(es));
  const ordered = [...found.keys()].sort((a, b) => {
    const fa = Math.floor(a / FILE_KEY);
    const fb = Math.floor(b / FILE_KEY);
    return fa - fb || pos[fa][a - fa * FILE_KEY] - pos[fb][b - fb * FILE_KEY];
  });
  return buildCluster(ordered, found, urls, truncated);
}

function buildCluster(
  keys: readonly number[],
  found: ReadonlyMap<number, Entry>,
  urls: ReadonlySet<string>,
  truncated: boolean,
): HreflangCluster | null {
  const inCluster = keys.map((k) => found.get(k)!);
  const byLoc = new Map<string, number>();
  for (const key of keys) {
    const loc = trimValue(found.get(key)!.loc);
    if (!byLoc.has(loc)) byLoc.set(loc, key);
  }
  const members: ClusterMember[] = [...byLoc.entries()].map(([loc, key]) => {
    const e = found.get(key)!;
    return {
      key,
      file: Math.floor(key / FILE_KEY),
      id: e.id,
      loc,
      code: codeFor(loc, e, inCluster),
      links: new Set(factsOf(e).links),
    };
  });
  if (members.length < 2 && members.every((m) => m.links.size === 0)) return null;
  const memberAt = new Map(members.map((m) => [m.loc, m]));
  const missing: MissingReturn[] = [];
  for (const m of members) {
    for (const href of m.links) {
      const other = memberAt.get(href);
      if (other && other.key !== m.key && !other.links.has(m.loc))
        missing.push({ source: m.key, target: other.key });
    }
  }
  const notLoaded: string[] = [];
  const nearly: HreflangCluster['nearly'] = [];
  for (const u of urls) {
    if (memberAt.has(u)) continue;
    const near = nearListed(u, (x) => memberAt.has(x));
    if (near) nearly.push({ href: u, ...near });
    else notLoaded.push(u);
  }
  return { members, notLoaded, nearly, missing, truncated };
}

/**
 * The edits adding every missing return link of `cluster`, by file: each target page gets a
 * link to its source (with the source's code). Members without a code are left out.
 *
 * @example for (const [file, entries] of returnLinkEdits(cluster, docs)) stores[file].commands.replaceEntries(entries, label)
 */
export function returnLinkEdits(
  cluster: HreflangCluster,
  files: ReadonlyArray<readonly Entry[]>,
): Map<number, Entry[]> {
  const byKey = new Map(cluster.members.map((m) => [m.key, m]));
  const edited = new Map<number, Entry>();
  for (const { source, target } of cluster.missing) {
    const from = byKey.get(source);
    const to = byKey.get(target);
    if (!from?.code || !to) continue;
    const entries = files[to.file];
    const current = edited.get(to.key) ?? entries[idIndexOf(entries)[to.id]];
    edited.set(to.key, withLink(current, from.code, from.loc));
  }
  const out = new Map<number, Entry[]>();
  for (const [key, entry] of edited) {
    const file = Math.floor(key / FILE_KEY);
    out.set(file, [...(out.get(file) ?? []), entry]);
  }
  return out;
}
