/**
 * Validator part: the crawl join (src/core/crawl/join.ts). Every entry is matched with its crawl
 * row once and gets its CRAWL issues; the join counts which crawled pages the sitemap lists (for
 * CRAWL-006). Entries coming in are joined, entries going out are taken out of the join.
 * A sitemap index's `<sitemap>` rows are sitemaps, not pages: they are not joined (no CRAWL rule,
 * no listing; in a workspace the urlset files carry the audit).
 */
import type { CrawlJoin } from '../crawl/join.ts';
import type { CrawlPreset } from '../crawl/match.ts';
import type { DocumentKind, Issue } from '../model.ts';
import { crawlIssues } from '../rules/crawl.ts';
import { EMPTY, type Slot, type SlotChange, type SlotTable, type ValidatorPart } from './slots.ts';

/** Joins slots with the attached crawl (none: `join` null). */
export class CrawlPart implements ValidatorPart {
  /** The crawl join entries are listed in (null: no crawl data attached). */
  join: CrawlJoin | null;
  /** Candidate rows the crawl worker found for `join`'s table, while a join uses them. */
  preset: CrawlPreset | null = null;

  /** False for a sitemap index: its rows are never joined. */
  readonly pages: boolean;

  constructor(
    private readonly table: SlotTable,
    join: CrawlJoin | null = null,
    kind: DocumentKind = 'urlset',
  ) {
    this.join = join;
    this.pages = kind !== 'sitemapindex';
  }

  file(slot: Slot): void {
    if (this.join !== null && this.pages) this.joinSlot(slot, this.join);
  }

  check(): void {}

  apply(change: SlotChange): void {
    for (const s of change.out) leave(this.table, s);
    for (const s of change.in) this.file(s);
  }

  /**
   * Joins (or, with null, un-joins) one slot with `join`, taking it out of the join it was in
   * first. Called for every slot by a join's steps, so another join's slots change over one step
   * at a time (no pass over every entry in one task).
   */
  attach(slot: Slot, join: CrawlJoin | null): void {
    leave(this.table, slot);
    if (join !== null && this.pages) this.joinSlot(slot, join);
    else if (this.table.list(slot, 'crawl').length > 0) this.table.setList(slot, 'crawl', EMPTY);
  }

  /** The crawl row a slot lists in the join in use; -1 while it is in another one (or none). */
  rowOf(slot: Slot): number {
    const joined = this.table.joined(slot);
    return joined !== null && joined === this.join ? this.table.crawlRow(slot) : -1;
  }

  /** Takes every entry out of the join it is in (before a reload). */
  release(): void {
    const t = this.table;
    for (let q = 0; q < t.seq; q++) {
      const slot = t.atSeq(q);
      if (slot !== undefined) leave(t, slot);
    }
  }

  private joinSlot(slot: Slot, join: CrawlJoin): void {
    const t = this.table;
    // The worker's row when it found the URL as written; else the slot's loc is looked up, read
    // without making its entry (a received document's rows stay unmade: core/lazyEntries.ts).
    // The entry is read, and dropped, only for a finding.
    const preset = this.preset?.table === join.table ? this.preset : null;
    const sent = preset ? preset.sentRow(t.value(slot), t.entryId(slot), t.source) : -1;
    const r = sent >= 0 ? sent : join.matchRow(t.loc(slot));
    const row = r >= -1 ? r : -2 - r;
    t.setJoined(slot, join, row);
    if (row >= 0) join.list(row, 1);
    // Most listed URLs are fine: no match object, no issue list (a 1,000,000-entry join
    // allocates only for the entries with findings).
    const had = t.list(slot, 'crawl').length > 0;
    if (r >= 0 && join.clean(r) && !had) return;
    const out: Issue[] = [];
    crawlIssues(join, row < 0 ? null : { row, exact: r >= 0 }, t.peek(slot), out);
    if (out.length > 0 || had) t.setList(slot, 'crawl', out.length > 0 ? out : EMPTY);
  }
}

/** Takes a slot out of the join it lists a row of (that join counts one listing fewer). */
function leave(t: SlotTable, slot: Slot): void {
  const joined = t.joined(slot);
  const row = t.crawlRow(slot);
  if (joined !== null && row >= 0) joined.list(row, -1);
  t.setJoined(slot, null, -1);
}
