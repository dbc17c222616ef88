import { daysInMonth } from '../w3cDate.ts';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** RFC 822 / 2822 zone names → offset in minutes. Military single letters other than Z are unreliable. */
const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  cet: 60,
  cest: 120,
  bst: 60,
};

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function offset(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  return `${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

function zoneMinutes(zone: string): number | null {
  const z = zone.toLowerCase();
  if (ZONES[z] !== undefined) return ZONES[z];
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return null;
  const v = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -v : v;
}

/**
 * Convert a feed date to W3C Datetime (IMP-025) without guessing: RFC 822/2822 dates with a zone
 * (named or numeric) keep their wall-clock time and offset; RFC 3339 / W3C values pass through;
 * a date without a zone, or anything unrecognised, returns null (keep the raw value).
 *
 * @example feedDateToW3c('Sun, 06 Nov 1994 08:49:37 GMT') // '1994-11-06T08:49:37Z'
 * @example feedDateToW3c('Tue, 10 Jun 2003 04:00:00 -0500') // '2003-06-10T04:00:00-05:00'
 */
export function feedDateToW3c(raw: string): string | null {
  const v = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v)) return v;
  const m =
    /^(?:[A-Za-z]{3,9},?\s+)?(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([A-Za-z]{1,4}|[+-]\d{2}:?\d{2})?$/.exec(
      v,
    );
  if (!m) return null;
  const month = MONTHS[m[2].toLowerCase()];
  let year = Number(m[3]);
  if (m[3].length === 2) year += year < 50 ? 2000 : 1900;
  const day = Number(m[1]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = m[6] ? Number(m[6]) : 0;
  if (!month || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 60)
    return null;
  if (!m[7]) return null;
  const zone = zoneMinutes(m[7]);
  if (zone === null) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${offset(zone)}`;
}
