/**
 * Entry-local hreflang rules (SITEMAP-RULES.md 6.15): HREF-002/003/004/005/008/009 (conflict within
 * the entry)/010/012. Cluster rules that need other entries are in hreflangCluster.ts.
 */
import type { Alternate } from '../model.ts';
import { scanUrl, trimValue, type UrlParts } from '../urls.ts';
import { type EntryCtx, report, show, URL_LOWER, URL_PLAIN } from './common.ts';
import { familyHash } from './duplicates.ts';
import { finishHash, HASH_SEED, hashRange } from './hashIndex.ts';
import { hreflangProblem } from './languageCodes.ts';
import { checkUrlValue } from './loc.ts';

/** Facts about the entry's hreflang links for the cluster index. */
export interface HreflangFacts {
  /** Trimmed hrefs of hreflang links (rel=alternate + hreflang + href). */
  hrefs: string[];
  /** Trimmed, lowercased hreflang code of each of `hrefs`. */
  codes: string[];
  /** `familyHash` of each of `hrefs` (how the validator finds the entry at an href). */
  hashes: number[];
  /**
   * Hash of the multiset of `code href` lines, independent of order: different hashes mean
   * different sets; equal hashes are confirmed with `signatureOf`.
   */
  sigHash: number;
  /** Sorted `code href` lines (see `signatureOf`), built on first use. */
  signature?: string;
  /** Trimmed href of the x-default link, null when none. */
  xDefault: string | null;
}

/**
 * Sorted `code href` lines: equal strings mean identical sets (HREF-007). Built once, on demand.
 *
 * @example signatureOf(facts) === 'de https://a.com/de/\nen https://a.com/en/'
 */
export function signatureOf(f: HreflangFacts): string {
  if (f.signature === undefined) {
    const lines = f.hrefs.map((h, i) => `${f.codes[i]} ${h}`);
    lines.sort();
    f.signature = lines.join('\n');
  }
  return f.signature;
}

/** True when two entries carry the identical set of hreflang links. */
export function sameLinks(a: HreflangFacts, b: HreflangFacts): boolean {
  return a.sigHash === b.sigHash && signatureOf(a) === signatureOf(b);
}

/** Hash of one `code href` line from the code and the href's family hash (hrefs of one family share it: `sameLinks` confirms). */
function lineHash(code: string, hrefHash: number): number {
  return finishHash(hashRange(code, 0, code.length, false, HASH_SEED) ^ Math.imul(hrefHash, 0x27d4eb2d));
}

const NO_PARTS: UrlParts = {
  scheme: '',
  hasAuthority: false,
  userinfo: null,
  host: '',
  port: '',
  path: '',
  query: null,
  fragment: null,
};

const HREF_URL = { absRule: 'HREF-003', schemes: ['http', 'https'], page: false } as const;

/** True for xhtml:link uses that are not hreflang annotations (HREF-012). @example isNonHreflang({ rel: 'amphtml', href: 'x' }) === true */
export function isNonHreflang(a: Alternate): boolean {
  if (a.hreflang !== undefined) return false;
  const rel = a.rel?.toLowerCase();
  return a.media !== undefined || rel === 'amphtml' || (a.href ?? '').trim().startsWith('android-app://');
}

/** What `checkLink` learned about one link's href, written into a record the caller reuses. */
interface LinkScan {
  /** The scanned trimmed href, null when absent or not absolute. */
  parts: UrlParts | null;
  /** The trimmed href is ASCII without uppercase letters. */
  lower: boolean;
  /** The href is plain (see URL_PLAIN). */
  plain: boolean;
  /** The href was checked clean (see `clean`): `hash` is its family hash. */
  known: boolean;
  hash: number;
}

/**
 * The entry's URLs already checked without a finding (its loc, earlier hrefs), for an href written
 * the same: the URL checks of an href are a subset of a loc's (same schemes, no page extras), so
 * an identical string is clean too and its parts, flags and family hash are the same. Real
 * hreflang entries list their own loc, and x-default often repeats one of the hrefs: those links
 * skip the scan. Scratch, reset for every entry (`checkHreflangLocal` is not re-entered).
 */
const clean = {
  n: 0,
  raw: [] as string[],
  parts: [] as UrlParts[],
  url: [] as number[],
  hash: [] as number[],
};

/** Index in `clean` of a URL written exactly as `raw`, or -1. */
function cleanIndex(raw: string): number {
  for (let j = 0; j < clean.n; j++) if (clean.raw[j] === raw) return j;
  return -1;
}

function addClean(raw: string, parts: UrlParts, url: number, hash: number): void {
  const j = clean.n++;
  clean.raw[j] = raw;
  clean.parts[j] = parts;
  clean.url[j] = url;
  clean.hash[j] = hash;
}

/** The page's loc, when `checkLoc` found nothing in it: its parts, `EntryCtx.url` bits and family hash. */
export interface CleanLoc {
  parts: UrlParts;
  url: number;
  hash: number;
}

/** `alternates.<i>.href`, made once per index (every link's URL check is given its field). */
const HREF_FIELDS: string[] = [];
function hrefField(i: number): string {
  let f = HREF_FIELDS[i];
  if (f === undefined) {
    f = `alternates.${i}.href`;
    if (i < 256) HREF_FIELDS[i] = f;
  }
  return f;
}

/** Family hash of a trimmed href from what `checkLink` learned. */
function hrefHash(href: string, link: LinkScan): number {
  return link.parts ? familyHash(href, link.parts, link.lower) : familyHash(href, scanUrl(href));
}

function checkLink(ctx: EntryCtx, a: Alternate, i: number, link: LinkScan): boolean {
  link.parts = null;
  link.lower = false;
  link.plain = false;
  link.known = false;
  if (isNonHreflang(a)) {
    const f = `alternates.${i}`;
    const what =
      a.media !== undefined
        ? 'a separate mobile URL (media)'
        : a.rel === 'amphtml'
          ? 'an AMP link'
          : 'an app link';
    report(
      ctx,
      'HREF-012',
      'info',
      `This link is ${what}, not an hreflang annotation; it is kept as is and not checked for language rules.`,
      f,
    );
    return false;
  }
  const relOk = a.rel === 'alternate' || a.rel?.trim().toLowerCase() === 'alternate';
  const hasCode = a.hreflang !== undefined && a.hreflang.trim() !== '';
  const hasHref = a.href !== undefined && a.href.trim() !== '';
  const complete = relOk && hasCode && hasHref;
  if (!complete) {
    const f = `alternates.${i}`;
    const missing = [relOk ? '' : 'rel="alternate"', hasCode ? '' : 'hreflang', hasHref ? '' : 'href'].filter(
      Boolean,
    );
    const field = !a.href?.trim() ? `${f}.href` : !a.hreflang?.trim() ? `${f}.hreflang` : `${f}.rel`;
    report(
      ctx,
      'HREF-002',
      'error',
      `hreflang link is missing ${missing.join(', ')}; Google ignores it. Each link needs rel="alternate", hreflang and href.`,
      field,
    );
  }
  if (hasHref) {
    const raw = a.href!;
    const j = cleanIndex(raw);
    if (j >= 0) {
      link.parts = clean.parts[j];
      link.plain = (clean.url[j] & URL_PLAIN) !== 0;
      link.lower = (clean.url[j] & URL_LOWER) !== 0;
      link.known = true;
      link.hash = clean.hash[j];
    } else {
      const before = ctx.out.length;
      link.parts = checkUrlValue(ctx, raw, hrefField(i), HREF_URL);
      link.plain = (ctx.url! & URL_PLAIN) !== 0;
      link.lower = link.parts !== null && (ctx.url! & URL_LOWER) !== 0;
      // Nothing found: the trimmed href is `raw` itself (edge spaces would be LOC-005).
      if (link.parts !== null && ctx.out.length === before) {
        link.known = true;
        link.hash = hrefHash(raw, link);
        addClean(raw, link.parts, ctx.url!, link.hash);
      }
    }
  }
  if (hasCode) {
    const code = a.hreflang!.trim();
    const problem = hreflangProblem(code);
    if (problem)
      report(
        ctx,
        'HREF-004',
        'error',
        `Invalid hreflang ${show(code)}: ${problem}.`,
        `alternates.${i}.hreflang`,
      );
  }
  return complete;
}

/** HREF-010 from the codes of the complete links, in order (repeats included). */
function checkFallback(ctx: EntryCtx, codeList: readonly string[]): void {
  let regionalCodes = false;
  for (const code of codeList) if (code.indexOf('-') === 2) regionalCodes = true;
  if (!regionalCodes) return;
  const codes = new Set(codeList);
  const regional = new Map<string, number>();
  for (const code of codes) {
    const dash = code.indexOf('-');
    if (dash === 2) regional.set(code.slice(0, 2), (regional.get(code.slice(0, 2)) ?? 0) + 1);
  }
  for (const [lang, n] of regional) {
    if (n >= 2 && !codes.has(lang)) {
      report(
        ctx,
        'HREF-010',
        'info',
        `Several regional variants of “${lang}” but no generic “${lang}” link; add hreflang="${lang}" (it may point at one of the regional pages).`,
        'alternates',
      );
    }
  }
}

/** Up to this many links, the first href of a code is looked up in the list of codes (see `firstHref`). */
const CODE_SCAN = 24;

/** The href of the first of `codes` equal to `code` (`hrefs`: theirs), undefined when none. */
function firstHref(codes: readonly string[], hrefs: readonly string[], code: string): string | undefined {
  const j = codes.indexOf(code);
  return j < 0 ? undefined : hrefs[j];
}

/** What `checkHreflangLocal` returns. */
export interface HreflangCheck {
  /** Facts for the cluster index; null when the entry has no hreflang link. */
  facts: HreflangFacts | null;
  /**
   * Bit i set when the href of alternate i (i < 31) is plain: printable ASCII without `&`, `'`,
   * `<`, `>`, `"` or surrounding spaces (no ENC issue, bytes = length).
   */
  plainHrefs: number;
}

/**
 * Checks the entry's alternates; returns the facts for the cluster index and the plain hrefs.
 *
 * @example checkHreflangLocal(ctx).facts // hreflang="en-UK" → HREF-004 in ctx.out
 */
export function checkHreflangLocal(ctx: EntryCtx, loc: CleanLoc | null = null): HreflangCheck {
  const alts = ctx.entry.alternates!;
  let plainHrefs = 0;
  const link: LinkScan = { parts: null, lower: false, plain: false, known: false, hash: 0 };
  clean.n = 0;
  if (loc !== null) addClean(ctx.entry.loc, loc.parts, loc.url, loc.hash);
  // The first href of each code: found in `codeList` for the usual handful of links, by a map
  // for many (no map per entry: it was most of what this check allocated).
  const codes = alts.length > CODE_SCAN ? new Map<string, string>() : null;
  // Sized for every link (each kept in the validator's slot: no spare capacity to carry), cut
  // to the complete ones at the end.
  const codeList: string[] = new Array(alts.length);
  const hashes: number[] = new Array(alts.length);
  const hrefs: string[] = new Array(alts.length);
  let n = 0;
  let sigHash = 0;
  let sigXor = 0;
  for (let i = 0; i < alts.length; i++) {
    const complete = checkLink(ctx, alts[i], i, link);
    if (i < 31 && link.plain) plainHrefs |= 1 << i;
    if (!complete) continue;
    const code = trimValue(alts[i].hreflang!).toLowerCase();
    const href = link.known ? alts[i].href! : trimValue(alts[i].href!);
    const hash = link.known ? link.hash : hrefHash(href, link);
    hashes[n] = hash;
    const prev = codes !== null ? codes.get(code) : firstHref(codeList, hrefs, code);
    if (prev !== undefined && prev !== href) {
      const rule = code === 'x-default' ? 'HREF-009' : 'HREF-008';
      report(
        ctx,
        rule,
        'error',
        `hreflang “${code}” points to two different URLs in this entry (${show(prev, 50)} and ${show(href, 50)}); keep one per code.`,
        `alternates.${i}.hreflang`,
      );
    }
    if (prev === undefined) codes?.set(code, href);
    const line = lineHash(code, hash);
    sigHash = (sigHash + line) | 0;
    sigXor ^= Math.imul(line, 0x9e3779b1);
    codeList[n] = code;
    hrefs[n++] = href;
  }
  if (n < alts.length) {
    codeList.length = n;
    hashes.length = n;
    hrefs.length = n;
  }
  // The scratch holds this entry's strings and parts no longer than the check.
  for (let j = 0; j < clean.n; j++) {
    clean.raw[j] = '';
    clean.parts[j] = NO_PARTS;
  }
  clean.n = 0;
  if (hrefs.length === 0) return { facts: null, plainHrefs };
  const self = trimValue(ctx.entry.loc);
  if (self !== '' && !hrefs.includes(self)) {
    report(
      ctx,
      'HREF-005',
      'error',
      'hreflang links do not include this page itself; add a link with this page’s own language code and URL.',
      'alternates',
    );
  }
  checkFallback(ctx, codeList);
  const facts: HreflangFacts = {
    hrefs,
    codes: codeList,
    hashes,
    sigHash: finishHash(sigHash ^ Math.imul(sigXor, 0x85ebca6b) ^ hrefs.length),
    xDefault: (codes !== null ? codes.get('x-default') : firstHref(codeList, hrefs, 'x-default')) ?? null,
  };
  return { facts, plainHrefs };
}
