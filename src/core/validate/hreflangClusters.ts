/**
 * Validator part: hreflang clusters (HREF-006 and the other rules of `clusterIssues`). Slots are
 * filed under the family hash of every href they list (self links left out); the pages an href
 * names are found through `DuplicateGroups.firstWithLoc`. An edit re-checks the changed entries,
 * the entries listing them, the entries they list and the entries sharing their loc.
 */
import type { Issue } from '../model.ts';
import { familyHash } from '../rules/duplicates.ts';
import { HashIndex, PairBuffer, reserveSteps } from '../rules/hashIndex.ts';
import { type ClusterIndex, clusterIssues } from '../rules/hreflangCluster.ts';
import { runSteps } from '../steps.ts';
import { scanUrl, trimValue } from '../urls.ts';
import { type DuplicateGroups, SCAN_LIMIT } from './duplicateGroups.ts';
import { EMPTY, type Slot, type SlotChange, type SlotTable, type ValidatorPart } from './slots.ts';

const NO_IDS: readonly number[] = [];

/** The href index and the `cluster` issue list of every slot; follows `DuplicateGroups` in `apply`. */
export class HreflangClusters implements ValidatorPart {
  /** Seqs of the entries listing an hreflang href, filed under the href's family hash (self links left out). */
  private readonly listers: HashIndex;
  /** For hashes filed more than `SCAN_LIMIT` times, per `hash loc`: `listersOf` answers. */
  private readonly listerCache = new Map<string, readonly number[]>();
  private readonly cands: number[] = [];
  private readonly index: ClusterIndex;
  /** Load: the (href hash, seq) pairs filed so far, indexed in bulk by `filed` (see `HashIndex.addAll`). */
  private loading: PairBuffer | null;

  /** @param expected hrefs expected (sizes the index). */
  constructor(
    private readonly table: SlotTable,
    private readonly dups: DuplicateGroups,
    expected = 0,
  ) {
    // Sized when the load files its pairs (`filedSteps`), as the duplicate index.
    this.listers = new HashIndex();
    this.loading = new PairBuffer(expected);
    const t = table;
    this.index = {
      locOf: (href, hash) => {
        const s = dups.firstWithLoc(href, hash);
        return s === undefined ? undefined : t.entryId(s);
      },
      anyAt: (hash) => dups.anyAt(hash),
      listersOf: (loc, hash) => this.listersOf(loc, hash),
      lists: (id, loc) => {
        const s = t.ofId(id);
        return s !== undefined && listsHref(t, s, loc);
      },
      hashOf: (id) => {
        const s = t.ofId(id);
        return s === undefined ? 0 : t.familyHash(s);
      },
      order: (id) => {
        const s = t.ofId(id);
        return s === undefined ? Number.MAX_SAFE_INTEGER : t.seqAt(s);
      },
      entry: (id) => {
        const s = t.ofId(id);
        return s === undefined ? undefined : t.peek(s);
      },
      hreflang: (id) => {
        const s = t.ofId(id);
        return s === undefined ? null : t.href(s);
      },
    };
  }

  /** Load: notes the slot's hrefs; the index takes them all at once in `filed`. */
  file(slot: Slot): void {
    const l = this.loading;
    if (l === null) {
      this.fileNow(slot);
      return;
    }
    const t = this.table;
    const href = t.href(slot);
    if (!href) return;
    const exact = t.exact(slot);
    const seq = t.seqAt(slot);
    for (let k = 0; k < href.hrefs.length; k++) {
      if (href.hrefs[k] === exact) continue;
      l.push(href.hashes[k], seq);
    }
  }

  filed(): void {
    runSteps(this.filedSteps());
  }

  /** `filed` in steps of bounded work (see `HashIndex.addAllSteps`). */
  *filedSteps(): Generator<number | void, void> {
    const l = this.loading;
    if (l === null) return;
    this.loading = null;
    yield* reserveSteps(this.listers, l.n);
    yield* l.fileSteps(this.listers);
  }

  /** Files one slot's hrefs in the index at once (an edit, or a load already filed). */
  private fileNow(slot: Slot): void {
    const t = this.table;
    const href = t.href(slot);
    if (!href) return;
    if (this.listerCache.size > 0) this.listerCache.clear();
    const exact = t.exact(slot);
    for (let k = 0; k < href.hrefs.length; k++)
      if (href.hrefs[k] !== exact) this.listers.add(href.hashes[k], t.seqAt(slot));
  }

  check(slot: Slot): void {
    // No hreflang anywhere: nothing to check (the checks below would agree).
    const t = this.table;
    const had = t.list(slot, 'cluster').length > 0;
    const href = t.href(slot);
    if (!had && !href && this.listers.size === 0) return;
    const listed = !href && this.isListed(slot);
    if (!href && !listed) {
      if (had) t.setList(slot, 'cluster', EMPTY);
      return;
    }
    const out: Issue[] = [];
    clusterIssues(t.peek(slot), this.index, out);
    if (out.length > 0 || had) t.setList(slot, 'cluster', out);
  }

  apply(change: SlotChange): void {
    this.filed();
    // No href filed and none coming or going: no entry's cluster can change.
    const t = this.table;
    const hasHref = (s: Slot) => t.href(s) !== null;
    if (this.listers.size === 0 && !change.out.some(hasHref) && !change.in.some(hasHref)) return;
    const touched = new Set<number>();
    for (const s of change.out) this.neighboursInto(s, touched);
    for (const s of change.out) this.unfile(s);
    for (const s of change.in) this.fileNow(s);
    for (const s of change.in) this.neighboursInto(s, touched);
    for (const id of touched) {
      const s = t.ofId(id);
      if (s !== undefined) this.check(s);
    }
  }

  settle(): void {
    this.listerCache.clear();
  }

  /** Hrefs filed (sizes nothing; 0 means no entry lists an alternate). */
  get size(): number {
    return this.listers.size;
  }

  private unfile(slot: Slot): void {
    const t = this.table;
    const href = t.href(slot);
    if (!href) return;
    if (this.listerCache.size > 0) this.listerCache.clear();
    const exact = t.exact(slot);
    for (let k = 0; k < href.hrefs.length; k++)
      if (href.hrefs[k] !== exact) this.listers.remove(href.hashes[k], t.seqAt(slot));
  }

  /** Ids whose cluster issues may change when `s` comes or goes. */
  private neighboursInto(s: Slot, into: Set<number>): void {
    const t = this.table;
    const entry = t.peek(s);
    into.add(entry.id);
    this.dups.membersInto(t.familyHash(s), into);
    for (const id of this.listersOf(t.exact(s), t.familyHash(s))) into.add(id);
    for (const a of entry.alternates ?? []) {
      if (!a.href) continue;
      const href = trimValue(a.href);
      this.dups.exactInto(href, familyHash(href, scanUrl(href)), into);
    }
  }

  /** Ids of the entries listing `loc` (`hash`: its family hash), each once. */
  private listersOf(loc: string, hash: number): readonly number[] {
    if (this.listers.size === 0) return NO_IDS;
    if (this.listers.count(hash) <= SCAN_LIMIT) return this.findListers(loc, hash);
    const key = `${hash} ${loc}`;
    let ids = this.listerCache.get(key);
    if (ids === undefined) {
      ids = this.findListers(loc, hash);
      this.listerCache.set(key, ids);
    }
    return ids;
  }

  private findListers(loc: string, hash: number): readonly number[] {
    const cands = this.listers.slots(hash, this.cands);
    if (cands.length === 0) return NO_IDS;
    const out: number[] = [];
    const seen = cands.length > SCAN_LIMIT ? new Set<number>() : undefined;
    const t = this.table;
    for (const q of cands) {
      const s = t.atSeq(q);
      if (s === undefined || !listsHref(t, s, loc)) continue;
      const id = t.entryId(s);
      if (seen === undefined ? out.includes(id) : seen.has(id)) continue;
      seen?.add(id);
      out.push(id);
    }
    if (cands.length > 0) cands.length = 0;
    return out;
  }

  /** True when some entry lists this slot's loc as an hreflang href. */
  private isListed(slot: Slot): boolean {
    const hash = this.table.familyHash(slot);
    if (this.listers.size === 0 || this.listers.count(hash) === 0) return false;
    return this.listersOf(this.table.exact(slot), hash).length > 0;
  }
}

/** True when an entry lists `loc` as an hreflang href and `loc` is not its own loc. */
function listsHref(t: SlotTable, s: Slot, loc: string): boolean {
  const href = t.href(s);
  return href !== null && t.exact(s) !== loc && href.hrefs.includes(loc);
}
