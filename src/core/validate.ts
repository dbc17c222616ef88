/**
 * Validation of a whole document (`validateDocument`) and incremental revalidation (`Validator`).
 *
 * The validator is a thin composition of parts (src/core/validate/), each an index with one kind
 * of issue, behind one interface (`ValidatorPart`: build from entries, then `apply(change)`):
 * entry issues and parse findings (`EntryIssues`, which also turns each patch into the slot
 * change the others follow), document counters (`DocumentCounts`), the crawl join (`CrawlPart`),
 * host scope (`HostScope`), duplicates (`DuplicateGroups`) and hreflang clusters
 * (`HreflangClusters`). Document-level issues are recomputed from the counters after each change.
 */
import type { CrawlJoin } from './crawl/join.ts';
import type { CrawlPreset } from './crawl/match.ts';
import { slotPeek, slotsOf } from './lazyEntries.ts';
import {
  type Entry,
  type Issue,
  type Severity,
  type SitemapDocument,
  severityRank,
  type ValidationSettings,
} from './model.ts';
import { idIndexOf, idIndexSteps, type Patch } from './patch.ts';
import { missingIssue } from './rules/crawl.ts';
import { documentIssues } from './rules/documentRules.ts';
import { referenceFromSettings } from './rules/host.ts';
import { isUnloadedNote, reviseUnloadedNotes } from './rules/hreflangCluster.ts';
import { profileNote } from './rules/profile.ts';
import { END_SLICE, runSteps } from './steps.ts';
import { type CheckedColumns, CheckedReader } from './validate/checked.ts';
import { CrawlPart } from './validate/crawlPart.ts';
import { DocumentCounts } from './validate/documentCounts.ts';
import { DuplicateGroups } from './validate/duplicateGroups.ts';
import { EntryIssues } from './validate/entryIssues.ts';
import { HostScope } from './validate/hostScope.ts';
import { HreflangClusters } from './validate/hreflangClusters.ts';
import { EMPTY, type Slot, SlotTable, type ValidatorPart } from './validate/slots.ts';
import { SnapshotReads, SnapshotWriter, type ValidationSnapshot } from './validate/snapshot.ts';

export type { CheckedColumns } from './validate/checked.ts';
export { withoutRepeats } from './validate/entryIssues.ts';
export type { ValidationSnapshot } from './validate/snapshot.ts';

/**
 * Validates a document in full (pure; parse issues are not included).
 *
 * @example validateDocument(doc, { now: Date.UTC(2026, 10, 21) }) // Issue[]
 */
export function validateDocument(doc: SitemapDocument, settings: ValidationSettings): Issue[] {
  const v = new Validator(settings);
  v.load(doc);
  return v.all();
}

/** Everything one validator holds: the slot table and its parts (swapped whole by `adopt`). */
class State {
  readonly table: SlotTable;
  readonly entries: EntryIssues;
  readonly counts: DocumentCounts;
  readonly crawl: CrawlPart;
  readonly scope: HostScope;
  readonly dups: DuplicateGroups;
  readonly clusters: HreflangClusters;
  /** Every part but `entries`, in the order they follow a change (scope reads the counts, clusters read the duplicates). */
  readonly parts: readonly ValidatorPart[];
  docIssues: Issue[] = [];
  readonly docParse: Issue[] = [];

  constructor(
    public doc: SitemapDocument,
    public settings: ValidationSettings,
    join: CrawlJoin | null,
    hrefs = 0,
    size = doc.entries.length,
  ) {
    const t = new SlotTable(size);
    this.table = t;
    this.counts = new DocumentCounts(t);
    this.entries = new EntryIssues(t, doc.kind, settings);
    this.crawl = new CrawlPart(t, join, doc.kind);
    this.scope = new HostScope(t, this.counts.counters, doc.kind, settings);
    this.dups = new DuplicateGroups(t, doc.kind, size);
    this.clusters = new HreflangClusters(t, this.dups, hrefs);
    this.parts = [this.counts, this.crawl, this.scope, this.dups, this.clusters];
  }

  /**
   * Load: files a new slot in every part (direct calls: this runs once per entry), right after
   * an `entries.insert*` made it: its facts are still in `entries.facts`, so the counters take
   * them from there instead of reading them back from the table's columns.
   */
  file(slot: Slot): void {
    this.counts.file(slot, this.entries.facts);
    this.crawl.file(slot);
    this.dups.file(slot);
    this.clusters.file(slot);
  }

  /** Load, once every slot is filed: every part's issues of `slot`. */
  check(slot: Slot): void {
    this.scope.check(slot);
    this.dups.check(slot);
    this.clusters.check(slot);
  }
}

/** Incremental validator: `load` once, then `apply` every change; state/validation.ts picks the part the store uses. */
export class Validator {
  /** Increments on every load, apply and settings change. */
  version = 0;
  private settings: ValidationSettings;
  private s: State;
  /** Set by `loadFrom`: the answers to read until `pending` (the deferred load) has run. */
  private snap: SnapshotReads | null = null;
  private pending: Generator<number, void> | null = null;
  /** The kind of the document `pending` loads (what `crawlJoinsRows` answers meanwhile). */
  private pendingKind: SitemapDocument['kind'] = 'urlset';
  /** See `checkedEntries`. */
  private filedChecked = -1;
  /** See `setCrossFileNotes`: entry id → alternates still unloaded, or null. */
  private crossNotes: ReadonlyMap<number, number> | null = null;
  /** Revised issue lists (by entry id, with the list they revise) and the notes withdrawn, at `version`. */
  private crossCache: {
    version: number;
    lists: Map<number, { raw: readonly Issue[]; out: readonly Issue[] }>;
    /** Lists with this file's cross-file findings added (`setCrossFileIssues`), by entry id. */
    merged: Map<number, { raw: readonly Issue[]; out: readonly Issue[] }>;
    withdrawn: number;
  } | null = null;
  /** See `setCrossFileIssues`: this file's findings only several files show, indexed. */
  private cross: CrossFindings | null = null;

  /** @param settings publish URL, cross-submission switch and "now". */
  constructor(settings: ValidationSettings) {
    this.settings = settings;
    this.s = new State({ kind: 'urlset', entries: [], nextId: 0 }, settings, null);
  }

  /** Full validation of a document; `parseIssues` (from parseSitemap) are kept alongside. */
  load(doc: SitemapDocument, parseIssues: readonly Issue[] = []): void {
    runSteps(this.loadSteps(doc, parseIssues));
  }

  /**
   * The work of `load`, in steps a caller can spread over several tasks: yields the units done so
   * far (of `3 × entries`: each entry is counted, checked, then grouped) after every `chunk` entries, and
   * sooner for rich entries: a step also ends once the images, alternates, videos, news blocks and
   * other XML of its entries reach `chunk` (`subItems`), so every step is bounded work. Running it to
   * the end is exactly `load`. Stopped midway, this validator is half-loaded: load a fresh
   * instance and `adopt` it.
   *
   * @example for (const done of fresh.loadSteps(doc, issues)) if (overBudget()) await pause(); v.adopt(fresh);
   */
  *loadSteps(
    doc: SitemapDocument,
    parseIssues: readonly Issue[] = [],
    chunk = 1000,
  ): Generator<number, void> {
    this.snap = null;
    this.pending = null;
    yield* this.build(doc, parseIssues, chunk);
  }

  /**
   * Loads a document whose issues another validator already found (`snapshot()` of a validator
   * loaded with the same document, parse issues and settings, e.g. in the worker): every read
   * (`issuesOf`, `counts`, `all`, …) answers from the snapshot at once, and the indexes edits need
   * are built later — in steps through `finishSteps` (idle time), or all at once by the first
   * call that needs them (an edit, a settings change, a crawl join, `quietIssues`).
   *
   * @example v.loadFrom(doc, parseIssues, settings, workerSnapshot); for (const _ of v.finishSteps()) await idle();
   */
  loadFrom(
    doc: SitemapDocument,
    parseIssues: readonly Issue[],
    settings: ValidationSettings,
    snapshot: ValidationSnapshot,
  ): void {
    this.settings = settings;
    this.snap = new SnapshotReads(snapshot);
    this.pending = this.build(doc, parseIssues, 1000);
    this.pendingKind = doc.kind;
    this.version++;
  }

  /** True while `loadFrom`'s indexes are not built yet. */
  get deferred(): boolean {
    return this.pending !== null;
  }

  /**
   * Builds the indexes `loadFrom` deferred, in steps (yields the units done, like `loadSteps`);
   * stops early when a later load or a call that needed them took over. Reads answer the same
   * before, during and after, so `version` does not change.
   */
  *finishSteps(): Generator<number, void> {
    const p = this.pending;
    if (p === null) return;
    const version = this.version;
    for (let step = p.next(); !step.done; step = p.next()) {
      yield step.value;
      if (this.pending !== p) return;
    }
    this.pending = null;
    this.snap = null;
    this.version = version;
  }

  /** Builds whatever `loadFrom` deferred, now. */
  private ready(): void {
    if (this.pending === null) return;
    runSteps(this.finishSteps());
  }

  /** What this validator answers, as plain data for `loadFrom` elsewhere. */
  snapshot(): ValidationSnapshot {
    this.ready();
    const t = this.s.table;
    const out = new SnapshotWriter();
    for (let q = 0; q < t.seq; q++) {
      const s = t.atSeq(q);
      if (s !== undefined && t.hasIssues(s)) out.add(t.entryId(s), t.issuesOf(t.entryId(s)));
    }
    return out.finish(this.heldDocumentIssues() as Issue[], this.notedCounts());
  }

  /** The body of `loadSteps` (also run later by `finishSteps`). */
  private *build(
    doc: SitemapDocument,
    parseIssues: readonly Issue[],
    chunk: number,
  ): Generator<number, void> {
    // The crawl join stays attached across a reload: the new entries are joined as they come in.
    const join = this.s.crawl.join;
    this.s.crawl.release();
    // The hreflang index is sized up front (regrowing it is one long rehash); counting is a pass
    // over every entry, in steps too (~100 ms at 1,000,000 entries while the code is still cold).
    // A received document's rows are read and dropped, and filed by row number: the load makes
    // no entry to keep (core/lazyEntries.ts).
    const { slots, source } = slotsOf(doc.entries);
    let hrefs = 0;
    for (let k = 0; k < slots.length; k++) {
      const alternates = slotPeek(slots[k], source).alternates;
      if (alternates !== undefined) hrefs += alternates.length;
      if ((k + 1) % COUNT_STEP === 0) yield k + 1;
    }
    const s = new State(doc, this.settings, join, hrefs);
    s.table.source = source;
    this.s = s;
    const byEntry = new Map<number, Issue[]>();
    for (const i of parseIssues) {
      if (i.entry === undefined) s.docParse.push(i);
      else {
        const list = byEntry.get(i.entry);
        if (list) list.push(i);
        else byEntry.set(i.entry, [i]);
      }
    }
    // Units of work: every entry counted, then filed, then checked (3 × entries in all).
    let done = slots.length;
    let items = 0;
    for (let k = 0; k < slots.length; k++) {
      const v = slots[k];
      const e = slotPeek(v, source);
      const parse = byEntry.size > 0 ? (byEntry.get(e.id) ?? EMPTY) : EMPTY;
      const slot = typeof v === 'number' ? s.entries.insertRow(e, v, parse) : s.entries.insert(e, parse);
      s.file(slot);
      items += subItems(e);
      if (++done % chunk === 0 || items >= chunk) {
        items = 0;
        yield done;
      }
    }
    yield* this.crossSteps(s, done, items, chunk);
  }

  /**
   * The end of a load, once every slot is filed: the checks that read other entries (host
   * reference, groups), then the document's issues. `done` and `items`: the units done so far
   * and the sub-items since the last step.
   */
  private *crossSteps(s: State, done: number, items: number, chunk: number): Generator<number, void> {
    // Checks that read other entries (host reference, groups) run once every entry is filed.
    // Bulk filing at 1,000,000 entries is ~0.4 s: in steps, so a sliced load stays sliced.
    for (const p of s.parts) {
      if (p.filedSteps) for (const v of p.filedSteps()) yield v === END_SLICE ? END_SLICE : done;
      else p.filed?.();
    }
    const t = s.table;
    for (let q = 0; q < t.seq; q++) {
      const slot = t.atSeq(q);
      if (slot !== undefined) {
        s.check(slot);
        const href = t.href(slot);
        if (href !== null) items += href.hrefs.length;
      }
      if (++done % chunk === 0 || items >= chunk) {
        items = 0;
        yield done;
      }
    }
    this.settle();
    this.refreshDocument();
    for (const i of s.docParse) s.table.count(i, 1);
    this.version++;
  }

  /**
   * A load whose per-entry pass runs elsewhere (core/validate/checked.ts, e.g. in the worker
   * right after its parse): `addChecked` files each run of entries as it arrives (the run at
   * `from` 0 starts the load), and `finishCheckedSteps` runs the checks across entries. Together
   * they end exactly where `load(doc, parseIssues)` would, given `checkColumns` run under this
   * validator's settings over every entry, in order. Until the end this validator is half-loaded
   * (load a fresh one, then `adopt` it). The crawl join stays attached, as in `load`.
   *
   * @example v.addChecked(entries, 0, c0); v.addChecked(entries, c0.n, c1); if (v.checkedEntries === n) runSteps(v.finishCheckedSteps(doc, issues));
   */
  addChecked(entries: readonly Entry[], from: number, c: CheckedColumns): void {
    runSteps(this.addCheckedSteps(entries, from, c, Number.MAX_SAFE_INTEGER));
  }

  /**
   * `addChecked` in steps of `chunk` entries (yields the entries of the run done so far), for a
   * run without the pass (`c.pass` false: `checkEntry` runs here) spread over several tasks.
   * Runs must still be added one after the other, in order.
   */
  *addCheckedSteps(
    entries: readonly Entry[],
    from: number,
    c: CheckedColumns,
    chunk = 1000,
  ): Generator<number, void> {
    if (from === 0) {
      this.snap = null;
      this.pending = null;
      const join = this.s.crawl.join;
      this.s.crawl.release();
      this.s = new State({ kind: c.kind, entries: [], nextId: 0 }, this.settings, join, c.hrefs, c.total);
      this.filedChecked = 0;
      // The slot table's columns for every entry (~43 MB at 1,000,000) are made in a task of
      // their own: the mark-compact V8 runs for that much new external memory lands in it, not in
      // a slice that also files entries (docs/perf.md, session 19).
      if (c.total >= BIG_LOAD) {
        yield END_SLICE;
        if (this.filedChecked !== from) return;
      }
    }
    // A run out of order (one went missing): this load cannot end; the caller loads in full.
    if (from !== this.filedChecked) {
      this.filedChecked = -1;
      return;
    }
    const s = this.s;
    const r = new CheckedReader(c);
    // A received document's rows are filed by row number, their locs read from its columns: no
    // entry is made for them (core/lazyEntries.ts; docs/perf.md, session 16).
    const { slots, source } = slotsOf(entries);
    let items = 0;
    if (source !== null) s.table.source = source;
    for (let i = 0; i < c.n; i++) {
      const v = slots[from + i];
      if (typeof v === 'number' && s.table.source === source) {
        // A run without the pass: the row is read and dropped, and filed by number.
        if (c.pass) s.file(s.entries.insertCheckedRow(v, r, i));
        else {
          const e = slotPeek(v, source);
          s.file(s.entries.insertRow(e, v, r.parseOf(i)));
          items += subItems(e);
        }
      } else {
        const e = entries[from + i];
        s.file(c.pass ? s.entries.insertChecked(e, r, i) : s.entries.insert(e, r.parseOf(i)));
        if (!c.pass) items += subItems(e);
      }
      if ((i + 1) % chunk === 0 || items >= chunk) {
        items = 0;
        yield i + 1;
        // Another load took over meanwhile.
        if (this.filedChecked !== from) return;
      }
    }
    this.filedChecked = from + c.n;
  }

  /** Entries `addChecked` filed since its run at 0, in order (-1: none, or a run was missing). */
  get checkedEntries(): number {
    return this.filedChecked;
  }

  /**
   * The end of a load begun by `addChecked`, in steps (yields units of `2 × entries`: each
   * entry filed, then checked). `doc` is the whole document, every entry of it filed
   * (`checkedEntries`); of `parseIssues` only the document-level ones are read (those of entries
   * came with the runs).
   */
  *finishCheckedSteps(
    doc: SitemapDocument,
    parseIssues: readonly Issue[] = [],
    chunk = 1000,
  ): Generator<number, void> {
    if (this.filedChecked !== doc.entries.length) throw new Error('Not every entry was filed (addChecked).');
    this.filedChecked = -1;
    const s = this.s;
    s.doc = doc;
    for (const i of parseIssues) if (i.entry === undefined) s.docParse.push(i);
    yield* this.crossSteps(s, doc.entries.length, 0, chunk);
  }

  /**
   * Takes over everything `other` holds (settings, document, issues, indexes) in O(1), as one
   * change (`version` increments). `other` must not be used afterwards.
   */
  adopt(other: Validator): void {
    other.ready();
    this.snap = null;
    this.pending = null;
    this.s.crawl.release();
    this.settings = other.settings;
    this.s = other.s;
    this.version++;
  }

  /**
   * Applies an edit incrementally (the document object passed to `load` is not read again).
   * Positions and `reorder` are not read: issues follow document order as loaded.
   */
  apply(change: Patch): void {
    this.ready();
    const slots = this.s.entries.apply(change);
    for (const p of this.s.parts) p.apply(slots);
    this.s.table.free(slots.out);
    this.settle();
    this.refreshDocument();
    this.version++;
  }

  /** Changes settings and revalidates everything (settings affect host, date and scope rules). */
  setSettings(settings: ValidationSettings): void {
    this.ready();
    const s = this.s;
    const parse = this.parseFindings();
    const entries: Entry[] = [];
    const t = s.table;
    for (let q = 0; q < t.seq; q++) {
      const slot = t.atSeq(q);
      if (slot !== undefined) entries.push(t.entry(slot));
    }
    this.settings = settings;
    this.load({ ...s.doc, entries }, parse);
  }

  /**
   * A settings change that moves only the host scope — the publish URL or cross-submission, the
   * profile the same — in steps, without a fresh load: the scope issues of every entry under the
   * new settings are found first (reads between the steps answer the held settings' findings,
   * edits may come between them), then put in place and the document's issues refreshed, with one
   * version step at the end. Yields the units done, of `total`. Null when the change is more than
   * that, or a `loadFrom` is not finished: load a fresh validator instead. Run to the end, the
   * findings are those of `setSettings(settings)`, the date rules keeping the held `now`.
   *
   * @example const steps = v.rescopeSteps(next); if (steps) for (const done of steps) await pause();
   */
  rescopeSteps(
    settings: ValidationSettings,
    chunk = 1000,
  ): { steps: Generator<number, void>; total: number } | null {
    const held = this.settings;
    if (this.pending !== null || (settings.profile ?? null) !== (held.profile ?? null)) return null;
    const next: ValidationSettings = {
      ...held,
      publishUrl: settings.publishUrl,
      crossSubmission: settings.crossSubmission,
    };
    const s = this.s;
    const total = 2 * s.table.seq;
    const self = this;
    function* steps(): Generator<number, void> {
      const inner = s.scope.rescopeSteps(next, chunk);
      // The first value past the look-up half: the new settings have taken over in the scope part.
      for (let r = inner.next(); !r.done; r = inner.next()) {
        if (self.s !== s) return; // a load or an adopt took over
        if (r.value > total / 2) {
          self.settings = next;
          s.settings = next;
        }
        yield r.value;
      }
      if (self.s !== s) return;
      self.settings = next;
      s.settings = next;
      self.settle();
      self.refreshDocument();
      self.version++;
    }
    return { steps: steps(), total };
  }

  /**
   * The parse findings this validator holds (an edit drops those of the field it changes), for
   * a load of the same document elsewhere: a fresh validator with other settings, loaded in steps
   * (`loadSteps(doc, v.parseFindings())`) and then `adopt`ed, ends where `setSettings` would.
   * O(entries with parse findings); builds what `loadFrom` deferred first (see `finishSteps`).
   *
   * @example for (const _ of fresh.loadSteps(currentDoc, v.parseFindings())) await pause(); v.adopt(fresh);
   */
  parseFindings(): Issue[] {
    this.ready();
    return [...this.s.docParse, ...this.s.entries.parseIssues()];
  }

  /**
   * Forgets the document: no issue at all (document-level ones neither) until the next `load`
   * or `adopt`. For a document whose check runs elsewhere (a fresh validator loaded in steps);
   * apply no edit meanwhile.
   */
  clear(): void {
    this.snap = null;
    this.pending = null;
    this.s.crawl.release();
    this.s = new State({ kind: 'urlset', entries: [], nextId: 0 }, this.settings, null);
    this.version++;
  }

  /**
   * The HREF-006 notes the other files open with this one answer (a workspace:
   * `Workspace.unloadedNotes` of this file), or null for none: per entry id, the alternates no
   * open file holds. Every read (`issuesOf`, `all`, `counts`, `entriesWithRule`, …) then shows the
   * note of such an entry withdrawn (0) or counting only those alternates; the issues held are
   * not touched, so edits and reloads go on as before and the next call replaces the notes.
   * O(1): the reads revise lazily (`counts` once per notes map, O(notes); then per edit O(1)).
   */
  setCrossFileNotes(notes: ReadonlyMap<number, number> | null): void {
    if (notes === this.crossNotes || (notes === null && this.crossNotes?.size === 0)) return;
    this.crossNotes = notes !== null && notes.size > 0 ? notes : null;
    this.crossCache = null;
    this.version++;
  }

  /** The cache of revised lists for this version. */
  private crossOf(): NonNullable<Validator['crossCache']> {
    if (this.crossCache?.version !== this.version)
      this.crossCache = { version: this.version, lists: new Map(), merged: new Map(), withdrawn: -1 };
    return this.crossCache;
  }

  /** Issues of one entry as held, before `setCrossFileNotes`. */
  private heldIssuesOf(entryId: number): readonly Issue[] {
    if (this.snap !== null) return this.snap.issuesOf(entryId);
    return this.s.table.issuesOf(entryId);
  }

  /**
   * This file's findings that only the files read together show (a workspace: its
   * `Workspace.issues` of this file — LOC-006 across files, IDX-003 staleness, IDX-006 nesting and
   * children not open), or null for none: every read (`issuesOf`, `documentIssues`, `all`,
   * `counts`, `entriesWithRule`, `worstSeverity`) then holds them beside the file's own, so the
   * status bar, the issue list, the filters, the workspace list and the export count one set.
   * `entry` is an entry id of this document. The issues held are not touched; the next call
   * replaces these. A list equal to the one held changes nothing (no new version).
   */
  setCrossFileIssues(issues: readonly Issue[] | null): void {
    const list = issues ?? [];
    if (sameIssues(list, this.cross?.list ?? [])) return;
    this.cross = list.length === 0 ? null : crossFindings(list);
    this.crossCache = null;
    this.version++;
  }

  /** Issues of one entry (parse, local, scope, duplicates, cluster, crawl; cross-file ones last). */
  issuesOf(entryId: number): readonly Issue[] {
    const own = this.notedIssuesOf(entryId);
    const extra = this.cross?.byEntry.get(entryId);
    if (extra === undefined) return own;
    const merged = this.crossOf().merged;
    const known = merged.get(entryId);
    if (known?.raw === own) return known.out;
    const out = [...own, ...extra];
    merged.set(entryId, { raw: own, out });
    return out;
  }

  /** Issues of one entry with the HREF-006 notes `setCrossFileNotes` revises. */
  private notedIssuesOf(entryId: number): readonly Issue[] {
    const raw = this.heldIssuesOf(entryId);
    const notes = this.crossNotes;
    if (notes === null || raw.length === 0 || !notes.has(entryId)) return raw;
    const lists = this.crossOf().lists;
    const known = lists.get(entryId);
    if (known?.raw === raw) return known.out;
    const out = reviseUnloadedNotes(raw, notes, 'the open files');
    lists.set(entryId, { raw, out });
    return out;
  }

  /**
   * HREF-006 notes `setCrossFileNotes` withdraws now: kept by the table as its lists change (one
   * count per new notes map or new table, not one per edit); from a snapshot, counted once per
   * version.
   */
  private withdrawnNotes(): number {
    const notes = this.crossNotes;
    if (notes === null) return 0;
    if (this.snap === null) {
      const t = this.s.table;
      if (t.watching !== notes) t.watchNotes(notes);
      return t.withdrawnNotes;
    }
    const cache = this.crossOf();
    if (cache.withdrawn >= 0) return cache.withdrawn;
    let n = 0;
    for (const [id, left] of notes)
      if (left === 0) for (const i of this.heldIssuesOf(id)) if (isUnloadedNote(i)) n++;
    cache.withdrawn = n;
    return n;
  }

  /** Document-level issues (parse and validation, then cross-file ones). */
  documentIssues(): readonly Issue[] {
    const held = this.heldDocumentIssues();
    return this.cross === null ? held : [...held, ...this.cross.doc];
  }

  private heldDocumentIssues(): readonly Issue[] {
    if (this.snap !== null) return [...this.snap.snap.docIssues];
    return [...this.s.docParse, ...this.s.docIssues];
  }

  /** Every issue: document-level first, then entries in document order (cross-file ones after). */
  all(): Issue[] {
    const held = this.heldAll();
    const out =
      this.crossNotes === null ? held : reviseUnloadedNotes(held, this.crossNotes, 'the open files');
    if (this.cross === null) return out;
    return [...this.cross.doc, ...out, ...this.cross.entries];
  }

  private heldAll(): Issue[] {
    if (this.snap !== null) {
      const out = [...this.snap.snap.docIssues];
      for (const i of this.snap.entryIssues()) out.push(i);
      return out;
    }
    const t = this.s.table;
    const out: Issue[] = [...this.s.docParse, ...this.s.docIssues];
    for (let q = 0; q < t.seq; q++) {
      const s = t.atSeq(q);
      if (s === undefined || !t.hasIssues(s)) continue;
      for (const i of t.issuesOf(t.entryId(s))) out.push(i);
    }
    return out;
  }

  /** Totals by severity and by rule (cross-file findings included). */
  counts(): IssueTotals {
    const out = this.notedCounts();
    const cross = this.cross;
    if (cross === null) return out;
    out.error += cross.totals.error;
    out.warning += cross.totals.warning;
    out.info += cross.totals.info;
    for (const [rule, g] of cross.totals.byRule) {
      const held = out.byRule.get(rule);
      if (held === undefined) out.byRule.set(rule, { ...g });
      else {
        held.count += g.count;
        if (severityRank(g.severity) > severityRank(held.severity)) held.severity = g.severity;
      }
    }
    return out;
  }

  /** Totals of the file's own issues, with the HREF-006 notes `setCrossFileNotes` withdraws. */
  private notedCounts(): IssueTotals {
    const c = this.snap?.snap.counts ?? { ...this.s.table.sevCount, byRule: this.s.table.byRule };
    const out = {
      error: c.error,
      warning: c.warning,
      info: c.info,
      byRule: new Map([...c.byRule].map(([k, v]) => [k, { ...v }])),
    };
    const withdrawn = this.withdrawnNotes();
    const notes = out.byRule.get('HREF-006');
    if (withdrawn > 0 && notes !== undefined) {
      out.info -= withdrawn;
      notes.count -= withdrawn;
      if (notes.count <= 0) out.byRule.delete('HREF-006');
    }
    return out;
  }

  /** Ids of the entries with at least one issue of a rule, in document order. */
  entriesWithRule(rule: string): number[] {
    if (this.snap !== null) return this.crossFiltered(rule, this.snap.entriesWithRule(rule));
    return runSteps(this.entriesWithRuleSteps(rule, Number.MAX_SAFE_INTEGER));
  }

  /**
   * `ids` (entries holding an issue of `rule`) without those whose only one `setCrossFileNotes`
   * withdrew, with those holding a cross-file one (`setCrossFileIssues`) added.
   */
  private crossFiltered(rule: string, ids: number[]): number[] {
    const notes = this.crossNotes;
    const out =
      notes === null || rule !== 'HREF-006'
        ? ids
        : ids.filter((id) => notes.get(id) !== 0 || this.notedIssuesOf(id).some((i) => i.rule === rule));
    const extra = this.cross?.byRule.get(rule);
    if (extra === undefined) return out;
    const all = new Set(out);
    for (const id of extra) all.add(id);
    if (all.size === out.length) return out;
    const merged = [...all];
    // Document order, where the table is built (a deferred load answers with the extra ids last).
    if (this.snap === null) {
      const t = this.s.table;
      const seq = (id: number) => {
        const slot = t.ofId(id);
        return slot === undefined ? Number.MAX_SAFE_INTEGER : t.seqAt(slot);
      };
      merged.sort((a, b) => seq(a) - seq(b));
    }
    return merged;
  }

  /**
   * `entriesWithRule` in steps of `chunk` entries (yielding the entries looked at), for a caller
   * that spreads a 1,000,000-entry pass over several tasks; returns the ids. The document must not
   * change between the steps (the caller starts again when it did).
   *
   * @example runSteps(v.entriesWithRuleSteps('CRAWL-004', 50_000)) // ids, document order
   */
  *entriesWithRuleSteps(rule: string, chunk = 50_000): Generator<number, number[]> {
    if (this.snap !== null) return this.crossFiltered(rule, this.snap.entriesWithRule(rule));
    const t = this.s.table;
    const out: number[] = [];
    for (let q = 0; q < t.seq; q++) {
      const s = t.atSeq(q);
      if (s !== undefined && t.hasRule(s, rule)) out.push(t.entryId(s));
      if ((q + 1) % chunk === 0) yield q + 1;
    }
    return this.crossFiltered(rule, out);
  }

  /** The worst severity among an entry's issues. */
  worstSeverity(entryId: number): Severity | undefined {
    if (this.snap === null && this.crossNotes?.has(entryId) !== true && !this.cross?.byEntry.has(entryId)) {
      // From the table's columns and lists: no scope issue made (sorting by severity reads every row);
      // an entry whose HREF-006 note the open files revise reads its revised list below.
      const slot = this.s.table.ofId(entryId);
      return slot === undefined ? undefined : this.s.table.worst(slot);
    }
    let worst: Severity | undefined;
    for (const i of this.issuesOf(entryId))
      if (severityRank(i.severity) > severityRank(worst)) worst = i.severity;
    return worst;
  }

  /**
   * Attaches crawl data (or removes it with null): every entry is joined once (O(n) hash lookups)
   * and gets its CRAWL issues; afterwards edits keep the join current through `apply`.
   *
   * @example v.setCrawl(new CrawlJoin(table, v.crawlScope()))
   */
  setCrawl(join: CrawlJoin | null): void {
    runSteps(this.setCrawlSteps(join, Number.MAX_SAFE_INTEGER));
  }

  /**
   * `setCrawl` in steps a caller can spread over several tasks: yields the entries done after
   * every `chunk`. Edits between steps are safe (an entry inserted meanwhile is joined once).
   * The document-level CRAWL-006 appears after the last step. `preset`: the crawl worker's
   * matches (`core/crawl/match.ts`), used instead of a lookup for the entries it was sent.
   */
  *setCrawlSteps(
    join: CrawlJoin | null,
    chunk = 20_000,
    preset: CrawlPreset | null = null,
  ): Generator<number, void> {
    // A validator loaded from another's findings builds its indexes first, in these steps too
    // (yielding 0: no entry joined yet), not in one task.
    while (this.pending !== null) for (const _ of this.finishSteps()) yield 0;
    const crawl = this.s.crawl;
    // The entries leave the join they were in one step at a time too (`CrawlPart.attach`); until
    // then `crawlRowOf` gives them no row.
    crawl.join = join;
    // The crawl worker's matches (for the entries it was sent) are used by this join only.
    crawl.preset = preset;
    try {
      yield* this.joinSteps(crawl, join, chunk);
    } finally {
      if (crawl.preset === preset) crawl.preset = null;
    }
  }

  private *joinSteps(crawl: CrawlPart, join: CrawlJoin | null, chunk: number): Generator<number, void> {
    const t = this.s.table;
    // A lazily built join finds its CRAWL-006 candidates first, `chunk` crawl rows per step.
    while (join !== null && !join.prepare(chunk)) {
      yield 0;
      if (this.s.crawl !== crawl || crawl.join !== join) return;
    }
    let done = 0;
    for (let q = 0; q < t.seq; q++) {
      const slot = t.atSeq(q);
      if (slot !== undefined) crawl.attach(slot, join);
      if (++done % chunk === 0) {
        // A new version after the first step (the first rows joined show) and after the last:
        // each one re-renders every view of the findings (at 1,000,000 entries, 10-20 ms of
        // the page's time per step shown), while the entries between change nothing on screen.
        if (done === chunk) this.version++;
        yield done;
        // Another join (or a reload) took over: this one is stale.
        if (this.s.crawl !== crawl || crawl.join !== join) return;
      }
    }
    this.refreshDocument();
    this.version++;
  }

  /**
   * The crawl join in use, if any (read by fixes and the grid's crawl columns). Never builds what
   * `loadFrom` deferred: the join is kept across a load (the entries join it as they are filed),
   * and one being attached joins them in its own steps, so the answer is the same object either way.
   */
  crawlJoin(): CrawlJoin | null {
    return this.s.crawl.join;
  }

  /**
   * Whether the crawl audit applies to this document's rows: false for a sitemap index, whose
   * rows are sitemaps, not pages (no CRAWL rule, not in the crawl summary).
   */
  crawlJoinsRows(): boolean {
    // While `loadFrom`'s build waits, the document it loads says (no build for this).
    return this.pending !== null ? this.pendingKind !== 'sitemapindex' : this.s.crawl.pages;
  }

  /** Crawl row listed by an entry, or -1 (not crawled, or no crawl attached). */
  crawlRowOf(entryId: number): number {
    // No crawl attached: no row, and nothing to build for that.
    if (this.s.crawl.join === null) return -1;
    this.ready();
    const slot = this.s.table.ofId(entryId);
    return slot === undefined ? -1 : this.s.crawl.rowOf(slot);
  }

  /**
   * `crawlRowOf` of every entry, by index (-1: none): one pass for the view's crawl filter and
   * sort at 1,000,000 rows.
   *
   * @example v.crawlRowsOf(doc.entries)[0] // 17
   */
  crawlRowsOf(entries: readonly Entry[]): Int32Array {
    const join = this.s.crawl.join;
    if (join === null) return new Int32Array(entries.length).fill(-1);
    this.ready();
    return this.s.table.crawlRowsIn(idIndexOf(entries), entries.length, join);
  }

  /**
   * `crawlRowsOf` in steps of `chunk` entry ids (yielding between them), for the view's crawl
   * filter and sort at 1,000,000 rows worked out over several tasks. The document and the join
   * must not change between the steps (the caller starts again when they did).
   *
   * @example runSteps(v.crawlRowsOfSteps(doc.entries, 65_536))[0] // 17
   */
  *crawlRowsOfSteps(entries: readonly Entry[], chunk = 65_536): Generator<void, Int32Array> {
    const out = new Int32Array(entries.length).fill(-1);
    if (this.s.crawl.join === null) return out;
    if (this.pending !== null) for (const _ of this.finishSteps()) yield;
    yield* idIndexSteps(entries, chunk);
    const at = idIndexOf(entries);
    for (let from = 0; from < at.length; from += chunk) {
      if (from > 0) yield;
      const join = this.s.crawl.join;
      if (join === null) return out;
      this.s.table.crawlRowsIn(at, entries.length, join, out, from, from + chunk);
    }
    return out;
  }

  /**
   * The URL prefix of the pages this sitemap should hold, for CRAWL-006: the publish URL's
   * directory, else the most common origin ('' when the document has no URL yet).
   */
  crawlScope(): string {
    // A publish URL decides it alone; the most common origin needs what `loadFrom` deferred
    // (the store finishes that in slices before it asks: state/crawlCommands.ts).
    const set = this.pending !== null ? referenceFromSettings(this.settings) : null;
    if (set === null) this.ready();
    const r = set ?? this.s.scope.reference().ref;
    if (r === null) return '';
    const port = r.port === (r.scheme === 'https' ? '443' : '80') ? '' : `:${r.port}`;
    return `${r.scheme}://${r.host}${port}${r.dir ?? '/'}`;
  }

  /**
   * The per-row issues of `rule` that the severity profile shows as one file-level note, in
   * document order (what "Fix all" on the note works on). Empty under *Strict (XSD)*.
   *
   * @example v.quietIssues('XML-006').length // rows out of XSD order
   */
  quietIssues(rule: string): Issue[] {
    this.ready();
    return this.s.entries.quietIssues(rule);
  }

  /** Forgets the answers the parts cached for the current pass. */
  private settle(): void {
    for (const p of this.s.parts) p.settle?.();
  }

  private refreshDocument(): void {
    const s = this.s;
    const next = documentIssues(s.doc, s.counts.counters, referenceFromSettings(s.settings));
    const join = s.crawl.join;
    // A sitemap index lists no page: CRAWL-006 is the urlset files' (its rows are not joined).
    const missing = join === null || !s.crawl.pages ? null : missingIssue(join);
    if (missing !== null) next.push(missing);
    for (const [rule, rows] of s.entries.quietRows) next.push(profileNote(rule, rows));
    for (const i of s.docIssues) s.table.count(i, -1);
    for (const i of next) s.table.count(i, 1);
    s.docIssues = next;
  }
}

/** Totals by severity and by rule, as `Validator.counts` gives them. */
export interface IssueTotals {
  error: number;
  warning: number;
  info: number;
  byRule: Map<string, { severity: Severity; count: number }>;
}

/** A file's cross-file findings (`Validator.setCrossFileIssues`), indexed for the reads. */
interface CrossFindings {
  list: readonly Issue[];
  /** File-level ones (no entry). */
  doc: Issue[];
  /** Entry ones, in the order given. */
  entries: Issue[];
  byEntry: Map<number, Issue[]>;
  /** Entry ids by rule. */
  byRule: Map<string, number[]>;
  totals: IssueTotals;
}

function crossFindings(list: readonly Issue[]): CrossFindings {
  const out: CrossFindings = {
    list,
    doc: [],
    entries: [],
    byEntry: new Map(),
    byRule: new Map(),
    totals: { error: 0, warning: 0, info: 0, byRule: new Map() },
  };
  for (const issue of list) {
    const t = out.totals;
    t[issue.severity]++;
    const g = t.byRule.get(issue.rule);
    if (g === undefined) t.byRule.set(issue.rule, { severity: issue.severity, count: 1 });
    else {
      g.count++;
      if (severityRank(issue.severity) > severityRank(g.severity)) g.severity = issue.severity;
    }
    if (issue.entry === undefined) {
      out.doc.push(issue);
      continue;
    }
    out.entries.push(issue);
    const at = out.byEntry.get(issue.entry);
    if (at === undefined) out.byEntry.set(issue.entry, [issue]);
    else at.push(issue);
    const ids = out.byRule.get(issue.rule);
    if (ids === undefined) out.byRule.set(issue.rule, [issue.entry]);
    else if (ids[ids.length - 1] !== issue.entry) ids.push(issue.entry);
  }
  return out;
}

/** Same findings, in the same order (a rebuild that found what was held already). */
function sameIssues(a: readonly Issue[], b: readonly Issue[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    const x = a[k];
    const y = b[k];
    if (
      x.rule !== y.rule ||
      x.severity !== y.severity ||
      x.entry !== y.entry ||
      x.field !== y.field ||
      x.message !== y.message
    )
      return false;
  }
  return true;
}

/** Entries counted for the hreflang index between two steps of a load. */
const COUNT_STEP = 8192;
/**
 * From this many entries on, `addCheckedSteps` makes the slot table in a task of its own (its
 * columns are ~5 MB per 131,072 entries; see `END_SLICE`).
 */
const BIG_LOAD = 131_072;

/** Images, alternates, video and news children and other XML nodes of an entry (0 for a plain URL). */
function subItems(e: Entry): number {
  let n = (e.images?.length ?? 0) + (e.alternates?.length ?? 0) + (e.extras?.length ?? 0);
  if (e.videos !== undefined) for (const v of e.videos) n += v.nodes.length;
  if (e.news !== undefined) for (const x of e.news) n += x.nodes.length;
  return n;
}
