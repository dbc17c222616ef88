/**
 * Reading `<lastmod>` values as instants for the index staleness check (IDX-003). The common
 * canonical W3C forms are read with integer arithmetic on char codes (no regex, no `Date.parse`,
 * no string allocation), so a workspace of 1,000,000 distinct lastmods costs a few tens of
 * milliseconds; anything unusual (whitespace, a day past the month's end, `24:00`, a zone without
 * a colon…) falls back to `Date.parse`, so results equal the slow path's for every input.
 */
import type { SitemapDocument } from '../model.ts';
import { daysFromCivil, daysInMonth } from '../w3cDate.ts';

const W3C_DAY = /^\d{4}-\d{2}-\d{2}(T|$)/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;
const LAST_MS_OF_DAY = 86_399_999;

/** Value of the two ASCII digits at `i`, or -1. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Milliseconds of `YYYY-MM-DD` at the start of `v`, or NaN (also for days past the month's end). */
function dayMs(v: string): number {
  const hi = two(v, 0);
  const lo = two(v, 2);
  const m = two(v, 5);
  const d = two(v, 8);
  if (hi < 0 || lo < 0 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45) return Number.NaN;
  const y = hi * 100 + lo;
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return Number.NaN;
  return daysFromCivil(y, m, d) * DAY_MS;
}

/** Zone offset in ms of the `±hh:mm`/`Z`/nothing tail starting at `i`, or NaN when malformed. */
function zoneMs(v: string, i: number): number {
  if (i === v.length) return 0;
  const c = v.charCodeAt(i);
  if (c === 90) return i + 1 === v.length ? 0 : Number.NaN; // Z
  if ((c !== 43 && c !== 45) || i + 6 !== v.length || v.charCodeAt(i + 3) !== 58) return Number.NaN;
  const h = two(v, i + 1);
  const m = two(v, i + 4);
  if (h < 0 || h > 23 || m < 0 || m > 59) return Number.NaN;
  const ms = (h * 60 + m) * 60_000;
  return c === 43 ? ms : -ms;
}

/**
 * Milliseconds of a canonical W3C datetime (`YYYY-MM-DD`, or with `Thh:mm`, `:ss`, `.s…` and an
 * optional `Z`/`±hh:mm` zone), or null when `v` is not exactly such a value (the caller falls
 * back to `Date.parse`). Fractions are truncated to milliseconds as V8 does.
 *
 * @example fastLastmodMs('2024-06-01T10:00:00+02:00') === Date.UTC(2024, 5, 1, 8)
 */
export function fastLastmodMs(v: string): number | null {
  const n = v.length;
  if (n < 10) return null;
  const day = dayMs(v);
  if (Number.isNaN(day)) return null;
  if (n === 10) return day;
  if (n < 16 || v.charCodeAt(10) !== 84 || v.charCodeAt(13) !== 58) return null;
  const h = two(v, 11);
  const mi = two(v, 14);
  if (h < 0 || h > 23 || mi < 0 || mi > 59) return null;
  let ms = day + (h * 60 + mi) * 60_000;
  let i = 16;
  if (i < n && v.charCodeAt(i) === 58) {
    const s = two(v, 17);
    if (s < 0 || s > 59) return null;
    ms += s * 1000;
    i = 19;
    if (i < n && v.charCodeAt(i) === 46) {
      let frac = 0;
      let scale = 100;
      let j = i + 1;
      for (; j < n; j++) {
        const c = v.charCodeAt(j) - 48;
        if (c < 0 || c > 9) break;
        frac += c * scale;
        scale = Math.floor(scale / 10);
      }
      if (j === i + 1) return null;
      ms += frac;
      i = j;
    }
  }
  const zone = zoneMs(v, i);
  return Number.isNaN(zone) ? null : ms - zone;
}

/** The `Date.parse` reading of `lastmodMs` (any W3C-looking value, then V8's leniency). */
function slowLastmodMs(value: string, endOfDay: boolean): number | null {
  const v = value.trim();
  if (!W3C_DAY.test(v)) return null;
  // A time without a zone (LASTMOD-002) is read as UTC, not as the machine's local time.
  const ms = Date.parse(v.length > 10 && !HAS_ZONE.test(v) ? `${v}Z` : v);
  if (Number.isNaN(ms)) return null;
  return endOfDay && v.length === 10 ? ms + LAST_MS_OF_DAY : ms;
}

/**
 * Milliseconds of a W3C date (`YYYY-MM-DD` or with a `T` time; no zone reads as UTC), or null
 * for anything else.
 * `endOfDay` reads a date-only value as its last millisecond (an index date-only lastmod is not
 * "older" than a child change on the same day).
 *
 * @example lastmodMs('2024-06-01', true) === Date.UTC(2024, 5, 1) + 86_399_999
 */
export function lastmodMs(value: string, endOfDay: boolean): number | null {
  const fast = fastLastmodMs(value);
  if (fast === null) return slowLastmodMs(value, endOfDay);
  return endOfDay && value.length === 10 ? fast + LAST_MS_OF_DAY : fast;
}

/** The newest lastmod found so far by {@link newestLastmodIn}. */
export interface NewestLastmod {
  ms: number;
  value: string;
}

/**
 * Continue the search for the newest parsable lastmod over `entries[from, to)`, starting from
 * `best` (null: none yet). Earlier values win ties. No per-entry allocation on the common path.
 *
 * @example newestLastmodIn(doc.entries, 0, doc.entries.length, null)?.value
 */
export function newestLastmodIn(
  entries: SitemapDocument['entries'],
  from: number,
  to: number,
  best: NewestLastmod | null,
): NewestLastmod | null {
  let bestMs = best === null ? Number.NEGATIVE_INFINITY : best.ms;
  let at = -1;
  for (let e = from; e < to; e++) {
    const lastmod = entries[e].lastmod;
    if (lastmod === undefined) continue;
    const ms = lastmodMs(lastmod, false);
    if (ms !== null && ms > bestMs) {
      bestMs = ms;
      at = e;
    }
  }
  if (at < 0) return best;
  return { ms: bestMs, value: (entries[at].lastmod as string).trim() };
}

/** Results per document snapshot (documents are immutable: edits make new ones). */
const known = new WeakMap<SitemapDocument, NewestLastmod | null>();

/** The cached {@link newestLastmod} of `doc`, or undefined when not computed yet. */
export function knownNewestLastmod(doc: SitemapDocument): NewestLastmod | null | undefined {
  return known.get(doc);
}

/** Records `value` as the newest lastmod of `doc` (computed in steps by the caller). */
export function rememberNewestLastmod(doc: SitemapDocument, value: NewestLastmod | null): void {
  known.set(doc, value);
}

/**
 * The newest parsable lastmod inside a document, as written (trimmed), or null. Computed once per
 * document snapshot.
 *
 * @example newestLastmod(doc)?.value // '2024-06-01T10:00:00+00:00'
 */
export function newestLastmod(doc: SitemapDocument): NewestLastmod | null {
  let v = known.get(doc);
  if (v === undefined) {
    v = newestLastmodIn(doc.entries, 0, doc.entries.length, null);
    known.set(doc, v);
  }
  return v;
}
