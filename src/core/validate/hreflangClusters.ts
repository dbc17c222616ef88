/**
 * Validator part: hreflang clusters (HREF-006 and the other rules of `clusterIssues`). Slots are
 * filed under the family hash of every href they list (self links left out); the pages an href
 * names are found through `DuplicateGroups.firstWithLoc`. An edit re-checks the changed entries,
 * the entries listing them, the entries they list and the entries sharing their loc.
 */
import type { Issue } from '../model.ts';
import { familyHash } from '../rules/duplicates.ts';
import type { EntryFacts } from '../rules/entry.ts';
import { HashIndex, PairBuffer } from '../rules/hashIndex.ts';
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
    this.listers = new HashIndex(expected);
    this.loading = new PairBuffer(expected);
    const byId = table.byId;
    this.index = {
      locOf: (href, hash) => dups.firstWithLoc(href, hash)?.entry.id,
      listersOf: (loc, hash) => this.listersOf(loc, hash),
      lists: (id, loc) => {
        const s = byId[id];
        return s !== undefined && listsHref(s, loc);
      },
      hashOf: (id) => byId[id]?.familyHash ?? 0,
      order: (id) => byId[id]?.seq ?? Number.MAX_SAFE_INTEGER,
      entry: (id) => byId[id]?.entry,
      hreflang: (id) => byId[id]?.href ?? null,
    };
  }

  /** Load: notes the slot's hrefs; the index takes them all at once in `filed`. */
  file(slot: Slot): void {
    const l = this.loading;
    if (l === null) {
      this.fileNow(slot);
      return;
    }
    const href = slot.href;
    if (!href) return;
    for (let k = 0; k < href.hrefs.length; k++) {
      if (href.hrefs[k] === slot.exact) continue;
      l.push(href.hashes[k], slot.seq);
    }
  }

  filed(): void {
    runSteps(this.filedSteps());
  }

  /** `filed` in steps of bounded work (see `HashIndex.addAllSteps`). */
  *filedSteps(): Generator<void, void> {
    const l = this.loading;
    if (l === null) return;
    this.loading = null;
    yield* l.fileSteps(this.listers);
  }

  /** Files one slot's hrefs in the index at once (an edit, or a load already filed). */
  private fileNow(slot: Slot): void {
    const href = slot.href;
    if (!href) return;
    if (this.listerCache.size > 0) this.listerCache.clear();
    for (let k = 0; k < href.hrefs.length; k++)
      if (href.hrefs[k] !== slot.exact) this.listers.add(href.hashes[k], slot.seq);
  }

  check(slot: Slot): void {
    // No hreflang anywhere: nothing to check (the checks below would agree).
    if (slot.cluster.length === 0 && !slot.href && this.listers.size === 0) return;
    const listed = !slot.href && this.isListed(slot);
    if (!slot.href && !listed) {
      if (slot.cluster.length > 0) this.table.setList(slot, 'cluster', EMPTY);
      return;
    }
    const out: Issue[] = [];
    clusterIssues(slot.entry, this.index, out);
    if (out.length > 0 || slot.cluster.length > 0) this.table.setList(slot, 'cluster', out);
  }

  apply(change: SlotChange): void {
    this.filed();
    // No href filed and none coming or going: no entry's cluster can change.
    if (this.listers.size === 0 && !change.out.some(hasHref) && !change.in.some(hasHref)) return;
    const touched = new Set<number>();
    for (const s of change.out) this.neighboursInto(s, touched);
    for (const s of change.out) this.unfile(s);
    for (const s of change.in) this.fileNow(s);
    for (const s of change.in) this.neighboursInto(s, touched);
    for (const id of touched) {
      const s = this.table.byId[id];
      if (s) this.check(s);
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
    const href = slot.href;
    if (!href) return;
    if (this.listerCache.size > 0) this.listerCache.clear();
    for (let k = 0; k < href.hrefs.length; k++)
      if (href.hrefs[k] !== slot.exact) this.listers.remove(href.hashes[k], slot.seq);
  }

  /** Ids whose cluster issues may change when `s` comes or goes. */
  private neighboursInto(s: Slot, into: Set<number>): void {
    into.add(s.entry.id);
    this.dups.membersInto(s.familyHash, into);
    for (const id of this.listersOf(s.exact, s.familyHash)) into.add(id);
    for (const a of s.entry.alternates ?? []) {
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
    for (const q of cands) {
      const s = this.table.bySeq[q];
      if (s === undefined || !listsHref(s, loc)) continue;
      const id = s.entry.id;
      if (seen === undefined ? out.includes(id) : seen.has(id)) continue;
      seen?.add(id);
      out.push(id);
    }
    if (cands.length > 0) cands.length = 0;
    return out;
  }

  /** True when some entry lists this slot's loc as an hreflang href. */
  private isListed(slot: Slot): boolean {
    if (this.listers.size === 0 || this.listers.count(slot.familyHash) === 0) return false;
    return this.listersOf(slot.exact, slot.familyHash).length > 0;
  }
}

function hasHref(s: Slot): boolean {
  return s.href !== null;
}

/** True when an entry lists `loc` as an hreflang href and `loc` is not its own loc. */
function listsHref(f: EntryFacts, loc: string): boolean {
  return f.href !== null && f.exact !== loc && f.href.hrefs.includes(loc);
}
