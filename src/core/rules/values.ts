/**
 * Rules that apply to every value of an entry, typed or pasted: ENC-007 (escaped twice), ENC-008
 * (characters XML 1.0 forbids) and, for text sitemaps, TXT-003 (entity text in a line).
 */
import type { Entry, XNode } from '../model.ts';
import { type EntryCtx, report, show } from './common.ts';

const FORBIDDEN = 1;
const AMP = 2;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/i;

/** Bit flags: 1 = forbidden character present, 2 = an `&` present. @example scanValue('a\u0008') === 1 */
export function scanValue(s: string): number {
  let flags = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32) {
      if (c !== 9 && c !== 10 && c !== 13) flags |= FORBIDDEN;
    } else if (c === 38) flags |= AMP;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else flags |= FORBIDDEN;
    } else if (c === 0xfffe || c === 0xffff) flags |= FORBIDDEN;
  }
  return flags;
}

/** Removes the characters ENC-008 forbids. @example stripForbidden('Budget\u0008 vote') === 'Budget vote' */
export function stripForbidden(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) continue;
    if (c === 0xfffe || c === 0xffff) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
      }
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    out += s[i];
  }
  return out;
}

/** True when the value still contains entity text after XML decoding. @example hasEntityText('a&amp;b') === true */
export function hasEntityText(s: string): boolean {
  return s.includes('&') && ENTITY.test(s);
}

/** Decodes the five XML entities and numeric references once. @example unescapeOnce('a&amp;amp;b') === 'a&amp;b' */
export function unescapeOnce(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_m, name: string) => {
    const n = name.toLowerCase();
    if (n === 'amp') return '&';
    if (n === 'lt') return '<';
    if (n === 'gt') return '>';
    if (n === 'quot') return '"';
    if (n === 'apos') return "'";
    const code = n.startsWith('#x') ? Number.parseInt(n.slice(2), 16) : Number.parseInt(n.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : _m;
  });
}

function checkValue(ctx: EntryCtx, v: string | undefined, field: string): void {
  if (v === undefined || v === '') return;
  const flags = scanValue(v);
  if (flags === 0) return;
  if (flags & FORBIDDEN) {
    report(
      ctx,
      'ENC-008',
      'error',
      `Value ${show(v)} contains a control or non-character that XML forbids (often a pasted backspace); remove it.`,
      field,
    );
  }
  if (flags & AMP && hasEntityText(v)) {
    if (ctx.kind === 'text') {
      report(
        ctx,
        'TXT-003',
        'warning',
        `Line ${show(v)} contains XML entity text (&amp; …), which a text sitemap takes literally; write the plain character.`,
        field,
      );
    } else {
      report(
        ctx,
        'ENC-007',
        'warning',
        `Value ${show(v)} is escaped twice: it literally contains “&amp;”-style text. Unescape it once.`,
        field,
      );
    }
  }
}

/** Bit `i` of a plain-value mask (only bits 0–30 are used). @example bit(0b10, 1) === true */
export function bit(mask: number, i: number): boolean {
  return i < 31 && ((mask >>> i) & 1) === 1;
}

/** True when `checkValue` would look closer at the value (a forbidden character or an `&`). */
function flagged(v: string | undefined): v is string {
  return v !== undefined && v !== '' && scanValue(v) !== 0;
}

function checkNodes(ctx: EntryCtx, nodes: readonly XNode[], prefix: string): void {
  for (const n of nodes) {
    const field = `${prefix}.${n.name}`;
    checkValue(ctx, n.text, field);
    if (n.attrs) for (const k in n.attrs) checkValue(ctx, n.attrs[k], field);
    if (n.children) checkNodes(ctx, n.children, field);
  }
}

/** `clean` bits for `checkValues`: fields already proven to hold only valid characters. */
export const CLEAN_LASTMOD = 1;
export const CLEAN_CHANGEFREQ = 2;
export const CLEAN_PRIORITY = 4;
export const CLEAN_LOC = 8;

/**
 * Runs ENC-007 / ENC-008 / TXT-003 over every value of the entry. `clean` skips scalar fields that
 * already passed their own strict format check (a valid date or keyword cannot hold such characters);
 * `plainImages` / `plainHrefs` skip image locs / alternate hrefs known to be plain (bit i: item i,
 * see `ImagesCheck.plainLocs`, `HreflangCheck.plainHrefs`).
 *
 * @example checkValues(ctx) // loc 'https://a.com/?a=1&amp;b=2' → ENC-007 at 'loc'
 */
export function checkValues(ctx: EntryCtx, clean = 0, plainImages = 0, plainHrefs = 0): void {
  const e: Entry = ctx.entry;
  if (!(clean & CLEAN_LOC)) checkValue(ctx, e.loc, 'loc');
  if (!(clean & CLEAN_LASTMOD)) checkValue(ctx, e.lastmod, 'lastmod');
  if (!(clean & CLEAN_CHANGEFREQ)) checkValue(ctx, e.changefreq, 'changefreq');
  if (!(clean & CLEAN_PRIORITY)) checkValue(ctx, e.priority, 'priority');
  if (e.images) {
    for (let i = 0; i < e.images.length; i++) {
      const im = e.images[i];
      // Field paths are built only for a value that has something to report.
      if (!bit(plainImages, i) && flagged(im.loc)) checkValue(ctx, im.loc, `images.${i}.loc`);
      if (flagged(im.caption)) checkValue(ctx, im.caption, `images.${i}.caption`);
      if (flagged(im.title)) checkValue(ctx, im.title, `images.${i}.title`);
      if (flagged(im.geoLocation)) checkValue(ctx, im.geoLocation, `images.${i}.geoLocation`);
      if (flagged(im.license)) checkValue(ctx, im.license, `images.${i}.license`);
    }
  }
  if (e.videos) for (let i = 0; i < e.videos.length; i++) checkNodes(ctx, e.videos[i].nodes, `videos.${i}`);
  if (e.news) for (let i = 0; i < e.news.length; i++) checkNodes(ctx, e.news[i].nodes, `news.${i}`);
  if (e.alternates) {
    for (let i = 0; i < e.alternates.length; i++) {
      const a = e.alternates[i];
      if (!bit(plainHrefs, i) && flagged(a.href)) checkValue(ctx, a.href, `alternates.${i}.href`);
      if (flagged(a.hreflang)) checkValue(ctx, a.hreflang, `alternates.${i}.hreflang`);
    }
  }
}
