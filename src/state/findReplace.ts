/**
 * Find and replace over editable cells. Preview and apply share `findReplacePatch` (in steps:
 * `findReplaceSteps`), so the preview count always equals the number of cells the replace
 * changes. Loaded with the find dialog, not in the first chunk: the store's commands import it
 * when asked (state/editCommands.ts). The scheme / host migrations are state/migrateUrls.ts.
 */
import { plural } from '../core/format.ts';
import { readRows } from '../core/lazyEntries.ts';
import type { SitemapDocument } from '../core/model.ts';
import { runSteps } from '../core/steps.ts';
import { EDITABLE_FIELDS, type EditableField } from './columns.ts';
import { ALL_ROWS, viewStepRows } from './crawlView.ts';
import { urlCount, withField } from './edits.ts';
import type { Patch } from './patch.ts';
import type { FindReplaceRequest } from './types.ts';

/** A new find/replace: plain, case-insensitive, in the URL column, over all rows. */
export const NEW_FIND_REPLACE: Readonly<FindReplaceRequest> = {
  column: 'loc',
  find: '',
  replace: '',
  regex: false,
  caseSensitive: false,
  scope: 'all',
};

/** Thrown-free compile of the search pattern; null when the regex is invalid or `find` is empty. */
export function compileFind(
  req: Pick<FindReplaceRequest, 'find' | 'regex' | 'caseSensitive'>,
): RegExp | null {
  if (req.find === '') return null;
  const source = req.regex ? req.find : req.find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  try {
    return new RegExp(source, req.caseSensitive ? 'g' : 'gi');
  } catch {
    return null;
  }
}

/** Result of a find/replace scan: the patch and how many cells it changes. */
export interface FindReplaceResult {
  patch: Patch;
  cells: number;
}

/**
 * Build the replace patch over the entries at `rows` (document indexes; all rows when null).
 * Only cells whose value actually changes are counted. Literal replacements are inserted
 * verbatim (`$` is not special unless `regex` is on).
 *
 * @example findReplacePatch(doc, { column: 'loc', find: 'http:', replace: 'https:', regex: false, caseSensitive: true, scope: 'all' }, null)
 */
export function findReplacePatch(
  doc: SitemapDocument,
  req: FindReplaceRequest,
  rows: Int32Array | null,
): FindReplaceResult {
  return runSteps(findReplaceSteps(doc, req, rows, ALL_ROWS));
}

/**
 * `findReplacePatch` in steps of `chunk` rows (yields the rows looked at so far between them), as
 * the view's filters read the columns (state/view.ts `filterMaskSteps`: `viewStepRows` cells a
 * step, here spread over the fields looked in, unless `chunk` says). Over all columns of
 * 1,000,000 rows the scan was one task of 212–340 ms CPU for the preview count and again for the
 * apply; state/editCommands.ts runs it in slices. The same result as at once; the document must
 * not change between the steps (the caller starts again when it did).
 */
export function* findReplaceSteps(
  doc: SitemapDocument,
  req: FindReplaceRequest,
  rows: Int32Array | null,
  chunk?: number,
): Generator<number, FindReplaceResult> {
  const re = compileFind(req);
  const patch: Patch = { label: '', added: [], updated: [], removed: [] };
  let cells = 0;
  if (re) {
    const fields: readonly EditableField[] = req.column === 'all' ? EDITABLE_FIELDS : [req.column];
    const replacement = req.regex ? req.replace : req.replace.replace(/\$/g, '$$$$');
    const n = rows ? rows.length : doc.entries.length;
    // A view step reads one column of its rows; this one reads each field looked in: as many
    // cells a step (over all four columns of 1,000,000 rows a 62,500-row step took 43–98 ms CPU).
    const step = chunk ?? Math.max(1, Math.ceil(viewStepRows(n) / fields.length));
    // Values read from the rows (a received document's stay unmade: core/lazyEntries.ts); a
    // row's entry is made only when one of its cells changes.
    const read = readRows(doc.entries);
    for (let k = 0; k < n; k++) {
      if (k > 0 && k % step === 0) yield k;
      const i = rows ? rows[k] : k;
      if (!fields.some((f) => changes(re, f === 'loc' ? read.loc(i) : read.field(i, f), replacement)))
        continue;
      const before = doc.entries[i];
      let after = before;
      for (const f of fields) {
        const v = after[f];
        if (v === undefined || v === '') continue;
        re.lastIndex = 0;
        if (!re.test(v)) continue;
        const next = v.replace(re, replacement);
        if (next === v) continue;
        after = withField(after, f, next);
        cells++;
      }
      if (after !== before) patch.updated.push([before, after]);
    }
  }
  patch.label = req.across
    ? `Replace “${req.find}” in ${plural(req.across.cells, 'cell')} across ${plural(req.across.files.length, 'file')}`
    : `Replace “${req.find}” in ${urlCount(patch.updated.length)}`;
  return { patch, cells };
}

/**
 * What a replace says when it is done: in one file, the URLs and cells it changed there; as part
 * of a replace over several files (`req.across`), the whole of it, in each of them.
 *
 * @example replacedNotice({ ...req, find: 'http://' }, 3, 4) // 'Replaced “http://” in 3 URLs (4 cells).'
 */
export function replacedNotice(req: FindReplaceRequest, urls: number, cells: number): string {
  const across = req.across;
  if (!across) return `Replaced “${req.find}” in ${urlCount(urls)} (${plural(cells, 'cell')}).`;
  const names = across.files;
  const where =
    names.length === 1
      ? `in ${names[0]}`
      : `across ${names.length} files (${names.join(', ')}); one step: Undo in any of them undoes it in all`;
  return `Replaced “${req.find}” in ${plural(across.cells, 'cell')} ${where}.`;
}

/** True when replacing `re` in `v` changes it. */
function changes(re: RegExp, v: string | undefined, replacement: string): boolean {
  if (v === undefined || v === '') return false;
  re.lastIndex = 0;
  return re.test(v) && v.replace(re, replacement) !== v;
}
