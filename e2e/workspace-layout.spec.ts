import type { Locator, Page } from '@playwright/test';
import { expect, test } from './pages/workbench.ts';

// New-user review (session 18): in a workspace at 1280×800 the Priority and Issues columns ran
// past the table's pane (file panel, table and side panel share the width), cut off at the side
// panel's edge. The default columns fit at 1280×800 and 1920×1080 (the URL column gives up
// room first), and a column past the pane's edge (more columns shown) scrolls into view.

const DIR = 'e2e/fixtures/workspace';
const NEXT = [`${DIR}/sitemap.xml`, `${DIR}/sitemap-0.xml`, `${DIR}/blog-sitemap.xml`];

/** The header's box lies inside the table's scroller as it is scrolled now. */
async function expectInPane(page: Page, header: Locator) {
  const pane = await page.locator('.grid-scroll').boundingBox();
  const box = await header.boundingBox();
  expect(pane && box).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(pane!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(pane!.x + pane!.width + 0.5);
}

test('every default column of a workspace file is on screen at 1280×800 and 1920×1080', async ({
  wb,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await wb.openFiles(NEXT);
  await expect(wb.workspace).toBeVisible();
  await wb.showWorkspaceFile('blog-sitemap.xml');
  await wb.expectUrlCount(3);
  const head = (name: string) => wb.grid.getByRole('columnheader', { name, exact: true });
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    for (const name of ['URL', 'Last modified', 'Change frequency', 'Priority', 'Issues'])
      await expectInPane(page, head(name));
    if (width === 1280) await page.screenshot({ path: test.info().outputPath('workspace-1280.png') });
  }

  // More columns than fit: the last one scrolls into view, the row's cells with it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: /^Columns/ }).click();
  for (const name of ['Images', 'Videos', 'News', 'Alternates'])
    await page.getByRole('group', { name: 'Visible columns' }).getByLabel(name).check();
  await page.keyboard.press('Escape');
  await head('Issues').scrollIntoViewIfNeeded();
  await expectInPane(page, head('Issues'));
  await expect(await wb.cell(0, 'Issues')).toContainText('LOC-006');
});
