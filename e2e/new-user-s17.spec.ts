/** Session 17's new-user review: calm notices, a duplicate fix that says what it keeps, fields named as the UI names them. */
import path from 'node:path';
import { expect, test } from './pages/workbench.ts';

const MESSY = path.resolve(import.meta.dirname, 'fixtures/review/messy.xml');
const HAND = path.resolve(import.meta.dirname, 'fixtures/keep/handformatted.xml');

test('three Fix alls leave two calm notices: the newest report replaces the older ones', async ({
  wb,
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await wb.openFile(MESSY);
  await wb.expectUrlCount(6);
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  for (const [rule, apply] of [
    ['CF-001', 'Apply to 2 rows'],
    ['PRIO-001', 'Apply to 1 row'],
    ['LOC-005', 'Apply to 1 row'],
  ]) {
    await panel.getByRole('button', { name: new RegExp(`^Fix all ${rule}`) }).click();
    await panel
      .getByRole('group', { name: `Fix all ${rule}` })
      .getByRole('button', { name: apply })
      .click();
  }
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices.locator('.toast').last()).toContainText('Fixed 1 URL (LOC-005).');
  await expect(notices.locator('.toast')).toHaveCount(2);
  await expect(notices).not.toContainText('CF-001');
  // The earlier fixes are where every step is: the undo history.
  await expect(wb.button(/^Undo: Trim whitespace/)).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('notices-1920.png') });
  await wb.button(/^Undo: Trim whitespace/).click();
  await expect(wb.button(/^Undo: Fix the priority/)).toBeEnabled();
});

test('Fix all of duplicates names the row kept and the value it takes, and the undo step agrees', async ({
  wb,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await wb.openFile(MESSY);
  await wb.expectUrlCount(6);
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  await panel.getByRole('button', { name: /^Fix all LOC-006/ }).click();
  const plan = panel.getByRole('group', { name: 'Fix all LOC-006' });
  await expect(plan).toContainText(
    'Will change 1 row and remove 1 row: it repeats the URL of an earlier row, which is kept.',
  );
  await expect(plan.getByRole('list', { name: 'Examples' }).getByRole('listitem')).toHaveText([
    'Row 4 removed: row 1 (https://www.example.com/a) is kept and takes its lastmod “2026-11-05”',
  ]);
  // The examples wrap inside the panel: it does not scroll sideways.
  await plan.scrollIntoViewIfNeeded();
  const panelBox = await panel.boundingBox();
  const planBox = await plan.boundingBox();
  if (!panelBox || !planBox) throw new Error('no layout');
  expect(planBox.x).toBeGreaterThanOrEqual(panelBox.x);
  expect(planBox.x + planBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
  await page.screenshot({ path: test.info().outputPath('fixall-duplicates-1280.png') });
  await plan.getByRole('button', { name: 'Apply to 2 rows' }).click();
  await wb.expectUrlCount(5);
  await expect(await wb.cell(0, 'Last modified')).toHaveText('2026-11-05');
  await expect(
    wb.button('Undo: Remove the duplicate, keeping the first row (1 row removed, 1 changed)'),
  ).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Removed 1 row and changed 1 (LOC-006).',
  );
});

test('the Details panel names an image caption as the UI does', async ({ wb }) => {
  await wb.openFile(HAND);
  await wb.expectUrlCount(3);
  const details = await wb.openDetails(2, 'Images');
  await expect(details).toContainText('CDATA section in Image 1 caption unwrapped');
  await expect(details).not.toContainText('images.0.caption');
});

test('Bulk edit: both "Apply to" cards are as wide, and the lastmod hint is not cut', async ({
  wb,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await wb.openFile(HAND);
  await wb.expectUrlCount(3);
  await wb.clickCell(0, 'Last modified');
  await wb.clickCell(2, 'Last modified', ['Shift']);
  await wb.button('Bulk edit…').click();
  const dlg = wb.dialog('Bulk edit');
  const cards = dlg.getByRole('group', { name: 'Apply to' }).locator('label');
  const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(Math.abs((a?.width ?? 0) - (b?.width ?? 1))).toBeLessThan(1);
  expect(a?.y).toBe(b?.y);
  const value = dlg.getByLabel('Value', { exact: true });
  const fits = await value.evaluate((el: HTMLInputElement) => {
    const s = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = el.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
    return ctx.measureText(el.placeholder).width <= room;
  });
  expect(fits).toBe(true);
  await page.screenshot({ path: test.info().outputPath('bulk-edit-1280.png') });
  await dlg.getByRole('button', { name: 'Cancel' }).click();
  await wb.button('Find & replace…').click();
  const fr = wb.dialog('Find and replace');
  const frCards = fr.getByRole('group', { name: 'Apply to' }).locator('label');
  const [c, d] = [await frCards.nth(0).boundingBox(), await frCards.nth(1).boundingBox()];
  expect(Math.abs((c?.width ?? 0) - (d?.width ?? 1))).toBeLessThan(1);
});

test('a workspace at 1280 px shows the Change frequency header whole', async ({ wb, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const dir = path.resolve(import.meta.dirname, 'fixtures/workspace');
  await wb.openFiles([`${dir}/sitemap.xml`, `${dir}/sitemap-0.xml`, `${dir}/blog-sitemap.xml`]);
  await expect(wb.workspace).toBeVisible();
  await wb.showWorkspaceFile('sitemap-0.xml');
  const header = page.getByRole('columnheader', { name: 'Change frequency' });
  await expect(header).toBeVisible();
  const scroller = await page.locator('.grid-scroll').boundingBox();
  const box = await header.boundingBox();
  if (!scroller || !box) throw new Error('no layout');
  expect(box.x + box.width).toBeLessThanOrEqual(scroller.x + scroller.width);
  await page.screenshot({ path: test.info().outputPath('workspace-1280.png') });
});

test('the workspace export says in plain words where a Shopify child loc now points, and why', async ({
  wb,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const dir = path.resolve(import.meta.dirname, 'fixtures/review/shop');
  await wb.openFiles([`${dir}/sitemap.xml`, `${dir}/sitemap_products_1.xml`, `${dir}/sitemap_pages_1.xml`]);
  await expect(wb.workspace).toBeVisible();
  await wb.workspace.getByRole('button', { name: /^Export workspace/ }).click();
  const dlg = wb.dialog('Export workspace');
  const files = dlg.getByRole('table', { name: 'Files in the export' });
  await expect(files).toContainText(
    'child loc https://shop.example.com/sitemap_products_1.xml?from=7001&to=9002 now https://shop.example.com/sitemap_products_1.xml: a published file has no query string, so the index names the file itself',
  );
  // The two URLs wrap: the table stays within the dialog.
  const table = await files.boundingBox();
  const body = await dlg.locator('.dlg-body').boundingBox();
  if (!table || !body) throw new Error('no layout');
  expect(table.x + table.width).toBeLessThanOrEqual(body.x + body.width);
  await page.screenshot({ path: test.info().outputPath('workspace-export-shop-1280.png') });
});
