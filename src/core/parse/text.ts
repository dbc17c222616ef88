import type { DocumentKind, Entry, Issue } from '../model.ts';
import { EXPORTS_SKIPPED, parseIssue } from './issues.ts';

/** Result of reading a text sitemap or robots.txt. */
export interface TextOut {
  kind: DocumentKind;
  entries: Entry[];
  issues: Issue[];
  /** Text sitemaps: `[start, end)` of each entry's line (without its line break). */
  spans?: Int32Array;
}

function isPad(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0 || c === 0xfeff || c === 0x3000 || (c >= 0x2000 && c <= 0x200b);
}

const ROBOTS_LINE = /^[ \t]*(?:user-agent|sitemap|site-map|disallow|allow)[ \t]*:/im;
const SITEMAP_LINE = /^[ \t]*(?:sitemap|site-map)[ \t]*:[ \t]*(.*)$/i;

/** True when the text looks like robots.txt (a `User-agent:`/`Sitemap:` line, IMP-001 step 6). */
export function looksLikeRobots(text: string): boolean {
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  return /^[ \t]*(?:user-agent|sitemap|site-map)[ \t]*:/im.test(head) && ROBOTS_LINE.test(head);
}

/** Calls `fn(start, end, lineNo)` for each line, splitting on CRLF, LF or CR (indexOf, amortised). */
function eachLine(text: string, fn: (start: number, end: number, lineNo: number) => void): void {
  const n = text.length;
  let start = 0;
  let lineNo = 1;
  let lf = -1;
  let cr = -1;
  while (start < n) {
    if (lf !== n && lf < start) {
      lf = text.indexOf('\n', start);
      if (lf === -1) lf = n;
    }
    if (cr !== n && cr < start) {
      cr = text.indexOf('\r', start);
      if (cr === -1) cr = n;
    }
    let end = Math.min(lf, cr);
    fn(start, end, lineNo);
    lineNo++;
    if (end === cr && cr + 1 === lf) end = lf;
    start = end + 1;
  }
}

/**
 * Read a plain-text sitemap (IMP-026): every non-blank line becomes a row as written (the
 * validator checks TXT-001/003 and URL rules); blank lines and a BOM are reported (TXT-005; a padded line is
 * the validator's TXT-005).
 * Rows holding U+FFFD get ENC-001 when the bytes were not valid UTF-8.
 *
 * @example parseText('https://a.example/\n', false, false).entries[0].loc // 'https://a.example/'
 */
export function parseText(text: string, hadBom: boolean, invalidUtf8: boolean): TextOut {
  const entries: Entry[] = [];
  const issues: Issue[] = [];
  if (hadBom)
    issues.push(
      parseIssue(
        'TXT-005',
        `Byte order mark at the start of the text sitemap: skipped when reading. ${EXPORTS_SKIPPED}.`,
        {
          line: 1,
          column: 1,
        },
      ),
    );
  let blank = 0;
  let firstBlank = 0;
  const spans: number[] = [];
  eachLine(text, (start, end, lineNo) => {
    let a = start;
    while (a < end && isPad(text.charCodeAt(a))) a++;
    if (a === end) {
      if (blank++ === 0) firstBlank = lineNo;
      return;
    }
    const id = entries.length;
    const loc = text.slice(start, end);
    entries.push({ id, loc, line: lineNo, column: 1 });
    spans.push(start, end);
    // A padded line is the validator's TXT-005 (core/rules/loc.ts: live, with its trim fix).
    if (invalidUtf8 && loc.includes('\uFFFD')) {
      const where = { entry: id, field: 'loc', line: lineNo, column: 1 };
      issues.push(
        parseIssue('ENC-001', 'Line contains bytes that are not valid UTF-8 (shown as U+FFFD)', where),
      );
    }
  });
  if (blank > 0) {
    const message = `${blank} blank line${blank === 1 ? '' : 's'} skipped (first at line ${firstBlank})`;
    issues.push(parseIssue('TXT-005', message, { line: firstBlank, column: 1 }));
  }
  return { kind: 'text', entries, issues, spans: Int32Array.from(spans) };
}

/**
 * Extract `Sitemap:` lines from robots.txt (IMP-027): case-insensitive, also `site-map:`, comments
 * stripped, only absolute http(s) URLs kept (others warned), duplicates removed, order kept.
 *
 * @example parseRobots('User-agent: *\nSitemap: https://a.example/s.xml').entries[0].loc // 'https://a.example/s.xml'
 */
export function parseRobots(text: string): TextOut {
  const entries: Entry[] = [];
  const issues: Issue[] = [];
  const seen = new Set<string>();
  eachLine(text, (start, end, lineNo) => {
    const m = SITEMAP_LINE.exec(text.slice(start, end));
    if (!m) return;
    const hash = m[1].indexOf('#');
    const value = (hash === -1 ? m[1] : m[1].slice(0, hash)).trim();
    const where = { line: lineNo, column: 1 };
    if (!/^https?:\/\/[^\s/]+/i.test(value)) {
      issues.push(
        parseIssue('IMP-027', `Sitemap: line "${value}" is not an absolute http(s) URL; skipped`, where),
      );
      return;
    }
    if (seen.has(value)) {
      issues.push(parseIssue('IMP-027', `Duplicate Sitemap: line "${value}" skipped`, where, 'info'));
      return;
    }
    seen.add(value);
    entries.push({ id: entries.length, loc: value, line: lineNo, column: 1 });
  });
  return { kind: 'robots', entries, issues };
}
