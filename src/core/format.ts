/** Counts in words, for every layer (core messages, state notices, the UI): en-US grouping. */

/**
 * en-US for what is not a safe integer; made on first use. Creating an `Intl.NumberFormat` loads
 * the locale's data: ~9 ms of the app's module evaluation in a fresh page when it was made at
 * import (session 16), before any count is shown.
 */
let enUs: Intl.NumberFormat | undefined;

/** 12345 → "12,345" (en-US grouping; integers without `Intl`, the rest through it). */
export function fmtInt(n: number): string {
  if (!Number.isSafeInteger(n)) {
    enUs ??= new Intl.NumberFormat('en-US');
    return enUs.format(n);
  }
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  if (n > -1000 && n < 1000) return String(n);
  const digits = String(n < 0 ? -n : n);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** "1 URL" / "12,345 URLs"; `many` for irregular plurals ("2 entries"). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmtInt(n)} ${n === 1 ? one : many}`;
}

/** RFC 4180 field (the comparison CSV, a crawl zip's page-indexing table): quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 44 || c === 34 || c === 10 || c === 13) return `"${value.replace(/"/g, '""')}"`;
  }
  return value;
}
