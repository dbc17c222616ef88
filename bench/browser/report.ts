/** Table rows and statistics of `npm run bench:browser`. */

/** One measured line: value as printed, the issue #6 target and whether it is met. */
export interface Row {
  group: string;
  name: string;
  value: string;
  target?: string;
  met?: boolean;
  ratio?: string;
  note?: string;
}

/** Median of a non-empty list. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

/** 95th percentile (nearest rank). */
export function p95(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? Number.NaN;
}

/** Markdown table with a heading line. */
export function formatTable(rows: readonly Row[], heading: string): string {
  const lines = [
    `# npm run bench:browser`,
    '',
    heading,
    '',
    '| group | measurement | value | target | met | ratio | note |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const met = r.met === undefined ? '' : r.met ? 'yes' : '**no**';
    lines.push(
      `| ${r.group} | ${r.name} | ${r.value} | ${r.target ?? ''} | ${met} | ${r.ratio ?? ''} | ${r.note ?? ''} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
