/**
 * What to tell about a crawl table beside its rows (its own module, so the page's first chunk,
 * which holds table.ts, does not carry the sentences).
 */
import { fmtInt } from '../format.ts';
import type { CrawlTable, CrawlWarning } from './table.ts';

/**
 * A warning as one line of text.
 *
 * @example crawlWarningText({ line: 3, column: 9, message: 'unclosed quote' }) === 'line 3:9: unclosed quote'
 */
export function crawlWarningText(w: CrawlWarning): string {
  return `line ${w.line}:${w.column}: ${w.message}`;
}

/**
 * What to tell about a table beside its rows: its reader's warnings, then how many rows repeat a
 * URL (the spec does not say which row counts: the first does), each after the file's name unless
 * `named` is false. Empty when nothing. The attach notice, the crawl card and the CLI say these.
 *
 * @example crawlNotes(table) // ['c.csv: 3 crawl rows repeat a URL of an earlier row: the first row of each URL is used']
 */
export function crawlNotes(
  t: Pick<CrawlTable, 'duplicates' | 'warnings' | 'fileName'>,
  named = true,
): string[] {
  const name = named ? `${t.fileName}: ` : '';
  const notes = (t.warnings ?? []).map((w) => `${name}${crawlWarningText(w)}`);
  const d = t.duplicates ?? 0;
  if (d > 0)
    notes.push(
      `${name}${d === 1 ? '1 crawl row repeats the URL' : `${fmtInt(d)} crawl rows repeat the URL`} of an earlier row: the first row of each URL is used`,
    );
  return notes;
}
