/**
 * What formats can hold a document: one home for the Export dialog (which greys a format out with
 * the reason), the exporter (which writes nothing for it) and the CLI's `convert` (which refuses,
 * exit 2). Pure and tiny, so the dialog's first chunk can ask it.
 */
import type { ExportFormat } from '../keep/keptFormat.ts';
import { type DocumentKind, listsSitemaps } from '../model.ts';

/** Why a format cannot hold a document: the rule and a sentence that says what to do instead. */
export interface FormatRefusal {
  rule: 'OUT-009';
  reason: string;
  /** The reason in a few words, for a greyed-out choice. */
  short: string;
}

/**
 * Why a document of `kind` cannot be written as `format` (a `zip` of `childFormat` files), or
 * null when it can. A text sitemap lists pages, one URL per line (OUT-009): a sitemap index (or a
 * robots.txt's `Sitemap:` lines) written as text stops being an index, its child sitemaps read
 * as pages.
 *
 * @example formatRefusal('sitemapindex', 'txt')?.rule // 'OUT-009'
 */
export function formatRefusal(
  kind: DocumentKind,
  format: ExportFormat,
  childFormat?: Exclude<ExportFormat, 'zip'>,
): FormatRefusal | null {
  const text = format === 'zip' ? (childFormat ?? 'xml').startsWith('txt') : format.startsWith('txt');
  if (!text || !listsSitemaps(kind)) return null;
  return {
    rule: 'OUT-009',
    reason:
      'A text sitemap lists pages, one URL per line: it cannot be a sitemap index, and its child sitemaps would be read as pages. Export the index as XML or gzipped XML.',
    short: 'Not for a sitemap index: a text file lists pages only',
  };
}

/**
 * Directory of a publish URL (`https://a.example/maps/sitemap.xml` → `https://a.example/maps/`),
 * or null: where an index lists split files. Its locations must be absolute (OUT-008), so without
 * a valid http(s) publish URL a zip of split files holds no index (the exporter, and the Export
 * dialog before it is clicked).
 */
export function publishDirectory(publishUrl: string | undefined): string | null {
  if (publishUrl === undefined || publishUrl.trim() === '') return null;
  let u: URL;
  try {
    u = new URL(publishUrl.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const href = `${u.origin}${u.pathname}`;
  return href.slice(0, href.lastIndexOf('/') + 1);
}
