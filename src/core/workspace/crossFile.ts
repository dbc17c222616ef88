/**
 * The URL → files index behind cross-file LOC-006, kept up to date from edit patches so that a
 * change to one file re-checks only the URLs it touched.
 */
import type { Entry } from '../model.ts';

/** An edit to one file, in the shape of the history patches (`before`/`after` pairs). */
export interface FileChange {
  added?: readonly Entry[];
  removed?: readonly Entry[];
  updated?: ReadonlyArray<{ before: Entry; after: Entry }>;
}

/**
 * Which files list each URL (trimmed `<loc>`), with per-file counts so removals are exact.
 * Memory: one Map entry per distinct URL; URLs listed more than once (anywhere) also get a
 * small per-file count map.
 */
export class CrossFileUrls {
  /** URL → the only file listing it, once. */
  private readonly single = new Map<string, number>();
  /** URL → file → count, for URLs listed more than once. */
  private readonly multi = new Map<string, Map<number, number>>();

  /**
   * Index the given files (skip index files by passing `null` in their place).
   *
   * @example new CrossFileUrls([a.entries, null, b.entries]).otherFiles('https://a.example/', 0)
   */
  constructor(files: ReadonlyArray<readonly Entry[] | null>) {
    files.forEach((entries, f) => {
      if (entries !== null) for (const entry of entries) this.add(entry.loc.trim(), f);
    });
  }

  private add(loc: string, file: number): void {
    if (loc === '') return;
    const counts = this.multi.get(loc);
    if (counts !== undefined) {
      counts.set(file, (counts.get(file) ?? 0) + 1);
      return;
    }
    const only = this.single.get(loc);
    if (only === undefined) {
      this.single.set(loc, file);
      return;
    }
    this.single.delete(loc);
    this.multi.set(
      loc,
      only === file
        ? new Map([[file, 2]])
        : new Map([
            [only, 1],
            [file, 1],
          ]),
    );
  }

  private remove(loc: string, file: number): void {
    if (loc === '') return;
    if (this.single.get(loc) === file) {
      this.single.delete(loc);
      return;
    }
    const counts = this.multi.get(loc);
    const n = counts?.get(file);
    if (counts === undefined || n === undefined) return;
    if (n > 1) counts.set(file, n - 1);
    else counts.delete(file);
    let total = 0;
    for (const c of counts.values()) total += c;
    if (total === 1) {
      this.multi.delete(loc);
      this.single.set(loc, counts.keys().next().value as number);
    }
  }

  /**
   * Apply an edit of `file`. Returns the trimmed URLs whose set of files may have changed: the
   * caller re-checks the entries listing them (in any file) with {@link otherFiles}.
   */
  apply(file: number, change: FileChange): Set<string> {
    const touched = new Set<string>();
    const out = (e: Entry) => {
      const loc = e.loc.trim();
      this.remove(loc, file);
      touched.add(loc);
    };
    const into = (e: Entry) => {
      const loc = e.loc.trim();
      this.add(loc, file);
      touched.add(loc);
    };
    for (const e of change.removed ?? []) out(e);
    for (const u of change.updated ?? []) {
      if (u.before.loc === u.after.loc) continue;
      out(u.before);
      into(u.after);
    }
    for (const e of change.added ?? []) into(e);
    touched.delete('');
    return touched;
  }

  /** Files other than `file` that list `loc` (compared trimmed), in ascending order. */
  otherFiles(loc: string, file: number): number[] {
    const key = loc.trim();
    const counts = this.multi.get(key);
    if (counts === undefined) return [];
    const out: number[] = [];
    for (const f of counts.keys()) if (f !== file) out.push(f);
    return out.sort((a, b) => a - b);
  }

  /** Number of distinct URLs listed in more than one file. */
  sharedCount(): number {
    let n = 0;
    for (const counts of this.multi.values()) if (counts.size > 1) n++;
    return n;
  }
}
