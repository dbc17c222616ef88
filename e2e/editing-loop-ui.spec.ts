/** Issue 15, session 14: the editing loop as a new user met it (image columns, scope, sorted edits, Fix all samples). */
import path from 'node:path';
import { expect, test, type Workbench } from './pages/workbench.ts';

const real = (name: string) => path.resolve(import.meta.dirname, '../../shared/fixtures/real', name);
const HEXO = real('hexo-fechin-sitemap-blank-lines.xml');

async function openHexo(wb: Workbench) {
  await wb.openFile(HEXO);
  await wb.expectUrlCount(45);
}

const notices = (wb: Workbench) => wb.page.getByRole('region', { name: 'Notifications' });

for (const width of [1400, 1920]) {
  test(`the image URL column stays wide enough to read and edit beside 4 deprecated columns (${width} px)`, async ({
    wb,
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await wb.openFile(real('crawlercommons-image.xml'));
    await wb.expectUrlCount(1);
    const details = await wb.openDetails(0, 'Images');
    const header = details.getByRole('columnheader', { name: 'Image URL' });
    expect((await header.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(240);
    const url = details.getByRole('textbox', { name: 'Image 2 URL' });
    expect((await url.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(220);
    // The header does not run into CAPTION's.
    const caption = details.getByRole('columnheader', { name: /^Caption/ });
    const h = (await header.boundingBox())!;
    expect((await caption.boundingBox())!.x).toBeGreaterThanOrEqual(h.x + h.width - 1);
    if (width === 1400) await details.screenshot({ path: test.info().outputPath('images-1400.png') });
  });
}

test('Find & replace and Bulk edit pick the same rows: the selection, shown plainly; Replace all reports with Undo', async ({
  wb,
  page,
}) => {
  await openHexo(wb);
  await page.getByRole('toolbar', { name: 'Table tools' }).getByRole('searchbox').fill('tags');
  await expect(wb.status).toContainText('23');
  await wb.clickCell(0, 'Priority');
  await page.keyboard.press('Control+a');

  await wb.button('Bulk edit…').click();
  const bulk = wb.dialog('Bulk edit');
  await expect(bulk.getByRole('radio', { name: /^Selected rows/ })).toBeChecked();
  await page.keyboard.press('Escape');

  await wb.button('Find & replace…').click();
  const find = wb.dialog('Find and replace');
  await expect(find.getByRole('radio', { name: /^Selected rows\s*23 URLs/ })).toBeChecked();
  await find.getByRole('textbox', { name: 'Find' }).fill('http://fech.in/');
  await find.getByRole('textbox', { name: 'Replace with' }).fill('https://fech.in/');
  await expect(find.getByRole('status')).toHaveText('23 cells will change');
  await find.getByRole('button', { name: 'Replace all' }).click();
  await expect(notices(wb)).toContainText('23 URLs');
  await notices(wb).getByRole('button', { name: 'Undo' }).click();
  await expect(wb.button(/^Undo/)).toBeDisabled();
  await expect(await wb.cell(0, 'URL')).toHaveText(/^http:\/\/fech\.in\//);
});

test('Delete rows posts a notice with its count and an Undo', async ({ wb, page }) => {
  await openHexo(wb);
  await wb.clickCell(0, 'URL');
  await wb.clickCell(2, 'URL', ['Shift']);
  await page
    .getByRole('toolbar', { name: 'Table tools' })
    .getByRole('button', { name: 'Delete rows' })
    .click();
  await wb.expectUrlCount(42);
  await expect(notices(wb)).toContainText('Deleted 3 URLs');
  await notices(wb).getByRole('button', { name: 'Undo' }).click();
  await wb.expectUrlCount(45);
});

test('in a sorted view an edited row stays where it is until the user re-sorts', async ({ wb, page }) => {
  await openHexo(wb);
  await wb.grid.getByRole('columnheader', { name: 'URL', exact: true }).getByRole('button').click();
  const first = await wb.cellText(0, 'URL');
  const second = await wb.cellText(1, 'URL');
  await wb.clickCell(0, 'URL');
  await page.keyboard.press('F2');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await page.keyboard.type('https://zzz.fech.in/');
  await page.keyboard.press('Enter');
  await expect(await wb.cell(0, 'URL')).toHaveText('https://zzz.fech.in/');
  await expect(await wb.cell(1, 'URL')).toHaveText(second);
  const resort = page.getByRole('button', { name: 'Re-sort' });
  await expect(resort).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sort-stale.png') });
  await resort.click();
  await expect(resort).toHaveCount(0);
  await expect(await wb.cell(0, 'URL')).toHaveText(second);
  expect(first).not.toBe(second);
});

for (const width of [1280, 1400]) {
  test(`with a sort and an active cell nothing scrolls the page sideways (${width} px)`, async ({
    wb,
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openHexo(wb);
    await wb.grid.getByRole('columnheader', { name: 'URL', exact: true }).getByRole('button').click();
    await wb.clickCell(0, 'Priority');
    await page.keyboard.type('0.3');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Re-sort' })).toBeVisible();
    const fr = await wb.button('Find & replace…').boundingBox();
    expect((fr?.x ?? 0) + (fr?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // One calm line of tools at 1400 px; narrower, what does not fit wraps (never sideways).
    const bar = await page.getByRole('toolbar', { name: 'Table tools' }).boundingBox();
    if (width === 1400) expect(bar?.height ?? 0).toBeLessThan(60);
    if (width === 1280) await page.screenshot({ path: test.info().outputPath('toolbar-1280.png') });
  });
}

test('Fix all shows a few before → after samples of what it will write', async ({ wb, page }) => {
  await openHexo(wb);
  for (const [row, v] of [
    [0, '1.5'],
    [1, '-2'],
    [2, '5'],
  ] as const) {
    await wb.clickCell(row, 'Priority');
    await page.keyboard.type(v);
    await page.keyboard.press('Enter');
  }
  const panel = page.getByRole('tabpanel').first();
  await panel.getByRole('button', { name: /^Fix all PRIO-001/ }).click();
  const plan = panel.getByRole('group', { name: 'Fix all PRIO-001' });
  await expect(plan).toContainText('Will change 3 rows');
  const samples = plan.getByRole('list', { name: 'Examples' });
  await expect(samples.getByRole('listitem')).toHaveText(['“1.5” → “1.0”', '“-2” → “0.0”', '“5” → “1.0”']);
  await page.screenshot({ path: test.info().outputPath('fixall-samples.png') });
  await plan.getByRole('button', { name: /^Apply/ }).click();
  await expect(notices(wb)).toContainText('Fixed 3 URLs');
  await notices(wb).getByRole('button', { name: 'Undo' }).click();
  await expect(await wb.cell(0, 'Priority')).toHaveText('1.5');
});

test('clearing one cell is labelled in the singular', async ({ wb, page }) => {
  await openHexo(wb);
  await wb.clickCell(0, 'Last modified');
  await page.keyboard.press('Delete');
  await expect(await wb.cell(0, 'Last modified')).toHaveText('');
  await expect(wb.button(/^Undo/)).toHaveAccessibleName(/Clear 1 cell\b/);
});
