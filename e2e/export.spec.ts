import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { parseSitemap } from '../src/core/parse.ts';
import { downloadBytes, expect, test } from './pages/workbench.ts';

test.beforeEach(async ({ wb }) => {
  await wb.trySample();
});

test('XML export downloads the whole document as well-formed XML, after confirming errors', async ({
  wb,
}) => {
  const download = await wb.exportAs('XML');
  expect(download.suggestedFilename()).toBe('sample-sitemap.xml');
  const parsed = parseSitemap(await downloadBytes(download));
  expect(parsed.fatal).toBeNull();
  expect(parsed.kind).toBe('urlset');
  expect(parsed.document.entries).toHaveLength(201);
  expect(parsed.document.entries[0].loc).toBe('https://www.example-coffee.com/');
  expect(parsed.document.entries[0].alternates?.length).toBe(3);
});

test('an edit shows up in the exported file', async ({ wb, page }) => {
  await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0.4');
  await page.keyboard.press('Enter');
  const parsed = parseSitemap(await downloadBytes(await wb.exportAs('XML')));
  expect(parsed.document.entries[0].priority).toBe('0.4');
});

test('Text export has one URL per line', async ({ wb }) => {
  const download = await wb.exportAs('Text');
  expect(download.suggestedFilename()).toBe('sample-sitemap.txt');
  const text = new TextDecoder().decode(await downloadBytes(download));
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  expect(lines[0]).toBe('https://www.example-coffee.com/');
  const parsed = parseSitemap(text);
  expect(parsed.kind).toBe('text');
  expect(parsed.document.entries.length).toBe(lines.length);
  expect(lines.length).toBeGreaterThan(190);
});

test('Gzipped XML export gunzips to the same sitemap', async ({ wb }) => {
  const download = await wb.exportAs('Gzipped XML');
  expect(download.suggestedFilename()).toBe('sample-sitemap.xml.gz');
  const bytes = await downloadBytes(download);
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  const parsed = parseSitemap(new Uint8Array(gunzipSync(bytes)));
  expect(parsed.fatal).toBeNull();
  expect(parsed.document.entries).toHaveLength(201);
});

test('Zip export splits by the URL limit and adds an index; sizes are shown first', async ({ wb, page }) => {
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await dlg.getByRole('radio', { name: /^Zip of split files/ }).check();
  await dlg.getByLabel('URLs per file').fill('100');
  await dlg.getByLabel('Publish URL of the sitemap index').fill('https://www.example-coffee.com/sitemap.xml');
  await dlg.getByLabel('Publish URL of the sitemap index').blur();
  const files = dlg.getByRole('table', { name: 'Files to download' });
  // The header, the .zip, and the 3 split files and the index it holds.
  await expect(files.getByRole('row')).toHaveCount(6);
  await expect(files).toContainText(/\.zip/);
  await expect(files).toContainText('201');
  await dlg.getByRole('checkbox', { name: /Export anyway/ }).check();
  const downloadPromise = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const zip = unzipSync(await downloadBytes(await downloadPromise));
  const names = Object.keys(zip).sort();
  expect(names.length).toBe(4);
  let urls = 0;
  let index = 0;
  for (const name of names) {
    const raw = zip[name];
    const bytes = name.endsWith('.gz') ? new Uint8Array(gunzipSync(raw)) : raw;
    const parsed = parseSitemap(bytes);
    expect(parsed.fatal, name).toBeNull();
    if (parsed.kind === 'sitemapindex') index += parsed.document.entries.length;
    else urls += parsed.document.entries.length;
  }
  expect(index).toBe(3);
  expect(urls).toBe(201);
});

// New-user review (session 18): a zip of split files without a publish URL held no index, and
// the dialog said so only in the preview's summary, after the files were worked out. It says so
// before anything is clicked: on the Zip choice, and at the publish URL field once it is chosen.
test('a zip without a publish URL says up front that it will hold no index, and how to give one', async ({
  wb,
}) => {
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  const zip = dlg.getByRole('radio', { name: /^Zip of split files/ });
  const zipCard = dlg.locator('label', { has: wb.page.getByRole('radio', { name: /^Zip of split files/ }) });
  await expect(zipCard).toContainText('which needs a publish URL');
  await zip.check();
  const note = dlg.getByTestId('export-zip-no-index');
  await expect(note).toBeVisible();
  await expect(note).toContainText('Without a publish URL the zip holds no sitemap index');
  await expect(note).toContainText('Enter above the URL the index will be published at');
  await dlg.getByLabel('URLs per file').fill('100');
  const files = dlg.getByRole('table', { name: 'Files to download' });
  await expect(files).toContainText('sample-sitemap-3.xml', { timeout: 20_000 });
  await expect(note).toBeVisible();
  await dlg.screenshot({ path: test.info().outputPath('zip-no-index-note.png') });
  // Typed, not yet committed: the note goes at once, and the index is in the preview.
  await dlg.getByLabel('Publish URL of the sitemap index').fill('https://www.example-coffee.com/sitemap.xml');
  await expect(note).toHaveCount(0);
  await expect(zipCard).toContainText('Split files plus a sitemap index');
  await expect(zipCard).not.toContainText('needs a publish URL');
  await expect(files).toContainText('sitemap index listing 3 files', { timeout: 20_000 });
});

test('a zip of a sitemap that fits in one file holds a split file plus an index, as the dialog lists', async ({
  wb,
  page,
}) => {
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await dlg.getByRole('radio', { name: /^Zip of split files/ }).check();
  const url = dlg.getByLabel('Publish URL of the sitemap index');
  // Without a publish URL there can be no index: the zip holds the one file, and says why (up
  // front, at the publish URL field: the preview's summary does not say it again).
  await expect(dlg.getByTestId('export-zip-no-index')).toContainText('holds no sitemap index');
  const files0 = dlg.getByRole('table', { name: 'Files to download' });
  await expect(files0.getByRole('row').nth(2)).toContainText('sample-sitemap.xml', { timeout: 20_000 });
  await expect(dlg.locator('.callout', { hasText: 'OUT-008' })).toHaveCount(1);
  await url.fill('https://www.example-coffee.com/sitemap.xml');
  await url.blur();
  const files = dlg.getByRole('table', { name: 'Files to download' });
  await expect(files.getByRole('row')).toHaveCount(4, { timeout: 20_000 });
  await expect(files.getByRole('row').nth(2)).toContainText('sample-sitemap-1.xml');
  await expect(files.getByRole('row').nth(2)).toContainText('201');
  await expect(files.getByRole('row').nth(3)).toContainText('sitemap.xml sitemap index listing 1 file');
  await expect(dlg.locator('.callout', { hasText: 'OUT-008' })).toHaveCount(0);
  await dlg.getByRole('checkbox', { name: /Export anyway/ }).check();
  await page.setViewportSize({ width: 1280, height: 800 });
  await dlg.screenshot({ path: test.info().outputPath('zip-one-file.png') });
  const downloadPromise = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const zip = unzipSync(await downloadBytes(await downloadPromise));
  expect(Object.keys(zip).sort()).toEqual(['sample-sitemap-1.xml', 'sitemap.xml']);
  const index = parseSitemap(zip['sitemap.xml']);
  expect(index.kind).toBe('sitemapindex');
  expect(index.document.entries.map((e) => e.loc)).toEqual([
    'https://www.example-coffee.com/sample-sitemap-1.xml',
  ]);
  expect(parseSitemap(zip['sample-sitemap-1.xml']).document.entries).toHaveLength(201);
});
