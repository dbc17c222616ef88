import { describe, expect, it } from 'vitest';
import type { Entry, Issue, Severity } from '../core/model.ts';
import type { ColumnId } from '../state/columns.ts';
import type { ValidatorLike } from '../state/validation.ts';
import {
  baseline,
  columnsToPaint,
  type PaintContext,
  type PaintData,
  type PaintFont,
  type PaintFonts,
  type PaintLayout,
  type Palette,
  paintRows,
  rowsToPaint,
  TextFitter,
} from './gridPaint.ts';
import { ROW_H } from './gridScroll.ts';
import { PAINT_MIN_ROWS, shouldPaint } from './useGridWindow.ts';

/** Every code unit 7 px wide, a surrogate half 4, the ellipsis 5: widths are easy to count. */
const measure = (s: string) => {
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    w += c === 0x2026 ? 5 : c >= 0xd800 && c <= 0xdfff ? 4 : 7;
  }
  return w;
};

describe('rowsToPaint', () => {
  it('takes every row with any part inside the canvas', () => {
    // 40 px into row 1 (rows 32 px): row 1 is cut at the top, the canvas ends inside row 4.
    expect(rowsToPaint(ROW_H + 8, 100, 1000)).toEqual({ first: 1, last: 4 });
    expect(rowsToPaint(0, 3 * ROW_H, 1000)).toEqual({ first: 0, last: 2 });
  });

  it('stops at the last row and paints nothing without rows', () => {
    expect(rowsToPaint(90 * ROW_H, 800, 100)).toEqual({ first: 90, last: 99 });
    expect(rowsToPaint(0, 800, 0).last).toBeLessThan(0);
  });
});

describe('columnsToPaint', () => {
  const cols = [
    { id: 'row' as const, x: 0, w: 64 },
    { id: 'loc' as const, x: 64, w: 340 },
    { id: 'lastmod' as const, x: 404, w: 124 },
    { id: 'priority' as const, x: 528, w: 72 },
  ];

  it('skips the columns scrolled out of view on either side', () => {
    expect(columnsToPaint(cols, 0, 1000)).toEqual([0, 1, 2, 3]);
    expect(columnsToPaint(cols, 100, 320)).toEqual([1, 2]);
    expect(columnsToPaint(cols, 404, 124)).toEqual([2]);
  });
});

describe('TextFitter', () => {
  const fit = new TextFitter(measure);

  it('keeps text that fits whole', () => {
    expect(fit.fit('https://a.example/', 18 * 7)).toBe('https://a.example/');
    expect(fit.width('abc')).toBe(21);
  });

  it('cuts text that does not fit and ends it with an ellipsis, as text-overflow does', () => {
    // 10 characters wide = 70 px; 50 px leave room for 6 characters (42) + the ellipsis (5).
    expect(fit.fit('abcdefghij', 50)).toBe('abcdef…');
    expect(measure(fit.fit('abcdefghij', 50))).toBeLessThanOrEqual(50);
    expect(fit.fit('abcdefghij', 4)).toBe('');
  });

  it('measures non-ASCII text whole and never splits a surrogate pair', () => {
    expect(fit.fit('ünïcödé', 7 * 7)).toBe('ünïcödé');
    // Room for "ab" and the emoji's first half only: the cut falls back before the pair.
    expect(fit.fit('ab😀cd', 2 * 7 + 4 + 5)).toBe('ab…');
    expect(fit.fit('ab😀cdef', 2 * 7 + 8 + 7 + 6)).toBe('ab😀c…');
  });
});

describe('baseline', () => {
  it('centres the font box in the line box with whole-pixel metrics', () => {
    // ascent 13.4 → 13, descent 3.6 → 4: half-leading floor((31 − 17) / 2) = 7.
    expect(baseline({ ascent: 13.4, descent: 3.6 }, 100, 31)).toBe(120);
    expect(baseline({ ascent: 13.4, descent: 3.6 }, 0, 32)).toBe(20);
  });
});

describe('shouldPaint', () => {
  it('draws a scroll that brings many rows at once, renders one that brings a few', () => {
    expect(shouldPaint(100, 103)).toBe(false);
    expect(shouldPaint(100, 100 + PAINT_MIN_ROWS)).toBe(true);
    expect(shouldPaint(100, 100 - PAINT_MIN_ROWS)).toBe(true);
    expect(shouldPaint(0, 500_000)).toBe(true);
  });
});

type Call = { op: string; args: unknown[]; fill: string; font: string };

/** A canvas context that records what is drawn, with the fill colour and font at the time. */
function recorder(): PaintContext & { calls: Call[] } {
  const calls: Call[] = [];
  const ctx = {
    calls,
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    measureText: (s: string) => ({ width: measure(s) }),
  } as unknown as PaintContext & { calls: Call[] };
  for (const op of ['fillRect', 'strokeRect', 'fillText', 'save', 'restore', 'beginPath', 'rect', 'clip']) {
    (ctx as unknown as Record<string, unknown>)[op] = (...args: unknown[]) =>
      calls.push({ op, args, fill: String(ctx.fillStyle), font: String(ctx.font) });
  }
  for (const op of ['arc', 'fill', 'moveTo', 'lineTo', 'closePath', 'roundRect']) {
    (ctx as unknown as Record<string, unknown>)[op] = (...args: unknown[]) =>
      calls.push({ op, args, fill: String(ctx.fillStyle), font: String(ctx.font) });
  }
  return ctx;
}

const font = (css: string): PaintFont => ({ css, fit: new TextFitter(measure), ascent: 13, descent: 4 });
const FONTS: PaintFonts = {
  text: font('14px sans'),
  mono: font('12.5px mono'),
  small: font('12px sans'),
  badge: font('11.5px sans'),
};
const P: Palette = {
  surface: 'surface',
  surface2: 'surface-2',
  surface3: 'surface-3',
  border: 'border',
  text: 'text',
  text2: 'text-2',
  text3: 'text-3',
  sel: 'sel',
  selBorder: 'sel-border',
  error: 'error',
  errorSoft: 'error-soft',
  warning: 'warning',
  info: 'info',
};

const issue = (rule: string, severity: Severity, field?: string): Issue =>
  ({ rule, severity, field, message: `${rule} message` }) as Issue;

function setup(
  issues: Map<number, Issue[]>,
  selection: PaintData['selection'] = { active: null, ranges: [] },
) {
  const entries: Entry[] = Array.from(
    { length: 1000 },
    (_, i) =>
      ({
        id: i,
        loc: i === 11 ? `https://a.example/${'x'.repeat(80)}` : `https://a.example/p${i}`,
        lastmod: '2024-01-02',
        images:
          i === 12 ? [{ loc: 'https://a.example/i.jpg' }, { loc: 'https://a.example/j.jpg' }] : undefined,
      }) as Entry,
  );
  // The view shows the entries in reverse: row r is entry 999 − r.
  const rowOrder = Int32Array.from({ length: 1000 }, (_, r) => 999 - r);
  const validator = {
    issuesOf: (id: number) => issues.get(id) ?? [],
    worstSeverity: (id: number) => {
      const list = issues.get(id) ?? [];
      return list.some((i) => i.severity === 'error') ? 'error' : list.length ? 'warning' : undefined;
    },
  } as unknown as ValidatorLike;
  const columns: ColumnId[] = ['row', 'loc', 'lastmod', 'images', 'issues'];
  const layout: PaintLayout = {
    width: 1000,
    height: 4 * ROW_H,
    columns: [
      { id: 'row', x: 0, w: 64 },
      { id: 'loc', x: 64, w: 340 },
      { id: 'lastmod', x: 404, w: 124 },
      { id: 'images', x: 528, w: 70 },
      { id: 'issues', x: 598, w: 132 },
    ],
    rowW: 730,
  };
  const data: PaintData = { entries, rowOrder, columns, validation: { validator, version: 1 }, selection };
  return { layout, data };
}

const texts = (calls: Call[]) => calls.filter((c) => c.op === 'fillText').map((c) => c.args[0] as string);

describe('paintRows', () => {
  it('draws the rows on screen: row numbers and cell text at their rows', () => {
    const { layout, data } = setup(new Map());
    const ctx = recorder();
    // Rows 10..13 on screen (scrolled to row 10 exactly).
    paintRows(ctx, layout, data, FONTS, P, 10 * ROW_H, 0);
    const drawn = texts(ctx.calls);
    expect(drawn).toEqual(expect.arrayContaining(['11', '12', '13', '14']));
    expect(drawn).toContain('https://a.example/p989');
    expect(drawn).toContain('https://a.example/p986');
    expect(drawn).not.toContain('https://a.example/p990');
    expect(drawn).not.toContain('https://a.example/p985');
    // Row 11 (entry 988) is the canvas's second row: its URL's baseline is inside y 32..64.
    const url = ctx.calls.find((c) => c.op === 'fillText' && c.args[0] === 'https://a.example/p988');
    expect(url?.font).toBe('12.5px mono');
    expect(url?.args[2]).toBeGreaterThan(ROW_H);
    expect(url?.args[2]).toBeLessThan(2 * ROW_H);
  });

  it('draws a crawl cell on the baseline of the other text-only block cells', () => {
    const { layout, data } = setup(new Map());
    // Crawl data attached, this entry not in it: the Status cell says "not crawled".
    const validator = {
      ...data.validation.validator,
      crawlJoin: () => ({ table: { format: 'screaming-frog' } }),
      crawlRowOf: () => -1,
    } as unknown as ValidatorLike;
    const columns: ColumnId[] = ['row', 'loc', 'lastmod', 'crawlStatus'];
    const ctx = recorder();
    paintRows(
      ctx,
      {
        ...layout,
        columns: [...layout.columns.slice(0, 3), { id: 'crawlStatus', x: 528, w: 90 }],
        rowW: 618,
      },
      { ...data, columns, validation: { validator, version: 1 } },
      // Metrics where a line box one px shorter moves the baseline (it does not with FONTS').
      { ...FONTS, text: { ...FONTS.text, descent: 3 } },
      P,
      10 * ROW_H,
      0,
    );
    const at = (text: string) =>
      ctx.calls.find((c) => c.op === 'fillText' && String(c.args[0]).startsWith(text))?.args[2];
    const status = at('not crawl');
    expect(status).toBeDefined();
    expect(status).toBe(at('2024-01-02'));
  });

  it('ends a URL too long for its column with an ellipsis inside the column', () => {
    const { layout, data } = setup(new Map());
    const ctx = recorder();
    paintRows(ctx, layout, data, FONTS, P, 988 * ROW_H, 0);
    const long = texts(ctx.calls).find((t) => t.startsWith('https://a.example/xxx'));
    expect(long?.endsWith('…')).toBe(true);
    expect(measure(long ?? '')).toBeLessThanOrEqual(340 - 1 - 20);
  });

  it('marks a flagged cell in its corner in its severity colour, and summarises the row', () => {
    // Row 1 is entry 998: an error on its URL, a warning on its lastmod.
    const issues = new Map([
      [998, [issue('LOC-001', 'error', 'loc'), issue('LASTMOD-002', 'warning', 'lastmod')]],
    ]);
    const { layout, data } = setup(issues);
    const ctx = recorder();
    paintRows(ctx, layout, data, FONTS, P, 0, 0);
    const corners = ctx.calls.filter((c) => c.op === 'moveTo');
    expect(corners.map((c) => c.args)).toEqual([
      [64, ROW_H],
      [404, ROW_H],
    ]);
    const fills = ctx.calls.filter((c) => c.op === 'fill').map((c) => c.fill);
    expect(fills).toContain('error');
    expect(fills).toContain('warning');
    // The issues column: "LOC-001, LASTMOD-002" cut to its width.
    const summary = texts(ctx.calls).find((t) => t.startsWith('LOC-001, LA'));
    expect(summary?.endsWith('…')).toBe(true);
    // The row number's severity dot.
    const dots = ctx.calls.filter((c) => c.op === 'arc');
    expect(dots.length).toBe(2);
  });

  it('fills selected cells and outlines the active cell', () => {
    const { layout, data } = setup(new Map(), {
      active: { row: 2, col: 2 },
      ranges: [{ r0: 1, r1: 2, c0: 1, c1: 2 }],
    });
    const ctx = recorder();
    paintRows(ctx, layout, data, FONTS, P, 0, 0);
    const sel = ctx.calls.filter((c) => c.op === 'fillRect' && c.fill === 'sel').map((c) => c.args);
    expect(sel).toEqual([
      [64, ROW_H, 339, ROW_H],
      [64, 2 * ROW_H, 339, ROW_H],
      [404, ROW_H, 123, ROW_H],
      [404, 2 * ROW_H, 123, ROW_H],
    ]);
    const outline = ctx.calls.filter((c) => c.op === 'strokeRect').map((c) => c.args);
    expect(outline).toEqual([[405, 2 * ROW_H + 1, 121, ROW_H - 2]]);
  });

  it('draws extension counts as badges', () => {
    const { layout, data } = setup(new Map());
    const ctx = recorder();
    paintRows(ctx, layout, data, FONTS, P, 987 * ROW_H, 0);
    const two = ctx.calls.find((c) => c.op === 'fillText' && c.args[0] === '2');
    expect(two?.fill).toBe('text-2');
    expect(ctx.calls.some((c) => c.op === 'roundRect')).toBe(true);
  });

  it('shows invisible characters as escapes in the error colour', () => {
    const { layout, data } = setup(new Map());
    data.entries[999].loc = 'https://a.example/\u202Egpj.exe';
    const ctx = recorder();
    paintRows(ctx, layout, data, FONTS, P, 0, 0);
    const shown = ctx.calls.find((c) => c.op === 'fillText' && c.args[0] === '⟨U+202E⟩');
    expect(shown?.fill).toBe('error');
    expect(texts(ctx.calls)).not.toContain('https://a.example/\u202Egpj.exe');
  });

  it('draws only the columns in view when scrolled sideways', () => {
    const { layout, data } = setup(new Map());
    const ctx = recorder();
    paintRows(ctx, { ...layout, width: 200 }, data, FONTS, P, 0, 420);
    const drawn = texts(ctx.calls);
    expect(drawn).toContain('2024-01-02');
    expect(drawn.some((t) => t.startsWith('https://'))).toBe(false);
    // lastmod's text starts 10 px into its column, which starts 16 px left of the canvas.
    const date = ctx.calls.find((c) => c.op === 'fillText' && c.args[0] === '2024-01-02');
    expect(date?.args[1]).toBe(404 - 420 + 10);
  });
});
