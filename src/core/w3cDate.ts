/**
 * W3C Datetime profile of ISO 8601 (SITEMAP-RULES.md section 4), parsed by hand.
 *
 * Never uses `new Date(string)` for validity: it accepts `2023-02-29` and `2024-5-7`.
 * `Date.UTC` is used only to turn already-validated fields into epoch milliseconds.
 */

/** Precision of a valid W3C value. */
export type W3cPrecision = 'year' | 'month' | 'day' | 'minute' | 'second';

/** Why a value is not an acceptable W3C Datetime. */
export type W3cProblem =
  /** Empty or whitespace-only (LASTMOD-009). */
  | 'empty'
  /** Not one of the W3C forms (LASTMOD-001). */
  | 'format'
  /** A time without `Z` / `±hh:mm` (LASTMOD-002). */
  | 'no-zone'
  /** Right shape, impossible value: 2024-02-30, hour 24, offset above 14 h (LASTMOD-003). */
  | 'impossible'
  /** `YYYY-MM-DDZ` / `YYYY-MM-DD+hh:mm`: valid for the XSD only; the exporter drops the zone. */
  | 'date-zone';

/** A successfully parsed W3C value. */
export interface W3cDate {
  ok: true;
  precision: W3cPrecision;
  year: number;
  /** Earliest instant the value can denote, in ms since the epoch (date-only values: day start at +14:00). */
  earliestMs: number;
  /** The calendar-day part as written, `YYYY-MM-DD` (or shorter for year / year-month values). */
  day: string;
  /** `day` as a number, year × 10,000 + month × 100 + day (0 for parts not written): 2024-06 → 20240600. */
  dayKey: number;
}

/** The `day` string of a `dayKey`. @example dayOfKey(20240600) === '2024-06' */
export function dayOfKey(key: number): string {
  const y = String(Math.floor(key / 10_000)).padStart(4, '0');
  const m = Math.floor(key / 100) % 100;
  const d = key % 100;
  if (m === 0) return y;
  const md = `${y}-${String(m).padStart(2, '0')}`;
  return d === 0 ? md : `${md}-${String(d).padStart(2, '0')}`;
}

/** A rejected value with a short human explanation. */
export interface W3cError {
  ok: false;
  problem: W3cProblem;
  detail: string;
}

const FOURTEEN_HOURS = 14 * 3_600_000;

function digits(s: string, start: number, count: number): number {
  if (start + count > s.length) return -1;
  let n = 0;
  for (let i = start; i < start + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Days in a month of the proleptic Gregorian calendar. @example daysInMonth(2024, 2) === 29 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Days from 1970-01-01 to a civil date of the proleptic Gregorian calendar (H. Hinnant's
 * days_from_civil; any year, no Date quirks). @example daysFromCivil(1970, 1, 2) === 1
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

const fail = (problem: W3cProblem, detail: string): W3cError => ({ ok: false, problem, detail });

/** End of the zone that starts at `i` (`parseZone` succeeded there): `Z` or `±hh:mm`. */
function zoneEndAt(s: string, i: number): number {
  return s.charCodeAt(i) === 90 ? i + 1 : i + 6;
}

/**
 * Parses a TZD at `i`: null when there is none, an error when it is malformed, else its offset in
 * minutes (a number, so the hot path allocates nothing; its end is `zoneEndAt(s, i)`).
 */
function parseZone(s: string, i: number): W3cError | number | null {
  const c = s.charCodeAt(i);
  if (c === 90) return 0;
  if (c !== 43 && c !== 45) return null;
  const hh = digits(s, i + 1, 2);
  const mm = s.charCodeAt(i + 3) === 58 ? digits(s, i + 4, 2) : -1;
  if (hh < 0 || mm < 0) return fail('format', 'zone must be Z or ±hh:mm');
  if (hh > 14 || mm > 59 || (hh === 14 && mm > 0))
    return fail('impossible', 'time zone offset beyond ±14:00');
  return (c === 45 ? -1 : 1) * (hh * 60 + mm);
}

/**
 * The date at the start of `s`, as `year × 10,000 + month × 100 + day` (month and day 1 when
 * absent; a number, so the hot path allocates nothing), or an error. It ends at index 4, 7 or
 * 10: at `s.length` when that is 4 or 7, else at 10.
 */
function parseDatePart(s: string): W3cError | number {
  const y = digits(s, 0, 4);
  if (y < 0) return fail('format', 'expected a four-digit year first');
  if (s.length === 4) return y * 10_000 + 101;
  if (s.charCodeAt(4) !== 45) return fail('format', 'expected "-" after the year');
  const m = digits(s, 5, 2);
  if (m < 0) return fail('format', 'expected a two-digit month');
  if (m < 1 || m > 12) return fail('impossible', `month ${s.slice(5, 7)} does not exist`);
  if (s.length === 7) return y * 10_000 + m * 100 + 1;
  if (s.charCodeAt(7) !== 45) return fail('format', 'expected "-" after the month');
  const d = digits(s, 8, 2);
  if (d < 0) return fail('format', 'expected a two-digit day');
  if (d < 1 || d > daysInMonth(y, m))
    return fail('impossible', `day ${s.slice(8, 10)} does not exist in ${s.slice(0, 7)}`);
  return y * 10_000 + m * 100 + d;
}

function parseTimePart(s: string, y: number, mo: number, d: number): W3cDate | W3cError {
  const h = digits(s, 11, 2);
  const mi = s.charCodeAt(13) === 58 ? digits(s, 14, 2) : -1;
  if (h < 0 || mi < 0) return fail('format', 'time must be hh:mm or hh:mm:ss');
  let i = 16;
  let sec = 0;
  let ms = 0;
  let precision: W3cPrecision = 'minute';
  if (s.charCodeAt(i) === 58) {
    sec = digits(s, i + 1, 2);
    if (sec < 0) return fail('format', 'seconds must be two digits');
    precision = 'second';
    i += 3;
    if (s.charCodeAt(i) === 46) {
      const start = ++i;
      while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
      if (i === start) return fail('format', 'a "." must be followed by digits');
      ms = Math.floor(Number(`0.${s.slice(start, i)}`) * 1000);
    }
  }
  if (h > 23 || mi > 59 || sec > 59)
    return fail('impossible', 'hour must be 00–23, minutes and seconds 00–59');
  if (i >= s.length) return fail('no-zone', 'a time needs a time zone (Z or ±hh:mm)');
  const zone = parseZone(s, i);
  if (zone === null) return fail('format', `unexpected "${s.slice(i, i + 8)}" after the time`);
  if (typeof zone !== 'number') return zone;
  const zoneEnd = zoneEndAt(s, i);
  if (zoneEnd !== s.length)
    return fail('format', `unexpected text "${s.slice(zoneEnd, zoneEnd + 8)}" at the end`);
  const earliestMs = Date.UTC(y, mo - 1, d, h, mi, sec, ms) - zone * 60_000;
  return { ok: true, precision, year: y, earliestMs, day: s.slice(0, 10), dayKey: y * 10_000 + mo * 100 + d };
}

/**
 * Parses a W3C Datetime value exactly (no trimming: pass the trimmed value).
 *
 * @example parseW3cDate('2024-06-24T09:30:00+02:00') // { ok: true, precision: 'second', ... }
 * @example parseW3cDate('2023-02-29') // { ok: false, problem: 'impossible', ... }
 */
export function parseW3cDate(s: string): W3cDate | W3cError {
  if (s.length === 0) return fail('empty', 'the value is empty');
  const date = parseDatePart(s);
  if (typeof date !== 'number') return date;
  const y = Math.floor(date / 10_000);
  const m = Math.floor(date / 100) % 100;
  const d = date % 100;
  const end = s.length === 4 ? 4 : s.length === 7 ? 7 : 10;
  if (end === s.length) {
    const precision: W3cPrecision = end === 4 ? 'year' : end === 7 ? 'month' : 'day';
    const dayKey = y * 10_000 + (end > 4 ? m * 100 : 0) + (end > 7 ? d : 0);
    return {
      ok: true,
      precision,
      year: y,
      earliestMs: Date.UTC(y, m - 1, d) - FOURTEEN_HOURS,
      day: s,
      dayKey,
    };
  }
  if (end === 10 && s[10] === 'T') return parseTimePart(s, y, m, d);
  if (end === 10) {
    if (typeof parseZone(s, 10) === 'number' && zoneEndAt(s, 10) === s.length)
      return fail('date-zone', 'a date without a time carries a zone');
  }
  return fail('format', `unexpected "${s.slice(end, end + 8)}" after ${s.slice(0, end)}`);
}

/** `quickW3c` precision codes (the low 3 bits of its answer). */
export const QUICK_DAY = 2;
export const QUICK_MINUTE = 3;
export const QUICK_SECOND = 4;

/**
 * The common valid forms in one pass, with no allocation: `YYYY-MM-DD`, `YYYY-MM-DDThh:mm` and
 * `YYYY-MM-DDThh:mm:ss`, the times with `Z` or `±hh:mm`. Answers `dayKey × 8 + precision code`
 * (`QUICK_DAY`, `QUICK_MINUTE`, `QUICK_SECOND`) exactly where `parseW3cDate` accepts the value
 * with that `dayKey` and precision, and -1 for everything else (other forms, fractions of a
 * second, invalid values: ask `parseW3cDate`).
 *
 * @example quickW3c('2024-06-24T09:30:00Z') === 20240624 * 8 + QUICK_SECOND; quickW3c('2024-06') === -1
 */
export function quickW3c(s: string): number {
  const n = s.length;
  if (n !== 10 && n < 17) return -1;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return -1;
  // Two digits at a time, no loop and no call: the worker checks 50,000 of these while most of
  // its code still runs unoptimized (issue #18, s19-open), where each call and loop costs.
  const y1 = two(s, 0);
  const y2 = two(s, 2);
  const m = two(s, 5);
  const d = two(s, 8);
  if (y1 < 0 || y2 < 0 || m < 1 || m > 12 || d < 1) return -1;
  const y = y1 * 100 + y2;
  if (d > (m === 2 ? (((y & 3) === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28) : DAYS[m])) return -1;
  const key = (y * 10_000 + m * 100 + d) * 8;
  if (n === 10) return key + QUICK_DAY;
  if (s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58) return -1;
  const h = two(s, 11);
  const mi = two(s, 14);
  if (h < 0 || h > 23 || mi < 0 || mi > 59) return -1;
  let i = 16;
  let precision = QUICK_MINUTE;
  if (s.charCodeAt(16) === 58) {
    const sec = two(s, 17);
    if (sec < 0 || sec > 59) return -1;
    i = 19;
    precision = QUICK_SECOND;
  }
  const z = s.charCodeAt(i);
  if (z === 90) return i + 1 === n ? key + precision : -1;
  if ((z !== 43 && z !== 45) || i + 6 !== n || s.charCodeAt(i + 3) !== 58) return -1;
  const zh = two(s, i + 1);
  const zm = two(s, i + 4);
  if (zh < 0 || zm < 0 || zh > 14 || zm > 59 || (zh === 14 && zm > 0)) return -1;
  return key + precision;
}

/** Days of each month (index 1–12) outside February's leap rule, for `quickW3c`. */
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The two decimal digits at `i` as a number, or -1 (also past the end: `charCodeAt` is NaN there). */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The `dayKey` of the UTC calendar day holding `ms` (days-from-civil inverted: no Date object).
 *
 * @example dayKeyOfMs(Date.UTC(2024, 5, 24, 23, 59)) === 20240624
 */
export function dayKeyOfMs(ms: number): number {
  const z = Math.floor(ms / 86_400_000) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10_000 + m * 100 + d;
}

/** A conversion proposed for a non-W3C date (IMP-015). */
export interface DateConversion {
  /** The W3C form. */
  value: string;
  /** True when a zone had to be assumed (UTC): needs the user's confirmation, never applied silently. */
  assumedZone: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const RFC2822 =
  /^(?:[A-Za-z]{3},\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s*(GMT|UTC|UT|Z|[+-]\d{4})?$/;
const SPACED = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/;
const SLASHED = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;
/** `15/01/2024`, `1.5.2024`, `01-05-2024`: day and month in an order the text does not say. */
const DAY_MONTH = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;

/** How a user reads `05/01/2024`: day first (5 January) or month first (1 May). */
export type DayMonthOrder = 'dmy' | 'mdy';

const pad2 = (n: number | string): string => String(n).padStart(2, '0');

function zoneText(z: string | undefined): string | null {
  if (!z) return null;
  if (z === 'GMT' || z === 'UTC' || z === 'UT' || z === 'Z') return 'Z';
  const compact = z.replace(':', '');
  return `${compact.slice(0, 3)}:${compact.slice(3)}`;
}

function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** Returns the conversion only when the result is a valid W3C value. */
function checked(value: string, assumedZone: boolean): DateConversion | null {
  const parsed = parseW3cDate(value);
  return parsed.ok ? { value, assumedZone } : null;
}

/**
 * Proposes a W3C form for common non-standard dates: space separator, missing zone, RFC 2822,
 * `YYYY/MM/DD` and `YYYY-M-D`, `DD/MM/YYYY` when the day is over 12 or `order` says which comes
 * first (`needsDayMonthOrder` tells when it must be asked), compact `+hhmm` offsets, minutes without seconds, a zone on a date-only value.
 * Returns null when no safe conversion is known.
 *
 * @example convertToW3c('Mon, 24 Jun 2024 09:30:00 GMT') // { value: '2024-06-24T09:30:00Z', assumedZone: false }
 * @example convertToW3c('2024-06-24 09:30:00') // { value: '2024-06-24T09:30:00Z', assumedZone: true }
 */
export function convertToW3c(raw: string, order?: DayMonthOrder): DateConversion | null {
  const s = raw.trim();
  const dm = DAY_MONTH.exec(s);
  if (dm) {
    const a = Number(dm[1]);
    const b = Number(dm[3]);
    const ambiguous = a <= 12 && b <= 12 && a !== b;
    if (ambiguous && order === undefined) return null;
    const dayFirst = ambiguous ? order === 'dmy' : b <= 12;
    const [day, month] = dayFirst ? [a, b] : [b, a];
    return checked(`${dm[4]}-${pad2(month)}-${pad2(day)}`, false);
  }
  const spaced = SPACED.exec(s);
  if (spaced) {
    const zone = zoneText(spaced[3]);
    return checked(`${spaced[1]}T${withSeconds(spaced[2])}${zone ?? 'Z'}`, zone === null);
  }
  const slashed = SLASHED.exec(s);
  if (slashed) return checked(`${slashed[1]}-${pad2(slashed[2])}-${pad2(slashed[3])}`, false);
  const rfc = RFC2822.exec(s);
  if (rfc) {
    const month = MONTHS.indexOf(rfc[2].toLowerCase()) + 1;
    if (month === 0) return null;
    const zone = zoneText(rfc[7]);
    const value = `${rfc[3]}-${pad2(month)}-${pad2(rfc[1])}T${rfc[4]}:${rfc[5]}:${rfc[6] ?? '00'}${zone ?? 'Z'}`;
    return checked(value, zone === null);
  }
  const dateZone = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})$/.exec(s);
  if (dateZone) return checked(dateZone[1], false);
  return null;
}

/**
 * True when `raw` is a `NN/NN/YYYY` date whose day and month could be swapped (both ≤ 12 and
 * different): converting it needs the user's day/month order.
 *
 * @example needsDayMonthOrder('05/01/2024') === true; needsDayMonthOrder('15/01/2024') === false
 */
export function needsDayMonthOrder(raw: string): boolean {
  const dm = DAY_MONTH.exec(raw.trim());
  if (!dm) return false;
  const a = Number(dm[1]);
  const b = Number(dm[3]);
  return a <= 12 && b <= 12 && a !== b;
}
