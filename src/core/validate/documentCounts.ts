/**
 * Validator part: the document's running counters (entries, bytes, dates, origins, news names…)
 * behind the document-level rules and the inferred host reference. Each slot's facts are added
 * when it comes in and subtracted when it goes out.
 */
import { DocCounters } from '../rules/documentRules.ts';
import type { EntryFacts } from '../rules/entry.ts';
import type { Slot, SlotChange, SlotTable, ValidatorPart } from './slots.ts';

/** Counters over every entry's facts. */
export class DocumentCounts implements ValidatorPart {
  readonly counters = new DocCounters();
  /** The facts of the slot being counted (read from the table's columns). */
  private readonly facts = {} as EntryFacts;

  constructor(private readonly table: SlotTable) {}

  /** Counts a new slot; `f`: its facts when the caller has them in hand (a load: see `State.file`), else read back from the table. */
  file(slot: Slot, f: EntryFacts = this.table.facts(slot, this.facts)): void {
    this.counters.apply(f, 1);
  }

  check(): void {}

  apply(change: SlotChange): void {
    for (const s of change.out) this.counters.apply(this.table.facts(s, this.facts), -1);
    for (const s of change.in) this.counters.apply(this.table.facts(s, this.facts), 1);
  }
}
