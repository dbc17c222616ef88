/**
 * Validator part: host scope (HOST/IDX rules) against the reference origin, which is the publish
 * URL of the settings or else the origin most entries use (read off `DocumentCounts`). Entries
 * coming in are checked; when the reference itself moves, every entry is checked again.
 */
import type { Issue, SitemapDocument, ValidationSettings } from '../model.ts';
import type { DocCounters } from '../rules/documentRules.ts';
import {
  checkHost,
  type Reference,
  referenceFromOrigin,
  referenceFromSettings,
  surelyInScope,
} from '../rules/host.ts';
import { scanUrl, type UrlParts } from '../urls.ts';
import { EMPTY, type Slot, type SlotChange, type SlotTable, type ValidatorPart } from './slots.ts';

/** What host checks compare against. */
export interface ScopeReference {
  ref: Reference | null;
  /** `set:<url>`, `inferred:<origin>` or '' (no reference). */
  key: string;
  /** The inferred origin (its entries need no host check), null when the reference is set or absent. */
  inferred: string | null;
}

/** The slot's scanned loc (cached in the table). */
export function partsOf(t: SlotTable, s: Slot): UrlParts | null {
  const d = t.derived(s);
  if (d.parts === undefined) d.parts = t.origin(s) === null ? null : scanUrl(t.exact(s));
  return d.parts;
}

/** Scope issues of every slot; the part must follow `DocumentCounts` (it reads the leading origin). */
export class HostScope implements ValidatorPart {
  private refKey = '';
  private current: ScopeReference = { ref: null, key: '', inferred: null };
  private readonly scratch: Issue[] = [];
  /** The last origin found surely in scope of `current` (entries mostly repeat one origin). */
  private inScope: string | null = null;

  constructor(
    private readonly table: SlotTable,
    private readonly counters: DocCounters,
    private readonly kind: SitemapDocument['kind'],
    private settings: ValidationSettings,
  ) {}

  file(): void {}

  filed(): void {
    this.current = this.reference();
    this.refKey = this.current.key;
    this.inScope = null;
  }

  check(slot: Slot): void {
    const out = this.listOf(slot, this.current, this.settings);
    if (out.length > 0 || this.table.list(slot, 'scope').length > 0)
      this.table.setList(slot, 'scope', out.slice());
  }

  /** The scope issues of `slot` against `r` under `settings`, in `scratch` (copy to keep them). */
  private listOf(slot: Slot, r: ScopeReference, settings: ValidationSettings): Issue[] {
    const out = this.scratch;
    if (out.length > 0) out.length = 0;
    const origin = this.table.origin(slot);
    if (r.ref && origin !== null && origin !== r.inferred && origin !== this.inScope) {
      if (surelyInScope(origin, this.kind, r.ref)) this.inScope = origin;
      else {
        const ctx = { entry: this.table.entry(slot), kind: this.kind, settings, out };
        checkHost(ctx, partsOf(this.table, slot)!, r.ref);
      }
    }
    return out;
  }

  /**
   * A change of the settings that moves only the scope (publish URL, cross-submission), in steps
   * of `chunk` slots (yields the slots done, of `2 × bySeq.length`): first the scope issues of
   * every slot under `settings` are found, changing nothing (reads and edits between the steps see
   * the held settings' findings), then they are put in place, `settings` taking over. Slots an
   * edit replaced meanwhile are checked again there. Run to the end, the lists are those a load
   * under `settings` gives.
   */
  *rescopeSteps(settings: ValidationSettings, chunk: number): Generator<number, void> {
    const t = this.table;
    const seen = t.seq;
    const ref = this.reference(settings);
    const slots: Array<Slot | undefined> = new Array(seen);
    const lists: Issue[][] = new Array(seen);
    this.inScope = null;
    for (let q = 0; q < seen; q++) {
      const slot = t.atSeq(q);
      slots[q] = slot;
      if (slot !== undefined) {
        const out = this.listOf(slot, ref, settings);
        lists[q] = out.length > 0 ? out.slice() : EMPTY;
      }
      if ((q + 1) % chunk === 0) {
        yield q + 1;
        // Edits keep `inScope` for the held reference: start the cache afresh.
        this.inScope = null;
      }
    }
    yield seen;
    // Put in place: from here edits check under `settings` (the inferred reference may have moved
    // meanwhile: then every slot is checked again here).
    this.settings = settings;
    this.current = this.reference();
    this.refKey = this.current.key;
    this.inScope = null;
    for (let q = 0; q < t.seq; q++) {
      const slot = t.atSeq(q);
      if (slot !== undefined) {
        // An edit between these steps may move the inferred reference too (`apply` then checks
        // every slot again, and the lists found under `ref` no longer hold).
        if (this.refKey === ref.key && q < seen && slots[q] === slot) {
          const list = lists[q];
          if (list.length > 0 || t.list(slot, 'scope').length > 0) t.setList(slot, 'scope', list);
        } else this.check(slot);
      }
      if ((q + 1) % chunk === 0) {
        yield seen + q + 1;
        this.inScope = null;
      }
    }
  }

  apply(change: SlotChange): void {
    this.current = this.reference();
    this.inScope = null;
    const all = this.current.key !== this.refKey;
    this.refKey = this.current.key;
    const t = this.table;
    if (all) {
      for (let q = 0; q < t.seq; q++) {
        const slot = t.atSeq(q);
        if (slot !== undefined) this.check(slot);
      }
    } else for (const slot of change.in) if (t.ofId(t.entry(slot).id) === slot) this.check(slot);
  }

  /** The host-check reference: the publish URL of the settings, else the leading origin. */
  reference(settings = this.settings): ScopeReference {
    let ref = referenceFromSettings(settings);
    let key = ref ? `set:${ref.url}` : '';
    if (!ref) {
      const top = this.counters.origins.leader();
      if (top.key !== null) {
        ref = referenceFromOrigin(top.key);
        key = `inferred:${top.key}`;
      }
    }
    return { ref, key, inferred: key.startsWith('inferred:') ? key.slice(9) : null };
  }
}
