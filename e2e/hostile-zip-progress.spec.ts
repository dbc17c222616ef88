// A dropped .zip inflates in the worker (issue 20): the page shows "Extracting <name>" with its
// progress and a Cancel that stops it; the archive is then left out with the reason.
import { zipBomb } from '../bench/hostileInputs.ts';
import { expect, test } from './pages/workbench.ts';

test('a big zip shows its extraction progress and Cancel stops it', async ({ wb, page }) => {
  // 8 GiB declared as 200 bytes: the worker stops at the 200 MB cap long after Cancel is shown.
  await wb.openFiles([{ name: 'bomb.zip', mimeType: 'application/zip', buffer: Buffer.from(zipBomb(8192)) }]);
  const bar = page.getByRole('progressbar', { name: 'Extracting bomb.zip' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/screenshots/hostile-zip-progress.png' });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Left out of the archive: bomb.zip (extraction cancelled)')).toBeVisible();
  await expect(bar).toBeHidden();
  // The app keeps working: a file opens afterwards.
  await wb.openFile({
    name: 'after.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
    ),
  });
  await wb.expectUrlCount(1);
});
