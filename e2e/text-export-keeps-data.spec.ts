// A text sitemap holds URLs only: edits to other fields are not silently dropped on export.
import { writeFileSync } from 'node:fs';
import { downloadBytes, expect, test, type Workbench } from './pages/workbench.ts';

const TEXT = 'https://www.example.com/\nhttps://www.example.com/about\nhttps://www.example.com/contact\n';
const textFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(text),
});

async function setCell(wb: Workbench, row: number, column: 'Last modified' | 'Change frequency', v: string) {
  await wb.clickCell(row, column);
  await wb.page.keyboard.type(v);
  await wb.page.keyboard.press('Enter');
  await expect(await wb.cell(row, column)).toHaveText(v);
}

async function editedText(wb: Workbench) {
  await wb.openFile(textFile('urls.txt', TEXT));
  await wb.expectUrlCount(3);
  await setCell(wb, 0, 'Last modified', '2024-05-01');
  await setCell(wb, 1, 'Change frequency', 'weekly');
  await wb.button(/^Export/).click();
  return wb.dialog('Export sitemap');
}

test('edited text sitemap: Export defaults to XML, says why, and XML keeps the edits', async ({
  wb,
  page,
}) => {
  const dlg = await editedText(wb);
  await expect(dlg.getByRole('radio', { name: /^XML/ })).toBeChecked();
  await expect(dlg.getByTestId('export-text-reason')).toHaveText(
    'Text holds URLs only: 2 rows have Last modified / Change frequency values — exporting as XML keeps them.',
  );
  await expect(dlg.getByRole('table', { name: 'Files to download' })).toContainText('urls.xml');
  await page.screenshot({ path: test.info().outputPath('text-export-xml-default.png') });
  const downloadPromise = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('urls.xml');
  const xml = new TextDecoder().decode(await downloadBytes(download));
  expect(xml).toContain('<lastmod>2024-05-01</lastmod>');
  expect(xml).toContain('<changefreq>weekly</changefreq>');

  // Exported whole: opening the download asks nothing, and it holds the edits.
  const saved = test.info().outputPath('urls.xml');
  writeFileSync(saved, xml);
  await wb.openFile(saved);
  await wb.expectUrlCount(3);
  await expect(page.getByRole('dialog', { name: /^Open / })).toHaveCount(0);
  expect(await wb.cellText(0, 'Last modified')).toBe('2024-05-01');
  expect(await wb.cellText(1, 'Change frequency')).toBe('weekly');
});

test('choosing Text says what is left out, asks for an OK, and the edits stay unexported', async ({
  wb,
  page,
}) => {
  const dlg = await editedText(wb);
  await dlg.getByRole('radio', { name: /^Text/ }).check();
  await expect(dlg.getByTestId('export-text-reason')).toHaveCount(0);
  const note = dlg.getByTestId('export-text-drops');
  await expect(note).toContainText(
    'Text holds URLs only: this file leaves out the Last modified / Change frequency of 2 rows.',
  );
  const summary = dlg.getByTestId('export-diff-summary');
  await expect(summary).toHaveText(/^Left out: Last modified \/ Change frequency of 2 rows/);
  await expect(summary).not.toContainText('No changes');
  const downloadButton = dlg.getByRole('button', { name: 'Download' });
  await expect(downloadButton).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('text-export-text-chosen.png') });
  // Normalized too: the same note (said once), the same OK.
  await dlg.getByRole('radio', { name: 'Normalize' }).check();
  await expect(dlg.getByText(/Every line comes back as it was/)).toBeVisible();
  await expect(note).toBeVisible();
  await expect(dlg.getByText('TXT-006')).toHaveCount(0);
  await expect(downloadButton).toBeDisabled();
  await dlg.getByRole('table', { name: 'Files to download' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('text-export-normalize.png') });
  await dlg.getByRole('radio', { name: "Keep the file's formatting" }).check();

  await note.getByRole('checkbox', { name: 'Export as text anyway, without them' }).check();
  await expect(downloadButton).toBeEnabled();
  const downloadPromise = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('urls.txt');
  expect(new TextDecoder().decode(await downloadBytes(download))).toBe(TEXT);

  // The dates and frequencies were not exported: opening another file asks first.
  await wb.openFile(textFile('other.txt', 'https://www.example.com/x\n'));
  const ask = page.getByRole('dialog', { name: 'Open other.txt?' });
  await expect(ask).toContainText('urls.txt (2 edits)');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect(await wb.cellText(0, 'Last modified')).toBe('2024-05-01');
});
