/**
 * Which export formats can keep the opened file's formatting: only the file's own format (a
 * text file as text or gzipped text, an XML file as XML or gzipped XML). Pure and tiny: the
 * Export dialog asks it before offering "Keep the file's formatting", the export path before
 * trying (`state/keepExport.ts`), so the two cannot disagree.
 */
import type { DocumentKind } from '../model.ts';

/** An export format as the dialog and `ExportOptions` name it. */
export type ExportFormat = 'xml' | 'txt' | 'xml.gz' | 'txt.gz' | 'zip';

/** Export formats as the dialog names them. */
const FORMAT_NAMES: Record<ExportFormat, string> = {
  xml: 'XML',
  txt: 'text',
  'xml.gz': 'gzipped XML',
  'txt.gz': 'gzipped text',
  zip: 'split files',
};

/**
 * The format a keep-format export writes for a source of `kind`, or null when it cannot (another
 * format: a text file asked for XML, gzipped or not, becomes a new XML file).
 *
 * @example keptFormat('text', 'xml.gz') // null
 */
export function keptFormat(
  kind: DocumentKind,
  format: ExportFormat | undefined,
): Exclude<ExportFormat, 'zip'> | null {
  const text = kind === 'text';
  const f = format ?? 'xml';
  if (f === 'zip') return null;
  return f.startsWith('txt') === text ? f : null;
}

/**
 * Why an export to `format` cannot keep the formatting of a source of `kind` (null: no source),
 * or null when it can try.
 *
 * @example keepBlocker('text', 'xml') // 'a text file exported as XML becomes a new file in that format, …'
 */
export function keepBlocker(kind: DocumentKind | null, format: ExportFormat | undefined): string | null {
  if (kind === null) return 'the document did not come from a file opened in this session';
  if (keptFormat(kind, format)) return null;
  const from = kind === 'text' ? 'a text file' : 'an XML file';
  return `${from} exported as ${FORMAT_NAMES[format ?? 'xml']} becomes a new file in that format, with no layout of its own to keep`;
}
