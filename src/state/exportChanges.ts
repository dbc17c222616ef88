/**
 * What an export changes beyond the user's edits, for the Export dialog (core
 * `serialize/exportChanges.ts` over the document and the validator's order findings).
 */
import { type ExportFormat, keepBlocker } from '../core/keep/keptFormat.ts';
import type { DocumentKind, Issue, SitemapDocument } from '../core/model.ts';
import { type TextDrops, textDrops } from '../core/serialize/entries.ts';
import {
  type ExportChange,
  type ExportChangeOptions,
  exportChanges,
  keptChanges,
  LEFT_OUT_BEFORE_ROOT,
} from '../core/serialize/exportChanges.ts';
import type { ValidatorLike } from './validation.ts';

/** What formats can hold a document (OUT-009) and the split defaults (SIZE-005), for the dialog. */
export { HEADROOM, MAX_BYTES, MAX_URLS } from '../core/limits.ts';
export { formatRefusal, publishDirectory } from '../core/serialize/exportFit.ts';
export type { ExportChange, ExportChangeOptions, TextDrops };
export { keptChanges };

/**
 * What a text file (URLs only) would leave out of `doc`: rows and field labels.
 *
 * @example textDropsOf(doc) // { rows: 2, fields: ['Last modified', 'Change frequency'] }
 */
export function textDropsOf(doc: SitemapDocument): TextDrops {
  return textDrops(doc.entries);
}

/**
 * Entry-level order findings (also those a profile note stands for): entries re-printed in XSD
 * order; and the reader's findings of what the export leaves out before the root.
 */
function orderIssues(v: ValidatorLike): Issue[] {
  const out: Issue[] = [];
  for (const i of v.documentIssues()) if (i.rule in LEFT_OUT_BEFORE_ROOT) out.push(i);
  for (const rule of ['XML-006', 'IMG-008'] as const) {
    for (const entry of v.entriesWithRule(rule)) out.push({ rule, severity: 'warning', message: '', entry });
    for (const i of v.quietIssues?.(rule) ?? []) out.push(i);
  }
  return out;
}

/** Unescaped & findings (ENC-005) still on the rows and the document: each export escapes them. */
function ampIssues(v: ValidatorLike): Issue[] {
  const out: Issue[] = [];
  for (const entry of v.entriesWithRule('ENC-005'))
    for (const i of v.issuesOf(entry)) if (i.rule === 'ENC-005') out.push(i);
  for (const i of v.documentIssues()) if (i.rule === 'ENC-005') out.push(i);
  return out;
}

/**
 * Every change the normalized export of `doc` makes beyond the user's edits, with counts.
 *
 * @example exportChangesOf(doc, validator, { format: 'xml', lean: true }) // [{ id: 'lean-prio', count: 2, … }]
 */
export function exportChangesOf(
  doc: SitemapDocument,
  validator: ValidatorLike,
  options: ExportChangeOptions,
): ExportChange[] {
  return exportChanges(doc, [...orderIssues(validator), ...ampIssues(validator)], options);
}

/**
 * Errors on the lines of a text document that are not URLs (TXT-001): an XML export leaves those
 * lines out (and a text export when asked), so their errors do not go into the file.
 *
 * @example errorsOnNonUrlLines(doc, validator) // 21 for 21 `#` comment lines
 */
export function errorsOnNonUrlLines(doc: SitemapDocument, validator: ValidatorLike): number {
  if (doc.kind !== 'text') return 0;
  let n = 0;
  for (const id of validator.entriesWithRule('TXT-001'))
    for (const i of validator.issuesOf(id)) if (i.severity === 'error') n++;
  return n;
}

/**
 * Why "Keep the file's formatting" does not apply to an export to `format` (null: it does), as
 * the Export dialog shows it: split files are always normalized; another format than the
 * opened file's own is a new file (core `keepBlocker`, which the export path asks too).
 *
 * @example keepUnavailable('text', true, 'xml') // 'A text file exported as XML becomes a new file …'
 */
export function keepUnavailable(
  kind: DocumentKind | undefined,
  keepable: boolean,
  format: ExportFormat,
): string | null {
  if (format === 'zip') return 'Split files and their index are written normalized.';
  const why = keepable && kind ? keepBlocker(kind, format) : null;
  return why ? `${why[0].toUpperCase()}${why.slice(1)}.` : null;
}
