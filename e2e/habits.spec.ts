import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Papa from 'papaparse';
import { downloadBytes, expect, test } from './pages/workbench.ts';

const FROG = path.resolve(import.meta.dirname, 'fixtures/csv/screaming-frog-internal-html.csv');

/** The crawler file read independently of the app: Address values of rows that have one. */
function frogUrls(): string[] {
  const text = readFileSync(FROG, 'utf8').replace(/^\ufeff/, '');
  const { data } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  return data.map((r) => r.Address).filter((a) => a !== '');
}

function csvColumn(bytes: Uint8Array, column: string): string[] {
  const text = new TextDecoder().decode(bytes).replace(/^\ufeff/, '');
  const { data, errors } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data.map((r) => r[column]);
}

test('a crawler CSV round trip: import with the guessed mapping, export CSV, same URLs', async ({
  wb,
  page,
}) => {
  const urls = frogUrls();
  const dlg = await wb.importCsv(FROG);
  // Screaming Frog's columns are recognised; the mapping can still be changed.
  await expect(dlg.getByRole('combobox', { name: 'URL' })).toHaveValue('0');
  await expect(dlg.getByRole('combobox', { name: 'Last modified' })).toHaveValue('11');
  await expect(dlg.getByRole('combobox', { name: 'Priority' })).toHaveValue('');
  await expect(dlg.getByText('1 row without a URL will be skipped')).toBeVisible();
  const preview = dlg.getByRole('table', { name: /^Preview/ });
  await expect(preview.getByRole('row')).toHaveCount(6);
  await expect(preview.getByRole('cell', { name: urls[1], exact: true })).toBeVisible();
  await dlg.getByRole('button', { name: `Import ${urls.length} URLs` }).click();
  await expect(dlg).toBeHidden();

  // Nothing was open: the rows open as a new sitemap named after the CSV.
  await wb.expectUrlCount(urls.length);
  await expect(page.getByRole('banner')).toContainText('screaming-frog-internal-html.xml');
  expect(await wb.cellText(0, 'URL')).toBe(urls[0]);
  // Crawler dates are kept as written; the validator flags them instead of guessing.
  expect(await wb.cellText(1, 'Last modified')).toBe('2024-06-28 14:05:09');

  const out = await wb.csvMenu('Export CSV…');
  await expect(out.getByRole('radio', { name: /^All rows \(23 rows\)/ })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await out.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('screaming-frog-internal-html.csv');
  const bytes = await downloadBytes(download);
  expect(csvColumn(bytes, 'loc')).toEqual(urls);
  expect(csvColumn(bytes, 'lastmod')[0]).toBe('Tue, 02 Jul 2024 08:15:00 GMT');
});

test('importing into an open sitemap appends the rows as one undo step', async ({ wb, page }) => {
  await wb.trySample();
  const dlg = await wb.importCsv(FROG);
  await expect(dlg.getByText(/added at the end of sample-sitemap\.xml/)).toBeVisible();
  // Map a different column for Last modified, and none for URL first: import is not possible.
  await dlg.getByRole('combobox', { name: 'URL' }).selectOption('');
  await expect(dlg.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dlg.getByRole('combobox', { name: 'URL' }).selectOption({ label: 'K: Canonical Link Element 1' });
  await dlg.getByRole('button', { name: /^Import \d+ URLs$/ }).click();
  await wb.expectUrlCount(201 + 22);
  await expect(page.getByRole('button', { name: /^Undo: Import 22 URLs from screaming-frog/ })).toBeVisible();
  await page.getByRole('button', { name: /^Undo/ }).click();
  await wb.expectUrlCount(201);
});

test('re-importing the own CSV export updates the rows by loc and adds the new one, one undo step', async ({
  wb,
  page,
}) => {
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://www.example.com/a</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc>https://www.example.com/b</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc>https://www.example.com/c</loc></url>
</urlset>
`;
  await wb.openFile({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(sitemap) });
  await wb.expectUrlCount(3);
  // This app's CSV export, edited in a spreadsheet: two rows changed, one URL added.
  const csv = [
    'loc,lastmod,changefreq,priority',
    'https://www.example.com/a,2025-02-01,weekly,0.8',
    'https://www.example.com/b,2025-02-02,,',
    'https://www.example.com/new,2025-02-03,daily,0.5',
  ].join('\n');
  const dlg = await wb.importCsv({ name: 'sitemap.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const choice = dlg.getByRole('group', { name: '2 URLs of 3 rows are already in sitemap.xml' });
  await expect(choice).toBeVisible();
  const update = choice.getByRole('radio', { name: /^Update matching rows \(by loc\) and add new ones/ });
  await expect(update).toBeChecked();
  await expect(update).toHaveAccessibleName(/2 rows updated, 1 URL added/);
  await expect(choice.getByRole('radio', { name: /^Append every row/ })).toHaveAccessibleName(
    /3 URLs added, 2 URLs then listed twice/,
  );
  await page.screenshot({ path: test.info().outputPath('csv-update-choice.png') });
  await dlg.getByRole('button', { name: 'Import 3 URLs' }).click();
  await wb.expectUrlCount(4);
  expect(await wb.cellText(0, 'Last modified')).toBe('2025-02-01');
  expect(await wb.cellText(1, 'Last modified')).toBe('2025-02-02');
  expect(await wb.cellText(3, 'URL')).toBe('https://www.example.com/new');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Updated 2 URLs and added 1 URL from sitemap.csv.',
  );
  await page
    .getByRole('button', { name: /^Undo: Import 3 URLs from sitemap\.csv \(2 updated, 1 added\)/ })
    .click();
  await wb.expectUrlCount(3);
  expect(await wb.cellText(0, 'Last modified')).toBe('2024-01-01');
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeDisabled();
});

test('a CSV dropped on the window opens the import dialog with its columns mapped', async ({
  wb,
  page,
}, testInfo) => {
  const csv =
    'Top pages,Clicks,Impressions\nhttps://www.example.com/a,3,40\nhttps://www.example.com/b,1,12\n';
  await wb.dropFile('Pages.csv', csv);
  const dlg = wb.dialog('Import CSV');
  await expect(dlg.getByRole('table', { name: /^Preview/ })).toBeVisible();
  // The file field names the dropped file (not "No file chosen"), with its size.
  const chosen = `Pages.csv (${Buffer.byteLength(csv)} B)`;
  await expect(dlg.getByLabel(/^CSV file/)).toHaveAccessibleDescription(chosen);
  await expect(dlg.getByText(chosen, { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('csv-dropped.png') });
  expect(
    (await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations.map((v) => v.id),
  ).toEqual([]);
  await expect(dlg.getByRole('combobox', { name: 'URL' })).toHaveValue('0');
  await dlg.getByRole('button', { name: 'Import 2 URLs' }).click();
  await wb.expectUrlCount(2);
  await expect(page.getByRole('banner')).toContainText('Pages.xml');
});

test('CSV export of the rows in view with chosen columns', async ({ wb, page }) => {
  await wb.trySample();
  await page.getByLabel('Search').fill('/blog/');
  await expect.poll(async () => Number(await wb.grid.getAttribute('aria-rowcount')) - 1).toBeLessThan(201);
  const inView = Number(await wb.grid.getAttribute('aria-rowcount')) - 1;
  const dlg = await wb.csvMenu('Export CSV…');
  await expect(dlg.getByRole('radio', { name: /^Rows in the current view/ })).toBeChecked();
  await dlg.getByRole('checkbox', { name: 'Change frequency' }).uncheck();
  await dlg.getByRole('checkbox', { name: 'Priority' }).uncheck();
  await dlg.getByRole('textbox', { name: 'File name' }).fill('blog-urls');
  const downloading = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('blog-urls.csv');
  const text = new TextDecoder().decode(await downloadBytes(download));
  expect(text.split('\r\n')[0]).toBe('loc,lastmod');
  const locs = csvColumn(await downloadBytes(download), 'loc');
  expect(locs).toHaveLength(inView);
  for (const loc of locs) expect(loc).toContain('/blog/');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(`Exported ${inView} rows`);
});

test('? opens the shortcut overlay, Escape closes it, and ? in a text field just types', async ({
  wb,
  page,
}) => {
  await wb.trySample();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const overlay = wb.dialog('Keyboard shortcuts');
  await expect(overlay).toBeVisible();
  for (const does of ['Undo', 'Fill down', 'Cancel the edit', 'Select all cells'])
    await expect(overlay.getByRole('cell', { name: does })).toBeVisible();
  await expect(overlay.getByRole('table', { name: 'Editing a cell' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();

  const search = page.getByLabel('Search');
  await search.fill('');
  await search.press('?');
  await expect(search).toHaveValue('?');
  await expect(overlay).toBeHidden();
  await search.fill('');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '202');

  // Ctrl+/ works anywhere, also from the grid where ? would start typing in a cell.
  await wb.clickCell(0, 'Priority');
  await page.keyboard.press('Control+/');
  await expect(overlay).toBeVisible();
  await overlay.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(overlay).toBeHidden();

  const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await expect(help).toHaveAttribute('aria-keyshortcuts', /\?/);
  await expect(help).toHaveAttribute('title', /\?/);
  await expect(page.getByRole('button', { name: /^Undo/ })).toHaveAttribute('title', /Ctrl\+Z/);
});

test('the theme switch overrides the system setting and is remembered', async ({ wb, page }) => {
  const bg = () => page.evaluate(() => getComputedStyle(document.body.parentElement!).backgroundColor);
  await page.emulateMedia({ colorScheme: 'dark' });
  const systemDark = await bg();
  await page.emulateMedia({ colorScheme: 'light' });
  const systemLight = await bg();
  expect(systemDark).not.toBe(systemLight);

  await wb.setTheme('Dark');
  expect(await bg()).toBe(systemDark);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  expect(await bg()).toBe(systemDark);

  await page.emulateMedia({ colorScheme: 'dark' });
  await wb.setTheme('Light');
  expect(await bg()).toBe(systemLight);
  await wb.setTheme('System');
  expect(await bg()).toBe(systemDark);
  await expect(wb.status).toBeVisible();
});

test('the CSV menu and both dialogs work with the keyboard alone', async ({ wb, page }) => {
  await wb.trySample();
  const trigger = page.getByRole('banner').getByRole('button', { name: 'CSV', exact: true });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Export CSV…' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dlg = wb.dialog('Export CSV');
  await expect(dlg).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dlg).toBeHidden();
});
