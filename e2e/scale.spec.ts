import { expect, test } from './pages/workbench.ts';

/** A valid urlset of `n` URLs, built here so the test does not depend on a stored fixture. */
function bigSitemap(n: number): Buffer {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (let i = 0; i < n; i++) {
    parts.push(
      `<url><loc>https://big.example.com/section-${i % 50}/page-${i}</loc><lastmod>2025-0${1 + (i % 9)}-1${i % 10}</lastmod></url>\n`,
    );
  }
  parts.push('</urlset>\n');
  return Buffer.from(parts.join(''));
}

test('50,000 rows stay virtualized: only a screenful of rows is in the DOM', async ({ wb, page }) => {
  await wb.openFile({ name: 'big-sitemap.xml', mimeType: 'application/xml', buffer: bigSitemap(50_000) });
  await wb.expectUrlCount(50_000);
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '50001');
  const rows = await wb.grid.getByRole('row').count();
  expect(rows).toBeGreaterThan(5);
  expect(rows).toBeLessThan(100);

  await wb.clickCell(0, 'URL');
  await page.keyboard.press('Control+End');
  const last = wb.grid.locator('tr[aria-rowindex="50001"]');
  await expect(last).toBeVisible();
  await expect(last).toContainText('page-49999');
  expect(await wb.grid.getByRole('row').count()).toBeLessThan(100);

  await page.keyboard.press('Control+Home');
  await expect(wb.grid.locator('tr[aria-rowindex="2"]')).toContainText('page-0');
});
