/**
 * CSV export of the table and CSV import of crawler / Search Console exports (issue 9).
 *
 * Export is hand-written (it is a few lines of RFC 4180 quoting) so that a million rows can be
 * produced as a list of string chunks instead of one giant concatenation. Import is pure mapping:
 * the records come from a tokeniser outside core (papaparse in the CSV worker,
 * workers/csvTokens.ts), which takes its delimiter from {@link sniffDelimiter}; {@link shapeCsv}
 * finds the header and the data rows, {@link guessMapping} and {@link csvToEntries} make entries.
 */
import { type CsvField, EDITABLE_FIELDS, type EditableField, FIELDS } from './fields.ts';
import type { Entry, Issue } from './model.ts';
import { makeIssue } from './model.ts';

/**
 * A column that can be exported: a field with a `csv` label in fields.ts, or `file` (needs
 * {@link CsvExportOptions.fileOf}).
 */
export type CsvColumn = CsvField | 'file';

/** Options of {@link entriesToCsv}. */
export interface CsvExportOptions {
  /** Columns in output order; the header row uses these names. */
  columns: readonly CsvColumn[];
  /** Indexes into `entries` to export (e.g. the filtered rows), in output order. Default: all. */
  rows?: Iterable<number>;
  /** File name of the entry at a given index, for the `file` column of a workspace table. */
  fileOf?: (index: number) => string;
  /** Start with a UTF-8 byte order mark, which Excel needs to read UTF-8. Default false. */
  bom?: boolean;
  /** Rows per string chunk. Default 10,000. */
  chunkRows?: number;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

function quoteCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function videoTitle(video: NonNullable<Entry['videos']>[number]): string {
  for (const node of video.nodes) if (node.name === 'title') return node.text;
  return '';
}

/**
 * The text of one cell. Multi-valued columns are joined on one line: image locations separated
 * by a space, video titles by ` | `, alternates as `hreflang=href` pairs separated by a space.
 */
function cellText(entry: Entry, column: CsvColumn, fileName: string): string {
  switch (column) {
    case 'loc':
    case 'lastmod':
    case 'changefreq':
    case 'priority':
      return entry[column] ?? '';
    case 'images':
      return entry.images ? entry.images.map((i) => i.loc).join(' ') : '';
    case 'videos':
      return entry.videos ? entry.videos.map(videoTitle).join(' | ') : '';
    case 'alternates':
      return entry.alternates
        ? entry.alternates.map((a) => `${a.hreflang ?? ''}=${a.href ?? ''}`).join(' ')
        : '';
    case 'file':
      return fileName;
  }
}

function* allIndexes(n: number): Generator<number> {
  for (let i = 0; i < n; i++) yield i;
}

/**
 * Write entries as CSV chunks (RFC 4180: comma, CRLF, `"` quoting when needed), header first.
 * Each chunk holds up to `chunkRows` rows, so a caller can hand them to `new Blob(chunks)`.
 *
 * @example entriesToCsvChunks(doc.entries, { columns: ['loc', 'lastmod'] }).join('')
 */
export function entriesToCsvChunks(entries: readonly Entry[], options: CsvExportOptions): string[] {
  const { columns, fileOf } = options;
  const chunkRows = options.chunkRows ?? 10_000;
  const chunks: string[] = [`${options.bom ? '\ufeff' : ''}${columns.join(',')}\r\n`];
  let lines: string[] = [];
  const cells: string[] = new Array(columns.length);
  for (const index of options.rows ?? allIndexes(entries.length)) {
    const entry = entries[index];
    if (entry === undefined) continue;
    const fileName = fileOf ? fileOf(index) : '';
    for (let c = 0; c < columns.length; c++) cells[c] = quoteCell(cellText(entry, columns[c], fileName));
    lines.push(cells.join(','));
    if (lines.length >= chunkRows) {
      chunks.push(`${lines.join('\r\n')}\r\n`);
      lines = [];
    }
  }
  if (lines.length > 0) chunks.push(`${lines.join('\r\n')}\r\n`);
  return chunks;
}

/**
 * Write entries as one CSV string (see {@link entriesToCsvChunks}).
 *
 * @example entriesToCsv(entries, { columns: ['loc'] }) // 'loc\r\nhttps://www.example.com/\r\n'
 */
export function entriesToCsv(entries: readonly Entry[], options: CsvExportOptions): string {
  return entriesToCsvChunks(entries, options).join('');
}

/** A problem in the CSV text itself, at a 1-based record number (the header is record 1). */
export interface CsvError {
  row: number;
  message: string;
}

/** What a tokeniser made of CSV text: every record (blank ones too), cells as written. */
export interface CsvRecords {
  records: string[][];
  /** The delimiter used, e.g. `,`, `;` or `\t`. */
  delimiter: string;
  /** Problems in the text, at 1-based record numbers. */
  errors: CsvError[];
}

/** Result of {@link shapeCsv}: the header and the data rows of a CSV. */
export interface ParsedCsv {
  headers: string[];
  /** Data records (without the header), cells as written. */
  rows: string[][];
  /** Detected delimiter, e.g. `,`, `;` or `\t`. */
  delimiter: string;
  errors: CsvError[];
  /**
   * 1-based record number of the header in the source (2 when a one-cell title row such as
   * Screaming Frog's old `"Internal - All"` came first).
   */
  headerRow: number;
  /** 1-based source record number of each data row (what a spreadsheet shows as the row number). */
  rowNumbers: number[];
}

function isBlankRecord(record: string[]): boolean {
  for (const cell of record) if (cell.trim() !== '') return false;
  return true;
}

const DELIMITERS = [',', '\t', '|', ';'];
const FIRST_LINE = /^[^\r\n]*(\r\n|\r|\n)/;

/** Fields per record (outside quotes) of up to 10 non-blank records, for one delimiter. */
function fieldCounts(sample: string, delimiter: number): number[] {
  const counts: number[] = [];
  let fields = 1;
  let blank = true;
  let quoted = false;
  for (let i = 0; i <= sample.length && counts.length < 10; i++) {
    const c = i < sample.length ? sample.charCodeAt(i) : 10;
    if (c === 34) quoted = !quoted;
    else if (quoted) continue;
    else if (c === delimiter) fields++;
    else if (c === 10 || c === 13) {
      if (!blank) counts.push(fields);
      fields = 1;
      blank = true;
      continue;
    }
    if (c > 32) blank = false;
  }
  return counts;
}

/**
 * The delimiter of CSV text among `,` tab `|` `;`: the one that splits the first records into
 * the most consistent field counts (then the most fields), as spreadsheet programs guess it.
 * A first line without any candidate (a one-cell title row such as `"Internal - All"`) and blank
 * lines are not looked at. `,` when nothing splits.
 *
 * @example sniffDelimiter('URL;Priority\nhttps://a.example/;0,8\n') // ';'
 */
export function sniffDelimiter(text: string): string {
  const first = FIRST_LINE.exec(text);
  const skip = first === null || /[,;\t|]/.test(first[0]) ? 0 : first[0].length;
  const sample = text.slice(skip, skip + 64 * 1024);
  let best = ',';
  let bestDelta = Number.POSITIVE_INFINITY;
  let bestAvg = 0;
  for (const d of DELIMITERS) {
    const counts = fieldCounts(sample, d.charCodeAt(0));
    if (counts.length === 0) continue;
    let delta = 0;
    let sum = counts[0];
    for (let i = 1; i < counts.length; i++) {
      delta += Math.abs(counts[i] - counts[i - 1]);
      sum += counts[i];
    }
    const avg = sum / counts.length;
    if (avg < 2) continue;
    if (delta < bestDelta || (delta === bestDelta && avg > bestAvg)) {
      best = d;
      bestDelta = delta;
      bestAvg = avg;
    }
  }
  return best;
}

/**
 * Find the header and the data rows among tokenised records. The first non-blank record is the
 * header, unless it is a lone title cell followed by a wider row. Blank records are dropped.
 *
 * @example shapeCsv({ records: [['URL'], ['https://a.example/']], delimiter: ',', errors: [] }).rows // [['https://a.example/']]
 */
export function shapeCsv(tokens: CsvRecords): ParsedCsv {
  const data = tokens.records;
  let headerAt = 0;
  while (headerAt < data.length && isBlankRecord(data[headerAt])) headerAt++;
  const first = data[headerAt];
  const next = data[headerAt + 1];
  if (first && next && first.filter((c) => c.trim() !== '').length === 1 && next.length > 1) headerAt++;
  const headers = (data[headerAt] ?? []).map((h) => h.trim());
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  for (let i = headerAt + 1; i < data.length; i++) {
    if (isBlankRecord(data[i])) continue;
    rows.push(data[i]);
    rowNumbers.push(i + 1);
  }
  const { delimiter, errors } = tokens;
  return { headers, rows, delimiter, errors, headerRow: headerAt + 1, rowNumbers };
}

/** Which CSV column (0-based) feeds which scalar entry field. */
export type CsvMapping = Partial<Record<EditableField, number>>;

function normaliseHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/**
 * Guess (header names per field: `csvNames` in fields.ts) which columns hold the URL, lastmod, changefreq and priority from the header names,
 * case-insensitively: Screaming Frog (`Address`, `Last Modified`), Search Console
 * (`Top pages`, `URL`, `Page`), Sitebulb / Ahrefs / Semrush (`URL`), generic
 * `loc`/`url`/`link`, `lastmod`/`last modified`/`date`/`updated`. Earlier names win; among equal
 * names the leftmost column wins. Falls back to the first header containing `url` for `loc`.
 *
 * @example guessMapping(['Address', 'Status Code', 'Last Modified']) // { loc: 0, lastmod: 2 }
 */
export function guessMapping(headers: readonly string[]): CsvMapping {
  const normalised = headers.map(normaliseHeader);
  const mapping: CsvMapping = {};
  for (const field of EDITABLE_FIELDS) {
    for (const name of FIELDS[field].csvNames) {
      const at = normalised.indexOf(name);
      if (at >= 0) {
        mapping[field] = at;
        break;
      }
    }
  }
  if (mapping.loc === undefined) {
    const at = normalised.findIndex((h) => /\burls?\b/.test(h));
    if (at >= 0) mapping.loc = at;
  }
  return mapping;
}

/** Options of {@link csvToEntries}. */
export interface CsvImportOptions {
  /** Id of the first created entry; the following ones count up. */
  firstId: number;
}

function cell(row: readonly string[], column: number | undefined): string | undefined {
  if (column === undefined) return undefined;
  const value = row[column];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * Turn mapped CSV rows into entries. Values are kept exactly as written, so nothing is silently
 * guessed: a crawler date such as `2024-06-24 09:30:00` stays as is and the validator flags it
 * (LASTMOD-001/002) and offers its conversion (IMP-015). Rows without a URL are skipped with an
 * XML-004 warning naming the CSV row number (also in `line`). Empty optional cells are absent.
 *
 * @example csvToEntries(shapeCsv(tokens), { loc: 0 }, { firstId: 0 }).entries[0].loc
 */
export function csvToEntries(
  parsed: ParsedCsv,
  mapping: CsvMapping,
  options: CsvImportOptions,
): { entries: Entry[]; issues: Issue[] } {
  const entries: Entry[] = [];
  const issues: Issue[] = [];
  let id = options.firstId;
  for (let i = 0; i < parsed.rows.length; i++) {
    const row = parsed.rows[i];
    const rowNumber = parsed.rowNumbers[i] ?? parsed.headerRow + 1 + i;
    const loc = cell(row, mapping.loc);
    if (loc === undefined) {
      const message = `CSV row ${rowNumber} has no URL${mapping.loc === undefined ? ' column mapped' : ''}; the row was skipped.`;
      issues.push(makeIssue('XML-004', 'warning', message, { line: rowNumber }));
      continue;
    }
    const entry: Entry = { id: id++, loc };
    for (const field of EDITABLE_FIELDS) {
      const value = field === 'loc' ? undefined : cell(row, mapping[field]);
      if (value !== undefined) entry[field] = value;
    }
    entries.push(entry);
  }
  return { entries, issues };
}
