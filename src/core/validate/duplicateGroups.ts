/**
 * Validator part: duplicate URLs (LOC-006, LOC-007, LOC-011, IDX-007). Slots are filed under the
 * hash of their duplicate-family key; a family (entries with equal keys) is looked at only when
 * its hash is shared. An edit re-checks the families the changed entries leave and join. Also
 * answers "the first entry whose loc is exactly X" for the hreflang part.
 */
import type { Issue, SitemapDocument } from '../model.ts';
import { whereIs } from '../rules/common.ts';
import { describeDifference, dupIssue, familyOf, normKey, versionOf } from '../rules/duplicates.ts';
import { HashIndex, PairBuffer, RESERVE_APART, reserveSteps } from '../rules/hashIndex.ts';
import { runSteps } from '../steps.ts';
import { scanUrl } from '../urls.ts';
import { partsOf } from './hostScope.ts';
import type { Slot, SlotChange, SlotTable, ValidatorPart } from './slots.ts';

/** One duplicate family (entries with equal family keys) and its lookups, built on demand. */
interface Family {
  /** Members in filing order. */
  members: Slot[];
  /** First member (lowest seq) per exact loc, per normalised loc, per lower-cased normalised loc. */
  exact?: Map<string, Slot>;
  norm?: Map<string, Slot>;
  cased?: Map<string, Slot>;
  /** Per `versionOf` (members with a scanned loc only): the first member, and the first whose scheme or host differs from it. */
  versions?: Map<string, { first: Slot; other: Slot | undefined }>;
}

/** Families larger than this get lookup maps; smaller ones are scanned. */
export const SCAN_LIMIT = 16;

/** The duplicate-family index and the `dup` issue list of every slot. */
export class DuplicateGroups implements ValidatorPart {
  /** Seqs filed under the hash of their duplicate-family key (which also finds exact locs). */
  private readonly families: HashIndex;
  /** By seq: 1 when the entry's family hash has been shared with another entry (0: its family is itself alone). */
  private sharedFamily: Uint8Array;
  /** Families by family hash, then by family key; dropped when the hash's filings change and after each pass. */
  private readonly familyCache = new Map<number, Map<string, Family>>();
  /** For hashes filed more than `SCAN_LIMIT` times, per `hash loc`: `firstWithLoc` answers. */
  private readonly locCache = new Map<string, Slot | undefined>();
  /** Scratch list for hash candidates. */
  private readonly cands: number[] = [];
  /**
   * Load: the slots filed so far, indexed in bulk by `filed`. A load files rows 0, 1, 2, … in
   * order: then their (family hash, seq) pairs are the table's own columns (`rows` counts them;
   * no copy). A slot out of that order (never in the app's loads) copies them into `pairs`.
   */
  private loading: { rows: number; pairs: PairBuffer | null } | null = { rows: 0, pairs: null };

  /** @param expected entries expected (sizes the index). */
  constructor(
    private readonly table: SlotTable,
    private readonly kind: SitemapDocument['kind'],
    expected = 0,
  ) {
    // Sized when the load files its pairs (`filedSteps`): at 1,000,000 entries its arrays are
    // ~56 MB, made in a step of their own at the end of the load instead of with the slot table's.
    this.families = new HashIndex();
    // Sized with the index (`filedSteps`); flags past its end grow it.
    this.sharedFamily = new Uint8Array(expected > RESERVE_APART ? 1024 : expected + 1024);
  }

  /** Load: notes the slot; the index takes every slot at once in `filed` (see `HashIndex.addAll`). */
  file(slot: Slot): void {
    const l = this.loading;
    if (l === null) {
      this.fileNow(slot);
      return;
    }
    if (l.pairs === null && slot === l.rows) {
      l.rows++;
      return;
    }
    if (l.pairs === null) {
      const { hashes, seqs } = this.table.rowColumns();
      l.pairs = new PairBuffer(l.rows + 1024);
      for (let r = 0; r < l.rows; r++) l.pairs.push(hashes[r], seqs[r]);
    }
    l.pairs.push(this.table.familyHash(slot), this.table.seqAt(slot));
  }

  filed(): void {
    runSteps(this.filedSteps());
  }

  /** `filed` in steps of bounded work (see `HashIndex.addAllSteps`). */
  *filedSteps(): Generator<number | void, void> {
    const l = this.loading;
    if (l === null) return;
    this.loading = null;
    const pairs = l.pairs;
    const n = pairs === null ? l.rows : pairs.n;
    const seqs = this.table.seq;
    if (seqs + 1024 > this.sharedFamily.length) {
      yield* reserveSteps(this.families, n, () => {
        this.sharedFamily = new Uint8Array(seqs + 1024);
      });
    } else yield* reserveSteps(this.families, n);
    if (pairs !== null) yield* pairs.fileSteps(this.families);
    else {
      const { hashes, seqs: bySeq } = this.table.rowColumns();
      yield* this.families.addAllSteps(hashes, bySeq, n);
    }
    yield* this.families.forEachSharedSteps((q) => this.flagShared(q));
  }

  /** Files one slot in the index at once (an edit, or a load already filed). */
  private fileNow(slot: Slot): void {
    const hash = this.table.familyHash(slot);
    const seq = this.table.seqAt(slot);
    const before = this.families.add(hash, seq);
    if (this.locCache.size > 0) this.locCache.clear();
    if (before > 0) {
      this.familyCache.delete(hash);
      // The others were flagged when the hash first became shared: flag them only then.
      if (before === 1) this.markShared(hash);
      else this.flagShared(seq);
    }
  }

  check(slot: Slot): void {
    const had = this.table.list(slot, 'dup').length > 0;
    if (!had && this.sharedFamily[this.table.seqAt(slot)] !== 1) return;
    const out: Issue[] = [];
    this.duplicateIssues(slot, out);
    if (out.length > 0 || had) this.table.setList(slot, 'dup', out);
  }

  apply(change: SlotChange): void {
    this.filed();
    const t = this.table;
    const touched = new Set<number>();
    for (const s of change.out) {
      touched.add(t.entryId(s));
      this.membersInto(t.familyHash(s), touched);
    }
    for (const s of change.out) this.unfile(s);
    for (const s of change.in) this.fileNow(s);
    for (const s of change.in) this.membersInto(t.familyHash(s), touched);
    for (const id of touched) {
      const s = t.ofId(id);
      if (s !== undefined) this.check(s);
    }
  }

  settle(): void {
    this.familyCache.clear();
    this.locCache.clear();
  }

  /** True when some family hash is held by more than one entry. */
  get anyShared(): boolean {
    return this.families.sharedHashes > 0;
  }

  /** Adds the ids of the slots filed under `hash` to `into`. */
  membersInto(hash: number, into: Set<number>): void {
    const cands = this.families.slots(hash, this.cands);
    for (const q of cands) {
      const s = this.table.atSeq(q);
      if (s !== undefined) into.add(this.table.entryId(s));
    }
    if (cands.length > 0) cands.length = 0;
  }

  /** Adds the ids of the slots whose trimmed loc is exactly `loc` (`hash`: its family hash) to `into`. */
  exactInto(loc: string, hash: number, into: Set<number>): void {
    const found = this.families.slots(hash, this.cands);
    for (const q of found) {
      const s = this.table.atSeq(q);
      if (s !== undefined && this.table.exact(s) === loc) into.add(this.table.entryId(s));
    }
    if (found.length > 0) found.length = 0;
  }

  /** True when some slot's family hash is `hash`. */
  anyAt(hash: number): boolean {
    return this.families.count(hash) > 0;
  }

  /** The earliest slot (document order) whose trimmed loc is exactly `href` (`hash`: its family hash). */
  firstWithLoc(href: string, hash: number): Slot | undefined {
    if (this.families.count(hash) <= SCAN_LIMIT) return this.findFirstWithLoc(href, hash);
    const key = `${hash} ${href}`;
    if (this.locCache.has(key)) return this.locCache.get(key);
    const found = this.findFirstWithLoc(href, hash);
    this.locCache.set(key, found);
    return found;
  }

  private unfile(slot: Slot): void {
    const hash = this.table.familyHash(slot);
    this.families.remove(hash, this.table.seqAt(slot));
    this.familyCache.delete(hash);
    if (this.locCache.size > 0) this.locCache.clear();
  }

  private findFirstWithLoc(href: string, hash: number): Slot | undefined {
    const cands = this.families.slots(hash, this.cands);
    const t = this.table;
    let best: Slot | undefined;
    for (const q of cands) {
      const s = t.atSeq(q);
      if (s !== undefined && t.exact(s) === href && (best === undefined || q < t.seqAt(best))) best = s;
    }
    if (cands.length > 0) cands.length = 0;
    return best;
  }

  /** The family of `slot` (entries whose family key equals its own, itself included). */
  private familyOfSlot(slot: Slot): Family {
    const t = this.table;
    const hash = t.familyHash(slot);
    if (this.families.count(hash) < 2) return { members: [slot] };
    let byKey = this.familyCache.get(hash);
    if (byKey === undefined) {
      byKey = new Map();
      const cands = this.families.slots(hash, this.cands);
      for (const q of cands) {
        const s = t.atSeq(q);
        if (s === undefined) continue;
        const key = familyKeyOf(t, s);
        const f = byKey.get(key);
        if (f) f.members.push(s);
        else byKey.set(key, { members: [s] });
      }
      if (cands.length > 0) cands.length = 0;
      this.familyCache.set(hash, byKey);
    }
    return byKey.get(familyKeyOf(t, slot)) ?? { members: [slot] };
  }

  /** Flags every entry filed under a family hash that is now held by several entries. */
  private markShared(hash: number): void {
    const cands = this.families.slots(hash, this.cands);
    for (const q of cands) this.flagShared(q);
    if (cands.length > 0) cands.length = 0;
  }

  /** Flags one seq as sharing its family hash. */
  private flagShared(q: number): void {
    if (q >= this.sharedFamily.length) {
      const next = new Uint8Array(Math.max(q + 1, this.sharedFamily.length * 2));
      next.set(this.sharedFamily);
      this.sharedFamily = next;
    }
    this.sharedFamily[q] = 1;
  }

  private duplicateIssues(slot: Slot, out: Issue[]): void {
    const t = this.table;
    if (t.exact(slot) === '' || this.sharedFamily[t.seqAt(slot)] !== 1) return;
    const family = this.familyOfSlot(slot);
    if (family.members.length < 2) return;
    const k = { exact: t.exact(slot), norm: normOf(t, slot) };
    const e = t.peek(slot);
    if (this.kind === 'text' && !k.norm) return;
    const rule = this.kind === 'sitemapindex' ? 'IDX-007' : 'LOC-006';
    const exact = firstExact(t, family, slot);
    if (exact !== slot) {
      out.push(
        dupIssue(
          rule,
          'warning',
          `Duplicate URL: also listed by ${whereIs(t.peek(exact))}. Remove this entry (its images, videos and links can be merged into the first).`,
          e.id,
          e.line,
        ),
      );
      return;
    }
    if (!k.norm) return;
    const norm = firstNorm(t, family, slot);
    if (norm !== slot) {
      const diff = describeDifference(k.exact, t.exact(norm));
      out.push(
        dupIssue(
          rule,
          'warning',
          `Probable duplicate: differs only by ${diff} from ${whereIs(t.peek(norm))}. List the page once, in the form the server answers without a redirect.`,
          e.id,
          e.line,
        ),
      );
      return;
    }
    const cased = firstCased(t, family, slot);
    if (cased !== slot) {
      out.push(
        dupIssue(
          'LOC-011',
          'info',
          `Differs only by the letter case of the path from ${whereIs(t.peek(cased))}; engines fetch URLs literally, so list only the form the server serves.`,
          e.id,
          e.line,
        ),
      );
      return;
    }
    const mine = partsOf(t, slot)!;
    const other = firstVariant(t, family, slot);
    if (other !== undefined) {
      const what = partsOf(t, other)!.scheme !== mine.scheme ? 'http and https' : 'www and the bare domain';
      out.push(
        dupIssue(
          'LOC-007',
          'warning',
          `The same page is also listed as ${whereIs(t.peek(other))} (${what}); list only the canonical version.`,
          e.id,
          e.line,
        ),
      );
    }
  }
}

/** The earliest member (document order) with the same exact loc as `slot` (maybe `slot`). */
function firstExact(t: SlotTable, f: Family, slot: Slot): Slot {
  if (f.members.length <= SCAN_LIMIT) return scanFirst(t, f.members, slot, exactOf);
  f.exact ??= firstBy(t, f.members, exactOf);
  return f.exact.get(t.exact(slot))!;
}

/** The earliest member with the same normalised loc as `slot`. */
function firstNorm(t: SlotTable, f: Family, slot: Slot): Slot {
  if (f.members.length <= SCAN_LIMIT) return scanFirst(t, f.members, slot, normOf);
  f.norm ??= firstBy(t, f.members, normOf);
  return f.norm.get(normOf(t, slot))!;
}

/** The earliest member whose normalised loc equals `slot`'s but for letter case. */
function firstCased(t: SlotTable, f: Family, slot: Slot): Slot {
  if (f.members.length <= SCAN_LIMIT) return scanFirst(t, f.members, slot, casedOf);
  f.cased ??= firstBy(t, f.members, casedOf);
  return f.cased.get(casedOf(t, slot))!;
}

/**
 * The earliest member with `slot`'s `versionOf` but another scheme or (case-blind) host: the
 * version's first member when it differs from `slot` that way, else the first that differs from it.
 */
function firstVariant(t: SlotTable, f: Family, slot: Slot): Slot | undefined {
  f.versions ??= versionsOf(t, f.members);
  const v = f.versions.get(versionOf(normOf(t, slot)));
  if (v === undefined) return undefined;
  return siteOf(t, v.first) !== siteOf(t, slot) ? v.first : v.other;
}

function exactOf(t: SlotTable, s: Slot): string {
  return t.exact(s);
}

function casedOf(t: SlotTable, s: Slot): string {
  return normOf(t, s).toLowerCase();
}

/** Scheme and lower-cased host of a slot with a scanned loc. */
function siteOf(t: SlotTable, s: Slot): string {
  const p = partsOf(t, s)!;
  return `${p.scheme}://${p.host.toLowerCase()}`;
}

/** The earliest member (document order) whose `key` equals `slot`'s; the members contain `slot`. */
function scanFirst(
  t: SlotTable,
  members: readonly Slot[],
  slot: Slot,
  key: (t: SlotTable, s: Slot) => string,
): Slot {
  const want = key(t, slot);
  let best = slot;
  for (const s of members) if (t.seqAt(s) < t.seqAt(best) && key(t, s) === want) best = s;
  return best;
}

/** The earliest member (document order) per value of `key`. */
function firstBy(
  t: SlotTable,
  members: readonly Slot[],
  key: (t: SlotTable, s: Slot) => string,
): Map<string, Slot> {
  const out = new Map<string, Slot>();
  for (const s of members) {
    const k = key(t, s);
    const cur = out.get(k);
    if (cur === undefined || t.seqAt(s) < t.seqAt(cur)) out.set(k, s);
  }
  return out;
}

/** Per `versionOf`: the earliest member with a scanned loc, and the earliest whose site differs from it. */
function versionsOf(
  t: SlotTable,
  members: readonly Slot[],
): Map<string, { first: Slot; other: Slot | undefined }> {
  const out = new Map<string, { first: Slot; other: Slot | undefined }>();
  const sorted = members.filter((s) => partsOf(t, s) !== null).sort((a, b) => t.seqAt(a) - t.seqAt(b));
  for (const s of sorted) {
    const key = versionOf(normOf(t, s));
    const v = out.get(key);
    if (v === undefined) out.set(key, { first: s, other: undefined });
    else if (v.other === undefined && siteOf(t, s) !== siteOf(t, v.first)) v.other = s;
  }
  return out;
}

/** The slot's family key (cached; `scanUrl` based, as `familyHash` files it). */
function familyKeyOf(t: SlotTable, s: Slot): string {
  const d = t.derived(s);
  if (d.family === undefined) {
    const exact = t.exact(s);
    d.family = familyOf(exact, scanUrl(exact));
  }
  return d.family;
}

/** The slot's normalised loc (cached). */
function normOf(t: SlotTable, s: Slot): string {
  const d = t.derived(s);
  if (d.norm === undefined) d.norm = normKey(partsOf(t, s));
  return d.norm;
}
