/**
 * Cross-file checks of a workspace: the LOC-006 issue shape (the scan is in `duplicates.ts`), the
 * URL index for edits and per-file limits (SIZE-001/002/003/005). Lastmod reading for IDX-003 is in
 * `lastmod.ts`, the index checks in `indexChecks.ts`.
 */

import { fmtInt } from '../format.ts';
import { HEADROOM, MAX_BYTES, MAX_URLS } from '../limits.ts';
import type { Entry, Severity } from '../model.ts';
import type { RuleId } from '../rules/registry.ts';
import { CrossFileUrls } from './crossFile.ts';
import type { RowPlace } from './crossIndex.ts';
import type { WorkspaceFile, WorkspaceIssue } from './types.ts';

/** What an issue needs of the entry it is shown on (an `Entry`, or the facts a streamed file kept). */
export type IssueAt = Pick<Entry, 'id' | 'line' | 'column'>;

const HEADROOM_URLS = HEADROOM.maxUrls;
const HEADROOM_BYTES = HEADROOM.maxBytes;

/** A workspace issue on `file`, located at `entry` (its id, line and column) when given. */
export function workspaceIssue(
  file: number,
  rule: RuleId,
  severity: Severity,
  message: string,
  entry?: IssueAt,
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

/** The LOC-006 cross-file warning for one entry of file `f` whose URL `others` also list. */
export function crossFileIssue(
  files: readonly WorkspaceFile[],
  f: number,
  entry: IssueAt & Pick<Entry, 'loc'>,
  others: readonly number[],
): WorkspaceIssue {
  const names = others.map((o) => files[o].name).join(', ');
  const message = `URL ${entry.loc.trim()} is also listed in ${names}: keep it in one file only.`;
  return { ...workspaceIssue(f, 'LOC-006', 'warning', message, entry, 'loc'), relatedFiles: [...others] };
}

/**
 * HREF-006 across files for the hreflang link `alternate` of an entry of file `f`: the page it
 * names is in file `target.file` and does not link back.
 */
export function returnLinkIssue(
  files: readonly WorkspaceFile[],
  f: number,
  entry: IssueAt,
  alternate: number,
  target: RowPlace,
): WorkspaceIssue {
  const where = `${files[target.file].name}${target.line !== undefined ? `:${target.line}` : ''} (entry ${target.entryIndex + 1})`;
  const message = `No return link: the alternate page in ${where} does not link back to this page, so Google ignores the pair. Add the missing link there.`;
  const issue = workspaceIssue(f, 'HREF-006', 'error', message, entry, `alternates.${alternate}.href`);
  return { ...issue, relatedFiles: [target.file] };
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
    const count = fmtInt(urls);
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
