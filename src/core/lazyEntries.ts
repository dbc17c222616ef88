/**
 * Entry arrays whose entries are made when first read (a received document's `doc.entries`).
 *
 * A parse result reaches the page as columns (workers/entryColumns.ts). Making every entry of it
 * as it arrived kept an object (and its strings, lists) per row alive, and those were what every
 * scavenge of a 1,000,000-URL open copied: its long tasks (docs/perf.md, sessions 10–16). Here the
 * document's `entries` is an `Entry[]` to every reader, but a `Proxy` over an array of *slots*:
 * a slot is an entry, or the row number of one in an `EntrySource` (the received columns), made
 * on its first read and then kept — in the slot and in the source, so that every array holding
 * that row (a copy for the next edit, the document after an edit) reads the same object
 * (patches, undo and the validator key on the entry object).
 *
 * The readers that pass over every row while a big document opens or is edited (the validator's
 * filing, the id index, the edit's copy, the autosave) ask `lazyRows` for the slots and the
 * source instead, and read ids and locs from the columns: no entry is made for them. Arrays built
 * from slots stay lazy (`entriesOfSlots`).
 *
 * A `Proxy` is not structured-cloneable: anything posted to a worker or stored in IndexedDB goes
 * through `plainEntries` (or chunks of `slice`, which makes plain arrays).
 */
import type { Entry } from './model.ts';

/** Rows of entries kept elsewhere (the received columns), made on request. */
export interface EntrySource {
  /** Row `row`'s entry, made on the first call and the same object on every later one. */
  entry(row: number): Entry;
  /** Row `row`'s entry id (nothing made). */
  id(row: number): number;
  /** Row `row`'s loc (a string made, no entry). */
  loc(row: number): string;
  /** Row `row`'s lastmod, changefreq or priority (no entry made). */
  field(row: number, name: ScalarField): string | undefined;
  /** Row `row`'s entry: the kept one, else made now and not kept (an export, a save). */
  peek(row: number): Entry;
}

/** The scalar fields a source reads without making an entry. */
export type ScalarField = 'lastmod' | 'changefreq' | 'priority';

/** An entry, or the row of one in the array's source. */
export type Slot = Entry | number;

/** What a lazy array holds: its slots and their source. */
export interface LazyRows {
  readonly slots: Slot[];
  readonly source: EntrySource;
}

// Pure memoisation keyed by the proxy (the side door to its slots), so allowed module state.
const lazyOf = new WeakMap<readonly Entry[], LazyRows>();

const handler: ProxyHandler<Slot[]> = {
  get(slots, key) {
    const v = (slots as unknown as Record<string | symbol, unknown>)[key];
    if (typeof v !== 'number' || key === 'length') return v;
    const e = sourceOfSlots.get(slots)!.entry(v);
    slots[key as unknown as number] = e;
    return e;
  },
  set(slots, key, value) {
    (slots as unknown as Record<string | symbol, unknown>)[key] = value;
    return true;
  },
  getOwnPropertyDescriptor(slots, key) {
    const d = Reflect.getOwnPropertyDescriptor(slots, key);
    if (d !== undefined && typeof d.value === 'number' && key !== 'length') {
      // Read as through `get`: the entry made and kept.
      const e = sourceOfSlots.get(slots)!.entry(d.value);
      slots[key as unknown as number] = e;
      d.value = e;
    }
    return d;
  },
};

// The source of each proxy's slots (the traps get the slots, not the proxy).
const sourceOfSlots = new WeakMap<Slot[], EntrySource>();

/**
 * An `Entry[]` over `slots` (kept, not copied: the array owns them from now on), whose numbers are
 * rows of `source`.
 *
 * @example const entries = lazyEntries(store, [0, 1, 2]); entries[1] === entries[1] // made once
 */
export function lazyEntries(source: EntrySource, slots: Slot[]): Entry[] {
  const proxy = new Proxy(slots, handler) as unknown as Entry[];
  lazyOf.set(proxy, { slots, source });
  sourceOfSlots.set(slots, source);
  return proxy;
}

/** The slots and source of a lazy array (null: a plain array, every slot an entry). */
export function lazyRows(entries: readonly Entry[]): LazyRows | null {
  return lazyOf.get(entries) ?? null;
}

/** The source of a lazy array's rows, or null. */
export function sourceOf(entries: readonly Entry[]): EntrySource | null {
  return lazyOf.get(entries)?.source ?? null;
}

/**
 * The slots of `entries` (the array itself when plain) and their source (null when plain): what
 * a pass over every row reads, to make no entry (`slotId`, `slotLoc`, `entriesOfSlots`).
 */
export function slotsOf(entries: readonly Entry[]): { slots: readonly Slot[]; source: EntrySource | null } {
  const l = lazyOf.get(entries);
  return l === undefined ? { slots: entries, source: null } : l;
}

/** The id of a slot (nothing made). */
export function slotId(slot: Slot, source: EntrySource | null): number {
  return typeof slot === 'number' ? source!.id(slot) : slot.id;
}

/** The loc of a slot (no entry made). */
export function slotLoc(slot: Slot, source: EntrySource | null): string {
  return typeof slot === 'number' ? source!.loc(slot) : slot.loc;
}

/** The entry of a slot: kept, else made now and not kept (a pass that drops what it reads). */
export function slotPeek(slot: Slot, source: EntrySource | null): Entry {
  return typeof slot === 'number' ? source!.peek(slot) : slot;
}

/** An entries array of `slots` (taken, not copied): lazy over `source`, or `slots` itself when null. */
export function entriesOfSlots(slots: Slot[], source: EntrySource | null): Entry[] {
  return source === null ? (slots as Entry[]) : lazyEntries(source, slots);
}

/**
 * A copy of `entries` of the same kind (lazy stays lazy, no entry made): the slots copied once.
 *
 * @example const copy = copyEntries(doc.entries); copy[3] = edited;
 */
export function copyEntries(entries: readonly Entry[]): Entry[] {
  const l = lazyOf.get(entries);
  return l === undefined ? entries.slice() : lazyEntries(l.source, l.slots.slice());
}

/**
 * `entries` as a plain array: for a structured clone (a worker request, IndexedDB), which a
 * `Proxy` cannot go through. Entries made so far are the array's own; the others are made for
 * it and not kept (the clone drops them). A plain array is returned as it is.
 */
export function plainEntries(entries: readonly Entry[]): Entry[] {
  const l = lazyOf.get(entries);
  if (l === undefined) return entries as Entry[];
  const { slots, source } = l;
  const out: Entry[] = new Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i];
    out[i] = typeof s === 'number' ? source.peek(s) : s;
  }
  return out;
}

/**
 * Row `i` of `entries` for a pass over every row that keeps nothing it reads (a search, a filter,
 * sort keys, insights, an export): ids and locs from the columns, an entry made and dropped when
 * not made yet (`peek`). On a plain array, the array's own rows.
 */
export interface RowReader {
  id(i: number): number;
  loc(i: number): string;
  /** Row `i`'s lastmod, changefreq or priority (no entry made). */
  field(i: number, name: ScalarField): string | undefined;
  /** Row `i`'s entry: the kept one, else made now and not kept. */
  peek(i: number): Entry;
}

/** A `RowReader` over `entries` (see above): no entry of a lazy array is made and kept by it. */
export function readRows(entries: readonly Entry[]): RowReader {
  const l = lazyOf.get(entries);
  if (l === undefined)
    return {
      id: (i) => entries[i].id,
      loc: (i) => entries[i].loc,
      field: (i, name) => entries[i][name],
      peek: (i) => entries[i],
    };
  const { slots, source } = l;
  return {
    id: (i) => {
      const s = slots[i];
      return typeof s === 'number' ? source.id(s) : s.id;
    },
    loc: (i) => {
      const s = slots[i];
      return typeof s === 'number' ? source.loc(s) : s.loc;
    },
    field: (i, name) => {
      const s = slots[i];
      return typeof s === 'number' ? source.field(s, name) : s[name];
    },
    peek: (i) => {
      const s = slots[i];
      return typeof s === 'number' ? source.peek(s) : s;
    },
  };
}

/** True when `entries` is a lazy array (its full passes should read through `readRows`). */
export function isLazy(entries: readonly Entry[]): boolean {
  return lazyOf.has(entries);
}
