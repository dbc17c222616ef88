/**
 * A validator's answers as compact, structured-cloneable data (`ValidationSnapshot`): the worker
 * validates a parsed document and posts this with the result; the page answers every read from
 * it (`SnapshotReads`) until its own indexes are built.
 *
 * Why columns: as `Issue` objects, the 50,000 issues of a 50,000-URL hreflang file are 100,000
 * objects and 10 MB of structured clone that the page deserializes in one task (~110 ms of main
 * thread at load 4, issue #20 case 10). As typed arrays and one string of the distinct strings,
 * the message arrives as a few buffers (no per-issue object), adopting it costs one pass over an
 * `Int32Array`, and an entry's `Issue` objects are made only when something reads them (the grid
 * reads the visible rows).
 */
import type { Issue, Severity } from '../model.ts';

/** Totals by severity and by rule (what `Validator.counts()` returns). */
export interface SnapshotCounts {
  error: number;
  warning: number;
  info: number;
  byRule: Map<string, { severity: Severity; count: number }>;
}

/** Ints per issue in `ValidationSnapshot.issues`: rule, severity, message, field (string numbers), entry, line, column. */
const WIDTH = 7;
/** An optional number or string that an issue does not have. */
const ABSENT = -1;

/**
 * What a loaded validator answers, as plain data (see the module comment). Issue `k` of the
 * entry at position `p` (document order) is row `starts[p] + k` of `issues`; strings are numbered
 * in order of first use and string `s` is `text.slice(ends[s - 1] ?? 0, ends[s])`.
 */
export interface ValidationSnapshot {
  /** `documentIssues()`. */
  docIssues: Issue[];
  counts: SnapshotCounts;
  /** Ids of the entries with issues, in document order. */
  ids: Int32Array;
  /** Position in `ids` by entry id (-1: no issues), so that adopting a snapshot costs nothing per entry. */
  pos: Int32Array;
  /** Where each entry's rows start in `issues` (`ids.length + 1` values: the last is the row count). */
  starts: Int32Array;
  /** `WIDTH` ints per issue: rule, severity, message, field (string numbers, field -1 when absent), entry, line, column (-1 when absent). */
  issues: Int32Array;
  /** Every distinct string, joined. */
  text: string;
  /** End of each string in `text`. */
  ends: Int32Array;
}

/**
 * Builds a snapshot: `add` each entry's issues in document order, then `finish`.
 *
 * @example const w = new SnapshotWriter(); w.add(3, v.issuesOf(3)); w.finish(docIssues, counts)
 */
export class SnapshotWriter {
  private readonly strings = new Map<string, number>();
  private readonly pieces: string[] = [];
  private readonly ends: number[] = [];
  private length = 0;
  private readonly ids: number[] = [];
  private readonly starts: number[] = [0];
  private issues = new Int32Array(WIDTH * 1024);
  private rows = 0;

  /** Appends one entry's issues (skipped when there are none). */
  add(id: number, list: readonly Issue[]): void {
    if (list.length === 0) return;
    this.ids.push(id);
    for (const i of list) this.row(i);
    this.starts.push(this.rows);
  }

  /** The snapshot of everything added. */
  finish(docIssues: Issue[], counts: SnapshotCounts): ValidationSnapshot {
    let max = -1;
    for (const id of this.ids) if (id > max) max = id;
    const pos = new Int32Array(max + 1).fill(-1);
    for (let p = 0; p < this.ids.length; p++) pos[this.ids[p]] = p;
    return {
      docIssues,
      counts,
      ids: Int32Array.from(this.ids),
      pos,
      starts: Int32Array.from(this.starts),
      issues: this.issues.slice(0, this.rows * WIDTH),
      text: this.pieces.join(''),
      ends: Int32Array.from(this.ends),
    };
  }

  private row(i: Issue): void {
    if ((this.rows + 1) * WIDTH > this.issues.length) {
      const grown = new Int32Array(this.issues.length * 2);
      grown.set(this.issues);
      this.issues = grown;
    }
    const c = this.issues;
    const k = this.rows++ * WIDTH;
    c[k] = this.string(i.rule);
    c[k + 1] = this.string(i.severity);
    c[k + 2] = this.string(i.message);
    c[k + 3] = i.field === undefined ? ABSENT : this.string(i.field);
    c[k + 4] = i.entry ?? ABSENT;
    c[k + 5] = i.line ?? ABSENT;
    c[k + 6] = i.column ?? ABSENT;
  }

  private string(s: string): number {
    let n = this.strings.get(s);
    if (n === undefined) {
      n = this.pieces.length;
      this.strings.set(s, n);
      this.pieces.push(s);
      this.length += s.length;
      this.ends.push(this.length);
    }
    return n;
  }
}

const NO_ISSUES: readonly Issue[] = [];

/**
 * Reads of a snapshot: O(1) per entry, `Issue` objects made on first read of an entry and kept
 * (the same array answers every later read). Adopting does no work per entry or per issue.
 */
export class SnapshotReads {
  private readonly lists = new Map<number, readonly Issue[]>();
  /** Strings read so far, by number. */
  private readonly strs: Array<string | undefined> = [];

  constructor(readonly snap: ValidationSnapshot) {}

  /** `issuesOf` of the validator the snapshot was taken from. */
  issuesOf(id: number): readonly Issue[] {
    const { pos } = this.snap;
    const p = id >= 0 && id < pos.length ? pos[id] : -1;
    if (p < 0) return NO_ISSUES;
    let list = this.lists.get(p);
    if (list === undefined) {
      const { starts } = this.snap;
      const out: Issue[] = [];
      for (let r = starts[p]; r < starts[p + 1]; r++) out.push(this.issue(r));
      list = out;
      this.lists.set(p, list);
    }
    return list;
  }

  /** Every entry issue, in document order. */
  entryIssues(): Issue[] {
    const out: Issue[] = [];
    const { ids } = this.snap;
    for (let p = 0; p < ids.length; p++) for (const i of this.issuesOf(ids[p])) out.push(i);
    return out;
  }

  /** Ids of the entries with an issue of `rule`, in document order. */
  entriesWithRule(rule: string): number[] {
    const out: number[] = [];
    const { ids, starts, issues } = this.snap;
    const n = this.numberOf(rule);
    if (n < 0) return out;
    for (let p = 0; p < ids.length; p++)
      for (let r = starts[p]; r < starts[p + 1]; r++)
        if (issues[r * WIDTH] === n) {
          out.push(ids[p]);
          break;
        }
    return out;
  }

  private numberOf(s: string): number {
    const { ends } = this.snap;
    for (let n = 0; n < ends.length; n++) {
      const start = n === 0 ? 0 : ends[n - 1];
      if (ends[n] - start === s.length && this.string(n) === s) return n;
    }
    return -1;
  }

  private string(n: number): string {
    let s = this.strs[n];
    if (s === undefined) {
      s = this.snap.text.slice(n === 0 ? 0 : this.snap.ends[n - 1], this.snap.ends[n]);
      this.strs[n] = s;
    }
    return s;
  }

  /** Issue of row `r`, with the keys `makeIssue` gives it, in the same order. */
  private issue(r: number): Issue {
    const c = this.snap.issues;
    const k = r * WIDTH;
    const issue: Issue = {
      rule: this.string(c[k]) as Issue['rule'],
      severity: this.string(c[k + 1]) as Severity,
      message: this.string(c[k + 2]),
    };
    if (c[k + 4] !== ABSENT) issue.entry = c[k + 4];
    if (c[k + 3] !== ABSENT) issue.field = this.string(c[k + 3]);
    if (c[k + 5] !== ABSENT) issue.line = c[k + 5];
    if (c[k + 6] !== ABSENT) issue.column = c[k + 6];
    return issue;
  }
}
