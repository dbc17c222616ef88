import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { downloadBytes, expect, test } from './pages/workbench.ts';

const real = path.resolve(import.meta.dirname, '../../shared/fixtures/real');
const FILE = path.join(real, 'heizungdefekt-post-sitemap0-1044-urls.xml');

/** Download from the export dialog: the original's lines, the export's, and which ones differ. */
async function downloadChangedLines(
  page: Page,
  dlg: Locator,
  original: string,
): Promise<[string[], string[], number[]]> {
  const confirm = dlg.getByRole('checkbox', { name: /Export anyway/ });
  if ((await confirm.count()) > 0) await confirm.check();
  const downloadPromise = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const out = new TextDecoder().decode(await downloadBytes(await downloadPromise));
  const a = original.split('\n');
  const b = out.split('\n');
  expect(b.length).toBe(a.length);
  return [a, b, a.flatMap((line, i) => (line === b[i] ? [] : [i]))];
}

test('one changed lastmod exports as one changed line, and the dialog says so', async ({ wb, page }) => {
  const original = readFileSync(FILE, 'utf8');
  await wb.openFile(FILE);
  await wb.expectUrlCount(1044);
  const before = await wb.cellText(0, 'Last modified');
  await wb.clickCell(0, 'Last modified');
  await page.keyboard.type('2026-01-15');
  await page.keyboard.press('Enter');
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await expect(dlg.getByRole('radio', { name: "Keep the file's formatting" })).toBeChecked();
  await expect(dlg.getByTestId('export-diff-summary')).toHaveText(/^1 entry changed: 1 line/);
  await expect(dlg.getByTestId('export-diff-preview')).toContainText('<lastmod>2026-01-15</lastmod>');
  await page.screenshot({ path: test.info().outputPath('keep-format-dialog.png') });
  const [a, b, changed] = await downloadChangedLines(page, dlg, original);
  expect(changed).toHaveLength(1);
  expect(a[changed[0]]).toContain(before);
  expect(b[changed[0]]).toContain('<lastmod>2026-01-15</lastmod>');
});

test('Normalize shows the rewrite as a diff too', async ({ wb }) => {
  await wb.openFile(FILE);
  await wb.expectUrlCount(1044);
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await expect(dlg.getByTestId('export-diff-summary')).toHaveText(
    'No changes: the file comes back byte for byte.',
  );
  await dlg.getByRole('radio', { name: 'Normalize' }).check();
  await expect(dlg.getByTestId('export-diff-summary')).toHaveText(/entries changed: [\d,]+ lines/);
  // Split files are always normalized: the choice says so rather than showing Keep selected.
  await dlg.getByRole('radio', { name: "Keep the file's formatting" }).check();
  await dlg.getByRole('radio', { name: /^Zip of split files/ }).check();
  await expect(dlg.getByRole('radio', { name: "Keep the file's formatting" })).toBeDisabled();
  await expect(dlg.getByRole('radio', { name: "Keep the file's formatting" })).not.toBeChecked();
  await expect(dlg.getByRole('radio', { name: 'Normalize' })).toBeChecked();
  await expect(dlg.getByText('Split files and their index are written normalized.')).toBeVisible();
  // Back to XML: the user's choice, Keep, comes back.
  await dlg.getByRole('radio', { name: /^XML/ }).check();
  await expect(dlg.getByRole('radio', { name: "Keep the file's formatting" })).toBeChecked();
});

test('after a reload the restored file still exports keeping its formatting', async ({ wb, page }) => {
  const original = readFileSync(FILE, 'utf8');
  await wb.openFile(FILE);
  await wb.expectUrlCount(1044);
  await wb.clickCell(2, 'Last modified');
  await page.keyboard.type('2026-02-20');
  await page.keyboard.press('Enter');
  // Autosave runs 700 ms after the last change; leaving then asks first (unexported changes).
  await page.waitForTimeout(1_200);
  page.on('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByRole('region', { name: 'Saved work' })).toContainText('Restored');
  await wb.expectUrlCount(1044);
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await expect(dlg.getByRole('radio', { name: "Keep the file's formatting" })).toBeChecked();
  await expect(dlg.getByTestId('export-diff-summary')).toHaveText(/^1 entry changed: 1 line/);
  const [, b, changed] = await downloadChangedLines(page, dlg, original);
  expect(changed).toHaveLength(1);
  expect(b[changed[0]]).toContain('<lastmod>2026-02-20</lastmod>');
});

test('a text file exported as XML does not claim to keep its formatting, and says what changes', async ({
  wb,
  page,
}) => {
  await wb.openFile(path.join(real, 'sitemapjs-roosterteeth-21753-urls.txt'));
  await wb.expectUrlCount(21753);
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  const keep = dlg.getByRole('radio', { name: "Keep the file's formatting" });
  // Its own format: keeping applies.
  await expect(dlg.getByRole('radio', { name: /^Text/ })).toBeChecked();
  await expect(keep).toBeChecked();
  await dlg.getByRole('radio', { name: /^XML/ }).check();
  await expect(keep).toBeDisabled();
  await expect(dlg.getByRole('radio', { name: 'Normalize' })).toBeChecked();
  await expect(
    dlg.getByText('A text file exported as XML becomes a new file in that format', { exact: false }),
  ).toBeVisible();
  const changes = dlg.getByRole('region', { name: 'What the export changes' });
  await expect(changes).toContainText(/[\d,]+ URLs percent-encoded/);
  await expect(changes).toContainText('OUT-004');
  await page.screenshot({ path: test.info().outputPath('text-as-xml.png') });
  // Gzipped XML is gzipped XML; gzipped text is its own choice, and keeps the formatting.
  await dlg.getByRole('radio', { name: /^Gzipped XML/ }).check();
  await expect(keep).toBeDisabled();
  // The file has errors (LOC rules): the export asks for an OK first.
  await dlg.getByRole('checkbox', { name: /Export anyway/ }).check();
  const dl = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const download = await dl;
  expect(download.suggestedFilename()).toMatch(/\.xml\.gz$/);
  const xml = new TextDecoder().decode(gunzipSync(await downloadBytes(download)));
  expect(xml.startsWith('<?xml')).toBe(true);
  await wb.button(/^Export/).click();
  await dlg.getByRole('radio', { name: /^Gzipped text/ }).check();
  await expect(keep).toBeEnabled();
  await expect(keep).toBeChecked();
});

test('keeping the formatting leaves out what the spec forbids before the root, keeps the rest, and says so', async ({
  wb,
  page,
}) => {
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const head = `<?xml version='1.0' encoding="utf-8"?>\n<!-- made by hand -->\n<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>`;
  const root = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://a.example/</loc>\n    <lastmod>2024-01-01</lastmod>\n  </url>\n</urlset>\n`;
  const file = `\uFEFF${head}\n<!DOCTYPE urlset>\n${root}`;
  await wb.openFile({ name: 'by-hand.xml', mimeType: 'application/xml', buffer: Buffer.from(file) });
  await wb.expectUrlCount(1);
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await expect(dlg.getByRole('radio', { name: "Keep the file's formatting" })).toBeChecked();
  const changes = dlg.getByRole('region', { name: 'What the export changes' });
  await expect(changes.getByRole('listitem')).toHaveText([
    'byte order mark at the start left out ENC-002',
    'DOCTYPE left out ENC-009',
  ]);
  await page.screenshot({ path: test.info().outputPath('keep-format-prolog.png') });
  const confirm = dlg.getByRole('checkbox', { name: /Export anyway/ });
  if ((await confirm.count()) > 0) await confirm.check();
  const dl = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  // The declaration as spelled, the comment and the stylesheet where they were; the entries as they were.
  expect(Buffer.from(await downloadBytes(await dl)).toString('utf8')).toBe(`${head}\n${root}`);
});

test('a change frequency set by hand goes after the comment annotating the line before it', async ({
  wb,
  page,
}) => {
  const file = path.resolve(import.meta.dirname, 'fixtures/keep/handformatted.xml');
  const original = readFileSync(file, 'utf8');
  await wb.openFile(file);
  await wb.expectUrlCount(3);
  await wb.clickCell(2, 'Change frequency');
  await page.keyboard.press('Enter');
  await page.keyboard.type('mon');
  await page.keyboard.press('Enter');
  await expect.poll(() => wb.cellText(2, 'Change frequency')).toBe('monthly');
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await expect(dlg.getByTestId('export-diff-summary')).toHaveText(/^1 entry changed: 1 line \(−0 \+1\)/);
  const preview = dlg.getByTestId('export-diff-preview');
  await expect(preview).toContainText('+\t<changefreq>monthly</changefreq>');
  await expect(preview).not.toContainText('-\t<lastmod>');
  const downloadPromise = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const out = new TextDecoder().decode(await downloadBytes(await downloadPromise));
  expect(out).toBe(
    original.replace(
      '<lastmod>2026-03-01</lastmod>   <!-- updated by Anna -->\n',
      '<lastmod>2026-03-01</lastmod>   <!-- updated by Anna -->\n\t<changefreq>monthly</changefreq>\n',
    ),
  );
});

test('at 1280×800 the export dialog keeps Download in view while its body scrolls', async ({ wb, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await wb.openFile(path.resolve(import.meta.dirname, 'fixtures/keep/handformatted.xml'));
  await wb.expectUrlCount(3);
  for (const row of [0, 1, 2]) {
    await wb.clickCell(row, 'Last modified');
    await page.keyboard.type(`2026-02-0${row + 1}T10:00:00Z`);
    await page.keyboard.press('Enter');
  }
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await expect(dlg.getByTestId('export-diff-summary')).toHaveText(/^3 entries changed/);
  const box = await dlg.boundingBox();
  const download = await dlg.getByRole('button', { name: 'Download' }).boundingBox();
  if (!box || !download) throw new Error('no layout');
  expect(download.y + download.height).toBeLessThanOrEqual(box.y + box.height);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  // The body scrolls instead: the diff at its end is reached there.
  const scrolls = await dlg
    .locator('.dlg-body')
    .evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto');
  expect(scrolls).toBe(true);
  await page.screenshot({ path: test.info().outputPath('export-dialog-1280.png') });
});
