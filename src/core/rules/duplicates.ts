/**
 * Duplicate detection (LOC-006 exact and after normalisation, LOC-007 http/https and www/apex,
 * LOC-011 path-case variants; IDX-007 duplicates in an index). Keys are computed once per entry;
 * groups live in multimaps, so an edit only revisits the members of its groups.
 */
import { type Issue, makeIssue } from '../model.ts';
import { defaultPort, scanUrl, trimValue, type UrlParts } from '../urls.ts';
import { finishHash, HASH_SEED, hashRange, hashString } from './hashIndex.ts';
import type { RuleId } from './registry.ts';

/** The grouping keys of one entry. */
export interface DupKeys {
  /** Trimmed loc. */
  exact: string;
  /**
   * One coarse key per family of variants: host without `www.`, port, path without trailing slash and
   * query, all lowercased. Exact, normalised, path-case (LOC-011) and http/https or www/apex
   * (LOC-007) variants all share it, so a single index finds every kind of duplicate.
   */
  family: string;
}

function portPathQuery(p: UrlParts): string {
  const port = p.port === '' || p.port === defaultPort(p.scheme) ? '' : `:${p.port}`;
  const path = p.path.length > 1 && p.path.endsWith('/') ? p.path.slice(0, -1) : p.path || '/';
  return `${port}${path}${p.query !== null ? `?${p.query}` : ''}`;
}

/** Computes the keys. @example dupKeys('https://www.A.com/x/', scanUrl('https://www.A.com/x/')).family === 'a.com/x' */
export function dupKeys(loc: string, p: UrlParts | null): DupKeys {
  const exact = trimValue(loc);
  return { exact, family: familyOf(exact, p) };
}

/** The family key of a trimmed loc (see `DupKeys.family`); `lower`: the loc is known to be ASCII without uppercase. @example familyOf('https://a.com/x/', scanUrl('https://a.com/x/')) === 'a.com/x' */
export function familyOf(exact: string, p: UrlParts | null, lower = false): string {
  return !p || p.host === '' ? `\u0000${exact}` : familyKey(exact, p, lower);
}

/**
 * `hashString(familyOf(exact, p, lower)) >> 1` without building the key in the common case (no
 * credentials, no port, ASCII). `p` must be `scanUrl(exact)` (or null when that is null).
 *
 * 31 bits, so that V8 keeps it a small integer on 64-bit builds with pointer compression (Chrome):
 * a full 32-bit hash in the validator's per-entry slot is a heap number, one more object per
 * entry for every scavenge to copy.
 *
 * @example familyHash('https://www.a.com/x/', scanUrl('https://www.a.com/x/')) === hashString('a.com/x') >> 1
 */
export function familyHash(exact: string, p: UrlParts | null, lower = false): number {
  return familyHash32(exact, p, lower) >> 1;
}

function familyHash32(exact: string, p: UrlParts | null, lower: boolean): number {
  if (!p || p.host === '' || p.userinfo !== null || p.port !== '' || p.path === '')
    return hashString(familyOf(exact, p, lower));
  // A host implies `scheme://`; the fragment is the tail after the last part scanUrl found.
  let start = p.scheme.length + 3;
  if (p.host.length > 4 && isWww(exact, start)) start += 4;
  const end = p.fragment === null ? exact.length : exact.length - p.fragment.length - 1;
  if (!lower && !isAscii(exact, start, end)) return hashString(familyKey(exact, p, false));
  const pathEnd = p.query === null ? end : end - p.query.length - 1;
  const fold = !lower;
  if (p.path.length > 1 && exact.charCodeAt(pathEnd - 1) === 47) {
    const h = hashRange(exact, start, pathEnd - 1, fold, HASH_SEED);
    return finishHash(hashRange(exact, pathEnd, end, fold, h));
  }
  return finishHash(hashRange(exact, start, end, fold, HASH_SEED));
}

function isAscii(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** True when `url` has `www.` (any case) at `i`, without slicing. */
function isWww(url: string, i: number): boolean {
  return (
    (url.charCodeAt(i) | 32) === 119 &&
    (url.charCodeAt(i + 1) | 32) === 119 &&
    (url.charCodeAt(i + 2) | 32) === 119 &&
    url.charCodeAt(i + 3) === 46
  );
}

/** Family key; the common case (no credentials, no port) is one slice of the URL, lowercased. */
function familyKey(url: string, p: UrlParts, lower: boolean): string {
  if (p.userinfo === null && p.port === '' && p.path !== '') {
    let start = url.indexOf('//') + 2;
    if (p.host.length > 4 && isWww(url, start)) start += 4;
    const hash = url.indexOf('#', start);
    const end = hash < 0 ? url.length : hash;
    const pathEnd = p.query === null ? end : end - p.query.length - 1;
    if (p.path.length > 1 && url.charCodeAt(pathEnd - 1) === 47) {
      const cut =
        p.query === null
          ? url.slice(start, pathEnd - 1)
          : url.slice(start, pathEnd - 1) + url.slice(pathEnd, end);
      return lower ? cut : cut.toLowerCase();
    }
    const key = url.slice(start, end);
    return lower ? key : key.toLowerCase();
  }
  const host = p.host.toLowerCase();
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  return `${bare}${portPathQuery(p)}`.toLowerCase();
}

/**
 * Scheme/host lowercased, default port and fragment dropped, trailing slash removed ('' when not
 * absolute): URLs with the same key are the same page for LOC-006.
 *
 * @example normKey(scanUrl('HTTPS://A.com:443/x/#f')) === 'https://a.com/x'
 */
export function normKey(p: UrlParts | null): string {
  if (!p || p.host === '') return '';
  return `${p.scheme}://${p.host.toLowerCase()}${portPathQuery(p)}`;
}

/** The part of a normalised key that LOC-007 compares: no scheme, no `www.`. @example versionOf('https://www.a.com/x') === 'a.com/x' */
export function versionOf(norm: string): string {
  const rest = norm.slice(norm.indexOf('://') + 3);
  return rest.startsWith('www.') ? rest.slice(4) : rest;
}

const TRAILING_SLASH = 'a trailing slash';

/**
 * Every way two URLs that share a normalised key (`normKey`) differ, as phrases: the letter case
 * of the scheme or of the host, credentials, an explicit default port, the `/` after the host, a
 * trailing slash, the #fragment.
 *
 * @example differences('https://a.com:443/x#f', 'https://a.com/x') // ['an explicit default port (:443)', 'the #fragment']
 */
export function differences(a: string, b: string): string[] {
  const p = scanUrl(a);
  const q = scanUrl(b);
  if (!p || !q) return [];
  const out: string[] = [];
  if (a.slice(0, p.scheme.length) !== b.slice(0, q.scheme.length)) out.push('the letter case of the scheme');
  if (p.userinfo !== q.userinfo) out.push('credentials (user:password@)');
  if (p.host !== q.host) out.push('the letter case of the host');
  if (p.port !== q.port) out.push(`an explicit default port (:${p.port || q.port})`);
  if (p.path !== q.path) out.push(p.path === '' || q.path === '' ? 'the / after the host' : TRAILING_SLASH);
  if (p.fragment !== q.fragment) out.push('the #fragment');
  return out;
}

/**
 * What separates two URLs that share a normalised key, in words (`differences` joined).
 *
 * @example describeDifference('https://a.com/x', 'https://a.com/x/') === 'a trailing slash'
 */
export function describeDifference(a: string, b: string): string {
  const d = differences(a, b);
  if (d.length === 0) return 'the way it is written';
  return d.length === 1 ? d[0] : `${d.slice(0, -1).join(', ')} and ${d[d.length - 1]}`;
}

/** True when two URLs differing as described are the same resource (so the merge fix is safe). */
export function sameResource(difference: string): boolean {
  return !difference.includes(TRAILING_SLASH);
}

/** Build an issue for a group member. */
export function dupIssue(
  rule: RuleId,
  severity: Issue['severity'],
  message: string,
  entry: number,
  line: number | undefined,
): Issue {
  return makeIssue(rule, severity, message, { entry, field: 'loc', line });
}
