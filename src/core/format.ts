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
