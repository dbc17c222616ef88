/**
 * HOST rules (SITEMAP-RULES.md 6.5) and the index scope rules IDX-004, IDX-005, IDX-007 (self
 * reference). Entries are compared with a reference origin: the publish URL when set, otherwise the
 * most common origin among the entries (more robust than the first entry; messages say which).
 */
import type { DocumentKind, Issue, Severity, ValidationSettings } from '../model.ts';
import { defaultPort, directoryOf, scanUrl, trimValue, type UrlParts } from '../urls.ts';
import { type EntryCtx, report, show } from './common.ts';
import type { RuleId } from './registry.ts';

/** What entries are compared with. */
export interface Reference {
  scheme: string;
  /** Lowercase host. */
  host: string;
  /** Effective port ('443' for https without a port). */
  port: string;
  /** Directory of the publish URL, null when inferred. */
  dir: string | null;
  /** Trimmed publish URL, null when inferred. */
  url: string | null;
  /** How to name the reference in messages. */
  label: string;
}

/** Effective port of parts. */
function portOf(p: UrlParts): string {
  return p.port === '' ? defaultPort(p.scheme) : p.port;
}

/** The last origin `originKey` made, owned by its caller (see `newOriginMemo`). */
export interface OriginMemo {
  scheme: string;
  host: string;
  port: string;
  key: string;
}

/** An empty memo for `originKey` (one per validator: consecutive entries usually share an origin). */
export function newOriginMemo(): OriginMemo {
  return { scheme: '', host: '', port: '', key: '' };
}

/**
 * `scheme://host:port` key used for origin counting. With a `memo` (owned by the caller), the
 * last key is reused while the origin repeats (same string object: cheaper to hash and compare).
 *
 * @example originKey(scanUrl('https://A.com/')!) === 'https://a.com:443'
 */
export function originKey(p: UrlParts, memo?: OriginMemo): string {
  if (
    memo !== undefined &&
    memo.key !== '' &&
    memo.host === p.host &&
    memo.scheme === p.scheme &&
    memo.port === p.port
  )
    return memo.key;
  const key = `${p.scheme}://${p.host.toLowerCase()}:${portOf(p)}`;
  if (memo !== undefined) {
    memo.scheme = p.scheme;
    memo.host = p.host;
    memo.port = p.port;
    memo.key = key;
  }
  return key;
}

/**
 * Reference from the publish URL setting; null when unset or not an absolute http(s) URL.
 *
 * @example referenceFromSettings({ now: 0, publishUrl: 'https://www.example.com/sitemap.xml' })?.dir === '/'
 */
export function referenceFromSettings(settings: ValidationSettings): Reference | null {
  const url = settings.publishUrl ? trimValue(settings.publishUrl) : '';
  const p = url ? scanUrl(url) : null;
  if (!p?.hasAuthority || (p.scheme !== 'http' && p.scheme !== 'https')) return null;
  const dir = directoryOf(p.path || '/');
  return {
    scheme: p.scheme,
    host: p.host.toLowerCase(),
    port: portOf(p),
    dir,
    url,
    label: `the publish URL ${show(url)}`,
  };
}

/**
 * Reference inferred from the most common origin key (see `originKey`) and its count.
 *
 * @example referenceFromOrigin('https://www.example.com:443').host === 'www.example.com'
 */
export function referenceFromOrigin(key: string): Reference {
  const scheme = key.slice(0, key.indexOf(':'));
  const hostPort = key.slice(scheme.length + 3);
  const colon = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, colon);
  const port = hostPort.slice(colon + 1);
  const shown = `${scheme}://${host}${port === defaultPort(scheme) ? '' : `:${port}`}`;
  return {
    scheme,
    host,
    port,
    dir: null,
    url: null,
    label: `${shown} (the most common origin in this file; no publish URL is set)`,
  };
}

/** HOST-005: the publish URL is not in the site root (document-level). */
export function checkPublishRoot(ref: Reference | null, out: Issue[]): void {
  if (ref?.url && ref.dir !== '/') {
    out.push({
      rule: 'HOST-005',
      severity: 'info',
      message: `The sitemap will be published in ${show(ref.dir!)}, not the site root; it can then only list URLs below that folder. Prefer /sitemap.xml.`,
    });
  }
}

/** IDX-006 by name: a child whose file name says "index" is probably a nested index (info; load it to be sure). */
export function checkNestedByName(ctx: EntryCtx, p: UrlParts): void {
  const file = p.path.slice(p.path.lastIndexOf('/') + 1);
  if (/index/i.test(file)) {
    report(
      ctx,
      'IDX-006',
      'info',
      `Child “${file}” looks like another sitemap index; nested indexes are not allowed. Load it to check, and list its sitemaps here directly if it is one.`,
      'loc',
    );
  }
}

/**
 * True when {@link checkHost} cannot report anything for a `<url>` entry whose loc has origin key
 * `origin` (see {@link originKey}): the reference's origin, published at the site root. Callers
 * skip scanning the loc again for it (a check of 1,000,000 URLs scans each once).
 *
 * @example surelyInScope('https://a.com:443', 'urlset', referenceFromSettings({ now: 0, publishUrl: 'https://a.com/s.xml' })!) // true
 */
export function surelyInScope(origin: string, kind: DocumentKind, ref: Reference): boolean {
  if (kind !== 'urlset' || ref.dir !== '/') return false;
  const s = ref.scheme.length;
  const h = ref.host.length;
  return (
    origin.length === s + 4 + h + ref.port.length &&
    origin.startsWith(ref.scheme) &&
    origin.startsWith('://', s) &&
    origin.startsWith(ref.host, s + 3) &&
    origin.charCodeAt(s + 3 + h) === 58 &&
    origin.endsWith(ref.port)
  );
}

/**
 * What a scope finding is, by its code (`scopeCode`; 0 is none): a finding is its code, the entry
 * and the reference it was found against, and `reportScope` makes its `Issue` from those. The
 * validator keeps scope findings as codes by row (core/validate/hostScope.ts) and makes the
 * issue when it is read.
 */
export const SCOPE_FINDINGS: ReadonlyArray<{ rule: RuleId; severity: Severity } | null> = [
  null,
  { rule: 'HOST-001', severity: 'error' },
  { rule: 'HOST-001', severity: 'warning' },
  { rule: 'HOST-002', severity: 'error' },
  { rule: 'HOST-003', severity: 'error' },
  { rule: 'HOST-004', severity: 'warning' },
  { rule: 'IDX-004', severity: 'error' },
  { rule: 'IDX-004', severity: 'warning' },
  { rule: 'IDX-005', severity: 'warning' },
  { rule: 'IDX-007', severity: 'error' },
];

/**
 * The scope finding of one entry against the reference, as a code of `SCOPE_FINDINGS` (0: none),
 * making no issue. `p` is the scanned trimmed loc, `loc` the entry's loc. Robots.txt lists and
 * feeds are not checked (their URLs may be anywhere).
 *
 * @example scopeCode('urlset', scanUrl('https://shop.example.com/x')!, 'https://shop.example.com/x', ref, false) // 1 (HOST-001)
 */
export function scopeCode(
  kind: DocumentKind,
  p: UrlParts,
  loc: string,
  ref: Reference,
  crossSubmission: boolean | undefined,
): number {
  if (kind === 'robots') return 0;
  if (kind === 'sitemapindex') {
    if (ref.url !== null && p.hasAuthority && trimValue(loc) === ref.url) return 9;
    if (p.scheme !== ref.scheme || p.host.toLowerCase() !== ref.host || portOf(p) !== ref.port)
      return crossSubmission ? 7 : 6;
    return ref.dir !== null && !(p.path || '/').startsWith(ref.dir) ? 8 : 0;
  }
  if (p.host.toLowerCase() !== ref.host) return crossSubmission ? 2 : 1;
  if (p.scheme !== ref.scheme) return 3;
  if (portOf(p) !== ref.port) return 4;
  return ref.dir !== null && !(p.path || '/').startsWith(ref.dir) ? 5 : 0;
}

/**
 * Pushes the issue of scope finding `code` (`scopeCode` of the context's entry, `p` and `ref`).
 *
 * @example reportScope(ctx, p, ref, scopeCode(ctx.kind, p, ctx.entry.loc, ref, false))
 */
export function reportScope(ctx: EntryCtx, p: UrlParts, ref: Reference, code: number): void {
  const f = SCOPE_FINDINGS[code];
  if (!f) return;
  const v = p.hasAuthority ? trimValue(ctx.entry.loc) : '';
  report(ctx, f.rule, f.severity, scopeMessage(code, p, ref, v), 'loc');
}

function scopeMessage(code: number, p: UrlParts, ref: Reference, v: string): string {
  switch (code) {
    case 1:
    case 2:
      return `URL not allowed: host “${p.host}” differs from ${ref.label}. Move it to a sitemap for that host, or enable cross-submission.`;
    case 3:
      return `URL not allowed: uses ${p.scheme}: but the sitemap is compared with ${ref.label}; use ${ref.scheme}:.`;
    case 4:
      return `URL not allowed: port ${portOf(p)} differs from port ${ref.port} of ${ref.label}.`;
    case 5:
      return `URL ${show(v)} is outside the sitemap's folder ${show(ref.dir!)}; sitemaps.org ignores it. Publish the sitemap at the site root or remove the entry.`;
    case 6:
    case 7:
      return `Child sitemap ${show(v)} is not on the same site as ${ref.label}; use the same scheme and host, or enable cross-submission.`;
    case 8:
      return `Child sitemap ${show(v)} is outside the index's folder ${show(ref.dir!)}; Google ignores it unless cross-site submission is set up.`;
    default:
      return 'This child is the index itself (self-reference loop); remove the entry.';
  }
}

/**
 * Scope checks of one entry against the reference (`scopeCode`, then its issue). `p` is the
 * scanned trimmed loc. Robots.txt lists and feeds are not checked (their URLs may be anywhere).
 *
 * @example checkHost(ctx, scanUrl('https://shop.example.com/x')!, ref) // HOST-001
 */
export function checkHost(ctx: EntryCtx, p: UrlParts, ref: Reference): void {
  const code = scopeCode(ctx.kind, p, ctx.entry.loc, ref, ctx.settings.crossSubmission);
  if (code !== 0) reportScope(ctx, p, ref, code);
}

/** URLs `mainHost` looks at at most (evenly spread): the answer for a site's sitemap is the same. */
export const MAIN_HOST_SAMPLE = 4_096;

/**
 * The site a list of URLs is about: the most common lowercase host among them (absolute http(s)
 * URLs only; at most {@link MAIN_HOST_SAMPLE} of them, evenly spread, are looked at), null when
 * none has one (relative locs). What `HostScope` infers from the validator's origin counts, for a
 * list the validator has not loaded (a document about to be opened, a crawl).
 *
 * @example mainHost(2, (i) => ['https://A.com/x', 'https://a.com/y'][i]) // 'a.com'
 */
export function mainHost(count: number, urlAt: (i: number) => string): string | null {
  const step = Math.max(1, Math.ceil(count / MAIN_HOST_SAMPLE));
  const counts = new Map<string, number>();
  let best: string | null = null;
  let most = 0;
  for (let i = 0; i < count; i += step) {
    const host = hostOf(urlAt(i));
    if (host === null) continue;
    const n = (counts.get(host) ?? 0) + 1;
    counts.set(host, n);
    if (n > most) {
      most = n;
      best = host;
    }
  }
  return best;
}

/** The host of an absolute http(s) URL (lowercase), else null. */
export function hostOf(url: string): string | null {
  const p = scanUrl(trimValue(url));
  return p?.hasAuthority && p.host !== '' && (p.scheme === 'http' || p.scheme === 'https')
    ? p.host.toLowerCase()
    : null;
}

/**
 * Do two hosts name the same site? Equal, or equal but for a leading `www.` (a publish URL on
 * example.com for www.example.com locs is the same site: its HOST findings are real ones).
 *
 * @example sameSite('www.a.com', 'a.com') // true
 */
export function sameSite(a: string, b: string): boolean {
  const bare = (h: string) => (h.startsWith('www.') ? h.slice(4) : h);
  return a === b || bare(a) === bare(b);
}
