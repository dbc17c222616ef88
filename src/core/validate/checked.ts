/**
 * The per-entry pass of a validation as columns: what `checkEntry` finds for each entry of a run
 * (the slot's facts, the entry's own issues) and the parse findings of each entry, so that one
 * thread (the worker, right after its parse) runs the pass and another (the page) files the slots
 * from it (`Validator.addChecked` / `finishCheckedSteps`) and runs only the checks
 * across entries. The page then never calls `checkEntry` for a load, and its slots end exactly as
 * a plain `Validator.load` makes them (validateChecked.test.ts).
 *
 * Layout: numbers and flags in typed arrays (transferred, not cloned), origins and priorities as
 * indexes into one word table, and whatever is rare (a trimmed loc unlike the loc, news, off-host
 * images, hreflang facts, issues) in one list of objects, by ascending index.
 */
import type { DocumentKind, Entry, Issue, ValidationSettings } from '../model.ts';
import { checkEntry, type EntryFacts, type EntryMemo, newEntryMemo } from '../rules/entry.ts';
import type { HreflangFacts } from '../rules/hreflang.ts';

/** The rare part of one entry's per-entry pass (only what differs from the common case). */
export interface CheckedMore {
  /** Index of the entry in its run. */
  i: number;
  /** The trimmed loc, when it differs from the loc. */
  exact?: string;
  newsCount?: number;
  newsName?: string | null;
  offHostImages?: number;
  href?: HreflangFacts;
  /** Issues of the rules that need only the entry, in `checkEntry`'s order. */
  local?: Issue[];
  /** The parser's findings on the entry, in the order the parse reported them. */
  parse?: Issue[];
}

/** The per-entry pass over `n` consecutive entries of a document (see the module comment). */
export interface CheckedColumns {
  n: number;
  /**
   * False: the per-entry pass was not run for these entries (the receiver runs `checkEntry`
   * itself); only `more[].parse` is set, and the typed arrays are empty.
   */
  pass: boolean;
  /** The document's kind, entry count and hreflang link count (the page sizes its indexes by them). */
  kind: DocumentKind;
  total: number;
  hrefs: number;
  familyHash: Int32Array;
  bytes: Int32Array;
  /** `EntryFacts.day` (NaN: null). */
  day: Float64Array;
  /** Per entry: the `EXACT_IS_LOC`, `DATE_ONLY`, `HAS_CHANGEFREQ`, `HAS_PRIORITY` bits. */
  bits: Uint8Array;
  /** Origin key and valid priority as indexes into `words` (-1: null). */
  origin: Int32Array;
  priority: Int32Array;
  words: string[];
  more: CheckedMore[];
}

const EXACT_IS_LOC = 1;
const DATE_ONLY = 2;
const HAS_CHANGEFREQ = 4;
const HAS_PRIORITY = 8;

/** Document-wide inputs of the per-entry pass, made once per document by `checkedRun`. */
export interface CheckedRun {
  readonly kind: DocumentKind;
  readonly settings: ValidationSettings;
  readonly total: number;
  readonly hrefs: number;
  /** Parse findings by entry id. */
  readonly parse: Map<number, Issue[]>;
  readonly memo: EntryMemo;
}

/** The inputs `checkColumns` needs for every run of one document (one pass over the entries). */
export function checkedRun(
  kind: DocumentKind,
  entries: readonly Entry[],
  parseIssues: readonly Issue[],
  settings: ValidationSettings,
): CheckedRun {
  let hrefs = 0;
  for (const e of entries) if (e.alternates !== undefined) hrefs += e.alternates.length;
  const parse = new Map<number, Issue[]>();
  for (const i of parseIssues) {
    if (i.entry === undefined) continue;
    const list = parse.get(i.entry);
    if (list) list.push(i);
    else parse.set(i.entry, [i]);
  }
  return { kind, settings, total: entries.length, hrefs, parse, memo: newEntryMemo() };
}

/**
 * Runs the per-entry pass over `entries[start, end)` and returns it as columns.
 *
 * @example const run = checkedRun(doc.kind, doc.entries, issues, settings); checkColumns(run, doc.entries, 0, 2500)
 */
export function checkColumns(
  run: CheckedRun,
  entries: readonly Entry[],
  start: number,
  end: number,
  pass = true,
): CheckedColumns {
  const n = end - start;
  const size = pass ? n : 0;
  const familyHash = new Int32Array(size);
  const bytes = new Int32Array(size);
  const day = new Float64Array(size);
  const bits = new Uint8Array(size);
  const origin = new Int32Array(size);
  const priority = new Int32Array(size);
  const words: string[] = [];
  const wordIndex = new Map<string, number>();
  const word = (w: string | null): number => {
    if (w === null) return -1;
    let k = wordIndex.get(w);
    if (k === undefined) {
      k = words.length;
      words.push(w);
      wordIndex.set(w, k);
    }
    return k;
  };
  const more: CheckedMore[] = [];
  const local: Issue[] = [];
  const side: Issue[] = [];
  const f = {} as EntryFacts;
  const { kind, settings, memo } = run;
  for (let i = 0; i < n && !pass; i++) {
    const parse = run.parse.size > 0 ? run.parse.get(entries[start + i].id) : undefined;
    if (parse !== undefined) more.push({ i, parse });
  }
  for (let i = 0; i < size; i++) {
    const e = entries[start + i];
    checkEntry(e, kind, settings, local, f, side, memo);
    familyHash[i] = f.familyHash;
    bytes[i] = f.bytes;
    day[i] = f.day === null ? Number.NaN : f.day;
    bits[i] =
      (f.exact === e.loc ? EXACT_IS_LOC : 0) |
      (f.dateOnly ? DATE_ONLY : 0) |
      (f.hasChangefreq ? HAS_CHANGEFREQ : 0) |
      (f.hasPriority ? HAS_PRIORITY : 0);
    origin[i] = word(f.origin);
    priority[i] = word(f.priority);
    const parse = run.parse.size > 0 ? run.parse.get(e.id) : undefined;
    if (
      f.exact !== e.loc ||
      f.newsCount !== 0 ||
      f.newsName !== null ||
      f.offHostImages !== 0 ||
      f.href !== null ||
      local.length > 0 ||
      parse !== undefined
    ) {
      const m: CheckedMore = { i };
      if (f.exact !== e.loc) m.exact = f.exact;
      if (f.newsCount !== 0 || f.newsName !== null) {
        m.newsCount = f.newsCount;
        m.newsName = f.newsName;
      }
      if (f.offHostImages !== 0) m.offHostImages = f.offHostImages;
      if (f.href !== null) m.href = f.href;
      if (local.length > 0) {
        m.local = local.slice();
        local.length = 0;
      }
      if (parse !== undefined) m.parse = parse;
      more.push(m);
    }
  }
  return {
    n,
    pass,
    kind,
    total: run.total,
    hrefs: run.hrefs,
    familyHash,
    bytes,
    day,
    bits,
    origin,
    priority,
    words,
    more,
  };
}

/** The buffers of `c` to transfer. */
export function checkedBuffers(c: CheckedColumns): ArrayBuffer[] {
  return [c.familyHash, c.bytes, c.day, c.bits, c.origin, c.priority].map((a) => a.buffer as ArrayBuffer);
}

const NONE: Issue[] = [];

/** Reads `CheckedColumns` back, entry by entry, in order (one reader per columns object). */
export class CheckedReader {
  private next = 0;
  /** The current entry's own issues and parse findings (empty lists when none; never mutate). */
  local: Issue[] = NONE;
  parse: Issue[] = NONE;

  constructor(readonly c: CheckedColumns) {}

  /** Entry `i`'s rare part, or null (i = 0, 1, 2, … in order). */
  private moreOf(i: number): CheckedMore | null {
    const { more } = this.c;
    return this.next < more.length && more[this.next].i === i ? more[this.next++] : null;
  }

  /** Entry `i`'s parse findings, for a run without the pass (`pass` false; i in order). */
  parseOf(i: number): Issue[] {
    return this.moreOf(i)?.parse ?? NONE;
  }

  /**
   * Writes entry `i`'s facts into `into` (`loc`: its loc) (every field, in declaration order, as `checkEntry`
   * does) and sets `local` and `parse` for it. Call with i = 0, 1, 2, … in order.
   */
  fill(i: number, loc: string, into: EntryFacts): void {
    const c = this.c;
    const b = c.bits[i];
    const more = this.moreOf(i);
    into.exact = (b & EXACT_IS_LOC) !== 0 ? loc : (more?.exact ?? loc);
    into.familyHash = c.familyHash[i];
    const o = c.origin[i];
    into.origin = o < 0 ? null : c.words[o];
    const d = c.day[i];
    into.day = Number.isNaN(d) ? null : d;
    into.dateOnly = (b & DATE_ONLY) !== 0;
    const p = c.priority[i];
    into.priority = p < 0 ? null : c.words[p];
    into.hasChangefreq = (b & HAS_CHANGEFREQ) !== 0;
    into.hasPriority = (b & HAS_PRIORITY) !== 0;
    into.bytes = c.bytes[i];
    into.newsCount = more?.newsCount ?? 0;
    into.newsName = more?.newsName ?? null;
    into.offHostImages = more?.offHostImages ?? 0;
    into.href = more?.href ?? null;
    if (more === null) {
      this.local = NONE;
      this.parse = NONE;
      return;
    }
    this.local = more.local ?? NONE;
    this.parse = more.parse ?? NONE;
  }
}
