/**
 * Cross-file checks of a workspace: duplicate URLs across files (LOC-006), index children
 * (IDX-003..007) and per-file limits (SIZE-001/002/003/005). Linear in the number of URLs.
 */
import type { Entry, Severity, SitemapDocument } from '../model.ts';
import { CrossFileUrls } from './crossFile.ts';
import type { WorkspaceFile, WorkspaceIssue } from './types.ts';

const MAX_URLS = 50_000;
const MAX_BYTES = 52_428_800;
const HEADROOM_URLS = 45_000;
const HEADROOM_BYTES = 45_000_000;

/** A workspace issue on `file`, located at `entry` (its id, line and column) when given. */
export function workspaceIssue(
  file: number,
  rule: string,
  severity: Severity,
  message: string,
  entry?: Entry,
  field?: string,
): WorkspaceIssue {
  const out: WorkspaceIssue = { rule, severity, message, file };
  if (entry !== undefined) {
    out.entry = entry.id;
    if (field !== undefined) out.field = field;
    if (entry.line !== undefined) out.line = entry.line;
    if (entry.column !== undefined) out.column = entry.column;
  }
  return out;
}

const W3C_DAY = /^\d{4}-\d{2}-\d{2}(T|$)/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Milliseconds of a W3C date (`YYYY-MM-DD` or with a `T` time; no zone reads as UTC), or null
 * for anything else.
 * `endOfDay` reads a date-only value as its last millisecond (an index date-only lastmod is not
 * "older" than a child change on the same day).
 */
export function lastmodMs(value: string, endOfDay: boolean): number | null {
  const v = value.trim();
  if (!W3C_DAY.test(v)) return null;
  // A time without a zone (LASTMOD-002) is read as UTC, not as the machine's local time.
  const ms = Date.parse(v.length > 10 && !HAS_ZONE.test(v) ? `${v}Z` : v);
  if (Number.isNaN(ms)) return null;
  return endOfDay && v.length === 10 ? ms + 86_399_999 : ms;
}

/** The newest parsable lastmod inside a document, as written, or null. */
export function newestLastmod(doc: SitemapDocument): { ms: number; value: string } | null {
  let best: { ms: number; value: string } | null = null;
  // Generators repeat a few dates on many entries: parse each distinct value once (bounded cache).
  const parsed = new Map<string, number | null>();
  for (const entry of doc.entries) {
    if (entry.lastmod === undefined) continue;
    let ms = parsed.get(entry.lastmod);
    if (ms === undefined) {
      ms = lastmodMs(entry.lastmod, false);
      if (parsed.size >= 4096) parsed.clear();
      parsed.set(entry.lastmod, ms);
    }
    if (ms !== null && (best === null || ms > best.ms)) best = { ms, value: entry.lastmod.trim() };
  }
  return best;
}

/** The LOC-006 cross-file warning for one entry of file `f` whose URL `others` also list. */
export function crossFileIssue(
  files: readonly WorkspaceFile[],
  f: number,
  entry: Entry,
  others: readonly number[],
): WorkspaceIssue {
  const names = others.map((o) => files[o].name).join(', ');
  const message = `URL ${entry.loc.trim()} is also listed in ${names}: keep it in one file only.`;
  return { ...workspaceIssue(f, 'LOC-006', 'warning', message, entry, 'loc'), relatedFiles: [...others] };
}

/**
 * LOC-006 across files: every entry whose trimmed `<loc>` also appears in another non-index
 * file gets a warning naming the other files. Duplicates inside one file are the validator's.
 * One pass and one Map keyed by URL (value: a running row number); only repeated URLs keep a
 * list of rows, so nothing is walked twice.
 */
export function crossFileDuplicates(files: readonly WorkspaceFile[]): WorkspaceIssue[] {
  const first = new Map<string, number>();
  const repeated = new Map<string, number[]>();
  const starts: number[] = [];
  const owners: number[] = [];
  let row = 0;
  for (let f = 0; f < files.length; f++) {
    if (files[f].kind === 'sitemapindex') continue;
    starts.push(row);
    owners.push(f);
    for (const entry of files[f].document.entries) {
      const loc = entry.loc.trim();
      if (loc !== '') {
        const at = first.get(loc);
        if (at === undefined) first.set(loc, row);
        else {
          const rows = repeated.get(loc);
          if (rows === undefined) repeated.set(loc, [at, row]);
          else rows.push(row);
        }
      }
      row++;
    }
  }
  const hits: Array<{ row: number; issue: WorkspaceIssue }> = [];
  for (const rows of repeated.values()) {
    const located = rows.map((r) => locate(starts, owners, r));
    const involved = [...new Set(located.map((l) => l.file))];
    if (involved.length < 2) continue;
    located.forEach(({ file, entryIndex }, k) => {
      const entry = files[file].document.entries[entryIndex];
      const others = involved.filter((o) => o !== file).sort((x, y) => x - y);
      hits.push({ row: rows[k], issue: crossFileIssue(files, file, entry, others) });
    });
  }
  return hits.sort((x, y) => x.row - y.row).map((h) => h.issue);
}

/** The file and entry position of running row `r` (binary search over the file start rows). */
function locate(
  starts: readonly number[],
  owners: readonly number[],
  r: number,
): { file: number; entryIndex: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= r) lo = mid;
    else hi = mid - 1;
  }
  return { file: owners[lo], entryIndex: r - starts[lo] };
}

/** The URL index of the non-index files. */
export function crossFileUrls(files: readonly WorkspaceFile[]): CrossFileUrls {
  return new CrossFileUrls(
    files.map((file) => (file.kind === 'sitemapindex' ? null : file.document.entries)),
  );
}

/** SIZE-001/002/005 for each non-index file, SIZE-003 for each index. */
export function sizeIssues(files: readonly WorkspaceFile[]): WorkspaceIssue[] {
  const out: WorkspaceIssue[] = [];
  files.forEach((file, f) => {
    const { urls, decodedBytes: bytes } = file.summary;
    const count = urls.toLocaleString('en-US');
    if (file.kind === 'sitemapindex') {
      if (urls > MAX_URLS || bytes > MAX_BYTES) {
        const message = `Index ${file.name} has ${count} children and ${bytes} bytes; the limits are 50,000 and 52,428,800: split it into several index files.`;
        out.push(workspaceIssue(f, 'SIZE-003', 'error', message));
      }
      return;
    }
    if (urls > MAX_URLS)
      out.push(
        workspaceIssue(
          f,
          'SIZE-001',
          'error',
          `${file.name} has ${count} URLs; at most 50,000 are allowed: split it.`,
        ),
      );
    if (bytes > MAX_BYTES) {
      const message = `${file.name} is ${bytes} bytes uncompressed; at most 52,428,800 are allowed: split it.`;
      out.push(workspaceIssue(f, 'SIZE-002', 'error', message));
    }
    if (urls <= MAX_URLS && bytes <= MAX_BYTES && (urls > HEADROOM_URLS || bytes > HEADROOM_BYTES)) {
      const message = `${file.name} is close to the limits (${count} URLs, ${bytes} bytes): split early, e.g. at 45,000 URLs.`;
      out.push(workspaceIssue(f, 'SIZE-005', 'warning', message));
    }
  });
  return out;
}
