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
import type { Slot, SlotChange, SlotTable, ValidatorPart } from './slots.ts';

/** What host checks compare against. */
export interface ScopeReference {
  ref: Reference | null;
  /** `set:<url>`, `inferred:<origin>` or '' (no reference). */
  key: string;
  /** The inferred origin (its entries need no host check), null when the reference is set or absent. */
  inferred: string | null;
}

/** The slot's scanned loc (cached on the slot). */
export function partsOf(s: Slot): UrlParts | null {
  if (s.derived === undefined) s.derived = {};
  const d = s.derived;
  if (d.parts === undefined) d.parts = s.origin === null ? null : scanUrl(s.exact);
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
    private readonly settings: ValidationSettings,
  ) {}

  file(): void {}

  filed(): void {
    this.current = this.reference();
    this.refKey = this.current.key;
    this.inScope = null;
  }

  check(slot: Slot): void {
    const r = this.current;
    const out = this.scratch;
    if (out.length > 0) out.length = 0;
    const origin = slot.origin;
    if (r.ref && origin !== null && origin !== r.inferred && origin !== this.inScope) {
      if (surelyInScope(origin, this.kind, r.ref)) this.inScope = origin;
      else {
        const ctx = { entry: slot.entry, kind: this.kind, settings: this.settings, out };
        checkHost(ctx, partsOf(slot)!, r.ref);
      }
    }
    if (out.length > 0 || slot.scope.length > 0) this.table.setList(slot, 'scope', out.slice());
  }

  apply(change: SlotChange): void {
    this.current = this.reference();
    this.inScope = null;
    const all = this.current.key !== this.refKey;
    this.refKey = this.current.key;
    if (all) {
      for (const slot of this.table.bySeq) if (slot !== undefined) this.check(slot);
    } else for (const slot of change.in) if (this.table.byId[slot.entry.id] === slot) this.check(slot);
  }

  /** The host-check reference: the publish URL of the settings, else the leading origin. */
  reference(): ScopeReference {
    let ref = referenceFromSettings(this.settings);
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
