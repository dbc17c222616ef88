/** Counts in words, for every layer (core messages, state notices, the UI): en-US grouping. */

/** One formatter for every count: `toLocaleString('en-US')` looks up the locale on each call. */
const EN_US = new Intl.NumberFormat('en-US');

/** 12345 → "12,345". */
export function fmtInt(n: number): string {
  return EN_US.format(n);
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
