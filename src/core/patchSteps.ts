/**
 * A big patch applied in steps (issue #17, "the page never blocked for more than 50 ms"): the
 * document's new entries array built a bounded number of rows at a time, and the patch cut into
 * smaller patches for the views that follow it one change at a time (the validator). The kernel's
 * sliced commit (state/bigCommit.ts) runs these between yields to the page; the result is exactly
 * `applyPatch`'s (patch.test.ts and patchSteps.test.ts compare them).
 */
import type { Entry, SitemapDocument } from './model.ts';
import { applyPatch, type Patch } from './patch.ts';

/**
 * `applyPatch(doc, p)` in steps of about `rows` rows each (yields the rows done so far, of
 * `doc.entries.length + p.added.length`). The removal and insertion passes, the O(n) parts of a
 * big patch, are stepped; updates and a reorder are not (a patch with a reorder is applied at once).
 *
 * @example const after = runSteps(applyPatchSteps(doc, patch, 65_536)); // = applyPatch(doc, patch)
 */
export function* applyPatchSteps(
  doc: SitemapDocument,
  p: Patch,
  rows = 65_536,
): Generator<number, SitemapDocument> {
  if (p.reorder || (p.removed.length === 0 && p.added.length === 0)) return applyPatch(doc, p);
  let entries = doc.entries;
  if (p.removed.length > 0) entries = yield* removeSteps(entries, p, rows);
  // The rest of applyPatch on what is left (updates: a copy, and the cached id index): a document
  // without the removed rows, then the patch without them.
  if (p.updated.length > 0)
    entries = applyPatch(
      { ...doc, entries },
      { label: p.label, added: [], updated: p.updated, removed: [] },
    ).entries;
  if (p.added.length > 0) entries = yield* insertSteps(entries, p, rows, doc.entries.length);
  let nextId = doc.nextId;
  for (const a of p.added) if (a.entry.id >= nextId) nextId = a.entry.id + 1;
  return { ...doc, entries, nextId };
}

/** patch.ts `removeEntries`, in steps: a byte per removed id, then one filtering pass. */
function* removeSteps(entries: Entry[], p: Patch, rows: number): Generator<number, Entry[]> {
  let max = -1;
  for (const r of p.removed) if (r.entry.id > max) max = r.entry.id;
  const gone = new Uint8Array(max + 1);
  let k = 0;
  for (const r of p.removed)
    if (gone[r.entry.id] === 0) {
      gone[r.entry.id] = 1;
      k++;
    }
  const keep = entries.length - k;
  if (keep < 0) throw new Error('Patch does not fit: removed entry missing');
  const out: Entry[] = new Array(keep);
  let j = 0;
  const n = entries.length;
  for (let from = 0; from < n; from += rows) {
    if (from > 0) yield from;
    const to = Math.min(n, from + rows);
    for (let i = from; i < to; i++) {
      const e = entries[i];
      if (e.id <= max && gone[e.id] === 1) continue;
      if (j === keep) throw new Error('Patch does not fit: removed entry missing');
      out[j++] = e;
    }
  }
  if (j !== keep) throw new Error('Patch does not fit: removed entry missing');
  return out;
}

/** patch.ts `insertEntries`, in steps: one merge pass of the rows and the sorted additions. */
function* insertSteps(entries: Entry[], p: Patch, rows: number, done: number): Generator<number, Entry[]> {
  const sorted = p.added.slice().sort((a, b) => a.index - b.index);
  const total = entries.length + sorted.length;
  const out: Entry[] = new Array(total);
  let src = 0;
  let k = 0;
  for (let from = 0; from < total; from += rows) {
    if (from > 0) yield done + from;
    const to = Math.min(total, from + rows);
    for (let i = from; i < to; i++) {
      if (k < sorted.length && sorted[k].index <= i) out[i] = sorted[k++].entry;
      else out[i] = entries[src++];
    }
  }
  return out;
}

/**
 * The patch cut into patches of at most `ops` entries each, in the order the validator takes a
 * patch's parts (removed, then updated, then added): applied one after the other they leave a
 * view that follows changes one by one where the whole patch would (positions are the whole
 * patch's, so these are not for `applyPatch`).
 *
 * @example for (const part of patchParts(patch, 500)) validator.apply(part);
 */
export function* patchParts(p: Patch, ops: number): Generator<Patch, void> {
  const part = (removed: Patch['removed'], updated: Patch['updated'], added: Patch['added']): Patch => ({
    label: p.label,
    added,
    updated,
    removed,
  });
  for (let i = 0; i < p.removed.length; i += ops) yield part(p.removed.slice(i, i + ops), [], []);
  for (let i = 0; i < p.updated.length; i += ops) yield part([], p.updated.slice(i, i + ops), []);
  for (let i = 0; i < p.added.length; i += ops) yield part([], [], p.added.slice(i, i + ops));
}
