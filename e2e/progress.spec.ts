import { writeFileSync } from 'node:fs';
import { bigSitemap, expect, test } from './pages/workbench.ts';

// Issue #6: long work shows a progress bar with what is happening and Cancel; cancelling leaves
// the document that was open (and its edits) untouched. With a document open the bar sits in the
// status bar, so the document stays in view while the next file is read.

/** Big enough that opening it still runs when Cancel is clicked, even on a fast, idle machine. */
const BIG = 600_000;

for (const theme of ['Light', 'Dark'] as const) {
  test(`opening a second big file can be cancelled from the status bar; the open document stays (${theme})`, async ({
    wb,
    page,
  }, testInfo) => {
    const big = testInfo.outputPath('second-big-sitemap.xml');
    writeFileSync(big, bigSitemap(BIG));
    await wb.setTheme(theme);
    await wb.trySample();
    await wb.expectUrlCount(201);

    await wb.openFile(big);
    const footer = page.getByRole('contentinfo');
    const bar = footer.getByRole('progressbar', {
      name: /^(Opening second-big-sitemap\.xml|Checking 600,000 URLs)$/,
    });
    await expect(bar).toBeVisible();
    await expect(footer).toContainText(/(Opening second-big-sitemap\.xml|Checking 600,000 URLs)…/);
    // The open document stays in view (and in the counts) while the next one is read.
    await expect(wb.grid).toBeVisible();
    await wb.expectUrlCount(201);

    await footer.getByRole('button', { name: 'Cancel' }).click();
    await expect(bar).toBeHidden();
    await expect(page.getByText('Opening second-big-sitemap.xml was cancelled.')).toBeVisible();
    await wb.expectUrlCount(201);
    await expect(page.getByRole('banner')).not.toContainText('second-big-sitemap.xml');
    await expect(footer).toContainText('nothing is uploaded');
  });
}

test('a file opened over an edited document asks first; Add to workspace keeps the edit beside it', async ({
  wb,
  page,
}, testInfo) => {
  const other = testInfo.outputPath('other-sitemap.xml');
  writeFileSync(other, bigSitemap(3));
  await wb.trySample();
  const priority = await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0.9');
  await page.keyboard.press('Enter');
  await expect(priority).toHaveText('0.9');
  await wb.openFile(other);
  const ask = page.getByRole('dialog', { name: 'Open other-sitemap.xml?' });
  await expect(ask).toContainText('sample-sitemap.xml (1 edit)');
  await ask.getByRole('button', { name: 'Add to workspace' }).click();
  await expect(wb.workspace).toContainText('sample-sitemap.xml');
  await expect(wb.workspace).toContainText('other-sitemap.xml');
  await wb.showWorkspaceFile('sample-sitemap.xml');
  await wb.expectUrlCount(201);
  expect(await wb.cellText(0, 'Priority')).toBe('0.9');
});

test('with nothing open, opening a big file shows its progress in the view, and Cancel returns to the start', async ({
  wb,
  page,
}, testInfo) => {
  const big = testInfo.outputPath('first-big-sitemap.xml');
  writeFileSync(big, bigSitemap(BIG));
  await wb.openFile(big);
  const bar = page.getByRole('main').getByRole('progressbar', { name: /^(Opening|Checking)/ });
  await expect(bar).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toBeHidden();
  await expect(wb.status).toContainText('No sitemap open');
});
