/**
 * Matching the `<sitemap>` entries of an index to supplied files: by the file's publish URL,
 * then by path suffix (`fr/sitemap.xml`, then `sitemap.xml`) against the file name, trying
 * case-sensitive, case-insensitive, and both again with `.gz` ignored.
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
    const segments = nameSegments(name);
    for (let start = 0; start < segments.length; start++) {
      const suffix = segments.slice(start).join('/');
      const maps = start === 0 ? this.byFull : this.bySuffix;
      for (let level = 0; level < LEVELS.length; level++) push(maps[level], levelKey(suffix, level), file);
    }
  }

  /**
   * The file a child names, or null. Per level (case-sensitive first, `.gz`-blind last): the
   * whole path, then the path as the tail of a longer file name, then shorter tails of the path.
   * `exclude` (the index itself) is never matched by name; files in `taken` (already matched by
   * this index) are used only when nothing else fits.
   */
  match(
    segments: readonly string[],
    url: string | undefined,
    exclude: number,
    taken: ReadonlySet<number>,
  ): { file: number; kind: MatchKind } | null {
    if (url !== undefined) {
      const byUrl = this.byUrl.get(url);
      if (byUrl !== undefined) return { file: byUrl, kind: 'url' };
    }
    if (segments.length === 0) return null;
    const variants = [segments, segments.map(safeDecode)];
    for (let level = 0; level < LEVELS.length; level++) {
      for (const parts of variants) {
        const found =
          this.lookup(this.byFull[level], level, parts.join('/'), exclude, taken) ??
          this.lookup(this.bySuffix[level], level, parts.join('/'), exclude, taken) ??
          this.tails(level, parts, exclude, taken);
        if (found !== null) return { file: found, kind: LEVELS[level] };
      }
    }
    return null;
  }

  private tails(level: number, parts: readonly string[], exclude: number, taken: ReadonlySet<number>) {
    for (let start = 1; start < parts.length; start++) {
      const found = this.lookup(this.byFull[level], level, parts.slice(start).join('/'), exclude, taken);
      if (found !== null) return found;
    }
    return null;
  }

  private lookup(
    map: Map<string, number[]>,
    level: number,
    suffix: string,
    exclude: number,
    taken: ReadonlySet<number>,
  ): number | null {
    const list = map.get(levelKey(suffix, level));
    if (list === undefined) return null;
    let fallback: number | null = null;
    for (const file of list) {
      if (file === exclude) continue;
      if (!taken.has(file)) return file;
      fallback ??= file;
    }
    return fallback;
  }
}

function push(map: Map<string, number[]>, key: string, file: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [file]);
  else if (!list.includes(file)) list.push(file);
}
