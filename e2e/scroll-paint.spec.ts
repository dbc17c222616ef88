import { expect, test } from './pages/workbench.ts';

const N = 5_000;
/** Rows with an invalid lastmod (LASTMOD-001, an error on the Last modified cell). */
const FLAGGED = [2_400, 4_100];

/** `N` URLs, `https://fast.example.com/s-<i % 40>/page-<i>`, with a bad date on the FLAGGED rows. */
function sitemap(): Buffer {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (let i = 0; i < N; i++) {
    const lastmod = FLAGGED.includes(i) ? 'not-a-date' : `2025-0${1 + (i % 9)}-1${i % 10}`;
    parts.push(
      `<url><loc>https://fast.example.com/s-${i % 40}/page-${i}</loc><lastmod>${lastmod}</lastmod></url>\n`,
    );
  }
  parts.push('</urlset>\n');
  return Buffer.from(parts.join(''));
}

/** What the canvas showed right after a scroll event that jumped `rows` rows at once. */
interface Sample {
  canvasShown: boolean;
  /** Canvas pixel at the flagged Last modified cell's top-left corner (its issue marker). */
  marker: number[];
  /** Canvas pixel in the middle of the same cell's right half (background). */
  plain: number[];
  /** Pixels darker than the background in the flagged row's URL cell (its text). */
  textPixels: number;
}

test.beforeEach(async ({ wb, page }) => {
  await wb.openFile({ name: 'fast-scroll.xml', mimeType: 'application/xml', buffer: sitemap() });
  await wb.expectUrlCount(N);
  // The status bar can read the count a frame before the editor replaces the open's progress
  // view (the first rows render in the background): the scrolls below need the grid itself.
  await expect(page.locator('.grid-scroll')).toBeVisible();
  await expect(page.locator('.grid-paint-canvas')).toBeAttached();
});

/**
 * Scrolls the grid fast (a screenful and more per frame) through ~3,000 rows, then jumps so that
 * view row `target` is on screen, and samples the canvas in the jump's scroll event.
 */
async function fastScrollTo(page: import('@playwright/test').Page, target: number): Promise<Sample> {
  return page.evaluate(async (row) => {
    const el = document.querySelector<HTMLElement>('.grid-scroll')!;
    const canvas = document.querySelector<HTMLCanvasElement>('.grid-paint-canvas')!;
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    for (let i = 0; i < 100; i++) {
      el.scrollTop += 960;
      await frame();
    }
    const th = document.querySelector<HTMLElement>('thead th[data-column="lastmod"]')!;
    const url = document.querySelector<HTMLElement>('thead th[data-column="loc"]')!;
    return new Promise<Sample>((resolve) => {
      el.addEventListener(
        'scroll',
        () => {
          // The grid's own scroll listener ran first: the canvas holds this position's rows.
          const dpr = devicePixelRatio;
          const ctx = canvas.getContext('2d')!;
          const y = row * 32 - el.scrollTop;
          const px = (x: number, yy: number) => [
            ...ctx.getImageData(Math.round(x * dpr), Math.round(yy * dpr), 1, 1).data,
          ];
          const band = ctx.getImageData(
            Math.round((url.offsetLeft + 10) * dpr),
            Math.round((y + 8) * dpr),
            Math.round(200 * dpr),
            Math.round(16 * dpr),
          ).data;
          const bg = px(url.offsetLeft + url.offsetWidth - 4, y + 4);
          let textPixels = 0;
          for (let i = 0; i < band.length; i += 4) if (bg[0] - band[i] > 60) textPixels++;
          resolve({
            canvasShown: getComputedStyle(canvas).display !== 'none',
            marker: px(th.offsetLeft + 1, y + 1),
            plain: px(th.offsetLeft + th.offsetWidth - 8, y + 16),
            textPixels,
          });
        },
        { once: true },
      );
      // A jump of ~60 rows from where the fast scroll left off.
      el.scrollTop = row * 32 - 100;
    });
  }, target);
}

test('a fast scroll is drawn on the canvas, issue markers included, and the rows are rendered once it settles', async ({
  wb,
  page,
}) => {
  const flagged = FLAGGED[1];
  // A first gesture, settled: the drawing of the next one starts afresh (the canvas is emptied
  // at rest).
  await fastScrollTo(page, 1_000);
  await expect(page.locator('.grid-paint-canvas')).toBeHidden();
  const sample = await fastScrollTo(page, flagged);
  expect(sample.canvasShown).toBe(true);
  // The marker is the error colour (red), the rest of the cell the background.
  const [r, g, b] = sample.marker;
  expect(r - g).toBeGreaterThan(80);
  expect(r - b).toBeGreaterThan(80);
  expect(sample.plain[0] - sample.plain[1]).toBeLessThan(10);
  expect(sample.textPixels).toBeGreaterThan(50);

  // At rest: the canvas is hidden and the DOM rows show the rows on screen, at their aria-rowindex.
  await expect(page.locator('.grid-paint-canvas')).toBeHidden();
  const row = wb.grid.locator(`tr[aria-rowindex="${flagged + 2}"]`);
  await expect(row).toContainText(`https://fast.example.com/s-${flagged % 40}/page-${flagged}`);
  for (const k of [-2, -1, 1, 5]) {
    await expect(wb.grid.locator(`tr[aria-rowindex="${flagged + k + 2}"]`)).toContainText(
      `/page-${flagged + k}`,
    );
  }
  const date = await wb.cell(flagged, 'Last modified');
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveText('not-a-date');
  // The rows in the DOM are in view order again, for screen readers.
  const indexes = await wb.grid
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('aria-rowindex'))));
  expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  expect(indexes).toContain(flagged + 2);
});

test('cells are edited after a fast scroll, and a press during one shows the rows at once', async ({
  wb,
  page,
}) => {
  const target = FLAGGED[0];
  await fastScrollTo(page, target);
  await expect(page.locator('.grid-paint-canvas')).toBeHidden();
  const priority = await wb.clickCell(target + 1, 'Priority');
  await page.keyboard.press('Enter');
  const editor = page.getByRole('textbox', { name: 'Edit priority' });
  await expect(editor).toBeFocused();
  await editor.fill('0.9');
  await page.keyboard.press('Enter');
  await expect(priority).toHaveText('0.9');
  // Enter moved the active cell down a row, on the rendered rows.
  await expect(await wb.cell(target + 2, 'Priority')).toBeFocused();

  // With an editor open, a scroll is rendered, never drawn over the editor.
  await page.keyboard.press('Enter');
  await expect(editor).toBeFocused();
  const drawnOverEditor = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const el = document.querySelector<HTMLElement>('.grid-scroll')!;
        el.addEventListener(
          'scroll',
          () => resolve(getComputedStyle(document.querySelector('.grid-paint-canvas')!).display !== 'none'),
          { once: true },
        );
        el.scrollTop += 320;
      }),
  );
  expect(drawnOverEditor).toBe(false);
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // A press on the canvas while a scroll is drawn ends the drawing before the settle delay.
  const after = await page.evaluate(async () => {
    const el = document.querySelector<HTMLElement>('.grid-scroll')!;
    const canvas = document.querySelector<HTMLCanvasElement>('.grid-paint-canvas')!;
    await new Promise<void>((resolve) => {
      el.addEventListener('scroll', () => resolve(), { once: true });
      el.scrollTop -= 1_600;
    });
    const during = getComputedStyle(canvas).display !== 'none';
    canvas.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    const first = Math.floor(el.scrollTop / 32);
    return {
      during,
      after: getComputedStyle(canvas).display !== 'none',
      rendered: document.querySelector(`tr[aria-rowindex="${first + 2}"]`)?.textContent ?? '',
      first,
    };
  });
  expect(after.during).toBe(true);
  expect(after.after).toBe(false);
  expect(after.rendered).toContain(`/page-${after.first}`);
});

test('the keyboard works on the rendered rows after a fast scroll', async ({ wb, page }) => {
  const cell = await wb.clickCell(10, 'URL');
  await expect(cell).toBeFocused();
  await fastScrollTo(page, 3_000);
  await expect(page.locator('.grid-paint-canvas')).toBeHidden();
  // The active cell (row 10) is far above: a key brings it back and moves from it.
  await page.keyboard.press('ArrowDown');
  const next = await wb.cell(11, 'URL');
  await expect(next).toBeFocused();
  await expect(next).toHaveText(`https://fast.example.com/s-11/page-11`);
  await expect(page.locator('.grid-paint-canvas')).toBeHidden();
});
