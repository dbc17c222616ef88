// A sitemap index cannot be a text file (OUT-009): the Export dialog greys Text out and says why.

import { parseSitemap } from '../src/core/parse.ts';
import { downloadBytes, expect, test } from './pages/workbench.ts';

const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://shop.example.com/sitemap_products_1.xml</loc></sitemap>
  <sitemap><loc>https://shop.example.com/sitemap_pages_1.xml</loc></sitemap>
</sitemapindex>
`;

test('an index: Text is disabled with the reason, XML still exports the index', async ({ wb, page }) => {
  await wb.openFile({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(INDEX) });
  await expect(wb.status).toContainText('2 sitemaps');
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  const text = dlg.getByRole('radio', { name: /^Text/ });
  await expect(text).toBeDisabled();
  // The card says why in place of its hint (it is the radio's label).
  await expect(text).toHaveAccessibleName(
    'Text Not for a sitemap index: a text file lists pages only (OUT-009)',
  );
  await expect(dlg.getByRole('radio', { name: /^XML/ })).toBeChecked();
  await expect(dlg.getByRole('radio', { name: /^Gzipped XML/ })).toBeEnabled();
  await expect(dlg.getByRole('table', { name: 'Files to download' })).toContainText('sitemap.xml');
  await page.screenshot({ path: test.info().outputPath('export-index-text-disabled.png') });
  const downloadPromise = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const parsed = parseSitemap(await downloadBytes(await downloadPromise));
  expect(parsed.kind).toBe('sitemapindex');
  expect(parsed.document.entries).toHaveLength(2);
});
