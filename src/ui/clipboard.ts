/**
 * Tab-separated values as Google Sheets and Excel put them on the clipboard.
 *
 * - Rows end with `\n` (Excel writes `\r\n`; both are read). A trailing newline does not make an
 *   extra row.
 * - A cell that contains a tab, a newline or a double quote is wrapped in double quotes, and its
 *   quotes are doubled: `say "hi"` → `"say ""hi"""`.
 * - A cell that merely starts with a quote but is not a well-formed quoted cell is read literally.
 */

/** Parse clipboard text into rows of cells. An empty string gives no rows. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  if (n === 0) return rows;
  while (i <= n) {
    let cell: string;
    if (text[i] === '"') {
      const quoted = readQuoted(text, i);
      if (quoted) {
        cell = quoted.value;
        i = quoted.end;
      } else {
        const end = nextBreak(text, i);
        cell = text.slice(i, end);
        i = end;
      }
    } else {
      const end = nextBreak(text, i);
      cell = text.slice(i, end);
      i = end;
    }
    row.push(cell);
    if (i >= n) {
      rows.push(row);
      break;
    }
    const ch = text[i];
    if (ch === '\t') {
      i++;
      continue;
    }
    // newline: \r\n, \n or \r
    i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    rows.push(row);
    row = [];
    if (i >= n) break;
  }
  return rows;
}

function nextBreak(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 9 || c === 10 || c === 13) return j;
  }
  return text.length;
}

/** A quoted cell starting at `start`, or null when the quotes do not close right before a break. */
function readQuoted(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  let j = start + 1;
  while (j < text.length) {
    const q = text.indexOf('"', j);
    if (q < 0) return null;
    value += text.slice(j, q);
    if (text[q + 1] === '"') {
      value += '"';
      j = q + 2;
      continue;
    }
    const after = text[q + 1];
    if (after === undefined || after === '\t' || after === '\n' || after === '\r') {
      return { value, end: q + 1 };
    }
    return null;
  }
  return null;
}

function quoteCell(cell: string): string {
  if (!/[\t\n\r"]/.test(cell)) return cell;
  return `"${cell.replace(/"/g, '""')}"`;
}

/** Format rows of cells as TSV (rows joined by `\n`, no trailing newline). */
export function formatTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(quoteCell).join('\t')).join('\n');
}
