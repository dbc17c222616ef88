/**
 * Pure patch builders: each takes the current document and returns the one `Patch` a command
 * records. No store, no history here; the store applies whatever these return.
 */
import { plural } from '../core/format.ts';
import { readRows } from '../core/lazyEntries.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { type EditableField, FIELDS } from './columns.ts';
import { idIndexOf, type Patch, type PlacedEntry } from './patch.ts';
import type { CellChange, NewRows } from './types.ts';

/** "1 URL" / "40,000 URLs". */
export function urlCount(n: number): string {
  return plural(n, 'URL');
}

/** Entry with `field` set to `value`; '' removes an optional field. Returns `e` itself if unchanged. */
export function withField(e: Entry, field: EditableField, value: string | undefined): Entry {
  if (field === 'loc') return e.loc === (value ?? '') ? e : { ...e, loc: value ?? '' };
  const v = value === '' ? undefined : value;
  if (e[field] === v) return e;
  const next = { ...e };
  if (v === undefined) delete next[field];
  else next[field] = v;
  return next;
}

function emptyPatch(label: string): Patch {
  return { label, added: [], updated: [], removed: [] };
}

/**
 * Patch for many cell changes at once (paste, fill-down, typing). Several changes to the same
 * entry merge into one `[before, after]` pair; unknown ids and no-op changes are skipped.
 *
 * @example cellsPatch(doc, [{ id: 3, field: 'priority', value: '0.8' }], 'Edit priority')
 */
export function cellsPatch(doc: SitemapDocument, changes: readonly CellChange[], label: string): Patch {
  const at = idIndexOf(doc.entries);
  const after = new Map<number, Entry>();
  for (const c of changes) {
    const i = c.id >= 0 && c.id < at.length ? at[c.id] : -1;
    if (i < 0) continue;
    const cur = after.get(c.id) ?? doc.entries[i];
    after.set(c.id, withField(cur, c.field, c.value));
  }
  const p = emptyPatch(label);
  for (const [id, e] of after) {
    const before = doc.entries[at[id]];
    if (e !== before) p.updated.push([before, e]);
  }
  return p;
}

/** Patch setting one field on many entries ("Set change frequency on 40,000 URLs": the field's noun, as Bulk edit says). */
export function bulkSetPatch(
  doc: SitemapDocument,
  field: EditableField,
  value: string | undefined,
  ids: readonly number[],
): Patch {
  const at = idIndexOf(doc.entries);
  const verb = value === undefined || value === '' ? 'Clear' : 'Set';
  const p = emptyPatch('');
  // A row already holding the value is skipped without making its entry (core/lazyEntries.ts).
  const read = readRows(doc.entries);
  const want = field === 'loc' ? (value ?? '') : value === '' ? undefined : value;
  for (const id of ids) {
    const i = id >= 0 && id < at.length ? at[id] : -1;
    if (i < 0) continue;
    if ((field === 'loc' ? read.loc(i) : read.field(i, field)) === want) continue;
    const before = doc.entries[i];
    const next = withField(before, field, value);
    if (next !== before) p.updated.push([before, next]);
  }
  p.label = `${verb} ${FIELDS[field].noun} on ${urlCount(p.updated.length)}`;
  return p;
}

/**
 * Patch inserting rows at document index `at` (clamped). New ids start at `doc.nextId`.
 * `rows` is a count of blank rows or a list of entry bodies.
 */
export function insertPatch(doc: SitemapDocument, at: number, rows: NewRows, label?: string): Patch {
  const bodies: Array<Omit<Entry, 'id'>> =
    typeof rows === 'number' ? Array.from({ length: rows }, () => ({ loc: '' })) : rows.slice();
  const start = Math.max(0, Math.min(at, doc.entries.length));
  const added: PlacedEntry[] = bodies.map((body, k) => ({
    entry: { ...body, id: doc.nextId + k },
    index: start + k,
  }));
  return {
    label: label ?? `Insert ${bodies.length === 1 ? 'row' : plural(bodies.length, 'row')}`,
    added,
    updated: [],
    removed: [],
  };
}

/** Patch appending one row per non-blank URL (trimmed), e.g. a pasted URL list. */
export function appendUrlsPatch(doc: SitemapDocument, urls: readonly string[]): Patch {
  const bodies = urls
    .map((u) => u.trim())
    .filter((u) => u !== '')
    .map((loc) => ({ loc }));
  return insertPatch(doc, doc.entries.length, bodies, `Add ${urlCount(bodies.length)}`);
}

/** Sorted unique row indexes of the given ids (unknown ids dropped). */
function indexesOf(doc: SitemapDocument, ids: readonly number[]): number[] {
  const at = idIndexOf(doc.entries);
  const seen = new Set<number>();
  for (const id of ids) {
    const i = id >= 0 && id < at.length ? at[id] : -1;
    if (i >= 0) seen.add(i);
  }
  return [...seen].sort((a, b) => a - b);
}

/** Patch removing the given entries. */
export function deletePatch(doc: SitemapDocument, ids: readonly number[]): Patch {
  const removed = indexesOf(doc, ids).map((index) => ({ entry: doc.entries[index], index }));
  return { label: `Delete ${urlCount(removed.length)}`, added: [], updated: [], removed };
}

/** Patch inserting a copy of each given entry right after it (new ids). */
export function duplicatePatch(doc: SitemapDocument, ids: readonly number[]): Patch {
  const idx = indexesOf(doc, ids);
  const added: PlacedEntry[] = idx.map((i, k) => ({
    entry: { ...doc.entries[i], id: doc.nextId + k, line: undefined, column: undefined },
    index: i + k + 1,
  }));
  for (const a of added) {
    delete a.entry.line;
    delete a.entry.column;
  }
  return { label: `Duplicate ${urlCount(added.length)}`, added, updated: [], removed: [] };
}

/** Patch reordering the document to `order` (entry indexes, a permutation), e.g. the view sort. */
export function reorderPatch(doc: SitemapDocument, order: Int32Array, label: string): Patch {
  const before = new Int32Array(doc.entries.length);
  const after = new Int32Array(doc.entries.length);
  // Ids from the rows: a received document's stay unmade (core/lazyEntries.ts).
  const read = readRows(doc.entries);
  for (let i = 0; i < before.length; i++) before[i] = read.id(i);
  for (let i = 0; i < after.length; i++) after[i] = before[order[i]];
  return { label, added: [], updated: [], removed: [], reorder: { before, after } };
}

/** Patch from a fix result: updates matched by id, removals by id. */
export function fixPatch(
  doc: SitemapDocument,
  result: { update?: Entry[]; remove?: number[] },
  label: string,
): Patch {
  const at = idIndexOf(doc.entries);
  const removedIds = new Set(result.remove ?? []);
  const p = deletePatch(doc, [...removedIds]);
  p.label = label;
  for (const after of result.update ?? []) {
    if (removedIds.has(after.id)) continue;
    const i = after.id >= 0 && after.id < at.length ? at[after.id] : -1;
    if (i >= 0 && doc.entries[i] !== after) p.updated.push([doc.entries[i], after]);
  }
  return p;
}
