/**
 * Validator part: the document's running counters (entries, bytes, dates, origins, news names…)
 * behind the document-level rules and the inferred host reference. Each slot's facts are added
 * when it comes in and subtracted when it goes out.
 */
import { DocCounters } from '../rules/documentRules.ts';
import type { Slot, SlotChange, ValidatorPart } from './slots.ts';

/** Counters over every entry's facts. */
export class DocumentCounts implements ValidatorPart {
  readonly counters = new DocCounters();

  file(slot: Slot): void {
    this.counters.apply(slot, 1);
  }

  check(): void {}

  apply(change: SlotChange): void {
    for (const s of change.out) this.counters.apply(s, -1);
    for (const s of change.in) this.counters.apply(s, 1);
  }
}
