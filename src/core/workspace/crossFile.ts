/**
 * The URL → files index behind cross-file LOC-006, kept up to date from edit patches so that a
 * change to one file re-checks only the URLs it touched.
 */
import type { Entry } from '../model.ts';
import type { Patch } from '../patch.ts';

/**
 * Which files list each URL (trimmed `<loc>`), with per-file counts so removals are exact.
 * Memory: one Map entry per distinct URL; URLs listed more than once (anywhere) also get a
 * small per-file count map.
 */
export class CrossFileUrls {
  /**
   * URL → the only file listing it once (value ≥ 0), or `-(k + 1)` pointing at `counts[k]` for
   * URLs listed more than once. One Map lookup per URL on the common path.
   */
  private readonly urls = new Map<string, number>();
  private readonly counts: Array<Map<number, number> | undefined> = [];
  private readonly free: number[] = [];

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
    const slot = this.urls.get(loc);
    if (slot === undefined) {
      this.urls.set(loc, file);
      return;
    }
    if (slot < 0) {
      const counts = this.counts[-slot - 1]!;
      counts.set(file, (counts.get(file) ?? 0) + 1);
      return;
    }
    const counts =
      slot === file
        ? new Map([[file, 2]])
        : new Map([
            [slot, 1],
            [file, 1],
          ]);
    const k = this.free.pop() ?? this.counts.length;
    this.counts[k] = counts;
    this.urls.set(loc, -k - 1);
  }

  private remove(loc: string, file: number): void {
    const slot = this.urls.get(loc);
    if (slot === undefined) return;
    if (slot >= 0) {
      if (slot === file) this.urls.delete(loc);
      return;
    }
    const counts = this.counts[-slot - 1]!;
    const n = counts.get(file);
    if (n === undefined) return;
    if (n > 1) counts.set(file, n - 1);
    else counts.delete(file);
    let total = 0;
    for (const c of counts.values()) total += c;
    if (total === 1) {
      this.counts[-slot - 1] = undefined;
      this.free.push(-slot - 1);
      this.urls.set(loc, counts.keys().next().value as number);
    }
  }

  /**
   * Apply an edit of `file`. Returns the trimmed URLs whose set of files may have changed: the
   * caller re-checks the entries listing them (in any file) with {@link otherFiles}.
   */
  apply(file: number, change: Patch): Set<string> {
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
    for (const r of change.removed) out(r.entry);
    for (const [before, after] of change.updated) {
      if (before.loc === after.loc) continue;
      out(before);
      into(after);
    }
    for (const a of change.added) into(a.entry);
    touched.delete('');
    return touched;
  }

  /** Files other than `file` that list `loc` (compared trimmed), in ascending order. */
  otherFiles(loc: string, file: number): number[] {
    const slot = this.urls.get(loc.trim());
    if (slot === undefined || slot >= 0) return [];
    const out: number[] = [];
    for (const f of this.counts[-slot - 1]!.keys()) if (f !== file) out.push(f);
    return out.sort((a, b) => a - b);
  }

  /** Number of distinct URLs listed in more than one file. */
  sharedCount(): number {
    let n = 0;
    for (const counts of this.counts) if (counts !== undefined && counts.size > 1) n++;
    return n;
  }
}
