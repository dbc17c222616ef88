/**
 * The grid's rows drawn on a canvas, for fast scrolling (issue #18). While rows scroll in faster
 * than Blink can lay out their text (a screenful of new rows per frame costs ~18 ms of style,
 * layout and paint at 1M rows), `GridCanvas` shows the visible rows drawn here instead of
 * rendering DOM rows; once the scroll settles the DOM rows are rendered as before and the canvas
 * hides. This module is the drawing: what `GridCell` shows (text clipped with an ellipsis, issue
 * markers, selection, the active cell, row numbers with their severity dot, extension badges, the
 * issues summary), in the theme's colours, with no DOM reads.
 */
import type { Entry, Issue, Severity } from '../core/model.ts';
import { type ColumnId, cellText, isCrawlColumn, showInvisible } from '../state/columns.ts';
import { crawlCellText } from '../state/crawlView.ts';
import type { Selection, ValidationState } from '../state/types.ts';
import { issuesForColumn, issuesSummary, worstFirst } from './GridCell.tsx';
import { ROW_H } from './gridScroll.ts';
import { rowSelectionMask } from './gridSelection.ts';

/** The theme's colours, resolved from the CSS custom properties (see `GridCanvas`). */
export interface Palette {
  surface: string;
  surface2: string;
  surface3: string;
  border: string;
  text: string;
  text2: string;
  text3: string;
  sel: string;
  selBorder: string;
  error: string;
  errorSoft: string;
  warning: string;
  info: string;
}

/** CSS custom property of each palette colour. */
export const PALETTE_VARS: Record<keyof Palette, string> = {
  surface: '--surface',
  surface2: '--surface-2',
  surface3: '--surface-3',
  border: '--border',
  text: '--text',
  text2: '--text-2',
  text3: '--text-3',
  sel: '--sel',
  selBorder: '--sel-border',
  error: '--error',
  errorSoft: '--error-soft',
  warning: '--warning',
  info: '--info',
};

/** One visible column: its id and where it is in the table, CSS px. */
export interface PaintColumn {
  id: ColumnId;
  x: number;
  w: number;
}

/** What the canvas shows: its size and the table's column geometry, CSS px. */
export interface PaintLayout {
  width: number;
  height: number;
  columns: readonly PaintColumn[];
  /** Width of a row (the table's). */
  rowW: number;
}

/** The store's view of the rows (what `GridView` renders from). */
export interface PaintData {
  entries: readonly Entry[];
  rowOrder: Int32Array;
  columns: readonly ColumnId[];
  validation: ValidationState;
  selection: Selection;
}

/** The part of the canvas API the painter uses (a recording fake in tests). */
export type PaintContext = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'measureText'
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'rect'
  | 'clip'
  | 'arc'
  | 'fill'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'roundRect'
>;

/** Cell padding left and right (`.cell { padding: 0 10px }`), px. */
const PAD = 10;
const ELLIPSIS = '…';
/** Diameter of a severity dot (`.sev`), px. */
const DOT = 8;
/** Legs of the issue marker triangle in a cell's corner (a 135° gradient stop at 6 px), px. */
const MARK = 6 * Math.SQRT2;

/** First and last row (inclusive) with any part inside a canvas `height` px tall at `virtualTop`. */
export function rowsToPaint(
  virtualTop: number,
  height: number,
  count: number,
): { first: number; last: number } {
  if (count <= 0 || height <= 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.min(count - 1, Math.floor(virtualTop / ROW_H)));
  const last = Math.min(count - 1, Math.ceil((virtualTop + height) / ROW_H) - 1);
  return { first, last: Math.max(first, last) };
}

/** Indexes of the columns with any part inside `width` px at `scrollLeft`. */
export function columnsToPaint(columns: readonly PaintColumn[], scrollLeft: number, width: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < columns.length; c++) {
    const { x, w } = columns[c];
    if (x + w > scrollLeft && x < scrollLeft + width) out.push(c);
  }
  return out;
}

/**
 * Widths of text in one font: ASCII from a table of advances measured once (one call per
 * character), anything else, or a width close to the limit, measured whole (kerning).
 */
export class TextFitter {
  private readonly ascii = new Float64Array(128);
  readonly ellipsis: number;

  constructor(private readonly measure: (s: string) => number) {
    for (let c = 32; c < 127; c++) this.ascii[c] = measure(String.fromCharCode(c));
    this.ellipsis = measure(ELLIPSIS);
  }

  /** Sum of the ASCII advances of `s`, or -1 when `s` has a character outside printable ASCII. */
  private asciiWidth(s: string): number {
    let w = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 32 || c > 126) return -1;
      w += this.ascii[c];
    }
    return w;
  }

  width(s: string): number {
    const w = this.asciiWidth(s);
    return w < 0 ? this.measure(s) : w;
  }

  /**
   * `s` as shown in `max` px: whole when it fits, else the longest prefix that fits with an
   * ellipsis after it (as CSS `text-overflow: ellipsis`), never splitting a surrogate pair.
   */
  fit(s: string, max: number): string {
    const sum = this.asciiWidth(s);
    // Near the limit the sum of advances can miss kerning: measure the whole text then.
    const w = sum < 0 || Math.abs(sum - max) < 2 ? this.measure(s) : sum;
    if (w <= max) return s;
    const room = max - this.ellipsis;
    if (room < 0) return '';
    let n = 0;
    if (sum >= 0) {
      let acc = 0;
      while (n < s.length && acc + this.ascii[s.charCodeAt(n)] <= room) acc += this.ascii[s.charCodeAt(n++)];
    } else {
      // Longest prefix that fits, by bisection over measured prefixes.
      let lo = 0;
      let hi = s.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.measure(s.slice(0, mid)) <= room) lo = mid;
        else hi = mid - 1;
      }
      n = lo;
    }
    const lead = s.charCodeAt(n - 1);
    if (n > 0 && lead >= 0xd800 && lead <= 0xdbff) n--;
    return s.slice(0, n) + ELLIPSIS;
  }
}

/** A font and its fitter; `ascent`/`descent` place the baseline as CSS line boxes do. */
export interface PaintFont {
  css: string;
  fit: TextFitter;
  ascent: number;
  descent: number;
}

/** The fonts cells use (styles.css): body text, the URL column, row numbers, badges. */
export interface PaintFonts {
  text: PaintFont;
  mono: PaintFont;
  small: PaintFont;
  badge: PaintFont;
}

/** The CSS font strings of `PaintFonts` for the `--font` and `--mono` families. */
export function fontStrings(sans: string, mono: string): Record<keyof PaintFonts, string> {
  return {
    text: `14px ${sans}`,
    mono: `12.5px ${mono}`,
    small: `12px ${sans}`,
    badge: `11.5px ${sans}`,
  };
}

/**
 * Baseline y of text in a row at `top`, centred in a line box `lineH` px tall as Blink lays it
 * out (whole-pixel ascent and descent, the half-leading rounded down).
 */
export function baseline(font: Pick<PaintFont, 'ascent' | 'descent'>, top: number, lineH: number): number {
  const a = Math.round(font.ascent);
  const d = Math.round(font.descent);
  return top + Math.floor((lineH - (a + d)) / 2) + a;
}

const SEVERITY_COLOR: Record<Severity, keyof Palette> = { error: 'error', warning: 'warning', info: 'info' };

/** A cell's own issue marker: the worst severity of the issues on its field, if any. */
function markerOf(issues: readonly Issue[], column: ColumnId): Severity | undefined {
  if (issues.length === 0) return undefined;
  const own = issuesForColumn(issues, column);
  return own.length ? worstFirst(own)[0].severity : undefined;
}

function dot(ctx: PaintContext, cx: number, cy: number, color: string) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(cx, cy, DOT / 2, 0, 2 * Math.PI);
  ctx.fill();
}

/** Text with its invisible characters shown as escapes in the error colour (as `GridCell`). */
function drawEscaped(
  ctx: PaintContext,
  parts: ReadonlyArray<{ text: string; escape?: true }>,
  font: PaintFont,
  x: number,
  y: number,
  max: number,
  p: Palette,
) {
  let left = font.fit.fit(parts.map((q) => q.text).join(''), max);
  const ellipsis = left.endsWith(ELLIPSIS) ? ELLIPSIS : '';
  if (ellipsis) left = left.slice(0, -1);
  for (const part of parts) {
    if (!left) break;
    const text = left.slice(0, part.text.length);
    left = left.slice(text.length);
    const w = font.fit.width(text);
    if (part.escape) {
      // `.invisible-char`: error text on the soft error colour, a 3 px radius.
      ctx.fillStyle = p.errorSoft;
      ctx.beginPath();
      ctx.roundRect(x, y - Math.round(font.ascent), w, Math.round(font.ascent) + Math.round(font.descent), 3);
      ctx.fill();
    }
    ctx.fillStyle = part.escape ? p.error : p.text;
    ctx.fillText(text, x, y);
    x += w;
  }
  if (ellipsis) {
    ctx.fillStyle = p.text;
    ctx.fillText(ellipsis, x, y);
  }
}

/**
 * Draws rows `virtualTop`.. on `ctx` (CSS px, origin at the canvas's top left, which sits under
 * the header at the viewport's left edge; `scrollLeft` is the table's horizontal scroll).
 * Column by column, so the font and colours are set once per column.
 */
export function paintRows(
  ctx: PaintContext,
  layout: PaintLayout,
  data: PaintData,
  fonts: PaintFonts,
  p: Palette,
  virtualTop: number,
  scrollLeft: number,
): void {
  const { width, height } = layout;
  const { first, last } = rowsToPaint(virtualTop, height, data.rowOrder.length);
  ctx.fillStyle = p.surface;
  ctx.fillRect(0, 0, width, height);
  if (last < first) return;
  const n = last - first + 1;
  const y0 = first * ROW_H - virtualTop;
  const bottom = Math.min(height, y0 + n * ROW_H);
  const validator = data.validation.validator;
  const entries: Entry[] = new Array(n);
  const issues: (readonly Issue[])[] = new Array(n);
  const masks = new Int32Array(n);
  const sel = data.selection;
  const hasSel = sel.ranges.length > 0;
  for (let k = 0; k < n; k++) {
    const e = data.entries[data.rowOrder[first + k]];
    entries[k] = e;
    issues[k] = validator.issuesOf(e.id);
    if (hasSel) masks[k] = rowSelectionMask(sel, first + k);
  }
  const active = sel.active && sel.active.row >= first && sel.active.row <= last ? sel.active : null;
  const cols = columnsToPaint(layout.columns, scrollLeft, width);
  // Row borders (`box-shadow: inset 0 -1px 0 var(--border)` on the row, under the cells'
  // backgrounds: the row-number column and selected cells cover them).
  ctx.fillStyle = p.border;
  const rowW = Math.min(width, layout.rowW - scrollLeft);
  for (let k = 0; k < n; k++) ctx.fillRect(0, y0 + (k + 1) * ROW_H - 1, rowW, 1);
  ctx.textBaseline = 'alphabetic';
  for (const c of cols) {
    const col = layout.columns[c];
    const id = data.columns[c] ?? col.id;
    const x = col.x - scrollLeft;
    const inner = col.w - 1;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, 0, inner, bottom);
    ctx.clip();
    if (id === 'row') {
      ctx.fillStyle = p.surface2;
      ctx.fillRect(x, 0, inner, bottom);
    } else if (hasSel) {
      ctx.fillStyle = p.sel;
      for (let k = 0; k < n; k++) if (masks[k] & (1 << c)) ctx.fillRect(x, y0 + k * ROW_H, inner, ROW_H);
    }
    paintColumn(ctx, id, x, inner, y0, entries, issues, first, data, fonts, p);
    ctx.restore();
    // Cell borders (`border-right: 1px solid var(--border)`).
    ctx.fillStyle = p.border;
    ctx.fillRect(x + inner, 0, 1, bottom);
  }
  if (active) {
    const col = layout.columns[active.col];
    if (col) {
      ctx.strokeStyle = p.selBorder;
      ctx.lineWidth = 2;
      // `.cell.active`: a 2 px inset shadow inside the cell's right border.
      ctx.strokeRect(col.x - scrollLeft + 1, active.row * ROW_H - virtualTop + 1, col.w - 3, ROW_H - 2);
    }
  }
}

function paintColumn(
  ctx: PaintContext,
  id: ColumnId,
  x: number,
  inner: number,
  y0: number,
  entries: readonly Entry[],
  issues: readonly (readonly Issue[])[],
  first: number,
  data: PaintData,
  fonts: PaintFonts,
  p: Palette,
) {
  const validator = data.validation.validator;
  const n = entries.length;
  if (id === 'row') {
    const f = fonts.small;
    ctx.font = f.css;
    ctx.textAlign = 'right';
    const right = x + inner - PAD;
    for (let k = 0; k < n; k++) {
      const top = y0 + k * ROW_H;
      const label = String(first + k + 1);
      ctx.fillStyle = p.text3;
      ctx.fillText(label, right, baseline(f, top, ROW_H));
      if (issues[k].length) {
        const worst = validator.worstSeverity(entries[k].id);
        // The dot's box is on whole pixels, as Blink snaps it: 6 px gap before the number.
        if (worst)
          dot(
            ctx,
            Math.round(right - f.fit.width(label) - 6 - DOT) + DOT / 2,
            top + ROW_H / 2,
            p[SEVERITY_COLOR[worst]],
          );
      }
    }
    ctx.textAlign = 'left';
    return;
  }
  if (id === 'issues') {
    const f = fonts.text;
    ctx.font = f.css;
    for (let k = 0; k < n; k++) {
      const summary = issuesSummary(issues[k]);
      if (!summary) continue;
      const top = y0 + k * ROW_H;
      // `<span class="sev"/> rules`: an inline-block dot on the baseline, a space, the rule ids.
      const base = baseline(f, top, ROW_H);
      dot(ctx, x + PAD + DOT / 2, base - DOT / 2, p[SEVERITY_COLOR[summary.severity]]);
      const tx = x + PAD + DOT + f.fit.width(' ');
      ctx.fillStyle = p.text;
      ctx.fillText(f.fit.fit(summary.text, x + inner - PAD - tx), tx, base);
    }
    return;
  }
  const badge = id === 'images' || id === 'videos' || id === 'news' || id === 'alternates';
  const crawl = isCrawlColumn(id);
  const f = badge ? fonts.badge : id === 'loc' ? fonts.mono : fonts.text;
  ctx.font = f.css;
  const max = inner - 2 * PAD;
  // Block cells centre their text in a line box one px under the row (styles.css), flex cells in
  // the row.
  const lineH =
    id === 'loc' || id === 'lastmod' || id === 'changefreq' || id === 'priority' || crawl ? ROW_H - 1 : ROW_H;
  for (let k = 0; k < n; k++) {
    const e = entries[k];
    const top = y0 + k * ROW_H;
    const mark = markerOf(issues[k], id);
    if (mark === 'error' || mark === 'warning') {
      ctx.fillStyle = p[mark];
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x + MARK, top);
      ctx.lineTo(x, top + MARK);
      ctx.closePath();
      ctx.fill();
    }
    const text = crawl ? crawlCellText(validator, e, id) : cellText(e, id);
    if (!text) continue;
    if (badge) {
      // `.badge`: a 20 px pill, 6 px padding, centred in the row.
      const w = f.fit.width(text) + 12;
      ctx.fillStyle = p.surface3;
      ctx.beginPath();
      ctx.roundRect(x + PAD, top + (ROW_H - 20) / 2, w, 20, 10);
      ctx.fill();
      ctx.fillStyle = p.text2;
      ctx.fillText(text, x + PAD + 6, baseline(f, top + (ROW_H - 20) / 2, 20));
      continue;
    }
    const parts = showInvisible(text);
    if (parts) {
      drawEscaped(ctx, parts, f, x + PAD, baseline(f, top, lineH), max, p);
      continue;
    }
    ctx.fillStyle = p.text;
    ctx.fillText(f.fit.fit(text, max), x + PAD, baseline(f, top, lineH));
  }
}
