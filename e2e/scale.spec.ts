import { expect, test, type Workbench } from './pages/workbench.ts';

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

/**
 * How long the 120,000-URL file (12 MB) may take to open: about a second of work on a quiet
 * machine, but 5–17 s measured with the machine loaded (load average 23–31 on 2 cores; a CI run
 * with two workers side by side is the same kind of wait). The status bar's count is the signal
 * that it is open; Expect's default 5 s was the whole flake (no hang: every open finished).
 */
const BIG_OPEN_MS = 60_000;

/** Open the 120,000-row sitemap (a slow test: handing the page 12 MB took 6–25 s under load). */
async function openBig(wb: Workbench): Promise<number> {
  test.slow();
  const n = 120_000;
  await wb.openFile({ name: 'bigger-sitemap.xml', mimeType: 'application/xml', buffer: bigSitemap(n) });
  await wb.expectUrlCount(n, BIG_OPEN_MS);
  return n;
}

test('120,000 rows sort by URL and by date, both ways, from the orders the worker prepares', async ({
  wb,
  page,
}) => {
  const n = await openBig(wb);
  // The expected orders, by the platform's own string comparison (code-unit order).
  const locs = Array.from({ length: n }, (_, i) => `https://big.example.com/section-${i % 50}/page-${i}`);
  const sorted = [...locs].sort();
  const url = wb.grid.getByRole('columnheader', { name: 'URL', exact: true });
  await url.getByRole('button').click();
  await expect(url).toHaveAttribute('aria-sort', 'ascending');
  expect(await wb.cellText(0, 'URL')).toBe(sorted[0]);
  expect(await wb.cellText(1, 'URL')).toBe(sorted[1]);
  await url.getByRole('button').click();
  await expect(url).toHaveAttribute('aria-sort', 'descending');
  expect(await wb.cellText(0, 'URL')).toBe(sorted[n - 1]);
  expect(await wb.cellText(2, 'URL')).toBe(sorted[n - 3]);

  const date = wb.grid.getByRole('columnheader', { name: 'Last modified', exact: true });
  await date.getByRole('button').click();
  await expect(date).toHaveAttribute('aria-sort', 'ascending');
  // Ties keep document order: the first 2025-01-10 row is row 0 of the file.
  expect(await wb.cellText(0, 'Last modified')).toBe('2025-01-10');
  expect(await wb.cellText(0, 'URL')).toBe(locs[0]);
  await wb.clickCell(0, 'URL');
  await page.keyboard.press('Control+End');
  await expect(wb.grid.locator(`tr[aria-rowindex="${n + 1}"]`)).toContainText('2025-09-19');
});

test('120,000 rows: cell edits, undo, redo and a reload keep every change (the copy made after the paint)', async ({
  wb,
  page,
}) => {
  // Over state/kernel.ts PREPARE_COPY_MIN_ROWS: each edit writes into the entries copy made after
  // the previous change's frame (core/patch.ts prepareCopy), which the autosave must still save.
  const n = await openBig(wb);
  const setPriority = async (row: number, value: string) => {
    await wb.clickCell(row, 'Priority');
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
    await expect(await wb.cell(row, 'Priority')).toHaveText(value);
  };
  await setPriority(0, '0.3');
  await setPriority(1, '0.4');
  await setPriority(2, '0.5');
  // Undo and redo take the same path as an edit (an update-only patch).
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');
  await expect(await wb.cell(1, 'Priority')).toHaveText('');
  await expect(await wb.cell(2, 'Priority')).toHaveText('');
  await page.keyboard.press('Control+Shift+Z');
  await expect(await wb.cell(1, 'Priority')).toHaveText('0.4');
  await expect(await wb.cell(2, 'Priority')).toHaveText('');
  expect(await wb.cellText(0, 'Priority')).toBe('0.3');

  // Autosave runs within a second of the last change; a reload restores what it saved.
  await page.waitForTimeout(1_500);
  page.on('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByRole('region', { name: 'Saved work' })).toContainText(
    /Restored bigger-sitemap\.xml/,
    {
      timeout: BIG_OPEN_MS,
    },
  );
  await wb.expectUrlCount(n, BIG_OPEN_MS);
  expect(await wb.cellText(0, 'Priority')).toBe('0.3');
  expect(await wb.cellText(1, 'Priority')).toBe('0.4');
  expect(await wb.cellText(2, 'Priority')).toBe('');
  expect(await wb.cellText(3, 'Priority')).toBe('');
});
