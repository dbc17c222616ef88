/**
 * Validation of a whole document (`validateDocument`) and incremental revalidation (`Validator`).
 *
 * The validator keeps, per entry, its local issues (rules that need only the entry), its scope
 * issues (HOST/IDX, against the reference origin) and its group issues (duplicates, hreflang
 * cluster). An edit revalidates the edited entries plus the members of the duplicate groups and
 * hreflang clusters they leave or join; document counters are updated by subtracting the old facts
 * and adding the new ones. Parse issues are kept until the field they concern is edited.
 */
import type { CrawlJoin } from './crawl/join.ts';
import {
  type Entry,
  type Issue,
  type Severity,
  type SitemapDocument,
  severityRank,
  type ValidationSettings,
} from './model.ts';
import { whereIs } from './rules/common.ts';
import { crawlIssues, missingIssue } from './rules/crawl.ts';
import { DocCounters, documentIssues } from './rules/documentRules.ts';
import {
  describeDifference,
  dupIssue,
  familyHash,
  familyOf,
  normKey,
  versionOf,
} from './rules/duplicates.ts';
import { checkEntry, type EntryFacts } from './rules/entry.ts';
import { HashIndex } from './rules/hashIndex.ts';
import { checkHost, type Reference, referenceFromOrigin, referenceFromSettings } from './rules/host.ts';
import { type ClusterIndex, clusterIssues } from './rules/hreflangCluster.ts';
import { isQuiet, profileNote } from './rules/profile.ts';
import type { RuleId } from './rules/registry.ts';
import { scanUrl, trimValue, type UrlParts } from './urls.ts';

/** A change to the document's entries (as the state layer's patches carry them). */
export interface EntryChange {
  added?: Entry[];
  updated?: Array<{ before: Entry; after: Entry }>;
  removed?: Entry[];
}

/** Keys of an entry computed on demand (host checks, duplicate groups). */
interface Derived {
  /** Scanned loc. */
  parts?: UrlParts | null;
  /** Normalised loc (`normKey`). */
  norm?: string;
  /** Family key (`familyOf`), when another entry shares its hash. */
  family?: string;
}

/** One duplicate family (entries with equal family keys) and its lookups, built on demand. */
interface Family {
  /** Members in filing order. */
  members: Slot[];
  /** First member (lowest seq) per exact loc, per normalised loc, per lower-cased normalised loc. */
  exact?: Map<string, Slot>;
  norm?: Map<string, Slot>;
  cased?: Map<string, Slot>;
  /** Per `versionOf` (members with a scanned loc only): the first member, and the first whose scheme or host differs from it. */
  versions?: Map<string, { first: Slot; other: Slot | undefined }>;
}

/** Families larger than this get lookup maps; smaller ones are scanned. */
const SCAN_LIMIT = 16;

/** What host checks compare against (`Validator.reference`). */
interface ScopeReference {
  ref: Reference | null;
  /** `set:<url>`, `inferred:<origin>` or '' (no reference). */
  key: string;
  /** The inferred origin (its entries need no host check), null when the reference is set or absent. */
  inferred: string | null;
}

/** One entry's state; it holds its own facts (one object per entry: `checkEntry` fills it). */
interface Slot extends EntryFacts {
  entry: Entry;
  seq: number;
  derived: Derived | undefined;
  local: Issue[];
  scope: Issue[];
  group: Issue[];
  parse: Issue[];
  /** CRAWL issues (empty without crawl data). */
  crawl: Issue[];
  /** Crawl row this entry lists (-1: not crawled or no crawl attached). */
  crawlRow: number;
  /** The join this entry was joined with (null: none yet). */
  joined: CrawlJoin | null;
  cache: Issue[] | null;
  /** Issues the severity profile withholds from the row (validator's, then parser's): see `quietIssues`. */
  quiet: Issue[];
  quietParse: Issue[];
}

const NO_ISSUES: readonly Issue[] = [];
const NO_IDS: readonly number[] = [];
/** Shared empty list for slots without issues (never mutated: lists are replaced, not pushed to). */
const EMPTY = NO_ISSUES as Issue[];

/** `parse` without the issues whose rule and field `validated` already reports. */
export function withoutRepeats(parse: readonly Issue[], validated: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  for (const i of validated) seen.add(`${i.rule} ${i.entry} ${i.field}`);
  return parse.filter((i) => !seen.has(`${i.rule} ${i.entry} ${i.field}`));
}

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

/** Incremental validator: `load` once, then `apply` every change; state/validation.ts picks the part the store uses. */
export class Validator {
  /** Increments on every load, apply and settings change. */
  version = 0;
  private settings: ValidationSettings;
  private doc: SitemapDocument = { kind: 'urlset', entries: [], nextId: 0 };
  /** Slots by entry id (ids are small integers: parsers number entries 0..n-1). */
  private byId: Array<Slot | undefined> = [];
  /** Slots by `seq` (document order); removed entries leave holes. */
  private bySeq: Array<Slot | undefined> = [];
  private seq = 0;
  private counters = new DocCounters();
  /** Seqs filed under the hash of their duplicate-family key (which also finds exact locs). */
  private families = new HashIndex();
  /** Seqs of the entries listing an hreflang href, filed under the href's family hash (self links left out). */
  private listers = new HashIndex();
  /** By seq: 1 when the entry's family hash has been shared with another entry (0: its family is itself alone). */
  private sharedFamily = new Uint8Array(1024);
  /** Families by family hash, then by family key; dropped when the hash's filings change and after each pass. */
  private familyCache = new Map<number, Map<string, Family>>();
  /** For hashes filed more than `SCAN_LIMIT` times, per `hash loc`: `listersOf` / `firstWithLoc` answers; dropped with the index they read and after each pass. */
  private listerCache = new Map<string, readonly number[]>();
  private locCache = new Map<string, Slot | undefined>();
  /** Scratch list for hash candidates. */
  private readonly cands: number[] = [];
  private refKey = '';
  private docIssues: Issue[] = [];
  private docParse: Issue[] = [];
  private byRule = new Map<string, { severity: Severity; count: number }>();
  private sevCount = { error: 0, warning: 0, info: 0 };
  /** Parse findings an edit dropped, by the entry object they were found on (for undo). */
  private droppedParse = new WeakMap<Entry, Issue[]>();
  /** Quiet rule → entries holding withheld issues of it (one file-level note each). */
  private quietRows = new Map<RuleId, number>();
  private readonly cluster: ClusterIndex;
  private readonly scratch: Issue[] = [];
  /** The crawl join entries are listed in (null: no crawl data attached). */
  private join: CrawlJoin | null = null;
  /** Lent to `checkEntry` for the hreflang and image issues of the entry being checked. */
  private readonly side: Issue[] = [];

  /** @param settings publish URL, cross-submission switch and "now". */
  constructor(settings: ValidationSettings) {
    this.settings = settings;
    this.cluster = {
      locOf: (href, hash) => this.firstWithLoc(href, hash)?.entry.id,
      listersOf: (loc, hash) => this.listersOf(loc, hash),
      lists: (id, loc) => {
        const s = this.byId[id];
        return s !== undefined && listsHref(s, loc);
      },
      hashOf: (id) => this.byId[id]?.familyHash ?? 0,
      order: (id) => this.byId[id]?.seq ?? Number.MAX_SAFE_INTEGER,
      entry: (id) => this.byId[id]?.entry,
      hreflang: (id) => this.byId[id]?.href ?? null,
    };
  }

  /** Full validation of a document; `parseIssues` (from parseSitemap) are kept alongside. */
  load(doc: SitemapDocument, parseIssues: readonly Issue[] = []): void {
    const steps = this.loadSteps(doc, parseIssues);
    while (!steps.next().done);
  }

  /**
   * The work of `load`, in steps a caller can spread over several tasks: yields the units done so
   * far (of `2 × entries`: each entry is checked, then grouped) after every `chunk` entries, and
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
    this.reset(doc);
    const byEntry = new Map<number, Issue[]>();
    for (const i of parseIssues) {
      if (i.entry === undefined) this.docParse.push(i);
      else {
        const list = byEntry.get(i.entry);
        if (list) list.push(i);
        else byEntry.set(i.entry, [i]);
      }
    }
    this.families = new HashIndex(doc.entries.length);
    let hrefs = 0;
    for (const e of doc.entries) if (e.alternates !== undefined) hrefs += e.alternates.length;
    if (hrefs > 0) this.listers = new HashIndex(hrefs);
    this.sharedFamily = new Uint8Array(doc.entries.length + 1024);
    let done = 0;
    let parts = 0;
    for (const e of doc.entries) {
      this.insert(e, byEntry.size > 0 ? (byEntry.get(e.id) ?? EMPTY) : EMPTY);
      parts += subItems(e);
      if (++done % chunk === 0 || parts >= chunk) {
        parts = 0;
        yield done;
      }
    }
    // Host checks against the final reference run in the grouping pass (one visit per slot).
    const ref = this.reference();
    this.refKey = ref.key;
    const bySeq = this.bySeq;
    for (let q = 0; q < bySeq.length; q++) {
      const slot = bySeq[q];
      if (slot !== undefined) {
        this.checkScope(slot, ref);
        this.regroup(slot);
        if (slot.href !== null) parts += slot.href.hrefs.length;
      }
      if (++done % chunk === 0 || parts >= chunk) {
        parts = 0;
        yield done;
      }
    }
    this.dropCaches();
    this.refreshDocument();
    for (const i of this.docParse) this.count(i, 1);
    this.version++;
  }

  /**
   * Takes over everything `other` holds (settings, document, issues, indexes) in O(1), as one
   * change (`version` increments). `other` must not be used afterwards.
   */
  adopt(other: Validator): void {
    this.releaseCrawl();
    this.join = other.join;
    this.settings = other.settings;
    this.doc = other.doc;
    this.byId = other.byId;
    this.bySeq = other.bySeq;
    this.seq = other.seq;
    this.counters = other.counters;
    this.families = other.families;
    this.dropCaches();
    this.sharedFamily = other.sharedFamily;
    this.listers = other.listers;
    this.refKey = other.refKey;
    this.docIssues = other.docIssues;
    this.docParse = other.docParse;
    this.byRule = other.byRule;
    this.sevCount = other.sevCount;
    this.quietRows = other.quietRows;
    this.version++;
  }

  /** Applies an edit incrementally (the document object passed to `load` is not read again). */
  apply(change: EntryChange): void {
    const touched = new Set<number>();
    const changed: number[] = [];
    for (const e of change.removed ?? []) {
      this.collectNeighbours(e, touched);
      this.extract(e.id);
    }
    for (const { before, after } of change.updated ?? []) {
      this.collectNeighbours(before, touched);
      const old = this.byId[before.id];
      // Parse findings dropped by an edit come back when undo puts the same entry object back.
      const restored = this.droppedParse.get(after);
      const keep = restored ?? (old ? keptParse(old, before, after) : []);
      if (old && old.parse.length + old.quietParse.length > keep.length)
        this.droppedParse.set(before, [...old.parse, ...old.quietParse]);
      const seq = old?.seq;
      this.extract(before.id);
      this.insert(after, keep, seq);
      changed.push(after.id);
    }
    for (const e of change.added ?? []) {
      this.insert(e, []);
      changed.push(e.id);
    }
    for (const id of changed) {
      const s = this.byId[id];
      if (s) this.collectNeighbours(s.entry, touched);
    }
    this.refreshReference(false, changed);
    for (const id of touched) {
      const s = this.byId[id];
      if (s) this.regroup(s);
    }
    this.dropCaches();
    this.refreshDocument();
    this.version++;
  }

  /** Changes settings and revalidates everything (settings affect host, date and scope rules). */
  setSettings(s: ValidationSettings): void {
    this.settings = s;
    const parse = [...this.docParse];
    const entryParse: Issue[] = [];
    const entries: Entry[] = [];
    for (const slot of this.bySeq) {
      if (slot === undefined) continue;
      for (const i of slot.parse) entryParse.push(i);
      for (const i of slot.quietParse) entryParse.push(i);
      entries.push(slot.entry);
    }
    const doc = { ...this.doc, entries };
    this.load(doc, [...parse, ...entryParse]);
  }

  /** Issues of one entry (parse, local, scope, group). */
  issuesOf(entryId: number): readonly Issue[] {
    const s = this.byId[entryId];
    if (!s) return NO_ISSUES;
    if (s.cache === null) {
      const n = s.parse.length + s.local.length + s.scope.length + s.group.length;
      // One non-empty list is the whole answer (lists are replaced, never mutated).
      if (n === s.local.length) s.cache = s.crawl.length === 0 ? s.local : [...s.local, ...s.crawl];
      else if (s.crawl.length > 0) s.cache = [...s.parse, ...s.local, ...s.scope, ...s.group, ...s.crawl];
      else if (n === s.group.length) s.cache = s.group;
      else if (n === s.scope.length) s.cache = s.scope;
      else if (n === s.parse.length) s.cache = s.parse;
      else s.cache = [...s.parse, ...s.local, ...s.scope, ...s.group];
    }
    return s.cache;
  }

  /** Document-level issues (parse and validation). */
  documentIssues(): readonly Issue[] {
    return [...this.docParse, ...this.docIssues];
  }

  /** Every issue: document-level first, then entries in document order. */
  all(): Issue[] {
    const out: Issue[] = [...this.docParse, ...this.docIssues];
    for (const s of this.bySeq) {
      if (
        s === undefined ||
        s.parse.length + s.local.length + s.scope.length + s.group.length + s.crawl.length === 0
      )
        continue;
      for (const i of this.issuesOf(s.entry.id)) out.push(i);
    }
    return out;
  }

  /** Totals by severity and by rule. */
  counts(): {
    error: number;
    warning: number;
    info: number;
    byRule: Map<string, { severity: Severity; count: number }>;
  } {
    return { ...this.sevCount, byRule: new Map([...this.byRule].map(([k, v]) => [k, { ...v }])) };
  }

  /** Ids of the entries with at least one issue of a rule, in document order. */
  entriesWithRule(rule: string): number[] {
    const out: number[] = [];
    for (const s of this.bySeq) {
      if (
        s === undefined ||
        s.parse.length + s.local.length + s.scope.length + s.group.length + s.crawl.length === 0
      )
        continue;
      if (hasRule(this.issuesOf(s.entry.id), rule)) out.push(s.entry.id);
    }
    return out;
  }

  /** The worst severity among an entry's issues. */
  worstSeverity(entryId: number): Severity | undefined {
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
    const steps = this.setCrawlSteps(join, Number.MAX_SAFE_INTEGER);
    while (!steps.next().done);
  }

  /**
   * `setCrawl` in steps a caller can spread over several tasks: yields the entries done after
   * every `chunk`. Edits between steps are safe (an entry inserted meanwhile is joined once).
   * The document-level CRAWL-006 appears after the last step.
   */
  *setCrawlSteps(join: CrawlJoin | null, chunk = 20_000): Generator<number, void> {
    this.releaseCrawl();
    this.join = join;
    // A lazily built join finds its CRAWL-006 candidates first, `chunk` crawl rows per step.
    while (join !== null && !join.prepare(chunk)) {
      yield 0;
      if (this.join !== join) return;
    }
    let done = 0;
    for (let q = 0; q < this.bySeq.length; q++) {
      const slot = this.bySeq[q];
      if (slot !== undefined) {
        if (join !== null) {
          if (slot.joined !== join) this.joinSlot(slot, join);
        } else if (slot.crawl.length > 0) this.setList(slot, 'crawl', EMPTY);
      }
      if (++done % chunk === 0) {
        this.version++;
        yield done;
        // Another join (or a reload) took over: this one is stale.
        if (this.join !== join) return;
      }
    }
    this.refreshDocument();
    this.version++;
  }

  /** The crawl join in use, if any (read by fixes and the grid's crawl columns). */
  crawlJoin(): CrawlJoin | null {
    return this.join;
  }

  /** Crawl row listed by an entry, or -1 (not crawled, or no crawl attached). */
  crawlRowOf(entryId: number): number {
    return this.byId[entryId]?.crawlRow ?? -1;
  }

  /**
   * The URL prefix of the pages this sitemap should hold, for CRAWL-006: the publish URL's
   * directory, else the most common origin ('' when the document has no URL yet).
   */
  crawlScope(): string {
    const r = this.reference().ref;
    if (r === null) return '';
    const port = r.port === (r.scheme === 'https' ? '443' : '80') ? '' : `:${r.port}`;
    return `${r.scheme}://${r.host}${port}${r.dir ?? '/'}`;
  }

  /** Takes this validator's entries out of the join (before a reload or another join). */
  private releaseCrawl(): void {
    const join = this.join;
    if (join === null) return;
    for (const slot of this.bySeq) {
      if (slot === undefined) continue;
      slot.joined = null;
      if (slot.crawlRow < 0) continue;
      join.list(slot.crawlRow, -1);
      slot.crawlRow = -1;
    }
  }

  private joinSlot(slot: Slot, join: CrawlJoin): void {
    slot.joined = join;
    const r = join.matchRow(slot.entry.loc);
    const row = r >= -1 ? r : -2 - r;
    slot.crawlRow = row;
    if (row >= 0) join.list(row, 1);
    // Most listed URLs are fine: no match object, no issue list.
    if (r >= 0 && join.clean(r) && slot.crawl.length === 0) return;
    const out: Issue[] = [];
    crawlIssues(join, row < 0 ? null : { row, exact: r >= 0 }, slot.entry, out);
    if (out.length > 0 || slot.crawl.length > 0) this.setList(slot, 'crawl', out.length > 0 ? out : EMPTY);
  }

  /**
   * The per-row issues of `rule` that the severity profile shows as one file-level note, in
   * document order (what "Fix all" on the note works on). Empty under *Strict (XSD)*.
   *
   * @example v.quietIssues('XML-006').length // rows out of XSD order
   */
  quietIssues(rule: string): Issue[] {
    const out: Issue[] = [];
    if (!this.quietRows.has(rule as RuleId)) return out;
    for (const s of this.bySeq) {
      if (s === undefined || s.quiet.length + s.quietParse.length === 0) continue;
      for (const i of s.quiet) if (i.rule === rule) out.push(i);
      for (const i of s.quietParse) if (i.rule === rule) out.push(i);
    }
    return out;
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
    if (quiet) slot.quiet = quiet;
    if (quietParse.length > 0) slot.quietParse = quietParse;
    if (quiet === null && quietParse.length === 0) return parse;
    this.countQuiet(slot, 1);
    return quietParse.length > 0 ? parse.filter((i) => !isQuiet(i.rule, profile)) : parse;
  }

  private countQuiet(slot: Slot, sign: 1 | -1): void {
    const rules = new Set<RuleId>();
    for (const i of slot.quiet) rules.add(i.rule);
    for (const i of slot.quietParse) rules.add(i.rule);
    for (const rule of rules) {
      const n = (this.quietRows.get(rule) ?? 0) + sign;
      if (n > 0) this.quietRows.set(rule, n);
      else this.quietRows.delete(rule);
    }
  }

  private reset(doc: SitemapDocument): void {
    this.releaseCrawl();
    this.doc = doc;
    this.byId = [];
    this.bySeq = [];
    this.seq = 0;
    this.counters = new DocCounters();
    this.families = new HashIndex();
    this.dropCaches();
    this.sharedFamily = new Uint8Array(1024);
    this.listers = new HashIndex();
    this.refKey = '';
    this.docIssues = [];
    this.docParse = [];
    this.byRule = new Map();
    this.sevCount = { error: 0, warning: 0, info: 0 };
    this.quietRows = new Map();
  }

  private count(i: Issue, sign: 1 | -1): void {
    this.sevCount[i.severity] += sign;
    const key = i.rule;
    const cur = this.byRule.get(key);
    if (cur) {
      cur.count += sign;
      if (cur.count === 0) this.byRule.delete(key);
    } else if (sign > 0) this.byRule.set(key, { severity: i.severity, count: 1 });
  }

  private setList(slot: Slot, which: 'local' | 'scope' | 'group' | 'parse' | 'crawl', list: Issue[]): void {
    for (const i of slot[which]) this.count(i, -1);
    for (const i of list) this.count(i, 1);
    slot[which] = list.length > 0 ? list : EMPTY;
    slot.cache = null;
  }

  private insert(e: Entry, parse: Issue[], seq?: number): void {
    const local = this.scratch;
    if (local.length > 0) local.length = 0;
    const slot: Slot = {
      exact: '',
      familyHash: 0,
      origin: null,
      day: null,
      dateOnly: false,
      priority: null,
      hasChangefreq: false,
      hasPriority: false,
      bytes: 0,
      newsCount: 0,
      newsName: null,
      offHostImages: 0,
      href: null,
      entry: e,
      seq: seq ?? this.seq++,
      derived: undefined,
      local: EMPTY,
      scope: EMPTY,
      group: EMPTY,
      parse: EMPTY,
      crawl: EMPTY,
      crawlRow: -1,
      joined: null,
      cache: null,
      quiet: EMPTY,
      quietParse: EMPTY,
    };
    const facts = checkEntry(e, this.doc.kind, this.settings, local, slot, this.side);
    this.byId[e.id] = slot;
    this.bySeq[slot.seq] = slot;
    if (local.length > 0 || parse.length > 0) parse = this.withhold(slot, local, parse);
    if (local.length > 0) this.setList(slot, 'local', local.slice());
    // A parse issue the validator reports again for the same field (e.g. XML-004 for a <url>
    // without <loc>, which is also an empty loc) is shown once, with the validator's message.
    const own = parse.length > 0 && local.length > 0 ? withoutRepeats(parse, local) : parse;
    if (own.length > 0) this.setList(slot, 'parse', own);
    if (this.join !== null) this.joinSlot(slot, this.join);
    this.counters.apply(facts, 1);
    const before = this.families.add(facts.familyHash, slot.seq);
    if (this.locCache.size > 0) this.locCache.clear();
    if (before > 0) {
      this.familyCache.delete(facts.familyHash);
      // The others were flagged when the hash first became shared: flag them only then.
      if (before === 1) this.markShared(facts.familyHash);
      else this.flagShared(slot.seq);
    }
    const href = facts.href;
    if (href) {
      if (this.listerCache.size > 0) this.listerCache.clear();
      for (let k = 0; k < href.hrefs.length; k++)
        if (href.hrefs[k] !== facts.exact) this.listers.add(href.hashes[k], slot.seq);
    }
  }

  private extract(id: number): void {
    const slot = this.byId[id];
    if (!slot) return;
    for (const w of ['local', 'scope', 'group', 'parse', 'crawl'] as const)
      if (slot[w].length > 0) this.setList(slot, w, EMPTY);
    if (slot.crawlRow >= 0) this.join?.list(slot.crawlRow, -1);
    if (slot.quiet.length + slot.quietParse.length > 0) this.countQuiet(slot, -1);
    this.counters.apply(slot, -1);
    this.families.remove(slot.familyHash, slot.seq);
    this.familyCache.delete(slot.familyHash);
    if (this.locCache.size > 0) this.locCache.clear();
    const href = slot.href;
    if (href) {
      if (this.listerCache.size > 0) this.listerCache.clear();
      for (let k = 0; k < href.hrefs.length; k++)
        if (href.hrefs[k] !== slot.exact) this.listers.remove(href.hashes[k], slot.seq);
    }
    this.byId[id] = undefined;
    if (this.bySeq[slot.seq] === slot) this.bySeq[slot.seq] = undefined;
  }

  /** Forgets the answers cached for the current pass. */
  private dropCaches(): void {
    this.familyCache.clear();
    this.listerCache.clear();
    this.locCache.clear();
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
      const s = this.bySeq[q];
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

  /** The earliest slot (document order) whose trimmed loc is exactly `href` (`hash`: its family hash). */
  private firstWithLoc(href: string, hash: number): Slot | undefined {
    if (this.families.count(hash) <= SCAN_LIMIT) return this.findFirstWithLoc(href, hash);
    const key = `${hash} ${href}`;
    if (this.locCache.has(key)) return this.locCache.get(key);
    const found = this.findFirstWithLoc(href, hash);
    this.locCache.set(key, found);
    return found;
  }

  private findFirstWithLoc(href: string, hash: number): Slot | undefined {
    const cands = this.families.slots(hash, this.cands);
    let best: Slot | undefined;
    for (const q of cands) {
      const s = this.bySeq[q];
      if (s !== undefined && s.exact === href && (!best || s.seq < best.seq)) best = s;
    }
    if (cands.length > 0) cands.length = 0;
    return best;
  }

  /** The family of `slot` (entries whose family key equals its own, itself included). */
  private familyOfSlot(slot: Slot): Family {
    const hash = slot.familyHash;
    if (this.families.count(hash) < 2) return { members: [slot] };
    let byKey = this.familyCache.get(hash);
    if (byKey === undefined) {
      byKey = new Map();
      const cands = this.families.slots(hash, this.cands);
      for (const q of cands) {
        const s = this.bySeq[q];
        if (s === undefined) continue;
        const key = familyKeyOf(s);
        const f = byKey.get(key);
        if (f) f.members.push(s);
        else byKey.set(key, { members: [s] });
      }
      if (cands.length > 0) cands.length = 0;
      this.familyCache.set(hash, byKey);
    }
    return byKey.get(familyKeyOf(slot)) ?? { members: [slot] };
  }

  /** Flags every entry filed under a family hash that is now held by several entries. */
  private markShared(hash: number): void {
    const cands = this.families.slots(hash, this.cands);
    for (const q of cands) this.flagShared(q);
    if (cands.length > 0) cands.length = 0;
  }

  /** Flags one seq as sharing its family hash. */
  private flagShared(q: number): void {
    if (q >= this.sharedFamily.length) {
      const next = new Uint8Array(Math.max(q + 1, this.sharedFamily.length * 2));
      next.set(this.sharedFamily);
      this.sharedFamily = next;
    }
    this.sharedFamily[q] = 1;
  }

  /** Number of entries in `slot`'s family (itself included). */
  private familySize(slot: Slot): number {
    if (this.sharedFamily[slot.seq] !== 1) return 1;
    const n = this.families.count(slot.familyHash);
    return n < 2 ? n : this.familyOfSlot(slot).members.length;
  }

  /** Ids whose group issues may change when `e` joins or leaves. */
  private collectNeighbours(e: Entry, into: Set<number>): void {
    into.add(e.id);
    const loc = trimValue(e.loc);
    const cands = this.families.slots(familyHash(loc, scanUrl(loc)), this.cands);
    for (const q of cands) {
      const s = this.bySeq[q];
      if (s) into.add(s.entry.id);
    }
    if (cands.length > 0) cands.length = 0;
    for (const id of this.listersOf(loc, familyHash(loc, scanUrl(loc)))) into.add(id);
    for (const a of e.alternates ?? []) {
      if (!a.href) continue;
      const href = trimValue(a.href);
      const found = this.families.slots(familyHash(href, scanUrl(href)), this.cands);
      for (const q of found) {
        const s = this.bySeq[q];
        if (s && s.exact === href) into.add(s.entry.id);
      }
      if (found.length > 0) found.length = 0;
    }
  }

  private refreshReference(force: boolean, changed: readonly number[]): void {
    const ref = this.reference();
    const all = force || ref.key !== this.refKey;
    this.refKey = ref.key;
    if (all) {
      for (const slot of this.bySeq) if (slot !== undefined) this.checkScope(slot, ref);
    } else
      for (const id of changed) {
        const slot = this.byId[id];
        if (slot !== undefined) this.checkScope(slot, ref);
      }
  }

  /** The host-check reference: the publish URL of the settings, else the leading origin. */
  private reference(): ScopeReference {
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

  /** Recomputes one slot's scope issues (HOST/IDX) against `r`. */
  private checkScope(slot: Slot, r: ScopeReference): void {
    const out = this.scratch;
    if (out.length > 0) out.length = 0;
    if (r.ref && slot.origin !== null && slot.origin !== r.inferred) {
      const ctx = { entry: slot.entry, kind: this.doc.kind, settings: this.settings, out };
      checkHost(ctx, partsOf(slot)!, r.ref);
    }
    if (out.length > 0 || slot.scope.length > 0) this.setList(slot, 'scope', out.slice());
  }

  private refreshDocument(): void {
    const next = documentIssues(this.doc, this.counters, referenceFromSettings(this.settings));
    const missing = this.join === null ? null : missingIssue(this.join);
    if (missing !== null) next.push(missing);
    for (const [rule, rows] of this.quietRows) next.push(profileNote(rule, rows));
    for (const i of this.docIssues) this.count(i, -1);
    for (const i of next) this.count(i, 1);
    this.docIssues = next;
  }

  private regroup(slot: Slot): void {
    // No shared family and no hreflang anywhere: nothing to group (the checks below would agree).
    if (slot.group.length === 0 && !slot.href && this.families.sharedHashes === 0 && this.listers.size === 0)
      return;
    const lonely = !slot.href && this.familySize(slot) < 2;
    const listed = !slot.href && this.isListed(slot);
    if (lonely && slot.group.length === 0 && !listed) return;
    const out: Issue[] = [];
    this.duplicateIssues(slot, out);
    if (slot.href || listed) clusterIssues(slot.entry, this.cluster, out);
    if (out.length > 0 || slot.group.length > 0) this.setList(slot, 'group', out);
  }

  private duplicateIssues(slot: Slot, out: Issue[]): void {
    if (slot.exact === '' || this.sharedFamily[slot.seq] !== 1) return;
    const family = this.familyOfSlot(slot);
    if (family.members.length < 2) return;
    const k = { exact: slot.exact, norm: normOf(slot) };
    const e = slot.entry;
    if (this.doc.kind === 'text' && !k.norm) return;
    const rule = this.doc.kind === 'sitemapindex' ? 'IDX-007' : 'LOC-006';
    const exact = firstExact(family, slot);
    if (exact !== slot) {
      out.push(
        dupIssue(
          rule,
          'warning',
          `Duplicate URL: also listed by ${whereIs(exact.entry)}. Remove this entry (its images, videos and links can be merged into the first).`,
          e.id,
          e.line,
        ),
      );
      return;
    }
    if (!k.norm) return;
    const norm = firstNorm(family, slot);
    if (norm !== slot) {
      const diff = describeDifference(k.exact, norm.exact);
      out.push(
        dupIssue(
          rule,
          'warning',
          `Probable duplicate: differs only by ${diff} from ${whereIs(norm.entry)}. List the page once, in the form the server answers without a redirect.`,
          e.id,
          e.line,
        ),
      );
      return;
    }
    const cased = firstCased(family, slot);
    if (cased !== slot) {
      out.push(
        dupIssue(
          'LOC-011',
          'info',
          `Differs only by the letter case of the path from ${whereIs(cased.entry)}; engines fetch URLs literally, so list only the form the server serves.`,
          e.id,
          e.line,
        ),
      );
      return;
    }
    const mine = partsOf(slot)!;
    const other = firstVariant(family, slot);
    if (other) {
      const what = partsOf(other)!.scheme !== mine.scheme ? 'http and https' : 'www and the bare domain';
      out.push(
        dupIssue(
          'LOC-007',
          'warning',
          `The same page is also listed as ${whereIs(other.entry)} (${what}); list only the canonical version.`,
          e.id,
          e.line,
        ),
      );
    }
  }
}

/** Images, alternates, video and news children and other XML nodes of an entry (0 for a plain URL). */
function subItems(e: Entry): number {
  let n = (e.images?.length ?? 0) + (e.alternates?.length ?? 0) + (e.extras?.length ?? 0);
  if (e.videos !== undefined) for (const v of e.videos) n += v.nodes.length;
  if (e.news !== undefined) for (const x of e.news) n += x.nodes.length;
  return n;
}

/** The earliest member (document order) with the same exact loc as `slot` (maybe `slot`). */
function firstExact(f: Family, slot: Slot): Slot {
  if (f.members.length <= SCAN_LIMIT) return scanFirst(f.members, slot, exactOf);
  f.exact ??= firstBy(f.members, exactOf);
  return f.exact.get(slot.exact)!;
}

/** The earliest member with the same normalised loc as `slot`. */
function firstNorm(f: Family, slot: Slot): Slot {
  if (f.members.length <= SCAN_LIMIT) return scanFirst(f.members, slot, normOf);
  f.norm ??= firstBy(f.members, normOf);
  return f.norm.get(normOf(slot))!;
}

/** The earliest member whose normalised loc equals `slot`'s but for letter case. */
function firstCased(f: Family, slot: Slot): Slot {
  if (f.members.length <= SCAN_LIMIT) return scanFirst(f.members, slot, casedOf);
  f.cased ??= firstBy(f.members, casedOf);
  return f.cased.get(casedOf(slot))!;
}

/**
 * The earliest member with `slot`'s `versionOf` but another scheme or (case-blind) host: the
 * version's first member when it differs from `slot` that way, else the first that differs from it.
 */
function firstVariant(f: Family, slot: Slot): Slot | undefined {
  f.versions ??= versionsOf(f.members);
  const v = f.versions.get(versionOf(normOf(slot)));
  if (v === undefined) return undefined;
  return siteOf(v.first) !== siteOf(slot) ? v.first : v.other;
}

function exactOf(s: Slot): string {
  return s.exact;
}

function casedOf(s: Slot): string {
  return normOf(s).toLowerCase();
}

/** Scheme and lower-cased host of a slot with a scanned loc. */
function siteOf(s: Slot): string {
  const p = partsOf(s)!;
  return `${p.scheme}://${p.host.toLowerCase()}`;
}

/** The earliest member (document order) whose `key` equals `slot`'s; the members contain `slot`. */
function scanFirst(members: readonly Slot[], slot: Slot, key: (s: Slot) => string): Slot {
  const want = key(slot);
  let best = slot;
  for (const s of members) if (s.seq < best.seq && key(s) === want) best = s;
  return best;
}

/** The earliest member (document order) per value of `key`. */
function firstBy(members: readonly Slot[], key: (s: Slot) => string): Map<string, Slot> {
  const out = new Map<string, Slot>();
  for (const s of members) {
    const k = key(s);
    const cur = out.get(k);
    if (cur === undefined || s.seq < cur.seq) out.set(k, s);
  }
  return out;
}

/** Per `versionOf`: the earliest member with a scanned loc, and the earliest whose site differs from it. */
function versionsOf(members: readonly Slot[]): Map<string, { first: Slot; other: Slot | undefined }> {
  const out = new Map<string, { first: Slot; other: Slot | undefined }>();
  const sorted = members.filter((s) => partsOf(s) !== null).sort((a, b) => a.seq - b.seq);
  for (const s of sorted) {
    const key = versionOf(normOf(s));
    const v = out.get(key);
    if (v === undefined) out.set(key, { first: s, other: undefined });
    else if (v.other === undefined && siteOf(s) !== siteOf(v.first)) v.other = s;
  }
  return out;
}

function derivedOf(s: Slot): Derived {
  if (s.derived === undefined) s.derived = {};
  return s.derived;
}

/** The slot's scanned loc (cached). */
function partsOf(s: Slot): UrlParts | null {
  const d = derivedOf(s);
  if (d.parts === undefined) d.parts = s.origin === null ? null : scanUrl(s.exact);
  return d.parts;
}

/** The slot's family key (cached; `scanUrl` based, as `familyHash` files it). */
function familyKeyOf(s: Slot): string {
  const d = derivedOf(s);
  if (d.family === undefined) d.family = familyOf(s.exact, scanUrl(s.exact));
  return d.family;
}

/** True when a list holds an issue of `rule`. */
function hasRule(list: readonly Issue[], rule: string): boolean {
  for (const i of list) if (i.rule === rule) return true;
  return false;
}

/** The slot's normalised loc (cached). */
function normOf(s: Slot): string {
  const d = derivedOf(s);
  if (d.norm === undefined) d.norm = normKey(partsOf(s));
  return d.norm;
}

/** True when an entry lists `loc` as an hreflang href and `loc` is not its own loc. */
function listsHref(f: EntryFacts, loc: string): boolean {
  return f.href !== null && f.exact !== loc && f.href.hrefs.includes(loc);
}

/** True when an issue's field (first path segment) differs between two versions of an entry. */
/**
 * Parse issues an edit keeps: those whose field it left alone. An edited entry is re-printed in
 * XSD order, so its order finding (XML-006) goes with any edit ("Reorder children" is an edit).
 */
function keptParse(old: Slot, before: Entry, after: Entry): Issue[] {
  const out: Issue[] = [];
  for (const list of [old.parse, old.quietParse])
    for (const i of list)
      if (!fieldChanged(before, after, i.field) && !(i.rule === 'XML-006' && before !== after)) out.push(i);
  return out;
}

function fieldChanged(before: Entry, after: Entry, field: string | undefined): boolean {
  if (field === undefined) return true;
  const top = field.split('.')[0] as keyof Entry;
  return before[top] !== after[top];
}
