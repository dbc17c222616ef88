/**
 * A big patch applied in steps (issue #17, "the page never blocked for more than 50 ms"): the
 * document's new entries array built a bounded number of rows at a time, and the patch cut into
 * smaller patches for the views that follow it one change at a time (the validator). The kernel's
 * sliced commit (state/bigCommit.ts) runs these between yields to the page; the result is exactly
 * `applyPatch`'s (patch.test.ts and patchSteps.test.ts compare them).
 */
import type { SitemapDocument } from './model.ts';
import { applyPatch, insertSteps, type Patch, prepareCopySteps, removeSteps } from './patch.ts';

/**
 * `applyPatch(doc, p)` in steps of about `rows` rows each (yields the rows done so far, of
 * `doc.entries.length + p.added.length`). The removal and insertion passes, the O(n) parts of a
 * big patch, are stepped, and so is an update-only patch's copy of the rows; a patch with a
 * reorder is applied at once.
 *
 * @example const after = runSteps(applyPatchSteps(doc, patch, 65_536)); // = applyPatch(doc, patch)
 */
export function* applyPatchSteps(
  doc: SitemapDocument,
  p: Patch,
  rows = 65_536,
): Generator<number, SitemapDocument> {
  if (p.reorder) return applyPatch(doc, p);
  // Updates only: the copy of the rows (and their id index) made in steps first, then taken.
  if (p.removed.length === 0 && p.added.length === 0) {
    yield* prepareCopySteps(doc.entries, rows);
    return applyPatch(doc, p);
  }
  let entries = doc.entries;
  if (p.removed.length > 0) entries = yield* removeSteps(entries, p.removed, rows);
  // The rest of applyPatch on what is left (updates: a copy, and the cached id index): a document
  // without the removed rows, then the patch without them.
  if (p.updated.length > 0)
    entries = applyPatch(
      { ...doc, entries },
      { label: p.label, added: [], updated: p.updated, removed: [] },
    ).entries;
  if (p.added.length > 0) entries = yield* insertSteps(entries, p.added, rows, doc.entries.length);
  let nextId = doc.nextId;
  for (const a of p.added) if (a.entry.id >= nextId) nextId = a.entry.id + 1;
  return { ...doc, entries, nextId };
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
