/**
 * Matching the `<sitemap>` entries of an index to supplied files: by the file's publish URL,
 * then by path suffix (`fr/sitemap.xml`, then `sitemap.xml`) against the file name, trying
 * case-sensitive, case-insensitive, and both again with `.gz` ignored. A copy name
 * (`sitemap (2).xml`: the workspace's own name for a second `sitemap.xml`, or a browser's for a
 * second download) also answers to its plain name, so same-name siblings (Hugo's
 * `en/sitemap.xml`, `fr/sitemap.xml` picked without folders) are all candidates; which one an
 * entry names is then decided from the files' content (`contentScore`).
 */
import type { MatchKind } from './types.ts';

const LEVELS: readonly MatchKind[] = ['name', 'name-ci', 'name-gz', 'name-gz-ci'];

function levelKey(suffix: string, level: number): string {
  const folded = level === 1 || level === 3 ? suffix.toLowerCase() : suffix;
  return level >= 2 && folded.toLowerCase().endsWith('.gz') ? folded.slice(0, -3) : folded;
}

function safeDecode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** ` (2)`, ` (13)` … before the extension of the last segment (or at its end). */
const COPY = / \(\d+\)(?=\.[^/\\]*$|$)/;

/**
 * `name` with ` (2)`, ` (3)`, … before its extension (the copy name `copyOf` reads back): the
 * first one no file in `taken` has.
 */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  const slash = name.lastIndexOf('/');
  const dot = name.indexOf('.', slash + 1);
  const stem = dot === -1 ? name : name.slice(0, dot);
  const ext = dot === -1 ? '' : name.slice(dot);
  for (let k = 2; ; k++) {
    const candidate = `${stem} (${k})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The name a copy name stands for, or null: `sitemap (2).xml` → `sitemap.xml`,
 * `fr/sitemap (3).xml.gz` → `fr/sitemap.xml.gz`.
 */
export function copyOf(name: string): string | null {
  const plain = name.replace(COPY, '');
  return plain === name ? null : plain;
}

/** Path segments of a file name: `\` counts as `/`, `.` segments and empty ones are dropped. */
export function nameSegments(name: string): string[] {
  return name.split(/[\\/]/).filter((s) => s !== '' && s !== '.');
}

/** The path segments of a child `<loc>`: of the URL path when absolute, else of the value itself. */
export function locSegments(loc: string, url: string | undefined): string[] {
  let path = loc;
  if (url !== undefined) {
    try {
      path = new URL(url).pathname;
    } catch {
      path = loc;
    }
  }
  const cut = path.search(/[?#]/);
  return nameSegments(cut >= 0 ? path.slice(0, cut) : path);
}

/**
 * Lookup tables from file names to file positions, one per match level. A child path and a file
 * name match when one is a segment-aligned suffix of the other: `sitemap.xml` matches
 * `https://a.example/fr/sitemap.xml`, and `fr/sitemap.xml` matches the zip entry
 * `public/fr/sitemap.xml`, but `en/sitemap.xml` never matches `fr/sitemap.xml`.
 */
export class FileMatcher {
  private readonly byUrl = new Map<string, number>();
  /** Whole file names (as path). */
  private readonly byFull: Array<Map<string, number[]>> = LEVELS.map(() => new Map());
  /** Proper suffixes of file names that have folders. */
  private readonly bySuffix: Array<Map<string, number[]>> = LEVELS.map(() => new Map());

  /** Register a file by its name and, when known, its publish URL. */
  add(file: number, name: string, publishUrl: string | undefined): void {
    if (publishUrl !== undefined && !this.byUrl.has(publishUrl)) this.byUrl.set(publishUrl, file);
    this.addName(file, name);
    const plain = copyOf(name);
    if (plain !== null) {
      this.copies.add(file);
      this.addName(file, plain);
    }
  }

  /** Files registered under a copy name (`sitemap (2).xml`) too. */
  private readonly copies = new Set<number>();

  /** True when `file` answered to a copy name: an exact name is the better match on a tie. */
  isCopy(file: number): boolean {
    return this.copies.has(file);
  }

  private addName(file: number, name: string): void {
    const segments = nameSegments(name);
    for (let start = 0; start < segments.length; start++) {
      const suffix = segments.slice(start).join('/');
      const maps = start === 0 ? this.byFull : this.bySuffix;
      for (let level = 0; level < LEVELS.length; level++) push(maps[level], levelKey(suffix, level), file);
    }
  }

  /**
   * Every file a child could name, or null: by publish URL, else per level (case-sensitive
   * first, `.gz`-blind last) the files of the first of these that names any: the whole path
   * (as a file name or the tail of a longer one), then shorter tails of the path. `exclude` (the index
   * itself) is never matched by name. One file, or same-name siblings to tell apart by content.
   */
  candidates(
    segments: readonly string[],
    url: string | undefined,
    exclude: number,
  ): { files: number[]; kind: MatchKind } | null {
    if (url !== undefined) {
      const byUrl = this.byUrl.get(url);
      if (byUrl !== undefined) return { files: [byUrl], kind: 'url' };
    }
    if (segments.length === 0) return null;
    const variants = [segments, segments.map(safeDecode)];
    for (let level = 0; level < LEVELS.length; level++) {
      for (const parts of variants) {
        const files = this.all(level, parts, exclude);
        if (files.length > 0) return { files, kind: LEVELS[level] };
      }
    }
    return null;
  }

  /** The files of the first lookup of one level that finds any: the whole path (as a name or a name's tail), then shorter tails. */
  private all(level: number, parts: readonly string[], exclude: number): number[] {
    const key = levelKey(parts.join('/'), level);
    const lists = [[...(this.byFull[level].get(key) ?? []), ...(this.bySuffix[level].get(key) ?? [])]];
    for (let start = 1; start < parts.length; start++)
      lists.push(this.byFull[level].get(levelKey(parts.slice(start).join('/'), level)) ?? []);
    for (const list of lists) {
      const files = list.filter((f) => f !== exclude);
      if (files.length > 0) return [...new Set(files)].sort((a, b) => a - b);
    }
    return [];
  }
}

/** Where a URL or path points: host (when absolute) and path segments. */
interface Place {
  host: string | undefined;
  path: string[];
}

function placeOf(loc: string): Place | null {
  const value = loc.trim();
  if (value === '') return null;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value)) {
    try {
      const u = new URL(value);
      return { host: u.host.toLowerCase(), path: nameSegments(u.pathname) };
    } catch {
      return null;
    }
  }
  const cut = value.search(/[?#]/);
  return { host: undefined, path: nameSegments(cut >= 0 ? value.slice(0, cut) : value) };
}

/** Entries looked at per file: evenly spread, so a big file costs no more than a small one. */
const SAMPLE = 256;

/**
 * How well a file's content fits the child entry `loc` (0…1): the share of its URLs (a sample
 * of up to 256) on the child's host (when both are known) and under the child's folder — the
 * `/fr/sitemap.xml` of a Hugo site lists `/fr/…` pages. 0 when nothing tells (no URLs, a child
 * at the site root on an unknown host).
 *
 * @example contentScore('https://a.example/fr/sitemap.xml', ['https://a.example/fr/', '/fr/a']) // 1
 */
export function contentScore(loc: string, urls: readonly string[]): number {
  const child = placeOf(loc);
  if (child === null || urls.length === 0) return 0;
  const folder = child.path.slice(0, -1);
  if (folder.length === 0 && child.host === undefined) return 0;
  const step = Math.max(1, Math.floor(urls.length / SAMPLE));
  let seen = 0;
  let under = 0;
  for (let i = 0; i < urls.length; i += step) {
    seen++;
    const at = placeOf(urls[i]);
    if (at === null) continue;
    if (child.host !== undefined && at.host !== undefined && at.host !== child.host) continue;
    if (folder.every((segment, k) => at.path[k] === segment)) under++;
  }
  return seen === 0 ? 0 : under / seen;
}

function push(map: Map<string, number[]>, key: string, file: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [file]);
  else if (!list.includes(file)) list.push(file);
}
