import { parseSitemap } from '../src/core/parse.ts';
import { downloadBytes, expect, test } from './pages/workbench.ts';

test.beforeEach(async ({ wb }) => {
  await wb.trySample();
});

test('a row is inserted below the selected one', async ({ wb }) => {
  await wb.clickCell(1, 'URL');
  await wb.button('Add row').click();
  await wb.expectUrlCount(202);
  await expect(await wb.cell(2, 'URL')).toBeFocused();
  await expect(await wb.cell(2, 'URL')).toHaveText('');
  await expect(await wb.cell(3, 'URL')).toHaveText('https://www.example-coffee.com/fr/');
});

test('focus stays on the active cell when the table changes size under it', async ({ wb, page }) => {
  // Rows are drawn by slot (row % slots); a new height changes the slots, and with them which
  // element draws the active row.
  await wb.button('Add row').click();
  await wb.expectUrlCount(202);
  await expect(await wb.cell(201, 'URL')).toBeFocused();
  for (const height of [560, 760, 480]) {
    await page.setViewportSize({ width: 1280, height });
    await expect(await wb.cell(201, 'URL')).toBeFocused();
  }
});

test('the active row stays on screen when the window gets much shorter', async ({ wb, page }) => {
  // The browser keeps scrollTop when the viewport shrinks: without an anchor the last row would
  // end up far below the smaller viewport, undrawn, and its cell's focus lost.
  await page.setViewportSize({ width: 1280, height: 1100 });
  await wb.button('Add row').click();
  await wb.expectUrlCount(202);
  await expect(await wb.cell(201, 'URL')).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 420 });
  const cell = await wb.cell(201, 'URL');
  await expect(cell).toBeFocused();
  await expect(cell).toBeInViewport();
});

test('rows are added, duplicated and deleted, each as one undo step', async ({ wb, page }) => {
  await wb.button('Add row').click();
  await wb.expectUrlCount(202);
  await expect(await wb.cell(201, 'URL')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Edit URL' }).fill('https://www.example-coffee.com/new');
  await page.keyboard.press('Enter');
  await expect(await wb.cell(201, 'URL')).toHaveText('https://www.example-coffee.com/new');

  await wb.clickCell(0, 'URL');
  await wb.clickCell(2, 'URL', ['Shift']);
  await wb.button('Duplicate').click();
  await wb.expectUrlCount(205);
  await wb.clickCell(0, 'URL');
  await wb.clickCell(1, 'URL', ['Shift']);
  await wb.button('Delete rows').click();
  await wb.expectUrlCount(203);
  const undo = page.getByRole('banner').getByRole('button', { name: /^Undo: / });
  await expect(undo).toContainText(/delete/i);
  await undo.click();
  await wb.expectUrlCount(205);
});

test('sorting by a column header is a view: export keeps document order', async ({ wb, page }) => {
  const header = wb.grid.getByRole('columnheader', { name: 'URL', exact: true });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const top = await wb.cellText(0, 'URL');
  expect(top > (await wb.cellText(1, 'URL'))).toBe(true);
  const parsed = parseSitemap(await downloadBytes(await wb.exportAs('XML')));
  expect(parsed.document.entries[0].loc).toBe('https://www.example-coffee.com/');
  await expect(page.getByRole('button', { name: 'Apply sort to document' })).toBeVisible();
});

test('filter to the active cell value, then remove the filter chip', async ({ wb, page }) => {
  await wb.clickCell(0, 'Change frequency');
  await page.getByRole('button', { name: 'Filter to value' }).click();
  await expect(wb.status).toContainText('Showing');
  const chip = page.getByRole('button', { name: 'Remove filter: Change frequency = daily' });
  await expect(chip).toBeVisible();
  expect(await wb.cellText(1, 'Change frequency')).toBe('daily');
  await chip.click();
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '202');
});

test('the real clipboard: Ctrl+C copies TSV, Ctrl+V pastes it', async ({ wb, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await wb.clickCell(0, 'Last modified');
  await wb.clickCell(1, 'Change frequency', ['Shift']);
  await page.keyboard.press('Control+c');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    '2025-02-08\tdaily\n2025-03-15\tdaily',
  );
  await wb.clickCell(10, 'Last modified');
  await page.keyboard.press('Control+v');
  await expect(await wb.cell(10, 'Last modified')).toHaveText('2025-02-08');
  await expect(await wb.cell(11, 'Change frequency')).toHaveText('daily');
});

test('a press that scrolls the grid under a still pointer selects one cell, not a range', async ({
  wb,
  page,
}) => {
  // Clicking a half-hidden row scrolls it whole into view while the button is still down; the
  // browser then reports the pointer over another row. Only a moving pointer drags a range.
  const box = (await (await wb.cell(3, 'Change frequency')).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const sawOver = await wb.grid.evaluate(
    (g) =>
      new Promise<boolean>((resolve) => {
        g.addEventListener('mouseover', () => resolve(true), { once: true });
        g.parentElement!.scrollTop += 96;
        setTimeout(() => resolve(false), 3000);
      }),
  );
  expect(sawOver).toBe(true);
  await page.mouse.up();
  await expect(wb.grid.locator('[aria-selected="true"]')).toHaveCount(1);
  await expect(await wb.cell(3, 'Change frequency')).toHaveAttribute('aria-selected', 'true');
});

test('keyboard users sort from the column header: ArrowUp from row 1, Enter, ArrowDown back', async ({
  wb,
  page,
}) => {
  const first = await wb.clickCell(0, 'Priority');
  await page.keyboard.press('ArrowUp');
  const header = wb.grid.getByRole('columnheader', { name: 'Priority', exact: true });
  await expect(header.getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('ArrowLeft');
  await expect(
    wb.grid.getByRole('columnheader', { name: 'Change frequency' }).getByRole('button'),
  ).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  await expect(first).toHaveText('0.5');
});
