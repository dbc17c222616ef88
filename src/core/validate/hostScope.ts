/**
 * Validator part: host scope (HOST/IDX rules) against the reference origin, which is the publish
 * URL of the settings or else the origin most entries use (read off `DocumentCounts`). Entries
 * coming in are checked; when the reference itself moves, every entry is checked again.
 */
import type { Issue, SitemapDocument, ValidationSettings } from '../model.ts';
import type { DocCounters } from '../rules/documentRules.ts';
import {
  type Reference,
  referenceFromOrigin,
  referenceFromSettings,
  reportScope,
  scopeCode,
  surelyInScope,
} from '../rules/host.ts';
import { scanUrl, type UrlParts } from '../urls.ts';
import {
  SCOPE_GEN_SHIFT,
  SCOPE_GENS,
  type ScopeSource,
  type Slot,
  type SlotChange,
  type SlotTable,
  type ValidatorPart,
} from './slots.ts';

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

/** The slot's scanned loc, cached or scanned now without caching (a scope check of every row keeps nothing per row). */
function scannedOf(t: SlotTable, s: Slot): UrlParts | null {
  const parts = t.derivedIfAny(s)?.parts;
  if (parts !== undefined) return parts;
  return t.origin(s) === null ? null : scanUrl(t.exact(s));
}

/** What the scope findings of one reference number were found against. */
interface Found {
  ref: Reference | null;
  settings: ValidationSettings;
}

/** Scope issues made on read that are kept (the grid's rows, the Fix all outlook's first rows). */
const MADE_MAX = 8192;

/**
 * Scope issues of every slot; the part must follow `DocumentCounts` (it reads the leading origin).
 *
 * The findings are codes in the table's scope column (`SlotTable.setScope`): the finding
 * (`SCOPE_FINDINGS`) and the number of the reference it was found against (`found`), and the
 * issue is made from those when read (`scopeIssue`), as `checkHost` would make it. A re-check
 * under new settings then writes a byte per row, not an issue, a message and a list.
 */
export class HostScope implements ValidatorPart, ScopeSource {
  private refKey = '';
  private current: ScopeReference = { ref: null, key: '', inferred: null };
  /** The last origin found surely in scope of `current` (entries mostly repeat one origin). */
  private inScope: string | null = null;
  /** By reference number: what the codes naming it were found against. */
  private readonly found: Array<Found | null> = new Array(SCOPE_GENS).fill(null);
  /** The number of `current` under `settings`. */
  private gen = 0;
  /** Issues made on read, by slot, with the code they were made for (at most `MADE_MAX`). */
  private readonly made = new Map<Slot, { code: number; issue: Issue }>();

  constructor(
    private readonly table: SlotTable,
    private readonly counters: DocCounters,
    private readonly kind: SitemapDocument['kind'],
    private settings: ValidationSettings,
  ) {
    table.scopeSource = this;
  }

  file(): void {}

  filed(): void {
    this.current = this.reference();
    this.refKey = this.current.key;
    this.inScope = null;
    this.setFound(this.gen);
  }

  check(slot: Slot): void {
    const f = this.findingOf(slot, this.current, this.settings);
    this.table.setScope(slot, f === 0 ? 0 : f | (this.gen << SCOPE_GEN_SHIFT));
  }

  /** The issue of scope code `code` of `slot` (`ScopeSource`): made as `checkHost` makes it, kept for a while. */
  scopeIssue(slot: Slot, code: number): Issue {
    const kept = this.made.get(slot);
    if (kept !== undefined && kept.code === code) return kept.issue;
    const t = this.table;
    const f = this.found[code >> SCOPE_GEN_SHIFT]!;
    const out: Issue[] = [];
    const ctx = { entry: t.peek(slot), kind: this.kind, settings: f.settings, out };
    reportScope(ctx, scannedOf(t, slot)!, f.ref!, code & ((1 << SCOPE_GEN_SHIFT) - 1));
    if (this.made.size >= MADE_MAX) this.made.clear();
    this.made.set(slot, { code, issue: out[0] });
    return out[0];
  }

  /** Notes that reference number `gen` stands for `current` under `settings` (issues made before for it are stale). */
  private setFound(gen: number): void {
    this.gen = gen;
    this.found[gen] = { ref: this.current.ref, settings: this.settings };
    this.made.clear();
  }

  /** The scope finding of `slot` against `r` under `settings` (a `SCOPE_FINDINGS` index, 0: none). */
  private findingOf(slot: Slot, r: ScopeReference, settings: ValidationSettings): number {
    const origin = this.table.origin(slot);
    if (r.ref && origin !== null && origin !== r.inferred && origin !== this.inScope) {
      if (surelyInScope(origin, this.kind, r.ref)) this.inScope = origin;
      else {
        const t = this.table;
        return scopeCode(this.kind, scannedOf(t, slot)!, t.loc(slot), r.ref, settings.crossSubmission);
      }
    }
    return 0;
  }

  /**
   * A reference number no row's code names, but `gen`; when every one is in use (re-checks stopped
   * halfway, over and over), the rows on other numbers are checked again under `current` first.
   */
  private freeGen(): number {
    const t = this.table;
    for (let g = 0; g < SCOPE_GENS; g++) if (g !== this.gen && t.scopeRows(g) === 0) return g;
    for (let q = 0; q < t.seq; q++) {
      const slot = t.atSeq(q);
      if (slot === undefined) continue;
      const code = t.scope(slot);
      if (code !== 0 && code >> SCOPE_GEN_SHIFT !== this.gen) this.check(slot);
    }
    return (this.gen + 1) % SCOPE_GENS;
  }

  /**
   * A change of the settings that moves only the scope (publish URL, cross-submission), in steps
   * of `chunk` slots (yields the slots done, of `2 × bySeq.length`): first the scope findings of
   * every slot under `settings` are found, changing nothing (reads and edits between the steps see
   * the held settings' findings), then they are put in place, `settings` taking over. Slots an
   * edit replaced meanwhile are checked again there. Run to the end, the findings are those a
   * load under `settings` gives. Nothing is kept per slot but a byte (the finding) and the row.
   */
  *rescopeSteps(settings: ValidationSettings, chunk: number): Generator<number, void> {
    const t = this.table;
    const seen = t.seq;
    const ref = this.reference(settings);
    // The row found at each seq (-1: none) and its finding under `settings`.
    const slots = new Int32Array(seen);
    const found = new Uint8Array(seen);
    this.inScope = null;
    for (let q = 0; q < seen; q++) {
      const slot = t.atSeq(q);
      slots[q] = slot === undefined ? -1 : slot;
      if (slot !== undefined) found[q] = this.findingOf(slot, ref, settings);
      if ((q + 1) % chunk === 0) {
        yield q + 1;
        // Edits keep `inScope` for the held reference: start the cache afresh.
        this.inScope = null;
      }
    }
    yield seen;
    // Put in place: from here edits check under `settings` (the inferred reference may have moved
    // meanwhile: then every slot is checked again here). Rows not yet put in place keep the
    // number of the reference their codes were found against.
    const gen = this.freeGen();
    this.settings = settings;
    this.current = this.reference();
    this.refKey = this.current.key;
    this.inScope = null;
    this.setFound(gen);
    const bits = gen << SCOPE_GEN_SHIFT;
    for (let q = 0; q < t.seq; q++) {
      const slot = t.atSeq(q);
      if (slot !== undefined) {
        // An edit between these steps may move the inferred reference too (`apply` then checks
        // every slot again, and the findings under `ref` no longer hold).
        if (this.refKey === ref.key && q < seen && slots[q] === slot) {
          const f = found[q];
          t.setScope(slot, f === 0 ? 0 : f | bits);
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
      // Every row is checked again now: its number can stand for the new reference at once.
      this.setFound(this.gen);
      for (let q = 0; q < t.seq; q++) {
        const slot = t.atSeq(q);
        if (slot !== undefined) this.check(slot);
      }
    } else for (const slot of change.in) if (t.ofId(t.entryId(slot)) === slot) this.check(slot);
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
