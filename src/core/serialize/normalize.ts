/**
 * OUT-006 value normalisation. Every function takes a trimmed raw value and returns the canonical
 * spelling, or the value unchanged when it is not in a form we can rewrite without changing its
 * meaning (invalid values stay as they are, so the validator keeps flagging them).
 */

const DATE_HHMM = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})?$/;
const DATE_WITH_ZONE = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * W3C date normalisation: `hh:mm` gains `:00`; a bare date with a zone loses the zone. A time
 * zone is never invented.
 *
 * @example normalizeDate('2024-06-24T09:30+02:00') // '2024-06-24T09:30:00+02:00'
 * @example normalizeDate('2024-06-24Z') // '2024-06-24'
 */
export function normalizeDate(value: string): string {
  // Fast path: date only, or a time that already has seconds (index 16 is ':').
  if (value.length <= 10 || value.length > 40 || value.charCodeAt(16) === 58) return value;
  const hm = DATE_HHMM.exec(value);
  if (hm) return `${hm[1]}:00${hm[2] ?? ''}`;
  const dz = DATE_WITH_ZONE.exec(value);
  if (dz) return dz[1];
  return value;
}

const DECIMAL = /^\+?(\d*)(?:\.(\d*))?$/;
const EXPONENT = /^\+?\d*\.?\d+[eE][+-]?\d+$/;

/**
 * Priority: one decimal digit when exact (`0.5`, `1.0`), otherwise the user's significant digits
 * (`0.25`); no sign, no exponent. Non-numeric or negative values are returned unchanged.
 *
 * @example normalizePriority('0.50') // '0.5'
 * @example normalizePriority('1') // '1.0'
 */
export function normalizePriority(value: string): string {
  if (value.length === 3 && value.charCodeAt(1) === 46) {
    const a = value.charCodeAt(0);
    const b = value.charCodeAt(2);
    if ((a === 48 || a === 49) && b >= 48 && b <= 57) return value;
  }
  let v = value;
  if (EXPONENT.test(v)) {
    const n = Number(v);
    if (!Number.isFinite(n) || n >= 1e21 || n < 1e-6) return value;
    v = String(n);
  }
  const m = DECIMAL.exec(v);
  if (!m || (m[1] === '' && (m[2] === undefined || m[2] === ''))) return value;
  const int = m[1].replace(/^0+(?=\d)/, '') || '0';
  const frac = (m[2] ?? '').replace(/0+$/, '');
  return `${int}.${frac === '' ? '0' : frac}`;
}

/** changefreq: lowercase. @example normalizeChangefreq('Daily') // 'daily' */
export function normalizeChangefreq(value: string): string {
  return value.toLowerCase();
}

const PLAIN_INT = /^\+?(\d+)$/;

/** Plain integer (video:duration, video:view_count): drops `+` and leading zeros. @example normalizeInteger('0300') // '300' */
export function normalizeInteger(value: string): string {
  const m = PLAIN_INT.exec(value);
  return m ? m[1].replace(/^0+(?=\d)/, '') : value;
}

/** Decimal (video:rating): drops a `+` and leading zeros only. @example normalizeDecimal('+04.5') // '4.5' */
export function normalizeDecimal(value: string): string {
  const m = DECIMAL.exec(value);
  if (!m || m[1] === '') return value;
  const int = m[1].replace(/^0+(?=\d)/, '');
  return m[2] === undefined ? int : `${int}.${m[2]}`;
}

/** yes/no fields: lowercase when the value is a yes/no in any case. @example normalizeYesNo('Yes') // 'yes' */
export function normalizeYesNo(value: string): string {
  const lower = value.toLowerCase();
  return lower === 'yes' || lower === 'no' ? lower : value;
}

/** Space-separated code lists: single spaces, given case. @example normalizeList('de  fr', true) // 'DE FR' */
export function normalizeList(value: string, upper: boolean): string {
  const joined = value.split(/\s+/).join(' ');
  return upper ? joined.toUpperCase() : joined.toLowerCase();
}

/** Text value normalisers by video child name (OUT-006). */
export const VIDEO_VALUE: Record<string, (v: string) => string> = {
  duration: normalizeInteger,
  view_count: normalizeInteger,
  rating: normalizeDecimal,
  family_friendly: normalizeYesNo,
  requires_subscription: normalizeYesNo,
  live: normalizeYesNo,
  publication_date: normalizeDate,
  expiration_date: normalizeDate,
  premier_date: normalizeDate,
  restriction: (v) => normalizeList(v, true),
  platform: (v) => normalizeList(v, false),
};

/** Text value normalisers by news child name (OUT-006). */
export const NEWS_VALUE: Record<string, (v: string) => string> = {
  language: (v) => v.toLowerCase(),
  publication_date: normalizeDate,
};
