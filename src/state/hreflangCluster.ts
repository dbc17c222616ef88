/**
 * The hreflang cluster of one entry: the loaded pages that point to each other through
 * `xhtml:link rel="alternate" hreflang` links, and which return links are missing (HREF-006).
 * Pure and React-free; the detail panel shows it and `addMissingReturnLinks` fixes it.
 */
import type { Alternate, Entry } from '../core/model.ts';
import { trimValue } from '../core/urls.ts';

/** One loaded page of a cluster. */
export interface ClusterMember {
  id: number;
  /** Trimmed loc. */
  loc: string;
  /** hreflang code used for this page (its own link, else the first code others use), '' if none. */
  code: string;
  /** Trimmed hrefs of its hreflang links (x-default included). */
  links: ReadonlySet<string>;
}

/** A return link that should exist but does not: `target` should link back to `source`. */
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
  /** Pairs where `source` lists `target` but `target` does not list `source`. */
  missing: MissingReturn[];
  /** True when the walk stopped at `maxMembers`. */
  truncated: boolean;
}

/** True for a link that takes part in hreflang clusters (HREF-012 uses are left out). */
export function isHreflangLink(a: Alternate): boolean {
  const href = a.href?.trim();
  if (!href || !a.hreflang?.trim()) return false;
  if (a.rel !== undefined && a.rel.trim().toLowerCase() !== 'alternate') return false;
  return !href.startsWith('android-app:');
}

function linksOf(e: Entry): Set<string> {
  const out = new Set<string>();
  for (const a of e.alternates ?? []) if (isHreflangLink(a)) out.add(trimValue(a.href ?? ''));
  return out;
}

/** One O(n + links) pass: entries whose loc is in `urls`, or that link to one of `urls`. */
function touching(entries: readonly Entry[], urls: ReadonlySet<string>, found: Map<number, Entry>): boolean {
  let grew = false;
  for (const e of entries) {
    if (found.has(e.id)) continue;
    let hit = urls.has(trimValue(e.loc));
    if (!hit && e.alternates) {
      for (const a of e.alternates) {
        if (isHreflangLink(a) && urls.has(trimValue(a.href ?? ''))) {
          hit = true;
          break;
        }
      }
    }
    if (hit) {
      found.set(e.id, e);
      grew = true;
    }
  }
  return grew;
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
 * The cluster of entry `entryId`: repeated passes over the document, each adding the entries whose
 * loc is a URL already in the cluster or that link to one, until nothing is added (usually two
 * or three passes, O(n + links) each, no per-document index kept). Only the first entry per loc
 * becomes a member. Returns null when the entry is missing or takes part in no hreflang link.
 *
 * @example hreflangCluster(doc.entries, 0)?.missing // [{ source: 0, target: 1 }] when /de/ lacks /en/
 */
export function hreflangCluster(
  entries: readonly Entry[],
  entryId: number,
  maxMembers = 500,
): HreflangCluster | null {
  const start = entries.find((e) => e.id === entryId);
  if (!start) return null;
  const found = new Map<number, Entry>([[start.id, start]]);
  const urls = new Set<string>([trimValue(start.loc), ...linksOf(start)]);
  let truncated = false;
  for (let pass = 0; pass < 16; pass++) {
    const before = found.size;
    if (!touching(entries, urls, found)) break;
    if (found.size > maxMembers) {
      truncated = true;
      break;
    }
    for (const e of [...found.values()].slice(before)) {
      urls.add(trimValue(e.loc));
      for (const h of linksOf(e)) urls.add(h);
    }
  }
  return buildCluster(entries, found, urls, truncated);
}

function buildCluster(
  entries: readonly Entry[],
  found: Map<number, Entry>,
  urls: ReadonlySet<string>,
  truncated: boolean,
): HreflangCluster | null {
  const byLoc = new Map<string, Entry>();
  for (const e of entries) {
    if (!found.has(e.id)) continue;
    const loc = trimValue(e.loc);
    if (!byLoc.has(loc)) byLoc.set(loc, e);
  }
  const inCluster = [...found.values()];
  const members: ClusterMember[] = [...byLoc.entries()].map(([loc, e]) => ({
    id: e.id,
    loc,
    code: codeFor(loc, e, inCluster),
    links: linksOf(e),
  }));
  if (members.every((m) => m.links.size === 0) && members.length < 2) return null;
  const memberAt = new Map(members.map((m) => [m.loc, m]));
  const missing: MissingReturn[] = [];
  for (const m of members) {
    for (const href of m.links) {
      const other = memberAt.get(href);
      if (other && other.id !== m.id && !other.links.has(m.loc))
        missing.push({ source: m.id, target: other.id });
    }
  }
  const notLoaded = [...urls].filter((u) => !memberAt.has(u));
  return { members, notLoaded, missing, truncated };
}
