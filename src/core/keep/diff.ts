/**
 * What an export changes in the file, as a reviewer sees it: a count of entries and lines and
 * the first hunks of a unified line diff. A keep-format export knows its changes (its byte ops),
 * so its diff costs one pass over the bytes; a normalized export is compared line by line.
 */
import { gunzipAll } from '../parse/gzip.ts';
import type { ByteOp } from './keepFormat.ts';

/** One hunk of a unified diff. */
export interface Hunk {
  /** 1-based first line in the old / new file, and line counts. */
  oldStart: number;
  oldLines: string[];
  newStart: number;
  newLines: string[];
}

/** The change an export makes to the file it came from. */
export interface ExportDiff {
  /** Entries changed: re-written, added or removed. */
  entries: number;
  /** Changed lines: per hunk the larger of lines removed and lines added. */
  lines: number;
  removedLines: number;
  addedLines: number;
  /** Number of hunks, and the first ones as unified diff text. */
  hunks: number;
  preview: string;
  /** True when the whole file was compared in one piece (too different to align line by line). */
  coarse: boolean;
}

const NO_CHANGE: ExportDiff = {
  entries: 0,
  lines: 0,
  removedLines: 0,
  addedLines: 0,
  hunks: 0,
  preview: '',
  coarse: false,
};

const LINE_BREAK = /\r\n|\r|\n/;

function isBreak(c: number): boolean {
  return c === 10 || c === 13;
}

/**
 * The diff of a keep-format export from its byte ops (ascending, see keepFormat): each op is
 * widened to whole lines, neighbouring ones merged, and equal lines at a hunk's edges trimmed.
 *
 * @example diffOfOps(out.source, out.ops, out.edited + out.added + out.removed, (b) => new TextDecoder().decode(b))
 */
export function diffOfOps(
  source: Uint8Array,
  ops: readonly ByteOp[],
  entries: number,
  decode: (bytes: Uint8Array) => string,
  maxHunks = 3,
): ExportDiff {
  if (ops.length === 0) return { ...NO_CHANGE, entries };
  const hunks: Hunk[] = [];
  let counted = 0;
  let line = 1;
  let shift = 0;
  // Lines end at LF (CRLF counts once); a file without any LF ends its lines at CR. Counted with
  // the native indexOf: the ops are ascending, so the whole body is scanned at most once.
  const brk = source.indexOf(10) === -1 ? 13 : 10;
  const lineAt = (at: number) => {
    for (;;) {
      const i = source.indexOf(brk, counted);
      if (i === -1 || i >= at) break;
      line++;
      counted = i + 1;
    }
    return line;
  };
  const lineEnd = (at: number) => {
    let to = at;
    while (to < source.length && !isBreak(source[to])) to++;
    return to;
  };
  let i = 0;
  while (i < ops.length) {
    let from = ops[i].from;
    while (from > 0 && !isBreak(source[from - 1])) from--;
    let to = lineEnd(ops[i].to);
    const group: ByteOp[] = [ops[i++]];
    while (i < ops.length && ops[i].from <= to) {
      group.push(ops[i]);
      to = Math.max(to, lineEnd(ops[i].to));
      i++;
    }
    const oldText = decode(source.subarray(from, to));
    let newText = '';
    let pos = from;
    for (const op of group) {
      newText += decode(source.subarray(pos, op.from)) + decode(op.bytes);
      pos = Math.max(pos, op.to);
    }
    newText += decode(source.subarray(pos, to));
    const start = lineAt(from);
    for (const h of aligned(start, oldText.split(LINE_BREAK), start + shift, newText.split(LINE_BREAK))) {
      shift += h.newLines.length - h.oldLines.length;
      hunks.push(h);
    }
  }
  return summary(hunks, entries, maxHunks, false);
}

/**
 * The hunks between old lines `a` (first line `oldStart`) and new lines `b`: equal head and tail
 * trimmed, the middle aligned by {@link myers} (one hunk when it gives up). `coarse` is set then.
 */
function aligned(
  oldStart: number,
  a: string[],
  newStart: number,
  b: string[],
  coarse?: { on: boolean },
): Hunk[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  if (head === a.length && head === b.length) return [];
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const script = myers(am, bm);
  if (script === null) {
    if (coarse) coarse.on = true;
    return [{ oldStart: oldStart + head, oldLines: am, newStart: newStart + head, newLines: bm }];
  }
  return script.map(([x0, x1, y0, y1]) => ({
    oldStart: oldStart + head + x0,
    oldLines: am.slice(x0, x1),
    newStart: newStart + head + y0,
    newLines: bm.slice(y0, y1),
  }));
}

function summary(hunks: Hunk[], entries: number, maxHunks: number, coarse: boolean): ExportDiff {
  let removedLines = 0;
  let addedLines = 0;
  let lines = 0;
  for (const h of hunks) {
    removedLines += h.oldLines.length;
    addedLines += h.newLines.length;
    lines += Math.max(h.oldLines.length, h.newLines.length);
  }
  return {
    entries,
    lines,
    removedLines,
    addedLines,
    hunks: hunks.length,
    preview: hunks.slice(0, maxHunks).map(unified).join('\n'),
    coarse,
  };
}

/** Most lines of one side shown in a preview hunk. */
const PREVIEW_LINES = 12;
/** Longest line shown in a preview (a one-line file is one very long line). */
const PREVIEW_CHARS = 240;

/** Characters shown before the first difference of a long line (the preview scrolls sideways: the change stays in view). */
const PREVIEW_LEAD = 40;

/**
 * Where the preview of long line `line` starts: a little before where it first differs from
 * `other` (the line it replaces or is replaced by), so the change is in view; 0 for short lines.
 */
function windowStart(line: string, other: string | undefined): number {
  if (other === undefined || (line.length <= PREVIEW_CHARS && other.length <= PREVIEW_CHARS)) return 0;
  const n = Math.min(line.length, other.length);
  let i = 0;
  while (i < n && line.charCodeAt(i) === other.charCodeAt(i)) i++;
  let from = Math.max(0, i - PREVIEW_LEAD);
  // Not inside a surrogate pair.
  if (from > 0 && (line.charCodeAt(from) & 0xfc00) === 0xdc00) from--;
  return from;
}

/** At most PREVIEW_CHARS of `line` from `from`, an ellipsis marking each cut. */
function clip(line: string, from = 0): string {
  if (from === 0 && line.length <= PREVIEW_CHARS) return line;
  const end = Math.min(line.length, from + PREVIEW_CHARS);
  return `${from > 0 ? '…' : ''}${line.slice(from, end)}${end < line.length ? '…' : ''}`;
}

function unified(h: Hunk): string {
  const side = (lines: string[], mark: string) => {
    const other = mark === '-' ? h.newLines : h.oldLines;
    const shown = lines.slice(0, PREVIEW_LINES).map((l, i) => mark + clip(l, windowStart(l, other[i])));
    if (lines.length > PREVIEW_LINES) shown.push(`${mark}… ${lines.length - PREVIEW_LINES} more lines`);
    return shown;
  };
  const head = `@@ -${h.oldStart},${h.oldLines.length} +${h.newStart},${h.newLines.length} @@`;
  return [head, ...side(h.oldLines, '-'), ...side(h.newLines, '+')].join('\n');
}

/** Largest edit distance (in lines) the line diff aligns; beyond it the rest is one hunk. */
const MAX_D = 500;

/**
 * Line diff of two texts (common head and tail trimmed, then Myers' O(ND) alignment of the
 * middle, given up past {@link MAX_D} differences: the middle is then one hunk and `coarse`).
 * `entryLines` (ascending 1-based start lines of the old file's entries) turns the changed old
 * lines into a count of entries, plus `addedEntries`.
 *
 * @example lineDiff('a\nb\n', 'a\nc\n', [1, 2], 0).lines // 1
 */
export function lineDiff(
  before: string,
  after: string,
  entryLines: readonly number[],
  addedEntries: number,
  maxHunks = 3,
): ExportDiff {
  if (before === after) return { ...NO_CHANGE, entries: addedEntries };
  const coarse = { on: false };
  const hunks = aligned(1, before.split(LINE_BREAK), 1, after.split(LINE_BREAK), coarse);
  if (sharesLines(entryLines))
    return summary(hunks, changedEntries(before, after) + addedEntries, maxHunks, coarse.on);
  let entries = addedEntries;
  let k = 0;
  for (let e = 0; e < entryLines.length; e++) {
    const first = entryLines[e];
    const last = e + 1 < entryLines.length ? Math.max(first, entryLines[e + 1] - 1) : Number.MAX_SAFE_INTEGER;
    while (k < hunks.length && hunks[k].oldStart + Math.max(hunks[k].oldLines.length, 1) - 1 < first) k++;
    if (k < hunks.length && hunks[k].oldStart <= last && hunks[k].oldLines.length > 0) entries++;
  }
  return summary(hunks, entries, maxHunks, coarse.on);
}

/** True when some line holds more than one entry (`lines` ascending): lines cannot tell entries apart. */
function sharesLines(lines: readonly number[]): boolean {
  for (let i = 1; i < lines.length; i++) if (lines[i] === lines[i - 1]) return true;
  return false;
}

/** An entry's start tag (`<url>`, `<s:sitemap …>`), not `<urlset` or `<sitemapindex`. */
const ENTRY_START = /<(?:[A-Za-z_][\w.-]*:)?(?:url|sitemap)(?=[\s/>])/g;
/** Comments and processing instructions (counted apart), and the layout between tags. */
const NOT_CONTENT = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;

/** Each entry's text from its start tag to the next entry (or the root end tag), layout removed. */
function entryTexts(s: string): string[] {
  const starts: number[] = [];
  for (const m of s.matchAll(ENTRY_START)) starts.push(m.index);
  const end = s.lastIndexOf('</');
  return starts.map((at, i) =>
    s
      .slice(at, i + 1 < starts.length ? starts[i + 1] : Math.max(end, at))
      .replace(NOT_CONTENT, '')
      .replace(/>\s+</g, '><')
      .trim(),
  );
}

/**
 * Entries of `before` whose content `after` changes or removes, entry by entry (a line diff
 * cannot tell: a one-line file has every entry on its only changed line). Layout, comments and
 * instructions do not count; entries are aligned by {@link myers} (past its limit, the entries
 * between the first and last difference count).
 */
function changedEntries(before: string, after: string): number {
  let n = 0;
  for (const h of aligned(1, entryTexts(before), 1, entryTexts(after))) n += h.oldLines.length;
  return n;
}

/**
 * Changed regions `[x0, x1, y0, y1]` of a shortest edit script from `a` to `b` (Myers), or null
 * past {@link MAX_D} differences.
 */
function myers(a: string[], b: string[]): Array<[number, number, number, number]> | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_D);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) return null;
  // Walk back from the end: the diagonal (equal) run after each edit, then the regions between.
  const equal: Array<[number, number, number]> = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const vd = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[off + k - 1] < vd[off + k + 1]) ? k + 1 : k - 1;
    const prevX = vd[off + prevK];
    const midX = prevK === k + 1 ? prevX : prevX + 1;
    if (x > midX) equal.push([midX, midX - k, x - midX]);
    x = prevX;
    y = prevX - prevK;
  }
  if (x > 0) equal.push([0, 0, x]);
  equal.reverse();
  const out: Array<[number, number, number, number]> = [];
  let ax = 0;
  let by = 0;
  for (const [ex, ey, len] of equal) {
    if (ex > ax || ey > by) out.push([ax, ex, by, ey]);
    ax = ex + len;
    by = ey + len;
  }
  if (ax < n || by < m) out.push([ax, n, by, m]);
  return out;
}

/** Largest exported file read back for a diff (a gzip export is inflated up to this). */
const DIFF_MAX_BYTES = 1 << 30;

/**
 * The diff of a normalized export against the file it came from, from bytes: `before` is the
 * source body (UTF-8), `after` the exported file (gzip when `gzipped`); null when the export
 * cannot be read back. Runs in the worker (the line diff of 50,000 entries is ~0.5 s).
 *
 * @example exportDiff(enc('a\n'), enc('b\n'), false, [1], 0)?.lines // 1
 */
export function exportDiff(
  before: Uint8Array,
  after: Uint8Array,
  gzipped: boolean,
  entryLines: readonly number[],
  addedEntries: number,
): ExportDiff | null {
  let bytes = after;
  if (gzipped) {
    const r = gunzipAll(after, DIFF_MAX_BYTES);
    if (r.truncated) return null;
    bytes = r.data;
  }
  const utf8 = new TextDecoder();
  return lineDiff(utf8.decode(before), utf8.decode(bytes), entryLines, addedEntries);
}
