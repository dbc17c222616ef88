/**
 * LOC rules (SITEMAP-RULES.md 6.4) for page URLs and, through `checkUrlValue`, for every other URL
 * field (image:loc, video locations, xhtml:link href). TXT-001 replaces LOC-001 for text sitemaps.
 */

import { describeInvisible, hasInvisible, isInvisibleUnit } from '../invisible.ts';
import { absoluteProblem, hasEdgeSpace, scanUrl, trimValue, type UrlParts } from '../urls.ts';
import { type EntryCtx, report, show, URL_LOWER, URL_PLAIN } from './common.ts';
import type { RuleId } from './registry.ts';
import { dropFragment, stripTracking } from './urlFixes.ts';

export { absoluteProblem };

/**
 * Class of each ASCII character for `scanChars`: 0 ordinary, 1 rejected by LOC-003 (controls,
 * space, `" < > \\ ^ \` { | }`), 2 `%`, 3 `#`, 4 `&` or `'`, 5 an uppercase letter.
 */
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c <= 32; c++) ASCII_CLASS[c] = 1;
for (const c of [34, 60, 62, 92, 94, 96, 123, 124, 125, 127]) ASCII_CLASS[c] = 1;
ASCII_CLASS[37] = 2;
ASCII_CLASS[35] = 3;
ASCII_CLASS[38] = 4;
ASCII_CLASS[39] = 4;
for (let c = 65; c <= 90; c++) ASCII_CLASS[c] = 5;

/**
 * A character of class other than 0 in {@link ASCII_CLASS}, or non-ASCII: one UTF-16 unit (not a
 * `u` regex), so after a match `lastIndex - 1` is its index.
 */
const NOT_ORDINARY = /[^!$()*+,\-./0-9:;=?@[\]_a-z~]/g;

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** `scanChars` result: flag bits below SCAN_FLAGS, the bad index (if any) times SCAN_FLAGS above. */
const SCAN_NON_ASCII = 1;
const SCAN_QUOTE_OR_AMP = 2;
const SCAN_UPPER = 4;
const SCAN_BAD = 8;
const SCAN_FLAGS = 16;

/**
 * One pass over a (trimmed) URL for LOC-003 and LOC-004, returned as one number (no allocation on
 * the hot path): flag bits (non-ASCII, `&`/`'`, uppercase, bad) plus, when bad, the index of the
 * first character not allowed in a URI (see `badIndex`, `badReason`).
 *
 * @example badIndex(scanChars('https://a.com/a b')) === 15
 */
export function scanChars(s: string): number {
  // Ordinary characters (class 0) add nothing: one native scan finds the first other one, and
  // the loop starts there (a URL without one, most of them, is never looped over).
  NOT_ORDINARY.lastIndex = 0;
  if (!NOT_ORDINARY.test(s)) return 0;
  let flags = 0;
  let hashes = 0;
  for (let i = NOT_ORDINARY.lastIndex - 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 127) {
      flags |= SCAN_NON_ASCII;
      // Bidi controls, zero-width and other invisible characters (issue 20): LOC-003, shown escaped.
      if (isInvisibleUnit(c) && (c !== 0xdb40 || hasInvisible(s.slice(i, i + 2))))
        return flags + SCAN_BAD + i * SCAN_FLAGS;
      continue;
    }
    const k = ASCII_CLASS[c];
    if (k === 0) continue;
    if (k === 5) flags |= SCAN_UPPER;
    else if (k === 4) flags |= SCAN_QUOTE_OR_AMP;
    else if (
      k === 1 ||
      (k === 2 && !(isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)))) ||
      (k === 3 && ++hashes > 1)
    )
      return flags + SCAN_BAD + i * SCAN_FLAGS;
  }
  return flags;
}

/** Index of the bad character of a `scanChars` result, or -1. @example badIndex(scanChars('a b')) === 1 */
export function badIndex(scan: number): number {
  return scan & SCAN_BAD ? Math.floor(scan / SCAN_FLAGS) : -1;
}

/** Why the character at `i` (found by `scanChars`) is not allowed. @example badReason('a b', 1) === 'a space' */
export function badReason(s: string, i: number): string {
  const c = s.charCodeAt(i);
  if (c > 127) return `an invisible character ${describeInvisible(s, i)}`;
  if (c === 37) return 'a % not followed by two hex digits';
  if (c === 35) return 'a second #';
  return c === 32 ? 'a space' : c < 32 || c === 127 ? 'a control character' : `the character ${s[i]}`;
}

/**
 * How the character at `i` (one LOC-003 names) is written percent-encoded: "a space becomes
 * %20", "> becomes %3E", "it becomes %E2%80%8B" (for a character that does not show).
 */
export function encodingHint(s: string, i: number): string {
  const cp = s.codePointAt(i) ?? 0;
  const ch = String.fromCodePoint(cp);
  let enc: string;
  try {
    enc = encodeURIComponent(ch);
  } catch {
    // A lone surrogate has no UTF-8 form: the replacement character is what gets written.
    enc = '%EF%BF%BD';
  }
  if (enc === ch) enc = `%${cp.toString(16).toUpperCase().padStart(2, '0')}`;
  const what = cp === 32 ? 'a space' : cp === 37 ? 'a %' : cp > 32 && cp < 127 ? ch : 'it';
  return `${what} becomes ${enc}`;
}

/** Options for checking one URL field. */
export interface UrlFieldOptions {
  /** Rule used when the value is not an absolute URL (LOC-001, IMG-003, HREF-003, TXT-001, VID-006…). */
  absRule: RuleId;
  /** Allowed schemes. */
  schemes: readonly string[];
  /** Run LOC-008..010 (page URLs only). */
  page: boolean;
  /** Rule for spaces around the value (default LOC-005; TXT-005 for a text sitemap's line). */
  padRule?: RuleId;
}

const PAGE: UrlFieldOptions = { absRule: 'LOC-001', schemes: ['http', 'https'], page: true };
/** A text sitemap's line: TXT-001 and TXT-005 (SITEMAP-RULES: "leading/trailing spaces … on a line"). */
const TEXT_LINE: UrlFieldOptions = { ...PAGE, absRule: 'TXT-001', padRule: 'TXT-005' };
const TRACKING_QUERY = /(?:^|[&;])(utm_[a-z0-9_]*|gclid|fbclid|msclkid|jsessionid|phpsessid|sid|sessionid)=/i;
const TRACKING_PATH = /;(jsessionid|phpsessid|sid|sessionid)=/i;

/**
 * False when no `name=` of `query` can be a TRACKING_QUERY name (so the regex need not run): each
 * such name starts with `utm_` or ends in `lid`, `kid`, `nid` or `sid` (any case). Checked per
 * name between a separator (`&`, `;` or the start) and its `=`, as the regex does.
 *
 * @example mayTrack('id=5') === false; mayTrack('a=1&GCLID=x') === true
 */
export function mayTrack(query: string): boolean {
  let start = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query.charCodeAt(i);
    if (c === 38 || c === 59) start = i + 1;
    else if (c === 61) {
      if (
        i - start >= 3 &&
        (query.charCodeAt(i - 1) | 32) === 100 &&
        (query.charCodeAt(i - 2) | 32) === 105
      ) {
        const k = query.charCodeAt(i - 3) | 32;
        if (k === 108 || k === 107 || k === 110 || k === 115) return true;
      }
      if (
        i - start >= 4 &&
        (query.charCodeAt(start) | 32) === 117 &&
        (query.charCodeAt(start + 1) | 32) === 116 &&
        (query.charCodeAt(start + 2) | 32) === 109 &&
        query.charCodeAt(start + 3) === 95
      )
        return true;
    }
  }
  return false;
}

function checkLength(ctx: EntryCtx, v: string, field: string): void {
  if (v.length > 2048) {
    report(
      ctx,
      'LOC-002',
      'error',
      `URL is ${v.length} characters long; the limit is 2,047. Shorten it (drop tracking parameters) or list the canonical URL: ${show(v)}`,
      field,
    );
  } else if (v.length === 2048) {
    report(
      ctx,
      'LOC-002',
      'warning',
      'URL is exactly 2,048 characters: sitemaps.org requires fewer; remove at least one character.',
      field,
    );
  } else if (v.length < 12) {
    report(
      ctx,
      'LOC-002',
      'info',
      `URL ${show(v)} is shorter than the 12 characters the schema expects; check it is complete.`,
      field,
    );
  }
}

function checkPageExtras(ctx: EntryCtx, parts: UrlParts, v: string, field: string): void {
  if (parts.fragment !== null) {
    report(
      ctx,
      'LOC-008',
      'warning',
      `URL has a #fragment (#${parts.fragment.slice(0, 40)}), which is never sent to the server; list the URL without it: ${show(dropFragment(v))}`,
      field,
    );
  }
  const tq = parts.query !== null && mayTrack(parts.query) ? TRACKING_QUERY.exec(parts.query) : null;
  const tp = parts.path.includes(';') ? TRACKING_PATH.exec(parts.path) : null;
  if (tq || tp) {
    const name = (tq ?? tp)![1];
    report(
      ctx,
      'LOC-009',
      'warning',
      `URL carries the session or tracking parameter “${name}”; list the clean canonical URL instead: ${show(stripTracking(v))}`,
      field,
    );
  }
  if (parts.userinfo !== null) {
    report(
      ctx,
      'LOC-010',
      'warning',
      'URL contains credentials (user:password@ before the host); remove them — they would be published in the sitemap.',
      field,
    );
  }
}

/**
 * Checks one URL value at `field` (LOC-001..005, plus LOC-008..010 for page URLs).
 * Returns the scanned parts of the trimmed value, or null when it is not absolute.
 *
 * @example checkUrlValue(ctx, ' /about', 'loc') // LOC-005 + LOC-001, returns null
 */
export function checkUrlValue(
  ctx: EntryCtx,
  raw: string,
  field: string,
  opts: UrlFieldOptions = PAGE,
): UrlParts | null {
  ctx.url = 0;
  const spaced = hasEdgeSpace(raw);
  if (spaced) {
    report(
      ctx,
      opts.padRule ?? 'LOC-005',
      'warning',
      opts.padRule === 'TXT-005'
        ? `Line has spaces or tabs around the URL; trim them: ${show(raw)}`
        : `URL has spaces or line breaks around it; trim them: ${show(raw)}`,
      field,
    );
  }
  const v = spaced ? trimValue(raw) : raw;
  const parts = scanUrl(v);
  // Not the publish URL's scheme: per-entry findings do not follow a publish URL change (the
  // validator re-scopes only the HOST findings then, scopeColumns.test.ts).
  const abs = absoluteProblem(v, parts, opts.schemes);
  const label = opts.absRule === 'LOC-001' || opts.absRule === 'TXT-001' ? 'Invalid URL' : 'URL not allowed';
  if (abs !== null) report(ctx, opts.absRule, 'error', `${label}: ${show(v)} — ${abs}.`, field);
  else checkLength(ctx, v, field);
  if (abs !== null && opts.absRule === 'TXT-001') return null;
  const scan = scanChars(v);
  const bad = badIndex(scan);
  if (bad < 0 && !(scan & (SCAN_NON_ASCII | SCAN_UPPER))) ctx.url |= URL_LOWER;
  if (bad < 0 && !(scan & (SCAN_NON_ASCII | SCAN_QUOTE_OR_AMP)) && raw === v) ctx.url |= URL_PLAIN;
  if (bad >= 0) {
    report(
      ctx,
      'LOC-003',
      'error',
      `Invalid URL: ${show(v)} contains ${badReason(v, bad)} at position ${bad + 1}; percent-encode it (${encodingHint(v, bad)}).`,
      field,
    );
  }
  if (scan & SCAN_NON_ASCII) {
    report(
      ctx,
      'LOC-004',
      'warning',
      `URL contains non-ASCII characters; percent-encode them (and use punycode for the host): ${show(v)}`,
      field,
    );
  }
  if (abs !== null) return null;
  if (opts.page) checkPageExtras(ctx, parts!, v, field);
  return parts;
}

/**
 * The entry's own `loc`: XML-004 / IDX-001 when empty, TXT-001 for text sitemap lines, else LOC rules.
 *
 * @example checkLoc({ entry: { id: 0, loc: '' }, kind: 'urlset', ... }) // XML-004
 */
export function checkLoc(ctx: EntryCtx): UrlParts | null {
  const loc = ctx.entry.loc;
  ctx.url = 0;
  if (trimValue(loc) === '') {
    const rule = ctx.kind === 'sitemapindex' ? 'IDX-001' : 'XML-004';
    const what = ctx.kind === 'sitemapindex' ? 'child sitemap' : 'page';
    report(
      ctx,
      rule,
      'error',
      `Missing URL: this entry has no <loc>, so search engines drop it. Enter the ${what}'s full URL.`,
      'loc',
    );
    return null;
  }
  const opts = ctx.kind === 'text' ? TEXT_LINE : PAGE;
  return checkUrlValue(ctx, loc, 'loc', opts);
}
