import { writeFileSync } from 'node:fs';
import { expect, test } from './pages/workbench.ts';
import { SHOTS_DIR } from './shots.ts';

// Screenshots of every state of the UI, for the README and for design review.
const DIR = SHOTS_DIR;
test.use({ viewport: { width: 1440, height: 900 } });

function sitemap(n: number): Buffer {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (let i = 0; i < n; i++) {
    parts.push(
      `<url><loc>https://big.example.com/catalog/section-${i % 40}/item-${i}</loc><lastmod>2025-0${1 + (i % 9)}-1${i % 10}</lastmod><changefreq>weekly</changefreq><priority>0.${1 + (i % 9)}</priority></url>\n`,
    );
  }
  parts.push('</urlset>\n');
  return Buffer.from(parts.join(''));
}

test('empty state and drop target', async ({ wb, page }) => {
  await expect(wb.status).toContainText('No sitemap open');
  await page.screenshot({ path: `${DIR}/empty.png` });
  const dt = await page.evaluateHandle(() => {
    const d = new DataTransfer();
    d.items.add(new File(['x'], 'sitemap.xml'));
    return d;
  });
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: dt });
  await expect(page.getByText('Drop to open the sitemap')).toBeVisible();
  await page.screenshot({ path: `${DIR}/drop.png` });
  await page.dispatchEvent('body', 'drop', {
    dataTransfer: await page.evaluateHandle(() => new DataTransfer()),
  });
});

test('editor with the sample, a cell problem, and the issues panel filtered to a rule', async ({
  wb,
  page,
}) => {
  await wb.trySample();
  await page.getByLabel('Search').fill('contact');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
  await page.getByLabel('Search').fill('');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '202');
  // The README picture: the sample as opened, no row selected, no hover or focus ring.
  await page.getByLabel('Search').blur();
  await page.mouse.move(600, 880);
  await page.screenshot({ path: `${DIR}/editor.png` });
  await wb.clickCell(3, 'URL');
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.screenshot({ path: `${DIR}/cell-problem.png` });
  await page.getByRole('button', { name: 'Show 1 row' }).first().click();
  await page.screenshot({ path: `${DIR}/issues-panel.png` });
});

test('dialogs: export, find and replace, bulk edit', async ({ wb, page }) => {
  await wb.trySample();
  await wb.button(/^Export/).click();
  await expect(wb.dialog('Export sitemap').getByRole('table', { name: 'Files to download' })).toBeVisible();
  await page.screenshot({ path: `${DIR}/export-dialog.png` });
  await wb.dialog('Export sitemap').getByRole('button', { name: 'Cancel' }).click();
  await wb.button('Find & replace…').click();
  await wb.dialog('Find and replace').getByLabel('Find').fill('http://');
  await wb.dialog('Find and replace').getByLabel('Replace with').fill('https://');
  await expect(wb.dialog('Find and replace').getByRole('status')).toContainText('will change');
  await page.screenshot({ path: `${DIR}/find-replace.png` });
});

test('parse error', async ({ wb, page }) => {
  await wb.openFile('e2e/fixtures/broken-after-three.xml');
  await expect(page.getByRole('alert')).toBeVisible();
  await page.screenshot({ path: `${DIR}/parse-error.png` });
});

test('50,000 rows', async ({ wb, page }) => {
  await wb.openFile({ name: 'catalog-sitemap.xml', mimeType: 'application/xml', buffer: sitemap(50_000) });
  await wb.expectUrlCount(50_000);
  await wb.clickCell(0, 'URL');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await page.screenshot({ path: `${DIR}/rows-50000.png` });
});

test('loading a large file', async ({ wb, page }, testInfo) => {
  // Files over 50 MB cannot go through setInputFiles as a buffer: write one to disk.
  const big = testInfo.outputPath('catalog-sitemap-large.xml');
  writeFileSync(big, sitemap(400_000));
  await wb.openFile(big);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.screenshot({ path: `${DIR}/loading.png` });
  await wb.expectUrlCount(400_000, 50_000);
});
