/**
 * The first render of a big open (session 8): the grid draws its first rows for the viewport
 * measured before the document arrived, the extension columns come decided with the document
 * (the worker reports which are used), and the side panel follows a frame later. What a user
 * sees must not change for it: rows fill the viewport from the first painted frame, no column
 * appears and then goes, the pane never goes blank between the open's progress and the grid
 * (which React builds in the background), and the side panel shows the right counts. The editor
 * that replaces the progress is drawn over two frames (session 12): the first under the progress
 * view (the veil), the second with the rest of its rows and without the veil; no frame shows the
 * grid with rows still waiting.
 */
import { expect, test } from './pages/workbench.ts';

const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

/** `n` URLs; URL `imageAt` has an image; URLs in `badPriority` have priority 2.0 (an error). */
function sitemap(n: number, imageAt: number, badPriority: readonly number[]): Buffer {
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="${IMAGE_NS}">\n`,
  ];
  for (let i = 0; i < n; i++) {
    const image =
      i === imageAt
        ? `<image:image><image:loc>https://big.example.com/i/${i}.png</image:loc></image:image>`
        : '';
    const priority = badPriority.includes(i) ? '<priority>2.0</priority>' : '';
    parts.push(`<url><loc>https://big.example.com/p/${i}</loc>${priority}${image}</url>\n`);
  }
  parts.push('</urlset>\n');
  return Buffer.from(parts.join(''));
}

interface Frame {
  /**
   * What fills the main pane: the start page, the open's progress, the open's progress over the
   * editor's first frame, the grid, or nothing.
   */
  pane: 'start' | 'progress' | 'veiled' | 'grid' | 'none';
  headers: string;
  rows: number;
  /** Rows drawn but not yet styled, laid out or painted (`content-visibility: hidden`). */
  waiting: number;
  /** Bottom of the lowest drawn row minus the viewport's bottom, px (≥ 0: the rows reach it). */
  reach: number;
  /** Rows in the document the grid could still draw below the last drawn one. */
  below: number;
}

/** Records, every animation frame from now on, what the main pane and the grid show (window.__frames). */
async function recordFrames(page: import('@playwright/test').Page): Promise<void> {
  await page.evaluate(() => {
    const frames: Frame[] = [];
    (window as unknown as { __frames: Frame[] }).__frames = frames;
    const tick = () => {
      const grid = document.querySelector('[role="grid"]');
      const scroll = document.querySelector('.grid-scroll');
      if (!grid || !scroll) {
        const pane = document.querySelector('.main-pane .loading')
          ? 'progress'
          : document.querySelector('.main-pane .empty')
            ? 'start'
            : 'none';
        frames.push({ pane, headers: '', rows: 0, waiting: 0, reach: 0, below: 0 });
      } else {
        const headers = [...grid.querySelectorAll('th[data-column]')]
          .map((h) => h.getAttribute('data-column'))
          .join('|');
        const rows = [...grid.querySelectorAll('tbody tr')];
        const bottom = scroll.getBoundingClientRect().bottom;
        const last = Math.max(-Infinity, ...rows.map((r) => r.getBoundingClientRect().bottom));
        const lastIndex = Math.max(0, ...rows.map((r) => Number(r.getAttribute('aria-rowindex'))));
        const count = Number(grid.getAttribute('aria-rowcount'));
        frames.push({
          pane: document.querySelector('.main .loading.veil') ? 'veiled' : 'grid',
          headers,
          rows: rows.length,
          waiting: rows.filter((r) => getComputedStyle(r).contentVisibility === 'hidden').length,
          reach: last - bottom,
          below: count - lastIndex,
        });
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const framesOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);

test('a 60,000-URL open: rows fill the viewport from the first frame, no column comes and goes', async ({
  wb,
  page,
}) => {
  const n = 60_000;
  await recordFrames(page);
  await wb.openFile({
    name: 'big-images.xml',
    mimeType: 'application/xml',
    buffer: sitemap(n, n - 3, [5, 7, 59_999]),
  });
  await wb.expectUrlCount(n, 60_000);
  // Let the frames after the first render happen (the viewport's real height, the side panel).
  await expect(page.getByRole('complementary', { name: 'Issues and settings' })).toBeVisible();
  await page.waitForTimeout(500);
  const all = await framesOf(page);
  // From the start page to the grid, the pane is never empty (the progress stays until the grid
  // is built, and nothing blank or half-built comes between).
  expect(all.filter((f) => f.pane === 'none')).toEqual([]);
  expect(all[0].pane).not.toBe('grid');
  // The editor's first frame is drawn under the progress view, then the grid shows.
  const veiled = all.findIndex((f) => f.pane === 'veiled');
  expect(veiled).toBeGreaterThan(0);
  expect(all[veiled - 1].pane).toBe('progress');
  const shown = all.findIndex((f) => f.pane === 'grid');
  expect(shown).toBeGreaterThan(veiled);
  expect(all.slice(veiled, shown).every((f) => f.pane === 'veiled')).toBe(true);
  const frames = all.filter((f) => f.pane === 'grid');
  expect(frames.length).toBeGreaterThan(3);
  // Once the grid shows, it stays.
  expect(all.slice(shown).every((f) => f.pane === 'grid')).toBe(true);
  // One column set in every frame: Images (one late entry uses it), no Videos, News or Alternates.
  const sets = [...new Set(frames.map((f) => f.headers))];
  expect(sets).toHaveLength(1);
  expect(sets[0].split('|')).toEqual(expect.arrayContaining(['loc', 'images']));
  expect(sets[0]).not.toMatch(/videos|news|alternates/);
  // Every frame that shows the grid shows rows down to the viewport's bottom edge.
  for (const f of frames) {
    expect(f.rows).toBeGreaterThan(0);
    expect(f.waiting).toBe(0);
    expect(f.reach).toBeGreaterThanOrEqual(0);
    expect(f.below).toBeGreaterThan(0);
  }
  // Once settled, the rows drawn are those of the real viewport (no rows kept for a bigger one).
  const height = await page.locator('.grid-scroll').evaluate((el) => el.clientHeight);
  const rows = await wb.grid.locator('tbody tr').count();
  expect(rows).toBeLessThanOrEqual(Math.ceil(height / 32) + 1 + 8);
  await expect(wb.grid.locator('tr[aria-rowindex="2"]')).toContainText('https://big.example.com/p/0');
});

test('the side panel, shown after the rows, counts the issues of the file just opened', async ({
  wb,
  page,
}) => {
  // Three priorities of 2.0 and the 50,000-URL limit: four errors.
  await wb.openFile({
    name: 'four-errors.xml',
    mimeType: 'application/xml',
    buffer: sitemap(60_000, -1, [5, 7, 59_999]),
  });
  await wb.expectUrlCount(60_000, 60_000);
  const side = page.getByRole('complementary', { name: 'Issues and settings' });
  await expect(side.getByRole('tab', { name: /^Issues/ })).toHaveAttribute('aria-selected', 'true');
  await expect(side.getByRole('tab', { name: /^Issues/ }).locator('.count')).toHaveText('4');
  await expect(wb.status).toContainText('4 errors');
});
