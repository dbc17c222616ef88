/** Session 19's new-user review: real sitemaps through the everyday loop. */
import path from 'node:path';
import { expect, test } from './pages/workbench.ts';

const real = (name: string) => path.resolve(import.meta.dirname, '../../shared/fixtures/real', name);

test('a one-click fix of a long URL stays inside its cell tip at 1280×800', async ({ wb, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await wb.openFile(real('nytimes-news-sitemap-no-decl-whitespace.xml'));
  await wb.expectUrlCount(6);
  await wb.clickCell(0, 'URL');
  const tip = page.getByRole('tooltip');
  const fix = tip.getByRole('button', { name: /^Fix: “https:\/\/www\.nytimes\.com\// });
  await expect(fix).toBeVisible();
  const t = await tip.boundingBox();
  const f = await fix.boundingBox();
  if (!t || !f) throw new Error('no layout');
  // The button wraps inside the tip: it neither runs over the Issues panel nor off the window.
  expect(f.x + f.width).toBeLessThanOrEqual(t.x + t.width);
  // So does the message quoting the URL.
  const said = await tip.getByText(/^URL has spaces/).evaluate((p) => {
    const r = document.createRange();
    r.selectNodeContents(p);
    return Math.max(...[...r.getClientRects()].map((b) => b.right));
  });
  expect(said).toBeLessThanOrEqual(t.x + t.width);
  await page.screenshot({ path: test.info().outputPath('cell-tip-long-fix-1280.png') });
  await fix.click();
  await expect(await wb.cell(0, 'URL')).toHaveText(
    'https://www.nytimes.com/interactive/2020/05/11/magazine/quarantine-insanity.html',
  );
});
