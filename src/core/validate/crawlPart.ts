/**
 * Validator part: the crawl join (src/core/crawl/join.ts). Every entry is matched with its crawl
 * row once and gets its CRAWL issues; the join counts which crawled pages the sitemap lists (for
 * CRAWL-006). Entries coming in are joined, entries going out are taken out of the join.
 */
import type { CrawlJoin } from '../crawl/join.ts';
import type { CrawlPreset } from '../crawl/match.ts';
import type { Issue } from '../model.ts';
import { crawlIssues } from '../rules/crawl.ts';
import { EMPTY, type Slot, type SlotChange, type SlotTable, type ValidatorPart } from './slots.ts';

/** Joins slots with the attached crawl (none: `join` null). */
export class CrawlPart implements ValidatorPart {
  /** The crawl join entries are listed in (null: no crawl data attached). */
  join: CrawlJoin | null;
  /** Candidate rows the crawl worker found for `join`'s table, while a join uses them. */
  preset: CrawlPreset | null = null;

  constructor(
    private readonly table: SlotTable,
    join: CrawlJoin | null = null,
  ) {
    this.join = join;
  }

  file(slot: Slot): void {
    if (this.join !== null) this.joinSlot(slot, this.join);
  }

  check(): void {}

  apply(change: SlotChange): void {
    for (const s of change.out) if (s.crawlRow >= 0) this.join?.list(s.crawlRow, -1);
    for (const s of change.in) this.file(s);
  }

  /** Joins (or, with null, un-joins) one slot with `join`, unless it already is. */
  attach(slot: Slot, join: CrawlJoin | null): void {
    if (join !== null) {
      if (slot.joined !== join) this.joinSlot(slot, join);
    } else if (slot.crawl.length > 0) this.table.setList(slot, 'crawl', EMPTY);
  }

  /** Takes every entry out of the join (before a reload or another join). */
  release(): void {
    const join = this.join;
    if (join === null) return;
    for (const slot of this.table.bySeq) {
      if (slot === undefined) continue;
      slot.joined = null;
      if (slot.crawlRow < 0) continue;
      join.list(slot.crawlRow, -1);
      slot.crawlRow = -1;
    }
  }

  private joinSlot(slot: Slot, join: CrawlJoin): void {
    slot.joined = join;
    const preset = this.preset?.table === join.table ? this.preset : null;
    const r = preset ? preset.matchRow(join, slot.entry) : join.matchRow(slot.entry.loc);
    const row = r >= -1 ? r : -2 - r;
    slot.crawlRow = row;
    if (row >= 0) join.list(row, 1);
    // Most listed URLs are fine: no match object, no issue list (a 1,000,000-entry join
    // allocates only for the entries with findings).
    if (r >= 0 && join.clean(r) && slot.crawl.length === 0) return;
    const out: Issue[] = [];
    crawlIssues(join, row < 0 ? null : { row, exact: r >= 0 }, slot.entry, out);
    if (out.length > 0 || slot.crawl.length > 0)
      this.table.setList(slot, 'crawl', out.length > 0 ? out : EMPTY);
  }
}
