/**
 * A CSV record scanner for big crawl exports: RFC 4180 quoting (`""` escapes, delimiters and line
 * breaks inside quotes), CRLF / LF / CR line ends, and strings made only for the columns asked
 * for. A 70-column, 1,000,000-row export thus allocates a few strings per row instead of 70
 * (a general tokeniser builds every cell). read.ts also reads the header row with it.
 */

/**
 * Calls `onRow(cells)` for every record after the first `skip` records. `columns[c]` is the slot
 * of CSV column `c` in `cells` (-1 or absent: not kept); a kept cell is undefined when empty.
 * `cells` is reused between calls. `onProgress(i)` gets the offset every ~1 MB. Stops after
 * `limit` rows (default: all).
 *
 * @example scanCsv('a,b\n1,2\n', ',', [1], 1, (cells) => cells[0]) // calls with ['2']
 */
export function scanCsv(
  src: string,
  delimiter: string,
  columns: readonly number[],
  skip: number,
  onRow: (cells: Array<string | undefined>) => void,
  onProgress?: (offset: number) => void,
  limit = Number.POSITIVE_INFINITY,
): void {
  const n = src.length;
  const D = delimiter.charCodeAt(0);
  const slots = columns.reduce((m, s) => Math.max(m, s + 1), 0);
  const cells: Array<string | undefined> = new Array(slots).fill(undefined);
  let i = 0;
  let record = 0;
  let nextReport = 1 << 20;
  while (i < n && record - skip < limit) {
    const keep = record >= skip;
    let col = 0;
    for (;;) {
      const slot = keep && col < columns.length ? columns[col] : -1;
      if (src.charCodeAt(i) === 34) {
        let j = i + 1;
        let escaped = false;
        for (;;) {
          const q = src.indexOf('"', j);
          if (q < 0) {
            j = n;
            break;
          }
          if (src.charCodeAt(q + 1) === 34) {
            escaped = true;
            j = q + 2;
            continue;
          }
          j = q;
          break;
        }
        if (slot >= 0 && j > i + 1) {
          const v = src.slice(i + 1, j);
          cells[slot] = escaped ? v.replaceAll('""', '"') : v;
        }
        i = j + 1;
        // Text between the closing quote and the delimiter (malformed) is dropped.
        while (i < n) {
          const d = src.charCodeAt(i);
          if (d === D || d === 10 || d === 13) break;
          i++;
        }
      } else {
        let j = i;
        while (j < n) {
          const d = src.charCodeAt(j);
          if (d === D || d === 10 || d === 13) break;
          j++;
        }
        if (slot >= 0 && j > i) cells[slot] = src.slice(i, j);
        i = j;
      }
      col++;
      if (i >= n) break;
      const d = src.charCodeAt(i);
      if (d === D) {
        i++;
        continue;
      }
      i += d === 13 && src.charCodeAt(i + 1) === 10 ? 2 : 1;
      break;
    }
    if (keep) onRow(cells);
    cells.fill(undefined);
    record++;
    if (onProgress && i >= nextReport) {
      nextReport = i + (1 << 20);
      onProgress(i);
    }
  }
}
