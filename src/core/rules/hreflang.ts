/**
 * Entry-local hreflang rules (SITEMAP-RULES.md 6.15): HREF-002/003/004/005/008/009 (conflict within
 * the entry)/010/012. Cluster rules that need other entries are in hreflangCluster.ts.
 */
import type { Alternate } from '../model.ts';
import { scanUrl, trimValue, type UrlParts } from '../urls.ts';
import { type EntryCtx, report, show } from './common.ts';
import { familyHash } from './duplicates.ts';
import { finishHash, HASH_SEED, hashRange } from './hashIndex.ts';
import { hreflangProblem } from './languageCodes.ts';
import { checkUrlValue, lastUrlLower, lastUrlPlain } from './loc.ts';

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

const HREF_URL = { absRule: 'HREF-003', schemes: ['http', 'https'], page: false } as const;

/** True for xhtml:link uses that are not hreflang annotations (HREF-012). @example isNonHreflang({ rel: 'amphtml', href: 'x' }) === true */
export function isNonHreflang(a: Alternate): boolean {
  if (a.hreflang !== undefined) return false;
  const rel = a.rel?.toLowerCase();
  return a.media !== undefined || rel === 'amphtml' || (a.href ?? '').trim().startsWith('android-app://');
}

/** Set by `checkLink`: the scanned trimmed href and whether it is lowercase ASCII. */
let linkParts: UrlParts | null = null;
let linkLower = false;
/** Set by `checkHreflangLocal`: bit i set when alternate i (i < 31) has a plain href. */
let plainHrefs = 0;

/**
 * Bit i set when the href of alternate i (i < 31) in the last `checkHreflangLocal` call is plain:
 * printable ASCII without `&`, `'`, `<`, `>`, `"` or surrounding spaces (no ENC issue, bytes = length).
 *
 * @example checkHreflangLocal(ctx); lastPlainHrefs() & 1 // alternate 0
 */
export function lastPlainHrefs(): number {
  return plainHrefs;
}

function checkLink(ctx: EntryCtx, a: Alternate, i: number): boolean {
  linkParts = null;
  linkLower = false;
  const f = `alternates.${i}`;
  if (isNonHreflang(a)) {
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
    linkParts = checkUrlValue(ctx, a.href!, `${f}.href`, HREF_URL);
    if (i < 31 && lastUrlPlain()) plainHrefs |= 1 << i;
    linkLower = linkParts !== null && lastUrlLower();
  }
  if (hasCode) {
    const code = a.hreflang!.trim();
    const problem = hreflangProblem(code);
    if (problem)
      report(ctx, 'HREF-004', 'error', `Invalid hreflang ${show(code)}: ${problem}.`, `${f}.hreflang`);
  }
  return complete;
}

function checkFallback(ctx: EntryCtx, codes: Map<string, string>): void {
  let regionalCodes = false;
  for (const code of codes.keys()) if (code.indexOf('-') === 2) regionalCodes = true;
  if (!regionalCodes) return;
  const regional = new Map<string, number>();
  for (const code of codes.keys()) {
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

/**
 * Checks the entry's alternates; returns the facts for the cluster index (null when no hreflang link).
 *
 * @example checkHreflangLocal(ctx) // hreflang="en-UK" → HREF-004
 */
export function checkHreflangLocal(ctx: EntryCtx): HreflangFacts | null {
  const alts = ctx.entry.alternates!;
  plainHrefs = 0;
  const codes = new Map<string, string>();
  const codeList: string[] = [];
  const hashes: number[] = [];
  const hrefs: string[] = [];
  let sigHash = 0;
  let sigXor = 0;
  for (let i = 0; i < alts.length; i++) {
    if (!checkLink(ctx, alts[i], i)) continue;
    const code = trimValue(alts[i].hreflang!).toLowerCase();
    const href = trimValue(alts[i].href!);
    const hash = linkParts ? familyHash(href, linkParts, linkLower) : familyHash(href, scanUrl(href));
    hashes.push(hash);
    const prev = codes.get(code);
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
    if (prev === undefined) codes.set(code, href);
    const line = lineHash(code, hash);
    sigHash = (sigHash + line) | 0;
    sigXor ^= Math.imul(line, 0x9e3779b1);
    codeList.push(code);
    hrefs.push(href);
  }
  if (hrefs.length === 0) return null;
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
  checkFallback(ctx, codes);
  return {
    hrefs,
    codes: codeList,
    hashes,
    sigHash: finishHash(sigHash ^ Math.imul(sigXor, 0x85ebca6b) ^ hrefs.length),
    xDefault: codes.get('x-default') ?? null,
  };
}
