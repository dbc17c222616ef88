/**
 * Validator part: the issues an entry has on its own (rules that need only the entry, `checkEntry`)
 * and the parser's findings, with the severity profile's withheld issues. It turns each patch into
 * the `SlotChange` every other part follows: an edited entry gets a new slot (same `seq`), and
 * parse findings stay until the field they concern is edited (and come back on undo).
 */

import { keptParse } from '../keptParse.ts';
import type { Entry, Issue, SitemapDocument, ValidationSettings } from '../model.ts';
import type { Patch } from '../patch.ts';
import { checkEntry, type EntryFacts, newEntryMemo } from '../rules/entry.ts';
import { isQuiet } from '../rules/profile.ts';
import type { RuleId } from '../rules/registry.ts';
import type { CheckedReader } from './checked.ts';
import { EMPTY, type Slot, type SlotChange, type SlotTable } from './slots.ts';

/** `parse` without the issues whose rule and field `validated` already reports. */
export function withoutRepeats(parse: readonly Issue[], validated: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  for (const i of validated) seen.add(`${i.rule} ${i.entry} ${i.field}`);
  return parse.filter((i) => !seen.has(`${i.rule} ${i.entry} ${i.field}`));
}

/** Makes, replaces and drops slots; owns the `local` and `parse` lists and the withheld issues. */
export class EntryIssues {
  /** Quiet rule → entries holding withheld issues of it (one file-level note each). */
  readonly quietRows = new Map<RuleId, number>();
  /** Parse findings an edit dropped, by the entry object they were found on (for undo). */
  private readonly droppedParse = new WeakMap<Entry, Issue[]>();
  private readonly scratch: Issue[] = [];
  /** Lent to `checkEntry` for the hreflang and image issues of the entry being checked. */
  private readonly side: Issue[] = [];
  /** The slots holding parse findings (few, usually none): a reload reads them without a pass over every slot. */
  private readonly withParse = new Set<Slot>();
  /** Lent to `checkEntry`: the previous entry's origin key, reused while it repeats, and the lastmod threshold. */
  private readonly origin = newEntryMemo();
  /**
   * The facts of the entry being put in (copied into the table's columns): after an `insert*`,
   * those of the slot it made, until the next (what `DocumentCounts.file` counts at a load).
   */
  readonly facts = {} as EntryFacts;

  constructor(
    private readonly table: SlotTable,
    private readonly kind: SitemapDocument['kind'],
    private readonly settings: ValidationSettings,
  ) {}

  /** Load: a slot for `e` in the table, with its local and parse issues. */
  insert(e: Entry, parse: Issue[], seq = this.table.seq++): Slot {
    const local = this.scratch;
    if (local.length > 0) local.length = 0;
    checkEntry(e, this.kind, this.settings, local, this.facts, this.side, this.origin);
    return this.place(this.table.add(e, seq, this.facts), local, parse);
  }

  /** `insert` of row `row` of the table's `source`, read as `e` (not kept: the row is filed). */
  insertRow(e: Entry, row: number, parse: Issue[]): Slot {
    const local = this.scratch;
    if (local.length > 0) local.length = 0;
    checkEntry(e, this.kind, this.settings, local, this.facts, this.side, this.origin);
    return this.place(this.table.add(row, this.table.seq++, this.facts, e.loc), local, parse);
  }

  /**
   * Load: a slot for `e` from the per-entry pass run elsewhere (checked.ts): its facts, its
   * local issues and its parse findings come from `from` (filled for entry `i` of its run),
   * instead of from `checkEntry`. Ends exactly as `insert` would.
   */
  insertChecked(e: Entry, from: CheckedReader, i: number): Slot {
    from.fill(i, e.loc, this.facts);
    return this.place(this.table.add(e, this.table.seq++, this.facts), from.local, from.parse);
  }

  /** `insertChecked` of row `row` of the table's `source` (a received document's row: none made). */
  insertCheckedRow(row: number, from: CheckedReader, i: number): Slot {
    const loc = this.table.source!.loc(row);
    from.fill(i, loc, this.facts);
    return this.place(this.table.add(row, this.table.seq++, this.facts, loc), from.local, from.parse);
  }

  /** Puts a slot whose facts are set in the table, with its local issues (`local` is changed) and parse findings. */
  private place(slot: Slot, local: Issue[], parse: Issue[]): Slot {
    this.table.put(slot);
    if (local.length > 0 || parse.length > 0) parse = this.withhold(slot, local, parse);
    if (local.length > 0) this.table.setList(slot, 'local', local.slice());
    // A parse issue the validator reports again for the same field (e.g. XML-004 for a <url>
    // without <loc>, which is also an empty loc) is shown once, with the validator's message.
    const own = parse.length > 0 && local.length > 0 ? withoutRepeats(parse, local) : parse;
    if (own.length > 0) this.table.setList(slot, 'parse', own);
    if (own.length > 0 || this.table.list(slot, 'quietParse').length > 0) this.withParse.add(slot);
    return slot;
  }

  /** An edit: the slots it takes out and puts in (positions and `reorder` are not read). */
  apply(patch: Patch): SlotChange {
    const table = this.table;
    const out: Slot[] = [];
    const into: Slot[] = [];
    for (const { entry } of patch.removed) {
      const old = table.ofId(entry.id);
      if (old !== undefined) out.push(this.drop(old));
    }
    for (const [before, after] of patch.updated) {
      const old = table.ofId(before.id);
      // Parse findings dropped by an edit come back when undo puts the same entry object back.
      const restored = this.droppedParse.get(after);
      const parse = old === undefined ? EMPTY : table.list(old, 'parse');
      const quietParse = old === undefined ? EMPTY : table.list(old, 'quietParse');
      const keep = restored ?? (old !== undefined ? keptParse(parse, quietParse, before, after) : []);
      if (old !== undefined && parse.length + quietParse.length > keep.length)
        this.droppedParse.set(before, [...parse, ...quietParse]);
      if (old !== undefined) out.push(this.drop(old));
      into.push(this.insert(after, keep, old === undefined ? undefined : table.seqAt(old)));
    }
    for (const { entry } of patch.added) into.push(this.insert(entry, []));
    return { out, in: into };
  }

  /** The per-row issues of `rule` the profile withholds, in document order. */
  quietIssues(rule: string): Issue[] {
    const out: Issue[] = [];
    if (!this.quietRows.has(rule as RuleId)) return out;
    const t = this.table;
    for (let q = 0; q < t.seq; q++) {
      const s = t.atSeq(q);
      if (s === undefined) continue;
      const quiet = t.list(s, 'quiet');
      const quietParse = t.list(s, 'quietParse');
      for (const i of quiet) if (i.rule === rule) out.push(i);
      for (const i of quietParse) if (i.rule === rule) out.push(i);
    }
    return out;
  }

  /**
   * Every parse finding held, for a reload with other settings: each entry's in their order
   * (the entries in the order they got them, not document order: a load groups them by entry).
   * O(entries with parse findings).
   */
  parseIssues(): Issue[] {
    const out: Issue[] = [];
    for (const slot of this.withParse) {
      for (const i of this.table.list(slot, 'parse')) out.push(i);
      for (const i of this.table.list(slot, 'quietParse')) out.push(i);
    }
    return out;
  }

  private drop(slot: Slot): Slot {
    if (this.table.list(slot, 'quiet').length + this.table.list(slot, 'quietParse').length > 0)
      this.countQuiet(slot, -1);
    this.withParse.delete(slot);
    this.table.take(slot);
    return slot;
  }

  /** Moves the issues the profile withholds out of `local` (in place) and `parse` (returned). */
  private withhold(slot: Slot, local: Issue[], parse: Issue[]): Issue[] {
    const profile = this.settings.profile;
    if (profile === 'strict') return parse;
    let quiet: Issue[] | null = null;
    let w = 0;
    for (let r = 0; r < local.length; r++) {
      const i = local[r];
      if (!isQuiet(i.rule, profile)) local[w++] = i;
      else if (quiet) quiet.push(i);
      else quiet = [i];
    }
    local.length = w;
    const quietParse = parse.filter((i) => isQuiet(i.rule, profile));
    if (quiet) this.table.setQuiet(slot, 'quiet', quiet);
    if (quietParse.length > 0) this.table.setQuiet(slot, 'quietParse', quietParse);
    if (quiet === null && quietParse.length === 0) return parse;
    this.countQuiet(slot, 1);
    return quietParse.length > 0 ? parse.filter((i) => !isQuiet(i.rule, profile)) : parse;
  }

  private countQuiet(slot: Slot, sign: 1 | -1): void {
    const quiet = this.table.list(slot, 'quiet');
    const quietParse = this.table.list(slot, 'quietParse');
    // One withheld issue (the usual case, e.g. an image caption): no set of its rules.
    if (quiet.length + quietParse.length === 1) {
      this.countRule((quiet[0] ?? quietParse[0]).rule, sign);
      return;
    }
    const rules = new Set<RuleId>();
    for (const i of quiet) rules.add(i.rule);
    for (const i of quietParse) rules.add(i.rule);
    for (const rule of rules) this.countRule(rule, sign);
  }

  private countRule(rule: RuleId, sign: 1 | -1): void {
    const n = (this.quietRows.get(rule) ?? 0) + sign;
    if (n > 0) this.quietRows.set(rule, n);
    else this.quietRows.delete(rule);
  }
}
