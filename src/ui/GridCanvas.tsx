import { memo } from 'react';
import {
  fontStrings,
  PALETTE_VARS,
  type PaintData,
  type PaintFont,
  type PaintFonts,
  type PaintLayout,
  type Palette,
  paintRows,
  TextFitter,
} from './gridPaint.ts';
import type { ScrollPainter } from './useGridWindow.ts';

/**
 * The canvas a fast scroll is drawn on (`gridPaint.ts`): viewport-sized, under the sticky header,
 * shown only while the rows are drawn instead of rendered. It reads the column geometry from the
 * header cells, the colours from the theme's custom properties and the fonts from `--font` /
 * `--mono` once per scroll gesture, and draws at the device pixel ratio.
 */
export class CanvasPainter implements ScrollPainter {
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private data: PaintData | null = null;
  private layout: PaintLayout | null = null;
  private palette: Palette | null = null;
  private fonts: PaintFonts | null = null;
  private fontKey = '';
  private dpr = 1;
  private on = false;
  private lastTop = 0;

  attach = (canvas: HTMLCanvasElement | null) => {
    this.canvas = canvas;
    this.ctx = null;
  };

  /** The rows to draw from; redraws when a scroll is being drawn (an edit, validation). */
  setData(data: PaintData) {
    const columnsChanged = this.data?.columns !== data.columns;
    this.data = data;
    if (!this.on) return;
    if (columnsChanged && !this.measure()) {
      this.stop();
      return;
    }
    this.paint(this.lastTop);
  }

  /** True while the drawing is shown. */
  get showing() {
    return this.on;
  }

  /** An editor is open in a row: scrolls are rendered, so it stays in view and in use. */
  editing = false;

  start(): boolean {
    if (this.editing || !this.measure()) return false;
    const canvas = this.canvas as HTMLCanvasElement;
    canvas.style.display = 'block';
    this.on = true;
    return true;
  }

  paint(virtualTop: number) {
    const { ctx, layout, data, fonts, palette, canvas } = this;
    if (!this.on || !ctx || !layout || !data || !fonts || !palette || !canvas) return;
    this.lastTop = virtualTop;
    const scroller = canvas.parentElement?.parentElement;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    paintRows(ctx, layout, data, fonts, palette, virtualTop, scroller?.scrollLeft ?? 0);
  }

  stop() {
    if (!this.on) return;
    this.on = false;
    const canvas = this.canvas;
    if (!canvas) return;
    canvas.style.display = 'none';
    // No backing store kept at rest (width × height × dpr² × 4 bytes); the next gesture sizes it.
    canvas.width = 0;
    canvas.height = 0;
  }

  /** Reads the geometry, colours and fonts and sizes the canvas; false when it cannot draw. */
  private measure(): boolean {
    const canvas = this.canvas;
    const scroller = canvas?.parentElement?.parentElement;
    const data = this.data;
    if (!canvas || !scroller || !data) return false;
    const ctx = this.ctx ?? canvas.getContext('2d', { alpha: false });
    // Engines without `roundRect` (badges, escapes) keep the rendered rows.
    if (!ctx || typeof ctx.roundRect !== 'function') return false;
    this.ctx = ctx;
    const head = scroller.querySelector<HTMLElement>('thead');
    const cells = head?.querySelectorAll<HTMLElement>('th');
    if (!head || !cells || cells.length !== data.columns.length) return false;
    const columns = data.columns.map((id, i) => ({ id, x: cells[i].offsetLeft, w: cells[i].offsetWidth }));
    const headH = head.offsetHeight;
    const width = scroller.clientWidth;
    const height = scroller.clientHeight - headH;
    if (width <= 0 || height <= 0) return false;
    const rowW = (head.firstElementChild as HTMLElement | null)?.offsetWidth ?? width;
    this.layout = { width, height, columns, rowW };
    const dpr = window.devicePixelRatio || 1;
    this.dpr = dpr;
    const pw = Math.round(width * dpr);
    const ph = Math.round(height * dpr);
    if (canvas.width !== pw || canvas.height !== ph) {
      canvas.width = pw;
      canvas.height = ph;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    canvas.style.top = `${headH}px`;
    this.palette = readPalette(canvas);
    const root = getComputedStyle(document.documentElement);
    const strings = fontStrings(
      root.getPropertyValue('--font').trim(),
      root.getPropertyValue('--mono').trim(),
    );
    const key = Object.values(strings).join('|');
    if (key !== this.fontKey || !this.fonts) {
      this.fontKey = key;
      this.fonts = {
        text: paintFont(ctx, strings.text),
        mono: paintFont(ctx, strings.mono),
        small: paintFont(ctx, strings.small),
        badge: paintFont(ctx, strings.badge),
      };
    }
    return true;
  }
}

/** The palette as the canvas element resolves it (the theme's `light-dark()` colours). */
function readPalette(el: HTMLElement): Palette {
  const out = {} as Palette;
  const style = getComputedStyle(el);
  for (const key of Object.keys(PALETTE_VARS) as (keyof Palette)[]) {
    el.style.color = `var(${PALETTE_VARS[key]})`;
    out[key] = style.color;
  }
  el.style.color = '';
  return out;
}

function paintFont(ctx: CanvasRenderingContext2D, css: string): PaintFont {
  ctx.font = css;
  const m = ctx.measureText('Hg');
  return {
    css,
    // Measures with the font set: the painter sets a column's font before fitting its text.
    fit: new TextFitter((s) => ctx.measureText(s).width),
    // The font's box where the browser reports it (older engines: the glyphs' box of "Hg").
    ascent: Number.isFinite(m.fontBoundingBoxAscent) ? m.fontBoundingBoxAscent : m.actualBoundingBoxAscent,
    descent: Number.isFinite(m.fontBoundingBoxDescent)
      ? m.fontBoundingBoxDescent
      : m.actualBoundingBoxDescent,
  };
}

/**
 * The canvas's place in the grid's scroller: a zero-size sticky box before the table, so the
 * canvas stays over the rows' viewport whatever the scroll. Hidden from assistive technology:
 * the rows are in the DOM whenever the scroll is at rest.
 */
export const GridCanvas = memo(function GridCanvas({ painter }: { painter: CanvasPainter }) {
  return (
    <div className="grid-paint" aria-hidden="true">
      <canvas ref={painter.attach} className="grid-paint-canvas" />
    </div>
  );
});
