/**
 * The validator's shared table: one slot per entry (its facts and one issue list per part), by
 * entry id and by document order, with the running issue totals. Each part of the validator
 * (entryIssues.ts, documentCounts.ts, crawlPart.ts, hostScope.ts, duplicateGroups.ts,
 * hreflangClusters.ts) files slots in its own index and writes only its own list.
 *
 * A slot is a row number; its facts are columns of the table (typed arrays and arrays of
 * references, by row), its issue lists an object made only for a row that gets one, but for its
 * scope finding: a code by row, whose issue is made when read (`setScope`). State is
 * plain (typed arrays, arrays, Maps), so a table could be built elsewhere (a worker) and handed
 * over; nothing here closes over the validator.
 */
import type { CrawlJoin } from '../crawl/join.ts';
import type { EntrySource } from '../lazyEntries.ts';
import { type Entry, type Issue, type Severity, severityRank } from '../model.ts';
import type { EntryFacts } from '../rules/entry.ts';
import { SCOPE_FINDINGS } from '../rules/host.ts';
import type { HreflangFacts } from '../rules/hreflang.ts';
import { isUnloadedNote } from '../rules/hreflangCluster.ts';
import type { UrlParts } from '../urls.ts';

/** The issue lists of a slot, one per part, in the order `issuesOf` reports them. */
export const LISTS = ['parse', 'local', 'scope', 'dup', 'cluster', 'crawl'] as const;

/** The name of one issue list of a slot. */
export type ListName = (typeof LISTS)[number];

/**
 * The lists kept as arrays of issues (the scope list is a column of finding codes, its issue made
 * when read: see `setScope`).
 */
export type StoredList = Exclude<ListName, 'scope'>;

/**
 * Makes the issue of a scope finding when it is read (core/validate/hostScope.ts): the table keeps
 * only its code (`SCOPE_FINDINGS` index, and in `SCOPE_GEN_SHIFT` bits up the reference it was
 * found against).
 */
export interface ScopeSource {
  scopeIssue(slot: Slot, code: number): Issue;
}

/** A scope code's bits: the finding (`SCOPE_FINDINGS` index) below, the reference's number above. */
export const SCOPE_GEN_SHIFT = 4;
/** References a table's scope codes can name at once. */
export const SCOPE_GENS = 16;
const SCOPE_KIND = (1 << SCOPE_GEN_SHIFT) - 1;

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

/** The issue lists of a slot with any (most entries have none: their row holds no lists object). */
class Lists {
  parse = EMPTY;
  local = EMPTY;
  dup = EMPTY;
  cluster = EMPTY;
  crawl = EMPTY;
  cache: Issue[] | null = null;
  quiet = EMPTY;
  quietParse = EMPTY;
}

/** The name of one list a slot may hold: the issue lists and the profile's withheld issues. */
export type AnyListName = ListName | 'quiet' | 'quietParse';

/** The facts of an entry that are rare (news, off-host images, hreflang): one object per entry that has any. */
interface Rare {
  newsCount: number;
  newsName: string | null;
  offHostImages: number;
  href: HreflangFacts | null;
}

/**
 * One entry's state in a `SlotTable`: a row number (not an object). An edited entry gets a new
 * row with the same `seq`; the row it leaves keeps its facts until the edit has been applied by
 * every part (`SlotTable.free`), and rows are never reused, so a row once seen names one slot.
 */
export type Slot = number & { readonly __slot: true };

/** `day` of a row without a valid lastmod. */
const NO_DAY = Number.NaN;
/** Bits of `flags`. */
const DATE_ONLY = 1;
const HAS_CHANGEFREQ = 2;
const HAS_PRIORITY = 4;
/** The trimmed loc is the entry's loc (else it is in `exactOf`). */
const EXACT_IS_LOC = 8;
/** The row has a lists object (`listsOf`). */
const HAS_LISTS = 16;
/** The row has rare facts (`rareOf`). */
const HAS_RARE = 32;

/** Rows per block of the entry column (a block is a small array: no large array to grow and copy). */
const BLOCK_BITS = 12;
const BLOCK = 1 << BLOCK_BITS;

function grownInt(a: Int32Array, need: number): Int32Array {
  const next = new Int32Array(Math.max(need, a.length * 2, 1024));
  next.set(a);
  return next;
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
  /**
   * `filed` in steps of bounded work, for a load sliced over tasks (used instead when present);
   * a step may yield `END_SLICE` (core/steps.ts) to end its slice.
   */
  filedSteps?(): Generator<number | void, void>;
  /** Load: this part's issues of `slot`, once every slot is filed. */
  check(slot: Slot): void;
  /** An edit: unfile the slots going out, file those coming in, re-check every slot they affect. */
  apply(change: SlotChange): void;
  /** End of a load or an edit: drop answers cached for it. */
  settle?(): void;
}

const NO_ISSUES: readonly Issue[] = EMPTY;

/**
 * The slots: each entry's facts and issue lists as columns by row (typed arrays; strings as
 * indexes into one word table; what few rows have in Maps by row), by entry id and by document
 * order, with the running issue totals.
 *
 * Memory: a big document has one row per entry alive for as long as it is open, and a load makes
 * them all at once (1,000,000 at 1M URLs). As columns a row is ~30 bytes of typed arrays and one
 * reference (its entry, in blocks of 4,096), nothing the young generation copies; as one object
 * per entry (up to session 12) it was a 100-byte young object that every scavenge of the load
 * copied (perf.md, session 13).
 */
export class SlotTable {
  /** Next `seq`. */
  seq = 0;
  readonly sevCount = { error: 0, warning: 0, info: 0 };
  readonly byRule = new Map<string, { severity: Severity; count: number }>();
  /** See {@link watchNotes}: entry id → alternates still unloaded, or null. */
  private watch: ReadonlyMap<number, number> | null = null;
  /** Of the per-file HREF-006 notes counted, those of entries `watch` maps to 0 (withdrawn). */
  private watchedNotes = 0;
  /** Rows made so far. */
  private rows = 0;
  /**
   * Row + 1 by entry id and by seq (0: none): zero-filled as made, so a load's first task does
   * not write ~9 MB of -1 at 1,000,000 rows (each page is touched when its rows are put).
   */
  private ids: Int32Array;
  private seqs: Int32Array;
  /**
   * Entry by row, in blocks of `BLOCK` rows: the entry, or its row in `source` (a received
   * document's rows, made when read: core/lazyEntries.ts), so that filing a load makes no entry.
   */
  private readonly blocks: Array<Array<Entry | number | undefined>> = [];
  /** The rows the numbers in `blocks` name (set by the load that files them). */
  source: EntrySource | null = null;
  /** By row. */
  private seqOf: Int32Array;
  private hashes: Int32Array;
  private sizes: Int32Array;
  private days: Float64Array;
  private flags: Uint8Array;
  /** Origin and valid priority as indexes into `words` (-1: null). */
  private originOf: Int32Array;
  private priorityOf: Int32Array;
  /**
   * Scope finding by row (0: none; see `setScope`). A finding per row as a byte, not as an issue
   * list: a settings change that flags every one of 1,000,000 URLs allocates no object per row
   * (as `Issue` objects they were ~150 MB that every scavenge of the re-check copied, perf.md
   * session 14).
   */
  private scopes: Uint8Array;
  /** Rows whose scope code names each reference number (`SCOPE_GENS` of them). */
  private readonly scopeGenRows = new Int32Array(SCOPE_GENS);
  /** Makes the issues of the scope codes (set by the part that writes them). */
  scopeSource: ScopeSource | null = null;
  /**
   * Crawl row listed + 1 (0: none) and the join it is listed in (`joinOf` key; 0: none); null
   * until a crawl is joined.
   */
  private rowsCrawled: Int32Array | null = null;
  private joinIds: Int32Array | null = null;
  /** Distinct origins and priorities. */
  private readonly words: string[] = [];
  private readonly wordIndex = new Map<string, number>();
  /** The last origin and priority `add` looked up, and their words. */
  private lastOrigin: string | null = null;
  private lastOriginWord = -1;
  private lastPriority: string | null = null;
  private lastPriorityWord = -1;
  /** The few rows whose trimmed loc is not their loc, that have rare facts, lists, derived keys. */
  private readonly exactOf = new Map<Slot, string>();
  private readonly rareOf = new Map<Slot, Rare>();
  private readonly listsOf = new Map<Slot, Lists>();
  private readonly derivedOf = new Map<Slot, Derived>();
  /** Crawl joins rows are listed in, by id, with how many rows each. */
  private readonly joinOf = new Map<number, { join: CrawlJoin; rows: number }>();
  private readonly joinId = new Map<CrawlJoin, number>();
  private nextJoin = 1;

  /**
   * @param expected entries expected. The columns are sized for them and an eighth more: every
   * edit puts its entries in new rows, and growing the columns copies all of them (at 1,000,000
   * rows ~45 MB, in the edit's task), so a load leaves room for the edits that follow it.
   */
  constructor(expected = 0) {
    const n = expected + (expected >> 3) + 1024;
    // Every column a view of one buffer: one new array buffer for V8 to account, not ten. Each
    // buffer a task makes past V8's external-memory limit is a report: the first starts a
    // mark-compact's incremental marking, the next ones in the same task finished it there, with
    // its waits on the GC's helper threads (docs/perf.md, session 19). A column grown later
    // (`growRows`, `put`) is a buffer of its own; `growRows` moves every column, so the first
    // buffer is freed then.
    const buf = new ArrayBuffer(n * (8 + 7 * 4 + 2));
    let at = 0;
    const int = () => {
      const a = new Int32Array(buf, at, n);
      at += n * 4;
      return a;
    };
    this.days = new Float64Array(buf, 0, n);
    at = n * 8;
    this.ids = int();
    this.seqs = int();
    this.seqOf = int();
    this.hashes = int();
    this.sizes = int();
    this.originOf = int();
    this.priorityOf = int();
    this.flags = new Uint8Array(buf, at, n);
    this.scopes = new Uint8Array(buf, at + n, n);
  }

  /**
   * A new row for `entry` (or row `entry` of `source`, whose loc is `loc`) at `seq` with the facts
   * `f` (copied); not in the table until `put`.
   */
  add(entry: Entry | number, seq: number, f: EntryFacts, loc = (entry as Entry).loc): Slot {
    const r = this.rows++;
    if (r >= this.hashes.length) this.growRows(r + 1);
    const k = r >> BLOCK_BITS;
    if (k === this.blocks.length) this.blocks.push(new Array<Entry | number | undefined>(BLOCK));
    this.blocks[k][r & (BLOCK - 1)] = entry;
    this.seqOf[r] = seq;
    this.hashes[r] = f.familyHash;
    this.sizes[r] = f.bytes;
    this.days[r] = f.day === null ? NO_DAY : f.day;
    // Entries mostly repeat the previous entry's origin and priority: no look-up for those.
    const o = f.origin;
    if (o !== this.lastOrigin) {
      this.lastOrigin = o;
      this.lastOriginWord = this.word(o);
    }
    this.originOf[r] = this.lastOriginWord;
    const p = f.priority;
    if (p !== this.lastPriority) {
      this.lastPriority = p;
      this.lastPriorityWord = this.word(p);
    }
    this.priorityOf[r] = this.lastPriorityWord;
    let b =
      (f.dateOnly ? DATE_ONLY : 0) |
      (f.hasChangefreq ? HAS_CHANGEFREQ : 0) |
      (f.hasPriority ? HAS_PRIORITY : 0);
    if (f.exact === loc) b |= EXACT_IS_LOC;
    else this.exactOf.set(r as Slot, f.exact);
    if (f.newsCount !== 0 || f.newsName !== null || f.offHostImages !== 0 || f.href !== null) {
      b |= HAS_RARE;
      this.rareOf.set(r as Slot, {
        newsCount: f.newsCount,
        newsName: f.newsName,
        offHostImages: f.offHostImages,
        href: f.href,
      });
    }
    this.flags[r] = b;
    return r as Slot;
  }

  /** The index of `w` in `words` (-1: null). */
  private word(w: string | null): number {
    if (w === null) return -1;
    let k = this.wordIndex.get(w);
    if (k === undefined) {
      k = this.words.length;
      this.words.push(w);
      this.wordIndex.set(w, k);
    }
    return k;
  }

  private growRows(need: number): void {
    const n = Math.max(need, Math.ceil(this.hashes.length * 1.5));
    // `ids` and `seqs` may still be views of the constructor's one buffer: copied too, so that
    // buffer is freed with the columns below.
    this.ids = this.ids.slice();
    this.seqs = this.seqs.slice();
    const int = (a: Int32Array) => {
      const next = new Int32Array(n);
      next.set(a);
      return next;
    };
    this.seqOf = int(this.seqOf);
    this.hashes = int(this.hashes);
    this.sizes = int(this.sizes);
    this.originOf = int(this.originOf);
    this.priorityOf = int(this.priorityOf);
    if (this.rowsCrawled !== null) this.rowsCrawled = int(this.rowsCrawled);
    if (this.joinIds !== null) this.joinIds = int(this.joinIds);
    const days = new Float64Array(n);
    days.set(this.days);
    this.days = days;
    const flags = new Uint8Array(n);
    flags.set(this.flags);
    this.flags = flags;
    const scopes = new Uint8Array(n);
    scopes.set(this.scopes);
    this.scopes = scopes;
  }

  /** Puts a slot in the table (by its entry's id and its seq). */
  put(slot: Slot): void {
    const id = this.entryId(slot);
    const seq = this.seqOf[slot];
    if (id >= this.ids.length) this.ids = grownInt(this.ids, id + 1);
    if (seq >= this.seqs.length) this.seqs = grownInt(this.seqs, seq + 1);
    this.ids[id] = slot + 1;
    this.seqs[seq] = slot + 1;
  }

  /** Takes a slot out of the table, with its issues (its facts stay readable until `free`). */
  take(slot: Slot): void {
    for (const w of LISTS)
      if (w === 'scope') this.setScope(slot, 0);
      else if (this.list(slot, w).length > 0) this.setList(slot, w, EMPTY);
    const id = this.entryId(slot);
    if (this.ids[id] === slot + 1) this.ids[id] = 0;
    const seq = this.seqOf[slot];
    if (this.seqs[seq] === slot + 1) this.seqs[seq] = 0;
  }

  /** Forgets the rows of slots taken out, once every part has followed the edit (their references go). */
  free(slots: readonly Slot[]): void {
    for (const s of slots) {
      this.blocks[s >> BLOCK_BITS][s & (BLOCK - 1)] = undefined;
      this.exactOf.delete(s);
      this.rareOf.delete(s);
      this.listsOf.delete(s);
      this.derivedOf.delete(s);
      this.flags[s] &= ~(HAS_LISTS | HAS_RARE);
    }
  }

  /** The slot of an entry id, or undefined. */
  ofId(id: number): Slot | undefined {
    const r = id >= 0 && id < this.ids.length ? this.ids[id] - 1 : -1;
    return r < 0 ? undefined : (r as Slot);
  }

  /** The slot at `seq` (document order), or undefined (removed entries leave holes); seqs run below `seq`. */
  atSeq(q: number): Slot | undefined {
    const r = q < this.seqs.length ? this.seqs[q] - 1 : -1;
    return r < 0 ? undefined : (r as Slot);
  }

  /** The slot's entry (made, if it is a row of `source` not read yet). */
  entry(s: Slot): Entry {
    const v = this.blocks[s >> BLOCK_BITS][s & (BLOCK - 1)]!;
    return typeof v === 'number' ? this.source!.entry(v) : v;
  }
  /**
   * The slot's entry to read and drop (a row of `source` not read yet is made and not kept): for
   * checks and messages that keep nothing of it, so a load keeps no entry.
   */
  peek(s: Slot): Entry {
    const v = this.blocks[s >> BLOCK_BITS][s & (BLOCK - 1)]!;
    return typeof v === 'number' ? this.source!.peek(v) : v;
  }
  /** What the slot holds: its entry, or its row in `source` while not made (nothing made). */
  value(s: Slot): Entry | number {
    return this.blocks[s >> BLOCK_BITS][s & (BLOCK - 1)]!;
  }
  /** The slot's entry id (no entry made). */
  entryId(s: Slot): number {
    const v = this.blocks[s >> BLOCK_BITS][s & (BLOCK - 1)]!;
    return typeof v === 'number' ? this.source!.id(v) : v.id;
  }
  /** The slot's loc (no entry made). */
  loc(s: Slot): string {
    const v = this.blocks[s >> BLOCK_BITS][s & (BLOCK - 1)]!;
    return typeof v === 'number' ? this.source!.loc(v) : v.loc;
  }
  /** Document order (as loaded; an edited entry keeps its seq). */
  seqAt(s: Slot): number {
    return this.seqOf[s];
  }
  /** `EntryFacts.exact`: the trimmed loc. */
  exact(s: Slot): string {
    return (this.flags[s] & EXACT_IS_LOC) !== 0 ? this.loc(s) : this.exactOf.get(s)!;
  }
  familyHash(s: Slot): number {
    return this.hashes[s];
  }
  /**
   * The family hash and seq columns by row (rows `0 … rows − 1` are made): a load that files
   * every row in row order indexes them as they are (`DuplicateGroups.filedSteps`), no copy.
   * Read-only for the caller, and only until the next row is added.
   */
  rowColumns(): { hashes: Int32Array; seqs: Int32Array; rows: number } {
    return { hashes: this.hashes, seqs: this.seqOf, rows: this.rows };
  }
  origin(s: Slot): string | null {
    const k = this.originOf[s];
    return k < 0 ? null : this.words[k];
  }
  href(s: Slot): HreflangFacts | null {
    return (this.flags[s] & HAS_RARE) === 0 ? null : this.rareOf.get(s)!.href;
  }
  /** Keys of the entry computed on demand (host checks, duplicate groups). */
  derived(s: Slot): Derived {
    let d = this.derivedOf.get(s);
    if (d === undefined) {
      d = {};
      this.derivedOf.set(s, d);
    }
    return d;
  }

  /** The keys computed on demand so far, if any (nothing made). */
  derivedIfAny(s: Slot): Derived | undefined {
    return this.derivedOf.get(s);
  }

  /** The slot's facts, written into `into` (every field). */
  facts(s: Slot, into: EntryFacts): EntryFacts {
    const day = this.days[s];
    const b = this.flags[s];
    const rare = (b & HAS_RARE) === 0 ? undefined : this.rareOf.get(s);
    const p = this.priorityOf[s];
    into.exact = this.exact(s);
    into.familyHash = this.hashes[s];
    into.origin = this.origin(s);
    into.day = Number.isNaN(day) ? null : day;
    into.dateOnly = (b & DATE_ONLY) !== 0;
    into.priority = p < 0 ? null : this.words[p];
    into.hasChangefreq = (b & HAS_CHANGEFREQ) !== 0;
    into.hasPriority = (b & HAS_PRIORITY) !== 0;
    into.bytes = this.sizes[s];
    into.newsCount = rare?.newsCount ?? 0;
    into.newsName = rare?.newsName ?? null;
    into.offHostImages = rare?.offHostImages ?? 0;
    into.href = rare?.href ?? null;
    return into;
  }

  /** Crawl row this entry lists (-1: not crawled or no crawl attached). */
  crawlRow(s: Slot): number {
    return this.rowsCrawled === null ? -1 : this.rowsCrawled[s] - 1;
  }
  /** The join this entry was joined with (null: none yet). */
  joined(s: Slot): CrawlJoin | null {
    const id = this.joinIds === null ? 0 : this.joinIds[s];
    return id === 0 ? null : this.joinOf.get(id)!.join;
  }
  /**
   * `crawlRow` of every entry of a document while listed in `join` (-1: none, or listed in
   * another join), by row index: `at` maps entry id → row index (core `idIndexOf`), `n` rows.
   * One pass of typed reads (the view's crawl filter and sort at 1,000,000 rows), no entry
   * object read and no join compare per entry. `out` (n rows, filled with -1) and the ids
   * `[from, to)`: one part of the pass, for a caller that spreads it over several tasks.
   */
  crawlRowsIn(
    at: Int32Array,
    n: number,
    join: CrawlJoin,
    out = new Int32Array(n).fill(-1),
    from = 0,
    to = Number.MAX_SAFE_INTEGER,
  ): Int32Array {
    const want = this.joinId.get(join) ?? 0;
    const joinIds = this.joinIds;
    const rows = this.rowsCrawled;
    if (want === 0 || joinIds === null || rows === null) return out;
    const slots = this.ids;
    const end = Math.min(at.length, slots.length, to);
    for (let id = from; id < end; id++) {
      const i = at[id];
      const s = slots[id] - 1;
      if (i >= 0 && i < n && s >= 0 && joinIds[s] === want) out[i] = rows[s] - 1;
    }
    return out;
  }
  /** Notes the join a slot is listed in (null: none) and the crawl row it lists. */
  setJoined(s: Slot, join: CrawlJoin | null, row: number): void {
    if (this.joinIds === null || this.rowsCrawled === null) {
      if (join === null && row === -1) return;
      this.joinIds = new Int32Array(this.hashes.length);
      this.rowsCrawled = new Int32Array(this.hashes.length);
    }
    const was = this.joinIds[s];
    let id = 0;
    if (join !== null) {
      id = this.joinId.get(join) ?? 0;
      if (id === 0) {
        id = this.nextJoin++;
        this.joinId.set(join, id);
        this.joinOf.set(id, { join, rows: 0 });
      }
    }
    if (was !== id) {
      if (id !== 0) this.joinOf.get(id)!.rows++;
      if (was !== 0) {
        const old = this.joinOf.get(was)!;
        // A join no row is listed in any more is forgotten (the table holds no crawl it left).
        if (--old.rows === 0) {
          this.joinOf.delete(was);
          this.joinId.delete(old.join);
        }
      }
      this.joinIds[s] = id;
    }
    this.rowsCrawled[s] = row + 1;
  }

  /** One list of a slot (EMPTY when none; the scope list's issue made on read). */
  list(s: Slot, which: AnyListName): Issue[] {
    if (which === 'scope') {
      const c = this.scopes[s];
      return c === 0 ? EMPTY : [this.scopeSource!.scopeIssue(s, c)];
    }
    return (this.flags[s] & HAS_LISTS) === 0 ? EMPTY : this.listsOf.get(s)![which];
  }

  /** The scope finding code of a slot (0: none). */
  scope(s: Slot): number {
    return this.scopes[s];
  }

  /**
   * Sets the scope finding of a slot, keeping the totals: `code` is a `SCOPE_FINDINGS` index with
   * the number of the reference it was found against `SCOPE_GEN_SHIFT` bits up (0: none). Its
   * issue is made when read, by `scopeSource`.
   */
  setScope(s: Slot, code: number): void {
    const was = this.scopes[s];
    if (was === code) return;
    if (was !== 0) {
      const f = SCOPE_FINDINGS[was & SCOPE_KIND]!;
      this.countRule(f.rule, f.severity, -1);
      this.scopeGenRows[was >> SCOPE_GEN_SHIFT]--;
    }
    if (code !== 0) {
      const f = SCOPE_FINDINGS[code & SCOPE_KIND]!;
      this.countRule(f.rule, f.severity, 1);
      this.scopeGenRows[code >> SCOPE_GEN_SHIFT]++;
    }
    this.scopes[s] = code;
  }

  /** Rows whose scope code names reference number `gen`. */
  scopeRows(gen: number): number {
    return this.scopeGenRows[gen];
  }

  /** Sets a withheld list of a slot (`quiet`, `quietParse`; not counted in the totals). */
  setQuiet(s: Slot, which: 'quiet' | 'quietParse', v: Issue[]): void {
    const x = this.listsFor(s, v);
    if (x !== undefined) x[which] = v;
  }

  /** The lists object, made for a non-empty list (undefined: no list to write, every one stays EMPTY). */
  private listsFor(s: Slot, v: Issue[]): Lists | undefined {
    if ((this.flags[s] & HAS_LISTS) !== 0) return this.listsOf.get(s);
    if (v.length === 0) return undefined;
    const x = new Lists();
    this.listsOf.set(s, x);
    this.flags[s] |= HAS_LISTS;
    return x;
  }

  /** True when the slot has an issue in any list. */
  hasIssues(s: Slot): boolean {
    if (this.scopes[s] !== 0) return true;
    if ((this.flags[s] & HAS_LISTS) === 0) return false;
    const x = this.listsOf.get(s)!;
    return x.parse.length + x.local.length + x.dup.length + x.cluster.length + x.crawl.length > 0;
  }

  /** True when the slot has an issue of `rule` in any list (no issue made). */
  hasRule(s: Slot, rule: string): boolean {
    const c = this.scopes[s];
    if (c !== 0 && SCOPE_FINDINGS[c & SCOPE_KIND]!.rule === rule) return true;
    if ((this.flags[s] & HAS_LISTS) === 0) return false;
    const x = this.listsOf.get(s)!;
    return (
      ruleIn(x.parse, rule) ||
      ruleIn(x.local, rule) ||
      ruleIn(x.dup, rule) ||
      ruleIn(x.cluster, rule) ||
      ruleIn(x.crawl, rule)
    );
  }

  /** The worst severity among the slot's issues (no issue made). */
  worst(s: Slot): Severity | undefined {
    const c = this.scopes[s];
    const scope = c === 0 ? undefined : SCOPE_FINDINGS[c & SCOPE_KIND]!.severity;
    if ((this.flags[s] & HAS_LISTS) === 0) return scope;
    const x = this.listsOf.get(s)!;
    return worstIn(x.crawl, worstIn(x.cluster, worstIn(x.dup, worstIn(x.local, worstIn(x.parse, scope)))));
  }

  /** Replaces one issue list of a slot, keeping the totals. */
  setList(slot: Slot, which: StoredList, list: Issue[]): void {
    for (const i of this.list(slot, which)) this.count(i, -1);
    for (const i of list) this.count(i, 1);
    const v = list.length > 0 ? list : EMPTY;
    const x = this.listsFor(slot, v);
    if (x !== undefined) {
      x[which] = v;
      x.cache = null;
    }
  }

  /** Adds (1) or removes (-1) one issue from the totals. */
  count(i: Issue, sign: 1 | -1): void {
    this.countRule(i.rule, i.severity, sign);
    if (this.watch !== null && i.entry !== undefined && isUnloadedNote(i) && this.watch.get(i.entry) === 0)
      this.watchedNotes += sign;
  }

  /**
   * Keeps, from now on, the number of per-file HREF-006 notes held by the entries `notes` maps
   * to 0 (the notes a workspace withdraws, `Validator.setCrossFileNotes`) with the totals: one
   * count over `notes` now, then every list set follows (an edit costs what it changes).
   */
  watchNotes(notes: ReadonlyMap<number, number> | null): void {
    this.watch = notes;
    let n = 0;
    if (notes !== null)
      for (const [id, left] of notes)
        if (left === 0) for (const i of this.issuesOf(id)) if (isUnloadedNote(i)) n++;
    this.watchedNotes = n;
  }

  /** The notes map {@link watchNotes} follows (null: none). */
  get watching(): ReadonlyMap<number, number> | null {
    return this.watch;
  }

  /** The per-file HREF-006 notes held by the entries the watched notes map to 0. */
  get withdrawnNotes(): number {
    return this.watchedNotes;
  }

  private countRule(rule: string, severity: Severity, sign: 1 | -1): void {
    this.sevCount[severity] += sign;
    const cur = this.byRule.get(rule);
    if (cur) {
      cur.count += sign;
      if (cur.count === 0) this.byRule.delete(rule);
    } else if (sign > 0) this.byRule.set(rule, { severity, count: 1 });
  }

  /** Issues of one entry: parse, local, scope, duplicates, cluster, crawl. */
  issuesOf(entryId: number): readonly Issue[] {
    const r = entryId >= 0 && entryId < this.ids.length ? this.ids[entryId] - 1 : -1;
    if (r < 0) return NO_ISSUES;
    const c = this.scopes[r];
    if ((this.flags[r] & HAS_LISTS) === 0)
      return c === 0 ? NO_ISSUES : [this.scopeSource!.scopeIssue(r as Slot, c)];
    const x = this.listsOf.get(r as Slot)!;
    if (c !== 0) {
      // The scope finding's issue is made on read: a new list (the others are kept whole).
      const { parse, local, dup, cluster, crawl } = x;
      return [...parse, ...local, this.scopeSource!.scopeIssue(r as Slot, c), ...dup, ...cluster, ...crawl];
    }
    if (x.cache === null) {
      // Fields read directly (this runs for every row the grid paints and every issue listed).
      const { parse, local, dup, cluster, crawl } = x;
      const n = parse.length + local.length + dup.length + cluster.length + crawl.length;
      // One non-empty list is the whole answer (lists are replaced, never mutated).
      if (n === local.length) x.cache = local;
      else if (n === dup.length) x.cache = dup;
      else if (n === parse.length) x.cache = parse;
      else if (n === cluster.length) x.cache = cluster;
      else if (n === crawl.length) x.cache = crawl;
      else x.cache = [...parse, ...local, ...dup, ...cluster, ...crawl];
    }
    return x.cache;
  }
}

/** True when `list` holds an issue of `rule`. */
function ruleIn(list: readonly Issue[], rule: string): boolean {
  for (let k = 0; k < list.length; k++) if (list[k].rule === rule) return true;
  return false;
}

/** The worse of `worst` and the severities in `list`. */
function worstIn(list: readonly Issue[], worst: Severity | undefined): Severity | undefined {
  for (let k = 0; k < list.length; k++)
    if (severityRank(list[k].severity) > severityRank(worst)) worst = list[k].severity;
  return worst;
}
