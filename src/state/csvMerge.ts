/**
 * Pure patch builders of a CSV import that meets URLs already listed (this app's own CSV export
 * back from a spreadsheet): the counts shown before it runs, and the one patch that updates the
 * matching rows and appends the others. Loaded with the CSV import, not in the first chunk.
 */
import { readRows } from '../core/lazyEntries.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { EDITABLE_FIELDS } from './columns.ts';
import { insertPatch, withField } from './edits.ts';
import type { Patch } from './patch.ts';

/** Row index of each trimmed `loc` (its first row), for matching imported rows by URL. */
function locIndex(entries: readonly Entry[]): Map<string, number> {
  const at = new Map<string, number>();
  // Locs from the rows: a received document's stay unmade (core/lazyEntries.ts).
  const rows = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    const loc = rows.loc(i).trim();
    if (loc !== '' && !at.has(loc)) at.set(loc, i);
  }
  return at;
}

/** What a CSV import would do with the open document: rows whose `loc` is listed, rows that are new. */
export interface CsvImportPlan {
  matching: number;
  added: number;
  total: number;
}

/**
 * How many of `rows` match a listed URL (trimmed `loc`, as written), shown before an import runs.
 *
 * @example csvImportPlan(doc, [{ loc: 'https://a.example/' }]) // { matching: 1, added: 0, total: 1 }
 */
export function csvImportPlan(
  doc: SitemapDocument | null,
  rows: ReadonlyArray<{ loc: string }>,
): CsvImportPlan {
  const at = doc ? locIndex(doc.entries) : new Map<string, number>();
  let matching = 0;
  for (const r of rows) if (at.has(r.loc.trim())) matching++;
  return { matching, added: rows.length - matching, total: rows.length };
}

/**
 * Patch of a CSV import that updates the rows it matches by `loc` (the fields the CSV gives; an
 * empty cell leaves the field as it is) and appends the others: one undo step. `ids` are the
 * entries of `rows` in order (matched or new); `updated` counts entries that changed.
 *
 * @example mergeRowsPatch(doc, [{ loc: 'https://a.example/', lastmod: '2025-01-01' }], 'Import 1 URL')
 */
export function mergeRowsPatch(
  doc: SitemapDocument,
  rows: ReadonlyArray<Omit<Entry, 'id'>>,
  label: string,
): { patch: Patch; ids: number[]; updated: number; added: number } {
  const at = locIndex(doc.entries);
  const after = new Map<number, Entry>();
  const bodies: Array<Omit<Entry, 'id'>> = [];
  const ids: number[] = [];
  for (const r of rows) {
    const i = at.get(r.loc.trim());
    if (i === undefined) {
      ids.push(-1 - bodies.length);
      bodies.push(r);
      continue;
    }
    let e = after.get(i) ?? doc.entries[i];
    for (const f of EDITABLE_FIELDS) {
      const v = r[f];
      if (f !== 'loc' && typeof v === 'string' && v !== '') e = withField(e, f, v);
    }
    after.set(i, e);
    ids.push(doc.entries[i].id);
  }
  const inserted = insertPatch(doc, doc.entries.length, bodies, label);
  const patch: Patch = { ...inserted, updated: [] };
  for (const [i, e] of after) if (e !== doc.entries[i]) patch.updated.push([doc.entries[i], e]);
  const newIds = inserted.added.map((a) => a.entry.id);
  return {
    patch,
    ids: ids.map((id) => (id < 0 ? newIds[-1 - id] : id)),
    updated: patch.updated.length,
    added: bodies.length,
  };
}
