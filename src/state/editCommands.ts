/**
 * Document-changing commands. Each builds exactly one patch (edits.ts, findReplace.ts,
 * migrateUrls.ts) and hands it to `kernel.commit`, which records it as one undo step.
 */
import { FIELDS } from '../core/fields.ts';
import { fmtInt } from '../core/format.ts';
import {
  appendUrlsPatch,
  bulkSetPatch,
  cellsPatch,
  deletePatch,
  duplicatePatch,
  insertPatch,
  reorderPatch,
  urlCount,
} from './edits.ts';
import type { FindReplaceResult } from './findReplace.ts';
import type { Kernel } from './kernel.ts';
import { migrateHostPatch, migrateSchemePatch } from './migrateUrls.ts';
import { selectedDocIndexes } from './selection.ts';
import { BIG_DOCUMENT, inSlices } from './slices.ts';
import type { Commands, FindReplaceRequest } from './types.ts';

type EditCommands = Pick<
  Commands,
  | 'setCell'
  | 'setCells'
  | 'insertRows'
  | 'appendUrls'
  | 'duplicateRows'
  | 'deleteRows'
  | 'bulkSet'
  | 'previewFindReplace'
  | 'findReplace'
  | 'migrateScheme'
  | 'migrateHost'
  | 'applySort'
  | 'undo'
  | 'redo'
>;

/** Build the edit commands over a kernel. */
export function createEditCommands(k: Kernel): EditCommands {
  const scopeRows = (req: FindReplaceRequest): Int32Array | null => {
    if (req.scope === 'filtered') return k.getState().rowOrder;
    if (req.scope === 'selection') return selectedDocIndexes(k.getState());
    return null;
  };
  // The scan of a big document runs in slices (a task each, the page answering between them),
  // started again when the document changed under it; the third time at once. Null: `stop()`.
  const findReplaceScan = async (
    req: FindReplaceRequest,
    stop?: () => boolean,
  ): Promise<FindReplaceResult | null> => {
    // Loaded with the find dialog (not the first chunk): at hand by the time it asks.
    const { findReplacePatch, findReplaceSteps } = await import('./findReplace.ts');
    const timers = k.deps.timers;
    for (let attempt = 0; ; attempt++) {
      const doc = k.f.doc;
      if (!doc) return null;
      const rows = scopeRows(req);
      if (!timers || doc.entries.length < BIG_DOCUMENT || attempt === 2)
        return findReplacePatch(doc, req, rows);
      const steps = findReplaceSteps(doc, req, rows);
      const done = await inSlices(
        { now: k.deps.now, timers },
        () => steps.next(),
        () => undefined,
        () => k.f.doc !== doc || stop?.() === true,
      );
      if (stop?.()) return null;
      if (done && k.f.doc === doc) return done.value;
    }
  };
  const addedIds = (committed: boolean, ids: number[]) => (committed ? ids : []);

  return {
    setCell(entryId, field, value) {
      if (!k.f.doc) return;
      k.commit(cellsPatch(k.f.doc, [{ id: entryId, field, value }], `Edit ${FIELDS[field].noun}`));
    },
    setCells(changes, label, append) {
      const doc = k.f.doc;
      if (!doc) return [];
      const p = cellsPatch(doc, changes, '');
      // Rows a paste runs past the end into are added in the same undo step.
      if (append?.length) p.added = insertPatch(doc, doc.entries.length, append).added;
      const cells = fmtInt(changes.length);
      p.label = label ?? `Edit ${changes.length === 1 ? 'cell' : `${cells} cells`}`;
      return addedIds(
        k.commit(p),
        p.added.map((a) => a.entry.id),
      );
    },
    insertRows(atViewRow, rows) {
      const doc = k.f.doc;
      if (!doc) return [];
      const order = k.getState().rowOrder;
      const at = atViewRow >= 0 && atViewRow < order.length ? order[atViewRow] : doc.entries.length;
      const p = insertPatch(doc, at, rows);
      return addedIds(
        k.commit(p),
        p.added.map((a) => a.entry.id),
      );
    },
    appendUrls(urls) {
      if (!k.f.doc) return [];
      const p = appendUrlsPatch(k.f.doc, urls);
      return addedIds(
        k.commit(p),
        p.added.map((a) => a.entry.id),
      );
    },
    duplicateRows(ids) {
      if (!k.f.doc) return [];
      const p = duplicatePatch(k.f.doc, ids);
      return addedIds(
        k.commit(p),
        p.added.map((a) => a.entry.id),
      );
    },
    deleteRows(ids) {
      if (!k.f.doc) return;
      const p = deletePatch(k.f.doc, ids);
      if (!k.commit(p)) return;
      k.set({ selection: clampSelection(k) });
      k.notifyStep(p, `Deleted ${urlCount(p.removed.length)}.`);
    },
    bulkSet(field, value, ids) {
      if (!k.f.doc) return;
      const p = bulkSetPatch(k.f.doc, field, value, ids);
      // The dialog's button named every row asked for: the rows that already held the value
      // are said, and an edit that changes none says so instead of closing in silence.
      const same = ids.length - p.updated.length;
      const clear = value === undefined || value === '';
      const noun = FIELDS[field].noun;
      if (p.updated.length === 0) {
        if (same > 0 && !k.committing)
          k.notify(
            'info',
            `Nothing changed: ${same === 1 ? 'the URL' : `the ${urlCount(same)}`} ${
              clear
                ? `${same === 1 ? 'has' : 'have'} no ${noun}`
                : `already ${same === 1 ? 'has' : 'have'} ${noun} “${value}”`
            }.`,
          );
        return;
      }
      if (!k.commit(p)) return;
      const rest =
        same === 0 ? '' : clear ? `; ${fmtInt(same)} had none` : `; ${fmtInt(same)} already had “${value}”`;
      k.notifyStep(p, `${p.label}${rest}.`);
    },
    async previewFindReplace(req, stop) {
      const r = await findReplaceScan(req, stop);
      return r === null ? (stop?.() ? null : 0) : r.cells;
    },
    async findReplace(req) {
      const { replacedNotice } = await import('./findReplace.ts');
      const r = await findReplaceScan(req);
      if (!r || !k.commit(r.patch)) return 0;
      k.notifyStep(r.patch, replacedNotice(req, r.patch.updated.length, r.cells));
      return r.cells;
    },
    migrateScheme() {
      if (!k.f.doc) return 0;
      const p = migrateSchemePatch(k.f.doc);
      if (k.commit(p)) k.notifyStep(p, `${p.label.replace(/^Switch/, 'Switched')}.`);
      return p.updated.length;
    },
    migrateHost(from, to) {
      if (!k.f.doc || from.trim() === '' || to.trim() === '') return 0;
      const p = migrateHostPatch(k.f.doc, from.trim(), to.trim());
      if (k.commit(p)) k.notifyStep(p, `${p.label.replace(/^Move/, 'Moved')}.`);
      return p.updated.length;
    },
    applySort() {
      const doc = k.f.doc;
      const sort = k.f.view.sort;
      if (!doc || !sort) return;
      const order = k.getState().rowOrder;
      // Only a full permutation can become the document order; a filtered view cannot.
      if (order.length !== doc.entries.length) {
        k.notify('warning', 'Clear filters and search before applying the sort to the document.');
        return;
      }
      k.commit(
        reorderPatch(
          doc,
          order,
          `Sort by ${sort.column} (${sort.dir === 'asc' ? 'ascending' : 'descending'})`,
        ),
      );
      k.set({ view: { ...k.f.view, sort: null } });
    },
    undo: () => k.undo(),
    redo: () => k.redo(),
  };
}

function clampSelection(k: Kernel) {
  const n = k.getState().rowOrder.length;
  const active = k.f.selection.active;
  if (!active || n === 0) return { active: null, ranges: [] };
  return { active: { row: Math.min(active.row, n - 1), col: active.col }, ranges: [] };
}
