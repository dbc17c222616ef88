/** Session 11 review: the problem tip never hides or swallows the next row; pick lists show all. */
import { expect, test, type Workbench } from './pages/workbench.ts';

const xml = (urls: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;

// Row 0 has a priority out of range (a fixable error); rows 1–5 are clean.
const SITEMAP = xml(
  [
    '<url><loc>https://www.example.com/</loc><changefreq>daily</changefreq><priority>1.5</priority></url>',
    ...[1, 2, 3, 4, 5].map(
      (i) =>
        `<url><loc>https://www.example.com/p${i}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`,
    ),
  ].join('\n'),
);

async function open(wb: Workbench) {
  await wb.openFile({ name: 'tip.xml', mimeType: 'application/xml', buffer: Buffer.from(SITEMAP) });
  await wb.expectUrlCount(6);
}

test('clicking the cell under an open problem tip selects it and keeps focus in the grid', async ({
  wb,
  page,
}) => {
  await open(wb);
  const flagged = await wb.clickCell(0, 'Priority');
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('PRIO-001');

  // The row right below is not hidden by the tip.
  const below = await wb.cell(1, 'Priority');
  const t = (await tip.boundingBox())!;
  const b = (await below.boundingBox())!;
  expect(t.y >= b.y + b.height - 1 || t.y + t.height <= b.y + 1).toBe(true);
  await page.screenshot({ path: test.info().outputPath('tip-open.png') });

  await below.click();
  await expect(below).toBeFocused();
  await expect(below).toHaveAttribute('aria-selected', 'true');
  await expect(flagged).toHaveAttribute('aria-selected', 'false');

  // Where the tip lies over other cells (its text, not its button), a click reaches the cell.
  await flagged.click();
  await expect(tip).toBeVisible();
  const box = (await tip.boundingBox())!;
  await page.mouse.click(box.x + 6, box.y + 6);
  await expect(page.locator('.cell.active')).toBeFocused();
  await expect(flagged).not.toBeFocused();
});

test('Esc closes the problem tip without leaving the grid; its fix button still works', async ({
  wb,
  page,
}) => {
  await open(wb);
  // The Details drawer open (a plain row shows it as its bar until asked): Esc must leave it so.
  await wb.clickCell(0, 'URL');
  await wb.details.getByRole('button', { name: 'Show details' }).click();
  await expect(wb.details.getByRole('tablist')).toBeVisible();
  const flagged = await wb.clickCell(0, 'Priority');
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  // A range with the flagged cell active: Esc on the open tip closes only the tip.
  const next = await wb.clickCell(0, 'Change frequency', ['Shift']);
  await expect(next).toHaveAttribute('aria-selected', 'true');
  await expect(tip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
  await expect(flagged).toBeFocused();
  await expect(flagged).toHaveText('1.5');
  await expect(next).toHaveAttribute('aria-selected', 'true');
  await expect(wb.details.getByRole('tablist')).toBeVisible();
  // A second Esc is the grid's again: it collapses the range to the active cell.
  await page.keyboard.press('Escape');
  await expect(next).toHaveAttribute('aria-selected', 'false');
  await expect(flagged).toBeFocused();

  // Clicking the cell again brings the tip back; its fix is a button the mouse and Tab reach.
  await flagged.click();
  await expect(tip).toBeVisible();
  const fix = tip.getByRole('button');
  await expect(fix).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(fix).toBeFocused();
  // Esc from the fix button closes the tip and goes back to the cell.
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
  await expect(flagged).toBeFocused();

  await flagged.click();
  await tip.getByRole('button').click();
  await expect(flagged).toHaveText('1.0');
  await expect(flagged).toBeFocused();
  await expect(tip).toHaveCount(0);
});

test('the problem tip is tied to its cell, and its rule id and message can be selected and copied', async ({
  wb,
  page,
}) => {
  await open(wb);
  const flagged = await wb.clickCell(0, 'Priority');
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  // Tied to its cell: an outline on the cell and a connector from the tip's edge to it.
  const c = (await flagged.boundingBox())!;
  const ring = (await page.locator('.cell-tip-anchor').boundingBox())!;
  expect(Math.abs(ring.x - c.x) + Math.abs(ring.y - c.y)).toBeLessThan(2);
  expect(Math.abs(ring.width - c.width) + Math.abs(ring.height - c.height)).toBeLessThan(2);
  const t = (await tip.boundingBox())!;
  const link = await tip.evaluate((el) => {
    const s = getComputedStyle(el, '::before');
    return { left: Number.parseFloat(s.left), height: Number.parseFloat(s.height) };
  });
  expect(t.x + link.left).toBeGreaterThanOrEqual(c.x);
  expect(t.x + link.left).toBeLessThanOrEqual(c.x + c.width);
  expect(Math.abs(t.y - link.height - (c.y + c.height))).toBeLessThan(2);
  await page.screenshot({
    path: test.info().outputPath('tip-tied.png'),
    clip: { x: 0, y: 0, width: 1280, height: 360 },
  });

  // Select from the rule id to the end of the message with the mouse: the text is selectable.
  const rule = (await tip.locator('.rule-id').boundingBox())!;
  const message = (await tip.locator('p').boundingBox())!;
  await page.mouse.move(rule.x + 1, rule.y + rule.height / 2);
  await page.mouse.down();
  await page.mouse.move(message.x + message.width - 1, message.y + message.height - 3, { steps: 5 });
  await page.mouse.up();
  const selected = await page.evaluate(() => String(window.getSelection()));
  expect(selected).toContain('PRIO-001');
  const text = (await tip.locator('p').textContent())!.trim();
  expect(selected).toContain(text.slice(0, -2));
  // Selecting did not move the grid's selection, and Esc still closes the tip back to the cell.
  await expect(flagged).toHaveAttribute('aria-selected', 'true');
  await expect(tip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
  await expect(flagged).toBeFocused();

  // A tip not pushed left (the row number cell, with every problem of its row): same link.
  const rowCell = await wb.clickCell(0, 'Row');
  await expect(tip).toBeVisible();
  const r = (await rowCell.boundingBox())!;
  const t2 = (await tip.boundingBox())!;
  const x = t2.x + (await tip.evaluate((el) => Number.parseFloat(getComputedStyle(el, '::before').left)));
  expect(x).toBeGreaterThanOrEqual(r.x);
  expect(x).toBeLessThanOrEqual(r.x + r.width);
  await page.screenshot({
    path: test.info().outputPath('tip-row.png'),
    clip: { x: 0, y: 0, width: 1280, height: 360 },
  });
});

test('a pick list opened on a value lists every option with the value selected; typing filters', async ({
  wb,
  page,
}) => {
  await open(wb);
  const cell = await wb.cell(0, 'Change frequency');
  await cell.dblclick();
  const box = page.getByRole('combobox', { name: 'Edit change frequency' });
  await expect(box).toHaveValue('daily');
  const list = page.getByRole('listbox', { name: 'Change frequencies' });
  const options = list.getByRole('option');
  await expect(options).toHaveText(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);
  await expect(list.getByRole('option', { name: 'daily' })).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('option', { selected: true })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('picklist-open.png') });
  // Enter on the unchanged pick keeps the value.
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText('daily');
  await cell.dblclick();
  await expect(options).toHaveCount(7);

  await page.keyboard.type('w');
  await expect(box).toHaveValue('w');
  await expect(options).toHaveText(['weekly']);
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText('weekly');

  // Arrow keys move from the current value; Enter on the unchanged value keeps it.
  await cell.dblclick();
  await expect(options).toHaveCount(7);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { name: 'monthly' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText('monthly');
});
