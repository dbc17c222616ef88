import { readFileSync } from 'node:fs';
import { expect, test } from './pages/workbench.ts';

const SAMPLE = 'public/samples/sample-sitemap.xml';

test('the empty state invites to open, paste or try a sample and says nothing is uploaded', async ({
  wb,
}) => {
  await expect(wb.page.getByRole('heading', { name: /Open a sitemap/ })).toBeVisible();
  await expect(wb.page.getByText('Nothing is uploaded', { exact: false }).first()).toBeVisible();
  await expect(wb.page.getByLabel('Open sitemap file')).toHaveAttribute('multiple', '');
  await expect(wb.status).toContainText('No sitemap open');
});

test('opening a file through the file input shows its rows and counts', async ({ wb }) => {
  await wb.openFile(SAMPLE);
  await wb.expectUrlCount(201);
  await expect(wb.status).toContainText(/\d+ errors?/);
  expect(await wb.cellText(0, 'URL')).toBe('https://www.example-coffee.com/');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '202');
  for (const name of ['URL', 'Last modified', 'Change frequency', 'Priority']) {
    await expect(wb.grid.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
});

test('dropping a file anywhere on the window opens it', async ({ wb }) => {
  const xml = readFileSync(SAMPLE, 'utf8');
  await wb.dropFile('dropped-sitemap.xml', xml);
  await wb.expectUrlCount(201);
  await expect(wb.page.getByRole('banner')).toContainText('dropped-sitemap.xml');
});

test('dropping several files opens them together as one workspace and says so', async ({ wb, page }) => {
  const xml = readFileSync(SAMPLE, 'utf8');
  await wb.dropFile('first.xml', xml, ['second.xml', xml]);
  await wb.expectUrlCount(201);
  await expect(wb.workspace).toContainText('2 files');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Opened 2 files as one workspace: first.xml and second.xml.',
  );
});

test('a file that is not well-formed shows the error, its line and column, and opens partially only on request', async ({
  wb,
}) => {
  await wb.openFile('e2e/fixtures/broken-after-three.xml');
  const alert = wb.page.getByRole('alert');
  await expect(alert).toContainText(/line \d+, column \d+/);
  await expect(alert.locator('pre')).toBeVisible();
  await expect(wb.grid).toHaveCount(0);
  await alert.getByRole('button', { name: 'Open the 3 entries read before the error' }).click();
  await expect(wb.grid).toBeVisible();
  await wb.expectUrlCount(3);
});

test('pasting a list of URLs opens them as a sitemap', async ({ wb }) => {
  await wb.page.getByRole('banner').getByRole('button', { name: 'Paste…' }).click();
  const dlg = wb.dialog('Paste a sitemap');
  await dlg
    .getByRole('textbox')
    .fill('https://a.example.com/\nhttps://a.example.com/about\nhttps://a.example.com/contact\n');
  await dlg.getByRole('button', { name: 'Open pasted text' }).click();
  await wb.expectUrlCount(3);
  expect(await wb.cellText(2, 'URL')).toBe('https://a.example.com/contact');
});
