/**
 * The one change type of the app: a `Patch` says which entries were added, updated and removed.
 * History records patches, undo applies `invertPatch`, and every derived view (validator, sort
 * index, sort hints, URL tree, document size, the crawl join inside the validator) follows the
 * same patch in the kernel's `applyStep` (state/kernel.ts), never a diff of whole arrays.
 */
import { copyEntries, entriesOfSlots, type Slot, slotId, slotsOf } from './lazyEntries.ts';
import type { DocumentSettings, Entry, SitemapDocument } from './model.ts';
import { runSteps } from './steps.ts';

/** An entry together with its row index in the document's `entries` array. */
export interface PlacedEntry {
  entry: Entry;
  index: number;
}

/**
 * One undoable step, as data. Entries are matched by `id`.
 * - `removed[i].index`: index in the document BEFORE the patch.
 * - `added[i].index`: index in the document AFTER the patch.
 * - `updated`: `[before, after]` pairs; the entry keeps its position.
 * - `reorder`: optional full row order (entry ids) before and after, for "apply sort".
 * - `settings`: optional change of the document's settings, the keys it changes before and after
 *   (a settings step: the store sets them and re-checks; `applyPatch` leaves entries alone).
 * Undo applies `invertPatch(p)`; there is no per-command inverse code.
 *
 * @example { label: 'Edit priority', added: [], updated: [[old, { ...old, priority: '0.8' }]], removed: [] }
 */
export interface Patch {
  label: string;
  added: PlacedEntry[];
  updated: Array<[before: Entry, after: Entry]>;
  removed: PlacedEntry[];
  reorder?: { before: Int32Array; after: Int32Array };
  settings?: { before: Partial<DocumentSettings>; after: Partial<DocumentSettings> };
}

/** True when the patch changes entries (adds, updates, removes or reorders); false for a settings step. */
export function changesEntries(p: Patch): boolean {
  return p.added.length > 0 || p.updated.length > 0 || p.removed.length > 0 || p.reorder !== undefined;
}

/** True when the patch changes nothing. */
export function isEmptyPatch(p: Patch): boolean {
  return !changesEntries(p) && !p.settings;
}

/** The inverse step: adds become removes, updates swap, reorder and settings swap. Label is kept. */
export function invertPatch(p: Patch): Patch {
  const inv: Patch = {
    label: p.label,
    added: p.removed,
    updated: p.updated.map(([b, a]) => [a, b]),
    removed: p.added,
  };
  if (p.reorder) inv.reorder = { before: p.reorder.after, after: p.reorder.before };
  if (p.settings) inv.settings = { before: p.settings.after, after: p.settings.before };
  return inv;
}

/**
 * One applied step, as every derived view receives it: the patch and the documents around it
 * (`after = applyPatch(before, patch)`).
 */
export interface AppliedPatch {
  readonly patch: Patch;
  readonly before: SitemapDocument;
  readonly after: SitemapDocument;
}

/**
 * A patch from bare entry lists, for views that do not read positions (the validator, the URL
 * tree) and their tests: every `index` is 0, so do not pass it to `applyPatch` with `added`.
 *
 * @example validator.apply(entryPatch({ updated: [[before, after]] }))
 */
export function entryPatch(
  p: { added?: Entry[]; updated?: Array<[before: Entry, after: Entry]>; removed?: Entry[] },
  label = '',
): Patch {
  return {
    label,
    added: (p.added ?? []).map((entry) => ({ entry, index: 0 })),
    updated: p.updated ?? [],
    removed: (p.removed ?? []).map((entry) => ({ entry, index: 0 })),
  };
}

/**
 * Apply a patch to a document and return a NEW document (entries array copied once; untouched
 * entries are shared). Cost O(n + k log k) for k added rows: one filter pass for removals, one
 * merge pass for insertions, never a splice per row. Throws if the patch does not fit (an
 * updated or removed id missing), which would mean history and document diverged.
 *
 * @example const next = applyPatch(doc, patch); undo: applyPatch(next, invertPatch(patch))
 */
export function applyPatch(doc: SitemapDocument, p: Patch): SitemapDocument {
  let entries = doc.entries;
  if (p.removed.length > 0) entries = removeEntries(entries, p.removed);
  if (p.updated.length > 0) entries = updateEntries(entries, p.updated, entries !== doc.entries);
  if (p.added.length > 0) entries = insertEntries(entries, p.added);
  if (p.reorder) entries = reorderEntries(entries, p.reorder.after);
  if (entries === doc.entries) entries = copyOf(entries);
  let nextId = doc.nextId;
  for (const a of p.added) if (a.entry.id >= nextId) nextId = a.entry.id + 1;
  return { ...doc, entries, nextId };
}

function removeEntries(entries: Entry[], removed: PlacedEntry[]): Entry[] {
  return runSteps(removeSteps(entries, removed, Number.POSITIVE_INFINITY));
}

/**
 * The rows of `entries` without `removed`, built `rows` rows per step (yields the rows looked at so
 * far): the one home of the removal pass, run whole by `applyPatch` and in steps by a big commit
 * (patchSteps.ts). Ids are small integers: a byte per id marks the removed ones (a Set lookup per
 * entry of a 1,000,000-entry document, and an output array growing by push, cost several times
 * more).
 */
export function* removeSteps(
  entries: Entry[],
  removed: PlacedEntry[],
  rows: number,
): Generator<number, Entry[]> {
  let max = -1;
  for (const r of removed) if (r.entry.id > max) max = r.entry.id;
  const gone = new Uint8Array(max + 1);
  let k = 0;
  for (const r of removed)
    if (gone[r.entry.id] === 0) {
      gone[r.entry.id] = 1;
      k++;
    }
  const keep = entries.length - k;
  if (keep < 0) throw new Error('Patch does not fit: removed entry missing');
  // Slots, not entries: a received document's rows stay unmade (core/lazyEntries.ts).
  const { slots, source } = slotsOf(entries);
  const out: Slot[] = new Array(keep);
  let j = 0;
  const n = slots.length;
  for (let from = 0; from < n; from += rows) {
    if (from > 0) yield from;
    const to = Math.min(n, from + rows);
    for (let i = from; i < to; i++) {
      const e = slots[i];
      const id = slotId(e, source);
      if (id <= max && gone[id] === 1) continue;
      if (j === keep) throw new Error('Patch does not fit: removed entry missing');
      out[j++] = e;
    }
  }
  if (j !== keep) throw new Error('Patch does not fit: removed entry missing');
  return entriesOfSlots(out, source);
}

function updateEntries(entries: Entry[], updated: Patch['updated'], owned: boolean): Entry[] {
  const out = owned ? entries : copyOf(entries);
  const at = idIndexOf(entries);
  for (const [before, after] of updated) {
    const i = before.id < at.length ? at[before.id] : -1;
    if (i < 0 || out[i].id !== before.id) throw new Error(`Patch does not fit: entry ${before.id} missing`);
    out[i] = after;
  }
  // Positions are unchanged, so the new array can reuse the id index.
  idIndexCache.set(out, at);
  return out;
}

function insertEntries(entries: Entry[], added: PlacedEntry[]): Entry[] {
  return runSteps(insertSteps(entries, added, Number.POSITIVE_INFINITY, 0));
}

/**
 * `entries` with `added` placed at their indexes, built `rows` rows per step (yields `done` plus
 * the rows written so far): the one home of the insertion pass, one merge of the rows and the
 * sorted additions.
 */
export function* insertSteps(
  entries: Entry[],
  added: PlacedEntry[],
  rows: number,
  done: number,
): Generator<number, Entry[]> {
  const sorted = added.slice().sort((a, b) => a.index - b.index);
  const { slots, source } = slotsOf(entries);
  const total = slots.length + sorted.length;
  const out: Slot[] = new Array(total);
  let src = 0;
  let k = 0;
  for (let from = 0; from < total; from += rows) {
    if (from > 0) yield done + from;
    const to = Math.min(total, from + rows);
    for (let i = from; i < to; i++) {
      if (k < sorted.length && sorted[k].index <= i) out[i] = sorted[k++].entry;
      else out[i] = slots[src++];
    }
  }
  return entriesOfSlots(out, source);
}

function reorderEntries(entries: Entry[], order: Int32Array): Entry[] {
  if (order.length !== entries.length) throw new Error('Patch does not fit: reorder length');
  const at = idIndexOf(entries);
  const { slots, source } = slotsOf(entries);
  const out: Slot[] = new Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const j = order[i] < at.length ? at[order[i]] : -1;
    if (j < 0) throw new Error(`Patch does not fit: entry ${order[i]} missing`);
    out[i] = slots[j];
  }
  return entriesOfSlots(out, source);
}

// A copy of a published entries array made ahead of the patch that needs it (`prepareCopy`).
// Keyed weakly by the array, and handed out once: the copy is never seen by anyone before a patch
// takes it as its own, so the documents stay immutable. Pure memoisation, so allowed module state.
const spareCopies = new WeakMap<readonly Entry[], Entry[]>();

/** A private copy of `entries`: the one `prepareCopy` made ahead, else a new one now. */
function copyOf(entries: Entry[]): Entry[] {
  const spare = spareCopies.get(entries);
  if (spare === undefined) return copyEntries(entries);
  spareCopies.delete(entries);
  return spare;
}

/**
 * Copy `entries` now, for the next patch of it: an update-only patch (a cell edit) then writes
 * its rows into the copy instead of copying the whole array in its own task. At 1,000,000 rows the
 * copy is an array of a million pointers (4 MB in Chromium, 8 MB in Node) whose allocation, and
 * the young-generation GC it starts, would otherwise land in the edit (issue #18, docs/perf.md
 * "Session 12: the 1M edit"); the kernel calls this after each change's frame is painted. Nothing to do when a copy of `entries` is waiting already. The
 * copy lives as long as `entries` does, or until a patch takes it.
 *
 * @example prepareCopy(doc.entries); applyPatch(doc, cellPatch) // writes into the prepared copy
 */
export function prepareCopy(entries: readonly Entry[]): void {
  if (!spareCopies.has(entries)) spareCopies.set(entries, copyEntries(entries));
}

/**
 * `prepareCopy` in steps of `rows` rows (yields the rows copied so far), with the id index the
 * patch reads (`idIndexSteps`): an update-only big patch (a crawl action's replacements at
 * 1,000,000 rows) then copies nothing in one piece. Nothing to do for what is there already.
 */
export function* prepareCopySteps(entries: readonly Entry[], rows: number): Generator<number, void> {
  if (!spareCopies.has(entries)) {
    const { slots, source } = slotsOf(entries);
    const n = slots.length;
    const out: Slot[] = new Array(n);
    for (let from = 0; from < n; from += rows) {
      if (from > 0) yield from;
      const to = Math.min(n, from + rows);
      for (let i = from; i < to; i++) out[i] = slots[i];
    }
    // A patch (another edit) may have taken or made one meanwhile: keep that.
    if (!spareCopies.has(entries)) spareCopies.set(entries, entriesOfSlots(out, source));
  }
  for (const _ of idIndexSteps(entries, rows)) yield entries.length;
}

/** True while a copy `prepareCopy` made of `entries` waits for a patch to take it. */
export function hasPreparedCopy(entries: readonly Entry[]): boolean {
  return spareCopies.has(entries);
}

// Pure memoisation keyed by an (immutable) entries array, so allowed module state.
const idIndexCache = new WeakMap<readonly Entry[], Int32Array>();

/**
 * id → row index for an entries array (-1 when absent), as an Int32Array sized max id + 1.
 * Built once per array in O(n) (about 5 ms for 1,000,000 rows) and cached; an update-only
 * patch hands the index on to the new array, so editing cells never rebuilds it.
 *
 * @example idIndexOf(doc.entries)[entry.id] // row index of entry
 */
export function idIndexOf(entries: readonly Entry[]): Int32Array {
  const hit = idIndexCache.get(entries);
  if (hit) return hit;
  // The stepped build in one step: one pass for the largest id, one to place the rows.
  const steps = idIndexSteps(entries, Math.max(1, entries.length));
  while (!steps.next().done);
  return idIndexCache.get(entries)!;
}

/**
 * Builds {@link idIndexOf}'s index of `entries` in steps of `rows` rows, yielding between them, so
 * it can be built in idle time after an open instead of by the first edit (~5 ms at 1,000,000
 * rows on a quiet machine, several times that under load). Once done, `idIndexOf(entries)`
 * returns it; nothing to do when it is built already. `entries` must not change meanwhile (no
 * published entries array does: patches copy).
 *
 * @example for (const _ of idIndexSteps(doc.entries)) if (sliceUsed()) await nextTask();
 */
export function* idIndexSteps(entries: readonly Entry[], rows = 65_536): Generator<void, void> {
  if (idIndexCache.has(entries)) return;
  // Ids from the slots: a received document's rows stay unmade (core/lazyEntries.ts).
  const { slots, source } = slotsOf(entries);
  const n = slots.length;
  let max = -1;
  for (let from = 0; from < n; from += rows) {
    if (from > 0) {
      yield;
      // An edit meanwhile built it at once (idIndexOf): keep that one.
      if (idIndexCache.has(entries)) return;
    }
    const to = Math.min(n, from + rows);
    for (let i = from; i < to; i++) {
      const id = slotId(slots[i], source);
      if (id > max) max = id;
    }
  }
  const at = new Int32Array(max + 1).fill(-1);
  for (let from = 0; from < n; from += rows) {
    if (from > 0) {
      yield;
      if (idIndexCache.has(entries)) return;
    }
    const to = Math.min(n, from + rows);
    for (let i = from; i < to; i++) at[slotId(slots[i], source)] = i;
  }
  idIndexCache.set(entries, at);
}

/** True once {@link idIndexOf}'s index of `entries` is built (by it, or by `idIndexSteps`). */
export function hasIdIndex(entries: readonly Entry[]): boolean {
  return idIndexCache.has(entries);
}

/** Row index of entry `id` in `entries`, or -1. */
export function indexOfId(entries: readonly Entry[], id: number): number {
  const at = idIndexOf(entries);
  return id >= 0 && id < at.length ? at[id] : -1;
}
