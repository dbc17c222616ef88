import { readFileSync } from 'node:fs';
import { expect, test } from './pages/workbench.ts';

const SAMPLE_XML = readFileSync('public/samples/sample-sitemap.xml', 'utf8');

test.beforeEach(async ({ wb }) => {
  await wb.trySample();
});

test('cells are edited with the keyboard: Enter, typing, Escape, arrows', async ({ wb, page }) => {
  const priority = await wb.clickCell(0, 'Priority');
  await page.keyboard.press('Enter');
  const editor = page.getByRole('textbox', { name: 'Edit priority' });
  await expect(editor).toBeFocused();
  await editor.fill('0.7');
  await page.keyboard.press('Enter');
  await expect(priority).toHaveText('0.7');
  const below = await wb.cell(1, 'Priority');
  await expect(below).toBeFocused();

  await page.keyboard.type('0.3');
  await page.keyboard.press('Tab');
  await expect(below).toHaveText('0.3');
  await expect(await wb.cell(1, 'Images')).toBeFocused();

  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('F2');
  await page.keyboard.type('99');
  await page.keyboard.press('Escape');
  await expect(below).toHaveText('0.3');
  await expect(below).toBeFocused();

  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expect(await wb.cell(0, 'Change frequency')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: 'Edit change frequency' }).fill('monthly');
  await page.keyboard.press('Enter');
  expect(await wb.cellText(0, 'Change frequency')).toBe('monthly');
});

test('undo and redo with labelled buttons and shortcuts', async ({ wb, page }) => {
  await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0.2');
  await page.keyboard.press('Enter');
  expect(await wb.cellText(0, 'Priority')).toBe('0.2');
  const undo = wb.page.getByRole('banner').getByRole('button', { name: /^Undo: / });
  await expect(undo).toContainText(/priority/i);
  await undo.click();
  expect(await wb.cellText(0, 'Priority')).toBe('1.0');
  await expect(wb.page.getByRole('banner').getByRole('button', { name: /^Redo: / })).toBeEnabled();
  await wb.clickCell(3, 'URL');
  await page.keyboard.press('Control+Shift+Z');
  await expect(await wb.cell(0, 'Priority')).toHaveText('0.2');
  await page.keyboard.press('Control+Z');
  await expect(await wb.cell(0, 'Priority')).toHaveText('1.0');
  await page.keyboard.press('Control+Y');
  await expect(await wb.cell(0, 'Priority')).toHaveText('0.2');
});

test('TSV ranges copy out and paste in; a URL list pasted past the end adds rows', async ({ wb, page }) => {
  await wb.clickCell(0, 'Last modified');
  await wb.pasteText('2024-02-02\tdaily\r\n2024-03-03\t"weekly"\r\n');
  expect(await wb.cellText(0, 'Last modified')).toBe('2024-02-02');
  expect(await wb.cellText(1, 'Last modified')).toBe('2024-03-03');
  expect(await wb.cellText(1, 'Change frequency')).toBe('weekly');
  await wb.clickCell(0, 'URL');
  await wb.clickCell(1, 'Change frequency', ['Shift']);
  expect(await wb.copySelection()).toBe(
    'https://www.example-coffee.com/\t2024-02-02\tdaily\nhttps://www.example-coffee.com/de/\t2024-03-03\tweekly',
  );

  await page.keyboard.press('Control+End');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await wb.pasteText(
    'https://www.example-coffee.com/careers/barista\nhttps://www.example-coffee.com/new-page\n',
  );
  await wb.expectUrlCount(202);
  // The paste (one changed cell, one added row) is one undo step.
  const undo = wb.page.getByRole('banner').getByRole('button', { name: /^Undo: Paste 2 rows/ });
  await expect(undo).toBeEnabled();
  await undo.click();
  await wb.expectUrlCount(201);
});

test('pasted values are read as typed into a cell; an ambiguous date is asked once', async ({ wb, page }) => {
  const cols = ['Last modified', 'Change frequency', 'Priority'] as const;
  const row = async (r: number) => {
    const out: string[] = [];
    for (const c of cols) out.push(await wb.cellText(r, c));
    return out;
  };
  const was = [await row(0), await row(1)];
  await wb.clickCell(0, 'Last modified');
  await wb.pasteText('15/01/2024\tWeekly\t0,8\n2024-1-5\tdaily\t1\n');
  expect(await wb.cellText(0, 'Last modified')).toBe('2024-01-15');
  expect(await wb.cellText(0, 'Change frequency')).toBe('weekly');
  expect(await wb.cellText(0, 'Priority')).toBe('0.8');
  expect(await wb.cellText(1, 'Last modified')).toBe('2024-01-05');
  // Undo restores exactly what was there.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Undo: Paste 6 cells/ })
    .click();
  expect([await row(0), await row(1)]).toEqual(was);
  await wb.clickCell(2, 'Priority');
  await wb.pasteText('0,3');
  expect(await wb.cellText(2, 'Priority')).toBe('0.3');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Undo: Paste 1 cell$/ })).toBeEnabled();

  // 05/01/2024 and 03/02/2024 could be either order: one question for the whole paste.
  await wb.clickCell(0, 'Last modified');
  await wb.pasteText('05/01/2024\n03/02/2024\n');
  const ask = wb.dialog('Day and month order');
  await ask.getByRole('button', { name: 'Day/month (2024-01-05)' }).click();
  await expect(ask).toBeHidden();
  expect(await wb.cellText(0, 'Last modified')).toBe('2024-01-05');
  expect(await wb.cellText(1, 'Last modified')).toBe('2024-02-03');
});

test('Ctrl+D fills down and Delete clears a range', async ({ wb, page }) => {
  await wb.clickCell(0, 'Change frequency');
  await wb.clickCell(3, 'Priority', ['Shift']);
  await page.keyboard.press('Control+d');
  for (const r of [1, 2, 3]) {
    expect(await wb.cellText(r, 'Change frequency')).toBe('daily');
    expect(await wb.cellText(r, 'Priority')).toBe('1.0');
  }
  await page.keyboard.press('Delete');
  expect(await wb.cellText(2, 'Priority')).toBe('');
  await page.keyboard.press('Control+a');
  await expect(wb.status).toContainText(/[\d,]+ cells selected/);
  await expect(wb.page.getByRole('banner').getByRole('button', { name: /^Undo: / })).toBeEnabled();
});

test('bulk edit sets change frequency on the selected rows', async ({ wb }) => {
  await wb.clickCell(0, 'URL');
  await wb.clickCell(4, 'URL', ['Shift']);
  await wb.button('Bulk edit…').click();
  const dlg = wb.dialog('Bulk edit');
  await dlg.getByLabel('Field').selectOption('changefreq');
  await dlg.getByLabel('Value', { exact: true }).selectOption('never');
  await dlg.getByRole('button', { name: 'Set change frequency on 5 URLs' }).click();
  for (const r of [0, 1, 2, 3, 4]) expect(await wb.cellText(r, 'Change frequency')).toBe('never');
  expect(await wb.cellText(5, 'Change frequency')).not.toBe('never');
});

test('bulk edit starts on the field of the selected column', async ({ wb }) => {
  await wb.clickCell(1, 'Priority');
  await wb.clickCell(3, 'Priority', ['Shift']);
  await wb.button('Bulk edit…').click();
  const dlg = wb.dialog('Bulk edit');
  await expect(dlg.getByLabel('Field')).toHaveValue('priority');
  await dlg.getByLabel('Value', { exact: true }).fill('0.4');
  await dlg.getByRole('button', { name: 'Set priority on 3 URLs' }).click();
  for (const r of [1, 2, 3]) expect(await wb.cellText(r, 'Priority')).toBe('0.4');
});

test('bulk edit and its undo step name the field the same way', async ({ wb }) => {
  await wb.clickCell(1, 'Change frequency');
  await wb.clickCell(3, 'Change frequency', ['Shift']);
  await wb.button('Bulk edit…').click();
  const dlg = wb.dialog('Bulk edit');
  await dlg.getByLabel('Value', { exact: true }).selectOption('hourly');
  await dlg.getByRole('button', { name: 'Set change frequency on 3 URLs' }).click();
  await expect(wb.button('Undo: Set change frequency on 3 URLs')).toBeEnabled();
});

test('bulk edit reads the value as typed into a cell, asking the day/month order', async ({ wb }) => {
  await wb.clickCell(1, 'Last modified');
  await wb.clickCell(3, 'Last modified', ['Shift']);
  await wb.button('Bulk edit…').click();
  let dlg = wb.dialog('Bulk edit');
  await dlg.getByLabel('Value', { exact: true }).fill('15/01/2024');
  await dlg.getByRole('button', { name: 'Set last modified on 3 URLs' }).click();
  for (const r of [1, 2, 3]) expect(await wb.cellText(r, 'Last modified')).toBe('2024-01-15');

  await wb.button('Bulk edit…').click();
  dlg = wb.dialog('Bulk edit');
  await dlg.getByLabel('Value', { exact: true }).fill('05/01/2024');
  await dlg.getByRole('button', { name: 'Set last modified on 3 URLs' }).click();
  await dlg.getByRole('button', { name: 'Month/day (2024-05-01)' }).click();
  for (const r of [1, 2, 3]) expect(await wb.cellText(r, 'Last modified')).toBe('2024-05-01');
});

test('find and replace previews the count, then replaces; http→https is one action', async ({ wb }) => {
  const blogUrls = SAMPLE_XML.match(/<loc>[^<]*example-coffee\.com\/blog\//g)?.length ?? 0;
  expect(blogUrls).toBeGreaterThan(10);
  await wb.button('Find & replace…').click();
  const dlg = wb.dialog('Find and replace');
  // The selects are named by their labels alone (not "InAll columnsURL…" from the wrapped options).
  await expect(dlg.getByRole('combobox', { name: 'In', exact: true })).toHaveValue('loc');
  // No selection: the rows in view (here all of them), as Bulk edit picks.
  await expect(dlg.getByRole('radio', { name: /^All rows in view/ })).toBeChecked();
  await dlg.getByLabel('Find').fill('example-coffee.com/blog/');
  await dlg.getByLabel('Replace with').fill('example-coffee.com/journal/');
  await expect(dlg.getByRole('status')).toHaveText(`${blogUrls} cells will change`);
  await dlg.getByRole('button', { name: 'Replace all' }).click();
  expect(await wb.cellText(4, 'URL')).toBe('https://www.example-coffee.com/journal/espresso-grinder');

  await wb.page.getByLabel('Search').fill('old-post');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
  await expect(await wb.cell(0, 'URL')).toHaveText('http://www.example-coffee.com/journal/old-post');
  await wb.button('Find & replace…').click();
  await dlg.getByRole('button', { name: 'Switch http:// to https://' }).click();
  await expect(await wb.cell(0, 'URL')).toHaveText('https://www.example-coffee.com/journal/old-post');
});

test('an invalid cell shows its message and rule id and is fixed in one click; fix all per rule', async ({
  wb,
  page,
}) => {
  await page.getByLabel('Search').fill('help/contact');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
  const freq = await wb.cell(0, 'Change frequency');
  await expect(freq).toHaveAttribute('aria-invalid', 'true');
  await freq.click();
  const tip = page.getByRole('tooltip');
  await expect(tip).toContainText('CF-001');
  await expect(tip).toContainText('Weekly');
  await tip.getByRole('button', { name: /^Fix/ }).first().click();
  await expect(freq).not.toHaveAttribute('aria-invalid', 'true');
  await expect(freq).toHaveText('weekly');

  const prio = await wb.cell(0, 'Priority');
  await expect(prio).toHaveAttribute('aria-invalid', 'true');
  const errorsBefore = Number((await wb.status.textContent())?.match(/(\d+) errors?/)?.[1]);
  await page.getByRole('button', { name: /^Fix all PRIO-001/ }).click();
  await page
    .getByRole('group', { name: 'Fix all PRIO-001' })
    .getByRole('button', { name: /^Apply to/ })
    .click();
  await expect(prio).not.toHaveAttribute('aria-invalid', 'true');
  await expect(prio).toHaveText('0.8');
  await expect(wb.status).toContainText(`${errorsBefore - 1} error`);
});

test('the issues panel filters the table to a rule', async ({ wb, page }) => {
  await page.getByRole('button', { name: 'Show 1 row' }).first().click();
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
  await expect(wb.status).toContainText('Showing 1');
  await page.getByRole('button', { name: 'Show all rows' }).click();
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '202');
});

test('the fix in a cell tip is reachable with Tab and applied with Enter', async ({ wb, page }) => {
  await page.getByLabel('Search').fill('brewing');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
  const url = await wb.clickCell(0, 'URL');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  const fix = page.getByRole('tooltip').getByRole('button', { name: /^Fix/ });
  await expect(fix).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(url).toHaveText('https://www.example-coffee.com/blog/brewing%20at%20home');
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');
  await expect(url).toBeFocused();
});

test('regex replace with groups, and the host change as one undoable action', async ({ wb, page }) => {
  await wb.button('Find & replace…').click();
  const dlg = wb.dialog('Find and replace');
  await dlg.getByLabel('Find').fill('/(de|fr)/$');
  await dlg.getByLabel('Replace with').fill('/$1-$1/');
  await dlg.getByRole('checkbox', { name: /Regular expression/ }).check();
  await expect(dlg.getByRole('status')).toHaveText('2 cells will change');
  await dlg.getByRole('button', { name: 'Replace all' }).click();
  await expect(await wb.cell(1, 'URL')).toHaveText('https://www.example-coffee.com/de-de/');

  await wb.button('Find & replace…').click();
  await dlg.getByLabel('From host').fill('www.example-coffee.com');
  await dlg.getByLabel('To host').fill('shop.example-coffee.com');
  await dlg.getByRole('button', { name: 'Change host' }).click();
  await expect(await wb.cell(0, 'URL')).toHaveText('https://shop.example-coffee.com/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Undo: / })
    .click();
  await expect(await wb.cell(0, 'URL')).toHaveText('https://www.example-coffee.com/');
  await expect(await wb.cell(1, 'URL')).toHaveText('https://www.example-coffee.com/de-de/');
});
