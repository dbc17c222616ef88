/**
 * The validator's shared table: one slot per entry (its facts and one issue list per part), by
 * entry id and by document order, with the running issue totals. Each part of the validator
 * (entryIssues.ts, documentCounts.ts, crawlPart.ts, hostScope.ts, duplicateGroups.ts,
 * hreflangClusters.ts) files slots in its own index and writes only its own list.
 *
 * State is plain (arrays of slots, Maps, typed arrays), so a table could be built elsewhere (a
 * worker) and handed over; nothing here closes over the validator.
 */
import type { CrawlJoin } from '../crawl/join.ts';
import type { Entry, Issue, Severity } from '../model.ts';
import type { EntryFacts } from '../rules/entry.ts';
import type { HreflangFacts } from '../rules/hreflang.ts';
import type { UrlParts } from '../urls.ts';

/** The issue lists of a slot, one per part, in the order `issuesOf` reports them. */
export const LISTS = ['parse', 'local', 'scope', 'dup', 'cluster', 'crawl'] as const;

/** The name of one issue list of a slot. */
export type ListName = (typeof LISTS)[number];

/** Keys of an entry computed on demand (host checks, duplicate groups). */
export interface Derived {
  /** Scanned loc. */
  parts?: UrlParts | null;
  /** Normalised loc (`normKey`). */
  norm?: string;
  /** Family key (`familyOf`), when another entry shares its hash. */
  family?: string;
}

/** Shared empty list for slots without issues (never mutated: lists are replaced, not pushed to). */
export const EMPTY = [] as Issue[];

/** The issue lists of a slot with any (most entries have none: their slot carries no lists object). */
class Lists {
  parse = EMPTY;
  local = EMPTY;
  scope = EMPTY;
  dup = EMPTY;
  cluster = EMPTY;
  crawl = EMPTY;
  cache: Issue[] | null = null;
  quiet = EMPTY;
  quietParse = EMPTY;
}

/**
 * One entry's state; it holds its own facts (one object per entry: `checkEntry` fills it).
 *
 * Memory: a big document has one slot per entry alive for as long as it is open, and a load makes
 * them all at once (1,000,000 at 1M URLs), so every field counts for the scavenges and full GCs
 * that run while the page builds them. The nine issue lists live in a second object made only
 * for an entry that gets an issue; without one, every list reads as `EMPTY`.
 */
export class Slot implements EntryFacts {
  exact = '';
  familyHash = 0;
  origin: string | null = null;
  day: number | null = null;
  dateOnly = false;
  priority: string | null = null;
  hasChangefreq = false;
  hasPriority = false;
  bytes = 0;
  newsCount = 0;
  newsName: string | null = null;
  offHostImages = 0;
  href: HreflangFacts | null = null;
  derived: Derived | undefined = undefined;
  /** Crawl row this entry lists (-1: not crawled or no crawl attached). */
  crawlRow = -1;
  /** The join this entry was joined with (null: none yet). */
  joined: CrawlJoin | null = null;
  private x: Lists | null = null;

  /**
   * @param entry the entry
   * @param seq document order (as loaded; an edited entry keeps its seq)
   */
  constructor(
    readonly entry: Entry,
    readonly seq: number,
  ) {}

  /** The lists object, made for a non-empty list (null: no list to write, every one stays EMPTY). */
  private lists(v: Issue[] | null): Lists | null {
    if (this.x === null && v !== null && v.length > 0) this.x = new Lists();
    return this.x;
  }

  /** Parser findings kept until their field is edited (entryIssues.ts). */
  get parse(): Issue[] {
    return this.x === null ? EMPTY : this.x.parse;
  }
  set parse(v: Issue[]) {
    const x = this.lists(v);
    if (x !== null) x.parse = v;
  }
  /** Rules that need only the entry (entryIssues.ts). */
  get local(): Issue[] {
    return this.x === null ? EMPTY : this.x.local;
  }
  set local(v: Issue[]) {
    const x = this.lists(v);
    if (x !== null) x.local = v;
  }
  /** HOST/IDX against the reference origin (hostScope.ts). */
  get scope(): Issue[] {
    return this.x === null ? EMPTY : this.x.scope;
  }
  set scope(v: Issue[]) {
    const x = this.lists(v);
    if (x !== null) x.scope = v;
  }
  /** Duplicate URLs (duplicateGroups.ts). */
  get dup(): Issue[] {
    return this.x === null ? EMPTY : this.x.dup;
  }
  set dup(v: Issue[]) {
    const x = this.lists(v);
    if (x !== null) x.dup = v;
  }
  /** hreflang cluster (hreflangClusters.ts). */
  get cluster(): Issue[] {
    return this.x === null ? EMPTY : this.x.cluster;
  }
  set cluster(v: Issue[]) {
    const x = this.lists(v);
    if (x !== null) x.cluster = v;
  }
  /** CRAWL issues (crawlPart.ts; empty without crawl data). */
  get crawl(): Issue[] {
    return this.x === null ? EMPTY : this.x.crawl;
  }
  set crawl(v: Issue[]) {
    const x = this.lists(v);
    if (x !== null) x.crawl = v;
  }
  /** `issuesOf`'s answer, null until asked again after a change (EMPTY while the slot has no list). */
  get cache(): Issue[] | null {
    return this.x === null ? EMPTY : this.x.cache;
  }
  set cache(v: Issue[] | null) {
    if (this.x !== null) this.x.cache = v;
  }
  /** Issues the severity profile withholds from the row (validator's, then parser's). */
  get quiet(): Issue[] {
    return this.x === null ? EMPTY : this.x.quiet;
  }
  set quiet(v: Issue[]) {
    const x = this.lists(v);
    if (x !== null) x.quiet = v;
  }
  get quietParse(): Issue[] {
    return this.x === null ? EMPTY : this.x.quietParse;
  }
  set quietParse(v: Issue[]) {
    const x = this.lists(v);
    if (x !== null) x.quietParse = v;
  }

  /** True when the slot has an issue in any list. */
  hasIssues(): boolean {
    const x = this.x;
    return (
      x !== null &&
      x.parse.length + x.local.length + x.scope.length + x.dup.length + x.cluster.length + x.crawl.length > 0
    );
  }
}

/**
 * What one edit did to the table: the slots taken out (gone from the table, still filed in the
 * parts' indexes) and the slots put in (in the table, filed in no part yet). An updated entry is
 * one slot out and one in, with the same `seq`.
 */
export interface SlotChange {
  readonly out: readonly Slot[];
  readonly in: readonly Slot[];
}

/**
 * One part of the validator: an index over the slots and the issues it derives from it.
 * Building from entries is `file` for every slot, then `filed`, then `check` for every slot;
 * an edit is one `apply`.
 */
export interface ValidatorPart {
  /** Load: file a new slot in this part's index (issues come in `check`). */
  file(slot: Slot): void;
  /** Load: every slot is filed. */
  filed?(): void;
  /** `filed` in steps of bounded work, for a load sliced over tasks (used instead when present). */
  filedSteps?(): Generator<void, void>;
  /** Load: this part's issues of `slot`, once every slot is filed. */
  check(slot: Slot): void;
  /** An edit: unfile the slots going out, file those coming in, re-check every slot they affect. */
  apply(change: SlotChange): void;
  /** End of a load or an edit: drop answers cached for it. */
  settle?(): void;
}

const NO_ISSUES: readonly Issue[] = EMPTY;

/** Slots by id and by document order, and the issue totals over every list. */
export class SlotTable {
  /** Slots by entry id (ids are small integers: parsers number entries 0..n-1). */
  readonly byId: Array<Slot | undefined> = [];
  /** Slots by `seq` (document order); removed entries leave holes. */
  readonly bySeq: Array<Slot | undefined> = [];
  /** Next `seq`. */
  seq = 0;
  readonly sevCount = { error: 0, warning: 0, info: 0 };
  readonly byRule = new Map<string, { severity: Severity; count: number }>();

  /** Puts a slot in the table. */
  put(slot: Slot): void {
    this.byId[slot.entry.id] = slot;
    this.bySeq[slot.seq] = slot;
  }

  /** Takes a slot out of the table, with its issues. */
  take(slot: Slot): void {
    for (const w of LISTS) if (slot[w].length > 0) this.setList(slot, w, EMPTY);
    if (this.byId[slot.entry.id] === slot) this.byId[slot.entry.id] = undefined;
    if (this.bySeq[slot.seq] === slot) this.bySeq[slot.seq] = undefined;
  }

  /** Replaces one issue list of a slot, keeping the totals. */
  setList(slot: Slot, which: ListName, list: Issue[]): void {
    for (const i of slot[which]) this.count(i, -1);
    for (const i of list) this.count(i, 1);
    slot[which] = list.length > 0 ? list : EMPTY;
    slot.cache = null;
  }

  /** Adds (1) or removes (-1) one issue from the totals. */
  count(i: Issue, sign: 1 | -1): void {
    this.sevCount[i.severity] += sign;
    const cur = this.byRule.get(i.rule);
    if (cur) {
      cur.count += sign;
      if (cur.count === 0) this.byRule.delete(i.rule);
    } else if (sign > 0) this.byRule.set(i.rule, { severity: i.severity, count: 1 });
  }

  /** Issues of one entry: parse, local, scope, duplicates, cluster, crawl. */
  issuesOf(entryId: number): readonly Issue[] {
    const s = this.byId[entryId];
    if (!s) return NO_ISSUES;
    if (s.cache === null) {
      // Fields read directly (this runs for every row the grid paints and every issue listed).
      const { parse, local, scope, dup, cluster, crawl } = s;
      const n = parse.length + local.length + scope.length + dup.length + cluster.length + crawl.length;
      // One non-empty list is the whole answer (lists are replaced, never mutated).
      if (n === local.length) s.cache = local;
      else if (n === dup.length) s.cache = dup;
      else if (n === scope.length) s.cache = scope;
      else if (n === parse.length) s.cache = parse;
      else if (n === cluster.length) s.cache = cluster;
      else if (n === crawl.length) s.cache = crawl;
      else s.cache = [...parse, ...local, ...scope, ...dup, ...cluster, ...crawl];
    }
    return s.cache;
  }
}

/** True when a slot has an issue in any list. */
export function hasIssues(s: Slot): boolean {
  return s.hasIssues();
}
